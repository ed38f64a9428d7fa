package content

import (
	"hash/fnv"
	"sort"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A thread is a page whose content is many posts: a forum topic, a
// question and its answers. go-readability chooses one element, and a
// thread's posts are siblings, each wrapped in the forum's furniture (the
// poster's card, the post's subject and date, its buttons, signature and
// thanks), so it keeps one post, or all of them with their furniture.
//
// A thread is told by its structure, not by its class names: a group of
// sibling elements of one kind (the posts), each holding, once, an element
// of one shape (its body) around its longest run of text, with text of its
// own beside it (the furniture). The thread's content is every element of
// the body's shape, in page order; the rest of each post is left out.
//
// A blog post's comments, a product's reviews and a page's related cards
// have that structure too. They are not the page's content, and the
// choice is go-readability's: the posts are the content only when most of
// the text it chose is in the bodies, and no text of an article comes
// before the first of them.

// maxThreadWork bounds the elements looked at to find a thread's posts:
// each group's posts are walked once.
const maxThreadWork = 200_000

// shapes caches the shapes of one document's elements.
type shapes map[*html.Node]string

func (c shapes) of(n *html.Node) string {
	s, ok := c[n]
	if !ok {
		s = shape(n)
		c[n] = s
	}
	return s
}

// A shape is an element's tag and the class names it holds that carry no
// digits (a post's "bg1" and "bg2", "post-8812", are one shape), sorted.
func shape(n *html.Node) string {
	cls := classNames(n)
	if len(cls) == 0 {
		return n.Data + "."
	}
	return n.Data + "." + strings.Join(cls, ".")
}

// classNames is n's class names without digits, sorted.
func classNames(n *html.Node) []string {
	v := attr(n, "class")
	if v == "" {
		return nil
	}
	var cls []string
	for _, c := range strings.Fields(v) {
		if strings.IndexFunc(c, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
			cls = append(cls, c)
		}
	}
	sort.Strings(cls)
	return cls
}

// kindsOf groups n's visible element children by kind (alike), in
// order; at most 32 kinds are told apart, the children of others left out.
func kindsOf(n *html.Node) [][]*html.Node {
	elements := 0
	for c := n.FirstChild; c != nil && elements < 2; c = c.NextSibling {
		if c.Type == html.ElementNode {
			elements++
		}
	}
	if elements < 2 {
		return nil
	}
	var kinds [][]*html.Node
	var names [][]string
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || invisible(c) {
			continue
		}
		cs := classNames(c)
		placed := false
		for i, k := range kinds {
			if k[0].Data == c.Data && alikeNames(names[i], cs) {
				kinds[i] = append(k, c)
				placed = true
				break
			}
		}
		if !placed && len(kinds) < 32 {
			kinds = append(kinds, []*html.Node{c})
			names = append(names, cs)
		}
	}
	return kinds
}

// alikeNames reports whether two siblings' sorted class names make them
// elements of one kind: at least half of them shared (an accepted answer
// has one class more than the others), or none on either.
func alikeNames(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	shared := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			shared++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	union := len(a) + len(b) - shared
	return union > 0 && 2*shared >= union
}

// proseLetters counts the letters and digits of the text under n that is
// not inside a link: what a reader reads, not what they click.
func proseLetters(n *html.Node) int {
	total := 0
	var rec func(c *html.Node)
	rec = func(c *html.Node) {
		if invisible(c) {
			return
		}
		if c.Type == html.TextNode {
			total += letters(c.Data)
			return
		}
		if c.Type == html.ElementNode && c.DataAtom == atom.A {
			return
		}
		for k := c.FirstChild; k != nil; k = k.NextSibling {
			rec(k)
		}
	}
	rec(n)
	return total
}

// longestBlock returns the block element under unit (or unit itself)
// whose own text, outside links, is longest: the post's prose, not its
// code or a quote of another post.
func longestBlock(unit *html.Node, budget *int) *html.Node {
	own := map[*html.Node]int{}
	var rec func(n, block *html.Node, inLink bool)
	rec = func(n, block *html.Node, inLink bool) {
		*budget--
		if invisible(n) {
			return
		}
		if n.Type == html.TextNode {
			if !inLink {
				own[block] += letters(n.Data)
			}
			return
		}
		if n.Type == html.ElementNode {
			if n.DataAtom == atom.Pre || n.DataAtom == atom.Blockquote {
				return
			}
			if isBlock(n) && n.DataAtom != atom.Br {
				block = n
			}
			if n.DataAtom == atom.A {
				inLink = true
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c, block, inLink)
		}
	}
	rec(unit, unit, false)
	var best *html.Node
	for b, l := range own {
		if best == nil || l > own[best] {
			best = b
		}
	}
	return best
}

// shapeCounts counts the shapes of the elements under unit (unit not
// included).
func shapeCounts(unit *html.Node, sh shapes, budget *int) map[string]int {
	out := map[string]int{}
	var rec func(n *html.Node)
	rec = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			*budget--
			if c.Type == html.ElementNode && !invisible(c) {
				out[sh.of(c)]++
				rec(c)
			}
		}
	}
	rec(unit)
	return out
}

