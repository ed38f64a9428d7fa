package crawl

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"strings"
	"time"

	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

func (c *Crawler) runEvent() *RunEvent {
	cfg := c.cfg
	ev := &RunEvent{Event: EventRun, Version: c.version, Mode: cfg.Mode, Resumed: cfg.Resumed, DB: cfg.DB, Origins: c.scope.Origins(), AllowPaths: c.scope.Paths(), Include: c.scope.Include(), Exclude: c.scope.Exclude(),
		Identity: IdentityReport{UserAgent: cfg.Identity.UserAgent(), AgentToken: policy.AgentToken, Contact: cfg.Identity.Contact},
		Robots:   "obeyed", TLS: cfg.TLS, Retains: []string{"links", "citations", "outcomes", "word counts"}, Warnings: append(append([]string{}, cfg.Identity.Warnings()...), cfg.Warnings...)}
	for _, s := range cfg.Seeds {
		ev.Seeds = append(ev.Seeds, s.String())
	}
	for _, s := range cfg.AssumedSeeds {
		ev.SeedsTyped = append(ev.SeedsTyped, SeedTyped{Typed: s.Typed, URL: s.URL.String()})
	}
	ev.Limits = Limits{MaxPages: max(cfg.MaxPages, -1), MaxBody: cfg.MaxBody, Concurrency: cfg.Concurrency, Depth: max(cfg.Depth, -1),
		HostInterval: cfg.HostInterval.String(), Delay: cfg.Delay.String(), SitemapLimit: cfg.SitemapLimit, MaxRetries: cfg.MaxRetries,
		Viewport: cfg.Viewport}
	if cfg.TimeBudget > 0 {
		ev.Limits.TimeBudget = cfg.TimeBudget.String()
	}
	if cfg.KeepText {
		ev.Retains = append(ev.Retains, "page text")
	}
	if cfg.KeepContent {
		ev.Retains = append(ev.Retains, "main content as Markdown")
	}
	ev.HashRoutes = cfg.HashRoutes
	if c.gate.RobotsOff() {
		ev.Robots = "OFF"
		ev.Warnings = append(ev.Warnings, "robots.txt is OFF (--no-robots): no site's rules are asked for or obeyed")
	}
	c.done.Warnings = append(c.done.Warnings, ev.Warnings...)
	return ev
}

func (c *Crawler) finish(ctx context.Context, start time.Time) *DoneEvent {
	c.emit(c.frontierEvent(ctx))
	stats := c.queue.Stats(ctx)
	c.mu.Lock()
	d := c.done
	d.Stopped = c.stopReason()
	d.Pending, d.Deferred = stats.Queued, stats.Deferred
	d.Skipped = append([]Skipped{}, c.skipped...)
	d.DiscoveredKinds = maps.Clone(c.kinds)
	d.Findings = maps.Clone(c.done.Findings)
	d.Warnings = append([]string{}, c.done.Warnings...)
	d.Causes = maps.Clone(c.done.Causes)
	c.mu.Unlock()
	if w := skippedRoutesWarning(d.HashRoutesSkipped); w != "" {
		d.Warnings = append(d.Warnings, w)
		c.emit(&WarningEvent{Event: EventWarning, Words: w})
	}

	if c.origins != nil {
		// The crawl's sitemaps, whichever worker read them: the inventory
		// sets them against the whole crawl's pages.
		d.Sitemaps.Advertised = c.advertised(ctx, d.Sitemaps.Advertised)
	}
	sum := c.sitemaps.Summary(ctx, func(u string) bool {
		pu, err := url.Parse(u)
		if err != nil || c.gate.RobotsOff() {
			return false
		}
		rp := c.gate.Cached(pu)
		return rp != nil && !rp.Check(pu).Allowed
	}, MaxCoverageList, sitemapsFound(&d))
	inventory(&d, sum)
	d.ElapsedMS = time.Since(start).Milliseconds()
	if c.browser != nil {
		if rss := c.browser.PeakRSS(); rss > 0 {
			mb := (rss + 1<<20 - 1) >> 20
			d.BrowserPeakRSSMB = &mb
		}
		if pss := c.browser.PSS(); pss > 0 { // read first: it may raise the peak
			d.BrowserPSSMB = megabytes(pss)
		}
		if peak := c.browser.PeakPSS(); peak > 0 {
			d.BrowserPeakPSSMB = megabytes(peak)
		}
		d.BrowserRecycles = c.browser.Recycles()
		if fewest, of := c.browser.FewestTabs(); fewest > 0 {
			d.Warnings = append(d.Warnings, fmt.Sprintf("memory ran low: the browser rendered with as few as %d of its %d tabs", fewest, of))
		}
	}
	if c.session != nil {
		return c.leave(ctx, c.session, &d, sum)
	}
	c.checkCanonicals(ctx, &d)
	d.Failure = c.nothingKept(&d)
	if c.journal != nil {
		if err := c.journal.Done(ctx, &d); err != nil {
			d.Warnings = append(d.Warnings, "the crawl database could not record the end of the run: "+err.Error())
		}
	}
	c.emit(&d)
	return &d
}

