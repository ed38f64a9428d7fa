package plain

import (
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"

	"github.com/webgraph/webgraph/fetch"
)

// found is what extraction reads from a document's elements, gathered in
// one walk in the flat tree's order (see flat: declarative shadow roots in
// place, inert templates left out). Each field holds what the CSS selector
// beside it finds (element names as parsed, attribute values compared as CSS
// compares them); the walk replaces a dozen selector searches of the whole
// tree per page. The title, the base and the fragment targets are the
// document's own: none inside a shadow root counts.
type found struct {
	flat      *flat        // the document's templates; nil: it has none
	title     *html.Node   // title, the first
	base      *html.Node   // base[href], the first
	h1        *html.Node   // h1, the first
	canonical *html.Node   // link[rel~="canonical" i][href], the first
	scripts   []*html.Node // script
	links     []*html.Node // a[href], area[href]
	anchors   []*html.Node // [id], a[name]
	metas     []*html.Node // meta[name][content]
	hreflangs []*html.Node // link[rel~="alternate" i][hreflang][href]

	// refresh is the content of the document's first meta refresh
	// (see firstRefresh), when refreshed.
	refresh   string
	refreshed bool

	// query is the encoding the document's URLs write their queries in
	// (see queryEncoding), set by whoever decoded it; nil is UTF-8.
	query encoding.Encoding

	// resolver resolves the document's references against resolverBase
	// (see resolve).
	resolver     *fetch.Resolver
	resolverBase *url.URL

	// slab is the first slab the scan took its elements from, given back
	// by release.
	slab *[]scanNode
}

// collect walks the tree under root once.
func collect(root *html.Node) *found {
	f := &found{flat: flatten(root)}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			f.see(n)
		}
		f.flat.children(n, walk)
	}
	walk(root)
	f.refresh, f.refreshed = firstRefresh(root)
	return f
}

func (f *found) see(n *html.Node) {
	switch n.Data {
	case "title":
		if f.title == nil && !f.flat.inShadow(n) {
			f.title = n
		}
	case "base":
		if f.base == nil && hasAttr(n, "href") && !f.flat.inShadow(n) {
			f.base = n
		}
	case "h1":
		if f.h1 == nil {
			f.h1 = n
		}
	case "script":
		f.scripts = append(f.scripts, n)
	case "a", "area":
		if hasAttr(n, "href") {
			f.links = append(f.links, n)
		}
	case "meta":
		if hasAttr(n, "name") && hasAttr(n, "content") {
			f.metas = append(f.metas, n)
		}
	case "link":
		if !hasAttr(n, "href") {
			break
		}
		rel, _ := attr(n, "rel")
		if f.canonical == nil && includesFold(rel, "canonical") {
			f.canonical = n
		}
		if hasAttr(n, "hreflang") && includesFold(rel, "alternate") {
			f.hreflangs = append(f.hreflangs, n)
		}
	}
	if (hasAttr(n, "id") || (n.Data == "a" && hasAttr(n, "name"))) && !f.flat.inShadow(n) {
		f.anchors = append(f.anchors, n)
	}
}

func hasAttr(n *html.Node, key string) bool {
	_, ok := attr(n, key)
	return ok
}

// includesFold reports whether the whitespace-separated list holds word,
// case aside: CSS's [attr~="word" i].
func includesFold(list, word string) bool {
	for list != "" {
		i := strings.IndexAny(list, " \t\r\n\f")
		if i < 0 {
			return strings.EqualFold(list, word)
		}
		if strings.EqualFold(list[:i], word) {
			return true
		}
		list = list[i+1:]
	}
	return false
}

// text is the text of the nodes under n in the flat tree, as goquery's Text
// gives it for a document without templates.
func (f *found) text(n *html.Node) string {
	if n == nil {
		return ""
	}
	if c := n.FirstChild; f.flat == nil && c != nil && c.NextSibling == nil && c.Type == html.TextNode {
		return c.Data // one text child, as most links' and titles' are: its text, no copy
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		f.flat.children(n, walk)
	}
	walk(n)
	return b.String()
}

// firstImgAlt returns the alt attribute of the first img[alt] under n in
// the flat tree.
func (f *found) firstImgAlt(n *html.Node) (alt string, ok bool) {
	var walk func(c *html.Node)
	walk = func(c *html.Node) {
		if ok {
			return
		}
		if c.Type == html.ElementNode && c.Data == "img" {
			if alt, ok = attr(c, "alt"); ok {
				return
			}
		}
		f.flat.children(c, walk)
	}
	f.flat.children(n, walk)
	return alt, ok
}
