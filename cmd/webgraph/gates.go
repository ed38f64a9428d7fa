package main

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/refuse"
	"github.com/webgraph/webgraph/store"
)

// gates watches a crawl for CI: the pages refused for the causes named by
// --fail-on, and, with --junit, one test case per page.
type gates struct {
	failOn   map[string]bool
	junit    bool
	failures []outcome
	cases    []outcome
	judged   int // URLs observed, gated or not; without gates, 1 stands for any
}

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

// newGates parses --fail-on's comma-separated causes.
func newGates(failOn []string, junit bool) (*gates, error) {
	g := &gates{failOn: map[string]bool{}, junit: junit}
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
				return nil, usagef("--fail-on: %v (or a link verdict: %s, %s; or a finding of the audit: %s)", err, linkcheck.Broken, linkcheck.Unverifiable, findingNames())
			}
			g.failOn[string(cause)] = true
		}
	}
	return g, nil
}

// pageSource is what the gates read a crawl's outcomes from, over every
// run: *store.Store satisfies it.
type pageSource interface {
	Judged() (bool, error)
	Pages(fn func(store.PageRow) error) error
	Disallowed(fn func(url string, c discovery.Discovery) error) error
}

// load judges every URL the crawl recorded, in all its runs (a resumed crawl
// is gated as a whole, not by its last run alone).
func (g *gates) load(src pageSource) error {
	g.failures, g.cases, g.judged = nil, nil, 0
	if len(g.failOn) == 0 && !g.junit {
		// No gate reads the outcomes: only whether there were any is asked.
		found, err := src.Judged()
		if found {
			g.judged = 1
		}
		return err
	}
	err := src.Pages(func(r store.PageRow) error {
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
	return src.Disallowed(func(u string, c discovery.Discovery) error {
		g.observe(&crawl.DisallowedEvent{URL: u, Citation: c})
		return nil
	})
}

func (g *gates) observe(ev any) {
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
			w := findingWords(f)
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

// report writes the failing pages, grouped by cause, and returns the error
// that makes the exit status non-zero, or nil.
func (g *gates) report(w io.Writer) error {
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
		cited := f.Citation.Describe()
		if f.Cited != "" {
			cited = f.Cited
		}
		fmt.Fprintf(w, "    %s\n      %s\n      %s\n", safetext.Clean(f.URL), safetext.Clean(f.Words), cited)
	}
	causes := make([]string, 0, len(g.failOn))
	for c := range g.failOn {
		causes = append(causes, c)
	}
	sort.Strings(causes)
	return &gateError{n: len(g.failures), causes: causes}
}

// gateError is the crawl's result when pages failed the --fail-on gate.
type gateError struct {
	n      int
	causes []string
}

func (e *gateError) Error() string {
	return fmt.Sprintf("%d URLs failed the gate for %s (--fail-on)", e.n, strings.Join(e.causes, ", "))
}

// JUnit XML, as CI systems read it.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name      string      `xml:"name,attr"`
	Tests     int         `xml:"tests,attr"`
	Failures  int         `xml:"failures,attr"`
	Skipped   int         `xml:"skipped,attr"`
	Time      string      `xml:"time,attr"`
	Timestamp string      `xml:"timestamp,attr"`
	Cases     []junitCase `xml:"testcase"`
}

type junitCase struct {
	ClassName string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

type junitFailure struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// writeJUnit writes one test case per URL: a failure for a cause named by
// --fail-on, skipped for a URL robots.txt disallows (unless gated), passed
// otherwise (a refusal not gated is said in system-out).
func (g *gates) writeJUnit(path string, seeds []string, started time.Time, done *crawl.DoneEvent) error {
	suite := junitSuite{Name: "webgraph crawl of " + strings.Join(seeds, " "), Timestamp: started.UTC().Format(time.RFC3339)}
	for _, o := range g.cases {
		class := "webgraph"
		if u, err := url.Parse(o.URL); err == nil {
			class = u.Host
		}
		c := junitCase{ClassName: class, Name: o.URL, Time: fmt.Sprintf("%.3f", float64(o.MS)/1000)}
		switch {
		case o.Gated:
			c.Failure = &junitFailure{Type: o.Cause, Message: o.Words, Text: o.Citation.Describe()}
			if o.Cited != "" {
				c.Failure.Text = o.Cited
			}
			suite.Failures++
		case o.Skipped:
			c.Skipped = &junitSkipped{Message: o.Words}
			suite.Skipped++
		case !o.OK:
			c.SystemOut = fmt.Sprintf("refused (%s, not gated): %s; %s", o.Cause, o.Words, o.Citation.Describe())
		}
		suite.Cases = append(suite.Cases, c)
	}
	if done.Failure != "" {
		// The crawl as a whole failed: no page was kept.
		suite.Cases = append(suite.Cases, junitCase{ClassName: "webgraph", Name: "the crawl kept a page",
			Failure: &junitFailure{Type: "nothing_kept", Message: done.Failure}})
		suite.Failures++
	}
	suite.Tests = len(suite.Cases)
	suite.Time = fmt.Sprintf("%.3f", float64(done.ElapsedMS)/1000)
	doc := junitSuites{Name: "webgraph", Tests: suite.Tests, Failures: suite.Failures, Skipped: suite.Skipped, Time: suite.Time, Suites: []junitSuite{suite}}
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append([]byte(xml.Header), append(b, '\n')...), 0o644)
}

// findingWords is a finding as the gate lists it: what it means, then both
// sides' values.
func findingWords(f audit.Finding) string {
	pv, _ := json.Marshal(f.Plain)
	rv, _ := json.Marshal(f.Rendered)
	return fmt.Sprintf("%s (plain %s, rendered %s)", f.Words, clip(string(pv), 300), clip(string(rv), 300))
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// findingNames lists the audit's finding names for a usage message.
func findingNames() string {
	var names []string
	for _, n := range audit.Names() {
		names = append(names, string(n))
	}
	return strings.Join(names, ", ")
}
