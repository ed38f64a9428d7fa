package plain

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// flat is a document's tree as a browser lays it out, for a document that
// holds <template> elements (x/net/html parses a template's content as its
// children). A declarative shadow root (<template shadowrootmode="open"> or
// "closed" as the first such child of an element that may host one) stands
// in for its host's children; the host's light children appear only where a
// <slot> of that root takes them, once, and a slot that takes none shows its
// own children (fallback). Every other template is inert: nothing under it
// is read. A nil *flat is a document without templates: every node's
// children are its own.
type flat struct {
	roots   map[*html.Node]*html.Node   // host → its declarative shadow root (the template)
	isRoot  map[*html.Node]bool         // the templates that are shadow roots
	slotted map[*html.Node][]*html.Node // slot → the light nodes assigned to it
}

// flatten returns the flat view of the document under root, or nil when it
// holds no template.
func flatten(root *html.Node) *flat {
	var v *flat
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if isTemplate(c) {
				if v == nil {
					v = &flat{roots: map[*html.Node]*html.Node{}, isRoot: map[*html.Node]bool{}, slotted: map[*html.Node][]*html.Node{}}
				}
				if v.roots[n] == nil && declarative(c) && canHost(n) {
					v.roots[n], v.isRoot[c] = c, true
				}
			}
			walk(c)
		}
	}
	walk(root)
	if v != nil {
		for host, r := range v.roots {
			v.assign(host, r)
		}
	}
	return v
}

// assign gives each light child of host to the first slot of its shadow
// root r whose name matches its slot attribute (a text node's is "").
func (v *flat) assign(host, r *html.Node) {
	slots := map[string]*html.Node{}
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if isTemplate(c) {
				continue // another tree (a nested root) or inert
			}
			if c.DataAtom == atom.Slot && c.Namespace == "" {
				name, _ := attr(c, "name")
				if slots[name] == nil {
					slots[name] = c
				}
			}
			find(c)
		}
	}
	find(r)
	for c := host.FirstChild; c != nil; c = c.NextSibling {
		var name string
		switch {
		case c == r:
			continue
		case c.Type == html.TextNode:
		case c.Type == html.ElementNode:
			name, _ = attr(c, "slot")
		default:
			continue
		}
		if s := slots[name]; s != nil {
			v.slotted[s] = append(v.slotted[s], c)
		}
	}
}

// children calls fn for each child of n in the flat tree.
func (v *flat) children(n *html.Node, fn func(*html.Node)) {
	if v != nil {
		switch r := v.roots[n]; {
		case r != nil:
			n = r
		case isTemplate(n):
			return // inert
		default:
			if s := v.slotted[n]; len(s) > 0 {
				for _, c := range s {
					fn(c)
				}
				return
			}
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		fn(c)
	}
}

// inShadow reports whether n is inside a declarative shadow root: its ids
// are not targets of a #fragment, and a <title> or <base> there is not the
// document's.
func (v *flat) inShadow(n *html.Node) bool {
	if v == nil {
		return false
	}
	for p := n.Parent; p != nil; p = p.Parent {
		if v.isRoot[p] {
			return true
		}
	}
	return false
}

func isTemplate(n *html.Node) bool {
	return n.Type == html.ElementNode && n.DataAtom == atom.Template && n.Namespace == ""
}

// declarative reports whether template t asks to be a shadow root.
func declarative(t *html.Node) bool {
	mode, _ := attr(t, "shadowrootmode")
	return strings.EqualFold(mode, "open") || strings.EqualFold(mode, "closed")
}

// canHost reports whether the element n may have a shadow root: a custom
// element, or one of the HTML elements the DOM standard allows.
func canHost(n *html.Node) bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	switch n.Data {
	case "article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
		"header", "main", "nav", "p", "section", "span":
		return true
	case "annotation-xml", "color-profile", "font-face", "font-face-src", "font-face-uri", "font-face-format", "font-face-name", "missing-glyph":
		return false
	}
	return customName(n.Data)
}

// customName reports whether name is a valid custom element name: a lower
// case ASCII letter first, and a hyphen.
func customName(name string) bool {
	if name == "" || name[0] < 'a' || name[0] > 'z' || !strings.Contains(name, "-") {
		return false
	}
	for _, r := range name {
		if r >= 'A' && r <= 'Z' {
			return false
		}
	}
	return true
}
