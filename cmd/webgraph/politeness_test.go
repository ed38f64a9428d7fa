package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/webgraph/webgraph/warc"
)

// grantLog is the command's throttle's log of the slots it granted, per
// host (policy.Throttle.OnGrant, through grantsKey): the witness of a
// host's spacing, by the throttle's own clock. A server's clock is no
// witness: it stamps a request when its handler runs, which a loaded
// machine delays unevenly.
type grantLog struct {
	mu sync.Mutex
	at map[string][]time.Time
}

func (g *grantLog) add(host string, at time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.at == nil {
		g.at = map[string][]time.Time{}
	}
	g.at[host] = append(g.at[host], at)
}

func (g *grantLog) of(host string) []time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.at[host])
}

// webgraphGranting is webgraph with the command's throttle telling log of
// each slot it grants.
func webgraphGranting(t *testing.T, log *grantLog, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	ctx := context.WithValue(context.Background(), grantsKey{}, log.add)
	err := run(ctx, args, &out, &errb)
	return out.String(), errb.String(), exitCode(err, &errb)
}

// arrivals records, in order, each request a server received and how many
// slots the throttle had granted to the server's host when it came.
type arrivals struct {
	grants *grantLog
	mu     sync.Mutex
	host   string // the server's host, as the throttle keys it
	seen   []arrival
}

type arrival struct {
	what    string // method and path
	granted int    // slots granted to the host when the request came
}

func (a *arrivals) add(r *http.Request) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.seen = append(a.seen, arrival{r.Method + " " + r.URL.Path, len(a.grants.of(a.host))})
}

// setHost names the server's host as the throttle keys it (policy.HostKey).
func (a *arrivals) setHost(host string) {
	a.mu.Lock()
	a.host = host
	a.mu.Unlock()
}

// asked returns the requests other than robots.txt, in order.
func (a *arrivals) asked() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	var asked []string
	for _, x := range a.seen {
		if x.what != "GET /robots.txt" {
			asked = append(asked, x.what)
		}
	}
	return asked
}

