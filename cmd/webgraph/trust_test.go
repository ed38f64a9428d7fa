package main

import (
	"context"
	"encoding/xml"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// The CI gates judge the whole crawl: a 404 met in the first run still
// fails the resumed run, and its JUnit report holds every URL of both runs.
func TestResumeKeepsGates(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	common := []string{"--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--concurrency", "1"}
	_, errOut, code := webgraph(t, append(append([]string{"crawl", "--out", filepath.Join(dir, "1.jsonl"), "--fail-on", "missing,login_redirect", "--max-pages", "12"}, common...), ts.URL+"/")...)
	if code != exitOK && code != exitRefused {
		t.Fatalf("run 1: exit %d\n%s", code, errOut)
	}
	junit := filepath.Join(dir, "report.xml")
	_, errOut, code = webgraph(t, append([]string{"crawl", "--resume", "--max-pages", "1000", "--out", filepath.Join(dir, "2.jsonl"), "--junit", junit}, common...)...)
	if code != exitRefused || !strings.Contains(errOut, "6 URLs failed the --fail-on gate") {
		t.Fatalf("resumed run: exit %d; want %d with the 6 failures of both runs\n%s", code, exitRefused, errOut)
	}
	b, err := os.ReadFile(junit)
	if err != nil {
		t.Fatalf("--junit on --resume: %v", err)
	}
	var doc ci.JUnit
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("JUnit XML does not parse: %v", err)
	}
	if doc.Tests != 24 || doc.Failures != 6 || doc.Skipped != 2 {
		t.Errorf("JUnit of the resumed crawl: %d tests, %d failures, %d skipped; want 24, 6, 2 (both runs)", doc.Tests, doc.Failures, doc.Skipped)
	}
}

// One process owns a database: a second crawl on it is refused, naming the
// holder, while the first runs. The first crawl's seed page is held by the
// site until the second has been tried, so the first is certainly running.
func TestSecondProcessOnOneDatabase(t *testing.T) {
	t.Parallel()
	asked := make(chan struct{})
	var once sync.Once
	release := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		once.Do(func() { close(asked) })
		select {
		case <-release:
		case <-r.Context().Done():
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>Held</title><p>A page held until a second crawl has tried the database.</p>")
	}))
	t.Cleanup(ts.Close)
	var releaseOnce sync.Once
	unblock := func() { releaseOnce.Do(func() { close(release) }) }
	t.Cleanup(unblock) // before ts.Close, which waits for the handler
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := make(chan int, 1)
	go func() {
		var out, errb strings.Builder
		err := run(ctx, []string{"crawl", "--db", db, "--out", filepath.Join(dir, "1.jsonl"), "--mode", "plain", "--host-interval", "0", "--delay", "0", ts.URL + "/"}, &out, &errb)
		first <- exitCode(err, &errb)
	}()
	// The first crawl has opened its database (and locked it) before it
	// asks for its seed.
	select {
	case <-asked:
	case code := <-first:
		t.Fatalf("the first crawl ended (exit %d) before it asked for its seed", code)
	case <-nearDeadline(t):
		t.Fatal("the first crawl never asked for its seed")
	}
	_, errOut, code := webgraph(t, "crawl", "--resume", "--db", db, "--out", filepath.Join(dir, "2.jsonl"))
	unblock()
	cancel()
	<-first
	if code != exitFailure || !strings.Contains(errOut, "in use by another webgraph process") || !strings.Contains(errOut, "pid ") {
		t.Errorf("second crawl on a live database: exit %d; want %d naming the holder\n%s", code, exitFailure, errOut)
	}
}

// A crawl whose seeds cannot be reached fetched nothing: that is a failure
// with the reason, even when a gate names fetch_error; `page` on such a site
// is a fetch_error, not a robots.txt refusal.
func TestUnreachableSeeds(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/"
	ln.Close() // nothing listens there now
	dir := t.TempDir()
	_, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(dir, "c.db"), "--out", filepath.Join(dir, "e.jsonl"), "--mode", "plain",
		"--fail-on", "fetch_error,disallowed,wall", closed)
	if code != exitFailure || !strings.Contains(errOut, "no page was kept") || !strings.Contains(errOut, "refused") {
		t.Errorf("crawl of a closed port: exit %d; want %d saying it kept nothing and why\n%s", code, exitFailure, errOut)
	}
	out, errOut, code := webgraph(t, "page", "--mode", "plain", closed)
	if code != exitRefused || !strings.Contains(out, `"cause":"fetch_error"`) || !strings.Contains(errOut, "could not reach the site") {
		t.Errorf("page on a closed port: exit %d; want %d, fetch_error\nstdout %s\nstderr %s", code, exitRefused, out, errOut)
	}
	// A robots.txt that answers 503 is still a robots refusal (exit 4).
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) }))
	defer down.Close()
	if _, errOut, code := webgraph(t, "page", "--mode", "plain", down.URL+"/"); code != exitDisallowed {
		t.Errorf("page with robots.txt 503: exit %d; want %d\n%s", code, exitDisallowed, errOut)
	}
}

// URLs queued under a wider scope are not fetched after a resume narrows it:
// each is said as an out_of_scope page, and the server never sees them.
func TestResumeNarrowedScope(t *testing.T) {
	t.Parallel()
	ts, h := sites.Serve(t, "union")
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	common := []string{"--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--concurrency", "1"}
	if _, errOut, code := webgraph(t, append(append([]string{"crawl", "--out", filepath.Join(dir, "1.jsonl"), "--max-pages", "2"}, common...), ts.URL+"/")...); code != exitOK {
		t.Fatalf("run 1: exit %d\n%s", code, errOut)
	}
	before := len(h.Hits())
	events := filepath.Join(dir, "2.jsonl")
	if _, errOut, code := webgraph(t, append([]string{"crawl", "--resume", "--max-pages", "1000", "--allow-path", "/docs/", "--out", events}, common...)...); code != exitOK {
		t.Fatalf("resumed run: exit %d\n%s", code, errOut)
	}
	for _, hit := range h.Hits()[before:] {
		if hit.Path != "/" && hit.Path != "/robots.txt" && !strings.HasPrefix(hit.Path, "/docs/") && !strings.HasPrefix(hit.Path, "/sitemap") && !strings.HasPrefix(hit.Path, "/webgraph-soft404-probe-") {
			t.Errorf("the resumed crawl asked for %s, outside --allow-path /docs/", hit.Path)
		}
	}
	b, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"cause":"out_of_scope"`) {
		t.Errorf("no out_of_scope page event for the URLs the narrowed scope refuses")
	}
}
