package rendered_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestViewport renders a documentation page whose sidebar shows only in a
// window at least 997 CSS pixels wide (a media query, as Docusaurus has it):
// the default viewport is a desktop window, where the sidebar is read; in a
// 400 by 800 one it is not, and the page's menu button is (its links are
// read either way: a link hidden is still a link). Pictures, taken
// at their own width, leave the tab laid out as it was.
func TestViewport(t *testing.T) {
	ts, _ := sites.Serve(t, "render")
	const sidebar = "Guides in this section"
	tests := []struct {
		name     string
		viewport rendered.Viewport
		pictures *rendered.Pictures
		sidebar  bool
	}{
		{"default", rendered.Viewport{}, nil, true},
		{"narrow", rendered.Viewport{Width: 400, Height: 800}, nil, false},
		{"narrow, with pictures", rendered.Viewport{Width: 400, Height: 800}, &rendered.Pictures{}, false},
		{"default, with pictures", rendered.Viewport{}, &rendered.Pictures{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := own(t, rendered.Config{Timeout: 15 * time.Second, Tabs: 1, Viewport: tt.viewport, Pictures: tt.pictures})
			defer f.Close()
			// Twice: the second render reuses the tab, after a picture
			// if any.
			for range 2 {
				s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/sidebar.html"))
				if err != nil {
					t.Fatalf("Fetch: %v", err)
				}
				if got := strings.Contains(text(s), sidebar); got != tt.sidebar {
					t.Errorf("the sidebar read: %v; want %v:\n%s", got, tt.sidebar, text(s))
				}
				if got := strings.Contains(text(s), "Menu"); got == tt.sidebar {
					t.Errorf("the menu button read: %v; want %v", got, !tt.sidebar)
				}
				if tt.pictures != nil && s.Picture == nil {
					t.Errorf("no picture taken")
				}
			}
		})
	}
}

// A viewport outside the bounds is refused before a browser starts.
func TestViewportBounds(t *testing.T) {
	for _, v := range []rendered.Viewport{{Width: 100, Height: 800}, {Width: 1280, Height: 5000}, {Width: -1, Height: 800}} {
		f, err := rendered.New(rendered.Config{Viewport: v})
		var ve *rendered.ViewportError
		if !errors.As(err, &ve) {
			if f != nil {
				f.Close()
			}
			t.Errorf("New with viewport %s: err = %v; want a *ViewportError", v, err)
		}
	}
}