// inventory sets the done event's sitemap inventory and coverage from its
// advertised count and the frontier's summary.
func inventory(d *DoneEvent, sum frontier.SitemapSummary) {
	inv := &d.Sitemaps
	inv.Live, inv.Dead, inv.Refused = sum.Live, sum.Dead, sum.Refused
	inv.Unchecked = max(inv.Advertised-inv.Live-inv.Dead-inv.Refused, 0)
	d.Coverage = Coverage{
		SitemapsFound:      sitemapsFound(d),
		SitemapNeverLinked: sum.NeverLinked.Count, SitemapNeverLinkedURLs: nonNil(sum.NeverLinked.URLs),
		SitemapDisallowed: sum.Disallowed.Count, SitemapDisallowedURLs: nonNil(sum.Disallowed.URLs),
		LinkedNotInSitemapURLs: []string{},
	}
	if d.Coverage.SitemapsFound {
		d.Coverage.LinkedNotInSitemap, d.Coverage.LinkedNotInSitemapURLs = sum.NotInSitemap.Count, nonNil(sum.NotInSitemap.URLs)
	}
}

// sitemapsFound says whether the crawl's sitemaps listed any URL: the
// coverage sets the pages against them only then.
func sitemapsFound(d *DoneEvent) bool { return d.Sitemaps.Advertised > 0 }

// advertised sums the sitemap URLs the crawl's origins advertised, as their
// shared records say; own is this worker's count, kept when they cannot be
// read.
func (c *Crawler) advertised(ctx context.Context, own int) int {
	recs, err := c.origins.Records(ctx)
	if err != nil {
		c.addWarning("the crawl database could not give the crawl's sitemaps: " + err.Error())
		return own
	}
	n := 0
	for _, raw := range recs {
		var rec originRecord
		if json.Unmarshal(raw, &rec) == nil {
			n += rec.Advertised
		}
	}
	return n
}

// leave ends the stream of a worker that shares its crawl: with its own
// share (worker_done), or, for the last worker out, with the crawl's done.
// A worker that cannot tell ends with its own share as done, as a worker
// alone would, and says so.
func (c *Crawler) leave(ctx context.Context, s Session, own *DoneEvent, sum frontier.SitemapSummary) *DoneEvent {
	share := &WorkerDoneEvent{DoneEvent: *own, Worker: s.Worker()}
	share.Event = EventWorkerDone
	last, err := s.Leave(ctx, share, own.Stopped == StopExhausted)
	if err != nil {
		own.Warnings = append(own.Warnings, "the crawl database could not say whether other workers are still at work, so this done is this worker's share: "+err.Error())
		c.emit(own)
		return own
	}
	if !last {
		c.emit(share)
		return &share.DoneEvent
	}
	c.checkCanonicals(ctx, own)
	t, err := s.Tally(ctx)
	whole := own
	if err != nil {
		own.Warnings = append(own.Warnings, "the crawl database could not give the other workers' shares, so this done is this worker's share: "+err.Error())
	} else {
		whole = sumUp(own, t)
		inventory(whole, sum)
	}
	whole.Failure = c.nothingKept(whole)
	if err := c.journal.Done(ctx, whole); err != nil {
		whole.Warnings = append(whole.Warnings, "the crawl database could not record the end of the run: "+err.Error())
	}
	c.emit(whole)
	return whole
}

