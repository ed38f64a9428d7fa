package crawl

import (
	"context"
	"maps"
	"sync"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/refuse"
)

// record counts the page, queues its links and emits its event once the
// page is durable. A kept page is first claimed, by the URL it was asked as,
// under the URL it is known by (known, from settle: its canonical URL, else
// its final URL after every hop); a page whose claim another page holds is
// recorded as that page's duplicate (duplicateOf): counted as a duplicate,
// not kept again, its text not retained twice. So /old, redirected to
// /new, and /new itself are one kept page, whichever the crawl meets first.
func (c *Crawler) record(ctx context.Context, p *union.Page, it frontier.Item, known, duplicateOf string) {
	sc := linkScratches.Get().(*linkScratch)
	defer sc.put()
	for _, l := range p.Links {
		sc.links = append(sc.links, discovery.Link{URL: l.URL, Anchor: l.Anchor, Nofollow: l.Nofollow, Side: l.Found})
	}
	sc.cands = discovery.AppendCandidates(sc.cands, p.FinalURL, it.Citation.Depth, sc.links, c.scope.SameSite)
	cands := sc.cands

	edges := make([]frontier.Link, 0, len(cands))
	files := map[string]discovery.Candidate{}
	queue := make([]frontier.New, 0, len(cands))
	var excluded, outOfScope int
	for _, cand := range cands {
		edges = append(edges, frontier.Link{To: cand.URL, Anchor: cand.Citation.Anchor, Side: cand.Side, Kind: cand.Kind})
		switch {
		case cand.Kind == discovery.KindPage:
		case cand.Kind.IsFile() && c.scope.SameSite(hostOf(cand.URL)):
			files[cand.URL] = cand
			continue
		default:
			continue
		}
		cu, err := fetch.ParseURL(cand.URL)
		if err != nil {
			continue
		}
		if sv := c.scope.Judge(&cu); !sv.Allowed {
			switch {
			case sv.Filtered:
				excluded++
			case c.scope.SameSite(cu.Host):
				outOfScope++
			}
			continue
		}
		queue = append(queue, frontier.New{URL: cand.URL, Host: cu.Host, Citation: cand.Citation})
	}
	// The page's event carries the tally before its own new links.
	c.mu.Lock()
	kinds := maps.Clone(c.kinds)
	c.mu.Unlock()
	ev := NewPageEvent(p, it.Citation, kinds, c.cfg.KeepText && duplicateOf == "")
	ev.DuplicateOf = duplicateOf
	var kept *frontier.Content
	if c.cfg.KeepContent && ev.OK && duplicateOf == "" && !ev.RobotsMeta.Noindex {
		var why string
		if kept, why = c.extract(p); why != "" {
			ev.Warnings = append(ev.Warnings, why)
		}
	}
	// The documents are not retained, whether extracted or not: the page
	// is held until its record is committed.
	p.ContentHTML = ""
	if s := p.Sides[fetch.Rendered]; s != nil {
		s.DOM = ""
	}
	if ev.RobotsMeta != nil && ev.RobotsMeta.Nofollow {
		queue = nil // the links stay in the graph as edges
	}
	if n, ok := c.canonicalTarget(p, it.Citation); ok {
		queue = append(queue, n) // not a link: nofollow does not hold it back
	}
	res := frontier.Result{State: frontier.StateDone, FinalURL: p.FinalURL, Status: p.Status, Title: p.Title, Words: p.Words,
		PlainWords: sideWords(p, fetch.Plain), RenderedWords: sideWords(p, fetch.Rendered), Links: edges, Queue: queue,
		LastModified: lastModified(p), Content: kept}
	if p.Refusal != nil {
		res.State, res.Cause = frontier.StateRefused, p.Refusal.Cause
	}
	if line, err := ev.encode(); err == nil {
		ev.line, res.Event = line, line[:len(line)-1] // said as stored
	}

	// The record is committed before the event is said: the database is
	// the truth a resumed crawl starts from.
	said := func(firsts []frontier.Link) {
		var warn *refuse.Warning
		if p.Refusal == nil {
			warn = c.identical.Observe(p.FinalURL, p.Text())
		}
		c.citeLinks(p, it.URL)
		c.noteSkippedRoutes(p)
		c.mu.Lock()
		c.done.Pages++
		c.done.DroppedLongURLs += p.DroppedLongURLs
		if p.LinksCapped > 0 {
			c.done.LinksCapped++
			c.done.LinksPastCap += p.LinksCapped
		}
		c.done.ExcludedLinks += excluded
		c.done.OutOfScopeLinks += outOfScope
		switch {
		case p.Refusal == nil && duplicateOf != "":
			c.done.Duplicates++
		case p.Refusal == nil:
			c.done.OK++
		default:
			c.done.Refused++
			c.done.Causes[string(p.Refusal.Cause)]++
			if it.Citation.Via == discovery.ViaSeed && len(c.seedRefusals) < maxSeedRefusals {
				c.seedRefusals = append(c.seedRefusals, it.URL+" ("+string(p.Refusal.Cause)+": "+p.Refusal.Words+")")
			}
		}
		c.done.Findings.Add(ev.Audit)
		c.pagesSince++
		frontierDue := c.pagesSince >= c.cfg.FrontierEvery
		if frontierDue {
			c.pagesSince = 0
		}
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
			c.emit(&WarningEvent{Event: EventWarning, Words: warn.Words, URLs: warn.URLs})
		}
		if frontierDue {
			c.emit(c.frontierEvent(ctx))
		}
	}
	c.recording.Add(1)
	c.recorder.CompleteThen(ctx, it, res, known, func(firsts []frontier.Link, holder string, err error) {
		defer c.recording.Done()
		if err != nil {
			if ctx.Err() == nil { // else the crawl was stopped, not failed
				c.failed(err)
			}
			return // not recorded: not said
		}
		if holder != "" {
			duplicate(p, known, holder)
			c.record(ctx, p, it, "", holder)
			return
		}
		said(firsts)
	})
}

