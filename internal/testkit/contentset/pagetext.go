package contentset

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// skipped elements hold no text a reader sees: scripts, styles, inert
// templates, fallbacks for browsers without scripts, pictures and frames.
var skipped = map[atom.Atom]bool{
	atom.Head: true, atom.Script: true, atom.Style: true, atom.Noscript: true,
	atom.Template: true, atom.Svg: true, atom.Math: true, atom.Iframe: true,
	atom.Object: true, atom.Select: true, atom.Textarea: true,
}

// inline elements run on within a line; every other element starts one.
var inline = map[atom.Atom]bool{
	atom.A: true, atom.Abbr: true, atom.B: true, atom.Bdi: true, atom.Bdo: true,
	atom.Cite: true, atom.Code: true, atom.Data: true, atom.Dfn: true, atom.Em: true,
	atom.I: true, atom.Kbd: true, atom.Label: true, atom.Mark: true, atom.Q: true,
	atom.Rp: true, atom.Rt: true, atom.Ruby: true, atom.S: true, atom.Samp: true,
	atom.Small: true, atom.Span: true, atom.Strong: true, atom.Sub: true, atom.Sup: true,
	atom.Time: true, atom.U: true, atom.Var: true, atom.Wbr: true, atom.Img: true,
	atom.Button: true, atom.Input: true, atom.Font: true, atom.Del: true, atom.Ins: true,
}

// PageText is the whole visible text of a served page, one block a line:
// every text node of the body outside scripts, styles, templates,
// <noscript> and elements marked hidden, as a page's whole text is taken
// when nothing is known of its layout. It is the baseline an extractor must
// beat: scored against the labels, it shows how much of a page is not its
// article.
func PageText(page []byte) string {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil { // html.Parse only fails when reading fails
		return ""
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			return
		case html.ElementNode:
			if skipped[n.DataAtom] || hasAttr(n, "hidden") {
				return
			}
			if n.DataAtom == atom.Br {
				b.WriteByte('\n')
				return
			}
		}
		block := n.Type == html.ElementNode && !inline[n.DataAtom]
		if block {
			b.WriteByte('\n')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if block {
			b.WriteByte('\n')
		}
	}
	walk(doc)
	return tidyLines(b.String())
}

// tidyLines folds runs of white space within each line to one space and
// drops empty lines.
func tidyLines(s string) string {
	var out []string
	for line := range strings.SplitSeq(s, "\n") {
		if line = strings.Join(strings.Fields(line), " "); line != "" {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}
