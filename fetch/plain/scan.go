package plain

import (
	"bytes"
	"strings"
	"sync"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/webgraph/webgraph/fetch"
)

// scan reads what extraction needs from a document without building its
// tree: a lexer for plainly written HTML (see lexer), and a stack of the
// open elements kept as x/net/html's parser keeps it, for the documents
// scan accepts. It gives what collect and textBlocks give for the parsed
// tree, or ok false for a document whose tree the parser builds other than
// as written: an element closed by a tag that does not close it in order
// (but a <p>, <li>, <dd> or <dt> its parent's end or a sibling closes), a
// table, <template>, SVG or MathML, <select>, <textarea>, <pre>, a second
// <html> or <body>, a form or button in another, a link inside a link, a
// NUL byte, and every element not named in scanKinds. The caller parses
// those (FuzzScanMatchesTree and FuzzScanTokens hold the two to one
// answer).
func scan(doc []byte) (f *found, blocks []string, ok bool) {
	if bytes.IndexByte(doc, 0) >= 0 {
		return nil, nil, false // the parser drops NULs where the tokenizer keeps them
	}
	s := &scanner{lx: lexer{b: doc}, f: &found{}}
	if len(doc) <= maxShared {
		s.lx.s, s.lx.share = string(doc), true
	}
	ok = s.run()
	if sl := s.f.slab; sl != nil && len(*sl) == 0 { // the slab in use is the first
		*sl = s.slab
	}
	if !ok {
		s.f.release()
		return nil, nil, false
	}
	return s.f, s.blocks, true
}

// A scanKind is how the parser treats a start tag in the body, for the tags
// scan accepts.
type scanKind uint8

const (
	kBail       scanKind = iota // scan gives up
	kHTML                       // <html>
	kHead                       // <head>
	kBody                       // <body>
	kHeadVoid                   // <base>, <link>, <meta>: void, the head's
	kHeadRaw                    // <script>, <style>, <title>, <noscript>: raw text, the head's
	kClosesP                    // a block that closes an open <p>
	kHeading                    // h1–h6: closes a <p>, and a heading just opened
	kListItem                   // <li>, <dd>, <dt>
	kHr                         // <hr>: void, closes a <p>
	kVoid                       // <br>, <img>, <wbr>
	kFormatting                 // <a>, <b>, <em> …: the parser's formatting elements
	kGeneric                    // any other element, closed only by its own end tag
	kButton                     // <button>: closes only its own end tag, bounds a <p>'s scope
	kForm                       // <form>: closes a <p>; a second one open is ignored
	kRawBody                    // <iframe>: raw text, in the body
)

