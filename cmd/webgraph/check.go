package main

import (
	"context"
	"strings"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/settings"
	"github.com/webgraph/webgraph/store"
)

// linkChecker returns the link checker --check asks for, or nil when none;
// its verdicts younger than --recheck-after are taken from st.
func linkChecker(ctx context.Context, s settings.Settings, gate *policy.Gate, st *store.Store) (crawl.LinkChecker, error) {
	var external, fragments bool
	for _, v := range s.Check {
		for _, part := range strings.Split(v, ",") {
			switch strings.TrimSpace(part) {
			case "external":
				external = true
			case "fragments":
				fragments = true
			}
		}
	}
	if !external && !fragments {
		return nil, nil
	}
	old, err := st.LinkVerdicts(ctx)
	if err != nil {
		return nil, err
	}
	return linkcheck.New(linkcheck.Config{Gate: gate, External: external, Fragments: fragments, Timeout: 2 * s.Timeout,
		RecheckAfter: s.RecheckAfter, Remembered: old, Store: st}), nil
}
