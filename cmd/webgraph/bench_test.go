package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/internal/gcfloor"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// shipped builds webgraph as make build does (static, with its CPU
// profile) and returns its path.
func shipped(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "webgraph")
	cmd := exec.Command("go", "build", "-pgo=webgraph.pgo", "-o", bin, ".")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// BenchmarkCrawlPlain2000 crawls a generated 2,000-page loopback site in
// plain mode with no politeness delays at --concurrency 8, running the real
// binary as a child process so that its peak resident memory is its own.
func BenchmarkCrawlPlain2000(b *testing.B) {
	bin := shipped(b)
	ts := httptest.NewServer(sites.Generated(2000, false))
	defer ts.Close()
	events := filepath.Join(b.TempDir(), "events.jsonl")
	var peak int64
	var total time.Duration
	for b.Loop() {
		db := filepath.Join(b.TempDir(), "crawl.db")
		cmd := exec.Command(bin, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--concurrency", "8",
			"--depth", "-1", "--max-pages", "5000", "--keep", "none", "--out", events, ts.URL+"/")
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("crawl: %v\n%s", err, out)
		}
		total += time.Since(start)
		if out, _ := os.ReadFile(events); !bytes.Contains(out, []byte(`"event":"done","stopped":"exhausted","pages":2000,"ok":2000,`)) {
			b.Fatalf("the crawl did not keep all 2000 pages: %.300s", out[max(0, len(out)-300):])
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > peak {
			peak = ru.Maxrss // kilobytes on Linux
		}
	}
	b.ReportMetric(float64(2000*b.N)/total.Seconds(), "pages/s")
	b.ReportMetric(float64(peak)/1024, "peak-RSS-MB")
}

// BenchmarkCrawlPlainInProcess is BenchmarkCrawlPlain2000 inside the test
// process, so that -cpuprofile, -blockprofile and -mutexprofile see the
// crawl's own code.
func BenchmarkCrawlPlainInProcess(b *testing.B) {
	defer gcfloor.Set(gcFloor)() // as main sets it
	ts := httptest.NewServer(sites.Generated(2000, false))
	defer ts.Close()
	for b.Loop() {
		dir := b.TempDir()
		var out bytes.Buffer
		err := run(b.Context(), []string{"crawl", "--db", filepath.Join(dir, "crawl.db"), "--mode", "plain", "--host-interval", "0", "--delay", "0",
			"--concurrency", "8", "--depth", "-1", "--max-pages", "5000", "--keep", "none", "--out", filepath.Join(dir, "events.jsonl"), ts.URL + "/"}, &out, &out)
		if err != nil {
			b.Fatalf("crawl: %v\n%s", err, out.String())
		}
		if ev, _ := os.ReadFile(filepath.Join(dir, "events.jsonl")); !bytes.Contains(ev, []byte(`"event":"done","stopped":"exhausted","pages":2000,"ok":2000,`)) {
			b.Fatalf("the crawl did not keep all 2000 pages")
		}
	}
}

// BenchmarkCrawlPlainDenseInProcess is BenchmarkCrawlPlainInProcess on the
// site make bench-peers sets against wget2 at 100 links a page
// (sites.Dense(2000, 100)): most of a page's links are the navigation
// every page repeats, so link extraction, normalisation, the candidates and
// the links' record take most of the crawl's CPU.
func BenchmarkCrawlPlainDenseInProcess(b *testing.B) {
	defer gcfloor.Set(gcFloor)() // as main sets it
	ts := httptest.NewServer(sites.Dense(2000, 100))
	defer ts.Close()
	for b.Loop() {
		dir := b.TempDir()
		var out bytes.Buffer
		err := run(b.Context(), []string{"crawl", "--db", filepath.Join(dir, "crawl.db"), "--mode", "plain", "--host-interval", "0", "--delay", "0",
			"--concurrency", "8", "--depth", "40", "--max-pages", "100000", "--keep", "none", "--out", filepath.Join(dir, "events.jsonl"), ts.URL + "/"}, &out, &out)
		if err != nil {
			b.Fatalf("crawl: %v\n%s", err, out.String())
		}
		if ev, _ := os.ReadFile(filepath.Join(dir, "events.jsonl")); !bytes.Contains(ev, []byte(`"event":"done","stopped":"exhausted","pages":2000,"ok":2000,`)) {
			b.Fatalf("the crawl did not keep all 2000 pages")
		}
	}
}

// BenchmarkPolitenessBound crawls a 50-page site on one host at
// --host-interval 200ms (the real binary, plain mode, --concurrency 4) and reports
// what the server saw: the span from the first page request to the last
// against 49 intervals, every request to the host (robots.txt, the sitemap
// guesses and the soft-404 probe take slots too), and the crawl's own time.
func BenchmarkPolitenessBound(b *testing.B) {
	const pages, interval = 50, 200 * time.Millisecond
	bin := shipped(b)
	var mu sync.Mutex
	var stamps []time.Time // page requests
	var requests int
	site := sites.Generated(pages, false)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests++
		if r.URL.Path == "/" || strings.HasPrefix(r.URL.Path, "/p/") {
			stamps = append(stamps, time.Now())
		}
		mu.Unlock()
		site.ServeHTTP(w, r)
	}))
	defer ts.Close()
	var span, whole time.Duration
	var extra int
	for b.Loop() {
		mu.Lock()
		stamps, requests = nil, 0
		mu.Unlock()
		db := filepath.Join(b.TempDir(), "crawl.db")
		start := time.Now()
		out, err := exec.Command(bin, "crawl", "--db", db, "--mode", "plain", "--host-interval", interval.String(), "--delay", "0",
			"--concurrency", "4", "--out", os.DevNull, ts.URL+"/").CombinedOutput()
		if err != nil {
			b.Fatalf("crawl: %v\n%s", err, out)
		}
		whole += time.Since(start)
		mu.Lock()
		if len(stamps) != pages {
			b.Fatalf("%d page requests; want %d", len(stamps), pages)
		}
		span += stamps[len(stamps)-1].Sub(stamps[0])
		extra = requests - pages
		mu.Unlock()
	}
	floor := time.Duration(pages-1) * interval
	b.ReportMetric(span.Seconds()/float64(b.N), "page-span-s")
	b.ReportMetric(span.Seconds()/float64(b.N)/floor.Seconds(), "span/49-intervals")
	b.ReportMetric(whole.Seconds()/float64(b.N), "crawl-s")
	b.ReportMetric(whole.Seconds()/float64(b.N)/(time.Duration(pages+extra-1)*interval).Seconds(), "crawl/all-slots")
	b.ReportMetric(float64(extra), "non-page-requests")
}
