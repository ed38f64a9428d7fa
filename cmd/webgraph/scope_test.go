package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestCrawlIncludeExclude crawls the union site with patterns that exclude
// the seed itself and a directory, and include three pages: the seed is
// fetched all the same, the excluded and non-included pages are never
// requested (the server's log), and the links turned away are counted.
func TestCrawlIncludeExclude(t *testing.T) {
	t.Parallel()
	ts, h := sites.Serve(t, "union")
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0",
		"--include", `/(article|links|docs/)`, "--exclude", `/docs/`, "--exclude", `^http://[^/]+/$`, ts.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	evs := events(t, out)
	fetched := map[string]bool{}
	for _, ev := range evs {
		if ev["event"] == "page" {
			fetched[strings.TrimPrefix(ev["url"].(string), ts.URL)] = true
		}
	}
	for _, p := range []string{"/", "/article.html", "/links.html"} {
		if !fetched[p] {
			t.Errorf("no page event for %s; pages: %v", p, fetched)
		}
	}
	allowed := regexp.MustCompile(`^/($|article\.html|links\.html|robots\.txt|sitemap)`)
	for p := range fetched {
		if !allowed.MatchString(p) {
			t.Errorf("page event for %s; the patterns turn it away", p)
		}
	}
	for _, hit := range h.Hits() {
		if !allowed.MatchString(hit.Path) && hit.Path != "/this-page-cannot-exist" && !strings.HasPrefix(hit.Path, "/webgraph-") {
			t.Errorf("the site was asked for %s; the patterns turn it away", hit.Path)
		}
	}
	done := evs[len(evs)-1]
	if n, _ := done["excluded_links"].(float64); n < 5 {
		t.Errorf("done excluded_links = %v; want every turned-away link counted (at least 5)", done["excluded_links"])
	}
	run := evs[0]
	if inc, _ := run["include"].([]any); len(inc) != 1 {
		t.Errorf("run event include = %v; want the one pattern", run["include"])
	}
	if !strings.Contains(errOut, `exclude: ["/docs/" "^http://[^/]+/$"]`) {
		t.Errorf("stderr does not show the exclude patterns:\n%s", errOut)
	}
}

func TestCrawlBadPattern(t *testing.T) {
	t.Parallel()
	_, errOut, code := webgraph(t, "crawl", "--exclude", `(`, "http://127.0.0.1:1/")
	if code != exitUsage || !strings.Contains(errOut, `exclude pattern "("`) {
		t.Errorf("exit %d, %q; want a usage error naming the pattern", code, errOut)
	}
}
