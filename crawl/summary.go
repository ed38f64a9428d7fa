package crawl

import (
	"fmt"
	"maps"
	"net/url"
	"time"

	"github.com/webgraph/webgraph/policy"
)

func (c *Crawler) runEvent() *RunEvent {
	cfg := c.cfg
	ev := &RunEvent{Event: "run", Version: c.version, Mode: cfg.Mode, Resumed: cfg.Resumed, DB: cfg.DB, Origins: c.scope.Origins(), AllowPaths: c.scope.Paths(), Include: c.scope.Include(), Exclude: c.scope.Exclude(),
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
	if c.gate.RobotsOff() {
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
	d.Findings = maps.Clone(c.done.Findings)
	d.Warnings = append([]string{}, c.done.Warnings...)
	c.mu.Unlock()

	sum := c.front.Summary(func(u string) bool {
		pu, err := url.Parse(u)
		if err != nil || c.gate.RobotsOff() {
			return false
		}
		rp := c.gate.Cached(pu)
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
	if c.browser != nil {
		if rss := c.browser.PeakRSS(); rss > 0 {
			mb := (rss + 1<<20 - 1) >> 20
			d.BrowserPeakRSSMB = &mb
		}
		if t, ok := c.browser.(interface{ FewestTabs() (int, int) }); ok {
			if fewest, of := t.FewestTabs(); fewest > 0 {
				d.Warnings = append(d.Warnings, fmt.Sprintf("memory ran low: the browser rendered with as few as %d of its %d tabs", fewest, of))
			}
		}
	}
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
