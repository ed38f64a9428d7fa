package rendered_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// serveOn starts handler on ip (a loopback address) for the test.
func serveOn(t *testing.T, ip string, handler http.HandlerFunc) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	ts := httptest.NewUnstartedServer(handler)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// A browser started with its defaults runs a cross-site iframe in a
// process of its own, out of reach of the tab's Fetch domain. Its
// requests must pass the gate all the same: host B, whose robots.txt
// disallows everything, sees nothing but that robots.txt, though the
// iframe (from host C) and the iframe in it (from host D) did run their
// scripts, as hosts C and D saw.
func TestRemoteBrowserGatesCrossSiteFrames(t *testing.T) {
	ws, _ := runningChrome(t)
	b, logB := serveHostB(t, "User-agent: *\nDisallow: /\n")
	logD := &accessLog{}
	d := serveOn(t, "127.0.0.4", func(w http.ResponseWriter, r *http.Request) {
		logD.add(r.URL.Path)
		w.Header().Set("Access-Control-Allow-Origin", "*")
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
		case "/inner.html":
			fmt.Fprintf(w, `<!doctype html><title>inner</title><script>
fetch(%q).catch(() => {}).finally(() => fetch("/ran"));
</script>`, b.URL+"/from-nested")
		default:
			fmt.Fprint(w, "ok")
		}
	})
	logC := &accessLog{}
	c := serveOn(t, "127.0.0.3", func(w http.ResponseWriter, r *http.Request) {
		logC.add(r.URL.Path)
		w.Header().Set("Access-Control-Allow-Origin", "*")
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nAllow: /\n")
		case "/frame.html":
			// A flood of requests first: answering them must not stall
			// the frame's session.
			fmt.Fprintf(w, `<!doctype html><title>frame</title><p>framed</p><script>
Promise.all(Array.from({length: 150}, (_, i) => fetch("/flood?" + i).catch(() => {})))
  .then(() => fetch(%q)).catch(() => {}).finally(() => fetch("/ran"));
</script><iframe src="%s/inner.html"></iframe>`, b.URL+"/from-iframe", d.URL)
		default:
			fmt.Fprint(w, "ok")
		}
	})
	a := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>Host A</title><h1>A page with a frame from another site</h1>
<p>This page holds an iframe served by another host, whose script asks a third host for a path its robots.txt disallows.</p>
<iframe src="%s/frame.html"></iframe>`, c.URL)
	})

	f, err := rendered.New(rendered.Config{BrowserURL: ws, Gate: newGate(t, a.URL+"/"), Tabs: 1})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	closeF := closeOnce(t, f)
	s, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	// Each frame asks for /ran last, once its requests (the flood, then
	// host B) are answered or refused. Then webgraph leaves the browser,
	// and host B's log is read once every connection to it has ended.
	for name, l := range map[string]*accessLog{"C": logC, "D": logD} {
		eventually(t, func() error {
			if !slices.Contains(l.get(), "/ran") {
				return fmt.Errorf("the iframe from host %s did not run its script (its log %q): the test proves nothing", name, l.get())
			}
			return nil
		})
	}
	if err := closeF(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	drained(t, logB)
	if n := slices.Index(logC.get(), "/ran") - slices.Index(logC.get(), "/frame.html") - 1; n < 150 {
		t.Errorf("host C saw %d requests between the frame and its end; want the frame's 150", n)
	}
	if got := logB.get(); slices.Contains(got, "/from-iframe") || slices.Contains(got, "/from-nested") {
		t.Errorf("host B's log = %q: a cross-site iframe reached it without the gate", got)
	}
	for _, p := range []string{"/from-iframe", "/from-nested"} {
		if _, ok := blockedBy(s, p); !ok {
			t.Errorf("the request for %s on host B is not listed as blocked: %+v", p, s.BlockedResources)
		}
	}
}

// Insecure reaches a remote browser too: a site whose certificate no store
// trusts is rendered once it is set, not before, and not after webgraph
// left that browser.
func TestRemoteBrowserInsecure(t *testing.T) {
	ws, _ := runningChrome(t)
	ts, _ := sites.ServeTLS(t, "union", sites.NewCA(t))
	for _, insecure := range []bool{false, true, false} {
		f, err := rendered.New(rendered.Config{BrowserURL: ws, Tabs: 1, Insecure: insecure})
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/app.html"))
		f.Close()
		warned := slices.Contains(s.Warnings, rendered.InsecureWarning)
		switch {
		case !insecure && (err == nil || !strings.Contains(err.Error(), "ERR_CERT")):
			t.Errorf("without Insecure: err=%v; want a certificate error", err)
		case insecure && (err != nil || s.Words < 20 || !warned):
			t.Errorf("Insecure: err=%v words=%d warned=%v; want the app rendered, and said", err, s.Words, warned)
		}
	}
}
