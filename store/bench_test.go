package store

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/internal/testkit/pgtest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
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
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		return err
	}
	defer s.Close()
	var f CrawlFrontier
	if s.pg {
		sf, err := s.sharedFrontier(context.Background(), policy.NewThrottle(0, nil), -1, SharedConfig{})
		if err != nil {
			return err
		}
		defer sf.Close(context.Background())
		f = sf
	} else {
		lf, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), -1)
		if err != nil {
			return err
		}
		f = lf
	}
	f.Add(context.Background(), "https://host0.example/", "host0.example", discovery.Discovery{Via: discovery.ViaSeed})
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
		f.Complete(context.Background(), it, r)
		if err := f.Err(); err != nil {
			return err
		}
	}
	st := f.Stats(context.Background())
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

// BenchmarkRecordPages is the durable record's share of a plain crawl: 16
// workers record the 2,000 pages of a generated site (sites.Dense: a page
// of k links queues them all, each a link row; a page event of about 800
// bytes, a canonical claim) through the frontier as a crawl does, nothing
// fetched, and the store is closed (its final checkpoint included), at 2,
// 10 and 100 links a page. The records are made before the clock starts,
// so it times the frontier and the writer alone. Set against a crawl's
// pages per second, it says how much of the crawl the writer takes.
func BenchmarkRecordPages(b *testing.B) {
	for _, k := range []int{2, 10, 100} {
		b.Run(fmt.Sprintf("links=%d", k), func(b *testing.B) { recordPages(b, k) })
	}
}

func recordPages(b *testing.B, k int) {
	const n = 2000
	const site = "http://127.0.0.1:8080"
	pages := generatedSite(site, n, k)
	for b.Loop() {
		b.StopTimer()
		s, err := Open(context.Background(), filepath.Join(b.TempDir(), "record.db"), Create)
		if err != nil {
			b.Fatal(err)
		}
		f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), -1)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		f.Add(context.Background(), site+"/", "127.0.0.1:8080", discovery.Discovery{Via: discovery.ViaSeed})
		// A URL the frontier lost would leave Next waiting: the deadline
		// turns that into the failure below.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		var recorded sync.WaitGroup
		recorded.Add(n)
		go func() { recorded.Wait(); cancel() }()
		var workers sync.WaitGroup
		for range 16 {
			workers.Go(func() {
				for {
					it, err := f.Next(ctx)
					if err != nil {
						return
					}
					f.CompleteThen(context.Background(), it, pages[it.URL], it.URL, func([]frontier.Link, string, error) { recorded.Done() })
				}
			})
		}
		workers.Wait()
		cancel()
		if err := f.Err(); err != nil {
			b.Fatal(err)
		}
		if st := f.Stats(context.Background()); st.Seen != n || st.Queued != 0 || st.InFlight != 0 {
			b.Fatalf("the frontier holds %+v; want %d URLs seen, none queued or in flight", st, n)
		}
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "pages/s")
}

// generatedSite is the record of each page of sites.Dense(n, k), by URL:
// page i links to pages k*i+1 … k*i+k, where it is found first, and past
// the site's end to pages 1, 2 … (a navigation list).
func generatedSite(site string, n, k int) map[string]frontier.Result {
	url := func(i int) string {
		if i == 0 {
			return site + "/"
		}
		return fmt.Sprintf("%s/p/%d", site, i)
	}
	cites := make([]discovery.Discovery, n)
	cites[0] = discovery.Discovery{Via: discovery.ViaSeed}
	pages := make(map[string]frontier.Result, n)
	for i := range n {
		u, c, title := url(i), cites[i], fmt.Sprintf("Page %d", i)
		ev := fmt.Sprintf(`{"event":"page","url":%q,"final_url":%[1]q,"ok":true,"status":200,"citation":{"via":%q,"found_on":%q,"anchor":%q,"depth":%d},`+
			`"sides":{"plain":{"status":200,"final_url":%[1]q,"content_type":"text/html","words":44,"ms":1}},"used":["plain"],"dropped":[],"title":%[6]q,"words":44,`+
			`"links":{"plain":2,"rendered":0,"both":0},"robots_meta":{"noindex":false,"nofollow":false},"audit":{"plain":{"title":%[6]q,"description":"","h1":%[6]q,`+
			`"canonical":"","robots":[],"hreflang":{},"structured_data":[],"links":2,"words":44},"findings":[]},"dropped_long_urls":0,"warnings":[],`+
			`"discovered_kinds":{"page":2,"document":0,"image":0,"media":0,"asset":0,"feed":0,"external":0}}`,
			u, c.Via, c.FoundOn, c.Anchor, c.Depth, title)
		r := frontier.Result{State: "done", FinalURL: u, Status: 200, Title: title, Words: 44, PlainWords: 44, RenderedWords: -1, Event: []byte(ev)}
		nav := 1
		for j := 1; j <= k; j++ {
			to := k*i + j
			if to >= n {
				to, nav = nav%n, nav+1
			}
			anchor := fmt.Sprintf("Page %d", to)
			cite := discovery.Discovery{Via: discovery.ViaLink, FoundOn: u, Anchor: anchor, Depth: c.Depth + 1}
			if to == k*i+j {
				cites[to] = cite
			}
			r.Queue = append(r.Queue, frontier.New{URL: url(to), Host: "127.0.0.1:8080", Citation: cite})
			r.Links = append(r.Links, frontier.Link{To: url(to), Anchor: anchor, Side: "plain", Kind: "page"})
		}
		pages[u] = r
	}
	return pages
}

