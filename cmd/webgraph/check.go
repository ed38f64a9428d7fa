package main

import (
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
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
	c.check = fs.StringSlice("check", nil, "also verify link targets: external (every external link, HEAD then GET, politely) and/or fragments (every #fragment against the page's ids and names, both sides)")
	c.recheckAfter = fs.Duration("recheck-after", linkcheck.DefaultRecheckAfter, "a link verdict the database holds from less than this long ago is used again without asking (-1ns: always ask)")
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
		fmt.Fprintf(&b, "linked from %s", termSafe(c.FoundOn))
		if c.Anchor != "" {
			fmt.Fprintf(&b, " as %q", c.Anchor)
		}
	}
	if ev.MoreCitations > 0 {
		fmt.Fprintf(&b, "\n      and %d more pages", ev.MoreCitations)
	}
	return b.String()
}

// termSafe drops control characters (escape sequences included) from a
// site's string before it reaches a terminal.
func termSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || (r >= '\u202a' && r <= '\u202e') || (r >= '\u2066' && r <= '\u2069') {
			return -1
		}
		return r
	}, s)
}
