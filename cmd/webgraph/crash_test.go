package main

import (
	"database/sql"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
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
	h  http.Handler
	mu sync.Mutex
	n  map[string]int
}

func (a *accessLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/" || strings.HasPrefix(r.URL.Path, "/p/") {
		a.mu.Lock()
		a.n[r.URL.Path]++
		a.mu.Unlock()
	}
	a.h.ServeHTTP(w, r)
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
	const n, concurrency = 300, 3
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
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 5))
	kills, finished := 0, false
	for run := 0; run < 12 && !finished; run++ {
		args := append([]string{"crawl", "--db", db, "--out", events}, crawlArgs...)
		if run == 0 {
			args = append(args, ts.URL+"/")
		} else {
			args = []string{"crawl", "--resume", "--db", db, "--out", events}
		}
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
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
		case <-time.After(time.Duration(300+rng.IntN(900)) * time.Millisecond):
			if run < 5 {
				cmd.Process.Signal(syscall.SIGKILL) // this test's own child, by its PID
				<-exited
				kills++
			} else {
				if err := <-exited; err != nil { // enough kills: let it finish
					t.Fatalf("run %d failed: %v\n%s", run, err, stderr.String())
				}
				finished = true
			}
		}
	}
	if !finished || kills == 0 {
		t.Fatalf("finished=%v after %d kills", finished, kills)
	}

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
	if extra > kills*concurrency {
		t.Errorf("%d pages fetched again after %d kills; at most %d (those in flight) may be", extra, kills, kills*concurrency)
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
