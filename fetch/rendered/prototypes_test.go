package rendered_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestPageCannotRewriteTheReader renders a page that replaces
// Array.prototype.push, String.prototype.slice and trim, the links' href
// and every element's innerText before it is read: the page is read where
// its scripts cannot reach (an isolated world), so what comes back is its
// real links, at most 10,000, and at most --max-body characters of its
// real text.
func TestPageCannotRewriteTheReader(t *testing.T) {
	ts, _ := sites.Serve(t, "hostile")
	const maxText = 2000
	// The answer is large (10,000 links): the bound is generous for a loaded machine.
	f := own(t, rendered.Config{Timeout: 60 * time.Second, MaxText: maxText})
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/prototypes.html"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if len(s.Links) != 10000 {
		t.Errorf("%d links; want the cap, 10000", len(s.Links))
	}
	for i, l := range s.Links {
		if want := fmt.Sprintf("%s/l/%d", ts.URL, i); l.URL != want || l.Anchor != fmt.Sprintf("link%d", i) {
			t.Fatalf("link %d = %s %q; want %s %q (the page's own link, once)", i, l.URL, l.Anchor, want, fmt.Sprintf("link%d", i))
		}
	}
	text := strings.Join(s.Blocks, "\n")
	if n := utf8.RuneCountInString(text); n > maxText || !s.Truncated {
		t.Errorf("%d characters of text (truncated %v); want at most %d, truncated", n, s.Truncated, maxText)
	}
	if strings.Contains(text, "spoofed") || !strings.Contains(text, "word0 word1 word2") {
		t.Errorf("text is not the page's own: %.200q", text)
	}
	if s.Words > maxText/2 {
		t.Errorf("%d words from %d characters", s.Words, maxText)
	}
}
