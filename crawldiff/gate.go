package crawldiff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/refuse"
)

// Gate says which changes fail a CI job: --fail-on's forms.
//
//   - new:CAUSE     a page newly refused for CAUSE (refuse's causes)
//   - new:FINDING   an audit finding new on a kept page
//   - new:broken    a link newly broken (new:unverifiable alike)
//   - lost          a page the old crawl kept that the new one did not fetch
//   - CAUSE, FINDING, broken, unverifiable: any, new or standing
//
// The zero Gate fails nothing.
type Gate struct {
	new  map[problem]bool // what and name; url unused
	any  map[problem]bool
	lost bool
}

// FailOnError is a --fail-on value that names nothing the gate knows.
type FailOnError struct{ Value string }

func (e *FailOnError) Error() string {
	return fmt.Sprintf("crawldiff: --fail-on %q names no refusal cause, audit finding or link verdict (forms: CAUSE, new:CAUSE, new:FINDING, new:broken, lost)", e.Value)
}

// term parses a cause, a finding or a link verdict.
func term(s string) (problem, bool) {
	if linkcheck.Verdict(s).Bad() {
		return problem{what: Link, name: s}, true
	}
	if f, err := audit.ParseName(s); err == nil {
		return problem{what: Finding, name: string(f)}, true
	}
	if c, err := refuse.ParseCause(s); err == nil {
		return problem{what: Refusal, name: string(c)}, true
	}
	return problem{}, false
}

// SplitFailOn takes --fail-on's comma-separated values and returns the gate
// of the forms that compare with a baseline (new:…, lost) and the plain
// values left, for a crawl's own gate to judge. A new: form that names
// nothing known is a *FailOnError; the plain values are not checked.
func SplitFailOn(values []string) (*Gate, []string, error) {
	g := &Gate{new: map[problem]bool{}, any: map[problem]bool{}}
	var plain []string
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			switch {
			case part == "":
			case part == "lost":
				g.lost = true
			case strings.HasPrefix(part, "new:"):
				p, ok := term(strings.TrimPrefix(part, "new:"))
				if !ok {
					return nil, nil, &FailOnError{Value: part}
				}
				g.new[p] = true
			default:
				plain = append(plain, part)
			}
		}
	}
	return g, plain, nil
}

// ParseFailOn is SplitFailOn for a comparison alone: a plain value fails on
// any problem of its kind in the new crawl, new or standing.
func ParseFailOn(values []string) (*Gate, error) {
	g, plain, err := SplitFailOn(values)
	if err != nil {
		return nil, err
	}
	for _, v := range plain {
		p, ok := term(v)
		if !ok {
			return nil, &FailOnError{Value: v}
		}
		g.any[p] = true
	}
	return g, nil
}

// Empty reports whether the gate fails nothing.
func (g *Gate) Empty() bool { return g == nil || (len(g.new) == 0 && len(g.any) == 0 && !g.lost) }

// Terms lists the gate's forms, sorted, for a message.
func (g *Gate) Terms() []string {
	if g == nil {
		return nil
	}
	var out []string
	if g.lost {
		out = append(out, "lost")
	}
	for p := range g.new {
		out = append(out, "new:"+p.name)
	}
	for p := range g.any {
		out = append(out, p.name)
	}
	sort.Strings(out)
	return out
}

// Apply marks the result's changes that fail g, and adds to the result the
// standing problems a plain form asks for. It replaces what an earlier
// Apply marked.
func (r *Result) Apply(g *Gate) {
	kept := r.Changes[:0]
	for _, c := range r.Changes {
		if c.Change != Standing {
			kept = append(kept, c)
		}
	}
	r.Changes = kept
	if g == nil {
		g = &Gate{}
	}
	for i := range r.Changes {
		c := &r.Changes[i]
		p := problem{what: c.What, name: c.Name}
		switch {
		case c.Change == New:
			c.Gated = g.new[p] || g.any[p]
		case c.Change == Lost && c.What == Page:
			c.Gated = g.lost
		default:
			c.Gated = false
		}
	}
	for _, c := range r.standing {
		if g.any[problem{what: c.What, name: c.Name}] {
			c.Gated = true
			r.Changes = append(r.Changes, c)
		}
	}
	sortChanges(r.Changes)
}
