package store

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/internal/pgtest"
	"github.com/webgraph/webgraph/policy"
)

// feedEnv makes the test binary a feeder: TestMain feeds that many URLs
// into a new database and exits, so a benchmark can measure the process.
const feedEnv = "WEBGRAPH_FEED_URLS"

// pg is the PostgreSQL server of this test binary, started on first use.
var pg pgtest.Server

func TestMain(m *testing.M) {
	if n, err := strconv.Atoi(os.Getenv(feedEnv)); err == nil {
		if err := feed(os.Getenv("WEBGRAPH_FEED_DB"), n); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(pgtest.Main(m, &pg))
}

// feed crawls nothing but behaves like a crawl: it pops a URL, completes it
// with 1,000 new URLs and 1,000 links, and repeats until n URLs are known.
func feed(path string, n int) error {
	s, err := Open(path, Create)
	if err != nil {
		return err
	}
	defer s.Close()
	var f interface {
		Add(url, host string, c discovery.Discovery) bool
		Next(ctx context.Context) (frontier.Item, error)
		Complete(it frontier.Item, r frontier.Result) []frontier.Link
		Err() error
		Stats() frontier.Stats
	}
	if s.pg {
		sf, err := s.SharedFrontier(policy.NewThrottle(0, nil), -1, SharedConfig{})
		if err != nil {
			return err
		}
		defer sf.Close()
		f = sf
	} else {
		lf, err := s.Frontier(policy.NewThrottle(0, nil), -1)
		if err != nil {
			return err
		}
		f = lf
	}
	f.Add("https://host0.example/", "host0.example", discovery.Discovery{Via: discovery.ViaSeed})
	start := time.Now()
	next, links := 1, 0
	for next < n {
		it, err := f.Next(context.Background())
		if err != nil {
			return err
		}
		r := frontier.Result{State: "done", FinalURL: it.URL, Status: 200, Event: []byte(`{"event":"page"}`)}
		for range min(1000, n-next) {
			host := fmt.Sprintf("host%d.example", next%50)
			u := fmt.Sprintf("https://%s/section/%d/page-%d.html?ref=%d", host, next/1000, next, next%7)
			r.Queue = append(r.Queue, frontier.New{URL: u, Host: host, Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: it.URL, Anchor: "Page number " + strconv.Itoa(next), Depth: it.Citation.Depth + 1}})
			r.Links = append(r.Links, frontier.Link{To: u, Anchor: "Page number " + strconv.Itoa(next), Side: "both", Kind: "page"})
			next++
		}
		links += len(r.Links)
		f.Complete(it, r)
		if err := f.Err(); err != nil {
			return err
		}
	}
	st := f.Stats()
	fmt.Printf("seen=%d queued=%d links=%d seconds=%.3f\n", st.Seen, st.Queued, links, time.Since(start).Seconds())
	return nil
}

// BenchmarkFrontierMemory feeds 10k, 100k and 1M discovered URLs (with as
// many links) into a database frontier (SQLite, and PostgreSQL's shared
// one) in a child process, and reports its peak resident memory and the
// store's write rate.
func BenchmarkFrontierMemory(b *testing.B) {
	for _, kind := range []string{"sqlite", "postgres"} {
		for _, n := range []int{10_000, 100_000, 1_000_000} {
			b.Run(fmt.Sprintf("store=%s/urls=%d", kind, n), func(b *testing.B) { feedBench(b, kind, n) })
		}
	}
}

func feedBench(b *testing.B, kind string, n int) {
	var peak int64
	var secs float64
	var links int
	for b.Loop() {
		db := filepath.Join(b.TempDir(), "feed.db")
		if kind == "postgres" {
			db = pg.DB(b)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), feedEnv+"="+strconv.Itoa(n), "WEBGRAPH_FEED_DB="+db)
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("feeder: %v\n%s", err, out)
		}
		var seen, queued int
		if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "seen=%d queued=%d links=%d seconds=%f", &seen, &queued, &links, &secs); err != nil || seen != n {
			b.Fatalf("feeder said %q; want %d seen", out, n)
		}
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > peak {
			peak = ru.Maxrss
		}
	}
	b.ReportMetric(float64(peak)/1024, "peak-RSS-MB")
	b.ReportMetric(float64(n)/secs, "urls/s")
	b.ReportMetric(float64(links)/secs, "links/s")
}
