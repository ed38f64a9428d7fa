package rendered_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestReadAfterHydration renders, four at a time on a busy machine, pages
// whose content a framework writes late, and reads each after it:
//
//   - hydration cut into tasks posted through a MessageChannel, as React's
//     scheduler posts them, with no change to the DOM until the end, and
//     then a preloaded module added late that writes the client
//     component's paragraph, a heading's fragment and its only link;
//   - an island hydrated in idle callbacks, as a client:idle island is,
//     which a background page gets late or not at all.
func TestReadAfterHydration(t *testing.T) {
	ts, _ := sites.Serve(t, "render")
	f := loaded(t, rendered.Config{})
	tests := []struct {
		path, text, anchor, link string
	}{
		{"/hydrate.html", "Written by the client component", "team", "/people.html"},
		{"/idle.html", "Written by the island once the browser was idle.", "", "/idle-next.html"},
	}
	var paths []string
	for _, tt := range tests {
		paths = append(paths, repeat(tt.path, 4)...)
	}
	for i, s := range renderAll(t, f, ts.URL, paths) {
		tt := tests[i/4]
		if !strings.Contains(text(s), tt.text) {
			t.Errorf("%s (wait %s, %d words) was read before its content was written:\n%s", paths[i], s.Wait, s.Words, text(s))
		}
		if tt.anchor != "" && !slices.Contains(s.Anchors, tt.anchor) {
			t.Errorf("%s lacks the fragment #%s: %q", paths[i], tt.anchor, s.Anchors)
		}
		if !hasLink(s, ts.URL+tt.link) {
			t.Errorf("%s lacks the link to %s", paths[i], tt.link)
		}
	}
}
