package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/webgraph/webgraph/internal/proctree"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// unionArgs are the flags of a union crawl with no spacing, as the peers'
// benchmarks run it (bench/), its events in out ("": on stdout).
func unionArgs(db, out string, concurrency int) []string {
	args := []string{"crawl", "--db", db, "--mode", "union", "--host-interval", "0", "--delay", "0",
		"--concurrency", strconv.Itoa(concurrency), "--depth", "20", "--max-pages", "100000", "--keep", "none"}
	if out != "" {
		args = append(args, "--out", out)
	}
	return args
}

// BenchmarkPicturesAll crawls the 201 script-written pages of the union
// benchmarks (bench/) at --concurrency 8, with and without --screenshots
// all, one after the other, each first in turn, and reports both crawls'
// pages per second and the ratio of their times (the crawl with pictures
// over the one without: 1 would be pictures for free), and the ratio of
// their CPU times, the browser's included (the crawl's process waits for
// it), which a busy machine disturbs less. Each crawl's time, CPU and the
// machine's load are logged (-v). The crawl with pictures must store both
// pictures of every page.
func BenchmarkPicturesAll(b *testing.B) {
	const n = 201
	bin := shipped(b)
	ts := httptest.NewServer(sites.Generated(n, true))
	defer ts.Close()
	dir := b.TempDir()
	var withCPU, withoutCPU time.Duration
	crawl := func(i int, pictures bool) time.Duration {
		db := filepath.Join(dir, fmt.Sprintf("p%d-%v.db", i, pictures))
		events := db + ".jsonl"
		args := unionArgs(db, events, 8)
		if pictures {
			args = append(args, "--screenshots", "all")
		}
		start := time.Now()
		cmd := exec.Command(bin, append(args, ts.URL+"/")...)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("crawl (pictures %v): %v\n%s", pictures, err, out)
		}
		took := time.Since(start)
		cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		b.Logf("pictures %-5v %6.1f s, CPU %6.1f s, load %s", pictures, took.Seconds(), cpu.Seconds(), loadAverage())
		if out, _ := os.ReadFile(events); !bytes.Contains(out, fmt.Appendf(nil, `"ok":%d,`, n)) {
			b.Fatalf("the crawl (pictures %v) did not keep the %d pages: %.300s", pictures, n, out[max(0, len(out)-300):])
		}
		if !pictures {
			withoutCPU += cpu
			return took
		}
		withCPU += cpu
		if got := pictureCount(b, db); got != 2*n {
			b.Fatalf("the crawl stored %d pictures; want two for each of the %d pages", got, n)
		}
		return took
	}
	var with, without time.Duration
	i := 0
	for b.Loop() {
		i++
		if i%2 == 1 {
			with += crawl(i, true)
			without += crawl(i, false)
		} else {
			without += crawl(i, false)
			with += crawl(i, true)
		}
	}
	b.ReportMetric(float64(n*i)/without.Seconds(), "plain-pages/s")
	b.ReportMetric(float64(n*i)/with.Seconds(), "pictures-pages/s")
	b.ReportMetric(with.Seconds()/without.Seconds(), "time-ratio")
	b.ReportMetric(withCPU.Seconds()/withoutCPU.Seconds(), "cpu-ratio")
}

