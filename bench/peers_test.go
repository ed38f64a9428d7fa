package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// built compiles the package pkg of the module in src (".." is webgraph's
// own module, so it is built with its own go.mod) into dir.
func built(b *testing.B, dir, src, pkg, name string) string {
	b.Helper()
	bin := filepath.Join(dir, name)
	args := []string{"build", "-o", bin}
	if src == ".." && pkg == "./cmd/webgraph" {
		args = append(args, "-pgo=cmd/webgraph/webgraph.pgo") // its CPU profile
	}
	cmd := exec.Command("go", append(args, pkg)...)
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

// run is what measured saw of one command.
type run struct {
	elapsed time.Duration
	cpu     time.Duration // user and system CPU time, the process's and its waited-for children's (wait4's rusage)
	treeCPU time.Duration // the same over the whole process tree (a browser's renderers too), sampled from /proc
	peakMB  float64       // peak resident memory (getrusage's maxrss)
	anonMB  float64       // peak anonymous memory: RSS less the executable's mapped code and data
	out     string
}

// measured runs a command to its end and returns its wall time, its peak
// resident memory, and its peak anonymous memory, sampled every 20 ms from
// /proc (every 2 ms slowed the crawls by a third) (the resident peak counts the binary's mapped pages, which follow
// its size; the anonymous peak is what the process itself allocated).
func measured(b *testing.B, stdin string, name string, args ...string) run {
	b.Helper()
	cmd := exec.Command(name, args...)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	return measuredCmd(b, cmd)
}

// measuredCmd is measured for a command set up by the caller (its
// directory, its environment).
func measuredCmd(b *testing.B, cmd *exec.Cmd) run {
	b.Helper()
	name := cmd.Path
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatalf("%s: %v", filepath.Base(name), err)
	}
	done := make(chan struct{})
	anon := make(chan int64, 1)
	tree := make(chan time.Duration, 1)
	go func() { tree <- treeCPU(cmd.Process.Pid, done) }()
	go func() {
		var peak int64
		status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
		for {
			peak = max(peak, rssAnonKB(status))
			select {
			case <-done:
				anon <- peak
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}()
	err := cmd.Wait()
	elapsed := time.Since(start)
	close(done)
	if err != nil {
		b.Fatalf("%s: %v\n%s", filepath.Base(name), err, out.String())
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return run{elapsed: elapsed, cpu: cpu, treeCPU: <-tree, peakMB: float64(ru.Maxrss) / 1024, anonMB: float64(<-anon) / 1024, out: strings.TrimSpace(out.String())}
}

// treeCPU follows the process tree of root, every 100 ms until done is
// closed, and returns the CPU time (user and system) its processes had
// used when last seen. A browser's renderers are its children's children,
// and a browser killed at the end leaves them to no one who waits for
// them, so no rusage counts them. A process once in the tree is followed
// by its PID even after its parent is gone; what a process used in its
// last 100 ms may be missed.
func treeCPU(root int, done <-chan struct{}) time.Duration {
	ticks := map[int]int64{}
	in := map[int]bool{root: true}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		stats, _ := filepath.Glob("/proc/[0-9]*/stat")
		parent := map[int]int{}
		cpu := map[int]int64{}
		for _, name := range stats {
			data, err := os.ReadFile(name)
			if err != nil {
				continue
			}
			i := bytes.LastIndexByte(data, ')')
			if i < 0 {
				continue
			}
			f := strings.Fields(string(data[i+1:]))
			pid, err1 := strconv.Atoi(filepath.Base(filepath.Dir(name)))
			if len(f) < 13 || err1 != nil {
				continue
			}
			ppid, _ := strconv.Atoi(f[1])
			u, _ := strconv.ParseInt(f[11], 10, 64)
			st, _ := strconv.ParseInt(f[12], 10, 64)
			parent[pid], cpu[pid] = ppid, u+st
		}
		for grew := true; grew; { // the tree as it stands now
			grew = false
			for pid, ppid := range parent {
				if in[ppid] && !in[pid] {
					in[pid], grew = true, true
				}
			}
		}
		for pid := range in {
			if c, ok := cpu[pid]; ok {
				ticks[pid] = max(ticks[pid], c)
			}
		}
		select {
		case <-done:
			var total int64
			for _, t := range ticks {
				total += t
			}
			return time.Duration(total) * time.Second / 100 // USER_HZ: 100 on Linux
		case <-tick.C:
		}
	}
}

// inTurn runs the two sides of iteration i, webgraph's and the peer's,
// each first in every other iteration: whichever runs second meets a
// server (and caches) the first has warmed, and the ratio should not
// follow the order.
func inTurn(i int, ours, peer func()) {
	if i%2 == 1 {
		ours()
		peer()
		return
	}
	peer()
	ours()
}

// rssAnonKB reads RssAnon from a /proc/PID/status file; 0 once the
// process is gone.
func rssAnonKB(status string) int64 {
	data, err := os.ReadFile(status)
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if v, ok := strings.CutPrefix(line, "RssAnon:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}

// BenchmarkPlainVsColly crawls a loopback site whose pages carry 10 and
// 100 links each (2,000 pages), and one of 20,000 pages, at --concurrency 8,
// webgraph (--mode plain, its database on disk) and a colly crawler, one
// after the other in each iteration (in turn first), and reports both and
// their ratio. Real pages carry tens of links (navigation, footers, related
// lists): at 100 a page the links are most of what webgraph records. The
// small site weighs what a crawl does once (creating its database,
// robots.txt, sitemaps, the final summary and checkpoint); the large one,
// the cost per page and the memory a crawl's size takes. The site is
// served by a process of its own, as a real site is, apart from the harness
// that samples the crawlers' memory; it counts the pages each side fetched,
// and a round in which either side fetched a page twice or missed one is
// INVALID: the benchmark fails.
func BenchmarkPlainVsColly(b *testing.B) {
	dir := b.TempDir()
	wg := built(b, dir, "..", "./cmd/webgraph", "webgraph")
	colly := built(b, dir, ".", "./cmd/collycrawl", "collycrawl")
	server := built(b, dir, ".", "./cmd/countsite", "countsite")
	for _, c := range []struct{ pages, links int }{{2000, 10}, {2000, 100}, {20000, 10}} {
		b.Run(fmt.Sprintf("pages=%d/links=%d", c.pages, c.links), func(b *testing.B) {
			plainVsColly(b, dir, wg, colly, serveGenerated(b, server, c.pages, c.links), c.pages)
		})
	}
}

// site is a generated site served by cmd/countsite.
type site struct {
	url     string // without the final slash
	counter string // where it answers its counts
}

// fetched is what the site served since the last call: how many of its
// pages, how many distinct ones, and the most times one page was served.
type fetched struct {
	Requests, Pages, Distinct, Most int
}

// serveGenerated starts cmd/countsite on a generated site of n pages of k
// links each (sites.Dense; k = 0: sites.Generated's script-written pages)
// and returns it; the server is stopped, by its PID, at the end.
func serveGenerated(b *testing.B, server string, n, k int) site {
	b.Helper()
	args := []string{"-generated", strconv.Itoa(n), "-links", strconv.Itoa(k)}
	if k == 0 {
		args = append(args, "-js")
	}
	cmd := exec.Command(server, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	r := bufio.NewReader(stdout)
	first, err1 := r.ReadString('\n')
	second, err2 := r.ReadString('\n')
	if err1 != nil || err2 != nil {
		b.Fatalf("the site server said no URL: %v %v", err1, err2)
	}
	return site{url: strings.TrimSuffix(strings.TrimSpace(first), "/"), counter: strings.TrimSpace(second)}
}

// served returns what the site served since the last call, and resets its
// counts.
func (s site) served(b *testing.B) fetched {
	b.Helper()
	resp, err := http.Get(s.counter + "?reset=1")
	if err != nil {
		b.Fatalf("the site's counter: %v", err)
	}
	defer resp.Body.Close()
	var f fetched
	if err := json.NewDecoder(resp.Body).Decode(&f); err != nil {
		b.Fatalf("the site's counter: %v", err)
	}
	return f
}

// valid reports whether a crawler fetched each of the site's n pages once,
// and says INVALID (failing the benchmark) when it did not: a round whose
// two sides did different work measures nothing.
func valid(b *testing.B, who string, f fetched, n int) bool {
	b.Helper()
	if f.Pages == n && f.Distinct == n && f.Most == 1 {
		return true
	}
	b.Errorf("INVALID round: %s fetched %d pages (%d distinct, one of them %d times) of the site's %d", who, f.Pages, f.Distinct, f.Most, n)
	return false
}

func plainVsColly(b *testing.B, dir, wg, colly string, s site, n int) {
	var wgT, coT time.Duration
	var wgMB, coMB, wgAnon, coAnon float64
	i := 0
	s.served(b)
	for b.Loop() {
		i++
		db := filepath.Join(dir, fmt.Sprintf("c%d-%d.db", n, i))
		inTurn(i, func() {
			r := measured(b, "", wg, "crawl", "--db", db, "--out", os.DevNull, "--mode", "plain", "--host-interval", "0", "--delay", "0",
				"--concurrency", "8", "--depth", "40", "--max-pages", "100000", "--keep", "none", s.url+"/")
			valid(b, "webgraph", s.served(b), n)
			wgT += r.elapsed
			wgMB, wgAnon = max(wgMB, r.peakMB), max(wgAnon, r.anonMB)
			os.Remove(db) // a large site's database need not wait for the end
		}, func() {
			r := measured(b, "", colly, "-workers", "8", s.url+"/")
			valid(b, "colly", s.served(b), n)
			if !strings.HasPrefix(r.out, fmt.Sprint(n)+" pages") {
				b.Errorf("colly crawled %q; want %d pages", r.out, n)
			}
			coT += r.elapsed
			coMB, coAnon = max(coMB, r.peakMB), max(coAnon, r.anonMB)
		})
	}
	runs := float64(i)
	b.ReportMetric(wgT.Seconds()/runs, "webgraph-s")
	b.ReportMetric(coT.Seconds()/runs, "colly-s")
	b.ReportMetric(wgT.Seconds()/coT.Seconds(), "time-ratio")
	b.ReportMetric(wgMB, "webgraph-peak-MB")
	b.ReportMetric(coMB, "colly-peak-MB")
	b.ReportMetric(wgAnon, "webgraph-anon-MB")
	b.ReportMetric(coAnon, "colly-anon-MB")
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
		inTurn(i, func() {
			r := measured(b, "", wg, "crawl", "--db", db, "--out", os.DevNull, "--mode", "union", "--host-interval", "0", "--delay", "0",
				"--concurrency", "8", "--depth", "20", "--keep", "none", "--chrome", chrome, ts.URL+"/")
			wgT += r.elapsed
			wgMB = max(wgMB, r.peakMB)
		}, func() {
			r := measured(b, urls.String(), loop, "-tabs", "2", "-chrome", chrome)
			if !strings.HasPrefix(r.out, fmt.Sprint(n)+" pages") {
				b.Fatalf("the chromedp loop rendered %q; want %d pages", r.out, n)
			}
			loT += r.elapsed
			loMB = max(loMB, r.peakMB)
		})
	}
	b.ReportMetric(float64(n*i)/wgT.Seconds(), "webgraph-pages/s")
	b.ReportMetric(float64(n*i)/loT.Seconds(), "loop-pages/s")
	b.ReportMetric(loT.Seconds()/wgT.Seconds(), "speed-ratio")
	b.ReportMetric(wgMB, "webgraph-peak-MB")
	b.ReportMetric(loMB, "loop-peak-MB")
}

// TestTreeCPU: the CPU a command's grandchild burns is counted in its
// tree's CPU, as the rusage of the command (which waited for it) counts it.
func TestTreeCPU(t *testing.T) {
	cmd := exec.Command("sh", "-c", `sh -c 'i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done'; true`)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	tree := make(chan time.Duration, 1)
	go func() { tree <- treeCPU(cmd.Process.Pid, done) }()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	close(done)
	got := <-tree
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	want := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	if want < 300*time.Millisecond {
		t.Skipf("the busy loop took %s of CPU: too little to sample", want)
	}
	if got < want/2 || got > want+200*time.Millisecond {
		t.Errorf("the tree's CPU was sampled as %s; its rusage says %s", got, want)
	}
}
