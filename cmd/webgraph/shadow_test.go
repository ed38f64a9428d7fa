package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestCrawlShadowDOM crawls the shadow fixture site with fragment checks:
// the pages built from web components keep their shadow roots' words and
// links on the rendered side (declarative ones on both sides), and a
// #fragment whose id is only inside a shadow root or an inert template is
// broken, as the HTML standard finds a fragment's element.
func TestCrawlShadowDOM(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "shadow")
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--check", "fragments", "--host-interval", "0", "--delay", "0", "--keep", "none", ts.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	pages, links := map[string]map[string]any{}, map[string]map[string]any{}
	for _, ev := range events(t, out) {
		switch ev["event"] {
		case "page":
			pages[strings.TrimPrefix(fmt.Sprint(ev["url"]), ts.URL)] = ev
		case "link":
			links[strings.TrimPrefix(fmt.Sprint(ev["url"]), ts.URL)] = ev
		}
	}
	words := func(ev map[string]any, side string) float64 {
		sides, _ := ev["sides"].(map[string]any)
		s, _ := sides[side].(map[string]any)
		w, _ := s["words"].(float64)
		return w
	}
	// As served, the component page is light DOM alone (22 words, the
	// unassigned ones too); rendered, it is laid out (40 words).
	if ev := pages["/component.html"]; ev == nil || words(ev, "rendered") != 40 || words(ev, "plain") != 22 {
		t.Errorf("component page: %v words rendered, %v plain; want 40 and 22", words(ev, "rendered"), words(ev, "plain"))
	}
	if ev := pages["/declarative.html"]; ev == nil || words(ev, "rendered") != 24 || words(ev, "plain") != 24 {
		t.Errorf("declarative page: %v words rendered, %v plain; want 24 on both sides", words(ev, "rendered"), words(ev, "plain"))
	}
	for _, p := range []string{"/open.html", "/nested.html", "/closed.html", "/slotted.html", "/dsd-open.html", "/dsd-closed.html"} {
		if pages[p] == nil {
			t.Errorf("%s, linked from a shadow root, was not crawled", p)
		}
	}
	if pages["/inert.html"] != nil {
		t.Error("/inert.html was crawled; it is linked only from an inert template")
	}
	tests := []struct{ target, verdict, side string }{
		{"/component.html#light-target", "ok", "both"},
		{"/component.html#open-target", "broken", ""},
		{"/declarative.html#light-target", "ok", "both"},
		{"/declarative.html#slotted-target", "ok", "both"},
		{"/declarative.html#dsd-target", "broken", ""},
		{"/declarative.html#inert-target", "broken", ""},
	}
	for _, tt := range tests {
		ev := links[tt.target]
		if ev == nil {
			t.Errorf("no link event for %s", tt.target)
			continue
		}
		if ev["verdict"] != tt.verdict || (tt.side != "" && ev["side"] != tt.side) {
			t.Errorf("%s: verdict %v on %v (%v); want %s on %s", tt.target, ev["verdict"], ev["side"], ev["reason"], tt.verdict, tt.side)
		}
	}
}