// keptDelay checks the host's requests against the throttle's log: each
// request the server saw came once a slot of its own was granted (the k-th
// request after the k-th slot), the throttle granted as many slots as the
// host saw requests, and consecutive slots were at least delay apart by
// the throttle's clock. Together: no two requests reached the host closer
// than the throttle allowed, and the throttle allowed no less than delay.
func (a *arrivals) keptDelay(t *testing.T, delay time.Duration) {
	t.Helper()
	a.mu.Lock()
	seen := slices.Clone(a.seen)
	host := a.host
	a.mu.Unlock()
	grants := a.grants.of(host)
	var what []string
	for i, x := range seen {
		what = append(what, x.what)
		if x.granted < i+1 {
			t.Errorf("request %d (%s) reached %s when the throttle had granted it %d slots; want each request after a slot of its own", i+1, x.what, host, x.granted)
		}
	}
	if len(grants) != len(seen) {
		t.Errorf("the throttle granted %s %d slots; the host saw %d requests (%v)", host, len(grants), len(seen), what)
	}
	for i := 1; i < len(grants); i++ {
		if g := grants[i].Sub(grants[i-1]); g < delay {
			t.Errorf("slots %d and %d of %s were granted %s apart; its Crawl-delay is %s (requests: %v)", i, i+1, host, g, delay, what)
		}
	}
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

// The link checks of another host keep that host's Crawl-delay, though the
// crawl runs with no interval of its own: the gate records the delay as it
// reads the host's robots.txt, whatever the purpose.
func TestLinkChecksKeepCrawlDelay(t *testing.T) {
	t.Parallel()
	const delay = 400 * time.Millisecond
	var grants grantLog
	ext := arrivals{grants: &grants}
	b := serveOn(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		ext.add(r)
		if r.URL.Path == "/robots.txt" {
			fmt.Fprintf(w, "User-agent: *\nCrawl-delay: %g\n", delay.Seconds())
			return
		}
		fmt.Fprint(w, "<p>fine</p>")
	})
	ext.setHost(b.Listener.Addr().String())
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
	out, errOut, code := webgraphGranting(t, &grants, "crawl", "--db", db, "--mode", "plain", "--check", "external", "--depth", "0",
		"--host-interval", "0s", "--delay", "0s", "--concurrency", "4", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := strings.Count(out, `"event":"link"`); n != targets {
		t.Fatalf("%d link events; want %d\n%s", n, targets, out)
	}
	if asked := ext.asked(); len(asked) != targets {
		t.Fatalf("the linked host was asked %v; want one HEAD per target", asked)
	}
	ext.keptDelay(t, delay)
}

// A seed typed with a capitalised host and its default port is the same
// host as its normalised links: one throttle, one Crawl-delay, one origin.
func TestTypedHostKeepsCrawlDelay(t *testing.T) {
	t.Parallel()
	const delay = 400 * time.Millisecond
	var grants grantLog
	got := arrivals{grants: &grants}
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
	got.setHost("localhost:" + port)
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraphGranting(t, &grants, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0s", "--delay", "0s", "--concurrency", "4", "HTTP://LOCALHOST:"+port+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := strings.Count(out, `"event":"page"`); n != 4 {
		t.Errorf("%d page events; want the seed and its three links\n%s", n, out)
	}
	got.keptDelay(t, delay)
}

// resolves reports whether a request's path, as a server resolves it
// (escapes decoded, dot-segments removed), is under prefix.
func resolves(r *http.Request, prefix string) bool {
	return strings.HasPrefix(path.Clean("/"+r.URL.Path), prefix)
}

// A redirect hop to /ok/%2e%2e/private is /private to the server: the
// crawl's scope (--allow-path /ok) and robots.txt (Disallow: /private)
// judge it so, on a page's own hops and on a link check's, and the
// server never sees it.
func TestEncodedDotSegmentsOnAHop(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var private []string
	logPrivate := func(r *http.Request) {
		if resolves(r, "/private") || resolves(r, "/elsewhere") {
			mu.Lock()
			private = append(private, r.Host+" "+r.Method+" "+r.RequestURI)
			mu.Unlock()
		}
	}
	// The linked host: its robots.txt disallows /private.
	b := serveOn(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		logPrivate(r)
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		default:
			fmt.Fprint(w, "<p>secret</p>")
		}
	})
	// A third host that redirects a link check into b's /private.
	c := serveOn(t, "127.0.0.3", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Location", b.URL+"/ok/%2e%2e/private/key")
		w.WriteHeader(http.StatusFound)
	})
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		logPrivate(r)
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		case "/ok/":
			fmt.Fprintf(w, `<html><head><title>Home</title></head><body>%s<a href="/ok/hop">hop</a><a href="/ok/hop2">hop2</a><a href="%s/away">away</a></body></html>`, filler, c.URL)
		case "/ok/hop":
			w.Header().Set("Location", "/ok/%2e%2e/private/page")
			w.WriteHeader(http.StatusFound)
		case "/ok/hop2":
			w.Header().Set("Location", "/ok/%2E%2E/elsewhere")
			w.WriteHeader(http.StatusFound)
		default:
			fmt.Fprintf(w, "<html><head><title>Secret</title></head><body>%s</body></html>", filler)
		}
	})
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--check", "external", "--allow-path", "/ok",
		"--host-interval", "0s", "--delay", "0s", "--header", "Authorization: Bearer s3cret", site.URL+"/ok/")
	if code != exitOK && code != exitRefused {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(private) != 0 {
		t.Errorf("requests that resolve to a disallowed path reached the servers: %v", private)
	}
	// The witnesses saw nothing; the crawl said why, for both hops.
	for _, want := range []string{`disallows it`, `outside the allowed paths`} {
		if !strings.Contains(out, want) {
			t.Errorf("no event says %q\n%s", want, out)
		}
	}
	if !strings.Contains(out, `"event":"link"`) || !strings.Contains(out, "a redirect was not followed") {
		t.Errorf("the link check through the redirect is not said to be refused\n%s", out)
	}
}