// BenchmarkCrawlMillionURLs runs the built binary (static, as make build
// builds it) on a plain crawl of a generated site whose pages link to
// 1,000 URLs met nowhere else, 8 at once, for 1,001 pages: about a million
// URLs queued on one host. It reports the crawl's peak resident memory
// (the child's getrusage maxrss) and its pages per second, and fails
// unless the database holds the million URLs.
func BenchmarkCrawlMillionURLs(b *testing.B) {
	const pages, links = 1001, 1000
	dir := b.TempDir()
	bin := filepath.Join(dir, "webgraph")
	build := exec.Command("go", "build", "-pgo=cmd/webgraph/webgraph.pgo", "-o", bin, "./cmd/webgraph")
	build.Dir = ".."
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	ts := httptest.NewServer(sites.Dense(pages*links+1, links))
	defer ts.Close()
	var peak int64
	var secs float64
	i := 0
	for b.Loop() {
		i++
		db := filepath.Join(dir, fmt.Sprintf("m%d.db", i))
		cmd := exec.Command(bin, "crawl", "--db", db, "--out", os.DevNull, "--mode", "plain", "--host-interval", "0", "--delay", "0",
			"--concurrency", "8", "--max-pages", strconv.Itoa(pages), "--keep", "none", ts.URL+"/")
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("webgraph: %v\n%s", err, out)
		}
		secs += time.Since(start).Seconds()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peak = max(peak, ru.Maxrss)
		}
		s, err := Open(context.Background(), db, Read)
		if err != nil {
			b.Fatal(err)
		}
		var urls, done int
		err = s.db.QueryRow(`SELECT COUNT(*), COUNT(*) FILTER (WHERE state = 'done') FROM urls`).Scan(&urls, &done)
		s.Close()
		if err != nil || urls < (pages-1)*links || done < pages-1 {
			b.Fatalf("the crawl recorded %d URLs, %d pages done (%v); want %d URLs, %d pages", urls, done, err, (pages-1)*links, pages-1)
		}
		os.Remove(db)
		os.Remove(db + "-wal")
		os.Remove(db + "-shm")
	}
	b.ReportMetric(float64(peak)/1024, "peak-RSS-MB")
	b.ReportMetric(float64(pages*i)/secs, "pages/s")
}

// BenchmarkBrokenCanonicals times the end of a crawl's search for broken
// canonical URLs over 2,000 kept pages whose events (about 800 bytes) name
// their own URL as canonical: with no URL refused, and with one refused URL
// that one page names.
func BenchmarkBrokenCanonicals(b *testing.B) {
	for _, refused := range []bool{false, true} {
		b.Run(fmt.Sprintf("refused=%v", refused), func(b *testing.B) {
			ctx := context.Background()
			s, err := Open(ctx, filepath.Join(b.TempDir(), "c.db"), Create)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			f, err := s.sqliteFrontier(ctx, policy.NewThrottle(0, nil), -1)
			if err != nil {
				b.Fatal(err)
			}
			complete := func(u string, r frontier.Result) {
				f.Add(ctx, u, "x", discovery.Discovery{Via: discovery.ViaLink})
				it, err := f.Next(ctx)
				if err != nil || it.URL != u {
					b.Fatalf("Next = %s, %v; want %s", it.URL, err, u)
				}
				f.Complete(ctx, it, r)
			}
			filler := strings.Repeat("words ", 100)
			for i := range 2000 {
				u, canon := fmt.Sprintf("http://x/p/%d", i), fmt.Sprintf("http://x/p/%d", i)
				if refused && i == 1000 {
					canon = "http://x/gone"
				}
				ev := fmt.Sprintf(`{"event":"page","url":%q,"final_url":%q,"ok":true,"title":"a page","description":%q,"canonical":%q,"words":100,"audit":{"findings":[]}}`, u, u, filler, canon)
				complete(u, frontier.Result{State: frontier.StateDone, FinalURL: u, Status: 200, Event: []byte(ev)})
			}
			if refused {
				complete("http://x/gone", frontier.Result{State: frontier.StateRefused, Cause: "missing", FinalURL: "http://x/gone", Status: 404, Event: []byte(`{"event":"page","ok":false,"error":"HTTP 404"}`)})
			}
			amend := func(_ frontier.BrokenCanonical, ev []byte) ([]byte, error) { return ev, nil }
			for b.Loop() {
				got, err := f.BrokenCanonicals(ctx, amend)
				if err != nil || len(got) != map[bool]int{false: 0, true: 1}[refused] {
					b.Fatalf("found %d, %v", len(got), err)
				}
			}
		})
	}
}
