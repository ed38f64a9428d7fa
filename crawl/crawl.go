package crawl

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// Pages fetches one page through the union; *union.Union satisfies it.
type Pages interface {
	Fetch(ctx context.Context, u *url.URL) (*union.Page, error)
}

// Frontier is the queue the crawl pops from; *frontier.Memory satisfies it.
type Frontier interface {
	Add(url, host string, c discovery.Discovery) bool
	MarkSeen(url string) bool
	Defer(host string, until time.Time)
	Next(ctx context.Context) (frontier.Item, error)
	Retry(it frontier.Item)
	// Complete finishes an item with its result in one piece (a durable
	// frontier records the page, its links and its new URLs atomically) and
	// returns the links whose targets were never seen before.
	Complete(it frontier.Item, r frontier.Result) []frontier.Link
	// Sitemapped is Add for a URL a sitemap lists; it also marks it as
	// listed, whether or not it was new.
	Sitemapped(url, host string, c discovery.Discovery) bool
	// Summary sets the sitemap URLs against the crawl's pages and links.
	Summary(disallowed func(url string) bool, limit int) frontier.SitemapSummary
	Stats() frontier.Stats
}

// Journal keeps a durable record of the run: *store.Journal satisfies it.
type Journal interface {
	Run(ev any, resumed bool) error
	Done(ev any) error
	Robots(p *policy.RobotsPolicy) error
}

// Crawler runs one crawl. Create it with New; Run may be called once.
type Crawler struct {
	cfg      Config
	pages    Pages
	front    Frontier
	throttle *policy.Throttle
	robots   *policy.RobotsClient
	http     *http.Client
	scope    *scope
	sink     Sink
	journal  Journal
	version  string

	stopOnce sync.Once
	stopCh   chan struct{}
	reason   atomic.Value // string

	emitMu sync.Mutex

	started  atomic.Int64 // page fetches started (the request ceiling)
	prepared sync.Map     // origin -> *originPrep

	// mu guards what follows. Nothing here grows with the number of URLs:
	// per-URL state lives in the frontier (on disk with a database).
	mu           sync.Mutex
	kinds        discovery.Kinds
	skipped      []Skipped // at most MaxSkippedList
	done         DoneEvent
	identical    refuse.Identical
	deferredSaid map[string]time.Time
	pagesSince   int
}

type originPrep struct {
	once    sync.Once
	soft404 *softFingerprint
}

// Deps are what a Crawler works with; the CLI builds them from flags.
type Deps struct {
	Pages    Pages
	Frontier Frontier         // nil: a frontier.Memory
	Throttle *policy.Throttle // nil: one with cfg.HostInterval
	Robots   *policy.RobotsClient
	// HTTP fetches robots-adjacent documents (sitemaps). nil: a client with
	// the identity's User-Agent and a 20 s timeout.
	HTTP *http.Client
	Sink Sink
	// Journal, if set, records the run, its robots policies and its end.
	Journal Journal
	Version string
}

// New checks cfg and returns a Crawler. It returns a *ConfigError for an
// invalid configuration.
func New(cfg Config, d Deps) (*Crawler, error) {
	if err := cfg.fill(); err != nil {
		return nil, err
	}
	if d.Pages == nil || d.Sink == nil {
		return nil, errors.New("crawl: Deps.Pages and Deps.Sink are required")
	}
	c := &Crawler{cfg: cfg, pages: d.Pages, sink: d.Sink, journal: d.Journal, version: d.Version, scope: newScope(&cfg), stopCh: make(chan struct{}),
		kinds: discovery.Kinds{}, deferredSaid: map[string]time.Time{}}
	c.throttle = d.Throttle
	if c.throttle == nil {
		c.throttle = policy.NewThrottle(cfg.HostInterval, nil)
	}
	c.front = d.Frontier
	if c.front == nil {
		c.front = frontier.NewMemory(c.throttle, cfg.Depth)
	}
	c.robots = d.Robots
	if c.robots == nil {
		c.robots = policy.NewRobotsClient(policy.AgentToken, cfg.Identity.UserAgent(), nil)
	}
	c.http = d.HTTP
	if c.http == nil {
		c.http = &http.Client{Timeout: 20 * time.Second}
	}
	c.done = DoneEvent{Event: "done", Causes: map[string]int{}, Skipped: []Skipped{}, Warnings: []string{}}
	for _, cause := range refuse.Causes {
		c.done.Causes[string(cause)] = 0
	}
	return c, nil
}

