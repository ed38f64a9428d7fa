package union

import (
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

func repeatWord(n int, word string) string { return strings.TrimSpace(strings.Repeat(word+" ", n)) }

// TestContentSideOf pins the rule that picks the side a kept page's main
// content is read from.
func TestContentSideOf(t *testing.T) {
	t.Parallel()
	article := []string{"How rivers shape valleys", repeatWord(40, "river")}
	side := func(n fetch.Name, blocks ...string) *fetch.Side {
		s := sideOf(n, blocks...)
		s.Words = fetch.CountWords(blocks)
		return s
	}
	tests := []struct {
		name string
		in   []*fetch.Side
		want fetch.Name
	}{
		{"static: the same text", []*fetch.Side{side(fetch.Rendered, article...), side(fetch.Plain, article...)}, fetch.Plain},
		{"rendered text joins served blocks, another case", []*fetch.Side{side(fetch.Rendered, "HOW RIVERS SHAPE VALLEYS "+repeatWord(40, "river")), side(fetch.Plain, article...)}, fetch.Plain},
		{"a few words added (a copy button)", []*fetch.Side{side(fetch.Rendered, append(article, "Copy", "Toggle the theme")...), side(fetch.Plain, article...)}, fetch.Plain},
		{"a section added by a script", []*fetch.Side{side(fetch.Rendered, append(article, "Crew notes", repeatWord(30, "notes"))...), side(fetch.Plain, article...)}, fetch.Rendered},
		{"the text changed by a script", []*fetch.Side{side(fetch.Rendered, "How rivers shape valleys", repeatWord(40, "valley")), side(fetch.Plain, article...)}, fetch.Rendered},
		{"a shell filled in", []*fetch.Side{side(fetch.Rendered, "Trail planner", "Plan a trail."), side(fetch.Plain, "Loading…")}, fetch.Rendered},
		{"a short page the render left alone", []*fetch.Side{side(fetch.Rendered, "The team"), side(fetch.Plain, "The team")}, fetch.Plain},
		{"text taken away by a script", []*fetch.Side{side(fetch.Rendered, article[0]), side(fetch.Plain, append(article, "Accept cookies")...)}, fetch.Plain},
		{"only the render stands", []*fetch.Side{side(fetch.Rendered, article...)}, fetch.Rendered},
		{"only the served page stands", []*fetch.Side{side(fetch.Plain, article...)}, fetch.Plain},
		{"nothing", nil, ""},
	}
	for _, tt := range tests {
		if got := ContentSideOf(tt.in); got != tt.want {
			t.Errorf("%s: ContentSideOf = %q; want %q", tt.name, got, tt.want)
		}
	}
}

// TestContentHandOver: in a real union, a static page's content comes from
// the HTML as served and a page its script writes from the rendered DOM;
// the page holds that document, the plain side's copy is cleared, and a
// refused page holds none.
func TestContentHandOver(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	r, err := rendered.New(rendered.Config{Timeout: 15 * time.Second, KeepDOM: true})
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	browser.Track(r)
	t.Cleanup(func() { r.Close() })
	p := plain.New(plain.Config{Timeout: 5 * time.Second, KeepHTML: true})
	t.Cleanup(p.Close)
	u := &Union{Mode: ModeUnion, Plain: p, Rendered: r}
	tests := []struct {
		path  string
		side  fetch.Name
		holds string // in the document handed over
	}{
		{"/article.html", fetch.Plain, "<h1>How rivers shape valleys</h1>"},
		{"/app.html", fetch.Rendered, "Rendered only: this paragraph exists because a script wrote it"},
		{"/browser-walled", fetch.Plain, "Plain survives"},
		{"/plain-walled", fetch.Rendered, "Rendered survives"},
		{"/missing.html", "", ""},
	}
	for _, tt := range tests {
		pg, _ := get(t, u, ts.URL, tt.path)
		if pg.ContentSide != tt.side {
			t.Errorf("%s: ContentSide = %q; want %q", tt.path, pg.ContentSide, tt.side)
		}
		if tt.holds == "" && pg.ContentHTML != "" || !strings.Contains(pg.ContentHTML, tt.holds) {
			t.Errorf("%s: ContentHTML lacks %q: %.300q", tt.path, tt.holds, pg.ContentHTML)
		}
		if tt.side != "" && pg.ContentURL != pg.Sides[tt.side].FinalURL {
			t.Errorf("%s: ContentURL = %q; want the side's final URL %q", tt.path, pg.ContentURL, pg.Sides[tt.side].FinalURL)
		}
		if s := pg.Sides[fetch.Plain]; s != nil && s.HTML != "" {
			t.Errorf("%s: the plain side still holds its HTML after the hand-over", tt.path)
		}
	}
}
