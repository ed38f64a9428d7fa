package bench

import (
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// tunedPages is the size of the script-written site the union crawl and the
// tuned loop crawl: BenchmarkUnionVsChromeLoop's.
const tunedPages = 201

// BenchmarkUnionVsTunedLoop crawls a 201-page site whose text and links are
// written by script: webgraph's union crawl (--concurrency 8, no spacing)
// against the tuned chromedp loop (cmd/tunedloop: 8 hidden tabs, the same
// settle condition and read, none of webgraph's protections), side by side,
// each first in turn. Pages per second for both, their ratio (webgraph's
// over the loop's: 1 would be the loop's speed), the CPU time each one's
// whole process tree used (the browser's included) and their ratio, and
// each process's peak resident memory (ru_maxrss: its largest process,
// the browser's own).
func BenchmarkUnionVsTunedLoop(b *testing.B) {
	chrome := needChrome(b)
	dir := b.TempDir()
	wg := built(b, dir, "..", "./cmd/webgraph", "webgraph")
	loop := built(b, dir, ".", "./cmd/tunedloop", "tunedloop")
	ts := httptest.NewServer(sites.Generated(tunedPages, true))
	defer ts.Close()
	var wgT, loT, wgCPU, loCPU time.Duration
	var wgMB, loMB float64
	i := 0
	for b.Loop() {
		i++
		inTurn(i, func() {
			r := unionCrawl(b, wg, chrome, filepath.Join(dir, fmt.Sprintf("u%d", i)), ts.URL+"/")
			wgT += r.elapsed
			wgCPU += r.treeCPU
			wgMB = max(wgMB, r.peakMB)
		}, func() {
			r := tunedCrawl(b, loop, chrome, ts.URL+"/")
			loT += r.elapsed
			loCPU += r.treeCPU
			loMB = max(loMB, r.peakMB)
		})
	}
	b.ReportMetric(float64(tunedPages*i)/wgT.Seconds(), "webgraph-pages/s")
	b.ReportMetric(float64(tunedPages*i)/loT.Seconds(), "tuned-pages/s")
	b.ReportMetric(loT.Seconds()/wgT.Seconds(), "speed-ratio")
	b.ReportMetric(wgCPU.Seconds()/float64(i), "webgraph-cpu-s")
	b.ReportMetric(loCPU.Seconds()/float64(i), "tuned-cpu-s")
	b.ReportMetric(wgCPU.Seconds()/loCPU.Seconds(), "cpu-ratio")
	b.ReportMetric(wgMB, "webgraph-peak-MB")
	b.ReportMetric(loMB, "tuned-peak-MB")
}

// BenchmarkTunedLoopChoices puts webgraph's protocol choices and page
// script back into the tuned loop one at a time (and then all together),
// each variant side by side with the plain tuned loop, each first in turn:
// what each choice costs, as the variant's time over the loop's
// (cost-ratio, above 1: slower) and its process tree's CPU time over the
// loop's (cpu-cost-ratio), which a loaded machine moves less.
func BenchmarkTunedLoopChoices(b *testing.B) {
	chrome := needChrome(b)
	dir := b.TempDir()
	loop := built(b, dir, ".", "./cmd/tunedloop", "tunedloop")
	guard := filepath.Join(dir, "guard.js")
	if err := os.WriteFile(guard, []byte(guardScript(b)), 0o600); err != nil {
		b.Fatal(err)
	}
	extract := filepath.Join(dir, "extract.js")
	if err := os.WriteFile(extract, []byte(rendered.ExtractScript()), 0o600); err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(sites.Generated(tunedPages, true))
	defer ts.Close()
	all := []string{"-intercept", "-isolated", "-events", "-guard", guard, "-renderer-limit", "0", "-extract", extract}
	for _, v := range []struct {
		name  string
		flags []string
	}{
		{"intercept", all[0:1]},
		{"isolated", all[1:2]},
		{"events", all[2:3]},
		{"guard", all[3:5]},
		{"renderer-limit=none", all[5:7]},
		// webgraph's read (extract.js) in the isolated world: its cost
		// over the loop's read is this row's over isolated's.
		{"extract", all[7:9]},
		// A measurement only: the wait and the loop's read as two
		// evaluates in the main world, the second round trip without
		// the isolated world.
		{"split", []string{"-split"}},
		{"all", all},
	} {
		b.Run(v.name, func(b *testing.B) {
			var baseT, varT, baseCPU, varCPU time.Duration
			i := 0
			for b.Loop() {
				i++
				inTurn(i, func() {
					r := tunedCrawl(b, loop, chrome, ts.URL+"/", v.flags...)
					varT, varCPU = varT+r.elapsed, varCPU+r.treeCPU
				}, func() {
					r := tunedCrawl(b, loop, chrome, ts.URL+"/")
					baseT, baseCPU = baseT+r.elapsed, baseCPU+r.treeCPU
				})
			}
			b.ReportMetric(float64(tunedPages*i)/baseT.Seconds(), "tuned-pages/s")
			b.ReportMetric(float64(tunedPages*i)/varT.Seconds(), "variant-pages/s")
			b.ReportMetric(varT.Seconds()/baseT.Seconds(), "cost-ratio")
			b.ReportMetric(varCPU.Seconds()/baseCPU.Seconds(), "cpu-cost-ratio")
		})
	}
}

// needChrome returns the path of the browser both sides start.
func needChrome(b *testing.B) string {
	b.Helper()
	chrome, err := exec.LookPath("chromium")
	if err != nil {
		b.Fatalf("no chromium: %v (make browser installs it)", err)
	}
	return chrome
}

// unionCrawl runs webgraph's union crawl of seed (8 tabs, no spacing), its
// database at db, and fails unless it kept every page of the site.
func unionCrawl(b *testing.B, wg, chrome, db, seed string) run {
	b.Helper()
	events := db + ".jsonl"
	r := measured(b, "", wg, "crawl", "--db", db+".db", "--out", events, "--mode", "union", "--host-interval", "0", "--delay", "0",
		"--concurrency", "8", "--depth", "20", "--keep", "none", "--chrome", chrome, seed)
	if out, _ := os.ReadFile(events); !strings.Contains(string(out), fmt.Sprintf(`"ok":%d,`, tunedPages)) {
		b.Fatalf("webgraph did not keep the %d pages: %.400s", tunedPages, out[max(0, len(out)-400):])
	}
	return r
}

// tunedCrawl runs the tuned loop from seed with 8 tabs and flags, and fails
// unless it read every page of the site.
func tunedCrawl(b *testing.B, loop, chrome, seed string, flags ...string) run {
	b.Helper()
	args := append([]string{"-concurrency", "8", "-chrome", chrome}, flags...)
	r := measured(b, "", loop, append(args, seed)...)
	if want := fmt.Sprintf("%d pages, 0 failed", tunedPages); !strings.HasPrefix(r.out, want) {
		b.Fatalf("the tuned loop %v said %q; want %q", flags, r.out, want)
	}
	return r
}

// guardScript is webgraph's guard script for a hidden tab, as its tabs
// run it (rendered.GuardScript).
func guardScript(tb testing.TB) string {
	tb.Helper()
	js := rendered.GuardScript(true)
	if js == "" {
		tb.Fatal("rendered.GuardScript gave no script")
	}
	return js
}

// TestGuardScript: the guard script read from the source is whole (its
// constants filled in) and defines the wait the tuned loop's -guard uses.
func TestGuardScript(t *testing.T) {
	js := guardScript(t)
	for _, want := range []string{`Object.defineProperty(window, "__webgraphIdle"`, "d > 1500)", "gen < 3;", `globalThis["__webgraphFrozen"]`, "const background = () => true ||"} {
		if !strings.Contains(js, want) {
			t.Errorf("the guard script lacks %q", want)
		}
	}
	if !strings.HasPrefix(js, "(() => {") || !strings.HasSuffix(js, "})();") {
		t.Errorf("the guard script is not one function run at once: %.60s … %.60s", js, js[max(0, len(js)-60):])
	}
}

// TestExtractScript: the read handed to the tuned loop's -extract is
// extract.js whole, its caps filled in: a function of the three arguments
// the loop passes.
func TestExtractScript(t *testing.T) {
	js := rendered.ExtractScript()
	if !strings.HasPrefix(js, "(function (max, keepDOM, mayProbe) {") || !strings.HasSuffix(js, "})") {
		t.Errorf("the read is not one function: %.60s … %.60s", js, js[max(0, len(js)-60):])
	}
	for _, want := range []string{"const LINKS = 10000,", "return {probe: cands.length};", "links: links,"} {
		if !strings.Contains(js, want) {
			t.Errorf("the read lacks %q", want)
		}
	}
	if strings.Contains(js, "__MAX_") {
		t.Error("the read still holds a placeholder")
	}
}
