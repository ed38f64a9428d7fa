package crawl

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/url"
	"slices"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// MaxSeedJoins bounds how many origins one seed's redirects may approve
// (http://a/ → https://a/ → https://www.a/ is two).
const MaxSeedJoins = 5

// SeedRedirectEvent is the "seed_redirect" event: a seed's own fetch was
// redirected to another origin, which joined the approved origins of the
// crawl (its robots.txt asked and obeyed, its sitemaps and soft-404 probe
// prepared like a seed origin's). Redirects of other pages never do this.
type SeedRedirectEvent struct {
	Event string `json:"event"`
	// Seed is the seed URL whose fetch was redirected.
	Seed string `json:"seed"`
	// Origin is the origin that joined, scheme://host[:port].
	Origin string `json:"origin"`
	// Hops are the redirects from the seed up to and including the one
	// that left the approved origins; Status is 0 for a meta refresh or a
	// script navigation.
	Hops []fetch.Redirect `json:"hops"`
	// CredentialsWithheld names the operator's credential headers
	// (--header, Cookie for --cookie) that the joined origin will not get:
	// they go only to the origins the operator named. Names only, never
	// values; absent without credentials.
	CredentialsWithheld []string `json:"credentials_withheld,omitempty"`
}

// SeedRedirect reports whether p, the page of the seed fetched as seed,
// was refused because one of its navigation hops left the approved origins
// of scope for an origin not yet approved: then that origin joins scope and
// the event that says so is returned. A refusal for any other reason, or a
// hop refused though its origin is approved (a path outside --allow-path,
// an --exclude pattern), returns nil: the page stays refused.
func SeedRedirect(scope *policy.Scope, seed string, p *union.Page) *SeedRedirectEvent {
	if p == nil || p.Refusal == nil || p.Refusal.Cause != refuse.OutOfScope {
		return nil
	}
	var hop *fetch.HopError
	if !errors.As(p.Refusal.Err, &hop) || hop.Denied == nil || hop.Denied.Cause != fetch.DeniedOutOfScope {
		return nil
	}
	to, err := url.Parse(hop.To)
	if err != nil || scope.ApprovedOrigin(to) || !scope.Join(to) {
		return nil
	}
	ev := &SeedRedirectEvent{Event: EventSeedRedirect, Seed: seed, Origin: policy.Origin(to), Hops: []fetch.Redirect{}}
	for _, s := range p.Sides {
		var h *fetch.HopError
		if !errors.As(s.Err, &h) || h.To != hop.To {
			continue
		}
		ev.Hops = append(ev.Hops, s.Redirects...)
		status := 0
		if s.Status >= 300 && s.Status < 400 {
			status = s.Status
		}
		if n := len(ev.Hops); n == 0 || ev.Hops[n-1].To != hop.To {
			ev.Hops = append(ev.Hops, fetch.Redirect{From: hop.From, To: hop.To, Status: status})
		}
		break
	}
	return ev
}

// joinOrigins approves origins that earlier runs (or other workers) of the
// crawl joined through a seed's redirect, as the journal recorded them. It
// reports whether any was new here.
//
// A crawl's own database (SQLite: one process at a time) is trusted. The
// journal of a shared crawl is written by every worker, so a worker there
// approves a recorded origin only when it can derive it again: the record
// names one of this crawl's seeds, and that seed's redirect, followed by
// this worker through its own gate, leads there. An origin planted in the
// journal (by a compromised or misconfigured worker) is not approved, and
// that is said once.
func (c *Crawler) joinOrigins(ctx context.Context) bool {
	if c.journal == nil {
		return false
	}
	joins, err := c.journal.JoinedOrigins(ctx)
	if err != nil {
		c.addWarning("the crawl database could not give the origins its seeds' redirects approved: " + err.Error())
		return false
	}
	added := false
	for _, o := range slices.Sorted(maps.Keys(joins)) {
		u, err := url.Parse(o)
		if err != nil || c.scope.ApprovedOrigin(u) {
			continue
		}
		if c.session == nil {
			added = c.scope.Join(u) || added
			continue
		}
		if _, judged := c.judged.LoadOrStore(o, struct{}{}); judged {
			continue
		}
		if why := c.rederive(ctx, o, joins[o]); why != "" {
			w := "the crawl database says " + o + " joined the approved origins through a seed's redirect, but " + why + ": not approved by this worker"
			c.addWarning(w)
			c.emit(&WarningEvent{Event: EventWarning, Words: w})
			continue
		}
		added = true
	}
	return added
}

