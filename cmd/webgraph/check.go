package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/store"
)

// checkFlags are the link-checking flags of `webgraph crawl`.
type checkFlags struct {
	check        *[]string
	recheckAfter *time.Duration
}

func (c *checkFlags) register(fs *pflag.FlagSet) {
	c.check = fs.StringSlice("check", nil, "also verify link targets of each `KIND,…`: external (every external link, HEAD then GET, politely) and/or fragments (every #fragment against the page's ids and names, both sides)")
	c.recheckAfter = fs.Duration("recheck-after", linkcheck.DefaultRecheckAfter, "a link verdict the database holds from less than this `DURATION` ago is used again without asking (-1ns: always ask)")
}

// checker returns the link checker the flags ask for, or nil when none.
func (c *checkFlags) checker(gate *policy.Gate, st *store.Store, timeout time.Duration) (crawl.LinkChecker, error) {
	var external, fragments bool
	for _, v := range *c.check {
		for _, part := range strings.Split(v, ",") {
			switch strings.TrimSpace(part) {
			case "external":
				external = true
			case "fragments":
				fragments = true
			case "":
			default:
				return nil, usagef("--check: unknown check %q (external or fragments)", part)
			}
		}
	}
	if !external && !fragments {
		return nil, nil
	}
	if *c.recheckAfter == 0 {
		return nil, usagef("--recheck-after must not be zero (use -1ns to always ask again)")
	}
	old, err := st.LinkVerdicts()
	if err != nil {
		return nil, err
	}
	return linkcheck.New(linkcheck.Config{Gate: gate, External: external, Fragments: fragments, Timeout: 2 * timeout,
		RecheckAfter: *c.recheckAfter, Remembered: old, Store: st}), nil
}

// linkSource is what the gates read link verdicts from: *store.Store.
type linkSource interface {
	LinkVerdicts() ([]*linkcheck.Event, error)
}

// loadLinks judges every link verdict the crawl reached, in all its runs.
func (g *gates) loadLinks(src linkSource) error {
	evs, err := src.LinkVerdicts()
	if err != nil {
		return err
	}
	for _, ev := range evs {
		g.observeLink(ev)
	}
	return nil
}

func (g *gates) observeLink(ev *linkcheck.Event) {
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
		fmt.Fprintf(&b, "linked from %s", safetext.Clean(c.FoundOn))
		if c.Anchor != "" {
			fmt.Fprintf(&b, " as %q", c.Anchor)
		}
	}
	if ev.MoreCitations > 0 {
		fmt.Fprintf(&b, "\n      and %d more pages", ev.MoreCitations)
	}
	return b.String()
}

// summaryFlags is --summary: a Markdown summary for a CI job's step summary.
type summaryFlags struct{ path *string }

func (s *summaryFlags) register(fs *pflag.FlagSet) {
	s.path = fs.String("summary", "", "write a Markdown summary of the crawl and its link verdicts to `FILE` (e.g. $GITHUB_STEP_SUMMARY); appended to when FILE exists")
}

// writeSummary appends the Markdown summary: totals, then each target that
// is not ok with where it was linked. Every site string is escaped.
func writeSummary(path string, seeds []string, done *crawl.DoneEvent, links []*linkcheck.Event) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## webgraph: %s\n\n", mdEscape(strings.Join(seeds, " ")))
	fmt.Fprintf(&b, "Pages: %d kept, %d refused (stopped: %s).\n\n", done.OK, done.Refused, mdEscape(string(done.Stopped)))
	if done.Failure != "" {
		fmt.Fprintf(&b, "**Failed:** %s.\n\n", mdEscape(done.Failure))
	}
	if done.HashRoutesSkipped > 0 {
		fmt.Fprintf(&b, "Hash routes: %d linked (#/… or #!/…), not crawled; `--hash-routes` crawls them as pages.\n\n", done.HashRoutesSkipped)
	}
	if done.Links != nil {
		l := done.Links
		fmt.Fprintf(&b, "| links | count |\n|---|---|\n| ok | %d |\n| broken | %d |\n| unverifiable | %d |\n| unchecked | %d |\n\n", l.OK, l.Broken, l.Unverifiable, l.Unchecked)
	}
	for _, verdict := range []linkcheck.Verdict{linkcheck.Broken, linkcheck.Unverifiable} {
		var rows []*linkcheck.Event
		for _, ev := range links {
			if ev.Verdict == verdict {
				rows = append(rows, ev)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "### %s (%d)\n\n| target | reason | linked from |\n|---|---|---|\n", verdict, len(rows))
		for _, ev := range rows {
			var from []string
			for _, c := range ev.Citations {
				from = append(from, mdEscape(c.FoundOn)+" as “"+mdEscape(c.Anchor)+"”")
			}
			if ev.MoreCitations > 0 {
				from = append(from, fmt.Sprintf("and %d more", ev.MoreCitations))
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", mdEscape(ev.URL), mdEscape(ev.Reason), strings.Join(from, "<br>"))
		}
		b.WriteString("\n")
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(b.String()); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// mdEscape makes a site's string inert in Markdown: one line, table pipes,
// code spans, links, HTML and emphasis escaped; control characters dropped.
func mdEscape(s string) string { return safetext.Markdown(s) }
