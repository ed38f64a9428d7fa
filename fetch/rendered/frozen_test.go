package rendered_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/policy"
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
	eachBrowser(t, "", testFrozenPageSendsNothing)
}

func testFrozenPageSendsNothing(t *testing.T, start starter) {
	h := serveTwoHosts(t)
	f := start(t, rendered.Config{Tabs: 1, Timeout: 20 * time.Second, Gate: newGate(t, h.a.URL+"/"), UserAgent: "webgraph-test"})
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

// A starter starts a fetcher for one test, which closes it (closeOnce).
type starter func(t *testing.T, cfg rendered.Config) *rendered.Fetcher

// eachBrowser runs test as subtests of name (none: of t), once in a browser
// webgraph starts and once in one already running, whose workers and
// cross-site frames are confined another way (frames.go).
func eachBrowser(t *testing.T, name string, test func(t *testing.T, start starter)) {
	if name != "" {
		name += "/"
	}
	t.Run(name+"own-browser", func(t *testing.T) {
		test(t, func(t *testing.T, cfg rendered.Config) *rendered.Fetcher {
			return own(t, cfg)
		})
	})
	t.Run(name+"running-browser", func(t *testing.T) {
		test(t, func(t *testing.T, cfg rendered.Config) *rendered.Fetcher {
			ws, _ := runningChrome(t)
			cfg.BrowserURL = ws
			f, err := rendered.New(cfg)
			if err != nil {
				t.Fatalf("New(BrowserURL: %s): %v", ws, err)
			}
			return f
		})
	})
}

// lateGate is the gate, except that it answers for host B only once release
// is closed (or heldRobots has passed), and then allows, whatever its
// context says: a gate whose answer comes after the render that asked has
// ended (a robots.txt another caller was already fetching, say).
type lateGate struct {
	*policy.Gate
	hostB   string
	release <-chan struct{}
}

func (g lateGate) Subresource(ctx context.Context, u *url.URL) error {
	if u.Host != g.hostB {
		return g.Gate.Subresource(ctx, u)
	}
	select {
	case <-g.release:
	case <-time.After(heldRobots):
	}
	return nil
}

// TestPausedRequestRefusedOnceItsRenderEnded renders a page that asks host B
// for something with keepalive set (a request the browser keeps going after
// its page has gone), while the gate has not yet answered for host B: the
// render reads the page at its wait's cap and ends, and its page is emptied.
// The gate answers once the next page is asked for. Whether the gate's call
// ends with the render (the gate) or answers late and allows (lateGate), the
// request is checked again and refused: host B never receives it.
func TestPausedRequestRefusedOnceItsRenderEnded(t *testing.T) {
	tests := []struct {
		name string
		gate func(h *twoHosts, g *policy.Gate) rendered.Gate
	}{
		{"the gate", func(h *twoHosts, g *policy.Gate) rendered.Gate { return g }},
		{"a gate that answers late and allows", func(h *twoHosts, g *policy.Gate) rendered.Gate {
			return lateGate{Gate: g, hostB: strings.TrimPrefix(h.b.URL, "http://"), release: h.release}
		}},
	}
	for _, tt := range tests {
		eachBrowser(t, tt.name, func(t *testing.T, start starter) {
			h := serveTwoHosts(t)
			gate := tt.gate(h, newGate(t, h.a.URL+"/"))
			f := start(t, rendered.Config{Tabs: 1, Timeout: 20 * time.Second, WaitCap: time.Second, Gate: gate, UserAgent: "webgraph-test"})
			closeF := closeOnce(t, f)
			s, err := f.Fetch(context.Background(), mustURL(t, h.a.URL+"/kept.html"))
			if err != nil || !strings.Contains(s.Text(), "Asked.") {
				t.Fatalf("Fetch: text %q, err %v", s.Text(), err)
			}
			if s.Wait != "cap" {
				t.Errorf("Wait = %q; want cap (the page's request to host B held the wait)", s.Wait)
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
			if slices.Contains(got, "B /kept") {
				t.Error("host B received /kept after the page that asked for it was read; want it refused")
			}
			if len(next.Requests) != 0 || next.Blocked != 0 {
				t.Errorf("the next page's record holds requests %v and %d refused; want none (it asks for nothing)", next.Requests, next.Blocked)
			}
		})
	}
}

// newsSite serves testdata/sites/frozen on 127.0.0.1 and answers /news with
// news, which it logs, in order, as "/news asked" and then "/news answered"
// or "/news cancelled" (the client went away first).
func newsSite(t *testing.T, news func(r *http.Request) (string, bool)) (*httptest.Server, *accessLog) {
	t.Helper()
	log := &accessLog{}
	dir := sites.Dir("frozen")
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/news" {
			log.add("/news asked")
			body, ok := news(r)
			if !ok {
				log.add("/news cancelled")
				return
			}
			w.Header().Set("Access-Control-Allow-Origin", "*")
			fmt.Fprint(w, body)
			log.add("/news answered")
			return
		}
		log.add(r.URL.Path)
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(r.URL.Path)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(b)
	}))
	t.Cleanup(ts.Close)
	return ts, log
}

