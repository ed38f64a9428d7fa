package crawl

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

type originPrep struct {
	once    onceWait
	soft404 *refuse.Soft404
}

// onceWait runs a function once for all its callers, as sync.Once does, but
// a caller that comes while it runs waits on a channel, not a mutex: a
// synctest bubble counts that wait as durably blocked, so a test that runs
// a crawl in one (crawl/memnet_test.go) sees a worker waiting for another's
// preparation as waiting, where behind a mutex it would stall the bubble's
// clock. Make it with newOnceWait.
type onceWait struct {
	turn chan struct{} // holds one token: the caller that takes it runs f
	done chan struct{} // closed when f has returned
}

func newOnceWait() onceWait {
	o := onceWait{turn: make(chan struct{}, 1), done: make(chan struct{})}
	o.turn <- struct{}{}
	return o
}

// Do runs f if no caller has yet, and returns once f has returned.
func (o onceWait) Do(f func()) {
	select {
	case <-o.turn:
		defer close(o.done)
		f()
	case <-o.done:
	}
}

func (c *Crawler) sayDeferred(ctx context.Context, rp *policy.RobotsPolicy) {
	c.mu.Lock()
	if c.deferredSaid[rp.Origin].Equal(rp.NextAttempt) {
		c.mu.Unlock()
		return
	}
	c.deferredSaid[rp.Origin] = rp.NextAttempt
	c.mu.Unlock()
	c.emit(&DeferredEvent{Event: EventDeferred, Origin: rp.Origin, Reason: rp.Reason, NextAttempt: rp.NextAttempt, Cached: rp.Cached, Queued: c.queue.Stats(ctx).Deferred})
}

// prepare does an origin's one-time work before its first page: robots.txt,
// the crawl delay, sitemaps and the soft-404 probe, then the discovery event.
func (c *Crawler) prepare(ctx context.Context, u *url.URL) *originPrep {
	origin := policy.Origin(u)
	v, ok := c.prepared.Load(origin)
	if !ok {
		v, _ = c.prepared.LoadOrStore(origin, &originPrep{once: newOnceWait()})
	}
	prep := v.(*originPrep)
	prep.once.Do(func() {
		ev := &DiscoveryEvent{Event: EventDiscovery, Origin: origin, Sitemaps: []discovery.SitemapAttempt{}}
		rp := c.gate.Policy(ctx, u)
		ev.Robots = rp
		if c.journal != nil && rp.State != policy.Off {
			if err := c.journal.Robots(ctx, rp); err != nil {
				c.addWarning("the crawl database could not record robots.txt of " + origin + ": " + err.Error())
			}
		}
		tooSlow := false
		// The gate recorded the host's Crawl-delay as it read robots.txt;
		// here the crawl says what it means and defers a host too slow.
		{
			w, err := c.gate.CrawlDelay(u)
			if w != "" {
				c.addWarning(w)
			}
			if err != nil {
				// The host is deferred for the whole run: its pages stay
				// queued and are counted in the done event.
				tooSlow = true
				c.addWarning(err.Error())
				c.queue.Defer(ctx, policy.HostKey(u), time.Now().Add(100*365*24*time.Hour))
				c.emit(&DeferredEvent{Event: EventDeferred, Origin: origin, Reason: err.Error(), Queued: c.queue.Stats(ctx).Deferred})
			}
		}
		root, _ := url.Parse(origin + "/")
		if !rp.Deferred() && !tooSlow {
			prep.soft404 = c.discover(ctx, origin, root, rp, ev)
		}
		c.emit(ev)
	})
	return prep
}

// originRecord is an origin's sitemaps and soft-404 probe as the worker that
// prepared it shares them with the other workers of the crawl (Deps.Origins).
type originRecord struct {
	Sitemaps    []discovery.SitemapAttempt `json:"sitemaps"`
	FromSitemap int                        `json:"from_sitemap"`
	Advertised  int                        `json:"advertised"`
	Soft404     *Soft404                   `json:"soft404,omitempty"`
	Probe       *probeAnswer               `json:"probe,omitempty"`
}

// probeAnswer is the probe's answer that a soft-404 fingerprint is made of.
type probeAnswer struct {
	URL    string   `json:"url"`
	Title  string   `json:"title"`
	Blocks []string `json:"blocks"`
	// Words is the answer's word count; a record written before it was
	// kept reads 0, and its fingerprint then asks for the title too.
	Words int `json:"words,omitempty"`
}

func (a *probeAnswer) fingerprint() *refuse.Soft404 {
	if a == nil {
		return nil
	}
	return refuse.NewSoft404(a.URL, a.Title, a.Blocks, a.Words)
}

