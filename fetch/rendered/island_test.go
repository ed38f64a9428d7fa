package rendered_test

import (
	"context"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestIslandAtTheFoot renders a page whose island, at the foot of ten
// screens of text, writes its text and its link only once its
// IntersectionObserver says it is in view: the page is read as a reader who
// scrolls to its foot sees it. A part of the page that is not laid out is
// never taken for seen.
func TestIslandAtTheFoot(t *testing.T) {
	ts, _ := sites.Serve(t, "render")
	f := browser.Get(t)
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/island.html"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if !strings.Contains(text(s), "Written by the island once a reader scrolled to it.") {
		t.Errorf("the island's text is missing (wait %s):\n%s", s.Wait, text(s))
	}
	if !hasLink(s, ts.URL+"/all-comments.html") {
		t.Errorf("the island's link is missing: %+v", s.Links)
	}
	if strings.Contains(text(s), "hidden part") {
		t.Errorf("an element with no box was reported in view:\n%s", text(s))
	}
	if s.Wait != "idle" {
		t.Errorf("Wait = %q; want idle", s.Wait)
	}
}