// Stop asks the crawl to finish: no new URL is popped, pages in flight
// complete, and Run returns with "interrupted". Safe to call more than once.
func (c *Crawler) Stop() { c.stop("interrupted") }

func (c *Crawler) stop(reason string) {
	c.stopOnce.Do(func() {
		c.reason.Store(reason)
		close(c.stopCh)
	})
}

func (c *Crawler) stopped() bool {
	select {
	case <-c.stopCh:
		return true
	default:
		return false
	}
}

func (c *Crawler) emit(ev any) {
	c.emitMu.Lock()
	defer c.emitMu.Unlock()
	c.sink(ev)
}

// Run crawls until the frontier is exhausted, the request ceiling or time
// budget is reached, Stop is called, or ctx ends (which also cancels pages
// in flight). It emits the done event and returns it.
func (c *Crawler) Run(ctx context.Context) *DoneEvent {
	start := time.Now()
	run := c.runEvent()
	c.emit(run)
	if c.journal != nil {
		if err := c.journal.Run(run, c.cfg.Resumed); err != nil {
			c.addWarning("the crawl database could not record the run: " + err.Error())
			c.stop("failure")
		}
	}

	// A worker blocked in Next must wake when the crawl stops.
	popCtx, cancelPop := context.WithCancel(ctx)
	defer cancelPop()
	go func() {
		select {
		case <-c.stopCh:
			cancelPop()
		case <-popCtx.Done():
		}
	}()
	if c.cfg.TimeBudget > 0 {
		t := time.AfterFunc(c.cfg.TimeBudget, func() { c.stop("time-budget") })
		defer t.Stop()
	}

	for _, s := range c.cfg.Seeds {
		if ctx.Err() != nil {
			break
		}
		if n, err := fetch.NormalizeURL(s); err == nil && c.front.Add(n, s.Host, discovery.Discovery{Via: discovery.ViaSeed}) {
			c.tally(discovery.KindPage, 1)
		}
		c.prepare(ctx, s)
	}

	var wg sync.WaitGroup
	for range c.cfg.Concurrency {
		wg.Go(func() { c.worker(ctx, popCtx) })
	}
	wg.Wait()
	if ctx.Err() != nil {
		c.stop("interrupted")
	}
	c.stop("exhausted") // no-op when a reason was already set
	return c.finish(start)
}

func (c *Crawler) worker(ctx, popCtx context.Context) {
	for !c.stopped() && ctx.Err() == nil {
		it, err := c.front.Next(popCtx)
		switch {
		case errors.Is(err, frontier.ErrExhausted), errors.Is(err, frontier.ErrOnlyDeferred):
			c.stop("exhausted")
			return
		case err != nil && popCtx.Err() == nil:
			c.failed(err)
			return
		case err != nil:
			return
		}
		c.handle(ctx, it)
		if f, ok := c.front.(interface{ Err() error }); ok && f.Err() != nil {
			c.failed(f.Err())
			return
		}
	}
}

// failed stops the crawl because its record could not be kept.
func (c *Crawler) failed(err error) {
	c.stopOnce.Do(func() {
		c.addWarning("the crawl stopped: its state could not be kept: " + err.Error())
		c.reason.Store("failure")
		close(c.stopCh)
	})
}

