package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/settings"
	"github.com/webgraph/webgraph/store"
)

// crawlFlags are the flags of `webgraph crawl`: one for each setting (see
// package settings) and --config.
type crawlFlags struct {
	fs  *pflag.FlagSet
	set *settingFlags
}

// newCrawlFlags builds crawl's flags; its help goes to stdout.
func newCrawlFlags(stdout io.Writer) *crawlFlags {
	fs := newFlagSet("crawl", "webgraph crawl URL [URL...] [flags]\n       webgraph crawl --resume [--db PATH] [flags]",
		"Crawl the sites of the seed URLs politely, through the union of plain and\nrendered fetches. Events go to stdout as JSON Lines; progress goes to stderr;\nthe crawl's state goes to --db, so a killed crawl continues with --resume.\nThe first Ctrl-C finishes the pages in flight; a second aborts.\n\nEvery flag may be set in webgraph.toml (or --config FILE) under its own\nname, and the seeds as seeds = [\"https://…\"]; flags and the environment\nwin over the file. A resumed crawl keeps its own settings: the file does\nnot change them (flags given again do). 'webgraph config' shows them all.\n", stdout)
	return &crawlFlags{fs: fs, set: registerSettings(fs, settings.Crawl)}
}

// loadCrawl parses crawl's command line and fills its settings from the
// flags, the environment and the settings file (a resumed crawl's own come
// from its database: resumeCrawl).
func loadCrawl(args []string, stdin io.Reader, stdout, stderr io.Writer) (*settings.Config, error) {
	f := newCrawlFlags(stdout)
	if err := parseCommandFlags(f.fs, args); err != nil {
		return nil, err
	}
	return f.set.load(f.fs.Args(), stdin, stderr)
}

// crawlSettings returns the settings crawl's command line args gives, as
// crawl read them (flags, environment, settings file, defaults), without
// reading its seeds file or saying the file's warnings again.
func crawlSettings(args []string) (*settings.Config, error) {
	f := newCrawlFlags(io.Discard)
	if err := parseCommandFlags(f.fs, args); err != nil {
		return nil, err
	}
	f.set.flags.Seeds(f.fs.Args())
	cfg, _, err := settings.Load(settings.Input{Takes: settings.Crawl, Flags: f.set.flags, Getenv: os.Getenv, File: f.set.config})
	return cfg, err
}

// outputs are the files this invocation writes.
func outputs(cfg *settings.Config) []output {
	inv := &cfg.Invocation
	return []output{{"--out", inv.Out}, {"--junit", inv.JUnit}, {"--warc", inv.WARC}, {"--wacz", inv.WACZ}, {"--summary", inv.Summary}}
}

