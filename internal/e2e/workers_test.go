package e2e

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/internal/testkit/pgtest"
	"github.com/webgraph/webgraph/store"
)

var pg pgtest.Server

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &pg)) }

// build compiles the webgraph binary into a temporary directory.
func build(tb testing.TB) string {
	tb.Helper()
	bin := filepath.Join(tb.TempDir(), "webgraph")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/webgraph").CombinedOutput(); err != nil {
		tb.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// hit is one request a host received.
type hit struct {
	path string
	at   time.Time
	// started is how many starts the crawl's shared record had granted
	// the host when the request came (see startLog), -1 when not asked.
	started int
}

// host is one loopback host of a multi-host site, with its access log.
type host struct {
	ip   string
	url  string
	mu   sync.Mutex
	hits []hit
	// started, when set, counts the starts granted to the host so far
	// (startLog.count); each hit notes it.
	started func() int
}

// key is the host as the throttle keys it (policy.HostKey).
func (h *host) key() string { return strings.TrimPrefix(h.url, "http://") }

func (h *host) log() []hit {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.hits)
}

// site is an n-page site spread over hosts: page i is served by host i%len
// (page 0 is "/", page i "/p/i") and links to pages 2i+1 and 2i+2 wherever
// they live, so every page is reachable from page 0 and most links cross
// hosts. latency is how long each page takes to answer. robots.txt and
// sitemaps are 404 everywhere.
type site struct {
	n       int
	hosts   []*host
	latency time.Duration
	// soft, when not nil, is the host answering 200 with the same "not
	// found" page for every path it does not serve (the soft-404 probe's
	// included); every 50th page then also links to a page gone from it.
	soft *host
	// pause, when set, answers the first page request after it is armed
	// with 429 and Retry-After.
	pause *pause
}

// pause is a host's 429: the server's own record of when it answered and
// until when it asked every client to stay away, by its own clock.
type pause struct {
	retryAfter int // seconds
	armed      atomic.Bool
	mu         sync.Mutex
	fired      bool
	at, until  time.Time
	path       string
}

func serveSite(tb testing.TB, n int, ips []string, latency time.Duration) *site {
	return serveSiteWith(tb, &site{n: n, latency: latency}, ips, -1)
}

// serveSiteWith serves s on ips; the host at index soft (when not -1)
// answers unknown paths with a soft 404.
func serveSiteWith(tb testing.TB, s *site, ips []string, soft int) *site {
	tb.Helper()
	// Every host is known before any serves: a handler links to the others.
	var lns []net.Listener
	for _, ip := range ips {
		ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
		if err != nil {
			tb.Fatalf("listen on %s: %v", ip, err)
		}
		lns = append(lns, ln)
		s.hosts = append(s.hosts, &host{ip: ip, url: "http://" + ln.Addr().String()})
	}
	if soft >= 0 {
		s.soft = s.hosts[soft]
	}
	for i, ln := range lns {
		h := s.hosts[i]
		ts := httptest.NewUnstartedServer(s.handler(i, h))
		ts.Listener.Close()
		ts.Listener = ln
		ts.Start()
		tb.Cleanup(func() {
			ts.CloseClientConnections()
			ts.Close()
		})
	}
	return s
}

func (s *site) pageURL(i int) string {
	h := s.hosts[i%len(s.hosts)]
	if i == 0 {
		return h.url + "/"
	}
	return h.url + "/p/" + strconv.Itoa(i)
}

// gone is how many pages link to a page gone from the soft-404 host.
func (s *site) gone() int {
	if s.soft == nil {
		return 0
	}
	return (s.n + 49) / 50
}

