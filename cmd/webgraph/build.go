package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"time"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/settings"
	"github.com/webgraph/webgraph/store"
)

// crawlRun is a crawl built from its settings: what they ask for (the
// plan), the database, the event stream and the engine.
type crawlRun struct {
	plan   *crawlPlan
	st     *store.Store
	events *eventSink
	engine *engine
}

// buildCrawl builds everything the crawl cfg describes, in order: the plan
// (every usage mistake found here, before the database is made), the
// database (st, a resumed crawl's, or a new one holding cfg's settings),
// the event stream, the gate, the frontier, the link checker, the
// fetchers, the pictures, the archive and the engine over them. It reads
// cfg and never changes it. changes are the stored settings this run
// changed, for the run event.
func buildCrawl(ctx, storeCtx context.Context, cfg *settings.Config, st *store.Store, changes []string, stdout, stderr io.Writer, opened *closers) (*crawlRun, error) {
	plan, err := planCrawl(cfg, changes, stderr)
	if err != nil {
		return nil, err
	}
	if st, err = openCrawlStore(storeCtx, st, cfg, &plan.cfg, opened); err != nil {
		return nil, err
	}
	events, err := openEvents(ctx, cfg, plan, st, stdout, stderr, opened)
	if err != nil {
		return nil, err
	}
	eng, err := wireCrawl(ctx, storeCtx, cfg, plan, st, events, opened)
	if err != nil {
		return nil, err
	}
	return &crawlRun{plan: plan, st: st, events: events, engine: eng}, nil
}

// crawlPlan is what the settings ask for, checked: the seeds and scope, the
// fetch settings read (TLS, proxy, credentials), the engine's
// configuration, the baseline, the pictures and the CI gates.
type crawlPlan struct {
	seeds    []*url.URL
	scope    *policy.Scope
	fetch    *fetcher
	cfg      crawl.Config
	bl       *baseline
	shots    crawl.Screenshots
	pictures *rendered.Pictures // nil: none
	gates    *ci.Gates
}

// The pictures a crawl keeps are half the layout's size and at most 150 KB
// each, so that a report of many pages stays a file a person can mail;
// compare's are full size.
const (
	crawlPictureScale    = 0.5
	crawlPictureMaxBytes = 150 << 10
)

// planCrawl checks the settings and turns them into a plan; every usage
// mistake is found here, before the database is made.
func planCrawl(cfg *settings.Config, changes []string, stderr io.Writer) (*crawlPlan, error) {
	if err := cfg.Validate(settings.Crawl); err != nil {
		return nil, settingsError(err)
	}
	s := &cfg.Settings
	p := &crawlPlan{}
	var assumed []policy.Seed
	for _, a := range s.Seeds {
		seed, err := parseSeed(a)
		if err != nil {
			return nil, err
		}
		sayAssumed(stderr, seed)
		if seed.Assumed {
			assumed = append(assumed, seed)
		}
		p.seeds = append(p.seeds, seed.URL)
	}
	var err error
	if p.fetch, err = fetcherOf(cfg, stderr); err != nil {
		return nil, err
	}
	if p.scope, err = policy.NewScope(p.seeds, s.Origin, s.AllowPath, s.Include, s.Exclude); err != nil {
		return nil, usagef("%v", err)
	}
	var failOn []string
	if p.bl, failOn, err = newBaseline(cfg, s.FailOn); err != nil {
		return nil, err
	}
	p.shots = s.Screenshots
	if p.shots != crawl.ScreenshotsNone {
		p.pictures = &rendered.Pictures{Width: s.ScreenshotWidth, Scale: crawlPictureScale, MaxBytes: crawlPictureMaxBytes}
	}
	if p.gates, err = ci.NewGates(failOn, cfg.Invocation.JUnit != ""); err != nil {
		return nil, usagef("%v", err)
	}
	p.cfg = crawl.Config{
		Seeds: p.seeds, Mode: s.Mode,
		Depth: s.Depth, MaxPages: s.MaxPages, TimeBudget: s.TimeBudget, Concurrency: s.Concurrency,
		HostInterval: s.HostInterval, Delay: s.Delay, SitemapLimit: s.SitemapLimit, MaxBody: s.MaxBody,
		MaxRetries: crawl.DefaultMaxRetries, FrontierEvery: crawl.DefaultFrontierEvery,
		KeepText: s.Keep.Text(), KeepContent: s.Keep.Content(), Identity: p.fetch.identity(),
		Resumed: cfg.Invocation.Resume, DB: cfg.Invocation.DB, // redacted: the run event and the runs table hold no password
		Warnings: append(changes, p.fetch.tlsWarnings()...), TLS: p.fetch.tlsReport(), AssumedSeeds: assumed,
		HashRoutes: s.HashRoutes, Credentials: p.fetch.credentialNames(),
	}
	if s.Mode != union.ModePlain {
		p.cfg.Viewport = s.Viewport.String()
	}
	if err := p.cfg.Validate(); err != nil {
		return nil, usagef("%v", err)
	}
	return p, nil
}

