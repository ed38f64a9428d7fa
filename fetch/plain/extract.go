package plain

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/webgraph/webgraph/fetch"
)

// MaxLinks caps the links read from one page.
const MaxLinks = 10000

// skipped elements never contribute visible text (a <title> outside the
// head, such as one in a shadow root, is not shown either).
var skipped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Template: true, atom.Noscript: true, atom.Title: true,
	atom.Head: true, atom.Svg: true, atom.Math: true, atom.Iframe: true, atom.Object: true,
	atom.Select: true, atom.Textarea: true, atom.Button: true, atom.Canvas: true,
}

// blockTags start and end a text block, as a browser would break lines. A
// table row is one block; its cells are separated by a space.
var blockTags = map[atom.Atom]bool{
	atom.Address: true, atom.Article: true, atom.Aside: true, atom.Blockquote: true,
	atom.Body: true, atom.Br: true, atom.Caption: true, atom.Dd: true, atom.Details: true,
	atom.Dialog: true, atom.Div: true, atom.Dl: true, atom.Dt: true, atom.Fieldset: true,
	atom.Figcaption: true, atom.Figure: true, atom.Footer: true, atom.Form: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true,
	atom.Header: true, atom.Hr: true, atom.Li: true, atom.Main: true, atom.Nav: true,
	atom.Ol: true, atom.P: true, atom.Pre: true, atom.Section: true, atom.Summary: true,
	atom.Table: true, atom.Tbody: true, atom.Tfoot: true,
	atom.Thead: true, atom.Tr: true, atom.Ul: true,
}

// page is what Extract reads from one HTML document.
type page struct {
	title        string
	blocks       []string
	links        []fetch.Link
	canonical    string
	scriptDriven bool
	anchors      []string
	linksCapped  int // links left unread past MaxLinks
}

// extract reads the title, links, canonical URL and script markers of an
// HTML document fetched from docURL from what collect (or scan) found in
// it, its visible text blocks given. <base href> is honoured for links and
// the canonical URL.
func extract(f *found, blocks []string, docURL *url.URL) page {
	var p page
	p.title = fetch.CollapseSpace(f.text(f.title))
	p.blocks = blocks

	base := docBase(f, docURL)

	for _, s := range f.scripts {
		t, _ := attr(s, "type")
		switch strings.ToLower(strings.TrimSpace(t)) {
		case "", "text/javascript", "application/javascript", "module":
			p.scriptDriven = true
		}
		if p.scriptDriven {
			break
		}
	}

	if f.canonical != nil {
		href, _ := attr(f.canonical, "href")
		if c, err := f.resolve(base, href); err == nil {
			p.canonical = c
		}
	}

	if len(f.links) > 0 {
		p.links = make([]fetch.Link, 0, min(len(f.links), MaxLinks))
	}
	for i, a := range f.links {
		href, _ := attr(a, "href")
		u, err := f.resolve(base, href)
		if err != nil {
			continue
		}
		rel, _ := attr(a, "rel")
		p.links = append(p.links, fetch.Link{
			URL:      u,
			Fragment: fetch.Fragment(href),
			Anchor:   f.anchorText(a),
			Rel:      rel,
			Nofollow: hasToken(rel, "nofollow"),
		})
		if len(p.links) >= MaxLinks {
			p.linksCapped = len(f.links) - i - 1 // left unread: said in the page's warnings
			break
		}
	}

	if len(p.links) == 0 {
		p.links = nil // none resolved: no links, as before any was read
	}

	for _, n := range f.anchors {
		if id, ok := attr(n, "id"); ok && id != "" {
			p.anchors = append(p.anchors, id)
		}
		if n.Data == "a" {
			if name, ok := attr(n, "name"); ok && name != "" {
				p.anchors = append(p.anchors, name)
			}
		}
		if len(p.anchors) >= fetch.MaxAnchors {
			break
		}
	}
	return p
}

// textBlocks reads the visible text blocks of the HTML document root, with
// what collect found in it, in the flat tree's order (see flat): a
// declarative shadow root's text counts, an inert template's does not.
func textBlocks(root *html.Node, f *found) []string {
	var blocks []string
	var cur strings.Builder
	flush := func() {
		if s := fetch.CollapseSpace(cur.String()); s != "" {
			blocks = append(blocks, s)
		}
		cur.Reset()
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			cur.WriteString(n.Data)
			return
		case html.ElementNode:
			if unseen(n) {
				return
			}
			if n.DataAtom == atom.Pre && n.Namespace == "" {
				// A code block is one block, its lines as shown.
				flush()
				if b := fetch.PreBlock(f.preText(n)); b != "" {
					blocks = append(blocks, b)
				}
				return
			}
			if blockTags[n.DataAtom] {
				flush()
				defer flush()
			}
			if n.DataAtom == atom.Td || n.DataAtom == atom.Th {
				// Cells of a row read as one line, as innerText gives them.
				defer cur.WriteByte(' ')
			}
		}
		f.flat.children(n, walk)
	}
	walk(root)
	flush()
	return blocks
}

// unseen reports whether element n and all under it are never shown to a
// reader: an element whose content is not text (skipped) or one marked
// hidden.
func unseen(n *html.Node) bool {
	if skipped[n.DataAtom] {
		return true
	}
	_, hidden := attr(n, "hidden")
	return hidden
}

// preText is the text of a <pre> as a browser shows it (its innerText): its
// text as written (the parser has dropped a newline just after the start
// tag), a line break for each <br>, and a block inside it on lines of its
// own; what a reader never sees is left out, as elsewhere.
func (f *found) preText(pre *html.Node) string {
	var b strings.Builder
	br := func() {
		if s := b.String(); s != "" && !strings.HasSuffix(s, "\n") {
			b.WriteByte('\n')
		}
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.TextNode:
			b.WriteString(n.Data)
			return
		case html.ElementNode:
			if unseen(n) {
				return
			}
			if n.DataAtom == atom.Br {
				b.WriteByte('\n')
				return
			}
			if blockTags[n.DataAtom] {
				br()
				defer br()
			}
		}
		f.flat.children(n, walk)
	}
	f.flat.children(pre, walk)
	return b.String()
}

// anchorText is what a reader would click: the visible text, else an image's
// alt text, else the title or aria-label attribute.
func (f *found) anchorText(a *html.Node) string {
	if a.Data == "area" {
		alt, _ := attr(a, "alt")
		return fetch.Anchor(alt)
	}
	if t := fetch.Anchor(f.text(a)); t != "" {
		return t
	}
	if alt, ok := f.firstImgAlt(a); ok && strings.TrimSpace(alt) != "" {
		return fetch.Anchor(alt)
	}
	for _, k := range []string{"title", "aria-label"} {
		if v, _ := attr(a, k); strings.TrimSpace(v) != "" {
			return fetch.Anchor(v)
		}
	}
	return ""
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func hasToken(list, tok string) bool {
	for _, f := range strings.Fields(list) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}

// docBase is the URL relative references resolve against: <base href> when
// given and valid (its query written as the document writes queries), else
// the document's own URL.
func docBase(f *found, docURL *url.URL) *url.URL {
	if f.base != nil {
		href, _ := attr(f.base, "href")
		if b, err := docURL.Parse(encodeQuery(strings.TrimSpace(href), f.query)); err == nil {
			return b
		}
	}
	return docURL
}
