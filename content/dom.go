package content

import (
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// attr returns n's attribute key (no namespace), or "".
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

func attrNS(n *html.Node, ns, key string) string {
	for _, a := range n.Attr {
		if (a.Namespace == ns && a.Key == key) || (a.Namespace == "" && a.Key == ns+":"+key) {
			return a.Val
		}
	}
	return ""
}

func setAttr(n *html.Node, key, val string) {
	for i := range n.Attr {
		if n.Attr[i].Namespace == "" && n.Attr[i].Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

func removeAttr(n *html.Node, key string) {
	out := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Namespace != "" || a.Key != key {
			out = append(out, a)
		}
	}
	n.Attr = out
}

// walk calls fn for n and its descendants in document order; it does not
// descend into a node for which fn returns false.
func walk(n *html.Node, fn func(*html.Node) bool) {
	if !fn(n) {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		walk(c, fn)
	}
}

// findFirst returns the first element of kind a at or under n, or nil.
func findFirst(n *html.Node, a atom.Atom) *html.Node {
	var found *html.Node
	walk(n, func(c *html.Node) bool {
		if found != nil {
			return false
		}
		if c.Type == html.ElementNode && c.DataAtom == a {
			found = c
			return false
		}
		return true
	})
	return found
}

// invisible elements hold no text a reader sees.
func invisible(n *html.Node) bool {
	if n.Type == html.CommentNode {
		return true
	}
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Head, atom.Title,
		atom.Iframe, atom.Object, atom.Embed, atom.Svg, atom.Math, atom.Canvas,
		atom.Select, atom.Option, atom.Textarea, atom.Input, atom.Button, atom.Datalist, atom.Dialog:
		return true
	}
	return n.Data == "svg" || n.Data == "math"
}

// nodeText is the text under n, scripts and styles left out.
func nodeText(n *html.Node) string {
	var b strings.Builder
	walk(n, func(c *html.Node) bool {
		if c != n && invisible(c) && c.DataAtom != atom.Button {
			return false
		}
		if c.Type == html.TextNode {
			b.WriteString(c.Data)
		}
		return true
	})
	return b.String()
}

// collapse trims s and folds its runs of white space into one space.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// isBlock reports whether n's element starts a new block of text.
func isBlock(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Body, atom.Caption, atom.Dd, atom.Details,
		atom.Div, atom.Dl, atom.Dt, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Header, atom.Hr, atom.Html, atom.Li, atom.Main,
		atom.Menu, atom.Nav, atom.Ol, atom.P, atom.Pre, atom.Section, atom.Summary, atom.Table, atom.Tbody,
		atom.Td, atom.Tfoot, atom.Th, atom.Thead, atom.Tr, atom.Ul, atom.Br, atom.Legend, atom.Center:
		return true
	}
	return false
}

// textBlocks is n's visible text cut at block boundaries, each block's
// spaces collapsed, empty blocks left out.
func textBlocks(n *html.Node) []string { return firstTextBlocks(n, -1) }

// firstTextBlocks is textBlocks(n) up to its first k blocks; k < 0 means
// all of them.
func firstTextBlocks(n *html.Node, k int) []string {
	var blocks []string
	var cur strings.Builder
	flush := func() {
		if s := collapse(cur.String()); s != "" {
			blocks = append(blocks, s)
		}
		cur.Reset()
	}
	full := func() bool { return k >= 0 && len(blocks) >= k }
	var rec func(*html.Node)
	rec = func(c *html.Node) {
		if full() || c != n && invisible(c) {
			return
		}
		if c.Type == html.TextNode {
			cur.WriteString(c.Data)
			return
		}
		block := isBlock(c)
		if block {
			flush()
		}
		for g := c.FirstChild; g != nil; g = g.NextSibling {
			rec(g)
		}
		if block {
			flush()
		}
	}
	rec(n)
	flush()
	if k >= 0 && len(blocks) > k {
		blocks = blocks[:k]
	}
	return blocks
}

// cloneTree returns a deep copy of n.
func cloneTree(n *html.Node) *html.Node {
	c := &html.Node{Type: n.Type, DataAtom: n.DataAtom, Data: n.Data, Namespace: n.Namespace}
	if len(n.Attr) > 0 {
		c.Attr = append([]html.Attribute(nil), n.Attr...)
	}
	for k := n.FirstChild; k != nil; k = k.NextSibling {
		c.AppendChild(cloneTree(k))
	}
	return c
}

// hasLetters reports whether s holds a letter or a digit.
func hasLetters(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// textLetters counts the letters and digits of n's text, as
// letters(nodeText(n)) does, without building the text.
func textLetters(n *html.Node) int {
	total := 0
	walk(n, func(c *html.Node) bool {
		if c != n && invisible(c) && c.DataAtom != atom.Button {
			return false
		}
		if c.Type == html.TextNode {
			total += letters(c.Data)
		}
		return true
	})
	return total
}

// hasText reports whether n's text (nodeText's) holds more than white
// space, without building it.
func hasText(n *html.Node) bool {
	found := false
	walk(n, func(c *html.Node) bool {
		if found || c != n && invisible(c) && c.DataAtom != atom.Button {
			return false
		}
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			found = true
		}
		return !found
	})
	return found
}