// sumUp is the crawl's done as the last worker out writes it: pages and
// refusals as the database recorded them (a killed worker's pages are
// there, though it left no share), the other counts summed over the
// workers' shares, the queue and the sitemaps as own read them (the whole
// crawl's), elapsed from the session's start.
func sumUp(own *DoneEvent, t frontier.SessionTally) *DoneEvent {
	d := *own
	d.Causes = map[string]int{}
	for _, cause := range refuse.Causes() {
		d.Causes[string(cause)] = 0
	}
	for cause, n := range t.Causes {
		d.Causes[cause] += n
	}
	d.Causes[string(refuse.Disallowed)] += t.Disallowed
	d.Pages, d.OK, d.Duplicates, d.Refused, d.Disallowed = t.Pages, t.OK, t.Duplicates, t.Refused, t.Disallowed
	d.Workers = t.Runs
	d.Skipped = append([]Skipped{}, own.Skipped...)
	d.DiscoveredKinds = maps.Clone(own.DiscoveredKinds)
	d.Findings = maps.Clone(own.Findings)
	d.Warnings = append([]string{}, own.Warnings...)
	said := map[string]bool{}
	for _, w := range d.Warnings {
		said[w] = true
	}
	if own.Links != nil {
		l := *own.Links
		d.Links = &l
	}
	for _, raw := range t.Shares {
		var s DoneEvent
		if err := json.Unmarshal(raw, &s); err != nil {
			d.Warnings = append(d.Warnings, "a worker's share of the crawl is unreadable: "+err.Error())
			continue
		}
		d.OutOfScopeLinks += s.OutOfScopeLinks
		d.ExcludedLinks += s.ExcludedLinks
		d.HashRoutesSkipped += s.HashRoutesSkipped
		d.DroppedLongURLs += s.DroppedLongURLs
		d.LinksCapped += s.LinksCapped
		d.LinksPastCap += s.LinksPastCap
		d.SkippedTotal += s.SkippedTotal
		for _, sk := range s.Skipped {
			if len(d.Skipped) < MaxSkippedList {
				d.Skipped = append(d.Skipped, sk)
			}
		}
		for k, n := range s.DiscoveredKinds {
			d.DiscoveredKinds[k] += n
		}
		for k, n := range s.Findings {
			d.Findings[k] += n
		}
		for _, w := range s.Warnings {
			if !said[w] {
				said[w] = true
				d.Warnings = append(d.Warnings, w)
			}
		}
		if s.Links != nil {
			if d.Links == nil {
				d.Links = &linkcheck.Totals{}
			}
			d.Links.OK += s.Links.OK
			d.Links.Broken += s.Links.Broken
			d.Links.Unverifiable += s.Links.Unverifiable
			d.Links.Unchecked += s.Links.Unchecked
		}
		if s.BrowserPeakRSSMB != nil && (d.BrowserPeakRSSMB == nil || *s.BrowserPeakRSSMB > *d.BrowserPeakRSSMB) {
			mb := *s.BrowserPeakRSSMB
			d.BrowserPeakRSSMB = &mb
		}
		if s.BrowserPeakPSSMB != nil && (d.BrowserPeakPSSMB == nil || *s.BrowserPeakPSSMB > *d.BrowserPeakPSSMB) {
			mb := *s.BrowserPeakPSSMB
			d.BrowserPeakPSSMB = &mb
		}
		d.BrowserRecycles += s.BrowserRecycles
	}
	if !t.Started.IsZero() {
		d.ElapsedMS = max(time.Since(t.Started).Milliseconds(), own.ElapsedMS)
	}
	return &d
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// maxSeedRefusals bounds the refused seeds a failed crawl names.
const maxSeedRefusals = 3

// nothingKept returns the sentence that says why a crawl that kept no page
// failed, or "" when a page was kept (in this run or, for a resumed crawl,
// an earlier one), or the crawl was interrupted or failed otherwise.
func (c *Crawler) nothingKept(d *DoneEvent) string {
	if d.OK > 0 || d.Duplicates > 0 || c.cfg.KeptEarlier || d.Stopped == StopInterrupted || d.Stopped == StopFailure {
		return ""
	}
	c.mu.Lock()
	seeds := append([]string{}, c.seedRefusals...)
	c.mu.Unlock()
	switch {
	case len(seeds) > 0 && d.Refused == len(seeds):
		return "no page was kept: every seed was refused: " + strings.Join(seeds, "; ")
	case d.Pages == 0 && d.Disallowed > 0:
		return fmt.Sprintf("no page was kept: robots.txt disallowed all %d URLs the crawl met", d.Disallowed)
	case d.Pages == 0 && d.Deferred > 0:
		return fmt.Sprintf("no page was kept: nothing was reachable (%d URLs wait on a robots.txt that could not be fetched)", d.Deferred)
	case d.Pages == 0:
		return "no page was kept: nothing was fetched"
	}
	var causes []string
	for _, cause := range refuse.Causes() {
		if n := d.Causes[string(cause)]; n > 0 {
			causes = append(causes, fmt.Sprintf("%s %d", cause, n))
		}
	}
	return fmt.Sprintf("no page was kept: all %d pages fetched were refused (%s)", d.Pages, strings.Join(causes, ", "))
}

// megabytes is n bytes in MB, rounded up.
func megabytes(n int64) *int64 {
	mb := (n + 1<<20 - 1) >> 20
	return &mb
}
