package bench

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// BenchmarkPlainCPUVsWget2 crawls a loopback site of 2,000 pages carrying
// 10 and 100 links each (cmd/countsite, a process of its own), webgraph
// (--mode plain --concurrency 8, its database on disk) against wget2
// (recursive, 8 threads, robots.txt on, nothing saved), side by side, each
// first in turn, and reports each one's CPU time (user and system, from
// its rusage) and wall time, and the CPU ratio (webgraph's over wget2's:
// below 1, webgraph uses less). On a crowded machine CPU, not wall time,
// is what a crawl takes from the others. A round in which either side
// fetched a page twice or missed one is INVALID.
//
// WEBGRAPH_BEFORE, when set, names another webgraph binary (the code
// before a change, built as this one is) that crawls the site too in each
// round, in turn with the others: its CPU is reported as before-cpu-s and
// before-cpu-ratio, beside the load average at the start and end of the
// rounds (load-start, load-end).
func BenchmarkPlainCPUVsWget2(b *testing.B) {
	wget2, err := exec.LookPath("wget2")
	if err != nil {
		b.Fatalf("no wget2: %v (scripts/ensure-wget2.sh installs it)", err)
	}
	dir := b.TempDir()
	wg := built(b, dir, "..", "./cmd/webgraph", "webgraph")
	before := os.Getenv("WEBGRAPH_BEFORE")
	server := built(b, dir, ".", "./cmd/countsite", "countsite")
	const n = 2000
	for _, links := range []int{10, 100} {
		b.Run(fmt.Sprintf("pages=%d/links=%d", n, links), func(b *testing.B) {
			s := serveGenerated(b, server, n, links)
			s.served(b)
			var wgCPU, w2CPU, bfCPU, wgT, w2T time.Duration
			crawl := func(bin, name string, i int) run {
				db := filepath.Join(dir, fmt.Sprintf("%s%d-%d.db", name, links, i))
				r := measured(b, "", bin, "crawl", "--db", db, "--out", os.DevNull, "--mode", "plain", "--host-interval", "0", "--delay", "0",
					"--concurrency", "8", "--depth", "40", "--max-pages", "100000", "--keep", "none", s.url+"/")
				valid(b, name, s.served(b), n)
				return r
			}
			loadStart := loadAvg()
			i := 0
			for b.Loop() {
				i++
				if before != "" && i%3 == 0 {
					bfCPU += crawl(before, "before", i).cpu
				}
				inTurn(i, func() {
					r := crawl(wg, "webgraph", i)
					wgCPU += r.cpu
					wgT += r.elapsed
				}, func() {
					// -O /dev/null: nothing saved, every page still
					// parsed for links; its own files (HSTS, cookies) go
					// in a home of its own.
					home := b.TempDir()
					cmd := exec.Command(wget2, "--recursive", "--level=inf", "--max-threads=8", "--robots=on", "--quiet", "-O", os.DevNull, s.url+"/")
					cmd.Dir, cmd.Env = home, append(os.Environ(), "HOME="+home)
					r := measuredCmd(b, cmd)
					valid(b, "wget2", s.served(b), n)
					w2CPU += r.cpu
					w2T += r.elapsed
				})
				if before != "" && i%3 != 0 {
					bfCPU += crawl(before, "before", i).cpu
				}
			}
			runs := float64(i)
			b.ReportMetric(wgCPU.Seconds()/runs, "webgraph-cpu-s")
			b.ReportMetric(w2CPU.Seconds()/runs, "wget2-cpu-s")
			b.ReportMetric(wgCPU.Seconds()/w2CPU.Seconds(), "cpu-ratio")
			b.ReportMetric(wgT.Seconds()/runs, "webgraph-s")
			b.ReportMetric(w2T.Seconds()/runs, "wget2-s")
			if before != "" {
				b.ReportMetric(bfCPU.Seconds()/runs, "before-cpu-s")
				b.ReportMetric(bfCPU.Seconds()/w2CPU.Seconds(), "before-cpu-ratio")
			}
			b.ReportMetric(loadStart, "load-start")
			b.ReportMetric(loadAvg(), "load-end")
		})
	}
}

// loadAvg is the machine's load average over the last minute.
func loadAvg() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	var l float64
	fmt.Sscan(string(data), &l)
	return l
}
