package rendered_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// The same mechanisms against sites the generators built
// (testdata/sites/gen-README.md holds the facts asserted here).

// TestGenNextjsAboutHydrated renders the Next.js static export's /about four
// at a time on a busy machine: the client component's paragraph, its
// #crew-notes heading and the only link to /team, which exist only after
// hydration, are read every time.
func TestGenNextjsAboutHydrated(t *testing.T) {
	ts, _ := sites.Serve(t, "gen-nextjs")
	f := loaded(t, rendered.Config{})
	for i, s := range renderAll(t, f, ts.URL, repeat("/about", 8)) {
		if !strings.Contains(text(s), "The crew notes are written on the evening of every open day") {
			t.Errorf("copy %d (wait %s, %d words) was read before hydration:\n%s", i, s.Wait, s.Words, text(s))
		}
		if !slices.Contains(s.Anchors, "crew-notes") {
			t.Errorf("copy %d lacks the fragment #crew-notes", i)
		}
		if !hasLink(s, ts.URL+"/team") {
			t.Errorf("copy %d lacks the only link to /team", i)
		}
	}
}

// TestGenAstroIslandAtTheFoot renders Astro's /logbook, whose client:visible
// island at the foot of about thirty screens writes its text and the page's
// only link to /hidden-gem once in view.
func TestGenAstroIslandAtTheFoot(t *testing.T) {
	ts, _ := sites.Serve(t, "gen-astro")
	f := browser.Get(t)
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/logbook"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if !strings.Contains(text(s), "the best view of the breakwater is from the old net loft") {
		t.Errorf("the island's text is missing (wait %s)", s.Wait)
	}
	if !hasLink(s, ts.URL+"/hidden-gem") {
		t.Errorf("the island's link to /hidden-gem is missing")
	}
}

// TestGenDocusaurusDocsPage renders Docusaurus's /docs/first-aid/, four at a
// time on a busy machine, through the gate: the title is the one the page
// settles on (not the bare site title it passes through while hydrating),
// the sidebar is read at the default viewport, and the route chunks the page
// prefetches are refused and counted but not listed in blocked_resources.
func TestGenDocusaurusDocsPage(t *testing.T) {
	ts, _ := sites.Serve(t, "gen-docusaurus")
	f := loaded(t, rendered.Config{Gate: newGate(t, ts.URL+"/"), UserAgent: "webgraph-test"})
	for i, s := range renderAll(t, f, ts.URL, repeat("/docs/first-aid/", 8)) {
		if s.Title != "First aid | Harbour Handbook" {
			t.Errorf("copy %d: Title = %q (wait %s); want the title the page settles on", i, s.Title, s.Wait)
		}
		if !strings.Contains(text(s), "Knots the crews use") { // a sidebar item, in no pager
			t.Errorf("copy %d: the sidebar is not in the text:\n%s", i, text(s))
		}
		for _, br := range s.BlockedResources {
			t.Errorf("copy %d lists %s %s (%s); want nothing listed", i, br.Reason, br.URL, br.Detail)
		}
		if blockedFinding(s) {
			t.Errorf("copy %d has the blocked_resources finding", i)
		}
		if s.Blocked == 0 {
			t.Errorf("copy %d: nothing refused; want its prefetches refused and counted", i)
		}
	}
}