// scanKinds are the tags scan accepts. Tags x/net/html does not know (no
// atom) are generic too: the parser gives them no rule of their own.
var scanKinds = map[atom.Atom]scanKind{
	atom.Html: kHTML, atom.Head: kHead, atom.Body: kBody,
	atom.Base: kHeadVoid, atom.Link: kHeadVoid, atom.Meta: kHeadVoid,
	atom.Script: kHeadRaw, atom.Style: kHeadRaw, atom.Title: kHeadRaw, atom.Noscript: kHeadRaw,
	atom.Address: kClosesP, atom.Article: kClosesP, atom.Aside: kClosesP, atom.Blockquote: kClosesP,
	atom.Center: kClosesP, atom.Details: kClosesP, atom.Dialog: kClosesP, atom.Dir: kClosesP,
	atom.Div: kClosesP, atom.Dl: kClosesP, atom.Fieldset: kClosesP, atom.Figcaption: kClosesP,
	atom.Figure: kClosesP, atom.Footer: kClosesP, atom.Header: kClosesP, atom.Hgroup: kClosesP,
	atom.Main: kClosesP, atom.Menu: kClosesP, atom.Nav: kClosesP, atom.Ol: kClosesP, atom.P: kClosesP,
	atom.Search: kClosesP, atom.Section: kClosesP, atom.Summary: kClosesP, atom.Ul: kClosesP,
	atom.H1: kHeading, atom.H2: kHeading, atom.H3: kHeading, atom.H4: kHeading, atom.H5: kHeading, atom.H6: kHeading,
	atom.Li: kListItem, atom.Dd: kListItem, atom.Dt: kListItem,
	atom.Hr: kHr, atom.Br: kVoid, atom.Img: kVoid, atom.Wbr: kVoid,
	atom.A: kFormatting, atom.B: kFormatting, atom.Big: kFormatting, atom.Code: kFormatting,
	atom.Em: kFormatting, atom.Font: kFormatting, atom.I: kFormatting, atom.S: kFormatting,
	atom.Small: kFormatting, atom.Strike: kFormatting, atom.Strong: kFormatting, atom.Tt: kFormatting,
	atom.U:    kFormatting,
	atom.Span: kGeneric, atom.Abbr: kGeneric, atom.Cite: kGeneric, atom.Time: kGeneric,
	atom.Label: kGeneric, atom.Sup: kGeneric, atom.Sub: kGeneric, atom.Mark: kGeneric,
	atom.Q: kGeneric, atom.Kbd: kGeneric, atom.Var: kGeneric, atom.Samp: kGeneric, atom.Dfn: kGeneric,
	atom.Data: kGeneric, atom.Bdi: kGeneric, atom.Bdo: kGeneric, atom.Ins: kGeneric, atom.Del: kGeneric,
	atom.Canvas: kGeneric, atom.Picture: kGeneric,
	atom.Button: kButton, atom.Form: kForm, atom.Input: kVoid, atom.Iframe: kRawBody,
}

// A tagInfo is what scan knows of a tag: its kind, and whether
// extraction skips it or breaks text blocks at it (skipped, blockTags).
type tagInfo struct {
	kind        scanKind
	known       bool
	skip, block bool
}

var tagInfos = func() map[atom.Atom]tagInfo {
	m := make(map[atom.Atom]tagInfo, len(scanKinds))
	for a, k := range scanKinds {
		m[a] = tagInfo{kind: k, known: true, skip: skipped[a], block: blockTags[a]}
	}
	return m
}()

// tagTable holds tagInfos in a table indexed by a hash of the atom, each
// slot the first atom that hashes to it: most look-ups end there, without
// the map's hashing (they were 6 % of a scan).
var tagTable = func() (t [512]struct {
	a    atom.Atom
	info tagInfo
}) {
	for a, info := range tagInfos {
		if i := tagSlot(a); t[i].a == 0 {
			t[i].a, t[i].info = a, info
		}
	}
	return t
}()

func tagSlot(a atom.Atom) uint32 { return (uint32(a)>>8 ^ uint32(a)) & 511 }

// tagInfoOf returns what scan knows of the tag a (not 0).
func tagInfoOf(a atom.Atom) tagInfo {
	switch e := &tagTable[tagSlot(a)]; e.a {
	case a:
		return e.info
	case 0:
		return tagInfo{}
	}
	return tagInfos[a]
}

// nameInfo is tagInfoOf(a) for a tag named name, whose atom is a: a name
// no atom names is a generic element (known unless empty).
func nameInfo(a atom.Atom, name []byte) tagInfo {
	if a == 0 {
		return tagInfo{kind: kGeneric, known: len(name) > 0}
	}
	return tagInfoOf(a)
}

// Where the scan is in the document, as the parser's insertion modes: before
// the head (the initial modes), in it, after it, and in the body (the
// after-body modes read as the body: see end).
const (
	beforeHead = iota
	inHead
	afterHead
	inBody
)

// An open element.
type scanEntry struct {
	a     atom.Atom
	name  string // the name of an element without an atom
	kind  scanKind
	block bool // its start and end break text blocks
	hides bool // nothing under it is visible text (skipped, or hidden)
	raw   bool // raw text: the tokenizer gives its text, then its end tag
	info  tagInfo
}

// entry is a new open element of the atom a (not 0).
func entry(a atom.Atom) scanEntry {
	info := tagInfoOf(a)
	return scanEntry{a: a, kind: info.kind, info: info}
}

