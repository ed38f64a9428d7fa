package content

import (
	"net/url"
	"strings"
	"unicode"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Rules of our own that tidy the element go-readability chose (or the
// thread's posts): what it leaves in that a reader would not copy. Each
// rule reads structure (where a block stands, what it holds, how much of
// it is links) and the words of the web's markup vocabulary ("byline",
// "share"), never a site's own names. docs/performance.md, "Content
// extraction", measures them.

// removeNode takes n out of its parent, if it has one.
func removeNode(n *html.Node) {
	if n != nil && n.Parent != nil {
		n.Parent.RemoveChild(n)
	}
}

// linkLetters counts the letters and digits of the text inside links
// under n.
func linkLetters(n *html.Node) int {
	total := 0
	var rec func(c *html.Node, in bool)
	rec = func(c *html.Node, in bool) {
		if invisible(c) {
			return
		}
		if c.Type == html.TextNode {
			if in {
				total += letters(c.Data)
			}
			return
		}
		if c.Type == html.ElementNode && c.DataAtom == atom.A {
			in = true
		}
		for k := c.FirstChild; k != nil; k = k.NextSibling {
			rec(k, in)
		}
	}
	rec(n, false)
	return total
}

// headingText is a heading's text without its anchor links (¶, #, §, an
// empty link) and its edit link, spaces collapsed.
func headingText(h *html.Node) string {
	var b strings.Builder
	var rec func(n *html.Node)
	rec = func(n *html.Node) {
		if invisible(n) && n.DataAtom != atom.Button {
			return
		}
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
			return
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.A && (isAnchorLink(n) || isEditLink(n)) {
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(h)
	return strings.TrimRight(strings.TrimSpace(collapse(b.String())), " []|")
}

// isAnchorLink reports whether a is a link to a place on the page whose
// text is no word: a heading's permalink.
func isAnchorLink(a *html.Node) bool {
	href := strings.TrimSpace(attr(a, "href"))
	return (href == "" || strings.HasPrefix(href, "#")) && textLetters(a) == 0
}

// isEditLink reports whether a links to the page's editor (a wiki's
// "[edit]" beside a section's heading).
func isEditLink(a *html.Node) bool {
	u, err := url.Parse(strings.TrimSpace(attr(a, "href")))
	if err != nil {
		return false
	}
	q := u.Query()
	if q.Get("action") == "edit" || q.Get("do") == "edit" || q.Has("veaction") {
		return true
	}
	return strings.HasSuffix(strings.TrimSuffix(u.Path, "/"), "/edit") && textLetters(a) < 12
}

// cleanHeadings takes out of every heading under n its anchor and edit
// links, and the brackets left around an edit link.
func cleanHeadings(n *html.Node) {
	var heads []*html.Node
	walk(n, func(c *html.Node) bool {
		if c.Type == html.ElementNode && isHeading(c) {
			heads = append(heads, c)
			return false
		}
		return true
	})
	for _, h := range heads {
		var drop []*html.Node
		edited := false
		walk(h, func(c *html.Node) bool {
			if c.Type == html.ElementNode && c.DataAtom == atom.A {
				if isEditLink(c) {
					edited = true
					drop = append(drop, c)
				} else if isAnchorLink(c) {
					drop = append(drop, c)
				}
				return false
			}
			return true
		})
		for _, d := range drop {
			removeNode(d)
		}
		if edited {
			var brackets []*html.Node
			walk(h, func(c *html.Node) bool {
				if c.Type == html.TextNode && strings.Trim(c.Data, " \t\n[]|") == "" {
					brackets = append(brackets, c)
				}
				return true
			})
			for _, b := range brackets {
				removeNode(b)
			}
		}
	}
}

// dropReferenceMarks takes out the reference and footnote marks under n
// ("[1]", "1", "a" in a superscript linking to a note on the page): the
// notes they point to are not kept either.
func dropReferenceMarks(n *html.Node) {
	var drop []*html.Node
	walk(n, func(c *html.Node) bool {
		if c.Type != html.ElementNode {
			return true
		}
		if c.DataAtom == atom.Sup || c.DataAtom == atom.A {
			if isNoteMark(c) {
				drop = append(drop, c)
				return false
			}
		}
		return true
	})
	for _, d := range drop {
		removeNode(d)
	}
}

// isNoteMark reports whether n (a sup or a link) is a note's mark: a short
// text, a link to a place on the page, and for a link, a superscript.
func isNoteMark(n *html.Node) bool {
	if textLetters(n) > 12 {
		return false
	}
	t := strings.TrimSpace(nodeText(n))
	if t == "" || len([]rune(t)) > 12 {
		return false
	}
	var link *html.Node
	if n.DataAtom == atom.A {
		link = n
		if findFirst(n, atom.Sup) == nil {
			return false
		}
	} else {
		links := 0
		walk(n, func(c *html.Node) bool {
			if c.Type == html.ElementNode && c.DataAtom == atom.A {
				links++
				link = c
			}
			return true
		})
		if links != 1 || strings.TrimSpace(nodeText(link)) != t {
			return false
		}
	}
	return strings.HasPrefix(strings.TrimSpace(attr(link, "href")), "#")
}

// dropSignupBoxes takes out each box under n built around a form (a
// newsletter's sign-up, a comment form, a search box): the form, and the
// small element around it that holds its heading and pitch.
func dropSignupBoxes(n *html.Node) {
	var forms []*html.Node
	walk(n, func(c *html.Node) bool {
		if c.Type == html.ElementNode && c.DataAtom == atom.Form {
			forms = append(forms, c)
			return false
		}
		return true
	})
	for _, f := range forms {
		if f.Parent == nil {
			continue // already gone with another box
		}
		box := f
		// Up through the wrappers that hold nothing else.
		for p := box.Parent; p != nil && p != n && textLetters(p) == textLetters(box); p = p.Parent {
			box = p
		}
		if p := box.Parent; p != nil && p != n && textLetters(p) <= 300 && blockChildren(p) <= 5 {
			box = p
		}
		removeNode(box)
	}
}

// blockChildren counts n's child elements that are blocks.
func blockChildren(n *html.Node) int {
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (isBlock(c) || c.DataAtom == atom.Form) {
			k++
		}
	}
	return k
}

// isProse reports whether a block reads as prose: enough words, few of
// them links.
func isProse(n *html.Node) bool {
	l := textLetters(n)
	return l >= 80 && 2*linkLetters(n) < l
}

// metaWords are the words the web's markup names its furniture with:
// the parts of a class or id that mark a byline, a date, tags, a share bar.
var metaWords = map[string]bool{
	"byline": true, "author": true, "authors": true, "dateline": true, "date": true, "time": true,
	"timestamp": true, "published": true, "updated": true, "posted": true, "meta": true, "metadata": true,
	"tags": true, "tag": true, "categories": true, "category": true, "share": true, "sharing": true,
	"social": true, "print": true, "breadcrumb": true, "breadcrumbs": true, "reading": true,
}

// hasMetaWord reports whether n's class or id holds one of metaWords as a
// word of its own (split at -, _ and case changes).
func hasMetaWord(n *html.Node) bool {
	for _, v := range []string{attr(n, "class"), attr(n, "id"), attr(n, "itemprop"), attr(n, "rel")} {
		for _, w := range strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
			if metaWords[strings.ToLower(w)] {
				return true
			}
		}
	}
	return false
}

// looksDated reports whether s holds a year (1900–2099) or a clock time.
func looksDated(s string) bool {
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		if !unicode.IsDigit(rs[i]) {
			continue
		}
		j := i
		for j < len(rs) && unicode.IsDigit(rs[j]) {
			j++
		}
		digits := string(rs[i:j])
		if len(digits) == 4 && (strings.HasPrefix(digits, "19") || strings.HasPrefix(digits, "20")) {
			return true
		}
		if len(digits) <= 2 && j+2 < len(rs) && rs[j] == ':' && unicode.IsDigit(rs[j+1]) && unicode.IsDigit(rs[j+2]) {
			return true
		}
		i = j
	}
	return false
}

// leafBlocks returns the block elements under n that hold no other block,
// and the elements of n's content that are not blocks (figures, tables,
// code and lists count as one block each), in page order.
func leafBlocks(n *html.Node) []*html.Node {
	var out []*html.Node
	var rec func(c *html.Node)
	rec = func(c *html.Node) {
		for k := c.FirstChild; k != nil; k = k.NextSibling {
			if k.Type != html.ElementNode || invisible(k) {
				continue
			}
			switch k.DataAtom {
			case atom.Figure, atom.Table, atom.Pre, atom.Img, atom.Picture:
				out = append(out, k)
				continue
			case atom.Ul, atom.Ol, atom.Dl:
				out = append(out, k)
				continue
			}
			if isBlock(k) && hasBlockChild(k) {
				rec(k)
				continue
			}
			if isBlock(k) || hasText(k) {
				out = append(out, k)
			}
		}
	}
	rec(n)
	return out
}

// isFurniture reports whether a block at the content's edge is the page's
// furniture rather than its text: short, and dated, a byline, tags, a
// share bar or links.
func isFurniture(b, root *html.Node) bool {
	if isHeading(b) {
		return false
	}
	switch b.DataAtom {
	case atom.Figure, atom.Table, atom.Pre, atom.Img, atom.Picture:
		return false
	}
	l := textLetters(b)
	if l == 0 || l > 160 {
		return false // text without letters is text: escaped, not dropped
	}
	t := collapse(nodeText(b))
	if findFirst(b, atom.Time) != nil {
		return true
	}
	// A paragraph, a quote or a list is the author's unless its markup
	// says otherwise (a list of links is tags); a div or a span of links
	// or with a date is the page's.
	switch b.DataAtom {
	case atom.P, atom.Blockquote:
	case atom.Ul, atom.Ol, atom.Dl:
		if 2*linkLetters(b) >= l {
			return true // tags, a share bar
		}
	default:
		if 2*linkLetters(b) >= l || looksDated(t) {
			return true
		}
	}
	for p := b; p != nil && p != root; p = p.Parent {
		// An article's <header> holds its title, byline and date.
		if hasMetaWord(p) || p.DataAtom == atom.Header {
			return true
		}
	}
	return false
}

// trimEdges takes out of n the furniture before its first block of prose
// and after its last: bylines, dates, reading times, tags and share bars
// that go-readability keeps at the top and bottom of an article. Between
// a first paragraph (a standfirst) and the second, furniture marked as
// such (a time, a byline's or date's class) goes too.
func trimEdges(n *html.Node) {
	blocks := leafBlocks(n)
	var prose []int
	for i, b := range blocks {
		if b.DataAtom == atom.P && textLetters(b) >= 30 && 2*linkLetters(b) < textLetters(b) || isProse(b) {
			prose = append(prose, i)
		}
	}
	if len(prose) == 0 {
		return
	}
	first, last := prose[0], prose[len(prose)-1]
	second := first
	if len(prose) > 1 {
		second = prose[1]
	}
	for i, b := range blocks {
		switch {
		case i < first:
			if isFurniture(b, n) {
				removeNode(b)
			}
		case i > last:
			if isFurniture(b, n) || isFact(b) {
				removeNode(b)
			}
		case i > first && i < second:
			if isMarkedFurniture(b, n) {
				removeNode(b)
			}
		}
	}
	pruneEmpty(n)
}

// isMarkedFurniture reports whether a short block says by its markup that
// it is furniture: it holds a time, or it or an element around it inside
// root has a class or id of metaWords.
func isMarkedFurniture(b, root *html.Node) bool {
	if isHeading(b) || textLetters(b) > 160 {
		return false
	}
	if findFirst(b, atom.Time) != nil {
		return true
	}
	for p := b; p != nil && p != root; p = p.Parent {
		if hasMetaWord(p) {
			return true
		}
	}
	return false
}

// isFact reports whether a block is short "name: value" facts, each with
// a number (a recipe's "Energy: 180 kcal Protein: 24 g", a product's
// "Weight: 2 kg"): data the page's template lays out, not its prose.
func isFact(b *html.Node) bool {
	if textLetters(b) > 400 {
		return false
	}
	t := collapse(nodeText(b))
	colons := strings.Count(t, ":") + strings.Count(t, "：")
	if colons == 0 || letters(t) > 30*colons+10 || strings.IndexAny(t, ":：") == 0 {
		return false
	}
	numbers, prev := 0, ' '
	for _, r := range t {
		if unicode.IsDigit(r) && !unicode.IsDigit(prev) {
			numbers++
		}
		prev = r
	}
	return numbers >= colons
}

// furnitureWords mark furniture wherever it stands: a rating, a share bar,
// a photo's credit.
var furnitureWords = map[string]bool{
	"rating": true, "ratings": true, "stars": true, "share": true, "sharing": true, "social": true,
	"credit": true, "credits": true, "copyright": true, "photographer": true, "byline": true,
}

// dropMarkedFurniture takes out the short elements under n whose class or
// id names them furniture of furnitureWords: a rating in a recipe card, a
// share bar between paragraphs, a credit in a caption.
func dropMarkedFurniture(n *html.Node) {
	var drop []*html.Node
	walk(n, func(c *html.Node) bool {
		if c == n || c.Type != html.ElementNode {
			return true
		}
		if isHeading(c) || c.DataAtom == atom.Pre || c.DataAtom == atom.Code {
			return false
		}
		for _, v := range []string{attr(c, "class"), attr(c, "id")} {
			for _, w := range strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if furnitureWords[strings.ToLower(w)] && textLetters(c) <= 100 {
					drop = append(drop, c)
					return false
				}
			}
		}
		return true
	})
	for _, d := range drop {
		removeNode(d)
	}
}

