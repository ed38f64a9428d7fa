package rendered

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/webgraph/webgraph/fetch"
)

// TestFillHoldsTheCaps gives fill an answer far over every cap, as a page
// that got around the extraction script could send, and checks what is
// kept stays within them.
func TestFillHoldsTheCaps(t *testing.T) {
	t.Parallel()
	var ex extracted
	for i := range 30001 {
		ex.Links = append(ex.Links, struct {
			Href   string `json:"href"`
			Anchor string `json:"anchor"`
			Rel    string `json:"rel"`
		}{Href: fmt.Sprintf("http://example.test/l/%d", i), Anchor: strings.Repeat("é", 1000), Rel: strings.Repeat("x ", 1000)})
	}
	ex.Text = strings.Repeat("wörd ", 20001)
	ex.Title = strings.Repeat("t", 5000)
	ex.DOM = strings.Repeat("<p>", 5000)
	for i := range 20001 {
		ex.Anchors = append(ex.Anchors, fmt.Sprint("a", i))
	}
	for range 1000 {
		ex.Robots = append(ex.Robots, "noindex")
		ex.JSONLD = append(ex.JSONLD, `{"@type":"Thing"}`)
	}
	for i := range 1000 {
		ex.Hreflang = append(ex.Hreflang, struct {
			Lang string `json:"lang"`
			Href string `json:"href"`
		}{Lang: fmt.Sprint("l", i), Href: "http://example.test/"})
	}
	var s fetch.Side
	const maxText = 2000
	ex.fill(&s, Config{MaxText: maxText}, nil)

	if len(s.Links) != maxLinks {
		t.Errorf("%d links; want %d", len(s.Links), maxLinks)
	}
	for _, l := range s.Links {
		if utf8.RuneCountInString(l.Anchor) > maxAnchorText || len(l.Rel) > maxAnchorText {
			t.Fatalf("anchor of %d runes, rel of %d bytes", utf8.RuneCountInString(l.Anchor), len(l.Rel))
		}
	}
	text := strings.Join(s.Blocks, "\n")
	if n := utf8.RuneCountInString(text); n > maxText || !s.Truncated {
		t.Errorf("%d characters of text (truncated %v); want at most %d, truncated", n, s.Truncated, maxText)
	}
	if s.Words > maxText/5+1 {
		t.Errorf("%d words", s.Words)
	}
	if len(s.Title) > maxText || len(s.DOM) > maxText {
		t.Errorf("title of %d bytes, DOM of %d", len(s.Title), len(s.DOM))
	}
	if len(s.Anchors) > fetch.MaxAnchors || len(s.Head.Hreflang) > fetch.MaxHreflang || len(s.Head.Robots) > fetch.MaxDirectives {
		t.Errorf("%d anchors, %d hreflang, %d robots", len(s.Anchors), len(s.Head.Hreflang), len(s.Head.Robots))
	}
}
