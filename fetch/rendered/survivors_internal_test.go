package rendered

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// TestBroadcastFromAFrozenPage: a BroadcastChannel reaches every document of
// an origin, in any tab, and a page that hears a message may ask for
// something. A page read and frozen in one tab posts nothing more, so the
// next page of its origin, in another tab, hears nothing from it. As a
// control, the same page read but not yet frozen is heard, and the listener
// then asks the server for /heard.
func TestBroadcastFromAFrozenPage(t *testing.T) {
	path := chromeForTest(t)
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "testdata", "sites", "frozen")
	var mu sync.Mutex
	var hits []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits = append(hits, r.URL.RequestURI())
		mu.Unlock()
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(r.URL.Path)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b)
	}))
	defer ts.Close()
	b, err := startBrowser(path, "webgraph-test", false)
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	cfg := Config{Timeout: 20 * time.Second, Quiet: DefaultQuiet, WaitCap: DefaultWaitCap, MaxText: DefaultMaxText, UserAgent: "webgraph-test", Viewport: DefaultViewport}
	var tabs []*tab
	for range 2 {
		tb, err := newTab(b, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer tb.close()
		tabs = append(tabs, tb)
	}
	poster, listener := tabs[0], tabs[1]
	render := func(tb *tab, path string) *fetch.Side {
		t.Helper()
		s := &fetch.Side{}
		if err := tb.render(context.Background(), mustParse(t, ts.URL+path), cfg, s); err != nil || s.Err != nil {
			t.Fatalf("render %s: %v %v", path, err, s.Err)
		}
		return s
	}

	render(poster, "/broadcast-post.html")
	// The control: the page read but still running is heard.
	s := render(listener, "/broadcast-listen.html")
	if !strings.Contains(s.Text(), "Heard: from a page already read.") {
		t.Fatalf("the listener did not hear a page still running (text %q): the test cannot tell", s.Text())
	}
	if err := listener.rest(); err != nil {
		t.Fatal(err)
	}
	if err := poster.rest(); err != nil {
		t.Fatal(err)
	}
	if poster.open {
		t.Fatal("the posting page is to be emptied, not frozen: the test would not test a frozen page")
	}
	s = render(listener, "/broadcast-listen.html?after")
	if strings.Contains(s.Text(), "Heard") {
		t.Errorf("the next page of the origin heard the frozen page: %q", s.Text())
	}
	if err := listener.rest(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	t.Logf("the server's log: %q", hits)
	if n := slices.Index(hits, "/broadcast-listen.html?after"); n < 0 || slices.Contains(hits[n:], "/heard") {
		t.Error("the server received /heard after the page that posted was frozen; want none")
	}
}