// A capture gathers the text of an element extraction reads the text of.
type capture struct {
	depth  int // its entry in the stack
	n      *scanNode
	text   run
	imgAlt bool // a link: wants its first img[alt]
	img    *html.Node
}

// A scanNode is an element found's lists hold, with room for its text and
// its first attributes: one allocation.
type scanNode struct {
	el   html.Node
	text html.Node
	attr [1]html.Attribute
}

// slabSize is how many nodes scan allocates at once: 30 KB, below the
// 32 KB past which the runtime allocates an object on its own, slowly.
const slabSize = 120

// slabs holds the first slab of pages whose read is done (found.release),
// for the next page's scan: a crawl's workers take their nodes from a few
// slabs instead of a new 30 KB a page.
var slabs sync.Pool

// release gives f's first slab back for another page's scan: f and every
// element it found are not read again.
func (f *found) release() {
	sl := f.slab
	if sl == nil {
		return
	}
	*f = found{}
	clear(*sl) // the elements it gave: it holds no page's strings while it waits
	*sl = (*sl)[:0]
	slabs.Put(sl)
}

// A run gathers text. One piece as the document writes it is kept as its
// place in the document, to be given as a substring of it, not a copy.
type run struct {
	buf        []byte
	start, end int // the one piece, while whole
	n          int // pieces
	whole      bool
}

// add adds t, which is src[start:end] when start >= 0.
func (r *run) add(src string, t []byte, start, end int) {
	if len(t) == 0 {
		return
	}
	if r.n == 0 && start >= 0 {
		r.start, r.end, r.whole, r.n = start, end, true, 1
		return
	}
	if r.whole {
		r.buf = append(r.buf[:0], src[r.start:r.end]...)
		r.whole = false
	}
	r.buf = append(r.buf, t...)
	r.n++
}

func (r *run) string(src string) string {
	switch {
	case r.n == 0:
		return ""
	case r.whole:
		return src[r.start:r.end]
	}
	return string(r.buf)
}

func (r *run) reset() {
	r.buf, r.n, r.whole = r.buf[:0], 0, false
}

type scanner struct {
	lx     lexer
	f      *found
	mode   int
	stack  []scanEntry
	hidden int    // entries on the stack that hide
	open   [4]int // open <p>, <a>, <form> and <button> elements (see closeP, count)
	deep   bool   // the stack grew past maxScanDepth
	cur    run
	blocks []string
	caps   []capture
	slab   []scanNode // where node takes its nodes from: a few allocations a page, not one a node

	title, h1 bool // the first seen
}

// maxScanDepth is how deep scan nests elements: x/net/html refuses a
// document nested deeper than 512, and scan leaves those to it.
const maxScanDepth = 400

func (s *scanner) run() bool {
	for !s.deep {
		switch s.lx.next() {
		case tBail:
			return false
		case tEOF:
			s.flush()
			for len(s.caps) > 0 {
				s.endCapture()
			}
			return true
		case tText:
			if !s.text(s.lx.textOf()) {
				return false
			}
		case tStart:
			if !s.start() {
				return false
			}
		case tEnd:
			if !s.end() {
				return false
			}
		}
	}
	return false
}

func (s *scanner) top() *scanEntry {
	if len(s.stack) == 0 {
		return nil
	}
	return &s.stack[len(s.stack)-1]
}

// text reads a text token: t, which is the document's bytes from start
// (or, when start < 0, what the lexer made of them).
func (s *scanner) text(t []byte, start int) bool {
	if e := s.top(); e != nil && e.raw {
		s.captureText(t, start)
		return true
	}
	if s.mode != inBody {
		rest := bytes.TrimLeft(t, asciiSpace)
		if len(rest) == 0 {
			return true // the head's, or the document's, or the html element's before the body: never read
		}
		if !s.impliedBody() {
			return false
		}
		if start >= 0 {
			start += len(t) - len(rest)
		}
		t = rest
	}
	s.captureText(t, start)
	if s.hidden == 0 {
		s.cur.add(s.lx.s, t, start, start+len(t))
	}
	return true
}

