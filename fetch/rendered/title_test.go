package rendered_test

import (
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestTitleAfterHydration renders, four at a time on a busy machine, a docs
// page whose client sets the head as react-helmet does (in an animation
// frame after each component mounts): the layout's bare site title first,
// then, once the route's chunk has loaded, the page's own. The title read is
// the one the page settles on, as the served HTML had it.
func TestTitleAfterHydration(t *testing.T) {
	ts, _ := sites.Serve(t, "render")
	f := loaded(t, rendered.Config{})
	for i, s := range renderAll(t, f, ts.URL, repeat("/title.html", 8)) {
		if s.Title != "First aid | Field guide" {
			t.Errorf("copy %d: Title = %q (wait %s); want the title the page settles on", i, s.Title, s.Wait)
		}
		if !strings.Contains(text(s), "Hydrated by the page's own component.") {
			t.Errorf("copy %d was read before the page's component ran:\n%s", i, text(s))
		}
	}
}
