package union

import (
	"index/suffixarray"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// Comparison sets a page's rendered text against its plain text, block by
// block, for people checking what JavaScript adds.
type Comparison struct {
	OnlyPlain    []string `json:"only_plain"`
	OnlyRendered []string `json:"only_rendered"`
	Both         []string `json:"both"`
	// RenderedLinks are the links only the rendered side found.
	RenderedLinks []Link `json:"-"`
}

// Compare sorts the blocks of p's two sides: a block is in both when the
// other side's text contains it (case-insensitively, whitespace folded).
// Sides that did not run or failed count as empty.
func Compare(p *Page) Comparison {
	var c Comparison
	pl, rd := p.Sides[fetch.Plain], p.Sides[fetch.Rendered]
	plainText, renderedText := lowerIndex(pl), lowerIndex(rd)
	if rd != nil {
		for _, b := range rd.Blocks {
			if contains(plainText, strings.ToLower(b)) {
				c.Both = append(c.Both, b)
			} else {
				c.OnlyRendered = append(c.OnlyRendered, b)
			}
		}
	}
	if pl != nil {
		for _, b := range pl.Blocks {
			if !contains(renderedText, strings.ToLower(b)) {
				c.OnlyPlain = append(c.OnlyPlain, b)
			}
		}
	}
	sides := []*fetch.Side{}
	for _, s := range []*fetch.Side{rd, pl} {
		if s != nil {
			sides = append(sides, s)
		}
	}
	links, _ := mergeLinks(sides, false)
	for _, l := range links {
		if l.Found == fetch.Rendered.Found() {
			c.RenderedLinks = append(c.RenderedLinks, l)
		}
	}
	return c
}

// lowerIndex indexes the lower-cased text of s for contains; nil for a
// side that did not run.
func lowerIndex(s *fetch.Side) *suffixarray.Index {
	if s == nil {
		return nil
	}
	return suffixarray.New([]byte(strings.ToLower(s.Text())))
}