// handle takes one popped URL through robots, the throttle and the union.
func (c *Crawler) handle(ctx context.Context, it frontier.Item) {
	u, err := url.Parse(it.URL)
	if err != nil {
		c.front.Complete(it, frontier.Result{State: "refused", Cause: string(refuse.FetchError)})
		return
	}
	prep := c.prepare(ctx, u)

	rp := c.policyFor(ctx, u)
	if rp.Deferred() {
		c.front.Defer(it.Host, rp.NextAttempt)
		c.front.Retry(it)
		c.sayDeferred(rp)
		return
	}
	if v := rp.Check(u); !v.Allowed {
		c.mu.Lock()
		c.done.Disallowed++
		c.done.Causes[string(refuse.Disallowed)]++
		c.mu.Unlock()
		c.front.Complete(it, frontier.Result{State: "disallowed", Cause: string(refuse.Disallowed)})
		c.emit(&DisallowedEvent{Event: "disallowed", URL: it.URL, Citation: it.Citation, Robots: rp.URL, Group: v.Group, Rule: v.Rule, Reason: v.Reason})
		return
	}
	if max := c.cfg.MaxPages; max > 0 && c.started.Add(1) > int64(max) {
		c.stop("max-pages")
		c.front.Retry(it) // not fetched: it stays pending
		return
	}
	if c.cfg.Delay > 0 {
		if err := policy.SleepUntil(ctx, time.Now().Add(c.cfg.Delay), time.Now); err != nil {
			c.front.Retry(it)
			return
		}
	}
	release, err := c.throttle.WaitReserved(ctx, it.Host, it.Slot)
	if err != nil {
		c.front.Retry(it)
		return
	}
	// The host's interval runs from when the first side sends its request.
	// A refusal is also in p.Refusal; any other error is the context's.
	p, _ := c.pages.Fetch(fetch.WithSent(ctx, release), u)
	release()
	if ctx.Err() != nil {
		c.front.Retry(it)
		return
	}
	if status, after, paused := pausedBy(p); paused {
		if it.Attempts < c.cfg.MaxRetries {
			d := c.throttle.Pause(it.Host, after)
			it.Attempts++
			c.emit(&PausedEvent{Event: "paused", Host: it.Host, URL: it.URL, Status: status, RetryAfter: after, PauseMS: d.Milliseconds(), Attempt: it.Attempts, MaxAttempts: c.cfg.MaxRetries})
			c.front.Retry(it)
			return
		}
		p.Refusal.Words += fmt.Sprintf(" (still refused after %d retries)", c.cfg.MaxRetries)
	} else {
		c.throttle.Succeeded(it.Host)
	}
	c.settle(p, u, prep)
	c.record(p, it)
}

// pausedBy reports whether a page was refused by a 429 or 503, which pause
// the host, with the Retry-After value.
func pausedBy(p *union.Page) (int, string, bool) {
	if p == nil || p.Refusal == nil || p.Refusal.Cause != refuse.Wall {
		return 0, "", false
	}
	for _, s := range p.Sides {
		if s.Status == http.StatusTooManyRequests || s.Status == http.StatusServiceUnavailable {
			return s.Status, s.RetryAfter, true
		}
	}
	return 0, "", false
}

// settle applies what only the crawl knows to a fetched page: scope of the
// final URL, redirects, the canonical URL and the soft-404 fingerprint.
func (c *Crawler) settle(p *union.Page, asked *url.URL, prep *originPrep) {
	if p.Refusal != nil {
		return
	}
	final, err := url.Parse(p.FinalURL)
	if err != nil {
		return
	}
	if !c.scope.allows(final) {
		p.Refusal = &refuse.Refusal{URL: p.URL, Cause: refuse.OutOfScope,
			Words: fmt.Sprintf("out of scope: the page redirected to %s, outside the approved origins and paths; not followed", p.FinalURL)}
		p.Links = nil
		return
	}
	if prep != nil && prep.soft404 != nil && prep.soft404.matches(p) {
		p.Refusal = &refuse.Refusal{URL: p.URL, Cause: refuse.Missing,
			Words: "soft 404: the page is what this host serves for a path that cannot exist (HTTP 200)"}
		p.Links = nil
		return
	}
	if p.FinalURL != p.URL {
		if n, err := fetch.NormalizeURL(final); err == nil {
			c.front.MarkSeen(n)
		}
	}
	if p.Canonical != "" && p.Canonical != p.FinalURL {
		cu, err := url.Parse(p.Canonical)
		if err == nil && c.scope.allows(cu) && !c.front.MarkSeen(p.Canonical) {
			p.Warnings = append(p.Warnings, "canonical duplicate: this page names "+p.Canonical+" as its canonical URL, which the crawl already has; counted once")
			c.mu.Lock()
			c.done.Duplicates++
			c.mu.Unlock()
		}
	}
}

