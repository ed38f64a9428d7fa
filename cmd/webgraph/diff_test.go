package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/internal/sites"
)

// versionedSite serves one of two fixture sites at one address, so that
// two crawls of "the same site" see its two versions under the same URLs.
type versionedSite struct{ h atomic.Pointer[sites.Handler] }

func (v *versionedSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	v.h.Load().ServeHTTP(w, r)
}

// serve switches the site to the fixture name.
func (v *versionedSite) serve(name string) { v.h.Store(sites.New(sites.Dir(name))) }

func newVersionedSite(t *testing.T, name string) (*httptest.Server, *versionedSite) {
	t.Helper()
	v := &versionedSite{}
	v.serve(name)
	ts := httptest.NewServer(v)
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	return ts, v
}

// crawlBaselineSite crawls the site at ts into db, union mode, with any
// extra flags; it returns the crawl's stdout, stderr and exit code.
func crawlBaselineSite(t *testing.T, ts *httptest.Server, db string, extra ...string) (string, string, int) {
	t.Helper()
	args := append([]string{"crawl", ts.URL + "/", "--db", db, "--host-interval", "0", "--delay", "0",
		"--concurrency", "2", "--contact", "ops@example.org"}, extra...)
	return webgraph(t, args...)
}

// baselineDBs crawls baseline-v1 and then baseline-v2 at one address and
// returns the two databases and the site's URL.
func baselineDBs(t *testing.T) (oldDB, newDB string, ts *httptest.Server) {
	t.Helper()
	needBrowser(t)
	ts, v := newVersionedSite(t, "baseline-v1")
	dir := t.TempDir()
	oldDB, newDB = filepath.Join(dir, "old.db"), filepath.Join(dir, "new.db")
	if _, errOut, code := crawlBaselineSite(t, ts, oldDB); code != exitOK {
		t.Fatalf("crawl v1: exit %d; stderr:\n%s", code, errOut)
	}
	v.serve("baseline-v2")
	if _, errOut, code := crawlBaselineSite(t, ts, newDB); code != exitOK {
		t.Fatalf("crawl v2: exit %d; stderr:\n%s", code, errOut)
	}
	return oldDB, newDB, ts
}

func TestDiffExplore(t *testing.T) {
	oldDB, newDB, _ := baselineDBs(t)
	out, errOut, code := webgraph(t, "diff", oldDB, newDB)
	t.Logf("exit %d\n%s\n%s", code, out, errOut)
	out, errOut, code = webgraph(t, "diff", "--json", oldDB, newDB)
	t.Logf("exit %d\n%s\n%s", code, out, errOut)
}
