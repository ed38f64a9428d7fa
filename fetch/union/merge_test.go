package union

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

func sideOf(n fetch.Name, blocks ...string) *fetch.Side {
	return &fetch.Side{Name: n, Status: 200, Blocks: blocks}
}

// TestKeepText pins what "the plain blocks the rendered text lacks" means:
// a plain block is left out when the rendered text contains it anywhere,
// case-insensitively, even inside or across rendered blocks; and that
// blocks are compared only across the sides, never within one side's
// reading order.
func TestKeepText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name            string
		rendered, plain []string
		want            []string
	}{
		{"exact block", []string{"Alpha beta", "Gamma"}, []string{"Alpha beta"}, []string{"Alpha beta", "Gamma"}},
		{"inside a block", []string{"Alpha beta gamma"}, []string{"beta"}, []string{"Alpha beta gamma"}},
		{"case folded", []string{"Alpha Beta"}, []string{"ALPHA beta"}, []string{"Alpha Beta"}},
		{"across blocks", []string{"one", "two"}, []string{"one\ntwo"}, []string{"one", "two"}},
		{"lacked, in order", []string{"r"}, []string{"p2", "p1", "r"}, []string{"r", "p2", "p1"}},
		{"plain keeps its repeats", []string{"r"}, []string{"p", "P", "p"}, []string{"r", "p", "P", "p"}},
		{"rendered keeps its repeats", []string{"r", "R"}, nil, []string{"r", "R"}},
		{"empty plain block", []string{"r"}, []string{""}, []string{"r"}},
		{"an h1 its sidebar holds", []string{"Getting started", "Installation", "Getting started", "Read on."}, []string{"Getting started", "Installation", "Getting started", "Read on."},
			[]string{"Getting started", "Installation", "Getting started", "Read on."}},
		{"a CJK h1 its sidebar holds", []string{"入门", "安装", "入门", "正文。"}, []string{"入门", "安装", "入门", "正文。"}, []string{"入门", "安装", "入门", "正文。"}},
		{"a line the pager repeats", []string{"Installation", "Install it.", "Installation"}, []string{"Installation", "Install it.", "Installation"}, []string{"Installation", "Install it.", "Installation"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := &Page{}
			keep(p, []*fetch.Side{sideOf(fetch.Rendered, tt.rendered...), sideOf(fetch.Plain, tt.plain...)}, false)
			if !slices.Equal(p.Blocks, tt.want) {
				t.Errorf("blocks = %q; want %q", p.Blocks, tt.want)
			}
		})
	}
}

// page20k is a large page: 2 MB of rendered text in 20,000 blocks, and a
// plain side of 20,000 blocks of which half are in the render.
func page20k() []*fetch.Side {
	var r, p []string
	for i := range 20000 {
		r = append(r, fmt.Sprintf("rendered paragraph %d %s", i, strings.Repeat("lorem ipsum ", 8)))
		if i%2 == 0 {
			p = append(p, fmt.Sprintf("rendered paragraph %d", i))
		} else {
			p = append(p, fmt.Sprintf("only plain paragraph %d", i))
		}
	}
	return []*fetch.Side{sideOf(fetch.Rendered, r...), sideOf(fetch.Plain, p...)}
}

func TestKeep20k(t *testing.T) {
	t.Parallel()
	p := &Page{}
	keep(p, page20k(), false)
	if got, want := len(p.Blocks), 30000; got != want {
		t.Errorf("%d blocks; want %d", got, want)
	}
}

// BenchmarkKeep20k merges a 20,000-block plain side into 2 MB of rendered
// text.
func BenchmarkKeep20k(b *testing.B) {
	sides := page20k()
	for b.Loop() {
		keep(&Page{}, sides, false)
	}
}

func TestLongLinksDropped(t *testing.T) {
	t.Parallel()
	long := "http://127.0.0.1/" + strings.Repeat("a", fetch.MaxURLBytes)
	edge := "http://127.0.0.1/" + strings.Repeat("b", fetch.MaxURLBytes-len("http://127.0.0.1/"))
	r := sideOf(fetch.Rendered, "text")
	r.Links = []fetch.Link{{URL: long}, {URL: edge}, {URL: "http://127.0.0.1/ok"}}
	pl := sideOf(fetch.Plain, "text")
	pl.Links = []fetch.Link{{URL: long}, {URL: long + "x"}}
	r.Title = strings.Repeat("t", MaxTitle+10)
	p := &Page{}
	keep(p, []*fetch.Side{r, pl}, false)
	if p.DroppedLongURLs != 2 {
		t.Errorf("DroppedLongURLs = %d; want 2 (two distinct URLs over the cap)", p.DroppedLongURLs)
	}
	var got []string
	for _, l := range p.Links {
		got = append(got, l.URL)
	}
	if want := []string{edge, "http://127.0.0.1/ok"}; !slices.Equal(got, want) {
		t.Errorf("links = %d URLs; want the one at the cap and the short one", len(got))
	}
	if n := len([]rune(p.Title)); n != MaxTitle {
		t.Errorf("title of %d runes; want %d", n, MaxTitle)
	}
}

// Sides that ended on different documents are not merged: the page is where
// the hops lead, and the side left behind (which read a stub) is dropped;
// when neither went through where the other ended, the render stands.
func TestOneDocument(t *testing.T) {
	t.Parallel()
	at := func(n fetch.Name, final string, hops ...fetch.Redirect) *fetch.Side {
		s := sideOf(n, string(n)+" text at "+final)
		s.URL, s.FinalURL, s.Redirects = "http://x/old", final, hops
		return s
	}
	script := fetch.Redirect{From: "http://x/old", To: "http://x/new", Via: fetch.ViaScript}
	meta := fetch.Redirect{From: "http://x/old", To: "http://x/new", Via: fetch.ViaMeta}
	for _, tc := range []struct {
		name          string
		rendered, pl  *fetch.Side
		used, dropped fetch.Name
		final         string
	}{
		{"one document", at(fetch.Rendered, "http://x/old#top"), at(fetch.Plain, "http://x/old"), "", "", "http://x/old#top"},
		{"a script only the render ran", at(fetch.Rendered, "http://x/new", script), at(fetch.Plain, "http://x/old"), fetch.Rendered, fetch.Plain, "http://x/new"},
		{"a refresh the render read before", at(fetch.Rendered, "http://x/old"), at(fetch.Plain, "http://x/new", meta), fetch.Plain, fetch.Rendered, "http://x/new"},
		{"two ways elsewhere", at(fetch.Rendered, "http://x/a"), at(fetch.Plain, "http://x/b"), fetch.Rendered, fetch.Plain, "http://x/a"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := &Page{}
			keep(p, oneDocument(p, []*fetch.Side{tc.rendered, tc.pl}), false)
			if p.FinalURL != tc.final {
				t.Errorf("final URL %s; want %s", p.FinalURL, tc.final)
			}
			if tc.used == "" {
				if len(p.Used) != 2 || len(p.Dropped) != 0 {
					t.Errorf("used %v, dropped %v; want both used", p.Used, p.Dropped)
				}
				return
			}
			if !slices.Equal(p.Used, []fetch.Name{tc.used}) || len(p.Dropped) != 1 || p.Dropped[0].Side != tc.dropped {
				t.Errorf("used %v, dropped %+v; want %s used, %s dropped", p.Used, p.Dropped, tc.used, tc.dropped)
			}
			if want := []string{string(tc.used) + " text at " + tc.final}; !slices.Equal(p.Blocks, want) {
				t.Errorf("blocks %q; want %q", p.Blocks, want)
			}
		})
	}
}