// rederive follows again, through this worker's gate, the seed redirect
// that rec (the recorded seed_redirect event) says approved origin. It
// returns "" once origin is approved here, else why not in words. HTTP
// redirects are followed with HEAD (Gate.FollowSeed); a meta refresh or a
// script navigation shows only in a fetch of the seed, which is made then,
// in a throttle slot of its own.
func (c *Crawler) rederive(ctx context.Context, origin, rec string) string {
	var ev SeedRedirectEvent
	if err := json.Unmarshal([]byte(rec), &ev); err != nil || ev.Origin != origin || len(ev.Hops) == 0 {
		return "its record does not say how"
	}
	var seed *url.URL
	for _, s := range c.cfg.Seeds {
		if a, err := fetch.NormalizeURL(s); err == nil {
			if b, err := url.Parse(ev.Seed); err == nil {
				if nb, err := fetch.NormalizeURL(b); err == nil && nb == a {
					seed = s
				}
			}
		}
	}
	if seed == nil {
		return "the seed it names (" + ev.Seed + ") is not one of this crawl's seeds"
	}
	approved := func() bool {
		u, err := url.Parse(origin)
		return err == nil && c.scope.ApprovedOrigin(u)
	}
	_, joins, err := c.gate.FollowSeed(ctx, seed, MaxSeedJoins)
	if approved() {
		return ""
	}
	if ev.Hops[len(ev.Hops)-1].Status == 0 && ctx.Err() == nil {
		p := c.fetchSeedAgain(ctx, seed)
		for range MaxSeedJoins {
			if SeedRedirect(c.scope, ev.Seed, p) == nil || approved() {
				break
			}
			p = c.fetchSeedAgain(ctx, seed)
		}
		if approved() {
			return ""
		}
	}
	if err != nil && len(joins) == 0 {
		return "its seed " + seed.String() + " could not be followed from this worker (" + err.Error() + ")"
	}
	return "its seed " + seed.String() + "'s redirect does not lead there from this worker"
}

// fetchSeedAgain fetches seed in a throttle slot of its own; nil when the
// crawl stopped meanwhile.
func (c *Crawler) fetchSeedAgain(ctx context.Context, seed *url.URL) *union.Page {
	host := policy.HostKey(seed)
	release, err := c.gate.WaitSlot(ctx, host, c.gate.Throttle().Reserve(host))
	if err != nil {
		return nil
	}
	defer release()
	p, _ := c.pages.Fetch(fetch.WithSent(ctx, release), seed)
	return p
}

// followSeed fetches a seed again while its own redirect lands on another
// origin, after that origin joins the crawl (at most MaxSeedJoins times).
// Each fetch takes a throttle slot of its own and counts toward the request
// ceiling. retry says the crawl stopped while a fetch waited: the seed goes
// back to the queue, its joined origins kept.
func (c *Crawler) followSeed(ctx context.Context, it frontier.Item, u *url.URL, p *union.Page) (_ *union.Page, retry bool) {
	if it.Citation.Via != discovery.ViaSeed {
		return p, false
	}
	for range MaxSeedJoins {
		ev := SeedRedirect(c.scope, it.URL, p)
		if ev == nil {
			return p, false
		}
		c.joined(ctx, ev)
		if c.halted() || ctx.Err() != nil {
			return p, true
		}
		if n := c.started.Add(1); c.cfg.MaxPages > 0 && n > int64(c.cfg.MaxPages) {
			// The ceiling: the seed stays queued, its origin approved, for
			// a resumed crawl to fetch.
			c.started.Add(-1)
			c.stop(StopMaxPages)
			return p, true
		}
		release, err := c.gate.WaitSlot(ctx, it.Host, c.gate.Throttle().Reserve(it.Host))
		if err != nil || c.halted() {
			if err == nil {
				release()
			}
			c.started.Add(-1)
			return p, true
		}
		next, _ := c.pages.Fetch(fetch.WithSent(ctx, release), u)
		release()
		if ctx.Err() != nil || next == nil {
			return p, true
		}
		p = next
	}
	return p, false
}

// joined says and records that ev's origin joined the crawl, and prepares
// the origin (robots.txt, sitemaps, the soft-404 probe) like a seed's.
func (c *Crawler) joined(ctx context.Context, ev *SeedRedirectEvent) {
	if len(ev.CredentialsWithheld) == 0 && len(c.cfg.Credentials) > 0 {
		ev.CredentialsWithheld = slices.Clone(c.cfg.Credentials)
	}
	if c.journal != nil {
		if err := c.journal.JoinOrigin(ctx, ev.Origin, ev); err != nil {
			c.addWarning("the crawl database could not record that " + ev.Origin + " joined the crawl: " + err.Error())
		}
	}
	c.emit(ev)
	if to, err := url.Parse(ev.Hops[len(ev.Hops)-1].To); err == nil {
		c.prepare(ctx, to)
	}
}
