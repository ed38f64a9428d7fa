package rendered_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
)

// headerLog records each request a server received with the headers the
// test looks at.
type headerLog struct {
	mu   sync.Mutex
	reqs []loggedRequest
}

type loggedRequest struct{ path, token, cookie string }

func (l *headerLog) add(r *http.Request) {
	l.mu.Lock()
	l.reqs = append(l.reqs, loggedRequest{r.URL.Path, r.Header.Get("X-Staging-Token"), r.Header.Get("Cookie")})
	l.mu.Unlock()
}

func (l *headerLog) get() []loggedRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.reqs)
}

func (l *headerLog) paths() []string {
	var out []string
	for _, r := range l.get() {
		out = append(out, r.path)
	}
	return out
}

// waitFor waits until log holds every path in want, or gives up after
// waitLimit (the test's checks then say which path is missing).
func waitFor(log *headerLog, want ...string) {
	for deadline := time.Now().Add(waitLimit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got := log.paths(); !slices.ContainsFunc(want, func(p string) bool { return !slices.Contains(got, p) }) {
			return
		}
	}
}

func listenOn(t *testing.T, addr string, h http.Handler) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s: %v", addr, err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// TestCredentialsOnlyToApprovedOrigins renders a page on 127.0.0.1 that
// loads a script and an XHR from itself and from host B (127.0.0.2, whose
// robots.txt allows webgraph), and follows a redirect from the site to host
// B: every request the site receives carries the operator's header and
// cookie (the cookie joined to the site's own), and host B's access log shows
// none, robots.txt included.
func TestCredentialsOnlyToApprovedOrigins(t *testing.T) {
	logB := &headerLog{}
	b := listenOn(t, "127.0.0.2:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logB.add(r)
		w.Header().Set("Access-Control-Allow-Origin", "*")
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: webgraph\nAllow: /\n\nUser-agent: *\nDisallow: /\n")
		case "/b.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, "window.fromB = true;")
		default:
			fmt.Fprint(w, "ok")
		}
	}))
	logA := &headerLog{}
	a := listenOn(t, "127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logA.add(r)
		switch r.URL.Path {
		case "/":
			http.SetCookie(w, &http.Cookie{Name: "site", Value: "own", Path: "/"})
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><title>creds</title>
<p>A page that loads a script and data from its own site and from another host.</p>
<script src="/a.js"></script>
<script src="%[1]s/b.js"></script>
<script>
fetch("/xhr-a"); fetch("%[1]s/xhr-b"); fetch("/to-b");
const x = new XMLHttpRequest(); x.open("GET", "%[1]s/xhr2-b"); x.send();
</script>`, b.URL)
		case "/a.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, "window.fromA = true;")
		case "/to-b":
			http.Redirect(w, r, b.URL+"/redirected", http.StatusFound)
		default:
			fmt.Fprint(w, "ok")
		}
	}))

	gate := newGate(t, a.URL+"/")
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Gate: gate, UserAgent: "webgraph-test",
		Credentials:    http.Header{"X-Staging-Token": {"s3cret"}, "Cookie": {"auth=op"}},
		CredentialsFor: gate.Scope().ApprovedOrigin})
	defer f.Close()

	s, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	waitFor(logA, "/", "/a.js", "/xhr-a", "/to-b")
	waitFor(logB, "/robots.txt", "/b.js", "/xhr-b", "/xhr2-b", "/redirected")
	t.Logf("site: %+v", logA.get())
	t.Logf("host B: %+v", logB.get())
	for _, br := range s.BlockedResources {
		t.Logf("blocked: %s %s (%s)", br.Reason, br.URL, br.Detail)
	}

	for _, p := range []string{"/", "/a.js", "/xhr-a", "/to-b"} {
		if !slices.Contains(logA.paths(), p) {
			t.Errorf("the site never received %s", p)
		}
	}
	for _, r := range logA.get() {
		if r.path == "/robots.txt" {
			continue // asked by the gate's robots client, which sends no credentials
		}
		if r.token != "s3cret" {
			t.Errorf("site %s: X-Staging-Token = %q; want %q", r.path, r.token, "s3cret")
		}
		if !strings.Contains(r.cookie, "auth=op") {
			t.Errorf("site %s: Cookie = %q; want it to hold auth=op", r.path, r.cookie)
		}
		if r.path != "/" && !strings.Contains(r.cookie, "site=own") {
			t.Errorf("site %s: Cookie = %q; want the site's own cookie kept beside the operator's", r.path, r.cookie)
		}
	}
	for _, p := range []string{"/robots.txt", "/b.js", "/xhr-b", "/xhr2-b", "/redirected"} {
		if !slices.Contains(logB.paths(), p) {
			t.Errorf("host B never received %s; the test proves nothing about it", p)
		}
	}
	for _, r := range logB.get() {
		if r.token != "" || strings.Contains(r.cookie, "auth=op") {
			t.Errorf("host B %s received credentials: X-Staging-Token %q, Cookie %q", r.path, r.token, r.cookie)
		}
	}
}