func (s *scanner) captureText(t []byte, start int) {
	for i := range s.caps {
		s.caps[i].text.add(s.lx.s, t, start, start+len(t))
	}
}

// impliedBody ends what is open before the body and opens one, as text or
// a tag of the body's does where the document has not opened it.
func (s *scanner) impliedBody() bool {
	switch s.mode {
	case beforeHead:
		if len(s.stack) == 0 {
			s.push(entry(atom.Html), nil)
		}
	case inHead:
		s.pop() // the head
	}
	s.mode = inBody
	s.push(entry(atom.Body), nil)
	return true
}

func (s *scanner) start() bool {
	name := s.lx.name
	a := atom.Lookup(name)
	info := nameInfo(a, name)
	if !info.known {
		return false
	}
	kind := info.kind
	e := scanEntry{a: a, kind: kind, info: info}
	if a == 0 {
		e.name = string(name)
	}

	if top := s.top(); top != nil && top.raw {
		return false // the tokenizer gives a raw text element its text and end tag only
	}
	switch s.mode {
	case beforeHead:
		switch kind {
		case kHTML:
			if len(s.stack) > 0 {
				return false
			}
			s.push(e, s.node(e))
			return true
		case kHead:
			if len(s.stack) == 0 {
				s.push(entry(atom.Html), nil)
			}
			s.push(e, s.node(e))
			s.mode = inHead
			return true
		case kHeadVoid, kHeadRaw:
			if len(s.stack) == 0 {
				s.push(entry(atom.Html), nil)
			}
			s.push(entry(atom.Head), nil)
			s.mode = inHead
			return s.headElement(e)
		case kBody:
			if len(s.stack) == 0 {
				s.push(entry(atom.Html), nil)
			}
			s.mode = inBody
			s.push(e, s.node(e))
			return true
		}
		if !s.impliedBody() {
			return false
		}
	case inHead:
		switch kind {
		case kHeadVoid, kHeadRaw:
			return s.headElement(e)
		case kHTML, kHead:
			return false
		case kBody:
			s.pop() // the head
			s.mode = inBody
			s.push(e, s.node(e))
			return true
		}
		if !s.impliedBody() {
			return false
		}
	case afterHead:
		switch {
		case kind == kHeadVoid, kind == kHeadRaw && a != atom.Noscript:
			return s.headElement(e) // into the head, as the parser puts it
		case kind == kHTML, kind == kHead:
			return false
		case kind == kBody:
			s.mode = inBody
			s.push(e, s.node(e))
			return true
		}
		if !s.impliedBody() {
			return false
		}
	}
	return s.bodyStart(e)
}

// headElement opens (or opens and closes) an element of the head's.
func (s *scanner) headElement(e scanEntry) bool {
	n := s.node(e)
	if e.kind == kHeadVoid {
		s.push(e, n)
		s.pop()
		return true
	}
	e.raw = true
	s.push(e, n)
	return true
}

func (s *scanner) bodyStart(e scanEntry) bool {
	switch e.kind {
	case kHTML, kHead, kBody:
		return false // the parser ignores it or merges its attributes
	case kHeadVoid, kHeadRaw:
		return s.headElement(e)
	case kClosesP:
		if !s.closeP() {
			return false
		}
	case kHeading:
		if !s.closeP() {
			return false
		}
		if t := s.top(); t.kind == kHeading {
			s.pop()
		}
	case kListItem:
		for i := len(s.stack) - 1; i >= 0; i-- {
			o := &s.stack[i]
			if o.kind == kListItem && (o.a == atom.Li) == (e.a == atom.Li) {
				for len(s.stack) > i {
					s.pop() // none a formatting element: see below
				}
				break
			}
			if o.kind == kFormatting {
				return false // it may be closed here, and left in the parser's list of formatting elements to open again
			}
			if o.a == atom.Address || o.a == atom.Div || o.a == atom.P || !special(o) {
				continue
			}
			break
		}
		if !s.closeP() {
			return false
		}
	case kButton:
		if s.open[3] > 0 {
			return false // the parser closes the open one
		}
	case kForm:
		if s.open[2] > 0 {
			return false // the parser ignores it
		}
		if !s.closeP() {
			return false
		}
	case kRawBody:
		e.raw = true
	case kHr:
		if !s.closeP() {
			return false
		}
		s.push(e, s.node(e))
		s.pop()
		return true
	case kVoid:
		sn := s.node(e)
		if e.a == atom.Img { // kept: node keeps every img
			for i := range s.caps {
				c := &s.caps[i]
				if c.imgAlt && c.img == nil && hasAttr(&sn.el, "alt") {
					c.img = &sn.el
				}
			}
		}
		s.push(e, sn)
		s.pop()
		return true
	case kFormatting:
		if e.a == atom.A && s.open[1] > 0 {
			return false // a link in a link: the parser closes the first
		}
	}
	s.push(e, s.node(e))
	return true
}

