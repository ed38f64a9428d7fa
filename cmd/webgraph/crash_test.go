package main

import (
	"database/sql"
	"errors"
	"io/fs"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// accessLog counts page requests by path.
type accessLog struct {
	h       http.Handler
	mu      sync.Mutex
	n       map[string]int
	total   int         // page requests, all paths
	waiters []pageCount // reached's, not yet reached
}

type pageCount struct {
	n       int
	reached chan struct{}
}

func (a *accessLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/" || strings.HasPrefix(r.URL.Path, "/p/") {
		a.mu.Lock()
		a.n[r.URL.Path]++
		a.total++
		a.waiters = slices.DeleteFunc(a.waiters, func(w pageCount) bool {
			if a.total >= w.n {
				close(w.reached)
				return true
			}
			return false
		})
		a.mu.Unlock()
	}
	a.h.ServeHTTP(w, r)
}

// pages returns how many page requests the site has served.
func (a *accessLog) pages() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.total
}

// reached returns a channel closed once the site has served n page requests.
func (a *accessLog) reached(n int) <-chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	w := pageCount{n, make(chan struct{})}
	if a.total >= n {
		close(w.reached)
	} else {
		a.waiters = append(a.waiters, w)
	}
	return w.reached
}

// counts returns how many times each page path has been requested so far.
func (a *accessLog) counts() map[string]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return maps.Clone(a.n)
}

// recordedPaths returns the paths of the pages a crawl database holds
// records of (none when it does not exist yet).
func recordedPaths(t *testing.T, path string) map[string]bool {
	t.Helper()
	got := map[string]bool{}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return got
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT u.url FROM pages p JOIN urls u ON u.id = p.url_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			t.Fatal(err)
		}
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		got[u.Path] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return got
}

// graphOf reads a crawl database's pages and links.
func graphOf(t *testing.T, path string) (pages, links []string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT u.url, u.state, p.ok, p.words FROM pages p JOIN urls u ON u.id = p.url_id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var u, state string
		var ok, words int
		rows.Scan(&u, &state, &ok, &words)
		pages = append(pages, strings.Join([]string{u, state, strconv.Itoa(ok), strconv.Itoa(words)}, " "))
	}
	rows.Close()
	rows, err = db.Query(`SELECT u.url, t.url, j.value ->> 1, j.value ->> 2
		FROM outlinks o JOIN urls u ON u.id = o.from_id, json_each(o.links) j JOIN urls t ON t.id = j.value ->> 0`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var from, to, anchor, side string
		rows.Scan(&from, &to, &anchor, &side)
		links = append(links, from+" → "+to+" "+anchor+" "+side)
	}
	rows.Close()
	slices.Sort(pages)
	slices.Sort(links)
	return pages, links
}

func TestKilledCrawlResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and crawls for several seconds")
	}
	bin := filepath.Join(t.TempDir(), "webgraph")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	const n = 300
	site := &accessLog{h: sites.Generated(n, false), n: map[string]int{}}
	ts := httptest.NewServer(site)
	defer ts.Close()
	crawlArgs := []string{"--mode", "plain", "--host-interval", "10ms", "--delay", "0", "--concurrency", "3",
		"--depth", "-1", "--max-pages", "-1", "--keep", "none"}

	// The uninterrupted crawl, against its own server.
	refSite := &accessLog{h: sites.Generated(n, false), n: map[string]int{}}
	refTS := httptest.NewServer(refSite)
	defer refTS.Close()
	refDB := filepath.Join(t.TempDir(), "ref.db")
	ref := exec.Command(bin, append(append([]string{"crawl", "--db", refDB, "--out", filepath.Join(t.TempDir(), "ref.jsonl")}, crawlArgs...), refTS.URL+"/")...)
	if out, err := ref.CombinedOutput(); err != nil {
		t.Fatalf("reference crawl: %v\n%s", err, out)
	}

	db := filepath.Join(t.TempDir(), "crash.db")
	events := filepath.Join(t.TempDir(), "events.jsonl")
	// Each of the first runs is killed at a random moment of its crawl:
	// once the site has served a random number of pages more (1 to 40),
	// which no machine's speed moves. (Seeded by the clock: each run of the
	// test kills elsewhere; the seed is logged.)
	seed := uint64(time.Now().UnixNano())
	t.Logf("kill points seeded with %d", seed)
	rng := rand.New(rand.NewPCG(seed, 5))
	kills, finished := 0, false
	for run := 0; run < 12 && !finished; run++ {
		args := append([]string{"crawl", "--db", db, "--out", events}, crawlArgs...)
		if run == 0 {
			args = append(args, ts.URL+"/")
		} else {
			args = []string{"crawl", "--resume", "--db", db, "--out", events}
		}
		// What the database held as the run began is never fetched
		// again: a page, its links and the URLs it found are committed
		// together, and only what was not yet committed when the last
		// run was killed (in flight, or fetched and waiting for the
		// writer) is asked for once more.
		recorded, before := recordedPaths(t, db), site.counts()
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		killAt := site.reached(site.pages() + 1 + rng.IntN(40))
		if run >= 5 {
			killAt = nil // enough kills: let it finish
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		select {
		case err := <-exited:
			if err != nil {
				t.Fatalf("run %d failed: %v\n%s", run, err, stderr.String())
			}
			finished = true
		case <-killAt:
			cmd.Process.Signal(syscall.SIGKILL) // this test's own child, by its PID
			<-exited
			kills++
		case <-nearDeadline(t):
			cmd.Process.Signal(syscall.SIGKILL)
			<-exited
			t.Fatalf("run %d neither ended nor reached its kill point before the test binary's deadline\n%s", run, stderr.String())
		}
		after := site.counts()
		for p := range recorded {
			if after[p] > before[p] {
				t.Errorf("run %d asked for %s again, though the database had recorded it before the run", run, p)
			}
		}
	}
	if !finished || kills == 0 {
		t.Fatalf("finished=%v after %d kills", finished, kills)
	}

	site.mu.Lock() // the server may still be answering a killed run's requests
	defer site.mu.Unlock()
	extra := 0
	for i := range n {
		path := "/"
		if i > 0 {
			path = "/p/" + strconv.Itoa(i)
		}
		switch c := site.n[path]; {
		case c == 0:
			t.Errorf("%s was never fetched", path)
		case c > 1:
			extra += c - 1
		}
	}
	t.Logf("%d kills, %d pages fetched twice", kills, extra)

	gotPages, gotLinks := graphOf(t, db)
	wantPages, wantLinks := graphOf(t, refDB)
	norm := func(ss []string, base string) []string {
		out := make([]string, len(ss))
		for i, s := range ss {
			out[i] = strings.ReplaceAll(s, base, "http://site")
		}
		slices.Sort(out)
		return out
	}
	if g, w := norm(gotPages, ts.URL), norm(wantPages, refTS.URL); !slices.Equal(g, w) {
		t.Errorf("pages differ from the uninterrupted crawl: %d vs %d", len(g), len(w))
	}
	if g, w := norm(gotLinks, ts.URL), norm(wantLinks, refTS.URL); !slices.Equal(g, w) {
		t.Errorf("links differ from the uninterrupted crawl: %d vs %d", len(g), len(w))
	}
	if len(wantPages) != n {
		t.Errorf("the reference crawl has %d pages; want %d", len(wantPages), n)
	}
}