// TestWorkerRequestHoldsTheWait renders a page whose blob: worker asks the
// server for the page's news, which the server answers a second after it is
// asked; the page itself waits only until its worker has asked. The worker's
// request is the page's: the wait holds until it is answered, the page is
// read with the news, and the request counts in the page's record.
func TestWorkerRequestHoldsTheWait(t *testing.T) {
	eachBrowser(t, "", func(t *testing.T, start starter) {
		ts, log := newsSite(t, func(r *http.Request) (string, bool) {
			select {
			case <-time.After(time.Second):
				return "rain", true
			case <-r.Context().Done():
				return "", false
			}
		})
		f := start(t, rendered.Config{Tabs: 1, Timeout: 20 * time.Second, WaitCap: 15 * time.Second, UserAgent: "webgraph-test"})
		closeOnce(t, f)
		s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/worker-fetch.html"))
		if err != nil {
			t.Fatalf("Fetch: %v", err)
		}
		t.Logf("the server's log: %q", log.get())
		if !strings.Contains(s.Text(), "The worker heard: rain.") {
			t.Errorf("text %q; want the page read once its worker had the news", s.Text())
		}
		if s.Wait != "idle" {
			t.Errorf("Wait = %q; want idle", s.Wait)
		}
		if n := s.Requests[strings.TrimPrefix(ts.URL, "http://")]; n != 1 {
			t.Errorf("the page's record counts %d requests to its host besides the page (all: %v); want 1, its worker's", n, s.Requests)
		}
	})
}

// TestWorkerRequestOpenEmptiesThePage renders a page whose blob: worker asks
// the server for the page's news, which the server holds until the client
// goes away. The page is read at the wait's cap, with its worker's request
// still open: it is emptied, not frozen, and the request ends with it, while
// the tab waits for its next page.
func TestWorkerRequestOpenEmptiesThePage(t *testing.T) {
	eachBrowser(t, "", func(t *testing.T, start starter) {
		ts, log := newsSite(t, func(r *http.Request) (string, bool) {
			select {
			case <-time.After(waitLimit + 10*time.Second):
				return "late", true
			case <-r.Context().Done():
				return "", false
			}
		})
		// The cap must leave the worker time to start and ask: on a loaded
		// machine a blob: worker took more than a second (the page was then
		// read before "Asked."). The server holds the news far longer.
		f := start(t, rendered.Config{Tabs: 1, Timeout: 20 * time.Second, WaitCap: 5 * time.Second, UserAgent: "webgraph-test"})
		closeOnce(t, f)
		s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/worker-fetch.html"))
		if err != nil || !strings.Contains(s.Text(), "Asked.") {
			t.Fatalf("Fetch: text %q, err %v", s.Text(), err)
		}
		if s.Wait != "cap" {
			t.Errorf("Wait = %q; want cap (the worker's request held the wait)", s.Wait)
		}
		eventually(t, func() error {
			if got := log.get(); !slices.Contains(got, "/news cancelled") {
				return fmt.Errorf("the worker's request is still open after its page was read (the server's log: %q); want the page emptied and the request ended", got)
			}
			return nil
		})
	})
}
