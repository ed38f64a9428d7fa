package plain

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// CodeBlocks are the blocks of testdata/sites/render/code.html as a browser
// shows them: each <pre> one block, its lines and indentation kept. The
// rendered side's test holds its blocks to the same list.
var codeBlocks = []string{
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

// TestCodeBlocks reads a page of code blocks (indented lines, tabs, blank
// lines, highlighted spans on lines of their own, lines ended by <br>, a
// block element inside) as one block each, as innerText shows them.
func TestCodeBlocks(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(sites.Dir("render"), "code.html"))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := read(t, string(b))
	if !slices.Equal(p.blocks, codeBlocks) {
		t.Errorf("blocks:\n%q\nwant:\n%q", p.blocks, codeBlocks)
	}
}
