package crawl

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/store"
)

// pathLog records the paths a test server was asked for, in order.
type pathLog struct {
	mu    sync.Mutex
	paths []string
}

func (l *pathLog) add(p string) {
	l.mu.Lock()
	l.paths = append(l.paths, p)
	l.mu.Unlock()
}

func (l *pathLog) count(pred func(string) bool) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, p := range l.paths {
		if pred(p) {
			n++
		}
	}
	return n
}

// A redirect into a path robots.txt disallows is refused as disallowed by
// both sides, and the disallowed path is never requested.
func TestRedirectIntoDisallowedPath(t *testing.T) {
	var log pathLog
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL.Path)
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
		case "/":
			w.Write([]byte(`<!doctype html><title>Home</title><p>Home page with enough words to stand as a page of its own in any mode of the union.</p><a href="/go">Go</a> <a href="/js-go">JS go</a>`))
		case "/go":
			http.Redirect(w, r, "/private/secret", http.StatusFound)
		case "/js-go":
			w.Write([]byte(`<!doctype html><title>Moving</title><script>location.replace("/private/js-secret")</script>`))
		case "/private/secret", "/private/js-secret":
			w.Write([]byte(`<!doctype html><title>Secret</title><p>Nobody should read this.</p>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, SkipSoft404: true})
	gate := testGate(t, cfg)
	rec, done := runGated(t, cfg, newPages(t, union.ModeUnion, gate), gate)
	byURL := map[string]*PageEvent{}
	for _, p := range pagesOf[PageEvent](rec) {
		byURL[p.URL] = p
	}
	if p := byURL[site.URL+"/go"]; p == nil || p.OK || p.Cause != "disallowed" || !strings.Contains(p.Error, "/private/secret") || !strings.Contains(p.Error, "Disallow: /private/") {
		t.Errorf("/go = %+v; want refused as disallowed, naming the hop and the rule", p)
	}
	if p := byURL[site.URL+"/js-go"]; p == nil || p.OK {
		t.Errorf("/js-go = %+v; want refused: its script navigates into a disallowed path", p)
	}
	if n := log.count(func(p string) bool { return strings.HasPrefix(p, "/private/") }); n != 0 {
		t.Errorf("the server was asked %d times for /private/ paths, which robots.txt disallows", n)
	}
	if done.Causes["disallowed"] < 1 {
		t.Errorf("done causes %v; want the disallowed hop counted", done.Causes)
	}
}

// After the crawl stops, no request starts: pages waiting on the throttle
// go back to the queue. (In a synctest bubble on memNet: the Stop the first
// linked page starts is done before the bubble's clock reaches the next
// slot, however slow the machine.)
func TestStopStartsNoRequest(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var log pathLog
		var stopped sync.Once
		var c *Crawler
		n := newMemNet(t)
		site := n.serve("127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			log.add(r.URL.Path)
			switch r.URL.Path {
			case "/robots.txt", "/sitemap.xml", "/sitemap_index.xml":
				http.NotFound(w, r)
			case "/":
				w.Write([]byte(`<!doctype html><title>Home</title><p>Home page with enough words to stand as a page of its own in any mode of the union.</p>
<a href="/a">A</a> <a href="/b">B</a> <a href="/c">C</a> <a href="/d">D</a>`))
			default:
				// The first linked page stops the crawl while it is served:
				// the others wait on the two-second interval.
				stopped.Do(func() { go c.Stop() })
				w.Write([]byte(`<!doctype html><title>Page</title><p>A page with enough words to be kept by the crawl in plain mode without any trouble at all.</p>`))
			}
		}))
		cfg := usual(Config{Seeds: []*url.URL{n.seed(site, "/")}, Depth: DefaultDepth, Concurrency: 4, HostInterval: 2 * time.Second, SkipSoft404: true, Mode: union.ModePlain})
		gate := n.gate(cfg)
		rec := &recorder{}
		var err error
		c, err = New(cfg, Deps{Pages: n.pages(gate), Sink: rec.sink, Gate: gate, Version: "test"})
		if err != nil {
			t.Fatal(err)
		}
		done := c.Run(context.Background())
		pages := log.count(func(p string) bool { return len(p) == 2 })
		if pages != 1 {
			t.Errorf("%d of /a../d were requested; want 1: the crawl stopped while the first was served", pages)
		}
		if done.Stopped != StopInterrupted || done.Pending != 3 {
			t.Errorf("done: stopped %q, pending %d; want interrupted with 3 pages still queued", done.Stopped, done.Pending)
		}
	})
}

// A Crawl-delay above the cap defers the host with a warning: no page of it
// is fetched.
func TestCrawlDelayAboveCap(t *testing.T) {
	var log pathLog
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL.Path)
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nCrawl-delay: 3600\n"))
			return
		}
		w.Write([]byte(`<!doctype html><title>Home</title><p>Words.</p>`))
	}))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, HostInterval: DefaultHostInterval, Mode: union.ModePlain})
	rec, done := run(t, cfg, newPages(t, union.ModePlain, nil))
	if n := log.count(func(p string) bool { return p != "/robots.txt" }); n != 0 {
		t.Errorf("%d requests besides robots.txt to a host asking for Crawl-delay: 3600", n)
	}
	var deferred *DeferredEvent
	for _, ev := range rec.events {
		if d, ok := ev.(*DeferredEvent); ok {
			deferred = d
		}
	}
	if deferred == nil || !strings.Contains(deferred.Reason, "Crawl-delay") {
		t.Errorf("deferred event %+v; want one naming the Crawl-delay", deferred)
	}
	if done.Pages != 0 || done.Deferred != 1 || !strings.Contains(strings.Join(done.Warnings, "\n"), "3600") {
		t.Errorf("done: pages %d, deferred %d, warnings %q", done.Pages, done.Deferred, done.Warnings)
	}
}

// Sitemaps on another host — advertised by robots.txt or listed by an index —
// are reported as not fetched, and that host receives nothing at all.
func TestCrossHostSitemapsNotFetched(t *testing.T) {
	var bLog pathLog
	b := serveOnIP(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bLog.add(r.URL.Path)
		w.Write([]byte(`<urlset><url><loc>` + "http://" + r.Host + `/p</loc></url></urlset>`))
	}))
	var a *httptest.Server
	a = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte("User-agent: *\nAllow: /\nSitemap: " + b.URL + "/advertised.xml\n"))
		case "/sitemap_index.xml":
			w.Write([]byte(`<sitemapindex><sitemap><loc>` + b.URL + `/child.xml</loc></sitemap><sitemap><loc>` + a.URL + `/own.xml</loc></sitemap></sitemapindex>`))
		case "/own.xml":
			w.Write([]byte(`<urlset><url><loc>` + a.URL + `/</loc></url></urlset>`))
		case "/":
			w.Write([]byte(`<!doctype html><title>Home</title><p>Home page with enough words to stand as a page of its own in any mode of the union.</p>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer a.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, a.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, SkipSoft404: true, Mode: union.ModePlain})
	rec, _ := run(t, cfg, newPages(t, union.ModePlain, nil))
	if n := bLog.count(func(string) bool { return true }); n != 0 {
		t.Errorf("the other host was asked %d times", n)
	}
	var disc *DiscoveryEvent
	for _, ev := range rec.events {
		if d, ok := ev.(*DiscoveryEvent); ok {
			disc = d
		}
	}
	if disc == nil {
		t.Fatal("no discovery event")
	}
	notFetched, ownOK := 0, false
	for _, s := range disc.Sitemaps {
		if strings.HasPrefix(s.URL, b.URL) {
			if s.NotFetched != "out_of_scope" {
				t.Errorf("attempt %+v; want not_fetched out_of_scope", s)
			}
			notFetched++
		}
		if s.URL == a.URL+"/own.xml" && s.OK {
			ownOK = true
		}
	}
	if notFetched != 2 || !ownOK {
		t.Errorf("%d cross-host attempts reported (want 2: advertised and index child); own child fetched: %v", notFetched, ownOK)
	}
}

