package crawl

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// unstarted puts back a page the stop kept from starting, and counts it out
// of the request ceiling again.
func (c *Crawler) unstarted(ctx context.Context, it frontier.Item) {
	c.started.Add(-1)
	c.queue.Retry(ctx, it)
}

// handle takes one popped URL through robots, the throttle and the union.
// received is told when the page's own answer is off the network (only its
// fetch carries it: an origin's first page also fetches robots.txt,
// sitemaps and the soft-404 probe, and those are part of its fetching).
func (c *Crawler) handle(ctx context.Context, it frontier.Item, received func()) {
	u, err := url.Parse(it.URL)
	if err != nil {
		c.recorder.Complete(ctx, it, frontier.Result{State: frontier.StateRefused, Cause: refuse.FetchError})
		return
	}
	// An origin outside the scope (a URL queued under an older scope, or
	// one planted in a shared crawl's queue) is not prepared: its refusal
	// below asks nothing of its host, robots.txt included.
	var prep *originPrep
	if c.scope.ApprovedOrigin(u) || c.joinOrigins(ctx) {
		prep = c.prepare(ctx, u)
	}
	routes := c.prepareRoutes(ctx, u)

	ans := c.gate.Ask(ctx, u, policy.Page)
	rp, v := ans.Policy, ans.Verdict
	switch {
	case ans.Denied == nil:
	case ans.Denied.Cause == fetch.DeniedStopped:
		c.queue.Retry(ctx, it)
		return
	case ans.Denied.Cause == fetch.DeniedDeferred:
		c.queue.Defer(ctx, it.Host, rp.NextAttempt)
		c.queue.Retry(ctx, it)
		c.sayDeferred(ctx, rp)
		return
	case ans.Denied.Cause == fetch.DeniedDisallowed:
		c.mu.Lock()
		c.done.Disallowed++
		c.done.Causes[string(refuse.Disallowed)]++
		c.mu.Unlock()
		c.recorder.Complete(ctx, it, frontier.Result{State: frontier.StateDisallowed, Cause: refuse.Disallowed})
		c.emit(&DisallowedEvent{Event: EventDisallowed, URL: it.URL, Citation: it.Citation, Robots: rp.URL, Group: v.Group, Rule: v.Rule, Reason: v.Reason})
		return
	case ans.Denied.Cause == fetch.DeniedOutOfScope && !c.scope.ApprovedOrigin(u) && c.joinOrigins(ctx):
		// Another worker of the crawl approved this origin through a
		// seed's redirect since this one last looked: ask again.
		c.queue.Retry(ctx, it)
		return
	default:
		// Out of scope or too long: queued under an older scope (a crawl
		// resumed with other --allow-path), never requested.
		c.record(ctx, &union.Page{URL: it.URL, FinalURL: it.URL, Sides: map[fetch.Name]*fetch.Side{},
			Refusal: &refuse.Refusal{URL: it.URL, Cause: refuse.OutOfScope, Words: "not fetched: " + ans.Denied.Error(), Err: ans.Denied}}, it, "", "")
		return
	}
	if n := c.started.Add(1); c.cfg.MaxPages > 0 && n > int64(c.cfg.MaxPages) {
		c.stop(StopMaxPages)
		c.queue.Retry(ctx, it) // not fetched: it stays pending
		return
	}
	// Every wait ends with the stop: a page that has not started when the
	// crawl stops stays in the queue.
	if c.cfg.Delay > 0 {
		wctx, cancel := c.gate.Context(ctx)
		err := policy.SleepUntil(wctx, time.Now().Add(c.cfg.Delay), time.Now)
		cancel()
		if err != nil {
			c.unstarted(ctx, it)
			return
		}
	}
	release, err := c.gate.WaitSlot(ctx, it.Host, it.Slot)
	if err != nil || c.halted() {
		if err == nil {
			release()
		}
		c.unstarted(ctx, it)
		return
	}
	// The host's interval runs from when the first side sends its request.
	// A refusal is also in p.Refusal; any other error is the context's.
	p, _ := c.pages.Fetch(fetch.WithReceived(fetch.WithSent(ctx, release), received), u)
	release()
	if ctx.Err() != nil {
		c.queue.Retry(ctx, it)
		return
	}
	if status, after, paused := pausedBy(p); paused {
		if it.Attempts < c.cfg.MaxRetries {
			d := c.gate.Throttle().Pause(it.Host, after)
			c.queue.Pause(ctx, it.Host, time.Now().Add(d)) // for the crawl's other processes
			it.Attempts++
			c.emit(&PausedEvent{Event: EventPaused, Host: it.Host, URL: it.URL, Status: status, RetryAfter: after, PauseMS: d.Milliseconds(), Attempt: it.Attempts, MaxAttempts: c.cfg.MaxRetries})
			c.queue.Retry(ctx, it)
			return
		}
		p.Refusal.Words += fmt.Sprintf(" (still refused after %d retries)", c.cfg.MaxRetries)
	} else {
		c.gate.Throttle().Succeeded(it.Host)
	}
	p, retry := c.followSeed(ctx, it, u, p)
	if retry {
		c.queue.Retry(ctx, it)
		return
	}
	c.record(ctx, p, it, c.settle(ctx, p, u, prep, routes), "")
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
// final URL, redirects, the canonical URL and the soft-404 fingerprint. For
// a page still kept, it returns the URL the page is known by (its canonical
// URL when that is in scope), which record claims: one kept page per
// canonical URL, whatever the order.
func (c *Crawler) settle(ctx context.Context, p *union.Page, asked *url.URL, prep *originPrep, routes *routePrep) (known string) {
	if p.Refusal != nil {
		return ""
	}
	final, err := url.Parse(p.FinalURL)
	if err != nil {
		return ""
	}
	if !c.scope.Allows(final) {
		p.Refusal = refuse.OutOfScopeFinal(p.URL, p.FinalURL)
		p.Links = nil
		return ""
	}
	if prep != nil && prep.soft404 != nil && !c.ownAddress(asked) && prep.soft404.Matches(p.URL, p.Title, p.Blocks) {
		p.Refusal = refuse.Soft404Refusal(p.URL)
		p.Links = nil
		return ""
	}
	if routes.matches(p) {
		p.Refusal = routes.refusal(p.URL)
		p.Links = nil
		return ""
	}
	if p.FinalURL != p.URL {
		if n, err := c.normalize(final); err == nil {
			c.seen.MarkSeen(ctx, n)
		}
	}
	// The page is known by its canonical URL when that is in scope, else
	// by its final URL. (The canonical URL is queued by record, and fetched
	// like any URL: whether it is a page is checked, see canonicals.go.)
	known = p.FinalURL
	if n, err := c.normalize(final); err == nil {
		known = n
	}
	// A hash route's canonical URL, when it is the route's own document,
	// names the document (a fragment-free URL cannot name a route): not
	// this page.
	routeDoc := c.cfg.HashRoutes && fetch.HashRoute(final) != "" && p.Canonical == strings.SplitN(known, "#", 2)[0]
	if p.Canonical != "" && p.Canonical != known && !routeDoc {
		if cu, err := url.Parse(p.Canonical); err == nil && c.scope.Allows(cu) {
			known = p.Canonical
		}
	}
	return known
}

// ownAddress reports whether u is its site's root or one of the crawl's
// seeds: an address the operator named or the site stands at, which is never
// a soft 404 of its own site. A host that answers every path with its home
// page (an app's fallback, a catch-all) has one page, its root, and every
// other path it answers so is the soft 404.
func (c *Crawler) ownAddress(u *url.URL) bool {
	if (u.Path == "" || u.Path == "/") && u.RawQuery == "" {
		return true
	}
	n, err := c.normalize(u)
	if err != nil {
		return false
	}
	for _, s := range c.cfg.Seeds {
		if sn, err := c.normalize(s); err == nil && sn == n {
			return true
		}
	}
	return false
}

// duplicate marks p as a duplicate of holder (the URL asked for the page
// kept for known): p's canonical URL, or where p ended, is that page's.
func duplicate(p *union.Page, known, holder string) {
	if p.Canonical == known {
		p.Warnings = append(p.Warnings, "canonical duplicate: this page is known as "+known+", for which the crawl already kept "+holder+"; counted once")
		return
	}
	p.Warnings = append(p.Warnings, "duplicate: this page ends at "+known+", which the crawl already kept as "+holder+"; counted once")
}
