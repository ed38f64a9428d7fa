package crawl

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// canonicalTarget returns the canonical URL of a kept page, to be queued
// like any URL the page names, cited via canonical one hop deeper: when it
// is in scope and another document than the page. Whether it is a page at
// all is learned by fetching it (see checkCanonicals).
func (c *Crawler) canonicalTarget(p *union.Page, cited discovery.Discovery) (frontier.New, bool) {
	if p.Refusal != nil || p.Canonical == "" {
		return frontier.New{}, false
	}
	cu, err := url.Parse(p.Canonical)
	if err != nil || !c.scope.Allows(cu) {
		return frontier.New{}, false
	}
	if final, err := fetch.Normalize(nil, p.FinalURL); err == nil && final == p.Canonical {
		return frontier.New{}, false
	}
	return frontier.New{URL: p.Canonical, Host: policy.HostKey(cu),
		Citation: discovery.Discovery{Via: discovery.ViaCanonical, FoundOn: p.FinalURL, Depth: cited.Depth + 1}}, true
}

// checkCanonicals adds the finding canonical_broken to the record of every
// page whose canonical URL the crawl refused (missing, walled, disallowed,
// …), says each in a finding event and counts it in d. A page's canonical
// URL is often fetched after the page itself, so this is done once the
// crawl's pages are all recorded, by whoever writes the crawl's done (the
// last worker out of a shared crawl); a page an earlier run missed (it
// stopped first) is found by the next.
func (c *Crawler) checkCanonicals(ctx context.Context, d *DoneEvent) {
	if c.recorder.Err() != nil {
		return
	}
	found := map[string]audit.Finding{}
	broken, err := c.canonicals.BrokenCanonicals(ctx, func(b frontier.BrokenCanonical, event []byte) ([]byte, error) {
		var ev PageEvent
		if err := json.Unmarshal(event, &ev); err != nil {
			return nil, err
		}
		f := canonicalBroken(b, ev.Audit)
		if ev.Audit == nil {
			ev.Audit = &audit.Audit{Findings: []audit.Finding{}}
		}
		ev.Audit.Findings = append(ev.Audit.Findings, f)
		found[b.Page] = f
		return ev.encode()
	})
	if err != nil {
		d.Warnings = append(d.Warnings, "the crawl database could not record which canonical URLs are broken: "+err.Error())
	}
	for _, b := range broken {
		d.Findings[audit.CanonicalBroken]++
		c.emit(&FindingEvent{Event: EventFinding, URL: b.Page, Finding: found[b.Page]})
	}
}

// canonicalBroken is the finding of b on a page whose audit is a: each
// side's canonical URL, and what became of the one the page is known by.
func canonicalBroken(b frontier.BrokenCanonical, a *audit.Audit) audit.Finding {
	f := audit.Finding{Finding: audit.CanonicalBroken, Words: audit.Words(audit.CanonicalBroken)}
	if a != nil && a.Plain != nil {
		f.Plain = a.Plain.Canonical
	}
	if a != nil && a.Rendered != nil {
		f.Rendered = a.Rendered.Canonical
	}
	var why string
	switch {
	case b.State == frontier.StateDisallowed:
		why = "disallowed by robots.txt"
	case b.Words != "":
		why = "refused, " + b.Cause + ": " + b.Words
	default:
		why = "refused, " + strings.TrimSpace(b.Cause)
	}
	f.Detail = b.Canonical + " is " + why
	return f
}
