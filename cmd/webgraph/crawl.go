package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/store"
)

// crawlFlags are the flags of `webgraph crawl`.
type crawlFlags struct {
	fs           *pflag.FlagSet
	o            fetchOptions
	out, db      *string
	resume       *bool
	lease        *time.Duration
	depth        *int
	maxPages     *int
	budget       *time.Duration
	concurrency  *int
	hostInterval *time.Duration
	delay        *time.Duration
	origins      *[]string
	allowPaths   *[]string
	include      *[]string
	exclude      *[]string
	sitemapLimit *int
	keep         *string
	failOn       *[]string
	baseline     *string
	junit        *string
	check        checkFlags
	summary      summaryFlags
	warc         *string
	wacz         *string
	pics         pictureFlags
	seedsFile    *string
	fileSeeds    []string // the seeds read from --seeds-file
}

// newCrawlFlags builds crawl's flags; its help goes to stdout.
func newCrawlFlags(stdout io.Writer) *crawlFlags {
	fs := newFlagSet("crawl", "webgraph crawl URL [URL...] [flags]\n       webgraph crawl --resume [--db PATH] [flags]",
		"Crawl the sites of the seed URLs politely, through the union of plain and\nrendered fetches. Events go to stdout as JSON Lines; progress goes to stderr;\nthe crawl's state goes to --db, so a killed crawl continues with --resume.\nThe first Ctrl-C finishes the pages in flight; a second aborts.\n", stdout)
	f := &crawlFlags{fs: fs}
	f.o.register(fs)
	f.out = fs.StringP("out", "o", "", "write the JSON Lines events to `FILE` instead of stdout (- is stdout)")
	f.db = fs.String("db", "webgraph.db", "the crawl's database at `PATH`: a SQLite file, or a postgres:// URL that several workers share (start one with seeds, the others with --resume); refused if it already holds a crawl")
	f.lease = fs.Duration("lease", 0, "with a postgres:// --db: how long (`DURATION`) a URL in flight stays this worker's without renewal, so a dead worker's URLs return to the queue (0: 1m)")
	f.resume = fs.Bool("resume", false, "continue the crawl in --db with its settings (flags given again override them)")
	f.depth = fs.Int("depth", crawl.DefaultDepth, "at most `N` link hops from a seed: 0 the seeds only, -1 no limit (other negatives are refused)")
	f.maxPages = fs.Int("max-pages", crawl.DefaultMaxPages, "request ceiling: at most `N` page fetches, at least 1; -1 for none")
	f.budget = fs.Duration("time-budget", 0, "stop popping new URLs after this `DURATION` (0: no budget; negative is refused)")
	f.concurrency = fs.Int("concurrency", crawl.DefaultConcurrency, "`N` pages fetched at once (and browser tabs), at least 1")
	f.hostInterval = fs.Duration("host-interval", crawl.DefaultHostInterval, "least time (`DURATION`) between page fetches to one host (Crawl-delay wins when larger; 0: none)")
	f.delay = fs.Duration("delay", crawl.DefaultDelay, "pause (`DURATION`) before each fetch, in each of the --concurrency slots (0: none)")
	f.seedsFile = fs.String("seeds-file", "", "also crawl the seed URLs in `FILE`, one a line (- reads stdin; blank lines and lines starting with # are skipped)")
	f.origins = fs.StringSlice("origin", nil, "extra approved `ORIGIN`, scheme://host[:port] (repeatable; subdomains are never implied)")
	f.allowPaths = fs.StringSlice("allow-path", nil, "only crawl paths starting with `PREFIX` (repeatable)")
	f.include = fs.StringArray("include", nil, "only queue URLs matching the regular expression `RE` (repeatable: any one may match; seeds are always fetched)")
	f.exclude = fs.StringArray("exclude", nil, "never queue URLs matching the regular expression `RE` (repeatable; seeds are always fetched; excluded links are counted in done)")
	f.sitemapLimit = fs.Int("sitemap-limit", 50000, "take at most `N` URLs from one origin's sitemaps, at least 1")
	f.keep = fs.String("keep", "content", "retain `WHAT`: content (each page's main content as Markdown, in the database), text (each page's whole text, in its event) or none (HTML is never retained)")
	f.failOn = fs.StringSlice("fail-on", nil, "exit 3, listing each URL with its citation, when pages are refused for any `CAUSE,…` (e.g. missing,wall,login_redirect); with --baseline, also new:CAUSE, new:FINDING, new:broken and lost")
	f.baseline = fs.String("baseline", "", "compare the crawl, when done, with the earlier crawl in `OLD.db` (a file or postgres:// URL): the done event tallies what is new and resolved, and --fail-on new:CAUSE, new:FINDING, new:broken or lost gate on it")
	f.junit = fs.String("junit", "", "write a JUnit XML report to `FILE`: one test case per URL")
	f.warc = fs.String("warc", "", "archive every fetched page in the WARC `FILE` (gzip per record): the plain request and response, what the browser received for the page, and the rendered DOM")
	f.wacz = fs.String("wacz", "", "archive every fetched page as --warc does and package it, when the crawl ends, as the WACZ 1.1.1 `FILE` that ReplayWeb.page opens")
	f.check.register(fs)
	f.summary.register(fs)
	f.pics.register(fs)
	return f
}

