package rendered_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestHintsAreNotBlockedResources renders a page that asks ahead of time
// for the next route's code (a prefetch, and a modulepreload that robots.txt
// refuses) and for a font: every one is refused and counted, none is listed
// in blocked_resources, and the audit has no blocked_resources finding. A
// page whose own script and module robots.txt refuses (the module
// modulepreloaded first, then imported) lists both.
func TestHintsAreNotBlockedResources(t *testing.T) {
	ts, h := sites.Serve(t, "render")
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Gate: newGate(t, ts.URL+"/"), UserAgent: "webgraph-test"})
	defer f.Close()

	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/hints.html"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	for _, br := range s.BlockedResources {
		t.Errorf("listed: %s %s (%s); want no hint listed", br.Reason, br.URL, br.Detail)
	}
	if blockedFinding(s) {
		t.Error("the audit has a blocked_resources finding for a page that was refused only hints")
	}
	if s.Blocked < 3 {
		t.Errorf("Blocked = %d; want the prefetch, the font and the modulepreload counted", s.Blocked)
	}

	s, err = f.Fetch(context.Background(), mustURL(t, ts.URL+"/needs.html"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	var got []string
	for _, br := range s.BlockedResources {
		if br.Reason != fetch.DeniedDisallowed {
			t.Errorf("%s listed as %q; want %q", br.URL, br.Reason, fetch.DeniedDisallowed)
		}
		got = append(got, mustURL(t, br.URL).Path)
	}
	slices.Sort(got)
	if want := []string{"/next/needed.js", "/private/widget.js"}; !slices.Equal(got, want) {
		t.Errorf("blocked_resources lists %q; want %q", got, want)
	}
	if !blockedFinding(s) {
		t.Error("the audit lacks the blocked_resources finding for a page whose own script was refused")
	}
	for _, hit := range h.Hits() {
		if hit.Path != "/robots.txt" && hit.Path != "/hints.html" && hit.Path != "/needs.html" {
			t.Errorf("the server was asked for %s", hit.Path)
		}
	}
}

// blockedFinding reports whether the audit of s, beside a plain side that
// read the same page, has the blocked_resources finding.
func blockedFinding(s *fetch.Side) bool {
	plain := *s
	plain.Name, plain.BlockedResources = fetch.Plain, nil
	return audit.Of(&plain, s).Has(audit.BlockedResources)
}
