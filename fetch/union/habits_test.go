package union

import (
	"slices"
	"testing"

	"github.com/webgraph/webgraph/fetch"
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
