package rendered_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// heldRobots is how long host B holds its robots.txt at most when nothing
// releases it: only a render that waits behind a page already read lets it
// run out, and the test then fails on the order of its log. It is less than
// policy.DefaultRobotsTimeout, so that robots.txt is read then, and allows.
const heldRobots = 8 * time.Second

// twoHosts is host A (127.0.0.1), serving testdata/sites/frozen with HOST_B
// replaced by host B's address, and host B (127.0.0.2), whose robots.txt
// (which allows everything) is held until host A is asked for /next.html.
// Both write to one log, in the order things happened: "A /path" and
// "B /path" for each request, and "B robots.txt answered" once host B lets
// its robots.txt go.
type twoHosts struct {
	a, b    *httptest.Server
	log     *accessLog // watches host B's connections (drained)
	release chan struct{}
	once    sync.Once
}

func serveTwoHosts(t *testing.T) *twoHosts {
	t.Helper()
	h := &twoHosts{log: &accessLog{}, release: make(chan struct{})}
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("listen on 127.0.0.2: %v", err)
	}
	h.b = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.log.add("B " + r.URL.RequestURI())
		w.Header().Set("Access-Control-Allow-Origin", "*")
		if r.URL.Path == "/robots.txt" {
			select {
			case <-h.release:
			case <-time.After(heldRobots):
			}
			h.log.add("B robots.txt answered")
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
			return
		}
		fmt.Fprint(w, "ok")
	}))
	h.b.Listener.Close()
	h.b.Listener = ln
	h.log.watch(h.b)
	h.b.Start()
	dir := sites.Dir("frozen")
	h.a = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.log.add("A " + r.URL.Path)
		if r.URL.Path == "/next.html" {
			h.once.Do(func() { close(h.release) })
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(r.URL.Path)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		b = bytes.ReplaceAll(b, []byte("HOST_B"), []byte(h.b.URL))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b)
	}))
	t.Cleanup(func() {
		h.once.Do(func() { close(h.release) })
		h.a.Close()
		h.b.Close()
	})
	return h
}

// TestFrozenPageSendsNothing renders a page whose blob: worker fires ten
// fetches at host B, whose robots.txt is slow to come, then the next page in
// the same tab. Nothing the first page asked for may reach host B, neither
// while it is read nor during the next render, and the next render's own
// navigation does not wait behind the first page's requests: host A is asked
// for the next page while host B still holds its robots.txt.
func TestFrozenPageSendsNothing(t *testing.T) {
	h := serveTwoHosts(t)
	f := own(t, rendered.Config{Tabs: 1, Timeout: 20 * time.Second, Gate: newGate(t, h.a.URL+"/"), UserAgent: "webgraph-test"})
	closeF := closeOnce(t, f)

	s, err := f.Fetch(context.Background(), mustURL(t, h.a.URL+"/burst.html"))
	if err != nil || !strings.Contains(s.Text(), "Fired.") {
		t.Fatalf("Fetch: text %q, err %v; want the page read once its worker had asked", s.Text(), err)
	}
	// The worker's requests are the page's: they count in its record.
	if n := s.Requests[strings.TrimPrefix(h.b.URL, "http://")]; n != 10 {
		t.Errorf("the page's record counts %d requests to host B (all: %v); want its worker's 10", n, s.Requests)
	}
	next, err := f.Fetch(context.Background(), mustURL(t, h.a.URL+"/next.html"))
	if err != nil || next.Title != "Next page" {
		t.Fatalf("Fetch /next.html: title %q, err %v", next.Title, err)
	}
	if err := closeF(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	drained(t, h.log)
	got := h.log.get()
	t.Logf("the two hosts' log: %q", got)
	for _, line := range got {
		if strings.HasPrefix(line, "B ") && line != "B /robots.txt" && line != "B robots.txt answered" {
			t.Errorf("host B received %s; want nothing of a page already read", strings.TrimPrefix(line, "B "))
		}
	}
	asked, answered := slices.Index(got, "A /next.html"), slices.Index(got, "B robots.txt answered")
	if asked < 0 {
		t.Fatal("host A was never asked for /next.html")
	}
	if answered >= 0 && answered < asked {
		t.Errorf("host B answered its robots.txt (log line %d) before the next page was asked for (line %d); want the next render's navigation not to wait behind the page already read", answered, asked)
	}
	if len(next.Requests) != 0 || next.Blocked != 0 || len(next.BlockedResources) != 0 {
		t.Errorf("the next page's record holds requests %v, %d refused %v; want none (it asks for nothing)", next.Requests, next.Blocked, next.BlockedResources)
	}
}