// threadBodies returns the bodies of a thread's posts under root, in page
// order, or nil when root holds no group of posts.
func threadBodies(root *html.Node) []*html.Node {
	bodies, _ := findPosts(root)
	return bodies
}

// findPosts returns the bodies of the posts under root, in page order,
// and the group of posts they were found in, or nils.
func findPosts(root *html.Node) (bodies, units []*html.Node) {
	budget := maxThreadWork
	sh := shapes{}
	bestShape, bestLetters := "", 0
	var bestUnits []*html.Node
	var groups func(n *html.Node)
	groups = func(n *html.Node) {
		if budget <= 0 || invisible(n) {
			return
		}
		// Group n's element children by kind.
		kinds := kindsOf(n)
		for _, units := range kinds {
			// Rows of a table are data, not posts.
			if len(units) < 2 || budget <= 0 || units[0].DataAtom == atom.Tr {
				continue
			}
			if s, l := bodyShape(units, sh, &budget); s != "" && l > bestLetters {
				bestShape, bestLetters, bestUnits = s, l, units
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode {
				groups(c)
			}
		}
	}
	groups(root)
	if bestShape == "" {
		return nil, nil
	}
	// Every element of the body's shape that holds no other is a post's
	// body: the group's, and a question's before its answers. A shape
	// without a class (a bare <p>) names no kind of element: then only
	// the group's own bodies are.
	scope := []*html.Node{root}
	if !strings.Contains(bestShape, ".") || strings.HasSuffix(bestShape, ".") {
		scope = bestUnits
	}
	var find func(n *html.Node) bool // reports whether n holds a body
	find = func(n *html.Node) bool {
		if invisible(n) {
			return false
		}
		held := false
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && find(c) {
				held = true
			}
		}
		if !held && n.Type == html.ElementNode && sh.of(n) == bestShape && proseLetters(n) > 0 {
			bodies = append(bodies, n)
			return true
		}
		return held
	}
	for _, n := range scope {
		find(n)
	}
	if len(bodies) < 2 {
		return nil, nil
	}
	return bodies, bestUnits
}

// dropPosts takes out of content the elements whose every text is a
// post's of units, when most of the posts are dated: comments, reviews
// that go-readability took with the article (a list or a document's
// sections are not dated).
func dropPosts(content *html.Node, units []*html.Node) {
	if !dated(units) {
		return
	}
	inPosts := map[uint64]bool{}
	for _, u := range units {
		textHashes(u, func(h uint64, _ int) { inPosts[h] = true })
	}
	// all reports whether n holds text and all of it is the posts'.
	var drop []*html.Node
	var all func(n *html.Node) (bool, bool) // (all text in posts, any text)
	all = func(n *html.Node) (bool, bool) {
		if n != content && invisible(n) {
			return true, false
		}
		if n.Type == html.TextNode {
			t := strings.TrimSpace(n.Data)
			if t == "" {
				return true, false
			}
			return inPosts[blockHash(t)], true
		}
		every, any := true, false
		var kids []*html.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			e, a := all(c)
			every = every && e
			any = any || a
			if e && a && c.Type == html.ElementNode {
				kids = append(kids, c)
			}
		}
		if !every || n == content {
			drop = append(drop, kids...) // the largest elements of posts' text
		}
		return every, any
	}
	all(content)
	for _, d := range drop {
		removeNode(d)
	}
}

// bodyShape returns the shape of the posts' bodies in a group of alike
// siblings, and the letters the bodies hold, or "" when the siblings are
// not posts: most of them must hold, once, an element of that shape
// around their longest run of text, and text of their own outside it
// that is not a heading (a document's sections have headings).
func bodyShape(units []*html.Node, sh shapes, budget *int) (string, int) {
	type vote struct {
		units int
		depth int
	}
	votes := map[string]*vote{}
	for _, u := range units {
		// A post holds a few words of prose, in a block of its own.
		if proseLetters(u) < 20 || !hasBlockChild(u) {
			continue
		}
		b := longestBlock(u, budget)
		if b == nil || b == u {
			continue
		}
		counts := shapeCounts(u, sh, budget)
		depth := 0
		for n := b; n != nil && n != u; n = n.Parent {
			depth++
		}
		for n, d := b, depth; n != nil && n != u; n, d = n.Parent, d-1 {
			s := sh.of(n)
			if counts[s] != 1 {
				continue
			}
			v := votes[s]
			if v == nil {
				v = &vote{}
				votes[s] = v
			}
			v.units++
			v.depth += d
		}
	}
	best := ""
	for s, v := range votes {
		if best == "" || v.units > votes[best].units ||
			v.units == votes[best].units && (v.depth*votes[best].units > votes[best].depth*v.units ||
				v.depth*votes[best].units == votes[best].depth*v.units && s < best) {
			best = s
		}
	}
	if best == "" || votes[best].units < 2 || 5*votes[best].units < 3*len(units) {
		return "", 0
	}
	// The posts have furniture: text beside their bodies.
	body, furnished, total := 0, 0, 0
	for _, u := range units {
		var b *html.Node
		walk(u, func(n *html.Node) bool {
			if b != nil {
				return false
			}
			if n != u && n.Type == html.ElementNode && sh.of(n) == best {
				b = n
				return false
			}
			return true
		})
		if b == nil {
			continue
		}
		total++
		bl := textLetters(b)
		body += bl
		// Headings are a section's, not a post's furniture.
		heads := 0
		walk(u, func(n *html.Node) bool {
			if n == b {
				return false
			}
			if n.Type == html.ElementNode && isHeading(n) {
				heads += textLetters(n)
				return false
			}
			return true
		})
		if textLetters(u) > bl+heads {
			furnished++
		}
	}
	if 2*furnished < total {
		return "", 0
	}
	return best, body
}