// discover reads an origin's sitemaps, queues their URLs and probes for its
// soft-404 page, filling ev, and returns the fingerprint. With Deps.Origins
// it is done once for the whole crawl: the first worker to meet the origin
// does it and shares the record, the others wait for it and read it (ev
// says so: Shared).
func (c *Crawler) discover(ctx context.Context, origin string, root *url.URL, rp *policy.RobotsPolicy, ev *DiscoveryEvent) *refuse.Soft404 {
	if c.origins == nil {
		rec := c.discoverHere(ctx, root, rp)
		ev.Sitemaps, ev.FromSitemap, ev.Soft404 = rec.Sitemaps, rec.FromSitemap, rec.Soft404
		return rec.Probe.fingerprint()
	}
	var mine *originRecord
	raw, ran, err := c.origins.Once(ctx, origin, func() ([]byte, bool) {
		mine = c.discoverHere(ctx, root, rp)
		b, err := json.Marshal(mine)
		// A preparation the stop cut short is not the origin's.
		return b, err == nil && !c.stopped() && ctx.Err() == nil
	})
	switch {
	case ran:
	case err != nil && (c.stopped() || ctx.Err() != nil):
		mine = &originRecord{Sitemaps: []discovery.SitemapAttempt{}}
	case err != nil:
		// The database failed: ask the site rather than stall.
		c.addWarning("the crawl database could not share the preparation of " + origin + ": " + err.Error())
		mine = c.discoverHere(ctx, root, rp)
	default:
		var shared originRecord
		if err := json.Unmarshal(raw, &shared); err != nil {
			c.addWarning("the crawl database holds an unreadable preparation of " + origin + ": " + err.Error())
			mine = c.discoverHere(ctx, root, rp)
			break
		}
		ev.Shared = true
		if shared.Sitemaps == nil {
			shared.Sitemaps = []discovery.SitemapAttempt{}
		}
		ev.Sitemaps, ev.FromSitemap, ev.Soft404 = shared.Sitemaps, shared.FromSitemap, shared.Soft404
		return shared.Probe.fingerprint()
	}
	ev.Sitemaps, ev.FromSitemap, ev.Soft404 = mine.Sitemaps, mine.FromSitemap, mine.Soft404
	return mine.Probe.fingerprint()
}

// discoverHere fetches root's sitemaps, queues their URLs and probes for
// the soft-404 page.
func (c *Crawler) discoverHere(ctx context.Context, root *url.URL, rp *policy.RobotsPolicy) *originRecord {
	rec := &originRecord{}
	var found []discovery.SitemapURL
	rec.Sitemaps, found = discovery.Sitemaps(ctx, c.getter(), root, rp.Sitemaps, discovery.SitemapOptions{Limit: c.cfg.SitemapLimit})
	if rec.Sitemaps == nil {
		rec.Sitemaps = []discovery.SitemapAttempt{}
	}
	rec.FromSitemap, rec.Advertised = len(found), len(found)
	c.queueSitemapURLs(ctx, found)
	if !c.cfg.SkipSoft404 {
		rec.Soft404, rec.Probe = c.probeSoft404(ctx, root)
	}
	return rec
}

// queueSitemapURLs queues an origin's sitemap URLs at depth 1, counting
// each new one by kind; files and out-of-scope URLs are counted, not queued.
func (c *Crawler) queueSitemapURLs(ctx context.Context, found []discovery.SitemapURL) {
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
		kind := discovery.Classify(u, c.scope.SameSite)
		switch {
		case kind != discovery.KindPage || !c.scope.Allows(u):
			c.tally(kind, 1)
		case c.seen.Sitemapped(ctx, n, policy.HostKey(u), discovery.Discovery{Via: discovery.ViaSitemap, FoundOn: s.Sitemap, Depth: 1}):
			c.tally(kind, 1)
		}
	}
}

// getter fetches sitemap documents through the gate: approved origins only,
// robots.txt asked, one throttle slot each, the crawl's User-Agent.
func (c *Crawler) getter() discovery.Getter {
	return func(ctx context.Context, raw string) (*http.Response, error) {
		u, err := url.Parse(raw)
		if err != nil {
			return nil, err
		}
		return c.gate.Do(ctx, http.MethodGet, u, policy.Sitemap, nil)
	}
}

// probeSoft404 asks, once per host, for a path that cannot exist. It takes
// a throttle slot like any page, but it is not a page: --max-pages does not
// count it (one per origin bounds it).
func (c *Crawler) probeSoft404(ctx context.Context, root *url.URL) (*Soft404, *probeAnswer) {
	var b [8]byte
	rand.Read(b[:])
	probe, _ := root.Parse("/webgraph-soft404-probe-" + hex.EncodeToString(b[:]))
	rep := &Soft404{Probe: probe.String()}
	if a := c.gate.Ask(ctx, probe, policy.Probe); a.Denied != nil {
		rep.Error = "not probed: " + a.Denied.Error()
		return rep, nil
	}
	release, err := c.gate.WaitSlot(ctx, policy.HostKey(root), c.gate.Throttle().Reserve(policy.HostKey(root)))
	if err != nil {
		rep.Error = err.Error()
		return rep, nil
	}
	p, err := c.pages.Fetch(fetch.WithSent(ctx, release), probe)
	release()
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
	return rep, &probeAnswer{URL: p.URL, Title: p.Title, Blocks: p.Blocks, Words: p.Words}
}
