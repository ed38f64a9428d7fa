package crawl

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/policy"
)

var update = flag.Bool("update", false, "update golden files")

var browser = &browsertest.Shared{Config: rendered.Config{Timeout: 15 * time.Second}}

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(browsertest.Main(m, browser))
}

// recorder keeps every event, in order.
type recorder struct {
	mu     sync.Mutex
	events []Event
}

func (r *recorder) sink(ev Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, ev)
}

func (r *recorder) jsonl(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, ev := range r.events {
		if err := enc.Encode(ev); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

func pagesOf[T any](r *recorder) []*T {
	var out []*T
	for _, ev := range r.events {
		if e, ok := any(ev).(*T); ok {
			out = append(out, e)
		}
	}
	return out
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// testGate is the gate of a crawl of cfg's seeds: their origins (and the
// extra ones given), robots.txt obeyed, pages spaced by cfg's interval.
func testGate(t testing.TB, cfg Config, origins ...string) *policy.Gate {
	t.Helper()
	scope, err := policy.NewScope(cfg.Seeds, origins, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return policy.NewGate(policy.GateConfig{Scope: scope, Robots: policy.NewRobotsClient(policy.AgentToken, "webgraph-test", nil),
		Throttle: policy.NewThrottle(cfg.HostInterval, nil), UserAgent: "webgraph-test"})
}

// newPages builds the union; with a gate, both sides ask it at every hop.
func newPages(t *testing.T, mode union.Mode, gate *policy.Gate) *union.Union {
	t.Helper()
	pc := plain.Config{UserAgent: "webgraph-test", Timeout: 10 * time.Second}
	if gate != nil {
		pc.Gate = gate
	}
	p := plain.New(pc)
	t.Cleanup(p.Close)
	u := &union.Union{Mode: mode, Plain: p}
	if mode != union.ModePlain {
		r := browser.Get(t)
		if gate != nil {
			// A browser of its own, to check redirects against this gate.
			own, err := rendered.New(rendered.Config{Timeout: 15 * time.Second, Gate: gate})
			if err != nil {
				browsertest.Unavailable(t, err)
			}
			browser.Track(own)
			t.Cleanup(func() { own.Close() })
			r = own
		}
		u.Rendered = r
	}
	return u
}

// usual returns cfg with each field it leaves zero that New refuses at
// zero set to the CLI's default (the union mode, 1000 pages, 4 at once,
// the fetchers' body cap), and the retries and frontier events the CLI
// asks for: what the tests do not study.
func usual(cfg Config) Config {
	if cfg.Mode == "" {
		cfg.Mode = union.ModeUnion
	}
	if cfg.MaxPages == 0 {
		cfg.MaxPages = DefaultMaxPages
	}
	if cfg.Concurrency == 0 {
		cfg.Concurrency = DefaultConcurrency
	}
	if cfg.SitemapLimit == 0 {
		cfg.SitemapLimit = discovery.DefaultSitemapLimit
	}
	if cfg.MaxBody == 0 {
		cfg.MaxBody = plain.DefaultMaxBody
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultMaxRetries
	}
	if cfg.FrontierEvery == 0 {
		cfg.FrontierEvery = DefaultFrontierEvery
	}
	return cfg
}

func run(t *testing.T, cfg Config, pages Pages) (*recorder, *DoneEvent) {
	t.Helper()
	return runGated(t, cfg, pages, testGate(t, cfg))
}

func runGated(t *testing.T, cfg Config, pages Pages, gate *policy.Gate) (*recorder, *DoneEvent) {
	t.Helper()
	rec := &recorder{}
	c, err := New(cfg, Deps{Pages: pages, Sink: rec.sink, Gate: gate, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	done := c.Run(context.Background())
	return rec, done
}

// unreachableRobots serves a site whose robots.txt answers 503, on ip.
func unreachableRobots(t *testing.T, ip string) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		t.Errorf("content request %s to an origin whose robots.txt is unreachable", r.URL.Path)
	}))
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

func TestUnionSiteCrawl(t *testing.T) {
	ts, h := sites.Serve(t, "union")
	down := unreachableRobots(t, "127.0.0.2")
	cfg := usual(Config{
		Seeds: []*url.URL{mustURL(t, ts.URL+"/"), mustURL(t, down.URL+"/")},
		Depth: DefaultDepth, Concurrency: 1, KeepText: false, FrontierEvery: 10,
		Identity: policy.Identity{Version: "test", Contact: "ops@example.org"},
	})
	cfg.Identity = policy.Identity{Version: "test", Contact: "ops@example.org"}
	rec, done := run(t, cfg, newPages(t, union.ModeUnion, nil))

	t.Run("every event type", func(t *testing.T) {
		seen := map[string]bool{}
		for _, line := range bytes.Split(bytes.TrimSpace(rec.jsonl(t)), []byte("\n")) {
			var head struct{ Event string }
			json.Unmarshal(line, &head)
			seen[head.Event] = true
		}
		for _, e := range []string{"run", "discovery", "frontier", "page", "disallowed", "deferred", "paused", "warning", "done"} {
			if !seen[e] {
				t.Errorf("no %q event", e)
			}
		}
		if _, ok := rec.events[0].(*RunEvent); !ok {
			t.Errorf("first event is %T; want the run event", rec.events[0])
		}
		for _, ev := range rec.events {
			line, err := json.Marshal(ev)
			if err != nil {
				t.Fatal(err)
			}
			var head struct{ Event string }
			json.Unmarshal(line, &head)
			if head.Event != ev.EventName() {
				t.Errorf("a %T says \"event\":%q in JSON; its EventName is %q", ev, head.Event, ev.EventName())
			}
		}
	})
	t.Run("discovery before an origin's first page", func(t *testing.T) {
		discovered := map[string]bool{}
		for _, ev := range rec.events {
			switch e := ev.(type) {
			case *DiscoveryEvent:
				discovered[e.Origin] = true
			case *PageEvent:
				if !discovered[policy.Origin(mustURL(t, e.URL))] {
					t.Errorf("page %s before its origin's discovery event", e.URL)
				}
			}
		}
	})
	t.Run("done", func(t *testing.T) {
		if done.Stopped != StopExhausted || done.Disallowed != 2 || done.Causes["disallowed"] != 2 || done.Duplicates != 1 || done.Pending != 1 || done.Deferred != 1 {
			t.Errorf("done = stopped %s, disallowed %d, duplicates %d, pending %d, deferred %d", done.Stopped, done.Disallowed, done.Duplicates, done.Pending, done.Deferred)
		}
		inv := done.Sitemaps
		if inv.Advertised != 6 || inv.Live != 4 || inv.Dead != 1 || inv.Unchecked != 1 {
			t.Errorf("sitemap inventory = %+v; want 6 advertised, 4 live, 1 dead, 1 unchecked (disallowed)", inv)
		}
		cov := done.Coverage
		if !slices.Contains(cov.SitemapNeverLinkedURLs, ts.URL+"/sitemap-only.html") || !slices.Equal(cov.SitemapDisallowedURLs, []string{ts.URL + "/members/roster.html"}) ||
			!slices.Contains(cov.LinkedNotInSitemapURLs, ts.URL+"/links.html") || slices.Contains(cov.LinkedNotInSitemapURLs, ts.URL+"/missing.html") {
			t.Errorf("coverage = %+v", cov)
		}
	})
	t.Run("file kinds are listed, never fetched", func(t *testing.T) {
		if n := h.Count("/report.pdf"); n != 0 {
			t.Errorf("report.pdf fetched %d times", n)
		}
		if len(done.Skipped) != 1 || done.Skipped[0].URL != ts.URL+"/report.pdf" || done.Skipped[0].Citation.FoundOn != ts.URL+"/" || done.Skipped[0].Citation.Anchor != "Annual report (PDF)" {
			t.Errorf("skipped = %+v", done.Skipped)
		}
		if done.DiscoveredKinds["document"] != 1 {
			t.Errorf("discovered kinds = %v", done.DiscoveredKinds)
		}
	})
	t.Run("citations", func(t *testing.T) {
		byURL := map[string]*PageEvent{}
		for _, p := range pagesOf[PageEvent](rec) {
			byURL[p.URL] = p
		}
		stage := byURL[ts.URL+"/stages/1.html"]
		if stage == nil || stage.Citation.FoundOn != ts.URL+"/app.html" || stage.Citation.Anchor != "Stage one: the ridge" || stage.Citation.Via != "link" || stage.Citation.Depth != 2 {
			t.Errorf("stages/1.html (a link only the script writes) citation = %+v", stage)
		}
		dup := byURL[ts.URL+"/article.html?b=2&a=1"]
		if dup == nil || len(dup.Warnings) == 0 || !strings.Contains(dup.Warnings[0], "canonical duplicate") {
			t.Errorf("canonical duplicate not said: %+v", dup)
		}
		if n := h.Count("/secret.html"); n != 0 {
			t.Errorf("a nofollow link was fetched %d times", n)
		}
		if byURL[ts.URL+"/sitemap-only.html"].Citation.Via != "sitemap" {
			t.Errorf("sitemap-only.html citation = %+v", byURL[ts.URL+"/sitemap-only.html"].Citation)
		}
	})
	t.Run("paused and retried", func(t *testing.T) {
		paused := pagesOf[PausedEvent](rec)
		if len(paused) != 3 || paused[0].Attempt != 1 || paused[2].Attempt != 3 || paused[0].PauseMS != 1000 {
			t.Errorf("paused events = %+v; want attempts 1..3 of 1 s", paused)
		}
		if n := h.Count("/wall/429"); n < 8 { // 4 tries, both sides each
			t.Errorf("/wall/429 asked %d times", n)
		}
	})

	t.Run("golden", func(t *testing.T) {
		got := normalize(t, rec.jsonl(t), map[string]string{ts.URL: "http://site", down.URL: "http://down",
			strings.TrimPrefix(ts.URL, "http://"): "site", strings.TrimPrefix(down.URL, "http://"): "down"})
		golden := filepath.Join("..", "testdata", "golden", "union.jsonl")
		if *update {
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (run with -update to create it)", err)
		}
		if d := lineDiff(string(want), string(got)); d != "" {
			t.Errorf("event stream differs from %s (-want +got):\n%s", golden, d)
		}
	})
}

var probeRE = regexp.MustCompile(`webgraph-soft404-probe-[0-9a-f]{16}`)

// volatile are fields whose values change from run to run.
// volatile are the fields that depend on timing: how long things took, when
// they happened, and what ended a render's wait (a page whose script
// redirects may settle by the quiet window or by the cap on a loaded machine).
var volatile = map[string]bool{"ms": true, "elapsed_ms": true, "fetched_at": true, "next_attempt": true, "cached_at": true, "wait": true}

// normalize rewrites the servers' addresses and blanks timings, so that two
// runs of the same crawl produce the same bytes.
func normalize(t *testing.T, stream []byte, hosts map[string]string) []byte {
	t.Helper()
	s := string(stream)
	for from, to := range hosts {
		if strings.HasPrefix(from, "http") {
			s = strings.ReplaceAll(s, from, to)
		}
	}
	for from, to := range hosts {
		if !strings.HasPrefix(from, "http") {
			s = strings.ReplaceAll(s, from, to)
		}
	}
	s = probeRE.ReplaceAllString(s, "webgraph-soft404-probe-X")
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		var v any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("bad event line %q: %v", line, err)
		}
		blank(v)
		b, _ := json.Marshal(v)
		lines = append(lines, string(b))
	}
	// A page event is said once its record is committed, by the store's
	// writer, so how it interleaves with another origin's events (the
	// unreachable origin's discovery and deferred events, said by the
	// worker that meets it) is not promised: those come first, in their
	// own order, after the run event. Every other event keeps its place.
	other := func(line string) bool { return strings.Contains(line, `"origin":"http://down"`) }
	slices.SortStableFunc(lines, func(a, b string) int {
		rank := func(l string) int {
			switch {
			case strings.Contains(l, `"event":"run"`):
				return 0
			case other(l):
				return 1
			}
			return 2
		}
		return rank(a) - rank(b)
	})
	var out bytes.Buffer
	for _, l := range lines {
		out.WriteString(l)
		out.WriteByte('\n')
	}
	return out.Bytes()
}

func blank(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if volatile[k] {
				v[k] = 0
				continue
			}
			blank(x)
		}
	case []any:
		for _, x := range v {
			blank(x)
		}
	}
}

