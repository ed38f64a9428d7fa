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

	"github.com/webgraph/webgraph/internal/testkit/proxytest"
)

// viaLog records each request a server received and whether it came
// through the test proxy.
type viaLog struct {
	mu     sync.Mutex
	direct []string
	all    []string
}

func (l *viaLog) add(r *http.Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all = append(l.all, r.Method+" "+r.URL.Path)
	if r.Header.Get("Via") != proxytest.Via {
		l.direct = append(l.direct, r.Method+" "+r.URL.Path)
	}
}

func serveVia(t *testing.T, addr string, h func(w http.ResponseWriter, r *http.Request)) (*httptest.Server, *viaLog) {
	t.Helper()
	log := &viaLog{}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s: %v", addr, err)
	}
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.add(r)
		h(w, r)
	}))
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, log
}

// TestCrawlThroughProxy crawls a site on 127.0.0.1 whose page links to host
// B on 127.0.0.2, with --proxy and --check external: every request either
// host receives came through the proxy (the gate's robots.txt and sitemap
// requests, the plain side's pages, the link check), and the proxy's log
// shows each of them.
func TestCrawlThroughProxy(t *testing.T) {
	t.Parallel()
	proxy := proxytest.Start(t)
	b, logB := serveVia(t, "127.0.0.2:0", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
			return
		}
		fmt.Fprint(w, "ok")
	})
	a, logA := serveVia(t, "127.0.0.1:0", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
		case "/", "/two":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><title>page</title><p>%s</p><a href="/two">Two</a> <a href="%s/ext">Elsewhere</a>`,
				strings.Repeat("Words enough for a page to be kept by the plain side. ", 4), b.URL)
		default:
			http.NotFound(w, r)
		}
	})
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0",
		"--check", "external", "--proxy", proxy.URL, a.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "webgraph: every request goes through the proxy "+proxy.URL) {
		t.Errorf("stderr does not say the proxy:\n%s", errOut)
	}
	got := proxy.Requests()
	t.Logf("proxy log: %q", got)
	for _, want := range []string{"GET " + a.URL + "/robots.txt", "GET " + a.URL + "/sitemap.xml", "GET " + a.URL + "/", "GET " + a.URL + "/two",
		"GET " + b.URL + "/robots.txt", "HEAD " + b.URL + "/ext"} {
		if !slices.Contains(got, want) {
			t.Errorf("the proxy never forwarded %s", want)
		}
	}
	for name, l := range map[string]*viaLog{"site": logA, "host B": logB} {
		l.mu.Lock()
		if len(l.all) == 0 {
			t.Errorf("%s was never asked anything", name)
		}
		if len(l.direct) > 0 {
			t.Errorf("%s was asked directly, around the proxy: %q", name, l.direct)
		}
		l.mu.Unlock()
	}
	if !strings.Contains(out, `"verdict":"ok"`) {
		t.Errorf("the external link was not verified ok through the proxy:\n%s", out)
	}
}

func TestProxyUsage(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"crawl", "--proxy", "ftp://127.0.0.1:1", "http://127.0.0.1:1/"}, "--proxy: want"},
		{[]string{"page", "--proxy", "127.0.0.1:3128", "http://127.0.0.1:1/"}, "--proxy: want"},
		{[]string{"page", "--proxy", "http://127.0.0.1:1", "--browser-url", "ws://127.0.0.1:1/devtools/browser/x", "http://127.0.0.1:1/"}, "running browser"},
	} {
		_, errOut, code := webgraph(t, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, %q; want a usage error with %q", tt.args, code, errOut, tt.want)
		}
	}
}