// runCrawl is `webgraph crawl`: the settings (new or resumed), everything
// built from them (buildCrawl), the run, and what CI reads of it.
func runCrawl(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg, err := loadCrawl(args, stdin, stdout, stderr)
	if err != nil {
		return err
	}
	// The outputs named on this command line are checked before the
	// database is touched (on resume, its lock file is made at once).
	if err := checkOutputs(cfg.DB(), outputs(cfg)...); err != nil {
		return err
	}
	var opened closers
	defer opened.close()
	// The crawl and the store's operations end with storeCtx: at a second
	// Ctrl-C, or storeGrace after the first, so that a database server that
	// stalled cannot hold the crawl past them. (The first Ctrl-C stops the
	// crawl gently: its pages in flight and its end are recorded.)
	storeCtx, cutStore := context.WithCancel(ctx)
	defer cutStore()
	st, changes, err := resumeCrawl(storeCtx, cfg, stderr, &opened)
	if err != nil {
		return err
	}
	c, err := buildCrawl(ctx, storeCtx, cfg, st, changes, stdout, stderr, &opened)
	if err != nil {
		return err
	}
	started := time.Now()
	// The grace cuts the store only while the crawl runs: the reads after
	// it (the gates, JUnit, the summary) are not cut short.
	var ran atomic.Bool
	done, err := c.engine.run(ctx, storeCtx, c.events, stderr, func() {
		time.AfterFunc(storeGrace(cfg.Settings.Timeout), func() {
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
	return finishCrawl(storeCtx, cfg, c, started, done, stderr)
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

// resumeCrawl, under --resume, opens the crawl's database and sets its
// stored settings under this invocation's flags and environment (see
// settings.Config.Resume); it returns the database and, for the run event,
// the settings this invocation changed. A record of the previous release
// (its command line) is saved anew as the settings record. Without
// --resume it returns no database.
func resumeCrawl(ctx context.Context, cfg *settings.Config, stderr io.Writer, opened *closers) (*store.Store, []string, error) {
	if !cfg.Invocation.Resume {
		return nil, nil, nil
	}
	st, err := store.Open(ctx, cfg.DB(), store.Resume)
	if err != nil {
		return nil, nil, err
	}
	opened.add(func() { st.Close() })
	res, err := cfg.Resume(ctx, st)
	if err != nil {
		if e := settingsError(err); isUsage(e) {
			return nil, nil, e
		}
		return nil, nil, fmt.Errorf("crawl: %s: %w", cfg.Invocation.DB, err)
	}
	if res.Convert != "" {
		if err := st.SetMeta(ctx, settings.MetaKey, res.Convert); err != nil {
			return nil, nil, err
		}
	}
	for _, n := range res.Unapplied {
		fmt.Fprintln(stderr, "webgraph: warning:", n)
	}
	return st, res.Changes, nil
}

// isUsage reports whether err is a usage error.
func isUsage(err error) bool {
	var ue *usageError
	return errors.As(err, &ue)
}

// jsonLiner is an event that gives its own line of JSON Lines.
type jsonLiner interface{ JSONLine() ([]byte, error) }

// eventSink takes every event of the crawl: it tells the progress line,
// notes why origins were deferred, and writes the event as a line of JSON
// Lines. The last event (done, or a worker's worker_done) is held until
// the crawl has returned: finish compares the crawl with the baseline
// then, and writes it with the comparison's tally.
type eventSink struct {
	w           io.Writer
	enc         *json.Encoder
	prog        *progress
	bl          *baseline
	st          *store.Store
	err         error             // the first write's failure; later events are not written
	unreachable []string          // why origins were deferred, for a crawl that fetched nothing
	end         crawl.Event       // the done or worker_done event, held for finish
	onDone      func(crawl.Event) // told the done event, with the baseline's tally (see onDone); may be nil
}

func (s *eventSink) observe(ev crawl.Event) {
	s.prog.observe(ev)
	switch ev := ev.(type) {
	case *crawl.DeferredEvent:
		s.unreachable = append(s.unreachable, ev.Origin+": "+ev.Reason)
	case *crawl.DoneEvent, *crawl.WorkerDoneEvent:
		s.end = ev
		return
	}
	s.write(ev)
}

// finish writes the crawl's last event, once the crawl has returned: the
// done event with the baseline's tally when there is a baseline.
func (s *eventSink) finish(ctx context.Context) error {
	if s.end == nil {
		return s.err
	}
	ev := s.bl.done(ctx, s.st, s.end)
	s.end = nil
	if s.onDone != nil {
		s.onDone(ev)
	}
	s.write(ev)
	return s.err
}

func (s *eventSink) write(ev crawl.Event) {
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

// run runs the crawl to its done event, the first Ctrl-C stopping it
// gently (and calling interrupted), with the progress line on stderr. The
// crawl and its record run under storeCtx (see runCrawl), the archive's
// end under ctx. The error is a failure to write the events or the
// archive, or a crawl stopped by a failure.
func (e *engine) run(ctx, storeCtx context.Context, events *eventSink, stderr io.Writer, interrupted func()) (*crawl.DoneEvent, error) {
	onInterrupt(ctx, func() {
		fmt.Fprintln(stderr, "\nwebgraph: interrupted: finishing the pages in flight (press Ctrl-C again to abort)")
		e.crawl.Stop()
		interrupted()
	})
	stopProgress := events.prog.start()
	done := e.crawl.Run(storeCtx)
	stopProgress()
	if err := events.finish(storeCtx); err != nil {
		return nil, fmt.Errorf("crawl: writing events: %w", err)
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
func finishCrawl(ctx context.Context, cfg *settings.Config, c *crawlRun, started time.Time, done *crawl.DoneEvent, stderr io.Writer) error {
	gates, bl, st, inv := c.plan.gates, c.plan.bl, c.st, &cfg.Invocation
	if err := gates.Load(ctx, st); err != nil {
		return fmt.Errorf("crawl: reading the crawl's outcomes: %w", err)
	}
	if err := gates.LoadLinks(ctx, st); err != nil {
		return fmt.Errorf("crawl: reading the crawl's link verdicts: %w", err)
	}
	if err := bl.summarize(inv.Summary, stderr); err != nil {
		return err
	}
	if inv.Summary != "" {
		verdicts, err := st.LinkVerdicts(ctx)
		if err == nil {
			err = appendFile(inv.Summary, ci.Summary(cfg.Settings.Seeds, done, verdicts))
		}
		if err != nil {
			return fmt.Errorf("crawl: --summary: %w", err)
		}
	}
	if inv.JUnit != "" {
		doc := gates.JUnit(cfg.Settings.Seeds, started, done)
		if suite, ok := bl.junitSuite(); ok {
			doc.Prepend(suite) // what is new first
		}
		if err := ci.WriteJUnit(inv.JUnit, doc); err != nil {
			return fmt.Errorf("crawl: --junit: %w", err)
		}
	}
	gateErr := gates.Report(stderr)
	if os.Getenv("GITHUB_ACTIONS") == "true" {
		gates.Annotate(commandWriter(stderr))
	}
	gateErr = bl.finish(stderr, gateErr)
	switch {
	case done.Stopped == crawl.StopInterrupted:
		return errInterrupted
	case done.Failure != "" && len(c.events.unreachable) > 0 && gates.Judged() == 0:
		return fmt.Errorf("crawl: %s: %s", done.Failure, strings.Join(c.events.unreachable, "; "))
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