// openCrawlStore returns the crawl's database: st, a resumed crawl's, told
// in cfg whether it kept pages before; or a new one, holding the settings
// that began it.
func openCrawlStore(ctx context.Context, st *store.Store, s *settings.Config, cfg *crawl.Config, opened *closers) (*store.Store, error) {
	if st != nil {
		var err error
		cfg.KeptEarlier, err = st.KeptAny(ctx)
		return st, err
	}
	st, err := store.Open(ctx, s.DB(), store.Create)
	if err != nil {
		return nil, err
	}
	opened.add(func() { st.Close() })
	if err := st.SetMeta(ctx, settings.MetaKey, settings.Encode(s.Settings)); err != nil {
		return nil, err
	}
	return st, nil
}

// openEvents opens the event stream: --out (appended to on resume) or
// stdout.
func openEvents(ctx context.Context, cfg *settings.Config, p *crawlPlan, st *store.Store, stdout, stderr io.Writer, opened *closers) (*eventSink, error) {
	w := stdout
	if out := cfg.Invocation.Out; out != "" && out != "-" {
		flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if p.cfg.Resumed {
			flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND // the stream goes on
		}
		file, err := os.OpenFile(out, flags, 0o644)
		if err != nil {
			return nil, fmt.Errorf("crawl: %w", err)
		}
		opened.add(func() { file.Close() })
		w = file
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &eventSink{w: w, enc: enc, prog: newProgress(stderr), bl: p.bl, st: st, onDone: onDone(ctx)}, nil
}

// wireCrawl builds the parts and the engine over them: the gate (with a
// resumed crawl's robots.txt policies), the frontier in st, the link
// checker, the union of both sides, the pictures and the archive.
func wireCrawl(ctx, storeCtx context.Context, s *settings.Config, p *crawlPlan, st *store.Store, events *eventSink, opened *closers) (*engine, error) {
	cfg := p.cfg
	g := p.fetch.withGate(ctx, p.scope, cfg.HostInterval, st.SharedRobots())
	if cfg.Resumed {
		// Policies younger than a day are used again, not asked for.
		saved, err := st.RobotsPolicies(storeCtx, time.Now().Add(-policy.MaxCacheAge))
		if err != nil {
			return nil, err
		}
		g.gate.Remember(saved)
	}
	sh, err := st.OpenCrawl(storeCtx, store.CrawlConfig{Throttle: g.gate.Throttle(), MaxDepth: cfg.Depth, Lease: s.Invocation.Lease})
	if err != nil {
		return nil, err
	}
	opened.add(func() { sh.Close(storeCtx) })
	links, err := linkChecker(storeCtx, s.Settings, g.gate, st)
	if err != nil {
		return nil, err
	}
	events.prog.queue = func() frontier.Stats { return sh.Frontier.Stats(storeCtx) }
	cfg.SeedJoins = g.joinSeedsEarly(ctx, p.seeds)
	inv := &s.Invocation
	archive := inv.WARC != "" || inv.WACZ != ""
	pages, closeUnion, err := g.newUnion(ctx, unionUse{tabs: cfg.Concurrency, archive: archive, content: cfg.KeepContent, pictures: p.pictures, memoryLimit: int64(s.Settings.BrowserMemoryMB) << 20})
	if err != nil {
		return nil, err
	}
	opened.add(closeUnion)
	e := &engine{}
	crawlPages := wrapPictures(p.shots, pages, pages, st)
	if archive {
		if e.archive, err = openArchive(inv.WARC, inv.WACZ, &cfg, g.creds, crawlPages, opened); err != nil {
			return nil, err
		}
		crawlPages = e.archive
	}
	e.crawl, err = crawl.New(cfg, crawl.Deps{
		Pages:    crawlPages,
		Frontier: sh.Frontier,
		Gate:     g.gate,
		Journal:  sh.Journal,
		Origins:  sh.Origins,
		Links:    links,
		Browser:  browserOf(pages),
		Sink:     events.observe,
		Version:  version,
	})
	if err != nil {
		return nil, usagef("%v", err)
	}
	if e.archive != nil {
		e.archive.stop = e.crawl.Stop // a crawl whose archive fails stops, rather than fetch unarchived
	}
	return e, nil
}
