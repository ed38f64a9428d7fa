package content

import (
	"errors"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// maxDepth is the deepest element nesting kept: an element opened deeper
// than this loses its tags (its text stays, in its parent). The HTML parser
// refuses documents nested deeper than 512; no page's content needs more.
const maxDepth = 256

// A Document is one parsed page, bounded and with its shadow roots
// flattened. It is not changed by Extract or Template.Add, and is safe for
// concurrent use by them.
type Document struct {
	root      *html.Node
	base      *url.URL // the URL relative links resolve against (<base href> applied)
	lang      string   // declared
	truncated bool
}

// ParseError reports a document that could not be parsed.
type ParseError struct {
	URL string
	Err error
}

func (e *ParseError) Error() string { return "content: parse " + e.URL + ": " + e.Err.Error() }
func (e *ParseError) Unwrap() error { return e.Err }

// Parse parses src, a document served or rendered at pageURL, read to at
// most opts.MaxBytes bytes. Elements nested deeper than a bound lose their
// tags but keep their text; declarative shadow roots (<template
// shadowrootmode>) are put in place of their hosts' children, with the light
// children in their slots, as a browser shows them; other templates are
// inert and dropped. A parse failure is a *ParseError.
func Parse(src string, pageURL *url.URL, opts Options) (*Document, error) {
	if pageURL == nil {
		return nil, &ParseError{Err: errors.New("no page URL")}
	}
	d := &Document{base: pageURL}
	if max := opts.maxBytes(); len(src) > max {
		src, d.truncated = cutUTF8(src, max), true
	}
	root, err := html.Parse(strings.NewReader(src))
	if err != nil {
		// The parser refuses deep nesting: parse again with the
		// deepest tags dropped.
		root, err = html.Parse(strings.NewReader(shallow(src, maxDepth)))
		if err != nil {
			return nil, &ParseError{URL: pageURL.String(), Err: err}
		}
	}
	if opts.on(ruleShadow) {
		flattenShadows(root)
	}
	if opts.on(ruleKeep) {
		classHeadings(root)
	}
	d.root = root
	d.lang = declaredLang(root)
	if b := findFirst(root, atom.Base); b != nil {
		if u, err := pageURL.Parse(strings.TrimSpace(attr(b, "href"))); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
			d.base = u
		}
	}
	return d, nil
}

// cutUTF8 returns s's first n bytes, less a rune cut in two.
func cutUTF8(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// shallow rewrites src without the tags of elements opened deeper than max,
// following the nesting as the tokens give it (an end tag closes up to the
// innermost open element of its name; one that matches none is dropped).
// The parser may nest less than this count (implied end tags), never more
// by much: formatting elements it reopens are opened here too.
func shallow(src string, max int) string {
	z := html.NewTokenizer(strings.NewReader(src))
	var b strings.Builder
	b.Grow(len(src))
	var open []string
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return b.String()
		case html.StartTagToken:
			name, _ := z.TagName()
			if isVoid(string(name)) {
				b.Write(z.Raw())
				continue
			}
			open = append(open, string(name))
			if len(open) <= max {
				b.Write(z.Raw())
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			i := len(open) - 1
			for i >= 0 && open[i] != string(name) {
				i--
			}
			if i < 0 {
				continue
			}
			if i < max {
				b.Write(z.Raw())
			}
			open = open[:i]
		default:
			b.Write(z.Raw())
		}
	}
}

func isVoid(name string) bool {
	switch name {
	case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
		return true
	}
	return false
}

// flattenShadows puts each declarative shadow root in place of its host's
// children, the host's light children in the root's slots (by name; the
// rest in the unnamed slot; a slot nothing is assigned to shows its own
// children), innermost hosts first. Other templates are dropped.
func flattenShadows(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && c.DataAtom == atom.Template && !isShadowRoot(c) {
			n.RemoveChild(c)
		} else {
			flattenShadows(c)
		}
		c = next
	}
	if n.Type != html.ElementNode {
		return
	}
	var root *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if isShadowRoot(c) {
			root = c
			break
		}
	}
	if root == nil {
		return
	}
	n.RemoveChild(root)
	assigned := map[string][]*html.Node{}
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		n.RemoveChild(c)
		name := ""
		if c.Type == html.ElementNode {
			name = attr(c, "slot")
		}
		assigned[name] = append(assigned[name], c)
		c = next
	}
	fillSlots(root, assigned)
	for c := root.FirstChild; c != nil; {
		next := c.NextSibling
		root.RemoveChild(c)
		n.AppendChild(c)
		c = next
	}
}

func isShadowRoot(n *html.Node) bool {
	if n.Type != html.ElementNode || n.DataAtom != atom.Template {
		return false
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && (a.Key == "shadowrootmode" || a.Key == "shadowroot") {
			return true
		}
	}
	return false
}

// fillSlots replaces each <slot> under n (not under a nested host, which
// flattenShadows already filled) with the nodes assigned to its name, or
// with its own children when none are.
func fillSlots(n *html.Node, assigned map[string][]*html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && c.DataAtom == atom.Slot {
			name := attr(c, "name")
			nodes, ok := assigned[name]
			if ok {
				delete(assigned, name) // a name fills its first slot only
				for _, a := range nodes {
					n.InsertBefore(a, c)
				}
				n.RemoveChild(c)
			} else {
				fillSlots(c, assigned)
				for g := c.FirstChild; g != nil; {
					gn := g.NextSibling
					c.RemoveChild(g)
					n.InsertBefore(g, c)
					g = gn
				}
				n.RemoveChild(c)
			}
		} else {
			fillSlots(c, assigned)
		}
		c = next
	}
}