// pictureCount counts the pictures a crawl stored in its database.
func pictureCount(b *testing.B, db string) int {
	b.Helper()
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	var n int
	if err := conn.QueryRow(`SELECT count(*) FROM pictures`).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkBrowserMemory crawls 1,000 script-written pages in union mode at
// --concurrency 1, 4 and 8 and reports the browser's memory as a
// container sees it: the proportional set size (PSS, proctree.PSS) of the
// browser's process tree, summed over every browser webgraph started,
// sampled every 250 ms; its peak, and its value at the end (the most of
// the samples taken as the last pages were reported, two for each tab). Beside them, the summed RSS of the same tree the done event
// gives (browser_peak_rss_mb), which counts shared pages once per process.
func BenchmarkBrowserMemory(b *testing.B) {
	const n = 1000
	bin := shipped(b)
	ts := httptest.NewServer(sites.Generated(n, true))
	defer ts.Close()
	for _, c := range []int{1, 4, 8} {
		b.Run(fmt.Sprintf("concurrency=%d", c), func(b *testing.B) {
			var peak, end, rss int64
			var took time.Duration
			i := 0
			for b.Loop() {
				i++
				m := crawlSampled(b, bin, filepath.Join(b.TempDir(), "m.db"), ts.URL+"/", c, n)
				peak, end, rss = max(peak, m.peak), max(end, m.end), max(rss, m.doneRSSMB)
				took += m.took
			}
			b.ReportMetric(float64(peak)/(1<<20), "browser-peak-PSS-MB")
			b.ReportMetric(float64(end)/(1<<20), "browser-end-PSS-MB")
			b.ReportMetric(float64(rss), "done-peak-RSS-MB")
			b.ReportMetric(float64(n*i)/took.Seconds(), "pages/s")
		})
	}
}

// sampled is what crawlSampled saw of the browser's memory.
type sampled struct {
	peak, end int64 // PSS in bytes: the highest sample, and the highest at the last page events
	doneRSSMB int64 // the done event's browser_peak_rss_mb
	took      time.Duration
}

// crawlSampled runs a union crawl of n pages at concurrency c, reading its
// events as they come, and samples the PSS of the browser processes it
// started every 250 ms and at each of the last 2c page events.
func crawlSampled(b *testing.B, bin, db, seed string, c, n int) sampled {
	b.Helper()
	cmd := exec.Command(bin, append(unionArgs(db, "", c), seed)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	var mu sync.Mutex
	var s sampled
	sample := func() int64 {
		v := browserPSS(cmd.Process.Pid)
		mu.Lock()
		s.peak = max(s.peak, v)
		mu.Unlock()
		return v
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				sample()
			}
		}
	})
	pages := 0
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case bytes.HasPrefix(line, []byte(`{"event":"page"`)):
			// A page's event comes once its record is committed, which
			// may be after the browser has begun to close: the end is
			// the most of the samples taken at the last pages' events
			// (two for each tab).
			if pages++; pages > n-2*c {
				v := sample()
				mu.Lock()
				s.end = max(s.end, v)
				mu.Unlock()
			}
		case bytes.HasPrefix(line, []byte(`{"event":"done"`)):
			var done struct {
				OK  int   `json:"ok"`
				RSS int64 `json:"browser_peak_rss_mb"`
			}
			if err := json.Unmarshal(line, &done); err != nil {
				b.Fatalf("the done event: %v", err)
			}
			if done.OK != n {
				b.Fatalf("the crawl kept %d pages; want %d", done.OK, n)
			}
			s.doneRSSMB = done.RSS
		}
	}
	err = cmd.Wait()
	s.took = time.Since(start)
	close(stop)
	wg.Wait()
	if err != nil {
		b.Fatalf("crawl: %v\n%s", err, stderr.String())
	}
	if pages != n || s.end == 0 {
		b.Fatalf("%d page events, the browser's PSS at the last ones %d bytes; want %d events and a browser", pages, s.end, n)
	}
	return s
}

// browserPSS is the PSS, in bytes, of the process trees of pid's children
// (the browsers webgraph started), 0 when it has none.
func browserPSS(pid int) int64 {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var total int64
	for _, name := range stats {
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		// The fields after the command name (which may hold spaces and
		// parentheses) start after its last ')': state, then ppid.
		i := bytes.LastIndexByte(data, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(data[i+1:]))
		if len(f) < 2 || f[1] != strconv.Itoa(pid) {
			continue
		}
		child, err := strconv.Atoi(filepath.Base(filepath.Dir(name)))
		if err != nil {
			continue
		}
		if v, err := proctree.PSS(child); err == nil {
			total += v
		}
	}
	return total
}

// loadAverage is the machine's 1-minute load average as /proc/loadavg says
// it, or "?" where there is none.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}
