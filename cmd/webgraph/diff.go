package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/crawldiff"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/settings"
	"github.com/webgraph/webgraph/store"
)

// diffFlags are the flags of `webgraph diff`.
type diffFlags struct {
	fs          *pflag.FlagSet
	json        *bool
	summary     *string
	junit       *string
	failOn      *[]string
	wordsChange *int
}

func newDiffFlags(stdout io.Writer) *diffFlags {
	fs := newFlagSet("diff", "webgraph diff OLD NEW [flags]",
		"Compare two crawl databases (SQLite files or postgres:// URLs, in any\ncombination): pages added and lost, refusals and broken links new and\nresolved, audit findings new and resolved, title, canonical, robots and\nword-count changes, sitemap changes. One line a change on stdout.\nExit 0 when nothing matched --fail-on, 3 when something did.\n", stdout)
	return &diffFlags{fs: fs,
		json:        fs.Bool("json", false, "write JSON Lines instead: one change event a line, a summary event last"),
		summary:     fs.String("summary", "", "append a Markdown summary (for a pull request's comment) to `FILE`"),
		junit:       fs.String("junit", "", "write a JUnit XML report to `FILE`: one test case per change"),
		failOn:      fs.StringSlice("fail-on", nil, "exit 3 on changes of each `FORM,…`: new:CAUSE, new:FINDING, new:broken, new:unverifiable, lost; a plain CAUSE, FINDING or broken fails on any in NEW, new or not"),
		wordsChange: fs.Int("words-change", crawldiff.DefaultWordsChange, "report a kept page's word count changed by at least `PCT` percent (negative: never)"),
	}
}

func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newDiffFlags(stdout)
	if err := parseCommandFlags(f.fs, args); err != nil {
		return err
	}
	if f.fs.NArg() != 2 {
		return usagef("diff takes two crawl databases, OLD and NEW; got %d arguments", f.fs.NArg())
	}
	oldPath, newPath := f.fs.Arg(0), f.fs.Arg(1)
	gate, err := crawldiff.ParseFailOn(*f.failOn)
	if err != nil {
		return usagef("%v", err)
	}
	for _, db := range []string{oldPath, newPath} {
		if err := checkOutputs(db, output{"--summary", *f.summary}, output{"--junit", *f.junit}); err != nil {
			return err
		}
	}
	old, err := openCrawl(ctx, "old", oldPath)
	if err != nil {
		return err
	}
	defer old.Close()
	cur, err := openCrawl(ctx, "new", newPath)
	if err != nil {
		return err
	}
	defer cur.Close()
	res, err := crawldiff.Compare(ctx, old, cur, crawldiff.Config{WordsChange: *f.wordsChange})
	if err != nil {
		return fmt.Errorf("diff: %w", cur.Explain(old.Explain(err)))
	}
	res.Apply(gate)
	if *f.json {
		err = crawldiff.WriteJSON(stdout, res)
	} else {
		err = crawldiff.WriteText(stdout, res)
	}
	if err != nil {
		return fmt.Errorf("diff: writing: %w", err)
	}
	title := "webgraph diff: what changed since the baseline"
	if err := writeDiffOutputs(res, title, *f.summary, *f.junit, "webgraph diff "+oldPath+" "+newPath, stderr); err != nil {
		return fmt.Errorf("diff: %w", err)
	}
	return diffGateError(res, gate)
}

// openCrawl opens a crawl database to compare, saying which side it is
// when it cannot be read.
func openCrawl(ctx context.Context, side, path string) (*store.Store, error) {
	st, err := store.Open(ctx, path, store.Read)
	switch {
	case errors.Is(err, store.ErrVersion):
		return nil, fmt.Errorf("diff: the %s crawl cannot be compared: %w; crawl it again with this webgraph (%s)", side, err, version)
	case err != nil:
		return nil, fmt.Errorf("diff: the %s crawl: %w", side, err)
	}
	return st, nil
}

// commandWriter returns the writer under w for the workflow commands
// webgraph means to give a CI runner, each one line with its text escaped
// (crawldiff.GitHubCommand): stderr's safetext.Writer keeps every other
// line from starting as one.
func commandWriter(w io.Writer) io.Writer {
	if sw, ok := w.(*safetext.Writer); ok {
		return sw.Raw()
	}
	return w
}

// writeDiffOutputs writes what a comparison gives besides stdout: the
// Markdown summary to summaryPath, JUnit to junitPath (each unless empty),
// and, under GitHub Actions (GITHUB_ACTIONS=true), workflow commands to
// stderr and the Markdown to $GITHUB_STEP_SUMMARY as well.
func writeDiffOutputs(res *crawldiff.Result, title, summaryPath, junitPath, suiteName string, stderr io.Writer) error {
	md := crawldiff.Markdown(title, res)
	if summaryPath != "" {
		if err := appendFile(summaryPath, md); err != nil {
			return fmt.Errorf("--summary: %w", err)
		}
	}
	if junitPath != "" {
		if err := ci.WriteJUnit(junitPath, ci.DiffJUnit(suiteName, res, time.Now())); err != nil {
			return fmt.Errorf("--junit: %w", err)
		}
	}
	if os.Getenv("GITHUB_ACTIONS") != "true" {
		return nil
	}
	if err := crawldiff.WriteGitHub(commandWriter(stderr), res); err != nil {
		return err
	}
	if p := os.Getenv("GITHUB_STEP_SUMMARY"); p != "" && !samePath(p, summaryPath) {
		if err := appendFile(p, md); err != nil {
			return fmt.Errorf("$GITHUB_STEP_SUMMARY: %w", err)
		}
	}
	return nil
}