func (s *site) handler(idx int, h *host) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		h.mu.Lock()
		started := h.started
		h.mu.Unlock()
		n := -1
		if started != nil {
			n = started()
		}
		h.mu.Lock()
		h.hits = append(h.hits, hit{r.URL.Path, now, n})
		h.mu.Unlock()
		i := 0
		if r.URL.Path != "/" {
			v, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
			if !strings.HasPrefix(r.URL.Path, "/p/") || err != nil || v <= 0 || v >= s.n || v%len(s.hosts) != idx {
				s.notFound(w, r, h)
				return
			}
			i = v
		} else if idx != 0 {
			s.notFound(w, r, h)
			return
		}
		if p := s.pause; p != nil && p.armed.Load() {
			p.mu.Lock()
			first := !p.fired
			if first {
				p.fired, p.at, p.until, p.path = true, now, now.Add(time.Duration(p.retryAfter)*time.Second), r.URL.Path
			}
			p.mu.Unlock()
			if first {
				w.Header().Set("Retry-After", strconv.Itoa(p.retryAfter))
				http.Error(w, "slow down", http.StatusTooManyRequests)
				return
			}
		}
		if s.latency > 0 {
			time.Sleep(s.latency)
		}
		var links strings.Builder
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < s.n {
				fmt.Fprintf(&links, `<li><a href="%s">Page %d of the spread site</a></li>`, s.pageURL(c), c)
			}
		}
		if s.soft != nil && i%50 == 0 {
			fmt.Fprintf(&links, `<li><a href="%s/gone/%d">A page that is gone</a></li>`, s.soft.url, i)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>Page %d</title></head><body><h1>Page %d</h1><p>This is page %d of a site spread over several hosts, with enough words of its own to be kept as a readable page.</p><ul>%s</ul></body></html>`, i, i, i, links.String())
	})
}

// notFound answers a path the site does not serve: 404, or on the soft-404
// host a 200 page that says it is not there (robots.txt and sitemaps stay
// 404, so they are not misread).
func (s *site) notFound(w http.ResponseWriter, r *http.Request, h *host) {
	if h != s.soft || r.URL.Path == "/robots.txt" || strings.HasPrefix(r.URL.Path, "/sitemap") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, `<!doctype html><html><head><title>Oops</title></head><body><h1>Sorry about that</h1><p>We looked everywhere on this site but the page you asked for is not here any more, so here is our friendly message instead of it.</p></body></html>`)
}

// args are the crawl's seeds and scope.
func (s *site) args() []string {
	var a []string
	for _, h := range s.hosts[1:] {
		a = append(a, "--origin", h.url)
	}
	return append(a, s.hosts[0].url+"/")
}

// pagePaths counts the page requests per host and path (robots.txt,
// sitemaps and the soft-404 probe left out).
func (s *site) pagePaths() map[string]int {
	out := map[string]int{}
	for i, h := range s.hosts {
		for _, x := range h.log() {
			if x.path == "/" || strings.HasPrefix(x.path, "/p/") {
				out[fmt.Sprintf("h%d%s", i, x.path)]++
			}
		}
	}
	return out
}

// normalizer rewrites each host's URL to h0, h1, … so that two crawls of
// the same site on other ports compare.
func (s *site) normalizer() *strings.Replacer {
	var pairs []string
	for i, h := range s.hosts {
		pairs = append(pairs, h.url, fmt.Sprintf("h%d", i))
	}
	return strings.NewReplacer(pairs...)
}

// graph reads a crawl's pages and links, normalised and sorted.
func graph(t *testing.T, driver, dsn string, norm *strings.Replacer) (pages, links []string) {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT u.url, u.state, p.ok, p.words, p.status FROM pages p JOIN urls u ON u.id = p.url_id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var u, state string
		var ok, words, status int
		if err := rows.Scan(&u, &state, &ok, &words, &status); err != nil {
			t.Fatal(err)
		}
		pages = append(pages, fmt.Sprintf("%s %s ok=%d words=%d status=%d", norm.Replace(u), state, ok, words, status))
	}
	rows.Close()
	// A SQLite crawl keeps a page's links as one row of outlinks (a JSON
	// array of [target id, anchor, side, kind]); a PostgreSQL crawl one
	// row of links per link.
	q := `SELECT u.url, l.to_url, l.anchor, l.side, l.kind FROM links l JOIN urls u ON u.id = l.from_id`
	if driver == "sqlite" {
		q = `SELECT u.url, t.url, j.value ->> 1, j.value ->> 2, j.value ->> 3
			FROM outlinks o JOIN urls u ON u.id = o.from_id, json_each(o.links) j JOIN urls t ON t.id = j.value ->> 0`
	}
	rows, err = db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var from, to, anchor, side, kind string
		if err := rows.Scan(&from, &to, &anchor, &side, &kind); err != nil {
			t.Fatal(err)
		}
		links = append(links, norm.Replace(from)+" → "+norm.Replace(to)+" "+anchor+" "+side+" "+kind)
	}
	rows.Close()
	slices.Sort(pages)
	slices.Sort(links)
	return pages, links
}

// worker is one running webgraph process.
type worker struct {
	cmd    *exec.Cmd
	stderr *strings.Builder
	exited chan error
}

func start(t *testing.T, bin string, args ...string) *worker { return startB(t, bin, args...) }

// startB starts a worker for a test or a benchmark; cleanup kills it by PID
// if it is still running.
func startB(t testing.TB, bin string, args ...string) *worker {
	t.Helper()
	w := &worker{cmd: exec.Command(bin, args...), stderr: &strings.Builder{}, exited: make(chan error, 1)}
	w.cmd.Stderr = w.stderr
	if err := w.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.exited <- w.cmd.Wait() }()
	t.Cleanup(func() {
		if w.cmd.ProcessState == nil {
			w.cmd.Process.Kill() // by its PID: a worker this test started
			<-w.exited
		}
	})
	return w
}

func (w *worker) wait(t *testing.T, timeout time.Duration) {
	t.Helper()
	select {
	case err := <-w.exited:
		w.exited <- err
		if err != nil {
			t.Fatalf("worker %d: %v\n%s", w.cmd.Process.Pid, err, w.stderr.String())
		}
	case <-time.After(timeout):
		t.Fatalf("worker %d still running after %s\n%s", w.cmd.Process.Pid, timeout, w.stderr.String())
	}
}

// waitFor polls q on db until it returns at least n.
func waitFor(t *testing.T, db *sql.DB, q string, n int, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		var got int
		if db.QueryRow(q).Scan(&got) == nil && got >= n {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s did not reach %d within %s", q, n, timeout)
}

// threeWorkers starts a crawl of the PostgreSQL database dsn with args (the
// seeds included) and, once its run is recorded, two more workers resuming
// it with resumeArgs. Worker i writes its stream to out(i). The database is
// closed when the test ends.
func threeWorkers(t *testing.T, bin, dsn string, args []string, resumeArgs ...string) (db *sql.DB, ws []*worker, out func(int) string) {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	dir := t.TempDir()
	out = func(i int) string { return filepath.Join(dir, fmt.Sprintf("w%d.jsonl", i)) }
	ws = []*worker{start(t, bin, append([]string{"crawl", "--db", dsn, "--out", out(0)}, args...)...)}
	waitFor(t, db, `SELECT COUNT(*) FROM runs`, 1, time.Minute)
	for i := 1; i < 3; i++ {
		ws = append(ws, start(t, bin, append([]string{"crawl", "--resume", "--db", dsn, "--out", out(i)}, resumeArgs...)...))
	}
	return db, ws, out
}

// startLog is the shared record of request starts (the hosts table's
// last_start, which every worker's throttle claims a slot in before it
// sends a request: store.Starts) kept as a log: a trigger, which the test
// adds to a crawl database it made empty beforehand, copies each start
// into it. The starts are stamped by the database as it grants them, so
// their spacing is the spacing the workers kept, whatever a server's clock
// says on a loaded machine.
type startLog struct{ db *sql.DB }

// newStartLog makes the crawl database at dsn, empty, and adds the log to
// it; the crawl's first worker then creates its crawl there (a database
// with no run is one Create accepts).
func newStartLog(t *testing.T, dsn string) *startLog {
	t.Helper()
	st, err := store.Open(t.Context(), dsn, store.Create)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	_, err = db.Exec(`CREATE TABLE test_starts (id BIGSERIAL PRIMARY KEY, host TEXT NOT NULL, at TIMESTAMPTZ NOT NULL);
CREATE FUNCTION test_log_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.last_start > 'epoch' AND (TG_OP = 'INSERT' OR NEW.last_start IS DISTINCT FROM OLD.last_start) THEN
		INSERT INTO test_starts (host, at) VALUES (NEW.host, NEW.last_start);
	END IF;
	RETURN NULL;
END $$;
CREATE TRIGGER test_log_start AFTER INSERT OR UPDATE ON hosts FOR EACH ROW EXECUTE FUNCTION test_log_start();`)
	if err != nil {
		t.Fatalf("the start log: %v", err)
	}
	return &startLog{db: db}
}

// count returns how many starts host has been granted so far.
func (l *startLog) count(host string) int {
	var n int
	if err := l.db.QueryRow(`SELECT COUNT(*) FROM test_starts WHERE host = $1`, host).Scan(&n); err != nil {
		return -1
	}
	return n
}

// of returns host's starts, in order.
func (l *startLog) of(t *testing.T, host string) []time.Time {
	t.Helper()
	rows, err := l.db.Query(`SELECT at FROM test_starts WHERE host = $1 ORDER BY at`, host)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var at []time.Time
	for rows.Next() {
		var x time.Time
		if err := rows.Scan(&x); err != nil {
			t.Fatal(err)
		}
		at = append(at, x)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return at
}

// ending reads a worker's event stream: how many done and worker_done
// events it holds, the event that ends it, and the done or worker_done
// event decoded (a worker_done's share is its DoneEvent).
type ending struct {
	dones, workerDones int
	last               string
	done               crawl.DoneEvent
	worker             string
	events             []map[string]any
}

func readEnding(t *testing.T, path string) ending {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var e ending
	for line := range strings.Lines(string(b)) {
		var ev map[string]any
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatalf("%s: %v in %q", path, err, line)
		}
		e.events = append(e.events, ev)
		e.last, _ = ev["event"].(string)
		switch e.last {
		case "done":
			e.dones++
			if err := json.Unmarshal([]byte(line), &e.done); err != nil {
				t.Fatal(err)
			}
		case "worker_done":
			e.workerDones++
			var w crawl.WorkerDoneEvent
			if err := json.Unmarshal([]byte(line), &w); err != nil {
				t.Fatal(err)
			}
			e.done, e.worker = w.DoneEvent, w.Worker
		}
	}
	return e
}

// count returns how many of the stream's events are of kind.
func (e ending) count(kind string) int {
	n := 0
	for _, ev := range e.events {
		if ev["event"] == kind {
			n++
		}
	}
	return n
}

// oneDone checks that exactly one of the workers' streams ends with the
// crawl's done and every other with its worker_done, and returns the done.
func oneDone(t *testing.T, ends []ending) crawl.DoneEvent {
	t.Helper()
	var done *crawl.DoneEvent
	for i, e := range ends {
		switch {
		case e.dones+e.workerDones != 1:
			t.Errorf("worker %d: %d done and %d worker_done events; want one of them", i, e.dones, e.workerDones)
		case e.last == "done":
			if done != nil {
				t.Errorf("worker %d ends with done too; want the last worker out alone to write it", i)
			}
			done = &e.done
		case e.last == "worker_done":
			if e.worker == "" {
				t.Errorf("worker %d: its worker_done names no worker", i)
			}
		default:
			t.Errorf("worker %d: the stream ends with %q; want done or worker_done", i, e.last)
		}
	}
	if done == nil {
		t.Fatal("no worker wrote the crawl's done")
	}
	return *done
}

// logRuns shows the crawl's runs when the test failed: who joined which
// session, and how each left.
func logRuns(t *testing.T, db *sql.DB) {
	if !t.Failed() {
		return
	}
	rows, err := db.Query(`SELECT id, worker, session, finished, crawl_done, started_at, alive_until, beat_at, finished_at, COALESCE(left(done_event, 60), '') FROM runs ORDER BY id`)
	if err != nil {
		t.Log(err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var id, session, finished, crawlDone sql.NullInt64
		var worker, started, done sql.NullString
		var alive, beat, fin sql.NullTime
		rows.Scan(&id, &worker, &session, &finished, &crawlDone, &started, &alive, &beat, &fin, &done)
		t.Logf("run %d %s session %d finished %d crawl_done %d started %s alive_until %s beat %s finished %s: %s",
			id.Int64, worker.String, session.Int64, finished.Int64, crawlDone.Int64, started.String, alive.Time.Format(time.StampMilli), beat.Time.Format(time.StampMilli), fin.Time.Format(time.StampMilli), done.String)
	}
}

var loopbacks = []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"}

const pages = 500

// Three workers on one PostgreSQL crawl of a 500-page site over three
// hosts: every page is fetched exactly once, each host sees its pages one
// interval apart, robots.txt, the sitemaps and the soft-404 probe are asked
// once per host for the whole crawl (the third host's soft-404 page is
// refused by whichever worker meets it), the pages and links are those of a
// single-worker SQLite crawl of the same site, and exactly one worker ends
// its stream with the crawl's done, which counts every page.
func TestThreeWorkersShareOneCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and crawls 1,000 pages")
	}
	dsn := pg.DB(t)
	bin := build(t)
	const interval = 40 * time.Millisecond
	common := []string{"--mode", "plain", "--host-interval", interval.String(), "--delay", "0", "--concurrency", "2",
		"--depth", "-1", "--max-pages", "-1", "--keep", "none"}

	ref := serveSiteWith(t, &site{n: pages}, loopbacks, 2)
	refDB := filepath.Join(t.TempDir(), "ref.db")
	single := start(t, bin, append(append([]string{"crawl", "--db", refDB, "--out", os.DevNull}, common...), ref.args()...)...)
	single.wait(t, 2*time.Minute)

	s := serveSiteWith(t, &site{n: pages}, loopbacks, 2)
	starts := newStartLog(t, dsn)
	for _, h := range s.hosts {
		h.mu.Lock()
		h.started = func() int { return starts.count(h.key()) }
		h.mu.Unlock()
	}
	db, ws, out := threeWorkers(t, bin, dsn, append(common, s.args()...))
	for _, w := range ws {
		w.wait(t, 3*time.Minute)
	}

	// Every page fetched exactly once, across the three workers.
	got := s.pagePaths()
	if len(got) != pages {
		t.Errorf("%d distinct pages requested; want %d", len(got), pages)
	}
	for p, n := range got {
		if n != 1 {
			t.Errorf("%s requested %d times; want once", p, n)
		}
	}
	// Each worker did part of the work: the three really shared the crawl.
	var ends []ending
	shared := 0
	for i := range 3 {
		e := readEnding(t, out(i))
		ends = append(ends, e)
		if n := e.count("page"); n == 0 {
			t.Errorf("worker %d recorded no page; want each to take a share", i)
		}
		for _, ev := range e.events {
			if ev["event"] == "discovery" && ev["shared"] == true {
				shared++
			}
		}
	}
	// One done for the crawl, counting every page whoever fetched it.
	var recorded, kept int
	db.QueryRow(`SELECT COUNT(*), COUNT(*) FILTER (WHERE ok = 1) FROM pages`).Scan(&recorded, &kept)
	done := oneDone(t, ends)
	if want := pages + s.gone(); recorded != want || done.Pages != want || done.OK != pages || done.Causes["missing"] != s.gone() {
		t.Errorf("done: %d pages, %d kept, %d missing; the database %d pages, %d kept; want %d pages: %d kept and %d soft-404s",
			done.Pages, done.OK, done.Causes["missing"], recorded, kept, want, pages, s.gone())
	}
	if done.Workers != 3 || done.Stopped != "exhausted" || done.Pending != 0 {
		t.Errorf("done: workers %d, stopped %q, pending %d; want 3 workers, exhausted, none pending", done.Workers, done.Stopped, done.Pending)
	}
	sum := 0
	for _, e := range ends {
		if e.last == "worker_done" {
			sum += e.done.Pages
		}
	}
	if sum >= done.Pages {
		t.Errorf("the worker_done shares count %d pages, the done %d; want the done to hold the last worker's share too", sum, done.Pages)
	}
	// Each origin was prepared by one worker; the others read its record.
	if shared < 2*len(s.hosts)-2 {
		t.Errorf("%d discovery events say shared; want the origins' preparation read from the database by the workers that did not make it", shared)
	}
	// The soft-404 pages were refused by workers that did not probe.
	var prober string
	db.QueryRow(`SELECT worker FROM origins WHERE origin = $1`, s.soft.url).Scan(&prober)
	var refusedByOthers int
	db.QueryRow(`SELECT COUNT(*) FROM pages p JOIN urls u ON u.id = p.url_id WHERE u.url LIKE '%/gone/%' AND p.ok = 0 AND p.cause = 'missing' AND u.done_by <> $1`, prober).Scan(&refusedByOthers)
	if prober == "" || refusedByOthers == 0 {
		t.Errorf("soft-404 pages refused by a worker other than the prober %q: %d; want some", prober, refusedByOthers)
	}
	for i, h := range s.hosts {
		log := h.log()
		// robots.txt, each sitemap and the soft-404 probe asked once per
		// host for the whole crawl.
		asked := map[string]int{}
		for _, x := range log {
			switch {
			case x.path == "/robots.txt", x.path == "/sitemap.xml", x.path == "/sitemap_index.xml":
				asked[x.path]++
			case strings.HasPrefix(x.path, "/webgraph-soft404-probe-"):
				asked["probe"]++
			case strings.HasPrefix(x.path, "/gone/"):
				asked["gone"]++
			}
		}
		for _, p := range []string{"/robots.txt", "/sitemap.xml", "/sitemap_index.xml", "probe"} {
			if asked[p] != 1 {
				t.Errorf("host %d: %s asked %d times; want once for the crawl", i, p, asked[p])
			}
		}
		if h == s.soft && asked["gone"] != s.gone() {
			t.Errorf("host %d: %d gone pages asked; want each of the %d once", i, asked["gone"], s.gone())
		}
		// Politeness, by the shared record of starts: each request came
		// once a start of its own had been granted, and the starts were
		// one interval apart by the database's clock. A worker that spaced
		// only its own requests would show requests with no start of
		// their own, or starts together. (A start may go unused: a
		// request given up after its slot was granted.)
		//
		// The counts are read as requests come, and two may be logged in
		// the other order; sorted, the j-th is at least j exactly when no
		// j requests came with fewer than j starts granted.
		granted := starts.of(t, h.key())
		var counts []int
		for _, x := range log {
			counts = append(counts, x.started)
		}
		slices.Sort(counts)
		for j, n := range counts {
			if n < j+1 {
				t.Errorf("host %d: %d requests came when the shared record had granted the host %d starts; want each after a start of its own (%d starts in all)", i, j+1, n, len(granted))
				break
			}
		}
		for j := 1; j < len(granted); j++ {
			if gap := granted[j].Sub(granted[j-1]); gap < interval {
				t.Errorf("host %d: starts %d and %d were granted %s apart; want at least %s", i, j, j+1, gap, interval)
				break
			}
		}
	}

	wantPages, wantLinks := graph(t, "sqlite", "file:"+refDB+"?mode=ro", ref.normalizer())
	gotPages, gotLinks := graph(t, "pgx", dsn, s.normalizer())
	if len(wantPages) != pages+s.gone() {
		t.Errorf("the reference crawl has %d pages; want %d", len(wantPages), pages+s.gone())
	}
	if !slices.Equal(gotPages, wantPages) {
		t.Errorf("pages differ from the single-worker SQLite crawl: %d vs %d", len(gotPages), len(wantPages))
	}
	if !slices.Equal(gotLinks, wantLinks) {
		t.Errorf("links differ from the single-worker SQLite crawl: %d vs %d", len(gotLinks), len(wantLinks))
	}
}

// A worker killed with SIGKILL mid-crawl holds leased URLs; once their
// leases run out the other workers finish them, and nothing is lost.
func TestKilledWorkersURLsAreFinished(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and crawls 500 pages")
	}
	dsn := pg.DB(t)
	bin := build(t)
	// Long enough that a live worker's renewal (two thirds of a lease)
	// is not cut short on a loaded machine; the last worker out waits on
	// the dead one's run longer anyway (store's minAlive).
	const lease = 6 * time.Second
	// Slow pages, so the killed worker surely has URLs in flight.
	s := serveSite(t, pages, loopbacks, 30*time.Millisecond)
	common := []string{"--mode", "plain", "--host-interval", "5ms", "--delay", "0", "--concurrency", "3",
		"--depth", "-1", "--max-pages", "-1", "--keep", "none", "--lease", lease.String()}
	db, ws, out := threeWorkers(t, bin, dsn, append(common, s.args()...), "--lease", lease.String())
	victim := ws[1]
	pid := victim.cmd.Process.Pid
	// Kill the victim while it holds leases.
	mine := regexp.MustCompile(`-` + strconv.Itoa(pid) + `-[0-9a-f]+$`)
	var held []string
	deadline := time.Now().Add(time.Minute)
	for len(held) == 0 && time.Now().Before(deadline) {
		var done int
		db.QueryRow(`SELECT COUNT(*) FROM pages`).Scan(&done)
		if done >= 100 {
			rows, err := db.Query(`SELECT url, lease_worker FROM urls WHERE lease_worker IS NOT NULL`)
			if err != nil {
				t.Fatal(err)
			}
			var leased []string
			for rows.Next() {
				var u, w string
				rows.Scan(&u, &w)
				if mine.MatchString(w) {
					leased = append(leased, u)
				}
			}
			rows.Close()
			if len(leased) > 0 {
				syscall.Kill(pid, syscall.SIGKILL) // the worker this test started
				<-victim.exited
				victim.exited <- nil
				// What it held at the moment it died.
				held = nil
				rows, _ := db.Query(`SELECT url, lease_worker FROM urls WHERE lease_worker IS NOT NULL AND state = 'queued'`)
				for rows.Next() {
					var u, w string
					rows.Scan(&u, &w)
					if mine.MatchString(w) {
						held = append(held, u)
					}
				}
				rows.Close()
				if len(held) == 0 {
					t.Fatalf("the killed worker held no lease at its death (it held %d just before)", len(leased))
				}
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	if len(held) == 0 {
		t.Fatal("the victim never held a lease to kill it over")
	}
	for _, w := range []*worker{ws[0], ws[2]} {
		w.wait(t, 3*time.Minute)
	}
	// Nothing lost: every page recorded once, the dead worker's included.
	var recorded, unfinished int
	db.QueryRow(`SELECT COUNT(*) FROM pages`).Scan(&recorded)
	db.QueryRow(`SELECT COUNT(*) FROM urls WHERE state = 'queued'`).Scan(&unfinished)
	if recorded != pages || unfinished != 0 {
		t.Errorf("%d pages recorded, %d URLs still queued; want all %d recorded", recorded, unfinished, pages)
	}
	for _, u := range held {
		var state string
		var worker sql.NullString
		db.QueryRow(`SELECT state, lease_worker FROM urls WHERE url = $1`, u).Scan(&state, &worker)
		if state != "done" || worker.Valid {
			t.Errorf("%s, leased by the dead worker: state %q, lease %v; want done by another", u, state, worker.String)
		}
	}
	// The survivors' streams hold one done, for the whole crawl: its pages
	// are the database's, the dead worker's among them (it left no share).
	defer logRuns(t, db)
	done := oneDone(t, []ending{readEnding(t, out(0)), readEnding(t, out(2))})
	if done.Pages != pages || done.OK != pages || done.Workers != 3 {
		t.Errorf("done: %d pages, %d kept, %d workers; want all %d pages, of 3 workers", done.Pages, done.OK, done.Workers, pages)
	}
	got := s.pagePaths()
	if len(got) != pages {
		t.Errorf("%d distinct pages requested; want %d", len(got), pages)
	}
	norm := s.normalizer()
	heldPaths := map[string]bool{}
	for _, u := range held {
		heldPaths[norm.Replace(u)] = true
	}
	for p, n := range got {
		// A page the dead worker had on the wire may be asked twice; no
		// other page is.
		if n > 1 && !heldPaths[p] {
			t.Errorf("%s requested %d times; only the dead worker's pages may be asked again", p, n)
		}
	}
}

// A host that answers 429 with Retry-After pauses every worker, not only the
// one it answered: by the server's own log and clock, no request of any
// worker reaches it again before the end of the pause it announced, and the
// page asked for is fetched again after it.
func TestWorkersShareAPause(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and crawls three workers")
	}
	dsn := pg.DB(t)
	bin := build(t)
	// The interval is long against the time a worker takes to hear the 429
	// and record the pause, so no other worker's request can be on its way
	// already; each worker has URLs of its own to ask for in the meantime.
	const n = 24
	s := serveSiteWith(t, &site{n: n, pause: &pause{retryAfter: 3}}, loopbacks[:1], -1)
	common := []string{"--mode", "plain", "--host-interval", "400ms", "--delay", "0", "--concurrency", "1",
		"--depth", "-1", "--max-pages", "-1", "--keep", "none"}
	db, ws, out := threeWorkers(t, bin, dsn, append(common, s.args()...))
	// The 429 comes once all three work the crawl and URLs are queued.
	waitFor(t, db, `SELECT COUNT(*) FROM runs`, 3, time.Minute)
	waitFor(t, db, `SELECT COUNT(*) FROM urls WHERE state = 'queued'`, 3, time.Minute)
	s.pause.armed.Store(true)
	for _, w := range ws {
		w.wait(t, 3*time.Minute)
	}

	p := s.pause
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.fired {
		t.Fatal("no page request came after the 429 was armed")
	}
	var after, early []string
	for _, x := range s.hosts[0].log() {
		if !x.at.After(p.at) {
			continue
		}
		after = append(after, x.path)
		if x.at.Before(p.until) {
			early = append(early, fmt.Sprintf("%s %s before the pause's end", x.path, p.until.Sub(x.at).Round(time.Millisecond)))
		}
	}
	if len(early) > 0 {
		t.Errorf("requests during the %ds pause announced at the 429: %s", p.retryAfter, strings.Join(early, "; "))
	}
	if !slices.Contains(after, p.path) {
		t.Errorf("%s, answered 429, was not asked again after the pause", p.path)
	}
	// The other workers had URLs to ask for while it lasted: it held them.
	if len(after) < 3 {
		t.Errorf("%d requests after the 429; want the crawl to go on after the pause", len(after))
	}
	var ends []ending
	paused := 0
	for i := range 3 {
		e := readEnding(t, out(i))
		ends = append(ends, e)
		paused += e.count("paused")
	}
	if paused != 1 {
		t.Errorf("%d paused events; want one, from the worker the 429 answered", paused)
	}
	done := oneDone(t, ends)
	if done.Pages != n || done.OK != n {
		t.Errorf("done: %d pages, %d kept; want all %d kept", done.Pages, done.OK, n)
	}
}

// One worker alone on PostgreSQL ends its stream with the crawl's done, as a
// crawl on SQLite does, and exits 0.
func TestOneWorkerOnPostgresWritesDone(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dsn := pg.DB(t)
	bin := build(t)
	const n = 30
	s := serveSite(t, n, loopbacks, 0)
	out := filepath.Join(t.TempDir(), "w.jsonl")
	w := start(t, bin, append([]string{"crawl", "--db", dsn, "--out", out, "--mode", "plain", "--host-interval", "5ms", "--delay", "0",
		"--depth", "-1", "--max-pages", "-1", "--keep", "none"}, s.args()...)...)
	w.wait(t, 2*time.Minute)
	e := readEnding(t, out)
	if e.last != "done" || e.dones != 1 || e.workerDones != 0 {
		t.Fatalf("the stream ends with %q (%d done, %d worker_done); want one done", e.last, e.dones, e.workerDones)
	}
	if e.done.Pages != n || e.done.OK != n || e.done.Workers != 1 || e.done.Stopped != "exhausted" {
		t.Errorf("done: %d pages, %d kept, %d workers, stopped %q; want %d kept by 1 worker, exhausted", e.done.Pages, e.done.OK, e.done.Workers, e.done.Stopped, n)
	}
	if e.count("discovery") != len(s.hosts) || e.count("page") != n {
		t.Errorf("%d discovery and %d page events; want %d and %d", e.count("discovery"), e.count("page"), len(s.hosts), n)
	}
}
