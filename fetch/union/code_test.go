package union

import (
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestCodeBlockOnce fetches a page of code blocks on both sides: each side
// makes each <pre> one block, lines and indentation kept, so the union finds
// the plain side's in the rendered text and keeps each code block once,
// where it stands, with nothing appended after the footer.
func TestCodeBlockOnce(t *testing.T) {
	ts, _ := sites.Serve(t, "render")
	u := newUnion(t, ModeUnion)
	p, r := get(t, u, ts.URL, "/code.html")
	if r != nil {
		t.Fatalf("refused: %v", r)
	}
	text := p.Text()
	for _, code := range []string{"  host = \"127.0.0.1\"\n\tport = 8080", "$ webgraph crawl \\\n    --depth 3"} {
		if n := strings.Count(text, code); n != 1 {
			t.Errorf("the union holds %q %d times; want once:\n%s", code, n, text)
		}
	}
	if n := len(p.Blocks); n == 0 || p.Blocks[n-1] != "Footer" {
		t.Errorf("the union's last block is not the footer; the plain side added blocks after it:\n%q", p.Blocks)
	}
}

// TestGenCodeBlockOnce: the code blocks of a Docusaurus page (a line a
// <div> ended by <br>, no newline in the served <pre>) and of a VitePress
// page (Shiki: a <span> a line, newlines between) are each kept once, with
// their indentation, as both sides read them.
func TestGenCodeBlockOnce(t *testing.T) {
	u := newUnion(t, ModeUnion)
	for _, tt := range []struct{ site, path, code string }{
		{"gen-docusaurus", "/docs/tides/", "    for tide in tides:\n        if tide.kind == \"low\":\n            status = \"inner berths closed\""},
		{"gen-vitepress", "/guide/mooring.html", "function assignBerth(boat, berths) {\n  for (const berth of berths) {\n    if (berth.free && berth.length >= boat.length) {"},
	} {
		ts, _ := sites.Serve(t, tt.site)
		p, r := get(t, u, ts.URL, tt.path)
		if r != nil {
			t.Fatalf("%s: refused: %v", tt.site, r)
		}
		if n := strings.Count(p.Text(), tt.code); n != 1 {
			t.Errorf("%s%s: the union holds the code block %d times; want once:\n%s", tt.site, tt.path, n, p.Text())
		}
		if n := strings.Count(strings.Join(p.Sides[fetch.Plain].Blocks, "\n"), tt.code); n != 1 {
			t.Errorf("%s%s: the plain side holds the code block %d times; want once", tt.site, tt.path, n)
		}
	}
}
