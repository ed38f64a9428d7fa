// Package frontier holds the crawl's queue: the URLs waiting to be fetched,
// each with its citation, the set of URLs already seen, and which host is
// ready next. The scheduling rule (Soonest) and the pop loop (Pop) are
// written once, over a small Queue interface: Memory is the in-process
// queue; the store package keeps the same queue in SQLite or PostgreSQL.
package frontier

import (
	"context"
	"errors"
	"iter"
	"slices"
	"sync"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/refuse"
)

// ErrExhausted is returned by Next when nothing is queued and nothing is in
// flight: the crawl is over.
var ErrExhausted = errors.New("frontier: exhausted")

// ErrOnlyDeferred is returned by Next when nothing is in flight and every
// queued URL belongs to a deferred host: waiting is all that is left.
var ErrOnlyDeferred = errors.New("frontier: only deferred hosts remain")

// Item is a URL handed to a worker, with the throttle slot reserved for it.
type Item struct {
	URL      string
	Host     string
	Citation discovery.Discovery
	Attempts int       // how many times it was paused and retried
	Slot     time.Time // when the host's slot for it comes
	ID       int64     // the URL's row in a database frontier; 0 elsewhere
}

// State is what became of a URL the frontier holds. The values are stable:
// the stores keep them in the urls table's state column.
type State string

const (
	StateQueued     State = "queued"     // waiting to be fetched, or in flight
	StateSeen       State = "seen"       // met (a redirect's target, a canonical URL), never queued
	StateDone       State = "done"       // fetched, not refused: kept, or a kept page's duplicate
	StateRefused    State = "refused"    // refused, or its fetch failed (Result.Cause says why)
	StateDisallowed State = "disallowed" // robots.txt disallows it: never fetched
)

// Scheduler keeps each host's slots; policy.Throttle satisfies it.
type Scheduler interface {
	Ready(host string) time.Time
	Reserve(host string) time.Time
}

// Result is what became of an item, handed to Complete in one piece so that
// a durable frontier can record it in one transaction: the page, its links,
// and the URLs it adds to the queue.
type Result struct {
	State State // StateDone (kept), StateRefused or StateDisallowed
	// Page facts, for a fetched page.
	FinalURL      string
	Status        int
	Cause         refuse.Cause // why, for StateRefused and StateDisallowed
	Title         string
	Words         int
	PlainWords    int    // -1 when the side did not run
	RenderedWords int    // -1 when the side did not run
	Event         []byte // the page event as written
	Links         []Link
	Queue         []New

	// LastModified is when the server said the page last changed (the
	// plain side's Last-Modified header); zero when it did not say.
	LastModified time.Time
	// Content is a kept page's main content (--keep content); nil when
	// none is kept. A durable frontier records it with the page.
	Content *Content
}

// Content is a kept page's main content as a crawl keeps it: its Markdown
// block by block, and the hashes of the page's blocks of text, from which
// its site's template is learned again (docs/design.md, "Content").
type Content struct {
	Side         string // the document it was read from: "plain" (as served) or "rendered"
	Site         string // the host whose pages' template it counts in
	Title        string
	Lang         string // BCP 47: declared, else detected (LangDetected)
	LangDetected bool
	Words        int      // the words of the Markdown's text (content.BlockText)
	Truncated    bool     // the document or the Markdown was cut at its bound
	Blocks       []string // the Markdown, block by block (content.Blocks)
	// BlockRuns holds, for each block, the hashes of the page's blocks
	// of text it was written from (content.Document.BlockRuns); nil for
	// a block they do not make up.
	BlockRuns [][]uint64
	Runs      []uint64 // the page's text blocks' hashes (content.Document.BlockHashes)
}

// Link is an edge of the web graph.
type Link struct {
	To     string
	Anchor string
	Side   fetch.LinkSide
	Kind   discovery.Kind
}

// New is a URL a page offers to the queue.
type New struct {
	URL      string
	Host     string
	Citation discovery.Discovery
}

// SitemapSummary sets a crawl's sitemap URLs against its pages and links.
type SitemapSummary struct {
	Live, Dead, Refused int  // sitemap URLs fetched: kept; missing or failed; refused otherwise
	NeverLinked         List // sitemap URLs no page linked to
	NotInSitemap        List // kept, linked pages that no sitemap listed
	Disallowed          List // sitemap URLs robots.txt disallows
}

// List is a count and the first URLs counted.
type List struct {
	Count int
	URLs  []string
}

// Add counts u, keeping it when the list has fewer than limit URLs.
func (l *List) Add(u string, limit int) {
	l.Count++
	if len(l.URLs) < limit {
		l.URLs = append(l.URLs, u)
	}
}