// serveOnIP serves h on another loopback address, a host of its own.
func serveOnIP(t *testing.T, ip string, h http.Handler) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// One kept page per canonical URL, whatever order the crawl meets them in:
// a page naming another as canonical, and that other page, are kept once.
// With the database's frontier the claims of pages in flight together are
// made by the writer, many in one transaction: a lost claim makes the page
// a duplicate, said once.
func TestOneKeptPagePerCanonical(t *testing.T) {
	for _, db := range []bool{false, true} {
		for _, order := range [][]string{{"/a", "/b"}, {"/b", "/a"}} {
			t.Run(fmt.Sprintf("db=%v/%s", db, strings.Join(order, ",")), func(t *testing.T) {
				var site *httptest.Server
				const copies = 9 // /c1 … /c9, all naming /b as canonical
				site = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					words := `<p>A page with enough words of its own to be kept by the crawl in plain mode without any trouble.</p>`
					switch {
					case r.URL.Path == "/":
						links := `<a href="` + order[0] + `">first</a> <a href="` + order[1] + `">second</a>`
						if db {
							for i := 1; i <= copies; i++ {
								links += fmt.Sprintf(` <a href="/c%d">copy</a>`, i)
							}
						}
						w.Write([]byte(`<!doctype html><title>Home</title>` + words + links))
					case r.URL.Path == "/a" || strings.HasPrefix(r.URL.Path, "/c"):
						w.Write([]byte(`<!doctype html><title>A</title><link rel="canonical" href="` + site.URL + `/b">` + words))
					case r.URL.Path == "/b":
						w.Write([]byte(`<!doctype html><title>B</title><link rel="canonical" href="` + site.URL + `/b">` + words))
					default:
						http.NotFound(w, r)
					}
				}))
				defer site.Close()
				cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, SkipSoft404: true, Mode: union.ModePlain})
				gate := testGate(t, cfg)
				deps := Deps{Pages: newPages(t, union.ModePlain, nil), Gate: gate, Version: "test"}
				if db {
					cfg.Concurrency = 8
					st, f := dbFrontier(t, filepath.Join(t.TempDir(), "crawl.db"), gate, cfg)
					defer st.Close()
					deps.Frontier = f
				}
				rec := &recorder{}
				deps.Sink = rec.sink
				c, err := New(cfg, deps)
				if err != nil {
					t.Fatal(err)
				}
				done := c.Run(context.Background())
				kept, dups := 0, 0
				said := map[string]int{}
				for _, p := range pagesOf[PageEvent](rec) {
					said[p.URL]++
					if p.URL == site.URL+"/" {
						continue
					}
					switch {
					case p.OK && p.DuplicateOf == "":
						kept++
					case p.OK:
						dups++
					}
				}
				for u, n := range said {
					if n != 1 {
						t.Errorf("%s said %d times; want once", u, n)
					}
				}
				want := 0
				if db {
					want = copies
				}
				if kept != 1 || done.OK != 2 || done.Duplicates > want+1 || done.Duplicates < want || kept+dups < 1+want || done.Pages != len(said) {
					t.Errorf("kept %d of /a, /b and the copies, %d duplicates; done ok %d, duplicates %d, pages %d of %d said; want one kept page for the canonical /b",
						kept, dups, done.OK, done.Duplicates, done.Pages, len(said))
				}
			})
		}
	}
}

