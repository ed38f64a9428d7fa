package content

import (
	"hash/fnv"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Defaults of a Template's zero fields.
const (
	DefaultMinPages  = 3
	DefaultMinShare  = 0.5
	DefaultMaxBlocks = 100_000
)

// A Template learns which blocks of text a site repeats on its pages: its
// navigation, headers, footers, banners and sidebars. A block is a run of
// text between two block-level boundaries (a paragraph, a list item, a
// heading, a table cell), known by a 64-bit hash of its text and of the kind
// of element that holds it (a heading's text is not its own link in a
// list of related pages). A block is template once it has been seen on at
// least MinPages of the pages added and on at least MinShare of them.
//
// Memory is bounded: at most MaxBlocks hashes are held, with the number of
// pages each was seen on. When the table is full, the hashes seen on one
// page only are forgotten (they are nowhere near being template); if that
// frees too little, blocks never seen before are not counted until it does.
//
// Set the fields before first use. A Template is safe for concurrent use;
// its zero value is ready and holds nothing.
type Template struct {
	// MinPages is the fewest pages a block must be seen on. Zero means
	// DefaultMinPages.
	MinPages int
	// MinShare is the smallest share of the pages added a block must be
	// seen on. Zero means DefaultMinShare.
	MinShare float64
	// MaxBlocks bounds the hashes held. Zero means DefaultMaxBlocks.
	MaxBlocks int

	mu     sync.Mutex
	pages  int
	counts map[uint64]uint32
}

// Add counts the blocks of one page of the site (each distinct block
// once). Add a page once: a page added twice counts twice.
func (t *Template) Add(d *Document) { t.AddHashes(d.BlockHashes()) }

// Pages returns how many pages have been added.
func (t *Template) Pages() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.pages
}

// Blocks returns how many of the blocks held are template now.
func (t *Template) Blocks() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for _, c := range t.counts {
		if t.isTemplateLocked(c) {
			n++
		}
	}
	return n
}

func (t *Template) isTemplateLocked(count uint32) bool {
	minPages, share := t.MinPages, t.MinShare
	if minPages <= 0 {
		minPages = DefaultMinPages
	}
	if share <= 0 {
		share = DefaultMinShare
	}
	return int(count) >= minPages && float64(count) >= share*float64(t.pages)
}

// run is one block of text: the text nodes between two block boundaries.
type run struct {
	hash  uint64
	nodes []*html.Node
}

// runs cuts the visible text under root into blocks.
func runs(root *html.Node) []run {
	var out []run
	var nodes []*html.Node
	var text strings.Builder
	linked := true // every text node of the run is inside a link
	var block *html.Node
	flush := func() {
		s := collapse(text.String())
		if hasLetters(s) && block != nil {
			kind := block.Data
			if linked {
				kind += "/a"
			}
			h := fnv.New64a()
			h.Write([]byte(kind))
			h.Write([]byte{0})
			h.Write([]byte(s))
			out = append(out, run{hash: h.Sum64(), nodes: nodes})
		}
		nodes, linked = nil, true
		text.Reset()
	}
	var rec func(n *html.Node, inLink bool)
	rec = func(n *html.Node, inLink bool) {
		if invisible(n) {
			return
		}
		if n.Type == html.TextNode {
			if strings.TrimSpace(n.Data) != "" {
				nodes = append(nodes, n)
				text.WriteString(n.Data)
				linked = linked && inLink
			} else {
				text.WriteString(" ")
			}
			return
		}
		isB := isBlock(n)
		outer := block
		if isB {
			flush()
			block = n
		}
		if n.Type == html.ElementNode && n.DataAtom == atom.A {
			inLink = true
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c, inLink)
		}
		if isB {
			flush()
			block = outer
		}
	}
	rec(root, false)
	flush()
	return out
}

// prune removes from root each largest element whose every block is
// template, except a heading followed by text of the page's own (a
// section's title, such as "Ingredients", that every page of a site
// repeats). The body is never removed, and a page whose every block is
// template is left whole: it is nothing but the template, or a page that
// repeats itself, and either way the template cannot tell its content.
func (t *Template) prune(root *html.Node) {
	t.mu.Lock()
	templ := map[*html.Node]bool{}
	all := runs(root)
	for _, r := range all {
		if t.isTemplateLocked(t.counts[r.hash]) {
			for _, n := range r.nodes {
				templ[n] = true
			}
		}
	}
	t.mu.Unlock()
	if len(templ) == 0 {
		return
	}
	type stat struct{ total, templ int }
	stats := map[*html.Node]stat{}
	var count func(n *html.Node) stat
	count = func(n *html.Node) stat {
		var s stat
		if invisible(n) {
			return s
		}
		if n.Type == html.TextNode {
			l := letters(n.Data)
			s.total = l
			if templ[n] {
				s.templ = l
			}
			return s
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			cs := count(c)
			s.total += cs.total
			s.templ += cs.templ
		}
		if n.Type == html.ElementNode {
			stats[n] = s
		}
		return s
	}
	whole := count(root)
	if whole.templ == whole.total {
		return
	}
	isTempl := func(n *html.Node) bool {
		s, ok := stats[n]
		return ok && s.total > 0 && s.templ == s.total
	}
	var cut func(n *html.Node)
	cut = func(n *html.Node) {
		for c := n.FirstChild; c != nil; {
			next := c.NextSibling
			keep := c.DataAtom == atom.Body || c.DataAtom == atom.Html || !isTempl(c)
			// A heading kept is kept whole; so is a table's row with
			// text of the page's own (a specification's name repeats on
			// every page, its value does not).
			whole := c.DataAtom == atom.Tr
			if !keep && isHeading(c) {
				// A heading stays when the next block of text after it
				// is the page's own.
				for s := c.NextSibling; s != nil; s = s.NextSibling {
					if st, ok := stats[s]; ok && st.total > 0 || s.Type == html.TextNode && letters(s.Data) > 0 {
						keep = !isTempl(s) && s.Type != html.TextNode || s.Type == html.TextNode && !templ[s]
						whole = keep
						break
					}
				}
			}
			if keep {
				if !whole {
					cut(c)
				}
			} else {
				n.RemoveChild(c)
			}
			c = next
		}
	}
	cut(root)
}

func isHeading(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// letters counts the letters and digits of s.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if r > ' ' && (r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r > 0x7f && isLetterOrDigit(r)) {
			n++
		}
	}
	return n
}