// lineDiff lists the lines that differ, by position.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("-" + wl + "\n+" + gl + "\n")
		}
	}
	return b.String()
}

// Each host is spaced by the interval, every request to it (robots.txt and
// sitemaps as well as pages) one interval after the one before, and the
// hosts are crawled at once. The crawl runs in a synctest bubble on memNet:
// a server's clock is the crawl's, so the gaps it sees are the throttle's
// own, exactly, on any machine.
func TestHostsInParallel(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		const interval = 200 * time.Millisecond
		n := newMemNet(t)
		var seeds []*url.URL
		var handlers []*stamped
		for _, ip := range []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"} {
			st := &stamped{h: sites.Generated(8, false)}
			seeds = append(seeds, n.seed(n.serve(ip, st), "/"))
			handlers = append(handlers, st)
		}
		cfg := usual(Config{Seeds: seeds, Depth: DefaultDepth, Concurrency: 3, HostInterval: interval, SkipSoft404: true, Mode: union.ModePlain})
		gate := n.gate(cfg)
		_, done := runGated(t, cfg, n.pages(gate), gate)
		if done.OK != 24 {
			t.Fatalf("kept %d pages; want 24 (8 per host)", done.OK)
		}
		for i, st := range handlers {
			if pages := st.count(isGeneratedPage); pages != 8 {
				t.Errorf("host %d served %d pages; want 8", i, pages)
			}
			log := st.stamps()
			for j := 1; j < len(log); j++ {
				if gap := log[j].at.Sub(log[j-1].at); gap < interval {
					t.Errorf("host %d: %s came %s after %s; want at least %s", i, log[j].path, gap, log[j-1].path, interval)
				}
			}
		}
		// In parallel: a request to each other host came within half an
		// interval of one to host 0, which hosts crawled one after another,
		// or one throttle for all hosts, would never allow.
		a := handlers[0].stamps()
		for i, st := range handlers[1:] {
			together := false
			for _, x := range st.stamps() {
				for _, y := range a {
					together = together || x.at.Sub(y.at).Abs() < interval/2
				}
			}
			if !together {
				t.Errorf("no request to host %d came within %s of one to host 0; want the hosts crawled at once", i+1, interval/2)
			}
		}
	})
}