// blockHash is the hash of a block of text, its spaces collapsed.
func blockHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// textHashes calls fn with the hash and the letters of each visible text
// node under n. Text nodes are compared, not blocks: go-readability moves
// text into new paragraphs, but does not change a text node's words.
func textHashes(n *html.Node, fn func(h uint64, letters int)) {
	walk(n, func(c *html.Node) bool {
		if c != n && invisible(c) {
			return false
		}
		if c.Type == html.TextNode {
			if t := strings.TrimSpace(c.Data); t != "" {
				fn(blockHash(t), letters(t))
			}
		}
		return true
	})
}

// isThread reports whether the posts whose bodies are given are the
// content of the page whose main content go-readability chose as chosen:
// most of the chosen text is in the bodies, and none of an article's text
// comes before the first body (a blog post's comments follow the post).
func isThread(root *html.Node, bodies []*html.Node, chosen *html.Node) bool {
	inBodies := map[uint64]bool{}
	for _, b := range bodies {
		textHashes(b, func(h uint64, _ int) { inBodies[h] = true })
	}
	inChosen := map[uint64]bool{}
	covered, total := 0, 0
	textHashes(chosen, func(h uint64, l int) {
		inChosen[h] = true
		total += l
		if inBodies[h] {
			covered += l
		}
	})
	if total == 0 || 2*covered < total {
		return false
	}
	// The chosen text that comes before the first body, in blocks long
	// enough to be an article's paragraphs.
	first := bodies[0]
	before, done := 0, false
	var rec func(n *html.Node)
	rec = func(n *html.Node) {
		if done || invisible(n) {
			return
		}
		if n == first {
			done = true
			return
		}
		if n.Type == html.ElementNode && isBlock(n) && !hasBlockChild(n) {
			if l := textLetters(n); l >= 50 {
				in := 0
				textHashes(n, func(h uint64, tl int) {
					if inChosen[h] {
						in += tl
					}
				})
				if 2*in >= l {
					before += l
				}
			}
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(root)
	return 3*before < textLetters(first)
}

// hasBlockChild reports whether n has a block element under it.
func hasBlockChild(n *html.Node) bool {
	found := false
	walk(n, func(c *html.Node) bool {
		if found {
			return false
		}
		if c != n && isBlock(c) && c.DataAtom != atom.Br {
			found = true
			return false
		}
		return true
	})
	return found
}

// threadContent returns an element holding a copy of each body, in order,
// with each quote's attribution ("X wrote: ↑ date", a cite at the quote's
// start) left out: the forum's words, not the poster's.
func threadContent(bodies []*html.Node) *html.Node {
	div := &html.Node{Type: html.ElementNode, DataAtom: atom.Div, Data: "div"}
	for _, b := range bodies {
		c := cloneTree(b)
		var cites []*html.Node
		walk(c, func(n *html.Node) bool {
			if n.Type == html.ElementNode && n.DataAtom == atom.Blockquote {
				if ct := leadingCite(n); ct != nil {
					cites = append(cites, ct)
				}
			}
			return true
		})
		for _, ct := range cites {
			ct.Parent.RemoveChild(ct)
		}
		div.AppendChild(c)
	}
	return div
}

// leadingCite returns the cite element a quote starts with, or nil.
func leadingCite(q *html.Node) *html.Node {
	for n := q.FirstChild; n != nil; {
		switch {
		case n.Type == html.TextNode && strings.TrimSpace(n.Data) == "", n.Type == html.CommentNode:
			n = n.NextSibling
		case n.Type == html.ElementNode && n.DataAtom == atom.Cite:
			return n
		case n.Type == html.ElementNode && (n.DataAtom == atom.Div || n.DataAtom == atom.P):
			n = n.FirstChild
		default:
			return nil
		}
	}
	return nil
}

// dated reports whether at least two thirds of units hold a date: a time
// element, a year or a clock time.
func dated(units []*html.Node) bool {
	n := 0
	for _, u := range units {
		if findFirst(u, atom.Time) != nil || textLetters(u) <= 5000 && looksDated(nodeText(u)) {
			n++
		}
	}
	return len(units) > 0 && 3*n >= 2*len(units)
}