// special reports whether the parser counts an open element as special
// (it stops the search for an <li> to close).
func special(e *scanEntry) bool {
	switch e.kind {
	case kFormatting, kGeneric:
		return false
	}
	// Blocks the HTML standard added after x/net/html's list of special
	// elements: its parser walks past them, so the scan must too.
	return e.a != atom.Dialog && e.a != atom.Search
}

// closeP closes an open <p>, as a block's start tag does: the <p> must be
// the current element.
func (s *scanner) closeP() bool {
	if s.open[0] == 0 {
		return true
	}
	if s.top().a != atom.P {
		return false
	}
	s.pop()
	return true
}

// node returns the element for found's lists, or nil when extraction never
// reads it.
func (s *scanner) node(e scanEntry) *scanNode {
	keep := false
	switch e.a {
	case atom.Title, atom.Base, atom.H1, atom.Script, atom.A, atom.Meta, atom.Link, atom.Img:
		keep = true
	}
	for _, at := range s.lx.attrs {
		if k := string(at.key); k == "id" || k == "hidden" {
			keep = true
		}
	}
	if !keep {
		return nil
	}
	if len(s.slab) == cap(s.slab) {
		if s.f.slab == nil { // the first: one a read page gave back, else a new one
			sl, _ := slabs.Get().(*[]scanNode)
			if sl == nil {
				sl = new([]scanNode)
				*sl = make([]scanNode, 0, slabSize)
			}
			s.f.slab, s.slab = sl, (*sl)[:0]
		} else {
			if len(*s.f.slab) == 0 { // the first is full
				*s.f.slab = s.slab
			}
			s.slab = make([]scanNode, 0, slabSize)
		}
	}
	s.slab = s.slab[:len(s.slab)+1]
	sn := &s.slab[len(s.slab)-1]
	sn.el = html.Node{Type: html.ElementNode, DataAtom: e.a, Data: e.name}
	n := &sn.el
	if e.a != 0 {
		n.Data = e.a.String()
	}
	if len(s.lx.attrs) > 0 {
		if len(s.lx.attrs) <= len(sn.attr) {
			n.Attr = sn.attr[:len(s.lx.attrs)]
		} else {
			n.Attr = make([]html.Attribute, len(s.lx.attrs))
		}
		for i, at := range s.lx.attrs {
			n.Attr[i] = html.Attribute{Key: atom.String(at.key), Val: s.lx.value(at)}
		}
	}
	return sn
}