func isGeneratedPage(path string) bool { return path == "/" || strings.HasPrefix(path, "/p/") }

// A plain crawl lets the next request out while a page is parsed and
// recorded, and still never has more requests in flight than
// --concurrency. The proof is by events: the output holds the first page's
// event until the server has been asked for another page, which a crawl
// that fetched and recorded one page at a time would never do. The crawl
// runs in a synctest bubble on memNet: the server holds each request for
// 100 ms of the bubble's clock, which moves only once every goroutine of
// the crawl is blocked, so a second request the crawl could send at once
// always arrives within the hold.
func TestPlainFetchesWhileRecording(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		inFlight, most, pages := 0, 0, 0
		next := make(chan struct{}) // closed when the next request comes
		asked := make(chan struct{}, 100)
		site := sites.Generated(12, false)
		n := newMemNet(t)
		base := n.serve("127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			page := isGeneratedPage(r.URL.Path)
			mu.Lock()
			inFlight++
			most = max(most, inFlight)
			if page {
				pages++
			}
			n := pages
			close(next)
			next = make(chan struct{})
			wait := next
			mu.Unlock()
			// Each request is held a moment, or until another comes.
			select {
			case <-wait:
			case <-time.After(100 * time.Millisecond):
			}
			site.ServeHTTP(w, r)
			mu.Lock()
			inFlight--
			mu.Unlock()
			if page && n > 1 {
				asked <- struct{}{}
			}
		}))
		cfg := usual(Config{Seeds: []*url.URL{n.seed(base, "/")}, Depth: DefaultDepth, Concurrency: 1, SkipSoft404: true, Mode: union.ModePlain})
		var held, overlapped bool
		sink := func(ev Event) {
			if _, ok := ev.(*PageEvent); !ok || held {
				return
			}
			held = true
			// (The bubble's clock moves on only when the crawl is stuck:
			// the minute runs out at once if no page is asked for.)
			select {
			case <-asked:
				overlapped = true
			case <-time.After(time.Minute):
			}
		}
		gate := n.gate(cfg)
		c, err := New(cfg, Deps{Pages: n.pages(gate), Sink: sink, Gate: gate, Version: "test"})
		if err != nil {
			t.Fatal(err)
		}
		done := c.Run(context.Background())
		if done.OK != 12 {
			t.Fatalf("kept %d pages; want 12", done.OK)
		}
		if !overlapped {
			t.Error("no page was asked for while the first page's event was held: fetching waited for recording")
		}
		if most > 1 {
			t.Errorf("%d requests in flight at once at --concurrency 1", most)
		}
	})
}