// pruneEmpty takes out the block elements under n left with no text and
// no picture (code is left as it is).
func pruneEmpty(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if c.Type == html.ElementNode && !invisible(c) && c.DataAtom != atom.Pre {
			pruneEmpty(c)
			switch c.DataAtom {
			case atom.Br, atom.Hr, atom.Td, atom.Th, atom.Tr:
			default:
				if isBlock(c) && !hasText(c) && findFirst(c, atom.Img) == nil {
					n.RemoveChild(c)
				}
			}
		}
		c = next
	}
}

// isLinkList reports whether b is a list, table or navigation of links
// (a "see also", "external links", a navigation box), or of notes, each
// with a link back to its mark: an article's appendix.
func isLinkList(b *html.Node) bool {
	if b.Type != html.ElementNode {
		return false
	}
	if b.DataAtom == atom.Nav || attr(b, "role") == "navigation" {
		return true
	}
	l := textLetters(b)
	if l == 0 {
		return false
	}
	// Only lists and tables: no paragraph of prose.
	prose := false
	items, backrefs := 0, 0
	walk(b, func(c *html.Node) bool {
		if prose || c.Type != html.ElementNode {
			return false
		}
		switch c.DataAtom {
		case atom.P, atom.Pre, atom.Blockquote, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			prose = true
			return false
		case atom.Li:
			items++
			walk(c, func(a *html.Node) bool {
				if a.Type == html.ElementNode && a.DataAtom == atom.A && strings.HasPrefix(attr(a, "href"), "#") && textLetters(a) == 0 {
					backrefs++
					return false
				}
				return true
			})
			return false
		}
		return true
	})
	if prose {
		return false
	}
	if items > 0 && 2*backrefs >= items {
		return true
	}
	return 10*linkLetters(b) >= 6*l
}

