package rendered_test

import (
	"context"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestLateContent renders pages whose text arrives after the load event and
// checks that the adaptive wait reads them whole: text fetched by script
// 300 ms and 1 s after load, text written by an animation frame and by an
// IntersectionObserver and a ResizeObserver (which Chrome does not run in
// a background tab, where pages render), and a single-page docs app drawn
// from JSON by a module loaded on demand after a scheduled tick.
func TestLateContent(t *testing.T) {
	ts, _ := sites.Serve(t, "late")
	f := browser.Get(t)
	tests := []struct {
		name, path, title string
		want              []string
	}{
		{"fetch after 300ms and 1s", "/late.html", "Late arrivals", []string{
			"Served at once",
			"Arrived after three hundred milliseconds",
			"Arrived after one second",
		}},
		{"drawn by frames and observers", "/frames.html", "Drawn when seen", []string{
			"The page was told it is visible.",
			"Written in the second animation frame.",
			"Written when the paragraph came into view.",
			"Measured 300 pixels wide.",
		}},
		{"drawn by a chain of slow frames beside an endless animation", "/chain.html", "Drawn frame by frame", []string{
			"Written in the third animation frame, after slow drawing.",
		}},
		{"single-page docs app", "/docs/", "Getting started — Docs", []string{
			"Getting started · Installing",
			"This documentation page is drawn entirely by script",
			"The final section of the docs page",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+tt.path))
			if err != nil {
				t.Fatalf("Fetch: %v", err)
			}
			text := strings.Join(s.Blocks, "\n")
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("text lacks %q; got:\n%s", w, text)
				}
			}
			if s.Title != tt.title {
				t.Errorf("Title = %q; want %q", s.Title, tt.title)
			}
			if s.Wait != "idle" {
				t.Errorf("Wait = %q; want idle (the page settled before the cap)", s.Wait)
			}
		})
	}
}