func (f *crawlFlags) parse(args []string) error {
	return parseCommandFlags(f.fs, args)
}

// notStored are flags that belong to one invocation, not to the crawl.
// Credentials (--header, --cookie) and the proxy (whose URL may hold a
// password) are never written to the database: a resumed crawl is given
// them again.
var notStored = map[string]bool{"db": true, "resume": true, "out": true, "junit": true, "warc": true, "wacz": true, "summary": true, "header": true, "cookie": true, "lease": true, "seeds-file": true, "proxy": true}

// storedArgs returns the invocation's flags and seeds, to keep with the crawl.
func (f *crawlFlags) storedArgs() []string {
	var args []string
	f.fs.Visit(func(fl *pflag.Flag) {
		if notStored[fl.Name] {
			return
		}
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			for _, v := range sv.GetSlice() {
				args = append(args, "--"+fl.Name+"="+v)
			}
			return
		}
		args = append(args, "--"+fl.Name+"="+fl.Value.String())
	})
	return append(args, f.seedArgs()...)
}

// seedArgs returns the seeds as given: the arguments, then the seeds file's.
func (f *crawlFlags) seedArgs() []string {
	return append(append([]string{}, f.fs.Args()...), f.fileSeeds...)
}

// overlay applies the flags set in now on top of f (a resumed crawl's
// stored settings), returning a warning for each setting that changed.
func (f *crawlFlags) overlay(now *crawlFlags) ([]string, error) {
	var warnings []string
	var err error
	now.fs.Visit(func(fl *pflag.Flag) {
		if notStored[fl.Name] || err != nil {
			return
		}
		old := f.fs.Lookup(fl.Name)
		if old.Value.String() == fl.Value.String() {
			return
		}
		warnings = append(warnings, fmt.Sprintf("resumed with --%s %s (the crawl began with %s)", fl.Name, fl.Value.String(), old.Value.String()))
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			err = old.Value.(pflag.SliceValue).Replace(sv.GetSlice())
			return
		}
		err = f.fs.Set(fl.Name, fl.Value.String())
	})
	if given := now.seedArgs(); len(given) > 0 && strings.Join(given, " ") != strings.Join(f.seedArgs(), " ") {
		return nil, usagef("--resume continues the crawl of %s; start a new crawl (another --db) for %s", strings.Join(f.seedArgs(), " "), strings.Join(given, " "))
	}
	return warnings, err
}

// takeInvocation gives a resumed crawl's settings (f) this invocation's
// values of the flags that belong to it and not to the crawl (notStored):
// the database, the outputs, the credentials, the proxy, the lease.
func (f *crawlFlags) takeInvocation(now *crawlFlags) error {
	var err error
	now.fs.VisitAll(func(fl *pflag.Flag) {
		if !notStored[fl.Name] || err != nil {
			return
		}
		to := f.fs.Lookup(fl.Name).Value
		if sv, ok := fl.Value.(pflag.SliceValue); ok {
			err = to.(pflag.SliceValue).Replace(sv.GetSlice())
			return
		}
		err = to.Set(fl.Value.String())
	})
	return err
}