// dbFrontier creates a crawl database at path and returns it with its
// frontier, paced by gate; the caller closes it.
func dbFrontier(t *testing.T, path string, gate *policy.Gate, cfg Config) (*store.Store, Frontier) {
	t.Helper()
	st, err := store.Open(context.Background(), path, store.Create)
	if err != nil {
		t.Fatal(err)
	}
	cr, err := st.OpenCrawl(context.Background(), store.CrawlConfig{Throttle: gate.Throttle(), MaxDepth: cfg.Depth})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	return st, cr.Frontier
}

// twoPages serves / and /two, each with enough words to be kept, the first
// linking to the second.
func twoPages(t *testing.T) *httptest.Server {
	words := `<p>A page with enough words of its own to be kept by the crawl in plain mode without any trouble at all.</p>`
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" && r.URL.Path != "/two" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(`<!doctype html><title>T</title>` + words + `<a href="/two">two</a>`))
	}))
	t.Cleanup(site.Close)
	return site
}

// A retained page text is kept once in the database: inside the stored page
// event, not again in a column of its own.
func TestRetainedTextStoredOnce(t *testing.T) {
	site := twoPages(t)
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 2, SkipSoft404: true, Mode: union.ModePlain, KeepText: true})
	gate := testGate(t, cfg)
	path := filepath.Join(t.TempDir(), "crawl.db")
	st, f := dbFrontier(t, path, gate, cfg)
	rec := &recorder{}
	c, err := New(cfg, Deps{Pages: newPages(t, union.ModePlain, nil), Frontier: f, Gate: gate, Sink: rec.sink, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if done := c.Run(context.Background()); done.OK != 2 {
		t.Fatalf("kept %d pages; want 2", done.OK)
	}
	st.Close()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var pages, columns, inEvent int
	if err := db.QueryRow(`SELECT COUNT(*), COUNT(text), SUM(instr(event, '"text":"') > 0) FROM pages`).Scan(&pages, &columns, &inEvent); err != nil {
		t.Fatal(err)
	}
	if pages != 2 || inEvent != 2 || columns != 0 {
		t.Errorf("%d pages: text in %d stored events and in %d text columns; want it in every event and no column", pages, inEvent, columns)
	}
}

// failingRecords is a database frontier whose record of one URL fails.
type failingRecords struct {
	Frontier
	fail string
	mu   sync.Mutex
	err  error
}

var errRecord = errors.New("the disk is full")

func (f *failingRecords) CompleteThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, then func([]frontier.Link, string, error)) {
	f.Frontier.CompleteThen(ctx, it, r, canon, func(firsts []frontier.Link, holder string, err error) {
		if it.URL == f.fail && err == nil && holder == "" {
			f.mu.Lock()
			f.err = errRecord
			f.mu.Unlock()
			err = errRecord
		}
		then(firsts, holder, err)
	})
}

func (f *failingRecords) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	return f.Frontier.Err()
}

// A page whose record fails is not said: the stream holds only what the
// database holds, and the crawl stops on the failure.
func TestPageNotSaidWhenItsRecordFails(t *testing.T) {
	t.Parallel()
	site := twoPages(t)
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, SkipSoft404: true, Mode: union.ModePlain})
	gate := testGate(t, cfg)
	st, sf := dbFrontier(t, filepath.Join(t.TempDir(), "crawl.db"), gate, cfg)
	defer st.Close()
	f := &failingRecords{Frontier: sf, fail: site.URL + "/two"}
	rec := &recorder{}
	c, err := New(cfg, Deps{Pages: newPages(t, union.ModePlain, nil), Frontier: f, Gate: gate, Sink: rec.sink, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	done := c.Run(context.Background())
	var said []string
	for _, p := range pagesOf[PageEvent](rec) {
		said = append(said, p.URL)
	}
	if !slices.Equal(said, []string{site.URL + "/"}) || done.Stopped != StopFailure || done.Pages != 1 {
		t.Errorf("pages said %q, done %q with %d pages; want only the recorded page said and the crawl stopped by the failure", said, done.Stopped, done.Pages)
	}
}
