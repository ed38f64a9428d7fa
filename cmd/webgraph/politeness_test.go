package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// arrivals records when each request other than /robots.txt reached a
// server, by the server's own clock: the witness of a host's spacing.
type arrivals struct {
	mu    sync.Mutex
	paths []string
	at    []time.Time
}

func (a *arrivals) add(r *http.Request) {
	if r.URL.Path == "/robots.txt" {
		return
	}
	a.mu.Lock()
	a.paths = append(a.paths, r.Method+" "+r.URL.Path)
	a.at = append(a.at, time.Now())
	a.mu.Unlock()
}

// gaps returns the times between consecutive arrivals, in order.
func (a *arrivals) gaps() []time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	ts := slices.Clone(a.at)
	slices.SortFunc(ts, func(x, y time.Time) int { return x.Compare(y) })
	var g []time.Duration
	for i := 1; i < len(ts); i++ {
		g = append(g, ts[i].Sub(ts[i-1]))
	}
	return g
}

// serveOn starts h on ip, port chosen by the system.
func serveOn(t *testing.T, ip string, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// A handler's start may lag its request's send by a few ms on a loaded
// machine: the throttle spaces sends, the server sees arrivals.
const arrivalJitter = 30 * time.Millisecond

// The link checks of another host keep that host's Crawl-delay, though the
// crawl runs with no interval of its own: the gate records the delay as it
// reads the host's robots.txt, whatever the purpose.
func TestLinkChecksKeepCrawlDelay(t *testing.T) {
	t.Parallel()
	const delay = 400 * time.Millisecond
	var ext arrivals
	b := serveOn(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		ext.add(r)
		if r.URL.Path == "/robots.txt" {
			fmt.Fprintf(w, "User-agent: *\nCrawl-delay: %g\n", delay.Seconds())
			return
		}
		fmt.Fprint(w, "<p>fine</p>")
	})
	const targets = 5
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		var links strings.Builder
		for i := range targets {
			fmt.Fprintf(&links, "<a href=\"%s/t%d\">target %d</a>\n", b.URL, i, i)
		}
		fmt.Fprintf(w, "<html><head><title>Home</title></head><body>%s%s</body></html>", filler, links.String())
	})
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--check", "external", "--depth", "0",
		"--host-interval", "0s", "--delay", "0s", "--concurrency", "4", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := strings.Count(out, `"event":"link"`); n != targets {
		t.Fatalf("%d link events; want %d\n%s", n, targets, out)
	}
	ext.mu.Lock()
	asked := slices.Clone(ext.paths)
	ext.mu.Unlock()
	if len(asked) != targets {
		t.Fatalf("the linked host was asked %v; want one HEAD per target", asked)
	}
	for i, g := range ext.gaps() {
		if g < delay-arrivalJitter {
			t.Errorf("checks %d and %d reached the host %s apart; its Crawl-delay is %s (asked: %v)", i, i+1, g, delay, asked)
		}
	}
}

// A seed typed with a capitalised host and its default port is the same
// host as its normalised links: one throttle, one Crawl-delay, one origin.
func TestTypedHostKeepsCrawlDelay(t *testing.T) {
	t.Parallel()
	const delay = 400 * time.Millisecond
	var got arrivals
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		got.add(r)
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nCrawl-delay: %g\n", delay.Seconds())
		case "/":
			fmt.Fprintf(w, "<html><head><title>Home</title></head><body>%s<a href=/a>a</a><a href=/b>b</a><a href=/c>c</a></body></html>", filler)
		case "/a", "/b", "/c":
			fmt.Fprintf(w, "<html><head><title>%s</title></head><body>%s</body></html>", r.URL.Path, filler)
		default:
			http.NotFound(w, r)
		}
	})
	_, port, _ := net.SplitHostPort(site.Listener.Addr().String())
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0s", "--delay", "0s", "--concurrency", "4", "HTTP://LOCALHOST:"+port+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := strings.Count(out, `"event":"page"`); n != 4 {
		t.Errorf("%d page events; want the seed and its three links\n%s", n, out)
	}
	got.mu.Lock()
	asked := slices.Clone(got.paths)
	got.mu.Unlock()
	for i, g := range got.gaps() {
		if g < delay-arrivalJitter {
			t.Errorf("requests %d and %d reached the host %s apart; its Crawl-delay is %s (asked: %v)", i, i+1, g, delay, asked)
		}
	}
}