// The operator's --header and --cookie reach the site but not the WARC: the
// request records name them with a marker in place of their values.
//
// Not parallel, as TestCrawlWARC: one WARC writer at a time per process.
func TestWARCLeavesCredentialsOut(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Header.Get("X-Staging-Token")+" "+r.Header.Get("Cookie"))
		mu.Unlock()
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, "<html><head><title>Home</title></head><body>%s</body></html>", filler)
	})
	dir := t.TempDir()
	file := filepath.Join(dir, "crawl.warc.gz")
	_, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(dir, "crawl.db"), "--mode", "plain", "--warc", file, "--depth", "0",
		"--host-interval", "0s", "--delay", "0s", "--header", "X-Staging-Token: tok-3141", "--header", "Authorization: Bearer tok-2718",
		"--cookie", "sid=tok-1618", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	mu.Lock()
	sent := strings.Join(seen, "\n")
	mu.Unlock()
	if !strings.Contains(sent, "tok-3141 sid=tok-1618") {
		t.Fatalf("the site never saw the credentials: %q", sent)
	}
	var requests int
	err := warc.Read(file, func(r warc.Record) error {
		if strings.Contains(string(r.Block), "tok-") {
			t.Errorf("the %s record of %s holds a credential:\n%s", r.Type, r.TargetURI, r.Block)
		}
		if r.Type == "request" {
			requests++
			for _, h := range []string{"X-Staging-Token: " + warc.Redacted, "Authorization: " + warc.Redacted, "Cookie: " + warc.Redacted} {
				if !strings.Contains(string(r.Block), h+"\r\n") {
					t.Errorf("the request record of %s does not say %q:\n%s", r.TargetURI, h, r.Block)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if requests == 0 {
		t.Error("no request record")
	}
}

// A page's own script asking for a URL the operator excluded (--exclude
// /logout) gets none of the operator's credentials; the page itself, on
// the same origin, does.
func TestExcludedSubresourceGetsNoCredentials(t *testing.T) {
	needBrowser(t)
	t.Parallel()
	var mu sync.Mutex
	cookies := map[string][]string{} // path → Cookie headers received
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		cookies[r.URL.Path] = append(cookies[r.URL.Path], r.Header.Get("Cookie")+"|"+r.Header.Get("X-Staging-Token"))
		mu.Unlock()
		switch r.URL.Path {
		case "/":
			fmt.Fprintf(w, `<html><head><title>Home</title></head><body>%s<script>fetch("/logout", {credentials: "include"}).then(r => r.text()).then(t => { document.title = "fetched"; });</script></body></html>`, filler)
		case "/logout":
			fmt.Fprint(w, "bye")
		default:
			http.NotFound(w, r)
		}
	})
	out, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "crawl.db"), "--mode", "rendered", "--depth", "0",
		"--host-interval", "0s", "--delay", "0s", "--exclude", "/logout", "--cookie", "sid=tok-1618", "--header", "X-Staging-Token: tok-3141", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, errOut, out)
	}
	mu.Lock()
	defer mu.Unlock()
	if got := strings.Join(cookies["/"], " "); !strings.Contains(got, "sid=tok-1618|tok-3141") {
		t.Fatalf("the page itself did not get the credentials: %q", got)
	}
	if len(cookies["/logout"]) == 0 {
		t.Fatalf("the page's fetch('/logout') never reached the server (a witness that cannot fail otherwise)\n%s", out)
	}
	for _, got := range cookies["/logout"] {
		if strings.Contains(got, "tok-") {
			t.Errorf("the excluded /logout received the operator's credentials: %q", got)
		}
	}
}