// record counts the page, queues its links and emits its event.
func (c *Crawler) record(p *union.Page, it frontier.Item) {
	var warn *refuse.Warning
	if p.Refusal == nil {
		warn = c.identical.Observe(p.FinalURL, p.Text())
	}
	links := make([]discovery.Link, 0, len(p.Links))
	for _, l := range p.Links {
		links = append(links, discovery.Link{URL: l.URL, Anchor: l.Anchor, Nofollow: l.Nofollow, Side: l.Found})
	}
	cands := discovery.Candidates(p.FinalURL, it.Citation.Depth, links, c.scope.sameSite)

	c.mu.Lock()
	c.done.Pages++
	if p.Refusal == nil {
		c.done.OK++
	} else {
		c.done.Refused++
		c.done.Causes[string(p.Refusal.Cause)]++
	}
	// The page's event carries the tally before its own new links.
	kinds := maps.Clone(c.kinds)
	c.pagesSince++
	frontierDue := c.pagesSince >= c.cfg.FrontierEvery
	if frontierDue {
		c.pagesSince = 0
	}
	c.mu.Unlock()

	var toQueue []discovery.Candidate
	edges := make([]frontier.Link, 0, len(cands))
	files := map[string]discovery.Candidate{}
	for _, cand := range cands {
		edges = append(edges, frontier.Link{To: cand.URL, Anchor: cand.Citation.Anchor, Side: cand.Side, Kind: string(cand.Kind)})
		switch {
		case cand.Kind == discovery.KindPage:
			toQueue = append(toQueue, cand)
		case cand.Kind.IsFile() && c.scope.sameSite(hostOf(cand.URL)):
			files[cand.URL] = cand
		}
	}
	var queue []frontier.New
	for _, cand := range toQueue {
		cu, err := url.Parse(cand.URL)
		if err != nil {
			continue
		}
		if !c.scope.allows(cu) {
			if c.scope.sameSite(cu.Host) {
				c.mu.Lock()
				c.done.OutOfScopeLinks++
				c.mu.Unlock()
			}
			continue
		}
		queue = append(queue, frontier.New{URL: cand.URL, Host: cu.Host, Citation: cand.Citation})
	}
	ev := NewPageEvent(p, it.Citation, kinds, c.cfg.KeepText)
	res := frontier.Result{State: "done", FinalURL: p.FinalURL, Status: p.Status, Title: p.Title, Words: p.Words,
		PlainWords: sideWords(p, fetch.Plain), RenderedWords: sideWords(p, fetch.Rendered), Links: edges, Queue: queue}
	if p.Refusal != nil {
		res.State, res.Cause = "refused", string(p.Refusal.Cause)
	}
	if ev.Text != nil {
		res.Text = *ev.Text
	}
	res.Event, _ = json.Marshal(&ev)
	// The record is committed before the event is said: the database is
	// the truth a resumed crawl starts from.
	firsts := c.front.Complete(it, res)
	c.mu.Lock()
	for _, l := range firsts {
		c.kinds[discovery.Kind(l.Kind)]++
		if cand, ok := files[l.To]; ok && len(c.skipped) < MaxSkippedList {
			c.skipped = append(c.skipped, Skipped{URL: cand.URL, Kind: cand.Kind, Citation: cand.Citation})
		}
		if _, ok := files[l.To]; ok {
			c.done.SkippedTotal++
		}
	}
	c.mu.Unlock()
	c.emit(&ev)
	if warn != nil {
		c.addWarning(warn.Words)
		c.emit(&WarningEvent{Event: "warning", Words: warn.Words, URLs: warn.URLs})
	}
	if frontierDue {
		c.emit(c.frontierEvent())
	}
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return u.Host
	}
	return ""
}

// tally counts n newly discovered URLs of kind k.
func (c *Crawler) tally(k discovery.Kind, n int) {
	c.mu.Lock()
	c.kinds[k] += n
	c.mu.Unlock()
}

func sideWords(p *union.Page, n fetch.Name) int {
	if s := p.Sides[n]; s != nil {
		return s.Words
	}
	return -1
}

func (c *Crawler) addWarning(w string) {
	c.mu.Lock()
	c.done.Warnings = append(c.done.Warnings, w)
	c.mu.Unlock()
}

func (c *Crawler) frontierEvent() *FrontierEvent {
	s := c.front.Stats()
	c.mu.Lock()
	defer c.mu.Unlock()
	return &FrontierEvent{Event: "frontier", Queued: s.Queued, Seen: s.Seen, InFlight: s.InFlight, Deferred: s.Deferred, Pages: c.done.Pages, DiscoveredKinds: maps.Clone(c.kinds)}
}

func (c *Crawler) policyFor(ctx context.Context, u *url.URL) *policy.RobotsPolicy {
	if c.cfg.IgnoreRobots {
		return policy.OffPolicy(policy.Origin(u), policy.AgentToken)
	}
	return c.robots.Policy(ctx, u)
}

func (c *Crawler) sayDeferred(rp *policy.RobotsPolicy) {
	c.mu.Lock()
	if c.deferredSaid[rp.Origin].Equal(rp.NextAttempt) {
		c.mu.Unlock()
		return
	}
	c.deferredSaid[rp.Origin] = rp.NextAttempt
	c.mu.Unlock()
	c.emit(&DeferredEvent{Event: "deferred", Origin: rp.Origin, Reason: rp.Reason, NextAttempt: rp.NextAttempt, Cached: rp.Cached, Queued: c.front.Stats().Deferred})
}

