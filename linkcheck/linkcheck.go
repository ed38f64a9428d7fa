// Package linkcheck gives verdicts for link targets the crawl does not fetch
// as pages: external URLs (--check external), asked through the gate with
// HEAD and then GET, and #fragments of pages the crawl fetched (--check
// fragments), answered from each side's ids and <a name> anchors.
//
// A Checker collects targets and their citations while the crawl runs,
// checks external targets at once on a bounded pool of workers (one target
// per host at a time; the gate's throttle spaces them), and gives one Event
// per target when the crawl finishes. Verdicts are remembered through a
// Store: a target checked within Config.RecheckAfter is not asked again.
package linkcheck

import (
	"context"
	"net/url"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// Verdict is a link target's outcome; the values are the link event's
// "verdict" field and the names --fail-on accepts.
type Verdict string

const (
	// OK: the target answered 2xx (after redirects), or the fragment is
	// an id or name on the page.
	OK Verdict = "ok"
	// Broken: verified missing: 404, 410 (and other 4xx a server gives for
	// a bad address), an unknown host, a refused connection, a TLS failure,
	// a fragment no side of the page has.
	Broken Verdict = "broken"
	// Unverifiable: the target could not be judged: 401, 403, 429, 451,
	// 503 or another 5xx, a block page, a timeout, robots.txt disallows
	// asking, a login redirect.
	Unverifiable Verdict = "unverifiable"
)

// Bad reports whether v is a verdict a CI gate may fail on (--fail-on
// broken, unverifiable): any but OK.
func (v Verdict) Bad() bool { return v == Broken || v == Unverifiable }

// Kinds of target, the link event's "kind" field.
const (
	KindExternal = "external"
	KindFragment = "fragment"
)

// Defaults of Config.
const (
	DefaultWorkers      = 8
	DefaultTimeout      = 20 * time.Second
	DefaultRecheckAfter = 24 * time.Hour
	DefaultMaxCitations = 20
	// MaxBodyRead is how much of a GET's body is read (to tell a block
	// page) before the connection is closed.
	MaxBodyRead = 8 << 10
)

// EventName names the event in a crawl's stream.
func (*Event) EventName() string { return EventName }

// Citation is where a target was linked and through what words.
type Citation struct {
	FoundOn string `json:"found_on"`
	Anchor  string `json:"anchor"`
}

// EventName is the link event's name, the "event" field of its JSON.
const EventName = "link"

// Event is the link event: one per target.
type Event struct {
	Event   string  `json:"event"` // EventName
	URL     string  `json:"url"`   // the target; a fragment target is page#fragment
	Kind    string  `json:"kind"`  // KindExternal or KindFragment
	Verdict Verdict `json:"verdict"`
	Reason  string  `json:"reason"` // words for a person
	// Status is the target's final HTTP status (absent when none arrived,
	// and for fragments).
	Status int `json:"status,omitempty"`
	// FinalURL is where redirects ended, when elsewhere.
	FinalURL string `json:"final_url,omitempty"`
	// Side says which side of the target page has a fragment: plain,
	// rendered or both (fragments only).
	Side string `json:"side,omitempty"`
	// Remembered: the verdict is the database's, from CheckedAt; the
	// target was not asked again.
	Remembered bool      `json:"remembered,omitempty"`
	CheckedAt  time.Time `json:"checked_at"`
	// Citations lists where the target was linked, at most
	// Config.MaxCitations; MoreCitations counts the rest.
	Citations     []Citation `json:"citations"`
	MoreCitations int        `json:"more_citations,omitempty"`
}

// Totals counts the verdicts of a run; Unchecked counts targets left without
// one (the crawl stopped before their check finished, or a fragment's page
// was never fetched).
type Totals struct {
	OK           int `json:"ok"`
	Broken       int `json:"broken"`
	Unverifiable int `json:"unverifiable"`
	Unchecked    int `json:"unchecked"`
}

// Store keeps verdicts between runs; *store.Store satisfies it.
type Store interface {
	// SaveLink records ev as the verdict of ev.URL.
	SaveLink(ctx context.Context, ev *Event) error
}

// Config configures a Checker. Zero fields take the Default* values.
type Config struct {
	// Gate carries every request; required when External is set.
	Gate Gate
	// External checks external targets; Fragments checks #fragments.
	External, Fragments bool
	// Workers bounds the checks in flight (each on its own host).
	Workers int
	// Timeout bounds one check (HEAD and GET, redirects included).
	Timeout time.Duration
	// RecheckAfter: a remembered verdict younger than this is used again
	// without asking. Negative means always ask again.
	RecheckAfter time.Duration
	// MaxCitations caps each event's citation list.
	MaxCitations int
	// Remembered are verdicts from earlier runs (the database's).
	Remembered []*Event
	// Store, if set, records each verdict this run reaches.
	Store Store
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Checker collects link targets during a crawl and gives their verdicts.
// Its methods are safe for concurrent use. Start it, feed it with Cite and
// Anchors, and call Finish once: Finish waits for the checks it started.
type Checker struct {
	cfg Config

	mu      sync.Mutex
	cond    *sync.Cond
	targets map[string]*target // by target URL (page#fragment for fragments)
	order   []string
	pending map[string][]*target // external targets waiting, by host
	hosts   []string             // hosts with pending targets, oldest first
	busy    map[string]bool      // hosts with a check in flight
	closed  bool
	anchors map[string]map[fetch.Name][]string // page URL → side → sorted anchors
	old     map[string]*Event

	wg sync.WaitGroup
}

type target struct {
	url, page, fragment string
	kind                string
	citations           []Citation
	more                int
	cited               map[string]bool // found_on already cited
	ev                  *Event          // the verdict, once reached
	queued              bool
}

// New returns a Checker for cfg, with zero fields set to their defaults.
func New(cfg Config) *Checker {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.RecheckAfter == 0 {
		cfg.RecheckAfter = DefaultRecheckAfter
	}
	if cfg.MaxCitations <= 0 {
		cfg.MaxCitations = DefaultMaxCitations
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	c := &Checker{cfg: cfg, targets: map[string]*target{}, pending: map[string][]*target{}, busy: map[string]bool{},
		anchors: map[string]map[fetch.Name][]string{}, old: map[string]*Event{}}
	c.cond = sync.NewCond(&c.mu)
	for _, ev := range cfg.Remembered {
		c.old[ev.URL] = ev
	}
	// An external target an earlier run checked too long ago is asked
	// again, with its citations, whether or not this run cites it.
	for _, ev := range cfg.Remembered {
		if ev.Kind != KindExternal || !cfg.External || c.fresh(ev.URL) != nil {
			continue
		}
		t := &target{url: ev.URL, page: ev.URL, kind: KindExternal, cited: map[string]bool{}, queued: true, more: ev.MoreCitations}
		for _, ci := range ev.Citations {
			c.cite(t, ci)
		}
		c.targets[ev.URL] = t
		c.order = append(c.order, ev.URL)
		c.enqueue(t)
	}
	return c
}

// Start starts the workers that check external targets; they end when ctx
// ends or after Finish. Finish waits for them.
func (c *Checker) Start(ctx context.Context) {
	if !c.cfg.External || c.cfg.Gate == nil {
		return
	}
	stop := context.AfterFunc(ctx, func() {
		c.mu.Lock()
		c.closed = true
		c.cond.Broadcast()
		c.mu.Unlock()
	})
	var workers sync.WaitGroup
	for range c.cfg.Workers {
		workers.Go(func() { c.work(ctx) })
	}
	c.wg.Go(func() {
		workers.Wait()
		stop()
	})
}

// Cite records a link to target (absolute, normalised, fragment-free) with
// fragment (as written, "" when none), found on the page foundOn through
// anchor. external says the target is not on the crawl's site. A target is
// checked once, whatever the number of its citations.
func (c *Checker) Cite(targetURL, fragment string, external bool, foundOn, anchor string) {
	key, kind := targetURL, KindExternal
	switch {
	case external && c.cfg.External:
	case !external && c.cfg.Fragments && isAnchorFragment(fragment):
		key, kind = targetURL+"#"+fragment, KindFragment
	default:
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.targets[key]
	if t == nil {
		t = &target{url: key, page: targetURL, fragment: fragment, kind: kind, cited: map[string]bool{}}
		c.targets[key] = t
		c.order = append(c.order, key)
	}
	c.cite(t, Citation{FoundOn: foundOn, Anchor: anchor})
	if kind == KindExternal && !t.queued {
		t.queued = true
		if ev := c.fresh(key); ev != nil {
			t.ev = ev
			return
		}
		c.enqueue(t)
	}
}

func (c *Checker) cite(t *target, ci Citation) {
	if t.cited[ci.FoundOn] {
		return
	}
	t.cited[ci.FoundOn] = true
	if len(t.citations) < c.cfg.MaxCitations {
		t.citations = append(t.citations, ci)
		return
	}
	t.more++
}

// fresh returns the remembered verdict of key when it is recent enough to
// use again (the caller holds mu).
func (c *Checker) fresh(key string) *Event {
	ev := c.old[key]
	if ev == nil || c.cfg.RecheckAfter < 0 || c.cfg.Now().Sub(ev.CheckedAt) >= c.cfg.RecheckAfter {
		return nil
	}
	cp := *ev
	cp.Remembered = true
	return &cp
}

func (c *Checker) enqueue(t *target) {
	host := hostOf(t.url)
	if len(c.pending[host]) == 0 && !c.busy[host] {
		c.hosts = append(c.hosts, host)
	}
	c.pending[host] = append(c.pending[host], t)
	c.cond.Signal()
}

// Anchors records the fragment targets one side of a fetched page has; urls
// are the names the page goes by (asked, final, canonical).
func (c *Checker) Anchors(urls []string, side fetch.Name, anchors []string) {
	if !c.cfg.Fragments {
		return
	}
	sorted := slices.Clone(anchors)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, u := range urls {
		if u == "" {
			continue
		}
		if c.anchors[u] == nil {
			c.anchors[u] = map[fetch.Name][]string{}
		}
		c.anchors[u][side] = sorted
	}
}

// work checks external targets, one host at a time per worker, until the
// Checker is closed and nothing is pending.
func (c *Checker) work(ctx context.Context) {
	for {
		c.mu.Lock()
		for len(c.hosts) == 0 && !c.closed {
			c.cond.Wait()
		}
		if len(c.hosts) == 0 || ctx.Err() != nil {
			c.mu.Unlock()
			return
		}
		host := c.hosts[0]
		c.hosts = c.hosts[1:]
		t := c.pending[host][0]
		c.pending[host] = c.pending[host][1:]
		c.busy[host] = true
		c.mu.Unlock()

		ev, ok := c.check(ctx, t.url)

		c.mu.Lock()
		if ok {
			t.ev = ev
		}
		c.busy[host] = false
		if len(c.pending[host]) > 0 {
			c.hosts = append(c.hosts, host)
			c.cond.Signal()
		} else {
			delete(c.pending, host)
		}
		c.mu.Unlock()
	}
}

// Finish waits for the checks in flight and those still pending (unless ctx
// ends or the gate stops, which leaves them unchecked), judges the fragment
// targets, records every verdict reached in this run in the Store, and
// returns one Event per target in the order first cited (then the
// remembered targets this run did not cite), with the totals.
func (c *Checker) Finish(ctx context.Context) ([]*Event, Totals, error) {
	c.mu.Lock()
	c.closed = true
	c.cond.Broadcast()
	c.mu.Unlock()
	c.wg.Wait()

	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*Event
	var tot Totals
	var saveErr error
	now := c.cfg.Now()
	for _, key := range c.order {
		t := c.targets[key]
		if t.kind == KindFragment {
			t.ev = c.judgeFragment(t, now)
		}
		if t.ev == nil {
			tot.Unchecked++
			continue
		}
		ev := t.ev
		ev.Event, ev.Kind = EventName, t.kind
		ev.Citations, ev.MoreCitations = nonNil(t.citations), t.more
		out = append(out, ev)
		if c.cfg.Store != nil && saveErr == nil {
			saveErr = c.cfg.Store.SaveLink(ctx, ev)
		}
	}
	// Targets an earlier run judged and this one did not cite stay part of
	// the crawl: said again, as remembered.
	var rest []string
	for key := range c.old {
		if c.targets[key] == nil {
			rest = append(rest, key)
		}
	}
	sort.Strings(rest)
	for _, key := range rest {
		cp := *c.old[key]
		cp.Remembered = true
		out = append(out, &cp)
	}
	for _, ev := range out {
		switch ev.Verdict {
		case OK:
			tot.OK++
		case Broken:
			tot.Broken++
		case Unverifiable:
			tot.Unverifiable++
		}
	}
	return out, tot, saveErr
}

func nonNil(c []Citation) []Citation {
	if c == nil {
		return []Citation{}
	}
	return c
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Host
	}
	return ""
}