// Count tallies a sitemap URL's outcome from its state and refusal cause.
func (s *SitemapSummary) Count(state State, cause refuse.Cause) {
	switch {
	case state == StateDone:
		s.Live++
	case state == StateRefused && (cause == refuse.Missing || cause == refuse.FetchError):
		s.Dead++
	case state == StateRefused:
		s.Refused++
	}
}

// Stats is a snapshot of the frontier.
type Stats struct {
	Queued   int `json:"queued"`
	Seen     int `json:"seen"`
	InFlight int `json:"in_flight"`
	Deferred int `json:"deferred"` // queued URLs of deferred hosts
}

// Memory is a frontier held in memory, for a crawl one process runs
// without a database. It is safe for concurrent use; create it with
// NewMemory. Its methods take a context for the interfaces a database's
// frontier shares with it (crawl's frontier.go); none waits on it but
// Next. It never fails, keeps no page records and no content.
type Memory struct {
	sched    Scheduler
	maxDepth int

	mu       sync.Mutex
	seen     map[string]*entry
	targets  map[string]bool // every link target
	hosts    map[string]*hostQueue
	queued   int
	inFlight int
	wake     chan struct{}     // closed and replaced when something changes
	kept     map[string]string // canonical URL -> the page kept for it
}

type entry struct {
	state     State
	cause     refuse.Cause
	inSitemap bool
}

type hostQueue struct {
	items    []Item
	deferred time.Time // no URL of the host is handed out before this
}

// NewMemory returns an empty frontier that takes slots from sched and
// refuses URLs deeper than maxDepth (a negative maxDepth means no limit).
func NewMemory(sched Scheduler, maxDepth int) *Memory {
	return &Memory{sched: sched, maxDepth: maxDepth, seen: map[string]*entry{}, targets: map[string]bool{}, hosts: map[string]*hostQueue{}, wake: make(chan struct{})}
}

func (m *Memory) signal() {
	close(m.wake)
	m.wake = make(chan struct{})
}

// Add queues url (of host) with its citation unless it was seen before or
// is too deep. It reports whether the URL was queued.
func (m *Memory) Add(_ context.Context, url, host string, c discovery.Discovery) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.seen[url]; ok {
		return false
	}
	if m.maxDepth >= 0 && c.Depth > m.maxDepth {
		return false
	}
	m.seen[url] = &entry{state: StateQueued}
	q := m.hosts[host]
	if q == nil {
		q = &hostQueue{}
		m.hosts[host] = q
	}
	q.items = append(q.items, Item{URL: url, Host: host, Citation: c})
	m.queued++
	m.signal()
	return true
}

// MarkSeen records url as seen without queueing it (a redirect's target, a
// canonical URL). It reports whether url was new.
func (m *Memory) MarkSeen(_ context.Context, url string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.seen[url]; ok {
		return false
	}
	m.seen[url] = &entry{state: StateSeen}
	return true
}

// Claim records url as the page kept for the canonical URL canon, unless
// another page holds it already, and returns the holder (url itself when it
// is the first).
func (m *Memory) Claim(_ context.Context, canon, url string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	if h, ok := m.kept[canon]; ok {
		return h
	}
	if m.kept == nil {
		m.kept = map[string]string{}
	}
	m.kept[canon] = url
	return url
}

// Defer holds every URL of host until until (its robots.txt is unreachable).
func (m *Memory) Defer(_ context.Context, host string, until time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	q := m.hosts[host]
	if q == nil {
		q = &hostQueue{}
		m.hosts[host] = q
	}
	q.deferred = until
	m.signal()
}

// Next hands out the queued URL whose host's slot comes soonest, reserving
// that slot (see Pop). It blocks while nothing is queued but pages are in
// flight (they may add links), and returns ErrExhausted or ErrOnlyDeferred
// when the crawl can go no further, or ctx's error.
func (m *Memory) Next(ctx context.Context) (Item, error) {
	return Pop(ctx, memQueue{m}, m.changed, 0)
}

// changed returns a channel closed at the next change.
func (m *Memory) changed() <-chan struct{} {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.wake
}

// memQueue is Memory seen as a Queue.
type memQueue struct{ m *Memory }

func (q memQueue) Hosts(context.Context) ([]HostState, int, error) {
	m := q.m
	m.mu.Lock()
	defer m.mu.Unlock()
	hosts := make([]HostState, 0, len(m.hosts))
	for host, hq := range m.hosts {
		if len(hq.items) > 0 {
			hosts = append(hosts, HostState{Host: host, Queued: true, Deferred: hq.deferred, Free: m.sched.Ready(host)})
		}
	}
	return hosts, m.inFlight, nil
}