// linkScratch holds a page's links and candidates while record turns them
// into its edges and queue, which copy what they keep; it is reused from
// page to page, as a page's link lists were a quarter of a plain crawl's
// allocation (docs/performance.md, "Toward wget2's CPU").
type linkScratch struct {
	links []discovery.Link
	cands []discovery.Candidate
}

var linkScratches = sync.Pool{New: func() any { return new(linkScratch) }}

// maxPooledLinks is the most links a scratch given back may hold room for.
const maxPooledLinks = 4096

// put empties sc, so that it holds no page's strings, and gives it back
// unless a page of very many links made it large.
func (sc *linkScratch) put() {
	if cap(sc.links) > maxPooledLinks || cap(sc.cands) > maxPooledLinks {
		return
	}
	clear(sc.links)
	clear(sc.cands)
	sc.links, sc.cands = sc.links[:0], sc.cands[:0]
	linkScratches.Put(sc)
}

// lastModified is when the server said the page last changed: the plain
// side's Last-Modified, when that side was answered with a 2xx.
func lastModified(p *union.Page) time.Time {
	if s := p.Sides[fetch.Plain]; s != nil && s.Status/100 == 2 {
		return s.LastModified
	}
	return time.Time{}
}

func hostOf(raw string) string {
	if u, err := fetch.ParseURL(raw); err == nil {
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

func (c *Crawler) frontierEvent(ctx context.Context) *FrontierEvent {
	s := c.queue.Stats(ctx)
	c.mu.Lock()
	defer c.mu.Unlock()
	return &FrontierEvent{Event: EventFrontier, Queued: s.Queued, Seen: s.Seen, InFlight: s.InFlight, Deferred: s.Deferred, Pages: c.done.Pages, DiscoveredKinds: maps.Clone(c.kinds), Findings: maps.Clone(c.done.Findings)}
}
