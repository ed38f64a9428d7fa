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

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/policy"
)

var _ rendered.Gate = (*policy.Gate)(nil)

// accessLog records the paths a server was asked for, in order, and, when
// it watches the server, its open connections (see drained).
type accessLog struct {
	mu    sync.Mutex
	paths []string
	// The watched server's address, its open connections, the peers of
	// every connection it accepted, and which of those were drained's.
	addr    string
	open    map[net.Conn]bool
	peers   []string
	markers map[string]bool
}

func (l *accessLog) add(p string) {
	l.mu.Lock()
	l.paths = append(l.paths, p)
	l.mu.Unlock()
}

func (l *accessLog) get() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.paths)
}

// serveHostB starts host B on 127.0.0.2 with the given robots.txt. It
// answers anything else with a small body any page may read.
func serveHostB(t *testing.T, robots string) (*httptest.Server, *accessLog) {
	t.Helper()
	log := &accessLog{}
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("listen on 127.0.0.2: %v", err)
	}
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL.Path)
		w.Header().Set("Access-Control-Allow-Origin", "*")
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, robots)
		case "/style.css":
			w.Header().Set("Content-Type", "text/css")
			fmt.Fprint(w, "h1 { color: black }")
		case "/script.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, "window.fromB = true;")
		case "/frame.html":
			fmt.Fprint(w, "<!doctype html><title>frame</title><p>framed</p>")
		case "/events":
			w.WriteHeader(http.StatusNoContent) // an EventSource stops on 204
		default:
			fmt.Fprint(w, "ok")
		}
	}))
	ts.Listener.Close()
	ts.Listener = ln
	log.watch(ts)
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, log
}

// serveHostile serves testdata/sites/hostile on 127.0.0.1 with HOST_B (and
// WS_B) replaced by host B's address.
func serveHostile(t *testing.T, hostB string) (*httptest.Server, *accessLog) {
	t.Helper()
	log := &accessLog{}
	dir := sites.Dir("hostile")
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r.URL.Path)
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(name)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		b = bytes.ReplaceAll(b, []byte("HOST_B"), []byte(hostB))
		b = bytes.ReplaceAll(b, []byte("WS_B"), []byte("ws"+strings.TrimPrefix(hostB, "http")))
		switch filepath.Ext(name) {
		case ".js":
			w.Header().Set("Content-Type", "text/javascript")
		case ".html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
		}
		w.Write(b)
	}))
	t.Cleanup(ts.Close)
	return ts, log
}

func newGate(t *testing.T, seed string) *policy.Gate {
	t.Helper()
	scope, err := policy.NewScope([]*url.URL{mustURL(t, seed)}, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// robots.txt is asked on connections that close after each answer, so
	// that a server's connections all end once the browser's do (drained).
	tr := policy.NewTransport(nil)
	tr.DisableKeepAlives = true
	return policy.NewGate(policy.GateConfig{Scope: scope, Robots: policy.NewRobotsClient(policy.AgentToken, "webgraph-test", tr), UserAgent: "webgraph-test"})
}

func blockedBy(s *fetch.Side, path string) (fetch.BlockedResource, bool) {
	for _, b := range s.BlockedResources {
		if u, err := url.Parse(b.URL); err == nil && u.Path == path {
			return b, true
		}
	}
	return fetch.BlockedResource{}, false
}

// unlisted are the paths on host B that the hostile page asks for and a
// render refuses without listing them: an image, a beacon, a ping, a
// prefetch, a popup and a target=_blank link.
var unlisted = []string{"/img.png", "/beacon", "/ping", "/prefetch", "/popup", "/blank"}

func TestHostileSecondHost(t *testing.T) {
	tests := []struct {
		name   string
		robots string
		// fetched are the paths host B must see after /robots.txt (in any
		// order); every other path is a failure.
		fetched []string
		// blocked maps a path on host B to the reason it must be listed
		// with.
		blocked map[string]fetch.DenialCause
	}{
		{
			name:   "B disallows everyone",
			robots: "User-agent: *\nDisallow: /\n",
			blocked: map[string]fetch.DenialCause{
				"/style.css": fetch.DeniedDisallowed, "/script.js": fetch.DeniedDisallowed,
				"/frame.html": fetch.DeniedDisallowed, "/fetch": fetch.DeniedDisallowed,
				"/xhr": fetch.DeniedDisallowed, "/events": fetch.DeniedDisallowed,
				"/from-worker": fetch.DeniedDisallowed, "/ws": fetch.DeniedType,
			},
		},
		{
			name:    "B allows webgraph",
			robots:  "User-agent: webgraph\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
			fetched: []string{"/style.css", "/script.js", "/frame.html", "/fetch", "/xhr", "/events", "/from-worker"},
			blocked: map[string]fetch.DenialCause{"/ws": fetch.DeniedType},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, logB := serveHostB(t, tt.robots)
			a, logA := serveHostile(t, b.URL)
			f := own(t, rendered.Config{Timeout: 15 * time.Second, Gate: newGate(t, a.URL+"/"), UserAgent: "webgraph-test"})
			closeF := closeOnce(t, f)

			s, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/"))
			if err != nil {
				t.Fatalf("Fetch: %v", err)
			}
			if !strings.HasSuffix(s.Title, "(scripts ran)") || s.Words < 20 {
				t.Errorf("title %q, %d words; want the page rendered with its scripts run", s.Title, s.Words)
			}
			// Host B's log is read once the browser is gone and every
			// connection to host B has ended: nothing can reach it after.
			if err := closeF(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			drained(t, logB)
			got := logB.get()
			t.Logf("host B's access log: %q", got)
			t.Logf("host A's access log: %q", logA.get())
			for _, br := range s.BlockedResources {
				t.Logf("blocked: %s %s (%s)", br.Reason, br.URL, br.Detail)
			}
			if len(got) == 0 || got[0] != "/robots.txt" {
				t.Fatalf("host B's first request = %q; want /robots.txt, asked before anything else", got)
			}
			if n := strings.Count(strings.Join(got, " ")+" ", "/robots.txt "); n != 1 {
				t.Errorf("host B was asked for robots.txt %d times; want once", n)
			}
			rest := got[1:]
			for _, p := range rest {
				if !slices.Contains(tt.fetched, p) {
					t.Errorf("host B received %s; want it never requested", p)
				}
			}
			for _, p := range tt.fetched {
				if !slices.Contains(rest, p) {
					t.Errorf("host B never received %s; robots.txt allows it for webgraph", p)
				}
			}
			for p, reason := range tt.blocked {
				br, ok := blockedBy(s, p)
				if !ok {
					t.Errorf("%s not in BlockedResources", p)
					continue
				}
				if br.Reason != reason || br.Detail == "" {
					t.Errorf("%s blocked as %q (%q); want %q with a detail", p, br.Reason, br.Detail, reason)
				}
			}
			// What cannot change the page's text is refused and
			// counted, never listed (see intercept.go).
			for _, p := range unlisted {
				if br, ok := blockedBy(s, p); ok {
					t.Errorf("%s is listed as %q (%s); want it only counted", p, br.Reason, br.Detail)
				}
			}
			if s.Blocked < len(s.BlockedResources)+len(unlisted) {
				t.Errorf("Blocked = %d; want every listed resource and the %d refused unlisted counted (%d listed)", s.Blocked, len(unlisted), len(s.BlockedResources))
			}
		})
	}
}
