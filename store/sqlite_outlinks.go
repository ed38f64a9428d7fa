package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/webgraph/webgraph/frontier"
)

// This file writes a page's URLs and links in the SQLite record: each URL
// met is a row of urls (one the crawl did not queue is "linked"), and a
// page's links are one row of outlinks, a JSON array of the targets' ids
// with their anchors, sides and kinds (see schema). Every read of links
// goes through queries on outlinks in graph.go and read_diff.go.

// urlFacts is what the writer knows of a URL in the database.
type urlFacts struct {
	id     int64 // its row; 0 when not known
	queued bool  // it has a row in a state other than linked
	linked bool  // a link to it is recorded (its kind is set)
	fresh  bool  // its row was inserted by the record being written
	raised bool  // the record being written queued it, linked until then
}

// knownMax bounds Frontier.known: 4,096 URLs, about 400 KB.
const knownMax = 4096

// learned is a URL's facts, kept in Frontier.known once committed.
type learned struct {
	url   string
	facts urlFacts
}

// pageWrite is the writer's scratch for one record, reset each time the
// record's write runs (a batch that failed runs it again alone). Records
// waiting in a batch each hold one; a committed record's goes back to
// pageWrites, so that its maps and slices, sized for a page's links, serve
// the next record instead of being grown again.
type pageWrite struct {
	queued map[string]urlFacts // the URLs the record queues
	kinds  map[string]string   // the kind of the record's first link to each target (firstKinds)
	// kindsFor says kinds is this record's: it is made only when a URL
	// is written, which most records of a large crawl do not do.
	kindsFor bool
	links    []frontier.Link // the record's links, one per target, in URL order
	firsts   map[string]bool // the targets new to the crawl
	json     []byte
	learned  []learned
}

var pageWrites = sync.Pool{New: func() any { return new(pageWrite) }}

func (w *pageWrite) reset() {
	if w.queued == nil {
		w.queued, w.firsts = map[string]urlFacts{}, map[string]bool{}
	}
	clear(w.queued)
	clear(w.firsts)
	w.links = w.links[:0]
	w.json = w.json[:0]
	w.learned = w.learned[:0]
	w.kindsFor = false
}

// queueURL writes n as queued, unless it is known: a new row, or a row of a
// link's target raised to queued. kind gives the kind of the page's first
// link to a URL, if any; it is asked only when a row is written. cached
// says the facts came from Frontier.known, which holds them already.
func (f *Frontier) queueURL(ctx context.Context, rc *rawConn, n frontier.New, kind func(url string) string) (facts urlFacts, cached bool, err error) {
	if e, ok := f.known[n.URL]; ok && e.queued {
		return urlFacts{id: e.id, queued: true, linked: e.linked}, true, nil
	}
	c := n.Citation
	k := kind(n.URL)
	id, err := rc.insert(ctx, "insertURL", n.URL, n.Host, string(frontier.StateQueued), string(c.Via), c.FoundOn, c.Anchor, c.Depth, k)
	if err != nil {
		return urlFacts{}, false, err
	}
	if id != 0 {
		return urlFacts{id: id, queued: true, linked: k != "", fresh: true}, false, nil
	}
	v, err := rc.queryRow(ctx, "upgrade", n.Host, string(frontier.StateQueued), string(c.Via), c.FoundOn, c.Anchor, c.Depth, n.URL)
	switch {
	case errors.Is(err, sql.ErrNoRows): // queued, seen or done already
		return urlFacts{queued: true}, false, nil
	case err != nil:
		return urlFacts{}, false, err
	}
	id, _ = v.(int64)
	return urlFacts{id: id, queued: true, linked: true, raised: true}, false, nil
}