// --concurrency counts every request a plain crawl's fetches make, not only
// the pages': an origin met mid-crawl is prepared (robots.txt, sitemaps,
// the soft-404 probe) inside its first page's fetch slot, and the probe's
// answer does not free the slot before the page itself is fetched. (In a
// synctest bubble on memNet, as TestPlainFetchesWhileRecording: a request
// the crawl could send beside a held one always arrives within the hold.)
func TestPlainConcurrencyCountsEveryRequest(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		inFlight, most := 0, 0
		var log []string
		next := make(chan struct{}) // closed when the next request comes
		var other string
		serve := func(name string) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				inFlight++
				most = max(most, inFlight)
				log = append(log, fmt.Sprintf("%s%s (%d in flight)", name, r.URL.Path, inFlight))
				close(next)
				next = make(chan struct{})
				wait := next
				mu.Unlock()
				select { // held a moment, or until another request comes
				case <-wait:
				case <-time.After(100 * time.Millisecond):
				}
				mu.Lock()
				inFlight--
				mu.Unlock()
				switch {
				case r.URL.Path == "/robots.txt", strings.Contains(r.URL.Path, "sitemap"), r.URL.Path != "/" && !strings.HasPrefix(r.URL.Path, "/p"):
					http.NotFound(w, r)
					return
				}
				links := ""
				if name == "a" && r.URL.Path == "/" {
					links = fmt.Sprintf(`<a href="%s/p1">b1</a> <a href="%s/p2">b2</a> <a href="/p1">a1</a> <a href="/p2">a2</a>`, other, other)
				}
				w.Header().Set("Content-Type", "text/html")
				fmt.Fprintf(w, "<html><body><p>%s page %s with words enough to count as a page of text here</p>%s</body></html>", name, r.URL.Path, links)
			})
		}
		n := newMemNet(t)
		a := n.serve("127.0.0.1", serve("a"))
		other = n.serve("127.0.0.2", serve("b"))
		cfg := usual(Config{Seeds: []*url.URL{n.seed(a, "/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModePlain})
		gate := n.gate(cfg, other)
		_, done := runGated(t, cfg, n.pages(gate), gate)
		if done.OK != 5 {
			t.Errorf("kept %d pages; want 5 (3 of the seed's origin, 2 of the other)", done.OK)
		}
		mu.Lock()
		defer mu.Unlock()
		if most > 1 {
			t.Errorf("%d requests in flight at once at --concurrency 1:\n%s", most, strings.Join(log, "\n"))
		}
		if all := strings.Join(log, "\n"); !strings.Contains(all, "b/robots.txt") || !strings.Contains(all, "b/webgraph-soft404-probe-") {
			t.Errorf("the other origin was not prepared mid-crawl (robots.txt, the soft-404 probe):\n%s", all)
		}
	})
}

// stamped records each request's path and when it came, in order.
type stamped struct {
	h   http.Handler
	mu  sync.Mutex
	log []stamp
}

type stamp struct {
	path string
	at   time.Time
}

func (s *stamped) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.log = append(s.log, stamp{r.URL.Path, time.Now()})
	s.mu.Unlock()
	s.h.ServeHTTP(w, r)
}