func appendFile(path, s string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(s); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// diffGateError is the comparison's result: a *ci.GateError when a change
// fails the gate.
func diffGateError(res *crawldiff.Result, gate *crawldiff.Gate) error {
	if n := len(res.Gated()); n > 0 {
		return &ci.GateError{N: n, Causes: gate.Terms()}
	}
	return nil
}

// baseline is `crawl --baseline`: the comparison of the crawl with an
// earlier one, made when the crawl is done. A nil *baseline does nothing.
type baseline struct {
	path   string
	name   string // path without a password, once opened
	gate   *crawldiff.Gate
	result *crawldiff.Result
	err    error
}

// newBaseline takes --baseline, --db and --fail-on; it returns the baseline (nil
// without --baseline) and the --fail-on values left for the crawl's own
// gates. A new: or lost form without --baseline is a usage error.
func newBaseline(cfg *settings.Config, failOn []string) (*baseline, []string, error) {
	gate, plain, err := crawldiff.SplitFailOn(failOn)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	path, shown := cfg.Baseline(), cfg.Settings.Baseline // shown: without its password
	if path == "" {
		if !gate.Empty() {
			return nil, nil, usagef("--fail-on %v compares with a baseline: give --baseline OLD.db", gate.Terms())
		}
		return nil, plain, nil
	}
	if settings.Withheld(path) {
		return nil, nil, usagef("--baseline %s: its password is not saved with the crawl; give --baseline again", shown)
	}
	if path == cfg.DB() || (store.IsFile(path) && samePath(path, cfg.DB())) {
		return nil, nil, usagef("--baseline %s is the crawl's own database (--db); name the earlier crawl's", shown)
	}
	if store.IsFile(path) {
		if _, err := os.Stat(path); err != nil {
			return nil, nil, usagef("--baseline: %v", err)
		}
	}
	return &baseline{path: path, gate: gate}, plain, nil
}

// baselineTally is the done event's "baseline" field.
type baselineTally struct {
	DB string `json:"db"`
	crawldiff.Summary
}

// doneWithBaseline is the done event with the comparison's tally.
type doneWithBaseline struct {
	*crawl.DoneEvent
	Baseline baselineTally `json:"baseline"`
}

// done compares the crawl in st with the baseline when ev is the done
// event, and returns the done event with the tally; any other event is
// returned as it is.
func (b *baseline) done(ctx context.Context, st *store.Store, ev crawl.Event) crawl.Event {
	d, ok := ev.(*crawl.DoneEvent)
	if b == nil || !ok || d.Stopped == crawl.StopInterrupted || d.Stopped == crawl.StopFailure || d.Failure != "" {
		return ev // a crawl cut short or failed is not compared: all it missed would be lost
	}
	old, err := openCrawl(ctx, "baseline", b.path)
	if err != nil {
		b.err = err
		return ev
	}
	defer old.Close()
	b.name = old.Path()
	if b.result, b.err = crawldiff.Compare(ctx, old, st, crawldiff.Config{}); b.err != nil {
		b.err = old.Explain(b.err)
		return ev
	}
	b.result.Apply(b.gate)
	return &doneWithBaseline{DoneEvent: d, Baseline: baselineTally{DB: old.Path(), Summary: b.result.Summary()}}
}

// summarize writes the comparison's Markdown to summaryPath (unless
// empty) and, under GitHub Actions, its workflow commands to stderr and its
// Markdown to $GITHUB_STEP_SUMMARY. Call it before the crawl's own summary
// is written, so that what is new comes first.
func (b *baseline) summarize(summaryPath string, stderr io.Writer) error {
	if b == nil {
		return nil
	}
	if b.err != nil {
		return fmt.Errorf("crawl: --baseline: %w", b.err)
	}
	if b.result == nil {
		return nil // the crawl ended before its done event
	}
	if err := writeDiffOutputs(b.result, "webgraph: what is new since the baseline", summaryPath, "", "", stderr); err != nil {
		return fmt.Errorf("crawl: --baseline: %w", err)
	}
	return nil
}

// junitSuite is the comparison's suite for the crawl's JUnit report;
// ok is false when there is no comparison.
func (b *baseline) junitSuite() (suite ci.JUnitSuite, ok bool) {
	if b == nil || b.result == nil {
		return suite, false
	}
	return ci.DiffSuite("webgraph: what is new since the baseline", b.result, time.Now()), true
}

// finish lists the changes that fail the gate on stderr and returns the
// crawl's result: gateErr, or the comparison's gate failure when gateErr
// is nil.
func (b *baseline) finish(stderr io.Writer, gateErr error) error {
	if b == nil || b.result == nil {
		return gateErr
	}
	sum := b.result.Summary()
	fmt.Fprintf(stderr, "webgraph: against the baseline %s: %d new, %d lost, %d changed, %d added, %d resolved\n",
		b.name, sum.New, sum.Lost, sum.Changed, sum.Added, sum.Resolved)
	for _, c := range b.result.Gated() {
		fmt.Fprintf(stderr, "webgraph: %s\n", c.Line())
	}
	if gateErr != nil {
		return gateErr
	}
	return diffGateError(b.result, b.gate)
}

// diffFailOnNames is every value --fail-on takes with a baseline: the
// plain causes, and new: with each cause, finding and link verdict.
func diffFailOnNames() []string {
	names := []string{"lost"}
	for _, n := range failOnNames() {
		names = append(names, n, "new:"+n)
	}
	for _, n := range audit.Names() {
		names = append(names, string(n), "new:"+string(n))
	}
	return names
}