// linkTarget returns the row of l's target, writing one (state linked) when
// the crawl never met it, and whether it did: the link is then a first.
func (f *Frontier) linkTarget(ctx context.Context, rc *rawConn, w *pageWrite, l frontier.Link) (int64, bool, error) {
	if e, ok := f.known[l.To]; ok && e.linked && e.id != 0 {
		return e.id, false, nil
	}
	q, queued := w.queued[l.To]
	switch {
	case queued && q.fresh:
		w.learned = append(w.learned, learned{l.To, urlFacts{id: q.id, queued: true, linked: true}})
		return q.id, true, nil
	case queued && q.raised:
		w.learned = append(w.learned, learned{l.To, urlFacts{id: q.id, queued: true, linked: true}})
		return q.id, false, nil
	case !queued:
		id, err := rc.insert(ctx, "insertLinked", l.To, string(l.Kind))
		if err != nil {
			return 0, false, err
		}
		if id != 0 {
			w.learned = append(w.learned, learned{l.To, urlFacts{id: id, linked: true}})
			return id, true, nil
		}
	}
	row, err := rc.row(ctx, "lookup", l.To)
	if err != nil {
		return 0, false, err
	}
	id, _ := row[0].(int64)
	if asString(row[1]) == "" {
		if _, err := rc.exec(ctx, "setKind", string(l.Kind), id); err != nil {
			return 0, false, err
		}
	}
	w.learned = append(w.learned, learned{l.To, urlFacts{id: id, queued: queued, linked: true}})
	return id, false, nil
}

// writeLinks records a page's links as its row of outlinks and appends to
// firsts the links whose targets the crawl had never met, linked or queued:
// the first link to each, in the page's order (as the other frontiers give
// them).
func (f *Frontier) writeLinks(ctx context.Context, rc *rawConn, w *pageWrite, page int64, links []frontier.Link, firsts []frontier.Link) ([]frontier.Link, error) {
	if len(links) == 0 {
		return firsts, nil
	}
	w.links = appendUnique(w.links, links)
	w.json = append(w.json, '[')
	for i, l := range w.links {
		id, first, err := f.linkTarget(ctx, rc, w, l)
		if err != nil {
			return nil, err
		}
		if first {
			w.firsts[l.To] = true
		}
		if i > 0 {
			w.json = append(w.json, ',')
		}
		w.json = appendLinkJSON(w.json, id, l)
	}
	w.json = append(w.json, ']')
	if _, err := rc.exec(ctx, "insertLinks", page, string(w.json)); err != nil {
		return nil, err
	}
	for _, l := range links {
		if w.firsts[l.To] {
			firsts = append(firsts, l)
			delete(w.firsts, l.To)
		}
	}
	return firsts, nil
}

// firstKinds returns, for each target of links, the kind of its first link.
func firstKinds(links []frontier.Link, into map[string]string) map[string]string {
	if into == nil {
		into = map[string]string{}
	}
	clear(into)
	for _, l := range links {
		if _, ok := into[l.To]; !ok {
			into[l.To] = string(l.Kind)
		}
	}
	return into
}

// appendUnique appends to dst the first link of links to each target, in
// the targets' URL order (the order the graph lists a page's edges in).
func appendUnique(dst, links []frontier.Link) []frontier.Link {
	start := len(dst)
	dst = append(dst, links...)
	out := dst[start:]
	slices.SortStableFunc(out, func(a, b frontier.Link) int { return strings.Compare(a.To, b.To) })
	out = slices.CompactFunc(out, func(a, b frontier.Link) bool { return a.To == b.To })
	return dst[:start+len(out)]
}

// learn keeps the facts of a committed record, for the records after it.
// It runs on the writer's goroutine, as the writes that read them do.
func (f *Frontier) learn(w *pageWrite) {
	for _, l := range w.learned {
		if len(f.known) >= knownMax {
			clear(f.known)
		}
		e := f.known[l.url]
		if l.facts.id != 0 {
			e.id = l.facts.id
		}
		e.queued = e.queued || l.facts.queued
		e.linked = e.linked || l.facts.linked
		f.known[l.url] = e
	}
}

// appendLinkJSON appends one entry of outlinks.links: [id,anchor,side,kind].
func appendLinkJSON(b []byte, id int64, l frontier.Link) []byte {
	b = append(b, '[')
	b = strconv.AppendInt(b, id, 10)
	b = append(b, ',')
	b = appendJSONString(b, l.Anchor)
	b = append(b, ',')
	b = appendJSONString(b, string(l.Side))
	b = append(b, ',')
	b = appendJSONString(b, string(l.Kind))
	return append(b, ']')
}

// appendJSONString appends s as a JSON string. A site writes the anchors:
// control characters are escaped and invalid UTF-8 becomes U+FFFD, so that
// SQLite's JSON functions always read what was written.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, "\ufffd"...)
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
