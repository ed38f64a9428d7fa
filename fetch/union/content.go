package union

import (
	"index/suffixarray"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// AddedWords is how many words of text the rendered side must hold that
// the HTML as served lacks for a page's main content to be taken from the
// rendered DOM: as many as a page needs to count as readable text.
const AddedWords = fetch.MinWords

// ContentSideOf returns the side whose document holds the main content of
// a page kept from sides (docs/design.md, "The union"): the one side when
// only one stands (a side dropped, a mode of one side, a hash route);
// otherwise the rendered side when scripts added or changed the text — its
// blocks the served text lacks (case and spacing aside) hold AddedWords
// words or more, or the served page is a shell of fewer than fetch.MinWords
// words that the render added to — and the plain side, the HTML as served,
// when they did not. A render that only took text away (a banner closed, a
// fallback replaced by nothing) leaves the served HTML the fuller document.
func ContentSideOf(sides []*fetch.Side) fetch.Name {
	var plain, ren *fetch.Side
	for _, s := range sides {
		switch s.Name {
		case fetch.Plain:
			plain = s
		case fetch.Rendered:
			ren = s
		}
	}
	switch {
	case ren == nil && plain == nil:
		return ""
	case ren == nil:
		return fetch.Plain
	case plain == nil:
		return fetch.Rendered
	}
	added := notServed(plain, ren.Blocks, AddedWords)
	if added >= AddedWords || plain.Words < fetch.MinWords && added > 0 {
		return fetch.Rendered
	}
	return fetch.Plain
}

// WordsNotServed counts the words of blocks (text from the rendered side:
// its blocks, or the text of a main content read from its DOM) that the
// plain side's text does not contain, compared as ContentSideOf compares
// them. A nil plain side served nothing.
func WordsNotServed(plain *fetch.Side, blocks []string) int {
	if plain == nil {
		plain = &fetch.Side{}
	}
	return notServed(plain, blocks, int(^uint(0)>>1))
}

// notServed counts the words of blocks that the served text does not
// contain (compared lower-cased, spaces collapsed, the served blocks joined
// by a space: a render that joins two served blocks in one line adds
// nothing), stopping once enough are counted.
func notServed(plain *fetch.Side, blocks []string, enough int) int {
	norm := func(s string) string { return strings.ToLower(fetch.CollapseSpace(s)) }
	served := make(map[string]bool, len(plain.Blocks))
	for _, b := range plain.Blocks {
		served[norm(b)] = true
	}
	var index *suffixarray.Index // made when a block is not a served block
	added := 0
	for _, b := range blocks {
		n := norm(b)
		if served[n] {
			continue
		}
		if index == nil {
			var text strings.Builder
			for i, pb := range plain.Blocks {
				if i > 0 {
					text.WriteByte(' ')
				}
				text.WriteString(norm(pb))
			}
			index = suffixarray.New([]byte(text.String()))
		}
		if contains(index, n) {
			continue
		}
		if added += fetch.CountWords([]string{b}); added >= enough {
			break
		}
	}
	return added
}

// handOver gives a kept page the document of its content side (see
// Page.ContentHTML) and clears the plain side's copy, kept or refused.
func handOver(p *Page) {
	if p.Refusal == nil && p.ContentSide != "" {
		if s := p.Sides[p.ContentSide]; s != nil {
			p.ContentURL = s.FinalURL
			if s.Name == fetch.Plain {
				p.ContentHTML = s.HTML
			} else {
				p.ContentHTML = s.DOM
			}
		}
	}
	if s := p.Sides[fetch.Plain]; s != nil {
		s.HTML = ""
	}
}
