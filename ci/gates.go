// Package ci gives a crawl's outcome the forms a CI job reads: the
// --fail-on gate (which URLs fail the job, listed on stderr with their
// citations, and the error that makes the exit status 3), the JUnit XML
// report, GitHub workflow commands and the Markdown summary.
//
// It judges the whole crawl, every run of it, from what the database
// recorded, read through the small interfaces PageSource and LinkSource
// (*store.Store satisfies both), so it is tested without a database.
package ci

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/crawldiff"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/refuse"
	"github.com/webgraph/webgraph/store"
)

// Gates watches a crawl for CI: the URLs that fail for the causes, findings
// and link verdicts named by --fail-on, and, for a JUnit report, one test
// case per URL.
type Gates struct {
	failOn   map[string]bool
	junit    bool
	failures []outcome
	cases    []outcome
	judged   int // URLs observed, gated or not; without gates, 1 stands for any
}

// outcome is one URL as the gates judged it.
type outcome struct {
	URL      string
	OK       bool
	Cause    string
	Words    string
	MS       int64
	Citation discovery.Discovery
	Skipped  bool // not fetched: disallowed by robots.txt
	// Gated is set when the outcome fails the gate: a refusal for a cause
	// named by --fail-on, or a kept page with a finding named by it.
	Gated bool
	// Cited, for a link target, lists every citation (Citation is the first).
	Cited string
}

// cited is where the outcome's URL was found, in words.
func (o outcome) cited() string {
	if o.Cited != "" {
		return o.Cited
	}
	return safetext.Line(o.Citation.Describe())
}

// NewGates takes --fail-on's values, each a comma-separated list of refusal
// causes, audit findings and link verdicts; junit asks for one test case per
// URL. An unknown name is an error that says what the names are.
func NewGates(failOn []string, junit bool) (*Gates, error) {
	g := &Gates{failOn: map[string]bool{}, junit: junit}
	for _, c := range failOn {
		for _, part := range strings.Split(c, ",") {
			if part = strings.TrimSpace(part); part == "" {
				continue
			}
			if f, ferr := audit.ParseName(part); ferr == nil {
				g.failOn[string(f)] = true
				continue
			}
			if linkcheck.Verdict(part).Bad() {
				g.failOn[part] = true
				continue
			}
			cause, err := refuse.ParseCause(part)
			if err != nil {
				return nil, fmt.Errorf("--fail-on: %v (or a link verdict: %s, %s; or a finding of the audit: %s)", err, linkcheck.Broken, linkcheck.Unverifiable, findingNames())
			}
			g.failOn[string(cause)] = true
		}
	}
	return g, nil
}

// findingNames lists the audit's finding names for an error message.
func findingNames() string {
	var names []string
	for _, n := range audit.Names() {
		names = append(names, string(n))
	}
	return strings.Join(names, ", ")
}

// PageSource is what the gates read a crawl's outcomes from, over every
// run: *store.Store satisfies it.
type PageSource interface {
	Judged(ctx context.Context) (bool, error)
	Pages(ctx context.Context, fn func(store.PageRow) error) error
	Disallowed(ctx context.Context, fn func(url string, c discovery.Discovery) error) error
}

// LinkSource is what the gates read link verdicts from: *store.Store.
type LinkSource interface {
	LinkVerdicts(ctx context.Context) ([]*linkcheck.Event, error)
}

// Load judges every URL the crawl recorded, in all its runs (a resumed crawl
// is gated as a whole, not by its last run alone), forgetting what an
// earlier Load judged. ctx bounds the reading.
func (g *Gates) Load(ctx context.Context, src PageSource) error {
	g.failures, g.cases, g.judged = nil, nil, 0
	if len(g.failOn) == 0 && !g.junit {
		// No gate reads the outcomes: only whether there were any is asked.
		found, err := src.Judged(ctx)
		if found {
			g.judged = 1
		}
		return err
	}
	err := src.Pages(ctx, func(r store.PageRow) error {
		var ev crawl.PageEvent
		if err := json.Unmarshal(r.Event, &ev); err != nil {
			return fmt.Errorf("the stored event of %s: %w", r.URL, err)
		}
		g.observe(&ev)
		return nil
	})
	if err != nil {
		return err
	}
	return src.Disallowed(ctx, func(u string, c discovery.Discovery) error {
		g.observe(&crawl.DisallowedEvent{URL: u, Citation: c})
		return nil
	})
}

// LoadLinks judges every link verdict the crawl reached, in all its runs;
// call it after Load.
func (g *Gates) LoadLinks(ctx context.Context, src LinkSource) error {
	evs, err := src.LinkVerdicts(ctx)
	if err != nil {
		return err
	}
	for _, ev := range evs {
		g.observeLink(ev)
	}
	return nil
}

// Judged is how many URLs the gates observed; without gates or JUnit, 1
// stands for any.
func (g *Gates) Judged() int { return g.judged }