func (s *stamped) stamps() []stamp {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.log)
}

func (s *stamped) count(pred func(path string) bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, x := range s.log {
		if pred(x.path) {
			n++
		}
	}
	return n
}

func TestRedirectOutOfScope(t *testing.T) {
	var targetHits sync.Map
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		targetHits.Store(r.URL.Path, true)
	}))
	defer target.Close()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			w.Write([]byte(`<!doctype html><title>Home</title><p>Home page with enough words to stand as a page of its own in any mode of the union.</p><a href="/away">Away</a>`))
		case "/away":
			http.Redirect(w, r, target.URL+"/target", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, SkipSoft404: true})
	gate := testGate(t, cfg)
	rec, _ := runGated(t, cfg, newPages(t, union.ModeUnion, gate), gate)
	var away *PageEvent
	for _, p := range pagesOf[PageEvent](rec) {
		if p.URL == site.URL+"/away" {
			away = p
		}
	}
	if away == nil || away.Cause != "out_of_scope" || !strings.Contains(away.Error, target.URL+"/target") {
		t.Fatalf("/away = %+v; want refused out_of_scope naming the target", away)
	}
	if _, hit := targetHits.Load("/target"); hit {
		t.Error("the out-of-scope redirect was followed: the target server was asked")
	}
}

