package crawl

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

type originPrep struct {
	once    sync.Once
	soft404 *refuse.Soft404
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
		rp := c.gate.Policy(ctx, u)
		ev.Robots = rp
		if c.journal != nil && rp.State != policy.Off {
			if err := c.journal.Robots(rp); err != nil {
				c.addWarning("the crawl database could not record robots.txt of " + origin + ": " + err.Error())
			}
		}
		tooSlow := false
		if rp.CrawlDelay != nil {
			w, err := c.gate.Throttle().SetCrawlDelay(u.Host, *rp.CrawlDelay)
			if w != "" {
				c.addWarning(w)
			}
			if err != nil {
				// The host is deferred for the whole run: its pages stay
				// queued and are counted in the done event.
				tooSlow = true
				c.addWarning(err.Error())
				c.front.Defer(u.Host, time.Now().Add(100*365*24*time.Hour))
				c.emit(&DeferredEvent{Event: "deferred", Origin: origin, Reason: err.Error(), Queued: c.front.Stats().Deferred})
			}
		}
		root, _ := url.Parse(origin + "/")
		if !rp.Deferred() && !tooSlow {
			var found []discovery.SitemapURL
			ev.Sitemaps, found = discovery.Sitemaps(ctx, c.getter(), root, rp.Sitemaps, discovery.SitemapOptions{Limit: c.cfg.SitemapLimit})
			if ev.Sitemaps == nil {
				ev.Sitemaps = []discovery.SitemapAttempt{}
			}
			ev.FromSitemap = len(found)
			c.queueSitemapURLs(found)
			if !c.cfg.SkipSoft404 {
				ev.Soft404, prep.soft404 = c.probeSoft404(ctx, root)
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
		kind := discovery.Classify(u, c.scope.SameSite)
		switch {
		case kind != discovery.KindPage || !c.scope.Allows(u):
			c.tally(kind, 1)
		case c.front.Sitemapped(n, u.Host, discovery.Discovery{Via: discovery.ViaSitemap, FoundOn: s.Sitemap, Depth: 1}):
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
// a throttle slot like any page.
func (c *Crawler) probeSoft404(ctx context.Context, root *url.URL) (*Soft404, *refuse.Soft404) {
	var b [8]byte
	rand.Read(b[:])
	probe, _ := root.Parse("/webgraph-soft404-probe-" + hex.EncodeToString(b[:]))
	rep := &Soft404{Probe: probe.String()}
	if a := c.gate.Ask(ctx, probe, policy.Probe); a.Denied != nil {
		rep.Error = "not probed: " + a.Denied.Error()
		return rep, nil
	}
	release, err := c.gate.WaitSlot(ctx, root.Host, c.gate.Throttle().Reserve(root.Host))
	if err != nil {
		rep.Error = err.Error()
		return rep, nil
	}
	c.started.Add(1)
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
	return rep, refuse.NewSoft404(p.URL, p.Title, p.Blocks)
}