// push opens e, sn its element (nil when extraction never reads it).
func (s *scanner) push(e scanEntry, sn *scanNode) {
	var n *html.Node
	if sn != nil {
		n = &sn.el
		if _, hidden := attr(n, "hidden"); hidden {
			e.hides = true
		}
		s.f.see(n)
		if n.DataAtom == atom.Meta && !s.f.refreshed {
			if v, ok := attr(n, "http-equiv"); ok && strings.EqualFold(strings.TrimSpace(v), "refresh") {
				if c, ok := attr(n, "content"); ok && c != "" {
					s.f.refresh, s.f.refreshed = c, true
				}
			}
		}
	}
	if e.info.skip {
		e.hides = true
	}
	if s.hidden == 0 && !e.hides && e.info.block {
		e.block = true
		s.flush()
	}
	if e.hides {
		s.hidden++
	}
	s.count(e.a, 1)
	s.stack = append(s.stack, e)
	if len(s.stack) > maxScanDepth {
		s.deep = true
	}
	if n == nil {
		return
	}
	switch {
	case n.DataAtom == atom.Title && !s.title:
		s.title = true
		s.caps = append(s.caps, capture{depth: len(s.stack) - 1, n: sn})
	case n.DataAtom == atom.H1 && !s.h1:
		s.h1 = true
		s.caps = append(s.caps, capture{depth: len(s.stack) - 1, n: sn})
	case n.DataAtom == atom.A:
		s.caps = append(s.caps, capture{depth: len(s.stack) - 1, n: sn, imgAlt: true})
	case n.DataAtom == atom.Script:
		if t, _ := attr(n, "type"); strings.EqualFold(strings.TrimSpace(t), "application/ld+json") {
			s.caps = append(s.caps, capture{depth: len(s.stack) - 1, n: sn}) // readHead reads its text
		}
	}
}

func (s *scanner) pop() {
	i := len(s.stack) - 1
	e := s.stack[i]
	for len(s.caps) > 0 && s.caps[len(s.caps)-1].depth >= i {
		s.endCapture()
	}
	if e.hides {
		s.hidden--
	}
	s.count(e.a, -1)
	if e.block {
		s.flush()
	}
	s.stack = s.stack[:i]
}

// count counts an element of a opened (d 1) or closed (d -1).
func (s *scanner) count(a atom.Atom, d int) {
	switch a {
	case atom.P:
		s.open[0] += d
	case atom.A:
		s.open[1] += d
	case atom.Form:
		s.open[2] += d
	case atom.Button:
		s.open[3] += d
	}
}

// endCapture gives the innermost capture's element what it gathered: its
// text as one child, and a link's first img[alt] after it.
func (s *scanner) endCapture() {
	c := &s.caps[len(s.caps)-1]
	if c.text.n > 0 {
		c.n.text = html.Node{Type: html.TextNode, Data: c.text.string(s.lx.s)}
		c.n.el.AppendChild(&c.n.text)
	}
	if c.img != nil {
		c.n.el.AppendChild(c.img)
	}
	s.caps = s.caps[:len(s.caps)-1]
}

func (s *scanner) flush() {
	if s.cur.n == 0 {
		return
	}
	if t := fetch.CollapseSpace(s.cur.string(s.lx.s)); t != "" {
		s.blocks = append(s.blocks, t)
	}
	s.cur.reset()
}

func (s *scanner) end() bool {
	name := s.lx.name
	a := atom.Lookup(name)
	top := s.top()
	if top != nil && top.raw {
		if top.a != a {
			return false
		}
		s.pop()
		return true
	}
	switch s.mode {
	case inHead:
		if a != atom.Head {
			return false
		}
		s.pop()
		s.mode = afterHead
		return true
	case beforeHead, afterHead:
		return false
	}
	info := nameInfo(a, name)
	if !info.known {
		return false
	}
	kind := info.kind
	switch kind {
	case kHTML, kBody:
		return true // the body stays open to the end: what follows is read as its
	case kClosesP, kHeading, kListItem, kButton, kForm:
		// The implied ends of <p>, <li>, <dd> and <dt>, then the element.
		i := len(s.stack) - 1
		for i >= 0 && s.stack[i].a != a && (kind != kHeading || s.stack[i].kind != kHeading) {
			switch s.stack[i].a {
			case atom.P, atom.Li, atom.Dd, atom.Dt:
				i--
				continue
			}
			return false
		}
		if i < 0 {
			return false // not open: the parser ignores it, or opens a <p>
		}
		for len(s.stack) > i {
			s.pop()
		}
		return true
	case kFormatting, kGeneric:
		if top == nil || top.a != a || a == 0 && top.name != string(name) {
			return false
		}
		s.pop()
		return true
	}
	return false
}