func TestSoft404(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt", "/sitemap.xml", "/sitemap_index.xml":
			http.NotFound(w, r)
		case "/":
			w.Write([]byte(`<!doctype html><title>Home</title><p>The home page of a site that never says 404, with enough words to be a page.</p><a href="/exists">Exists</a> <a href="/gone-for-good">Gone</a>`))
		case "/exists":
			w.Write([]byte(`<!doctype html><title>Exists</title><p>A real page of this site, with words of its own that differ from the error page in every way.</p>`))
		default:
			// Every unknown path: 200 and the same "not found" page, which
			// quotes the path it was asked for.
			w.Write([]byte(`<!doctype html><title>Oops</title><p>We looked everywhere but could not find ` + r.URL.Path + `.</p><p>Try the search box or go back to the home page; our team has been told about the broken link.</p>`))
		}
	}))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModePlain})
	rec, _ := run(t, cfg, newPages(t, union.ModePlain, nil))
	var disc *DiscoveryEvent
	byURL := map[string]*PageEvent{}
	for _, ev := range rec.events {
		switch e := ev.(type) {
		case *DiscoveryEvent:
			disc = e
		case *PageEvent:
			byURL[e.URL] = e
		}
	}
	if disc == nil || disc.Soft404 == nil || !disc.Soft404.Fingerprint || disc.Soft404.Status != 200 {
		t.Fatalf("discovery soft404 = %+v; want a fingerprint from a 200 probe", disc)
	}
	if p := byURL[site.URL+"/gone-for-good"]; p == nil || p.Cause != "missing" || !strings.Contains(p.Error, "soft 404") {
		t.Errorf("/gone-for-good = %+v; want missing as a soft 404", p)
	}
	if p := byURL[site.URL+"/exists"]; p == nil || !p.OK {
		t.Errorf("/exists = %+v; want kept", p)
	}
}