// prepare does an origin's one-time work before its first page: robots.txt,
// the crawl delay, sitemaps and the soft-404 probe, then the discovery event.
func (c *Crawler) prepare(ctx context.Context, u *url.URL) *originPrep {
	origin := policy.Origin(u)
	v, _ := c.prepared.LoadOrStore(origin, &originPrep{})
	prep := v.(*originPrep)
	prep.once.Do(func() {
		ev := &DiscoveryEvent{Event: "discovery", Origin: origin, Sitemaps: []discovery.SitemapAttempt{}}
		rp := c.policyFor(ctx, u)
		ev.Robots = rp
		if c.journal != nil && rp.State != policy.Off {
			if err := c.journal.Robots(rp); err != nil {
				c.addWarning("the crawl database could not record robots.txt of " + origin + ": " + err.Error())
			}
		}
		if rp.CrawlDelay != nil {
			if w := c.throttle.SetCrawlDelay(u.Host, *rp.CrawlDelay); w != "" {
				c.addWarning(w)
			}
		}
		root, _ := url.Parse(origin + "/")
		if !rp.Deferred() {
			var found []discovery.SitemapURL
			ev.Sitemaps, found = discovery.Sitemaps(ctx, c.getter(u.Host), root, rp.Sitemaps, discovery.SitemapOptions{
				Limit: c.cfg.SitemapLimit, Allowed: func(s *url.URL) bool { return rp.Check(s).Allowed }})
			if ev.Sitemaps == nil {
				ev.Sitemaps = []discovery.SitemapAttempt{}
			}
			ev.FromSitemap = len(found)
			c.queueSitemapURLs(found)
			if !c.cfg.SkipSoft404 {
				ev.Soft404, prep.soft404 = c.probeSoft404(ctx, root, rp)
			}
		}
		c.emit(ev)
	})
	return prep
}

// queueSitemapURLs queues an origin's sitemap URLs at depth 1, counting
// each new one by kind; files and out-of-scope URLs are counted, not queued.
func (c *Crawler) queueSitemapURLs(found []discovery.SitemapURL) {
	c.mu.Lock()
	c.done.Sitemaps.Advertised += len(found)
	c.mu.Unlock()
	for _, s := range found {
		u, err := url.Parse(s.URL)
		if err != nil {
			continue
		}
		n, err := fetch.NormalizeURL(u)
		if err != nil {
			continue
		}
		kind := discovery.Classify(u, c.scope.sameSite)
		switch {
		case kind != discovery.KindPage || !c.scope.allows(u):
			c.tally(kind, 1)
		case c.front.Sitemapped(n, u.Host, discovery.Discovery{Via: discovery.ViaSitemap, FoundOn: s.Sitemap, Depth: 1}):
			c.tally(kind, 1)
		}
	}
}

// getter fetches sitemap documents politely: one throttle slot each, the
// crawl's User-Agent.
func (c *Crawler) getter(host string) discovery.Getter {
	return func(ctx context.Context, u string) (*http.Response, error) {
		if err := c.throttle.Wait(ctx, host); err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("User-Agent", c.cfg.Identity.UserAgent())
		return c.http.Do(req)
	}
}

// softFingerprint is what a host serves for a path that cannot exist.
type softFingerprint struct {
	title string
	text  string
}

func fingerprintText(p *union.Page) string {
	path := ""
	if u, err := url.Parse(p.URL); err == nil {
		path = u.Path
	}
	var b strings.Builder
	for _, blk := range p.Blocks {
		if path != "" && strings.Contains(blk, path) {
			continue // the page may quote the path asked for
		}
		b.WriteString(blk)
		b.WriteByte('\n')
	}
	return b.String()
}

func (f *softFingerprint) matches(p *union.Page) bool {
	return p.Title == f.title && fingerprintText(p) == f.text
}

