package rendered_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// What of a page could outlive it into the next render: a shared worker (a
// target of its own, shared by every document of an origin), a service
// worker (registered for the origin, and fetched by the browser, not the
// page), a BroadcastChannel (survivors_internal_test.go). Each test renders a
// page and then the next page of the same site in the same tab; the server's
// log is the witness.

// serveFrozenSite serves testdata/sites/frozen on 127.0.0.1 with the given
// robots.txt, and logs each request's path and query, in order.
func serveFrozenSite(t *testing.T, robots string) (*httptest.Server, *accessLog) {
	t.Helper()
	log := &accessLog{}
	dir := sites.Dir("frozen")
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL.RequestURI())
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robots)
			return
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(r.URL.Path)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		switch filepath.Ext(r.URL.Path) {
		case ".js":
			w.Header().Set("Content-Type", "text/javascript")
		default:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		w.Write(bytes.ReplaceAll(b, []byte("HOST_B"), nil))
	}))
	log.watch(ts)
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, log
}

// TestSharedWorkerNeverRuns renders a page that starts a shared worker, then
// the next page of its site, which connects to the same worker, in the same
// tab. The worker's script is the page's request, asked of the gate like any
// other; the worker itself never runs (the target guard closes it before its
// first line), so it survives into no later page: neither page hears from it,
// and the server never hears from it.
func TestSharedWorkerNeverRuns(t *testing.T) {
	tests := []struct {
		name, robots string
		script       bool // whether the worker's script may be fetched
	}{
		{"script allowed", "User-agent: *\nAllow: /\n", true},
		{"script disallowed", "User-agent: *\nDisallow: /shared.js\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, log := serveFrozenSite(t, tt.robots)
			f := own(t, rendered.Config{Tabs: 1, Timeout: 20 * time.Second, Gate: newGate(t, ts.URL+"/"), UserAgent: "webgraph-test"})
			closeF := closeOnce(t, f)
			var sides []*fetch.Side
			for _, path := range []string{"/shared.html", "/shared.html?next"} {
				s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+path))
				if err != nil || s.Title != "Shared worker" {
					t.Fatalf("Fetch %s: title %q, err %v", path, s.Title, err)
				}
				if strings.Contains(s.Text(), "answered") {
					t.Errorf("%s: the shared worker answered (%q); want it never run", path, s.Text())
				}
				sides = append(sides, s)
			}
			if err := closeF(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			drained(t, log)
			got := log.get()
			t.Logf("the server's log: %q", got)
			fetched := false
			for _, p := range got {
				if strings.HasPrefix(p, "/from-shared") {
					t.Errorf("the server received %s from the shared worker; want it never run", p)
				}
				fetched = fetched || p == "/shared.js"
			}
			if fetched != tt.script {
				t.Errorf("the worker's script was fetched: %v; want %v (robots.txt: %q)", fetched, tt.script, tt.robots)
			}
			if !tt.script {
				for i, s := range sides {
					if br, ok := blockedBy(s, "/shared.js"); !ok || br.Reason != fetch.DeniedDisallowed {
						t.Errorf("page %d: /shared.js listed %v as %q; want it refused by the gate as %q", i+1, ok, br.Reason, fetch.DeniedDisallowed)
					}
				}
			}
		})
	}
}

// TestServiceWorkerNeverRegistered renders a page that registers a service
// worker by its container, by the container's prototype, and by a fresh
// frame's prototype, then the next page of its site in the same tab. The
// browser fetches a service worker's script itself, past the tab's
// interception and so past the gate (robots.txt disallows it here), so none
// may be registered at all: each try is refused, the server never sees the
// script, and the next page is controlled by none and finds none registered.
func TestServiceWorkerNeverRegistered(t *testing.T) {
	ts, log := serveFrozenSite(t, "User-agent: *\nDisallow: /sw.js\n")
	f := own(t, rendered.Config{Tabs: 1, Timeout: 20 * time.Second, Gate: newGate(t, ts.URL+"/"), UserAgent: "webgraph-test"})
	closeF := closeOnce(t, f)
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/sw.html"))
	if err != nil || s.Title != "Service worker" {
		t.Fatalf("Fetch: title %q, err %v", s.Title, err)
	}
	for _, how := range []string{"instance", "prototype", "frame"} {
		if want := how + ": SecurityError."; !strings.Contains(s.Text(), want) {
			t.Errorf("text %q lacks %q: the registration by the %s was not refused", s.Text(), want, how)
		}
	}
	next, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/sw-next.html"))
	if err != nil || next.Title != "After a service worker" {
		t.Fatalf("Fetch the next page: title %q, err %v", next.Title, err)
	}
	if want := "Controlled: no. Registrations: 0."; !strings.Contains(next.Text(), want) {
		t.Errorf("the next page says %q; want %q", next.Text(), want)
	}
	if err := closeF(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	drained(t, log)
	got := log.get()
	t.Logf("the server's log: %q", got)
	for _, p := range got {
		if strings.HasPrefix(p, "/sw.js") || strings.HasPrefix(p, "/from-sw") {
			t.Errorf("the server received %s; want no service worker fetched (robots.txt disallows it) or run", p)
		}
	}
}