// A link check's redirect to another host is a request to that host: it
// keeps that host's Crawl-delay as a check sent there directly does.
func TestLinkCheckHopKeepsCrawlDelay(t *testing.T) {
	t.Parallel()
	const delay = 400 * time.Millisecond
	var grants grantLog
	ext := arrivals{grants: &grants}
	b := serveOn(t, "127.0.0.3", func(w http.ResponseWriter, r *http.Request) {
		ext.add(r)
		if r.URL.Path == "/robots.txt" {
			fmt.Fprintf(w, "User-agent: *\nCrawl-delay: %g\n", delay.Seconds())
			return
		}
		fmt.Fprint(w, "<p>fine</p>")
	})
	ext.setHost(b.Listener.Addr().String())
	a := serveOn(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, b.URL+r.URL.Path, http.StatusFound)
	})
	const targets = 4
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		var links strings.Builder
		for i := range targets {
			fmt.Fprintf(&links, "<a href=\"%s/t%d\">target %d</a>\n", a.URL, i, i)
		}
		fmt.Fprintf(w, "<html><head><title>Home</title></head><body>%s%s</body></html>", filler, links.String())
	})
	out, errOut, code := webgraphGranting(t, &grants, "crawl", "--db", filepath.Join(t.TempDir(), "crawl.db"), "--mode", "plain", "--check", "external", "--depth", "0",
		"--host-interval", "0s", "--delay", "0s", "--concurrency", "4", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := strings.Count(out, `"verdict":"ok"`); n != targets {
		t.Fatalf("%d ok verdicts; want %d\n%s", n, targets, out)
	}
	if asked := ext.asked(); len(asked) != targets {
		t.Fatalf("the redirected-to host was asked %v; want one request per target", asked)
	}
	ext.keptDelay(t, delay)
}

// --block-private on: a link to a host on a private network outside the
// approved origins is not checked (its log stays empty, robots.txt
// included) and the link event says why. auto, for a crawl whose own site
// is on loopback, checks it (TestLinkChecksKeepCrawlDelay).
func TestBlockPrivateLinkChecks(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	b := serveOn(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "<p>internal</p>")
	})
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, `<html><head><title>Home</title></head><body>%s<a href="%s/admin">admin</a></body></html>`, filler, b.URL)
	})
	out, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "crawl.db"), "--mode", "plain", "--check", "external", "--depth", "0",
		"--host-interval", "0s", "--delay", "0s", "--block-private", "on", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the private host was asked %d times", n)
	}
	if !strings.Contains(out, `"verdict":"unverifiable"`) || !strings.Contains(out, "private network") {
		t.Errorf("no link event says the private host was refused\n%s", out)
	}
	if _, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--block-private", "maybe", site.URL+"/"); code != exitUsage {
		t.Errorf("--block-private maybe: exit %d; want usage\n%s", code, errOut)
	}
}

// --block-private on: a page's script on a private host outside the
// approved origins is blocked in the browser (that host's log stays empty)
// and listed in blocked_resources with the reason.
func TestBlockPrivateSubresources(t *testing.T) {
	needBrowser(t)
	t.Parallel()
	var hits atomic.Int32
	b := serveOn(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprint(w, "document.title = 'reached';")
	})
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, `<html><head><title>Home</title><script src="%s/internal.js"></script></head><body>%s</body></html>`, b.URL, filler)
	})
	out, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "crawl.db"), "--mode", "rendered", "--depth", "0",
		"--host-interval", "0s", "--delay", "0s", "--block-private", "on", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the private host was asked %d times", n)
	}
	if !strings.Contains(out, "blocked_resources") || !strings.Contains(out, b.URL+"/internal.js") || !strings.Contains(out, "private network") {
		t.Errorf("the page event does not list the blocked script with its reason\n%s", out)
	}
}
