package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/webgraph/webgraph/store"
)

// countingSite is a one-page site that counts the requests it gets.
func countingSite(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		if r.URL.Path != "/" {
			// robots.txt, sitemaps and the soft-404 probe find nothing, so
			// the one page is kept (a crawl that keeps none fails).
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><title>one</title><p>a page with a few words on it</p></html>"))
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

// snapshot returns the names and contents of the files in dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		m[e.Name()] = string(b)
	}
	return m
}

func sameSnapshot(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestOutputIsNotTheDatabase: no command writes its output over the crawl's
// database or its companion files, and every output path is checked before
// the crawl makes a request.
func TestOutputIsNotTheDatabase(t *testing.T) {
	t.Parallel()
	ts, hits := countingSite(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "crawl.db")
	if _, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--db", db, "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	if err := os.Symlink(db, filepath.Join(dir, "link.db")); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	crawled := hits.Load()

	fresh := filepath.Join(dir, "fresh.db")
	tests := []struct {
		name string
		args []string
	}{
		{"report -o the database", []string{"report", "--db", db, "-o", db}},
		{"report -o the database by another name", []string{"report", "--db", db, "-o", filepath.Join(dir, ".", "sub", "..", "crawl.db")}},
		{"report -o a symlink to the database", []string{"report", "--db", db, "-o", filepath.Join(dir, "link.db")}},
		{"report -o the WAL", []string{"report", "--db", db, "-o", db + "-wal"}},
		{"report -o the shared memory file", []string{"report", "--db", db, "-o", db + "-shm"}},
		{"report -o the lock file", []string{"report", "--db", db, "-o", db + ".lock"}},
		{"report -o the lock file of a symlinked database", []string{"report", "--db", filepath.Join(dir, "link.db"), "-o", db + ".lock"}},
		{"report -o another database", []string{"report", "--db", filepath.Join(dir, "link.db"), "-o", db}},
		{"report -o a missing directory", []string{"report", "--db", db, "-o", filepath.Join(dir, "nowhere", "r.html")}},
		{"report -o a directory", []string{"report", "--db", db, "-o", dir}},
		{"graph -o the database", []string{"graph", "--db", db, "-o", db}},
		{"crawl --out the database", []string{"crawl", "--mode", "plain", "--db", fresh, "--out", fresh, ts.URL + "/"}},
		{"crawl --junit the database", []string{"crawl", "--mode", "plain", "--db", fresh, "--junit", fresh, ts.URL + "/"}},
		{"crawl --out a resumed database", []string{"crawl", "--resume", "--db", db, "--out", db}},
		{"crawl --junit in a missing directory", []string{"crawl", "--mode", "plain", "--db", fresh, "--junit", filepath.Join(dir, "nowhere", "j.xml"), ts.URL + "/"}},
		{"crawl --summary the database", []string{"crawl", "--mode", "plain", "--db", fresh, "--summary", fresh, ts.URL + "/"}},
		{"crawl --summary a resumed database", []string{"crawl", "--resume", "--db", db, "--summary", db}},
		{"crawl --summary the WAL of a resumed database", []string{"crawl", "--resume", "--db", db, "--summary", db + "-wal"}},
		{"crawl --summary and --out the same file", []string{"crawl", "--mode", "plain", "--db", fresh, "--out", filepath.Join(dir, "s.md"), "--summary", filepath.Join(dir, "s.md"), ts.URL + "/"}},
		{"crawl --summary a directory", []string{"crawl", "--mode", "plain", "--db", fresh, "--summary", dir, ts.URL + "/"}},
		{"crawl --out and --junit the same file", []string{"crawl", "--mode", "plain", "--db", fresh, "--out", filepath.Join(dir, "x"), "--junit", filepath.Join(dir, "x"), ts.URL + "/"}},
	}
	for _, tt := range tests {
		_, errOut, code := webgraph(t, tt.args...)
		if code != exitUsage {
			t.Errorf("%s: exit %d; want %d (usage)\n%s", tt.name, code, exitUsage, errOut)
		}
		if after := snapshot(t, dir); !sameSnapshot(before, after) {
			t.Errorf("%s: the directory changed", tt.name)
			before = after
		}
	}
	if n := hits.Load() - crawled; n != 0 {
		t.Errorf("refused crawls made %d requests; want none", n)
	}
	if _, errOut, code := webgraph(t, "report", "--db", db, "-o", "-"); code != exitOK {
		t.Errorf("the database no longer reads: exit %d\n%s", code, errOut)
	}
}

// TestFailedReportDeletesNothing: a report that fails leaves what was at
// -o as it was (it used to be truncated, then deleted).
func TestFailedReportDeletesNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db") // a webgraph database without a run
	s, err := store.Open(context.Background(), empty, store.Create)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	precious := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(precious, []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := webgraph(t, "report", "--db", empty, "-o", precious)
	if code != exitFailure || !strings.Contains(errOut, "no crawl run") {
		t.Errorf("exit %d; want %d saying there is no run\n%s", code, exitFailure, errOut)
	}
	if b, err := os.ReadFile(precious); err != nil || string(b) != "mine" {
		t.Errorf("notes.txt = %q, %v; want it untouched", b, err)
	}
	for name := range snapshot(t, dir) {
		if strings.HasSuffix(name, ".tmp") {
			t.Errorf("left %s behind", name)
		}
	}
}

func TestGraphOutputFile(t *testing.T) {
	t.Parallel()
	db, _ := hostileCrawl(t)
	file := filepath.Join(filepath.Dir(db), "g.csv")
	out, errOut, code := webgraph(t, "graph", "--db", db, "--format", "csv", "-o", file)
	if code != exitOK || out != "" {
		t.Fatalf("exit %d, stdout %q\n%s", code, out, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(b, []byte("from,to,anchor,side\n")) {
		t.Errorf("g.csv = %.60q, %v", b, err)
	}
}

// TestBadLimits: a zero or negative limit is a usage error, said before
// anything is fetched or created, never turned into a default.
func TestBadLimits(t *testing.T) {
	t.Parallel()
	ts, hits := countingSite(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	for _, tt := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--concurrency", "0"}, "--concurrency must be at least 1"},
		{[]string{"--concurrency", "-3"}, "--concurrency must be at least 1"},
		{[]string{"--max-pages", "0"}, "--max-pages must be at least 1, or -1"},
		{[]string{"--max-pages", "-2"}, "--max-pages must be at least 1, or -1"},
		{[]string{"--depth", "-2"}, "--depth must be 0"},
		{[]string{"--sitemap-limit", "0"}, "--sitemap-limit must be at least 1"},
		{[]string{"--time-budget", "-1s"}, "--time-budget must not be negative"},
		{[]string{"--host-interval", "-1ms"}, "--host-interval must not be negative"},
		{[]string{"--delay", "-1ms"}, "--delay must not be negative"},
		{[]string{"--origin", "example.org"}, "not scheme://host"},
	} {
		args := append([]string{"crawl", "--mode", "plain", "--db", db}, tt.flags...)
		_, errOut, code := webgraph(t, append(args, ts.URL+"/")...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, %q; want usage error with %q", tt.flags, code, errOut, tt.want)
		}
	}
	for _, flags := range [][]string{{"--sitemap-limit", "0"}, {"--host-interval", "-1s"}} {
		_, errOut, code := webgraph(t, append(append([]string{"sitemaps"}, flags...), ts.URL+"/")...)
		if code != exitUsage {
			t.Errorf("sitemaps %q: exit %d; want usage\n%s", flags, code, errOut)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("%d requests made; want none", n)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the database was created")
	}

	// The documented meanings still work: no ceiling, no depth limit, seeds only.
	for _, flags := range [][]string{{"--max-pages", "-1", "--depth", "-1"}, {"--depth", "0"}} {
		d := filepath.Join(t.TempDir(), "ok.db")
		args := append([]string{"crawl", "--mode", "plain", "--db", d, "--host-interval", "0", "--delay", "0"}, flags...)
		if _, errOut, code := webgraph(t, append(args, ts.URL+"/")...); code != exitOK {
			t.Errorf("%q: exit %d\n%s", flags, code, errOut)
		}
	}
}

func TestRobotsTimeoutMustBePositive(t *testing.T) {
	t.Parallel()
	if _, errOut, code := webgraph(t, "robots", "--timeout", "0s", "http://127.0.0.1:1/"); code != exitUsage || !strings.Contains(errOut, "--timeout must be positive") {
		t.Errorf("exit %d, %q; want a usage error", code, errOut)
	}
}

// TestOutToStdoutAndDevNull: --out - is stdout, as for graph and report,
// not a file named "-"; an existing file such as /dev/null is written where
// it is, whether or not its directory takes new files.
func TestOutToStdoutAndDevNull(t *testing.T) {
	t.Parallel()
	ts, _ := countingSite(t)
	dir := t.TempDir()
	out, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--db", filepath.Join(dir, "a.db"), "--host-interval", "0", "--delay", "0", "--out", "-", ts.URL+"/")
	if code != exitOK || !strings.Contains(out, `"event":"run"`) || !strings.Contains(out, `"event":"done"`) {
		t.Fatalf("--out -: exit %d, stdout %.200q\n%s", code, out, errOut)
	}
	if _, err := os.Stat("-"); err == nil {
		os.Remove("-")
		t.Errorf("--out - made a file named -")
	}
	out, errOut, code = webgraph(t, "crawl", "--mode", "plain", "--db", filepath.Join(dir, "b.db"), "--host-interval", "0", "--delay", "0", "--out", os.DevNull, ts.URL+"/")
	if code != exitOK || out != "" {
		t.Fatalf("--out %s: exit %d, stdout %.200q\n%s", os.DevNull, code, out, errOut)
	}
}

// TestOutToANamedPipe: --out may be a FIFO another program reads; checking
// it must not open and close it, which would end the reader's input before
// the crawl writes a line.
func TestOutToANamedPipe(t *testing.T) {
	t.Parallel()
	ts, _ := countingSite(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "events")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// The reader reads the pipe until each writer closes it, again and
	// again, as a shell loop would; what each writer wrote is one read.
	var mu sync.Mutex
	var reads []string
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		for {
			f, err := os.Open(fifo)
			if err != nil {
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			if len(b) > 0 {
				mu.Lock()
				reads = append(reads, string(b))
				mu.Unlock()
			}
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	_, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--db", filepath.Join(dir, "c.db"), "--host-interval", "0", "--delay", "0", "--out", fifo, ts.URL+"/")
	close(stop)
	if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil { // wakes the reader
		w.Close()
	}
	<-done
	if code != exitOK {
		t.Fatalf("crawl --out a FIFO: exit %d\n%s", code, errOut)
	}
	if len(reads) != 1 || !strings.Contains(reads[0], `"event":"run"`) || !strings.Contains(reads[0], `"event":"done"`) {
		t.Errorf("the reader got %d reads (%.120q); want the whole stream in one", len(reads), reads)
	}
}
