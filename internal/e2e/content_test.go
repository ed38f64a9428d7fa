package e2e

import (
	"bufio"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestContentPostgres: three workers share a crawl in PostgreSQL, each
// keeping the content of the pages it fetched; `webgraph content` of the
// database writes every kept page once, with the template its site repeats
// (learned from every worker's pages) left out, as JSON Lines and as files.
func TestContentPostgres(t *testing.T) {
	bin := build(t)
	const n = 60
	ts := httptest.NewServer(sites.Templated(n))
	defer ts.Close()
	dsn := pg.DB(t)
	args := []string{"--mode", "plain", "--host-interval", "5ms", "--delay", "0", "--concurrency", "2",
		"--depth", "-1", "--max-pages", "-1", "--contact", "ops@example.org"}
	_, ws, _ := threeWorkers(t, bin, dsn, append(args, ts.URL+"/"), "--concurrency", "2")
	for _, w := range ws {
		w.wait(t, 3*time.Minute)
	}

	out, err := exec.Command(bin, "content", "--db", dsn).Output()
	if err != nil {
		t.Fatalf("content: %v", err)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var l struct {
			URL, Side, Markdown string
			Words               int
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, sc.Text())
		}
		if seen[l.URL] {
			t.Errorf("%s twice", l.URL)
		}
		seen[l.URL] = true
		i := 0
		if p, ok := strings.CutPrefix(l.URL, ts.URL+"/p/"); ok {
			i, _ = strconv.Atoi(p)
		}
		if !strings.Contains(l.Markdown, sites.TemplatedOwn(i)) || l.Side != "plain" || l.Words < 20 {
			t.Errorf("%s: side %s, %d words, lacks its own text:\n%s", l.URL, l.Side, l.Words, l.Markdown)
		}
		if strings.Contains(l.Markdown, sites.TemplatedFooter) || strings.Contains(l.Markdown, "Was this entry helpful") {
			t.Errorf("%s holds the template:\n%s", l.URL, l.Markdown)
		}
	}
	if len(seen) != n {
		t.Errorf("content of %d pages; want %d", len(seen), n)
	}

	dir := filepath.Join(t.TempDir(), "md")
	if out, err := exec.Command(bin, "content", "--db", dsn, "--format", "markdown", "-o", dir).CombinedOutput(); err != nil {
		t.Fatalf("content --format markdown: %v\n%s", err, out)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*", "p", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != n-1 {
		t.Errorf("%d files under p/; want %d", len(files), n-1)
	}
	if _, err := os.Stat(filepath.Join(dir, "index.md")); err != nil {
		t.Error(err)
	}
}
