package bench

import (
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/internal/sites"
)

// built compiles the package pkg of the module in src (".." is webgraph's
// own module, so it is built with its own go.mod) into dir.
func built(b *testing.B, dir, src, pkg, name string) string {
	b.Helper()
	bin := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-o", bin, pkg)
	cmd.Dir = src
	if src == ".." {
		// webgraph as make build and the Dockerfile build it: static.
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// measured runs a command to its end and returns its wall time and the
// peak resident memory of the process and its children (in MB).
func measured(b *testing.B, stdin string, name string, args ...string) (time.Duration, float64, string) {
	b.Helper()
	cmd := exec.Command(name, args...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	start := time.Now()
	out, err := cmd.CombinedOutput()
	elapsed := time.Since(start)
	if err != nil {
		b.Fatalf("%s: %v\n%s", filepath.Base(name), err, out)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return elapsed, float64(ru.Maxrss) / 1024, strings.TrimSpace(string(out))
}

// BenchmarkPlainVsColly crawls a 2,000-page loopback site with 8 workers,
// webgraph (--mode plain, its database on disk) and a colly crawler, one
// after the other in each iteration, and reports both and their ratio.
func BenchmarkPlainVsColly(b *testing.B) {
	const n = 2000
	dir := b.TempDir()
	wg := built(b, dir, "..", "./cmd/webgraph", "webgraph")
	colly := built(b, dir, ".", "./cmd/collycrawl", "collycrawl")
	ts := httptest.NewServer(sites.Generated(n, false))
	defer ts.Close()
	var wgT, coT time.Duration
	var wgMB, coMB float64
	i := 0
	for b.Loop() {
		i++
		db := filepath.Join(dir, fmt.Sprintf("c%d.db", i))
		t, mb, _ := measured(b, "", wg, "crawl", "--db", db, "--out", os.DevNull, "--mode", "plain", "--host-interval", "0", "--delay", "0",
			"--concurrency", "8", "--depth", "20", "--max-pages", "100000", "--keep", "none", ts.URL+"/")
		wgT += t
		wgMB = max(wgMB, mb)
		t, mb, out := measured(b, "", colly, "-workers", "8", ts.URL+"/")
		if !strings.HasPrefix(out, fmt.Sprint(n)+" pages") {
			b.Fatalf("colly crawled %q; want %d pages", out, n)
		}
		coT += t
		coMB = max(coMB, mb)
	}
	runs := float64(i)
	b.ReportMetric(wgT.Seconds()/runs, "webgraph-s")
	b.ReportMetric(coT.Seconds()/runs, "colly-s")
	b.ReportMetric(wgT.Seconds()/coT.Seconds(), "time-ratio")
	b.ReportMetric(wgMB, "webgraph-peak-MB")
	b.ReportMetric(coMB, "colly-peak-MB")
}

// BenchmarkUnionVsChromeLoop renders a 201-page site whose text is written
// by script: webgraph's union crawl (8 workers, no spacing) against a bare
// chromedp loop over the same URLs with 2 reused tabs. Pages per second for
// both, and their ratio (above 1: webgraph is faster).
func BenchmarkUnionVsChromeLoop(b *testing.B) {
	const n = 201
	chrome, err := exec.LookPath("chromium")
	if err != nil {
		b.Fatalf("no chromium: %v (make browser installs it)", err)
	}
	dir := b.TempDir()
	wg := built(b, dir, "..", "./cmd/webgraph", "webgraph")
	loop := built(b, dir, ".", "./cmd/chromeloop", "chromeloop")
	ts := httptest.NewServer(sites.Generated(n, true))
	defer ts.Close()
	var urls strings.Builder
	urls.WriteString(ts.URL + "/\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&urls, "%s/p/%d\n", ts.URL, i)
	}
	var wgT, loT time.Duration
	var wgMB, loMB float64
	i := 0
	for b.Loop() {
		i++
		db := filepath.Join(dir, fmt.Sprintf("u%d.db", i))
		t, mb, _ := measured(b, "", wg, "crawl", "--db", db, "--out", os.DevNull, "--mode", "union", "--host-interval", "0", "--delay", "0",
			"--concurrency", "8", "--depth", "20", "--keep", "none", "--chrome", chrome, ts.URL+"/")
		wgT += t
		wgMB = max(wgMB, mb)
		t, mb, out := measured(b, urls.String(), loop, "-tabs", "2", "-chrome", chrome)
		if !strings.HasPrefix(out, fmt.Sprint(n)+" pages") {
			b.Fatalf("the chromedp loop rendered %q; want %d pages", out, n)
		}
		loT += t
		loMB = max(loMB, mb)
	}
	b.ReportMetric(float64(n*i)/wgT.Seconds(), "webgraph-pages/s")
	b.ReportMetric(float64(n*i)/loT.Seconds(), "loop-pages/s")
	b.ReportMetric(loT.Seconds()/wgT.Seconds(), "speed-ratio")
	b.ReportMetric(wgMB, "webgraph-peak-MB")
	b.ReportMetric(loMB, "loop-peak-MB")
}