// probeSoft404 asks, once per host, for a path that cannot exist. It takes
// a throttle slot like any page.
func (c *Crawler) probeSoft404(ctx context.Context, root *url.URL, rp *policy.RobotsPolicy) (*Soft404, *softFingerprint) {
	var b [8]byte
	rand.Read(b[:])
	probe, _ := root.Parse("/webgraph-soft404-probe-" + hex.EncodeToString(b[:]))
	rep := &Soft404{Probe: probe.String()}
	if !rp.Check(probe).Allowed {
		rep.Error = "disallowed by robots.txt: not probed"
		return rep, nil
	}
	if err := c.throttle.Wait(ctx, root.Host); err != nil {
		rep.Error = err.Error()
		return rep, nil
	}
	c.started.Add(1)
	p, err := c.pages.Fetch(ctx, probe)
	if p != nil {
		rep.Status = p.Status
	}
	var r *refuse.Refusal
	if err != nil && !errors.As(err, &r) {
		rep.Error = err.Error()
		return rep, nil
	}
	if p == nil || p.Refusal != nil || p.Status != http.StatusOK {
		return rep, nil
	}
	rep.Fingerprint = true
	return rep, &softFingerprint{title: p.Title, text: fingerprintText(p)}
}

func (c *Crawler) runEvent() *RunEvent {
	cfg := c.cfg
	ev := &RunEvent{Event: "run", Version: c.version, Mode: cfg.Mode, Resumed: cfg.Resumed, DB: cfg.DB, Origins: c.scope.list(), AllowPaths: append([]string{}, cfg.AllowPaths...),
		Identity: IdentityReport{UserAgent: cfg.Identity.UserAgent(), AgentToken: policy.AgentToken, Contact: cfg.Identity.Contact},
		Robots:   "obeyed", Retains: []string{"links", "citations", "outcomes", "word counts"}, Warnings: append(append([]string{}, cfg.Identity.Warnings()...), cfg.Warnings...)}
	for _, s := range cfg.Seeds {
		ev.Seeds = append(ev.Seeds, s.String())
	}
	ev.Limits = Limits{MaxPages: max(cfg.MaxPages, -1), MaxBody: cfg.MaxBody, Concurrency: cfg.Concurrency, Depth: max(cfg.Depth, -1),
		HostInterval: cfg.HostInterval.String(), Delay: cfg.Delay.String(), SitemapLimit: cfg.SitemapLimit, MaxRetries: cfg.MaxRetries}
	if cfg.TimeBudget > 0 {
		ev.Limits.TimeBudget = cfg.TimeBudget.String()
	}
	if cfg.KeepText {
		ev.Retains = append(ev.Retains, "page text")
	}
	if cfg.IgnoreRobots {
		ev.Robots = "OFF"
		ev.Warnings = append(ev.Warnings, "robots.txt is OFF (--no-robots): no site's rules are asked for or obeyed")
	}
	c.done.Warnings = append(c.done.Warnings, ev.Warnings...)
	return ev
}

func (c *Crawler) finish(start time.Time) *DoneEvent {
	c.emit(c.frontierEvent())
	stats := c.front.Stats()
	c.mu.Lock()
	d := c.done
	d.Stopped, _ = c.reason.Load().(string)
	d.Pending, d.Deferred = stats.Queued, stats.Deferred
	d.Skipped = append([]Skipped{}, c.skipped...)
	d.DiscoveredKinds = maps.Clone(c.kinds)
	d.Warnings = append([]string{}, c.done.Warnings...)
	c.mu.Unlock()

	sum := c.front.Summary(func(u string) bool {
		pu, err := url.Parse(u)
		if err != nil || c.cfg.IgnoreRobots {
			return false
		}
		rp := c.robots.Cached(pu)
		return rp != nil && !rp.Check(pu).Allowed
	}, MaxCoverageList)
	inv := &d.Sitemaps
	inv.Live, inv.Dead, inv.Refused = sum.Live, sum.Dead, sum.Refused
	inv.Unchecked = max(inv.Advertised-inv.Live-inv.Dead-inv.Refused, 0)
	d.Coverage = Coverage{
		SitemapsFound:      inv.Advertised > 0,
		SitemapNeverLinked: sum.NeverLinked.Count, SitemapNeverLinkedURLs: nonNil(sum.NeverLinked.URLs),
		SitemapDisallowed: sum.Disallowed.Count, SitemapDisallowedURLs: nonNil(sum.Disallowed.URLs),
		LinkedNotInSitemapURLs: []string{},
	}
	if d.Coverage.SitemapsFound {
		d.Coverage.LinkedNotInSitemap, d.Coverage.LinkedNotInSitemapURLs = sum.NotInSitemap.Count, nonNil(sum.NotInSitemap.URLs)
	}
	d.ElapsedMS = time.Since(start).Milliseconds()
	if c.journal != nil {
		if err := c.journal.Done(&d); err != nil {
			d.Warnings = append(d.Warnings, "the crawl database could not record the end of the run: "+err.Error())
		}
	}
	c.emit(&d)
	return &d
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
