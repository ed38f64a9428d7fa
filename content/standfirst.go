package content

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// standfirst returns a copy of the paragraph set under the page's title
// (a news dek, a magazine's sub-title), when the content lacks it: the
// title's heading is outside the element go-readability chose, and so is
// what the author wrote beneath it, before or after the byline. It is nil
// when what follows the title and its byline is not such a paragraph:
// links, a date, or too short to be a sentence.
func standfirst(root *html.Node, title string, content *html.Node) *html.Node {
	if title == "" || hasHeading(content, title) {
		return nil
	}
	var h *html.Node
	walk(root, func(n *html.Node) bool {
		if h != nil {
			return false
		}
		if n.Type == html.ElementNode && isHeading(n) && headingText(n) == title {
			h = n
			return false
		}
		return true
	})
	if h == nil {
		return nil
	}
	cur, skipped := h, 0
	for {
		next := nextElement(cur)
		if next == nil {
			// The title alone in its wrapper: what follows the wrapper.
			p := cur.Parent
			if p == nil || p.Type != html.ElementNode || p.DataAtom == atom.Body || textLetters(p) != textLetters(cur) {
				return nil
			}
			cur = p
			continue
		}
		if textLetters(next) > 1200 {
			return nil
		}
		t := collapse(nodeText(next))
		if l := letters(t); l > 0 && l <= 160 && skipped < 2 && (hasMetaWord(next) || findFirst(next, atom.Time) != nil ||
			looksDated(t) || 2*linkLetters(next) >= l) {
			cur, skipped = next, skipped+1 // the byline
			continue
		}
		switch next.DataAtom {
		case atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			if letters(t) == 0 {
				return nil
			}
		case atom.P, atom.Div:
			if weight(t) < 40 {
				return nil
			}
		default:
			return nil
		}
		if weight(t) > 1200 || hasBlockChild(next) || linkLetters(next) > 0 || findFirst(next, atom.Time) != nil ||
			looksDated(t) || hasMetaWord(next) {
			return nil
		}
		for _, b := range firstTextBlocks(content, 50) {
			if b == t {
				return nil
			}
		}
		p := &html.Node{Type: html.ElementNode, DataAtom: atom.P, Data: "p"}
		for c := next.FirstChild; c != nil; c = c.NextSibling {
			p.AppendChild(cloneTree(c))
		}
		return p
	}
}

// nextElement is the element after n, or nil when text or nothing is.
func nextElement(n *html.Node) *html.Node {
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.CommentNode, c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type == html.ElementNode && invisible(c):
		case c.Type == html.ElementNode:
			return c
		default:
			return nil
		}
	}
	return nil
}

// weight is the length of s in letters, a letter of a script written
// without spaces or in syllable blocks (Han, Kana, Hangul) counting two:
// about what a Latin word's letters say.
func weight(s string) int {
	w := 0
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
			w += 2
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w++
		}
	}
	return w
}
