package e2e

import (
	"database/sql"
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
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"

	"github.com/webgraph/webgraph/internal/pgtest"
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
}

// host is one loopback host of a multi-host site, with its access log.
type host struct {
	ip   string
	url  string
	mu   sync.Mutex
	hits []hit
}

func (h *host) log() []hit {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.hits)
}

// site is an n-page site spread over hosts: page i is served by host i%len
// (page 0 is "/", page i "/p/i") and links to pages 2i+1 and 2i+2 wherever
// they live, so every page is reachable from page 0 and most links cross
// hosts. latency is how long each page takes to answer.
type site struct {
	n       int
	hosts   []*host
	latency time.Duration
}

func serveSite(tb testing.TB, n int, ips []string, latency time.Duration) *site {
	tb.Helper()
	s := &site{n: n, latency: latency}
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

func (s *site) handler(idx int, h *host) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.hits = append(h.hits, hit{r.URL.Path, time.Now()})
		h.mu.Unlock()
		i := 0
		if r.URL.Path != "/" {
			v, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
			if !strings.HasPrefix(r.URL.Path, "/p/") || err != nil || v <= 0 || v >= s.n || v%len(s.hosts) != idx {
				http.NotFound(w, r)
				return
			}
			i = v
		} else if idx != 0 {
			http.NotFound(w, r)
			return
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
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>Page %d</title></head><body><h1>Page %d</h1><p>This is page %d of a site spread over several hosts, with enough words of its own to be kept as a readable page.</p><ul>%s</ul></body></html>`, i, i, i, links.String())
	})
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
	rows, err = db.Query(`SELECT u.url, l.to_url, l.anchor, l.side, l.kind FROM links l JOIN urls u ON u.id = l.from_id`)
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

var loopbacks = []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"}

const pages = 500

// Three workers on one PostgreSQL crawl of a 500-page site over three
// hosts: every page is fetched exactly once, each host sees its pages one
// interval apart, robots.txt is asked once per host, and the pages and links
// are those of a single-worker SQLite crawl of the same site.
func TestThreeWorkersShareOneCrawl(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and crawls 1,000 pages")
	}
	dsn := pg.DB(t)
	bin := build(t)
	const interval = 40 * time.Millisecond
	common := []string{"--mode", "plain", "--host-interval", interval.String(), "--delay", "0", "--concurrency", "2",
		"--depth", "-1", "--max-pages", "-1", "--keep", "none"}

	ref := serveSite(t, pages, loopbacks, 0)
	refDB := filepath.Join(t.TempDir(), "ref.db")
	single := start(t, bin, append(append([]string{"crawl", "--db", refDB, "--out", os.DevNull}, common...), ref.args()...)...)
	single.wait(t, 2*time.Minute)

	s := serveSite(t, pages, loopbacks, 0)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	dir := t.TempDir()
	first := start(t, bin, append(append([]string{"crawl", "--db", dsn, "--out", filepath.Join(dir, "w0.jsonl")}, common...), s.args()...)...)
	waitFor(t, db, `SELECT COUNT(*) FROM runs`, 1, time.Minute)
	ws := []*worker{first}
	for i := 1; i < 3; i++ {
		ws = append(ws, start(t, bin, "crawl", "--resume", "--db", dsn, "--out", filepath.Join(dir, fmt.Sprintf("w%d.jsonl", i))))
	}
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
	for i := range 3 {
		b, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("w%d.jsonl", i)))
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(b), `{"event":"page"`); n == 0 {
			t.Errorf("worker %d recorded no page; want each to take a share", i)
		}
	}
	for i, h := range s.hosts {
		log := h.log()
		// robots.txt asked once per host for the whole crawl.
		var robots int
		for _, x := range log {
			if x.path == "/robots.txt" {
				robots++
			}
		}
		if robots != 1 {
			t.Errorf("host %d: robots.txt asked %d times; want once for the crawl", i, robots)
		}
		// Politeness at the server: page requests one interval apart.
		// The slack is generous (a worker's wake-up may run late on a
		// loaded machine, never early): a broken shared slot shows gaps
		// near zero, several requests landing together.
		// A server's stamp can run late on a loaded machine, which
		// shortens the gap after it but not the span of the whole log: n
		// requests spaced by the shared slot take at least n-1 intervals.
		// A broken shared slot (workers each spacing only their own)
		// squeezes the span to about a third.
		var first, last time.Time
		n := 0
		for _, x := range log {
			if x.path == "/robots.txt" {
				continue
			}
			if first.IsZero() {
				first = x.at
			}
			last = x.at
			n++
		}
		if n > 1 {
			if span, want := last.Sub(first), time.Duration(n-1)*interval; span < want*9/10 {
				t.Errorf("host %d: %d requests within %s; want at least %s (one interval apart across workers)", i, n, span, want)
			}
		}
	}

	wantPages, wantLinks := graph(t, "sqlite", "file:"+refDB+"?mode=ro", ref.normalizer())
	gotPages, gotLinks := graph(t, "pgx", dsn, s.normalizer())
	if len(wantPages) != pages {
		t.Errorf("the reference crawl has %d pages; want %d", len(wantPages), pages)
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
	const lease = 2 * time.Second
	// Slow pages, so the killed worker surely has URLs in flight.
	s := serveSite(t, pages, loopbacks, 30*time.Millisecond)
	common := []string{"--mode", "plain", "--host-interval", "5ms", "--delay", "0", "--concurrency", "3",
		"--depth", "-1", "--max-pages", "-1", "--keep", "none", "--lease", lease.String()}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ws := []*worker{start(t, bin, append(append([]string{"crawl", "--db", dsn, "--out", os.DevNull}, common...), s.args()...)...)}
	waitFor(t, db, `SELECT COUNT(*) FROM runs`, 1, time.Minute)
	for range 2 {
		ws = append(ws, start(t, bin, "crawl", "--resume", "--db", dsn, "--out", os.DevNull, "--lease", lease.String()))
	}
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
