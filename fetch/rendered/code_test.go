package rendered_test

import (
	"context"
	"slices"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestCodeBlocks renders a page of code blocks: each <pre> is one block, its
// lines and indentation as shown, exactly as the plain side reads it
// (fetch/plain's TestCodeBlocks holds it to the same list), and a hidden one
// is not read.
func TestCodeBlocks(t *testing.T) {
	ts, _ := sites.Serve(t, "render")
	f := browser.Get(t)
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/code.html"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	want := []string{
		"Installing",
		"Run the installer, then write a configuration file like this one:",
		"[server]\n  host = \"127.0.0.1\"\n\tport = 8080\n\n  # the crawl's own settings\n  [server.crawl]\n    depth = 3",
		"Then start it:",
		"$ webgraph crawl \\\n    --depth 3 https://example.org/",
		"if (ok) {\n  go();\n}",
		"one leading newline, dropped by the parser",
		"A block inside:\nits own line\nthen the rest.",
		"That is all.",
		"Footer",
	}
	if !slices.Equal(s.Blocks, want) {
		t.Errorf("blocks:\n%q\nwant:\n%q", s.Blocks, want)
	}
}
