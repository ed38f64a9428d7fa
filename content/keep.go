package content

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Rules that keep what go-readability drops for a reason that does not
// hold: a class that reads as furniture on a heading or a code block's
// wrapper, a quote's footer, the tab panels beside the chosen one.

// keepQuoteSources turns the footer of a quote (its source: "— a name,
// her title") into a paragraph: go-readability drops every footer with
// the page's.
func keepQuoteSources(n *html.Node) {
	walk(n, func(c *html.Node) bool {
		if c.Type == html.ElementNode && c.DataAtom == atom.Footer {
			for p := c.Parent; p != nil; p = p.Parent {
				if p.Type == html.ElementNode && (p.DataAtom == atom.Blockquote || p.DataAtom == atom.Figure) {
					c.DataAtom, c.Data = atom.P, "p"
					break
				}
			}
		}
		return true
	})
}

// hideCodeWrapperClasses takes the class and id off the elements that
// wrap a code block and hold nothing else: a highlighter's container
// ("codeBlockContent") would otherwise draw go-readability's choice to the
// code alone, away from the prose around it.
func hideCodeWrapperClasses(n *html.Node) {
	var pres []*html.Node
	walk(n, func(c *html.Node) bool {
		if c.Type == html.ElementNode && c.DataAtom == atom.Pre {
			pres = append(pres, c)
			return false
		}
		return true
	})
	for _, pre := range pres {
		l := proseLetters(pre) // a copy button's words are not the wrapper's
		for p := pre.Parent; p != nil && p.Type == html.ElementNode && p.DataAtom != atom.Body && proseLetters(p) == l; p = p.Parent {
			removeAttr(p, "class")
			removeAttr(p, "id")
		}
	}
}

// classHeadings makes a heading of each element whose class is a heading
// level ("h3", as CSS frameworks style a <div> as a heading) and that
// holds text and no block: a product page's "Description".
func classHeadings(n *html.Node) {
	levels := map[string]atom.Atom{"h1": atom.H1, "h2": atom.H2, "h3": atom.H3, "h4": atom.H4, "h5": atom.H5, "h6": atom.H6}
	walk(n, func(c *html.Node) bool {
		if c.Type != html.ElementNode {
			return c.Type == html.DocumentNode
		}
		if isHeading(c) {
			return false
		}
		switch c.DataAtom {
		case atom.Div, atom.P, atom.Span, atom.Strong, atom.B:
		default:
			return true
		}
		for _, cls := range strings.Fields(attr(c, "class")) {
			if a, ok := levels[cls]; ok && !hasBlockChild(c) && textLetters(c) > 0 {
				c.DataAtom, c.Data = a, a.String()
				return false
			}
		}
		return true
	})
}

// hideHeadingClasses takes the class and id off every heading under n:
// go-readability drops an element whose class reads as furniture
// ("header", "extra", "comment"), and a heading's class says how it looks,
// not whether its section is content.
func hideHeadingClasses(n *html.Node) {
	walk(n, func(c *html.Node) bool {
		if c.Type == html.ElementNode && isHeading(c) {
			removeAttr(c, "class")
			removeAttr(c, "id")
			return false
		}
		return true
	})
}

// tabPanels returns copies of the tab panels beside the one the content
// comes from, in page order, split into those before it and after it: a
// product's specifications beside its description, a guide's other
// platforms. A panel of posts (reviews, comments) and a panel of links
// are not the content's; such panels inside the content are taken out.
func tabPanels(root, content *html.Node) (before, after []*html.Node) {
	var inside []*html.Node
	walk(content, func(c *html.Node) bool {
		if c.Type == html.ElementNode && attr(c, "role") == "tabpanel" {
			inside = append(inside, c)
			return false
		}
		return true
	})
	for _, p := range inside {
		if l := textLetters(p); l > 0 && 5*postsLetters(p) >= 2*l {
			removeNode(p)
		}
	}
	var panels []*html.Node
	walk(root, func(c *html.Node) bool {
		if c.Type == html.ElementNode && attr(c, "role") == "tabpanel" {
			panels = append(panels, c)
			return false
		}
		return true
	})
	if len(panels) < 2 {
		return nil, nil
	}
	chosen := map[uint64]bool{}
	for _, t := range textBlocks(content) {
		chosen[blockHash(t)] = true
	}
	var from *html.Node
	for _, p := range panels {
		for _, t := range textBlocks(p) {
			if chosen[blockHash(t)] {
				from = p
				break
			}
		}
		if from != nil {
			break
		}
	}
	if from == nil || from.Parent == nil {
		return nil, nil
	}
	seen := false
	for c := from.Parent.FirstChild; c != nil; c = c.NextSibling {
		if c == from {
			seen = true
			continue
		}
		if c.Type != html.ElementNode || attr(c, "role") != "tabpanel" {
			continue
		}
		l := textLetters(c)
		if l == 0 || 2*linkLetters(c) >= l {
			continue
		}
		if 5*postsLetters(c) >= 2*l {
			continue
		}
		if seen {
			after = append(after, cloneTree(c))
		} else {
			before = append(before, cloneTree(c))
		}
	}
	return before, after
}

// postsLetters counts the letters under n in its largest group of posts:
// alike siblings, most of them dated (a review's, a comment's date).
func postsLetters(n *html.Node) int {
	best := 0
	walk(n, func(c *html.Node) bool {
		for _, g := range kindsOf(c) {
			if len(g) < 2 || g[0].DataAtom == atom.Tr {
				continue
			}
			l := 0
			for _, u := range g {
				l += textLetters(u)
			}
			if l > best && dated(g) {
				best = l
			}
		}
		return true
	})
	return best
}