func (q memQueue) Take(_ context.Context, host string) (Item, bool, error) {
	m := q.m
	m.mu.Lock()
	defer m.mu.Unlock()
	hq := m.hosts[host]
	if hq == nil || len(hq.items) == 0 {
		return Item{}, false, nil
	}
	it := hq.items[0]
	hq.items[0] = Item{}
	hq.items = hq.items[1:]
	m.queued--
	m.inFlight++
	it.Slot = m.sched.Reserve(host)
	return it, true, nil
}

// Retry puts an in-flight item back at the front of its host's queue, as it
// is (the caller counts its attempts).
func (m *Memory) Retry(_ context.Context, it Item) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it.Slot = time.Time{}
	q := m.hosts[it.Host]
	q.items = append([]Item{it}, q.items...)
	m.queued++
	m.inFlight--
	m.signal()
}

// Complete finishes an in-flight item: it records the item's state, queues
// the URLs the page found (Add's rules apply), and returns the links whose
// targets the frontier had never seen, linked or queued.
func (m *Memory) Complete(ctx context.Context, it Item, r Result) []Link {
	m.mu.Lock()
	var firsts []Link
	for _, l := range r.Links {
		if !m.targets[l.To] && m.seen[l.To] == nil {
			firsts = append(firsts, l)
		}
		m.targets[l.To] = true
	}
	if e := m.seen[it.URL]; e != nil {
		e.state, e.cause = r.State, r.Cause
	}
	m.mu.Unlock()
	for _, n := range r.Queue {
		m.Add(ctx, n.URL, n.Host, n.Citation)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.inFlight--
	m.signal()
	return firsts
}

// CompleteThen is Complete of a page known by canon (none when ""): it
// claims canon for it.URL, and completes the item only when no other page
// holds it. It calls then before it returns, with the page's first links,
// or with the page holding canon (the item is then still in flight).
func (m *Memory) CompleteThen(ctx context.Context, it Item, r Result, canon string, then func(firsts []Link, holder string, err error)) {
	if canon != "" {
		if holder := m.Claim(ctx, canon, it.URL); holder != it.URL {
			then(nil, holder, nil)
			return
		}
	}
	then(m.Complete(ctx, it, r), "", nil)
}

// Pause does nothing: a crawl in memory is one process's, whose throttle
// holds a host's pause already.
func (m *Memory) Pause(context.Context, string, time.Time) {}

// BrokenCanonicals finds none: a frontier in memory keeps no page records
// to check or amend.
func (m *Memory) BrokenCanonicals(context.Context, func(BrokenCanonical, []byte) ([]byte, error)) ([]BrokenCanonical, error) {
	return nil, nil
}

// ContentRuns calls fn for no page: a frontier in memory keeps no content.
func (m *Memory) ContentRuns(context.Context, func(site string, runs []uint64)) error { return nil }

// Sitemapped records that a sitemap listed url, queueing it as Add does
// when it is new; it reports whether it was new.
func (m *Memory) Sitemapped(ctx context.Context, url, host string, c discovery.Discovery) bool {
	added := m.Add(ctx, url, host, c)
	m.mu.Lock()
	defer m.mu.Unlock()
	if e := m.seen[url]; e != nil {
		e.inSitemap = true
	}
	return added
}

// Summary sets the sitemap URLs against what the crawl found; with
// unlisted, it also counts the kept, linked pages no sitemap lists.
func (m *Memory) Summary(_ context.Context, disallowed func(url string) bool, limit int, unlisted bool) SitemapSummary {
	m.mu.Lock()
	defer m.mu.Unlock()
	var sitemap, linked []string
	for u, e := range m.seen {
		if e.inSitemap {
			sitemap = append(sitemap, u)
		}
	}
	if unlisted {
		for u := range m.targets {
			linked = append(linked, u)
		}
	}
	slices.Sort(sitemap)
	slices.Sort(linked)
	var s SitemapSummary
	for _, u := range sitemap {
		e := m.seen[u]
		s.Count(e.state, e.cause)
		if !m.targets[u] {
			s.NeverLinked.Add(u, limit)
		}
		if e.state == StateDisallowed || (e.state == StateQueued && disallowed(u)) {
			s.Disallowed.Add(u, limit)
		}
	}
	for _, u := range linked {
		if e := m.seen[u]; e != nil && e.state == StateDone && !e.inSitemap {
			s.NotInSitemap.Add(u, limit)
		}
	}
	return s
}

// Stats returns a snapshot.
func (m *Memory) Stats(context.Context) Stats {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := Stats{Queued: m.queued, Seen: len(m.seen), InFlight: m.inFlight}
	now := time.Now()
	for _, q := range m.hosts {
		if now.Before(q.deferred) {
			s.Deferred += len(q.items)
		}
	}
	return s
}

// Err returns nil: a frontier in memory keeps no record that could fail.
// (A database frontier returns the write that failed.)
func (m *Memory) Err() error { return nil }

// Pending returns the queued items (for the done event's list of what was
// left, and for a later resume), in host order.
func (m *Memory) Pending() []Item {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Item
	for _, q := range m.hosts {
		out = append(out, q.items...)
	}
	return out
}

// HostState is what Soonest needs to know of a host.
type HostState struct {
	Host     string
	Queued   bool      // it has URLs waiting
	Deferred time.Time // none are handed out before this
	// Free is when the host's next slot is free; it may be in the past
	// (free since then), and is the zero time for a host never served.
	Free time.Time
}

// Soonest is the scheduling rule every frontier follows: among the hosts
// that have queued URLs and are not deferred, the one whose slot comes
// first. Among hosts ready now, the one whose slot has been free longest
// (the one served least recently) goes first, so ready hosts take turns;
// a last tie goes to the smaller name, so the order is reproducible.
// deferredOnly reports that queued URLs wait only on deferral.
func Soonest(hosts iter.Seq[HostState]) (best string, deferredOnly bool) {
	now := time.Now()
	var bestAt, bestFree time.Time
	for h := range hosts {
		host := h.Host
		if !h.Queued {
			continue
		}
		if now.Before(h.Deferred) {
			deferredOnly = true
			continue
		}
		free := h.Free
		at := free
		if at.Before(now) {
			at = now
		}
		switch {
		case best == "", at.Before(bestAt),
			at.Equal(bestAt) && free.Before(bestFree),
			at.Equal(bestAt) && free.Equal(bestFree) && host < best:
			best, bestAt, bestFree = host, at, free
		}
	}
	return best, deferredOnly
}

// Queue is what the scheduling rule needs of a frontier's storage: the
// hosts with URLs waiting, and one URL of a host taken with its slot.
// Memory, and the SQLite and PostgreSQL stores, implement it; Pop schedules
// over it.
type Queue interface {
	// Hosts returns the hosts with URLs waiting to be taken, and how many
	// URLs are in flight (for a queue shared by several processes, in
	// flight anywhere: they may still add URLs).
	Hosts(ctx context.Context) (hosts []HostState, inFlight int, err error)
	// Take hands out host's next URL, with the host's next slot reserved
	// for it and counted in flight; ok is false when host has none left to
	// take (another worker took the last).
	Take(ctx context.Context, host string) (it Item, ok bool, err error)
}

// A Waiter is a Queue that Pop tells when it is about to wait: nothing can
// be taken until a URL in flight is completed (for a queue that records
// pages in batches, a reason to record now). The SQLite store's queue is
// one (asserted in store's assert_test.go); the others need no telling.
type Waiter interface {
	Queue
	Waiting()
}

// Pop hands out the URL of the host Soonest picks among q's hosts. While
// nothing can be taken but URLs are in flight, it waits for the channel
// changed returns to close (it is asked before each look, so no change is
// missed), and, when poll is positive, looks again at least that often, for
// a queue that other processes change too. It returns ErrExhausted when
// nothing is queued and nothing is in flight, ErrOnlyDeferred when what is
// queued waits only on deferred hosts, q's error, or ctx's.
func Pop(ctx context.Context, q Queue, changed func() <-chan struct{}, poll time.Duration) (Item, error) {
	for {
		wake := changed()
		hosts, inFlight, err := q.Hosts(ctx)
		if err != nil {
			return Item{}, err
		}
		taken := map[string]bool{} // hosts whose last URL was taken meanwhile
		var deferredOnly bool
		for {
			var best string
			best, deferredOnly = Soonest(func(yield func(HostState) bool) {
				for _, h := range hosts {
					if !taken[h.Host] && !yield(h) {
						return
					}
				}
			})
			if best == "" {
				break
			}
			it, ok, err := q.Take(ctx, best)
			if err != nil {
				return Item{}, err
			}
			if ok {
				return it, nil
			}
			taken[best] = true
		}
		if len(taken) > 0 {
			continue // the queue changed while we looked: look again
		}
		if inFlight == 0 {
			if deferredOnly {
				return Item{}, ErrOnlyDeferred
			}
			return Item{}, ErrExhausted
		}
		if w, ok := q.(Waiter); ok {
			w.Waiting()
		}
		if err := waitChange(ctx, wake, poll); err != nil {
			return Item{}, err
		}
	}
}

// waitChange waits for wake to close, for poll to pass (when positive), or
// for ctx to end.
func waitChange(ctx context.Context, wake <-chan struct{}, poll time.Duration) error {
	var tick <-chan time.Time
	if poll > 0 {
		t := time.NewTimer(poll)
		defer t.Stop()
		tick = t.C
	}
	select {
	case <-wake:
	case <-tick:
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}
