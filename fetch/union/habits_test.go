package union

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// A page's text is as the page shows it: an h1 its sidebar already holds
// (VitePress's /guide/, in English and in Chinese) and a heading its pager
// repeats are kept where they stand, each time. Both sides read the same
// document, so the union is the render's blocks, all of them.
func TestUnionKeepsRepeatedLines(t *testing.T) {
	ts, _ := sites.Serve(t, "habits")
	u := newUnion(t, ModeUnion)
	for _, tc := range []struct {
		path   string
		counts map[string]int
	}{
		{"/guide/", map[string]int{"Getting started": 2, "Installation": 3}},
		{"/zh/guide/", map[string]int{"入门": 2, "安装": 3}},
	} {
		t.Run(tc.path, func(t *testing.T) {
			p, r := get(t, u, ts.URL, tc.path)
			if r != nil {
				t.Fatalf("refused: %v", r)
			}
			for line, want := range tc.counts {
				if got := count(p.Blocks, line); got != want {
					t.Errorf("%q is %d blocks of the union; want %d (blocks %q)", line, got, want, p.Blocks)
				}
			}
			if rb := p.Sides[fetch.Rendered].Blocks; !slices.Equal(p.Blocks, rb) {
				t.Errorf("union blocks %q; want the render's %q", p.Blocks, rb)
			}
		})
	}
}

func count(blocks []string, line string) int {
	n := 0
	for _, b := range blocks {
		if b == line {
			n++
		}
	}
	return n
}

// Both sides read at most MaxLinksRead links from a page and count the
// links they left unread; the page says so in its warnings.
func TestLinksCappedOnBothSides(t *testing.T) {
	const n = 50000
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		b.WriteString(`<!doctype html><title>Index</title><p>An index of fifty thousand pages, with words enough of its own to be kept.</p>`)
		for i := range n {
			fmt.Fprintf(&b, `<a href="/l/%d">%d</a> `, i, i)
		}
		w.Write([]byte(b.String()))
	}))
	defer ts.Close()
	// A render of 50,000 links takes seconds of layout: a browser of its
	// own, whose page timeout a loaded machine does not reach.
	slow, err := rendered.New(rendered.Config{Timeout: 2 * time.Minute})
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	browser.Track(slow)
	defer slow.Close()
	pl := plain.New(plain.Config{Timeout: time.Minute, MaxBody: 8 << 20})
	defer pl.Close()
	u := &Union{Mode: ModeUnion, Plain: pl, Rendered: slow}
	p, r := get(t, u, ts.URL, "/")
	if r != nil {
		t.Fatalf("refused: %v", r)
	}
	for _, side := range []fetch.Name{fetch.Plain, fetch.Rendered} {
		if s := p.Sides[side]; len(s.Links) != MaxLinksRead || s.LinksCapped != n-MaxLinksRead {
			t.Errorf("%s: %d links read, %d left unread; want %d and %d", side, len(s.Links), s.LinksCapped, MaxLinksRead, n-MaxLinksRead)
		}
	}
	if p.LinksCapped != n-MaxLinksRead || !slices.ContainsFunc(p.Warnings, func(w string) bool { return strings.Contains(w, "links capped") }) {
		t.Errorf("page: %d left unread, warnings %q; want %d, said", p.LinksCapped, p.Warnings, n-MaxLinksRead)
	}
}

// The real thing: VitePress's own build. Its /guide/ and /zh/ pages have an
// h1 their sidebar also lists ("Getting started", "入门"): the union keeps
// the line as often as the render shows it.
func TestUnionKeepsVitePressHeadings(t *testing.T) {
	ts, _ := sites.Serve(t, "gen-vitepress")
	u := newUnion(t, ModeUnion)
	for _, tc := range []struct{ path, h1 string }{{"/guide/", "Getting started"}, {"/zh/", "入门"}} {
		t.Run(tc.path, func(t *testing.T) {
			p, r := get(t, u, ts.URL, tc.path)
			if r != nil {
				t.Fatalf("refused: %v", r)
			}
			rendered := count(p.Sides[fetch.Rendered].Blocks, tc.h1)
			if rendered < 2 {
				t.Fatalf("the render shows %q %d times (blocks %q); want the sidebar's and the h1", tc.h1, rendered, p.Sides[fetch.Rendered].Blocks)
			}
			if got := count(p.Blocks, tc.h1); got != rendered {
				t.Errorf("the union has %q %d times; want %d, as the render shows it", tc.h1, got, rendered)
			}
		})
	}
}
