package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/refuse"
)

// hostile is text a site could plant: a screen clear, a window-title
// change, a C1 CSI, a carriage return that hides what came before, and a
// right-to-left override.
const hostile = "A\x1b[2J\x1b]0;owned\x07B\u009b31mC\rD\u202eE"

// assertClean fails t when out holds a control character other than tab
// and newline, or a bidi override.
func assertClean(t *testing.T, what, out string) {
	t.Helper()
	for _, bad := range []string{"\x1b", "\x07", "\r", "\u009b", "\u202e"} {
		if strings.Contains(out, bad) {
			t.Errorf("%s holds %q:\n%q", what, bad, out)
		}
	}
}

func TestHostileTextRobots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "robots.txt")
	body := "User-agent: *\nDisallow: /" + hostile + "\nSitemap: http://x/" + hostile + "\nnonsense " + hostile + "\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, _ := webgraph(t, "robots", "--format", "text", "--file", file, "http://127.0.0.1/x")
	assertClean(t, "robots --format text", out)
	assertClean(t, "robots stderr", errOut)
	if !strings.Contains(out, `\x1b[2J`) {
		t.Errorf("the escape is not shown as text:\n%s", out)
	}
}

func TestHostileTextCompare(t *testing.T) {
	t.Parallel()
	side := func(n fetch.Name) *fetch.Side {
		return &fetch.Side{Name: n, Status: 200, Blocks: []string{string(n) + " " + hostile}, Words: 2,
			Links: []fetch.Link{{URL: "http://127.0.0.1/" + string(n), Anchor: hostile}}}
	}
	p := &union.Page{URL: "http://127.0.0.1/" + hostile, Sides: map[fetch.Name]*fetch.Side{fetch.Plain: side(fetch.Plain), fetch.Rendered: side(fetch.Rendered)},
		Refusal: &refuse.Refusal{Cause: refuse.Wall, Words: hostile}}
	var buf bytes.Buffer
	writeCompareText(&buf, p, union.Compare(p))
	assertClean(t, "compare text", buf.String())
	if !strings.Contains(buf.String(), "rendered A") {
		t.Errorf("the blocks are missing:\n%s", buf.String())
	}
}

func TestHostileTextProgressAndErrors(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := newProgress(&buf)
	p.observe(&crawl.RunEvent{Seeds: []string{"http://127.0.0.1/" + hostile}, Warnings: []string{hostile}})
	p.observe(&crawl.WarningEvent{Words: hostile})
	p.observe(&crawl.PausedEvent{Host: hostile, Status: 429})
	p.observe(&crawl.PageEvent{Cause: hostile})
	p.observe(&crawl.DoneEvent{Stopped: "exhausted"})
	assertClean(t, "progress", buf.String())

	buf.Reset()
	exitCode(errors.New("fetching "+hostile), &buf)
	exitCode(&refuse.Refusal{URL: "http://127.0.0.1/", Cause: refuse.Wall, Words: hostile}, &buf)
	assertClean(t, "error message", buf.String())
}

// TestHostileTextFailOn checks the --fail-on listing, which quotes the
// refusal's words and the anchor of the link that led to the page.
func TestHostileTextFailOn(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/" {
			w.Write([]byte(`<html><title>t</title><body><p>home page words</p><a href="/gone">` + hostile + `</a></body></html>`))
			return
		}
		http.NotFound(w, r)
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	db := filepath.Join(t.TempDir(), "c.db")
	_, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--db", db, "--host-interval", "0", "--delay", "0", "--fail-on", "missing", ts.URL+"/")
	if code != exitRefused {
		t.Fatalf("exit %d; want %d\n%s", code, exitRefused, errOut)
	}
	assertClean(t, "--fail-on listing", errOut)
	if !strings.Contains(errOut, `\x1b[2J`) {
		t.Errorf("the anchor is not quoted as text:\n%s", errOut)
	}
}
