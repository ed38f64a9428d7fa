package rendered_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// One tab renders a hash-routed app's routes one after another. From the
// document, or from another route of it, a route differs only by its
// fragment: each render must still be a load of its own that shows that
// route, read once the route's content has arrived.
func TestHashRoutesInOneTab(t *testing.T) {
	ts, _ := sites.Serve(t, "hashapp")
	f := own(t, rendered.Config{Tabs: 1, Timeout: 10 * time.Second})
	defer f.Close()
	for _, tc := range []struct{ path, has, title string }{
		{"/", "above the old bakery", "Welcome - Lamp Workshop"},
		{"/#/lamps", "hand-blown chimneys", "Lamps - Lamp Workshop"},
		{"/#/weather", "hurricane globe", "Weather - Lamp Workshop"},
		{"/#/lamps", "hand-blown chimneys", "Lamps - Lamp Workshop"},
		{"/#/old-catalogue", "404 - Not found", "404 - Not found"},
	} {
		s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+tc.path))
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		text := s.Text()
		if s.Status != 200 || s.Title != tc.title || !strings.Contains(text, tc.has) || s.FinalURL != ts.URL+tc.path {
			t.Errorf("%s: status %d, final %s, title %q, text %q; want 200, itself, %q and %q", tc.path, s.Status, s.FinalURL, s.Title, text, tc.title, tc.has)
		}
	}
}