// declaredLang is the language the document declares: <html lang>, else a
// Content-Language meta element's first tag.
func declaredLang(root *html.Node) string {
	if h := findFirst(root, atom.Html); h != nil {
		if l := cleanLang(attr(h, "lang")); l != "" {
			return l
		}
		if l := cleanLang(attrNS(h, "xml", "lang")); l != "" {
			return l
		}
	}
	var found string
	walk(root, func(n *html.Node) bool {
		if found != "" {
			return false
		}
		if n.DataAtom == atom.Meta && strings.EqualFold(attr(n, "http-equiv"), "content-language") {
			first, _, _ := strings.Cut(attr(n, "content"), ",")
			found = cleanLang(first)
		}
		return n.DataAtom != atom.Body
	})
	return found
}

// cleanLang returns tag when it has the shape of a BCP 47 tag (letters,
// digits and hyphens, a 2–8 letter first subtag), else "".
func cleanLang(tag string) string {
	tag = strings.ReplaceAll(strings.TrimSpace(tag), "_", "-")
	if tag == "" || len(tag) > 35 {
		return ""
	}
	for i, part := range strings.Split(tag, "-") {
		if part == "" || len(part) > 8 || (i == 0 && len(part) < 2) {
			return ""
		}
		for _, r := range part {
			isLetter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
			if !isLetter && (i == 0 || r < '0' || r > '9') {
				return ""
			}
		}
	}
	return tag
}

// title is the document's title: the heading that is the <title> or the
// part of it before or after a separator ("Article – Site", "Site |
// Article"), else <title> less a site name set off by a separator, else
// the first <h1>.
func (d *Document) title(rules bool) string {
	t := ""
	if n := findFirst(d.root, atom.Title); n != nil {
		t = collapse(nodeText(n))
	}
	if !rules {
		return d.plainTitle(t)
	}
	var heads []string
	walk(d.root, func(n *html.Node) bool {
		if len(heads) >= 30 {
			return false
		}
		if n.Type == html.ElementNode && (n.DataAtom == atom.H1 || n.DataAtom == atom.H2 || n.DataAtom == atom.H3) {
			if h := headingText(n); h != "" {
				heads = append(heads, h)
			}
			return false
		}
		return true
	})
	h1 := ""
	if n := findFirst(d.root, atom.H1); n != nil {
		h1 = headingText(n)
	}
	if t == "" {
		return clip(h1, 300)
	}
	parts := titleParts(t)
	best := ""
	for _, h := range heads {
		if len(h) > len(best) && (parts[h] || beginsPart(parts, h)) {
			best = h
		}
	}
	if best != "" {
		return clip(best, 300)
	}
	return clip(lessSiteName(t), 300)
}

// beginsPart reports whether h is the start of a part of the title, a
// few words short of it ("Kettle, 1.7 l" of "Kettle, 1.7 l online
// kaufen"): at least three fifths of it, ended at a space.
func beginsPart(parts map[string]bool, h string) bool {
	for p := range parts {
		if len(p) > len(h) && strings.HasPrefix(p, h) && p[len(h)] == ' ' &&
			5*utf8.RuneCountInString(h) >= 3*utf8.RuneCountInString(p) {
			return true
		}
	}
	return false
}

// plainTitle is the title without our rule: the first <h1> when the
// <title> holds it, else the <title> less a site name.
func (d *Document) plainTitle(t string) string {
	h1 := ""
	if n := findFirst(d.root, atom.H1); n != nil {
		h1 = collapse(nodeText(n))
	}
	if t == "" {
		return clip(h1, 300)
	}
	if h1 != "" && strings.Contains(t, h1) {
		return clip(h1, 300)
	}
	return clip(lessSiteName(t), 300)
}

// lessSiteName is "Article – Site" less its site name: at the title's
// first separator (in titleSeps' order) found, the part before the last
// such separator when it is the longer.
func lessSiteName(t string) string {
	for _, sep := range titleSeps {
		if i := strings.LastIndex(t, sep); i > 0 {
			head, tail := strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+len(sep):])
			if utf8.RuneCountInString(head) > utf8.RuneCountInString(tail) {
				return head
			}
			return t
		}
	}
	return t
}

var titleSeps = []string{" | ", " – ", " — ", " - ", " :: ", " · ", " » ", " / "}

// titleParts is the set of t and of its parts before and after each
// separator in it.
func titleParts(t string) map[string]bool {
	parts := map[string]bool{t: true}
	for _, sep := range titleSeps {
		for i := 0; ; {
			j := strings.Index(t[i:], sep)
			if j < 0 {
				break
			}
			j += i
			parts[strings.TrimSpace(t[:j])] = true
			parts[strings.TrimSpace(t[j+len(sep):])] = true
			i = j + len(sep)
		}
	}
	return parts
}

// clip cuts s to at most n runes.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n])
}