// trimAppendix takes out of n its trailing appendix: headed sections that
// are only lists of links or of notes ("see also", references, external
// links) and navigation boxes after the text. It reports whether it took
// anything out.
func trimAppendix(n *html.Node) bool {
	removed := false
	for {
		last := lastElement(n)
		if last == nil {
			return removed
		}
		switch {
		case last.DataAtom == atom.Nav || attr(last, "role") == "navigation":
			removeNode(last)
		case isHeading(last):
			removeNode(last) // a heading with nothing after it
		case isLinkList(last):
			// The run of link lists back to the heading that opens them.
			run := []*html.Node{last}
			p := prevElement(last)
			for p != nil && !isHeading(p) && isLinkList(p) {
				run = append(run, p)
				p = prevElement(p)
			}
			if p == nil || !isHeading(p) {
				return removed
			}
			for _, r := range run {
				removeNode(r)
			}
			removeNode(p)
		case isBlock(last) && hasBlockChild(last):
			if !trimAppendix(last) {
				return removed
			}
			if !hasText(last) {
				removeNode(last)
			}
		default:
			return removed
		}
		removed = true
	}
}

// lastElement is n's last child element with text or a picture.
func lastElement(n *html.Node) *html.Node {
	for c := n.LastChild; c != nil; c = c.PrevSibling {
		if c.Type == html.ElementNode && !invisible(c) && (hasText(c) || findFirst(c, atom.Img) != nil) {
			return c
		}
	}
	return nil
}

