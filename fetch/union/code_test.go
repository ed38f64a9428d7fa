package union

import (
	"strings"
	"testing"

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
