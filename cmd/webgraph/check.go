package main

import (
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
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

// summaryFlags is --summary: a Markdown summary for a CI job's step summary.
type summaryFlags struct{ path *string }

func (s *summaryFlags) register(fs *pflag.FlagSet) {
	s.path = fs.String("summary", "", "write a Markdown summary of the crawl and its link verdicts to `FILE` (e.g. $GITHUB_STEP_SUMMARY); appended to when FILE exists")
}
