package union

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

// fakeSide is a Fetcher that answers every URL with a copy of one side and
// counts the URLs it was asked for.
type fakeSide struct {
	side  fetch.Side
	asked atomic.Int32
}

func (f *fakeSide) Fetch(_ context.Context, u *url.URL) (*fetch.Side, error) {
	f.asked.Add(1)
	s := f.side
	s.URL, s.FinalURL = u.String(), u.String()
	return &s, nil
}

func words(n int, w string) []string { return []string{strings.TrimSpace(strings.Repeat(w+" ", n))} }

// With HashRoutes, a URL with a route is the render's alone: the plain side
// is not asked (a server never sees the fragment), and Dropped says so; a
// URL without one is fetched both ways as ever.
func TestUnionHashRouteTarget(t *testing.T) {
	t.Parallel()
	pl := &fakeSide{side: fetch.Side{Name: fetch.Plain, Status: 200, Blocks: words(30, "document"), Words: 30}}
	rd := &fakeSide{side: fetch.Side{Name: fetch.Rendered, Status: 200, Blocks: words(5, "lamps"), Words: 5}}
	u := &Union{Mode: ModeUnion, Plain: pl, Rendered: rd, HashRoutes: true}

	route, _ := url.Parse("http://example.test/docs/#/lamps")
	p, err := u.Fetch(context.Background(), route)
	if err != nil {
		t.Fatalf("Fetch(%s): %v", route, err)
	}
	if pl.asked.Load() != 0 || rd.asked.Load() != 1 {
		t.Errorf("plain asked %d times, rendered %d; want 0 and 1", pl.asked.Load(), rd.asked.Load())
	}
	// Five words are enough: the plain side was not dropped for a fault,
	// so the thin-survivor rule does not apply.
	if !slices.Equal(p.Used, []fetch.Name{fetch.Rendered}) || p.Text() != words(5, "lamps")[0] {
		t.Errorf("used %v, text %q; want the render's alone", p.Used, p.Text())
	}
	if len(p.Dropped) != 1 || p.Dropped[0].Side != fetch.Plain || !strings.Contains(p.Dropped[0].Reason, "#/lamps") ||
		!strings.Contains(p.Dropped[0].Reason, "http://example.test/docs/,") {
		t.Errorf("dropped = %+v; want the plain side, naming the route and its document", p.Dropped)
	}

	// Without a route, or without HashRoutes, both sides run.
	for _, tc := range []struct {
		raw    string
		routes bool
	}{{"http://example.test/docs/#intro", true}, {"http://example.test/docs/#/lamps", false}} {
		pl.asked.Store(0)
		u.HashRoutes = tc.routes
		target, _ := url.Parse(tc.raw)
		p, err := u.Fetch(context.Background(), target)
		if err != nil || pl.asked.Load() != 1 || len(p.Dropped) != 0 || len(p.Used) != 2 {
			t.Errorf("%s (routes %v): err %v, plain asked %d, used %v, dropped %v; want both sides", tc.raw, tc.routes, err, pl.asked.Load(), p.Used, p.Dropped)
		}
	}
}

// With routes, each link to a hash route is a link of its own; without,
// they are one link to the document, as before.
func TestMergeLinksRoutes(t *testing.T) {
	t.Parallel()
	doc := "http://example.test/"
	side := &fetch.Side{Name: fetch.Rendered, Links: []fetch.Link{
		{URL: doc, Fragment: "/lamps", Anchor: "Lamps"},
		{URL: doc, Fragment: "/weather", Anchor: "Weather"},
		{URL: doc, Fragment: "!/about", Anchor: "About"},
		{URL: doc, Fragment: "/", Anchor: "Home"},
		{URL: doc, Fragment: "contact", Anchor: "Contact"},
		{URL: doc, Fragment: "/%7elamps", Anchor: "Lamps again"},
	}}
	var got []string
	links, _ := mergeLinks([]*fetch.Side{side}, true)
	for _, l := range links {
		got = append(got, l.URL+" "+l.Anchor)
	}
	want := []string{doc + "#/lamps Lamps", doc + "#/weather Weather", doc + "#!/about About", doc + " Home", doc + "#/~lamps Lamps again"}
	if !slices.Equal(got, want) {
		t.Errorf("with routes: %q\nwant %q", got, want)
	}
	links, _ = mergeLinks([]*fetch.Side{side}, false)
	if len(links) != 1 || links[0].URL != doc || links[0].Anchor != "Lamps" {
		t.Errorf("without routes: %+v; want one link to the document", links)
	}
}