func (g *Gates) observe(ev any) {
	var o outcome
	switch e := ev.(type) {
	case *crawl.PageEvent:
		var ms int64
		for _, s := range e.Sides {
			ms = max(ms, s.MS)
		}
		o = outcome{URL: e.URL, OK: e.OK, Cause: e.Cause, Words: e.Error, MS: ms, Citation: e.Citation}
	case *crawl.DisallowedEvent:
		words := "disallowed by robots.txt"
		if e.Robots != "" {
			words = fmt.Sprintf("disallowed by %s (group %q, rule %q)", e.Robots, e.Group, e.Rule)
		}
		o = outcome{URL: e.URL, Cause: string(refuse.Disallowed), Words: words, Citation: e.Citation, Skipped: true}
	default:
		return
	}
	g.judged++
	if !o.OK && g.failOn[o.Cause] {
		o.Gated = true
		g.failures = append(g.failures, o)
	}
	if e, ok := ev.(*crawl.PageEvent); ok && e.Audit != nil {
		var names, words []string
		for _, f := range e.Audit.Findings {
			if !g.failOn[string(f.Finding)] {
				continue
			}
			w := f.Describe()
			g.failures = append(g.failures, outcome{URL: o.URL, OK: true, Cause: string(f.Finding), Words: w, MS: o.MS, Citation: o.Citation, Gated: true})
			names, words = append(names, string(f.Finding)), append(words, string(f.Finding)+": "+w)
		}
		if len(names) > 0 {
			o.Gated, o.Cause, o.Words = true, strings.Join(names, ","), strings.Join(words, "; ")
		}
	}
	if g.junit {
		g.cases = append(g.cases, o)
	}
}

func (g *Gates) observeLink(ev *linkcheck.Event) {
	o := outcome{URL: ev.URL, OK: ev.Verdict == linkcheck.OK, Cause: string(ev.Verdict), Words: ev.Reason, Cited: citedWords(ev)}
	if len(ev.Citations) > 0 {
		o.Citation = discovery.Discovery{Via: discovery.ViaLink, FoundOn: ev.Citations[0].FoundOn, Anchor: ev.Citations[0].Anchor}
	}
	g.judged++
	if !o.OK && g.failOn[o.Cause] {
		o.Gated = true
		g.failures = append(g.failures, o)
	}
	if g.junit {
		g.cases = append(g.cases, o)
	}
}

// citedWords lists where a target was linked and through what words, one
// citation a line, with site strings made safe for a terminal.
func citedWords(ev *linkcheck.Event) string {
	var b strings.Builder
	for i, c := range ev.Citations {
		if i > 0 {
			b.WriteString("\n      ")
		}
		fmt.Fprintf(&b, "linked from %s", safetext.Line(c.FoundOn))
		if c.Anchor != "" {
			fmt.Fprintf(&b, " as %q", c.Anchor)
		}
	}
	if ev.MoreCitations > 0 {
		fmt.Fprintf(&b, "\n      and %d more pages", ev.MoreCitations)
	}
	return b.String()
}

// Report writes the URLs that failed the gate to w, grouped by cause, and
// returns the *GateError that makes the exit status 3, or nil when none
// failed.
func (g *Gates) Report(w io.Writer) error {
	if len(g.failures) == 0 {
		return nil
	}
	sort.SliceStable(g.failures, func(i, j int) bool { return g.failures[i].Cause < g.failures[j].Cause })
	fmt.Fprintf(w, "\nwebgraph: %d URLs failed the --fail-on gate:\n", len(g.failures))
	cause := ""
	for _, f := range g.failures {
		if f.Cause != cause {
			cause = f.Cause
			fmt.Fprintf(w, "\n  %s:\n", cause)
		}
		fmt.Fprintf(w, "    %s\n      %s\n      %s\n", safetext.Line(f.URL), safetext.Line(f.Words), f.cited())
	}
	causes := make([]string, 0, len(g.failOn))
	for c := range g.failOn {
		causes = append(causes, c)
	}
	sort.Strings(causes)
	return &GateError{N: len(g.failures), Causes: causes}
}

// Annotate writes a GitHub ::error workflow command to w for each URL that
// failed the gate (the caller decides whether the job runs under GitHub
// Actions).
func (g *Gates) Annotate(w io.Writer) {
	for _, o := range g.failures {
		io.WriteString(w, crawldiff.GitHubCommand("error", "webgraph: "+o.Cause, o.URL+": "+o.Words+"; "+o.cited()))
	}
}

// GateError is a command's result when URLs or changes failed a --fail-on
// gate: exit status 3.
type GateError struct {
	N      int      // how many failed
	Causes []string // the gate's terms, sorted
}

func (e *GateError) Error() string {
	return fmt.Sprintf("%d URLs failed the gate for %s (--fail-on)", e.N, strings.Join(e.Causes, ", "))
}