// outputs are the files this invocation writes.
func (f *crawlFlags) outputs() []output {
	return []output{{"--out", *f.out}, {"--junit", *f.junit}, {"--warc", *f.warc}, {"--wacz", *f.wacz}, {"--summary", *f.summary.path}}
}

// runCrawl is `webgraph crawl`: the settings (new or resumed), the crawl's
// plan, its database, its event stream, the engine wired to them, the run,
// and what CI reads of it.
func runCrawl(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	f, err := parseCrawlFlags(args, stdin, stdout)
	if err != nil {
		return err
	}
	// The outputs named on this command line are checked before the
	// database is touched (on resume, its lock file is made at once).
	if err := checkOutputs(*f.db, f.outputs()...); err != nil {
		return err
	}
	var opened closers
	defer opened.close()
	// The store's operations end with storeCtx: at a second Ctrl-C, or
	// storeGrace after the first, so that a database server that stalled
	// cannot hold the crawl past them.
	storeCtx, cutStore := context.WithCancel(ctx)
	defer cutStore()
	f, st, warnings, err := resumeCrawl(storeCtx, f, &opened)
	if err != nil {
		return err
	}
	plan, err := planCrawl(f, warnings, stderr)
	if err != nil {
		return err
	}
	if st, err = openCrawlStore(storeCtx, st, f, &plan.cfg, &opened); err != nil {
		return err
	}
	events, err := openEvents(ctx, f, plan, st, stdout, stderr, &opened)
	if err != nil {
		return err
	}
	c, err := wireCrawl(ctx, f, plan, st, events, stderr, &opened)
	if err != nil {
		return err
	}
	started := time.Now()
	// The grace cuts the store only while the crawl runs: the reads after
	// it (the gates, JUnit, the summary) are not cut short.
	var ran atomic.Bool
	done, err := c.run(ctx, events, stderr, func() {
		time.AfterFunc(storeGrace(f.o.timeout), func() {
			if !ran.Load() {
				cutStore()
			}
		})
	})
	ran.Store(true)
	if err != nil {
		return err
	}
	if storeCtx.Err() != nil && done.Stopped == crawl.StopInterrupted {
		// A second Ctrl-C, or the grace after the first ran out while
		// the database did not answer: nothing more is read from it.
		fmt.Fprintln(stderr, "webgraph: the database stopped being used before the crawl's record was complete; --resume fetches again what it did not record")
		return errInterrupted
	}
	return finishCrawl(f, plan, st, events, started, done, stderr)
}

// closers are what a command opened, closed in the reverse order when it
// ends.
type closers []func()

func (c *closers) add(fn func()) { *c = append(*c, fn) }

func (c *closers) close() {
	for i := len(*c) - 1; i >= 0; i-- {
		(*c)[i]()
	}
}

// parseCrawlFlags parses crawl's command line and reads --seeds-file.
func parseCrawlFlags(args []string, stdin io.Reader, stdout io.Writer) (*crawlFlags, error) {
	f := newCrawlFlags(stdout)
	if err := f.parse(args); err != nil {
		return nil, err
	}
	if *f.seedsFile != "" {
		seeds, err := readSeedsFile(*f.seedsFile, stdin)
		if err != nil {
			return nil, err
		}
		f.fileSeeds = seeds
	}
	return f, nil
}

// resumeCrawl, under --resume, opens the crawl's database and returns its
// stored settings with this invocation's flags on top (the warnings say
// which changed) and the flags that are not stored taken from now. Without
// --resume it returns now as it is and no database.
func resumeCrawl(ctx context.Context, now *crawlFlags, opened *closers) (*crawlFlags, *store.Store, []string, error) {
	if !*now.resume {
		return now, nil, nil, nil
	}
	db := *now.db
	st, err := store.OpenContext(ctx, db, store.Resume)
	if err != nil {
		return nil, nil, nil, err
	}
	opened.add(func() { st.Close() })
	raw, err := st.Meta("args")
	if err != nil || raw == "" {
		return nil, nil, nil, fmt.Errorf("crawl: %s does not say how its crawl began (%v)", store.Redact(db), err)
	}
	var stored []string
	if err := json.Unmarshal([]byte(raw), &stored); err != nil {
		return nil, nil, nil, fmt.Errorf("crawl: %s: the stored settings: %w", store.Redact(db), err)
	}
	f := newCrawlFlags(io.Discard)
	if err := f.parse(stored); err != nil {
		return nil, nil, nil, fmt.Errorf("crawl: %s: the stored settings: %w", store.Redact(db), err)
	}
	warnings, err := f.overlay(now)
	if err != nil {
		return nil, nil, nil, err
	}
	if err := f.takeInvocation(now); err != nil {
		return nil, nil, nil, err
	}
	return f, st, warnings, nil
}

