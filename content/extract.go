package content

import (
	"io"
	"log/slog"
	"net/url"
	"strings"

	readability "codeberg.org/readeck/go-readability/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxElements bounds the elements go-readability is given: its scoring
// walks the tree several times, and a document of more elements than any
// article has is read as its body instead.
const maxElements = 60_000

// mainContent returns the element holding root's main content (go-readability's
// choice), or nil when it found none.
func mainContent(root *html.Node, base *url.URL, title string) *html.Node {
	p := readability.NewParser()
	p.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	p.MaxElemsToParse = maxElements
	p.DisableJSONLD = true
	p.KeepClasses = true
	a, err := p.ParseAndMutate(root, base)
	if err != nil || a.Node == nil {
		if b := findFirst(root, atom.Body); b != nil && strings.TrimSpace(nodeText(b)) != "" {
			return b
		}
		return nil
	}
	return a.Node
}

// prepareLinks makes every link and image under n absolute against base,
// and takes away the targets a reader cannot follow (javascript:, data:,
// and any scheme but http, https and mailto): the text stays, as text.
func prepareLinks(n *html.Node, base *url.URL) {
	walk(n, func(c *html.Node) bool {
		if c.Type != html.ElementNode {
			return true
		}
		switch c.DataAtom {
		case atom.A:
			if u := resolve(base, attr(c, "href"), true); u != "" {
				setAttr(c, "href", u)
			} else {
				removeAttr(c, "href")
			}
		case atom.Img:
			src := attr(c, "src")
			if src == "" || strings.HasPrefix(strings.TrimSpace(src), "data:") {
				for _, k := range []string{"data-src", "data-original", "data-lazy-src"} {
					if v := attr(c, k); v != "" {
						src = v
						break
					}
				}
			}
			if u := resolve(base, src, false); u != "" {
				setAttr(c, "src", u)
			} else {
				// An image without a URL a reader can load is not
				// written; its alt text stays as text.
				c.Type = html.TextNode
				c.Data = attr(c, "alt")
				c.DataAtom = 0
				c.Attr = nil
			}
		}
		return true
	})
}

// resolve returns ref made absolute against base when it is an http(s) URL
// (or, for links, mailto:), else "".
func resolve(base *url.URL, ref string, link bool) string {
	ref = strings.TrimSpace(ref)
	if ref == "" || len(ref) > 4096 {
		return ""
	}
	u, err := base.Parse(ref)
	if err != nil {
		return ""
	}
	switch u.Scheme {
	case "http", "https":
		if u.Host == "" {
			return ""
		}
		return u.String()
	case "mailto":
		if link {
			return u.String()
		}
	}
	return ""
}
