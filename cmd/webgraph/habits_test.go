package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// canonicalSite serves "/" linking to /a, whose canonical URL is /target
// (a page no link names) until broken is set, and then /gone (404).
func canonicalSite(t *testing.T, broken *atomic.Bool) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		words := `<p>A page with words enough of its own to be kept, whatever its canonical link says about where it lives.</p>`
		switch r.URL.Path {
		case "/":
			fmt.Fprintf(w, `<!doctype html><title>Home</title>%s<a href="/a">a</a>`, words)
		case "/a":
			canon := "/target"
			if broken.Load() {
				canon = "/gone"
			}
			fmt.Fprintf(w, `<!doctype html><title>A</title><link rel="canonical" href="%s">%s`, canon, words)
		case "/target":
			fmt.Fprintf(w, `<!doctype html><title>Target</title>%s`, words)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ts.Close)
	return ts
}

// A canonical URL the crawl finds missing is the finding canonical_broken
// on the page that names it: --fail-on canonical_broken fails the crawl
// (exit 3) naming the page and what became of its canonical URL (which
// --fail-on missing lists as the canonical URL of that page), and
// diff's --fail-on new:canonical_broken fails on it when the baseline's
// canonical URL was a page.
func TestFailOnCanonicalBroken(t *testing.T) {
	t.Parallel()
	var broken atomic.Bool
	ts := canonicalSite(t, &broken)
	dir := t.TempDir()
	crawlIt := func(db string, extra ...string) (string, int) {
		args := append([]string{"crawl", "--db", filepath.Join(dir, db), "--out", filepath.Join(dir, db+".jsonl"), "--mode", "plain",
			"--host-interval", "0", "--delay", "0", "--contact", "ops@example.org"}, extra...)
		_, errOut, code := webgraph(t, append(args, ts.URL+"/")...)
		return errOut, code
	}
	if errOut, code := crawlIt("old.db", "--fail-on", "canonical_broken"); code != exitOK {
		t.Fatalf("a canonical URL that is a page: exit %d; want %d\n%s", code, exitOK, errOut)
	}
	broken.Store(true)
	errOut, code := crawlIt("new.db", "--fail-on", "canonical_broken,missing")
	if code != exitRefused {
		t.Fatalf("a canonical URL that is missing: exit %d; want %d\n%s", code, exitRefused, errOut)
	}
	for _, want := range []string{"canonical_broken:\n    " + ts.URL + "/a\n", ts.URL + "/gone is refused, missing: HTTP 404",
		ts.URL + "/gone\n      HTTP 404\n      the canonical URL of " + ts.URL + "/a"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	_, errOut, code = webgraph(t, "diff", "--fail-on", "new:canonical_broken", filepath.Join(dir, "old.db"), filepath.Join(dir, "new.db"))
	if code != exitRefused || !strings.Contains(errOut, "canonical_broken") {
		t.Errorf("diff --fail-on new:canonical_broken: exit %d; want %d\n%s", code, exitRefused, errOut)
	}
}