// crawlPlan is what the settings ask for, checked: the seeds and scope, the
// engine's configuration, the baseline, the pictures and the CI gates.
type crawlPlan struct {
	seeds []*url.URL
	scope *policy.Scope
	cfg   crawl.Config
	bl    *baseline
	shots crawl.Screenshots
	gates *ci.Gates
}

// planCrawl checks the settings and turns them into a plan; every usage
// mistake is found here, before the database is made.
func planCrawl(f *crawlFlags, warnings []string, stderr io.Writer) (*crawlPlan, error) {
	if len(f.seedArgs()) == 0 {
		return nil, usagef("crawl takes at least one seed URL (as arguments or in --seeds-file)")
	}
	p := &crawlPlan{}
	var assumed []policy.Seed
	for _, a := range f.seedArgs() {
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
	o := &f.o
	if *f.keep != "content" && *f.keep != "text" && *f.keep != "none" {
		return nil, usagef("--keep must be content, text or none")
	}
	o.content = *f.keep == "content"
	if err := o.validate(); err != nil {
		return nil, err
	}
	if err := f.validateLimits(); err != nil {
		return nil, err
	}
	var err error
	if p.scope, err = policy.NewScope(p.seeds, *f.origins, *f.allowPaths, *f.include, *f.exclude); err != nil {
		return nil, usagef("%v", err)
	}
	o.archive = *f.warc != "" || *f.wacz != ""
	var failOn []string
	if p.bl, failOn, err = newBaseline(*f.baseline, *f.db, *f.failOn); err != nil {
		return nil, err
	}
	if p.shots, err = f.pics.apply(o, crawlPictureScale, crawlPictureMaxBytes); err != nil {
		return nil, err
	}
	if p.gates, err = ci.NewGates(failOn, *f.junit != ""); err != nil {
		return nil, usagef("%v", err)
	}
	p.cfg = crawl.Config{
		Seeds: p.seeds, Mode: o.mode,
		Depth: *f.depth, MaxPages: *f.maxPages, TimeBudget: *f.budget, Concurrency: *f.concurrency,
		HostInterval: *f.hostInterval, Delay: *f.delay, // the flags start from crawl's defaults
		SitemapLimit: *f.sitemapLimit, MaxBody: o.maxBody, KeepText: *f.keep == "text", KeepContent: o.content,
		Identity: o.identity(),
		Resumed:  *f.resume, DB: *f.db, Warnings: append(warnings, o.tlsWarnings()...), TLS: o.tlsReport(), AssumedSeeds: assumed,
		HashRoutes: o.hashRoutes, Credentials: o.creds.names(),
	}
	if o.mode != union.ModePlain {
		p.cfg.Viewport = o.viewportVal.String()
	}
	p.cfg.DB = store.Redact(p.cfg.DB) // the run event and the runs table hold no password
	if err := p.cfg.Validate(); err != nil {
		return nil, usagef("%v", err)
	}
	return p, nil
}

// openCrawlStore returns the crawl's database: st, a resumed crawl's, told
// in cfg whether it kept pages before; or a new one, made with the
// settings that began it.
func openCrawlStore(ctx context.Context, st *store.Store, f *crawlFlags, cfg *crawl.Config, opened *closers) (*store.Store, error) {
	if st != nil {
		var err error
		cfg.KeptEarlier, err = st.KeptAny()
		return st, err
	}
	st, err := store.OpenContext(ctx, *f.db, store.Create)
	if err != nil {
		return nil, err
	}
	opened.add(func() { st.Close() })
	b, _ := json.Marshal(f.storedArgs())
	if err := st.SetMeta("args", string(b)); err != nil {
		return nil, err
	}
	return st, nil
}

// jsonLiner is an event that gives its own line of JSON Lines.
type jsonLiner interface{ JSONLine() ([]byte, error) }

// eventSink takes every event of the crawl: it tells the progress line,
// adds the baseline's tally to the done event, notes why origins were
// deferred, and writes the event as a line of JSON Lines.
type eventSink struct {
	ctx         context.Context
	w           io.Writer
	enc         *json.Encoder
	prog        *progress
	bl          *baseline
	st          *store.Store
	err         error             // the first write's failure; later events are not written
	unreachable []string          // why origins were deferred, for a crawl that fetched nothing
	onDone      func(crawl.Event) // told the done event, with the baseline's tally (see onDone); may be nil
}

// openEvents opens the event stream: --out (appended to on resume) or
// stdout.
func openEvents(ctx context.Context, f *crawlFlags, p *crawlPlan, st *store.Store, stdout, stderr io.Writer, opened *closers) (*eventSink, error) {
	w := stdout
	if *f.out != "" && *f.out != "-" {
		flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if p.cfg.Resumed {
			flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND // the stream goes on
		}
		file, err := os.OpenFile(*f.out, flags, 0o644)
		if err != nil {
			return nil, fmt.Errorf("crawl: %w", err)
		}
		opened.add(func() { file.Close() })
		w = file
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &eventSink{ctx: ctx, w: w, enc: enc, prog: newProgress(stderr), bl: p.bl, st: st, onDone: onDone(ctx)}, nil
}

func (s *eventSink) observe(ev crawl.Event) {
	s.prog.observe(ev)
	ev = s.bl.done(s.ctx, s.st, ev) // the done event gets the comparison's tally
	if d, ok := ev.(*crawl.DeferredEvent); ok {
		s.unreachable = append(s.unreachable, d.Origin+": "+d.Reason)
	}
	switch ev.(type) {
	case *crawl.DoneEvent, *doneWithBaseline:
		if s.onDone != nil {
			s.onDone(ev)
		}
	}
	if s.err != nil {
		return
	}
	if l, ok := ev.(jsonLiner); ok {
		// A page event comes encoded already: most of a crawl's stream,
		// written as is.
		var line []byte
		if line, s.err = l.JSONLine(); s.err == nil {
			_, s.err = s.w.Write(line)
		}
		return
	}
	s.err = s.enc.Encode(ev)
}

// engine is the crawl wired to its parts, with the archive it writes to
// (nil without --warc or --wacz).
type engine struct {
	crawl   *crawl.Crawler
	archive *archivingPages
}

// wireCrawl builds the parts and the engine over them: the gate (with a
// resumed crawl's robots.txt policies), the frontier in st, the link
// checker, the union of both sides, the pictures and the archive.
func wireCrawl(ctx context.Context, f *crawlFlags, p *crawlPlan, st *store.Store, events *eventSink, stderr io.Writer, opened *closers) (*engine, error) {
	o, cfg := &f.o, &p.cfg
	o.tabs = *f.concurrency
	if store.IsPostgres(st.Path()) {
		o.sharedRobots = st.SharedRobots()
	}
	gate := o.newGate(ctx, p.scope, cfg.EffectiveHostInterval(), stderr)
	if cfg.Resumed {
		// Policies younger than a day are used again, not asked for.
		saved, err := st.RobotsPolicies(time.Now().Add(-policy.MaxCacheAge))
		if err != nil {
			return nil, err
		}
		gate.Remember(saved)
	}
	sh, err := openFrontier(st, gate.Throttle(), cfg.EffectiveDepth(), *f.lease)
	if err != nil {
		return nil, err
	}
	opened.add(func() { sh.close() })
	links, err := f.check.checker(gate, st, o.timeout)
	if err != nil {
		return nil, err
	}
	events.prog.queue = sh.front.Stats
	cfg.SeedJoins = o.joinSeedsEarly(ctx, p.seeds)
	pages, closeUnion, err := o.newUnion(ctx)
	if err != nil {
		return nil, err
	}
	opened.add(closeUnion)
	e := &engine{}
	crawlPages := wrapPictures(p.shots, pages, pages, st)
	if o.archive {
		if e.archive, err = openArchive(*f.warc, *f.wacz, cfg, o, crawlPages, opened); err != nil {
			return nil, err
		}
		crawlPages = e.archive
	}
	e.crawl, err = crawl.New(*cfg, crawl.Deps{
		Pages:    crawlPages,
		Frontier: sh.front,
		Gate:     gate,
		Journal:  sh.journal,
		Origins:  sh.origins,
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

// run runs the crawl to its done event, the first Ctrl-C stopping it
// gently (and calling interrupted), with the progress line on stderr. The
// error is a failure to write the events or the archive, or a crawl stopped
// by a failure.
func (e *engine) run(ctx context.Context, events *eventSink, stderr io.Writer, interrupted func()) (*crawl.DoneEvent, error) {
	onInterrupt(ctx, func() {
		fmt.Fprintln(stderr, "\nwebgraph: interrupted: finishing the pages in flight (press Ctrl-C again to abort)")
		e.crawl.Stop()
		interrupted()
	})
	stopProgress := events.prog.start()
	done := e.crawl.Run(ctx)
	stopProgress()
	if events.err != nil {
		return nil, fmt.Errorf("crawl: writing events: %w", events.err)
	}
	if err := e.archive.Err(); err != nil {
		return nil, fmt.Errorf("crawl: --warc: %w", err)
	}
	if err := e.archive.finish(ctx, stderr); err != nil {
		return nil, fmt.Errorf("crawl: --wacz: %w", err)
	}
	if done.Stopped == crawl.StopFailure {
		return nil, fmt.Errorf("crawl: stopped: %s", strings.Join(done.Warnings, "; "))
	}
	return done, nil
}

// finishCrawl judges the whole crawl, every run of it, from the database:
// the baseline's and the crawl's Markdown summaries, the JUnit report, the
// gate's list on stderr (and GitHub workflow commands under Actions); it
// returns the command's result.
func finishCrawl(f *crawlFlags, p *crawlPlan, st *store.Store, events *eventSink, started time.Time, done *crawl.DoneEvent, stderr io.Writer) error {
	gates, bl := p.gates, p.bl
	if err := gates.Load(st); err != nil {
		return fmt.Errorf("crawl: reading the crawl's outcomes: %w", err)
	}
	if err := gates.LoadLinks(st); err != nil {
		return fmt.Errorf("crawl: reading the crawl's link verdicts: %w", err)
	}
	if err := bl.summarize(*f.summary.path, stderr); err != nil {
		return err
	}
	if *f.summary.path != "" {
		verdicts, err := st.LinkVerdicts()
		if err == nil {
			err = appendFile(*f.summary.path, ci.Summary(f.fs.Args(), done, verdicts))
		}
		if err != nil {
			return fmt.Errorf("crawl: --summary: %w", err)
		}
	}
	if *f.junit != "" {
		if err := ci.WriteJUnit(*f.junit, gates.JUnit(f.fs.Args(), started, done)); err != nil {
			return fmt.Errorf("crawl: --junit: %w", err)
		}
	}
	gateErr := gates.Report(stderr)
	if os.Getenv("GITHUB_ACTIONS") == "true" {
		gates.Annotate(commandWriter(stderr))
	}
	gateErr = bl.finish(*f.junit, stderr, gateErr)
	switch {
	case done.Stopped == crawl.StopInterrupted:
		return errInterrupted
	case done.Failure != "" && len(events.unreachable) > 0 && gates.Judged() == 0:
		return fmt.Errorf("crawl: %s: %s", done.Failure, strings.Join(events.unreachable, "; "))
	case done.Failure != "":
		return fmt.Errorf("crawl: %s", done.Failure)
	case gateErr != nil:
		return gateErr
	}
	return nil
}

// browserOf returns the union's rendered side when it can tell the
// browser's peak memory; nil under --mode plain.
func browserOf(u *union.Union) crawl.BrowserMemory {
	if m, ok := u.Rendered.(crawl.BrowserMemory); ok {
		return m
	}
	return nil
}

// storeGrace is how long an interrupted crawl's store may take to record
// the pages in flight and the done event: a page's timeout, and as long
// again for its record. Past it, the store's operations end (a PostgreSQL
// server that stopped answering would otherwise hold the crawl for ever);
// what was not recorded is fetched again by --resume.
func storeGrace(pageTimeout time.Duration) time.Duration { return 2 * pageTimeout }