// prevElement is the element before n with text or a picture.
func prevElement(n *html.Node) *html.Node {
	for c := n.PrevSibling; c != nil; c = c.PrevSibling {
		if c.Type == html.ElementNode && !invisible(c) && (hasText(c) || findFirst(c, atom.Img) != nil) {
			return c
		}
	}
	return nil
}

// dropLeadingFactBox takes out a table of facts (each row a name and a
// value) that stands before the content's first paragraph: a wiki's
// infobox, a summary box, which repeat what the text says.
func dropLeadingFactBox(n *html.Node) {
	for _, b := range leafBlocks(n) {
		if b.DataAtom == atom.P && isProse(b) {
			return
		}
		if b.DataAtom != atom.Table {
			continue
		}
		rows, pairs := 0, 0
		walk(b, func(c *html.Node) bool {
			if c.Type == html.ElementNode && c.DataAtom == atom.Tr {
				var kinds []atom.Atom
				for d := c.FirstChild; d != nil; d = d.NextSibling {
					if d.Type == html.ElementNode && (d.DataAtom == atom.Th || d.DataAtom == atom.Td) {
						kinds = append(kinds, d.DataAtom)
					}
				}
				if len(kinds) >= 2 {
					rows++ // a row of one cell is a caption or a picture
				}
				if len(kinds) == 2 && kinds[0] == atom.Th && kinds[1] == atom.Td {
					pairs++
				}
				return false
			}
			return true
		})
		if pairs >= 2 && 3*pairs >= 2*rows {
			removeNode(b)
		}
		return
	}
}
