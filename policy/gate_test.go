package policy

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/testkit/memnet"
)

// logged is a loopback server on ip that serves robots.txt and records every
// path it is asked for, in order.
type logged struct {
	*httptest.Server
	mu   sync.Mutex
	asks []string
}

func (l *logged) log() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.asks...)
}

func serveOn(t *testing.T, ip, robots string, h http.HandlerFunc) *logged {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	l := &logged{}
	l.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		l.mu.Lock()
		l.asks = append(l.asks, r.URL.RequestURI())
		l.mu.Unlock()
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte(robots))
			return
		}
		if h != nil {
			h(w, r)
			return
		}
		w.Write([]byte("<urlset><url><loc>" + "http://" + r.Host + "/p</loc></url></urlset>"))
	}))
	l.Listener.Close()
	l.Listener = ln
	l.Start()
	t.Cleanup(l.Close)
	return l
}

func testGate(t *testing.T, seed string, th *Throttle) *Gate {
	t.Helper()
	scope, err := NewScope([]*url.URL{mustParse(t, seed)}, nil, []string{"/", "/docs/"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return NewGate(GateConfig{Scope: scope, Robots: NewRobotsClient(AgentToken, "webgraph-test", nil), Throttle: th, UserAgent: "webgraph-test", Timeout: 5 * time.Second})
}

func TestGateAnswersByPurpose(t *testing.T) {
	t.Parallel()
	a := serveOn(t, "127.0.0.1", "User-agent: *\nDisallow: /private/\n", nil)
	b := serveOn(t, "127.0.0.2", "User-agent: *\nDisallow: /\n\nUser-agent: webgraph\nAllow: /lib/\nDisallow: /\n", nil)
	g := testGate(t, a.URL+"/", nil)
	ctx := context.Background()
	tests := []struct {
		name  string
		url   string
		p     Purpose
		cause fetch.DenialCause // "" allowed
	}{
		{"page in scope", a.URL + "/docs/x", Page, ""},
		{"page disallowed", a.URL + "/private/x", Page, fetch.DeniedDisallowed},
		{"hop into a disallowed path", a.URL + "/private/secret", Hop, fetch.DeniedDisallowed},
		{"hop to another host", b.URL + "/lib/x", Hop, fetch.DeniedOutOfScope},
		{"subresource another host allows webgraph", b.URL + "/lib/app.js", Subresource, ""},
		{"subresource another host disallows", b.URL + "/track.js", Subresource, fetch.DeniedDisallowed},
		{"subresource disallowed on the origin", a.URL + "/private/app.js", Subresource, fetch.DeniedDisallowed},
		{"sitemap on another host", b.URL + "/lib/sitemap.xml", Sitemap, fetch.DeniedOutOfScope},
		{"sitemap on the origin", a.URL + "/sitemap.xml", Sitemap, ""},
		{"link check on another host, allowed", b.URL + "/lib/", LinkCheck, ""},
		{"link check on another host, disallowed", b.URL + "/x", LinkCheck, fetch.DeniedDisallowed},
		{"not http", "ftp://" + strings.TrimPrefix(a.URL, "http://") + "/x", Subresource, fetch.DeniedOutOfScope},
		{"too long", a.URL + "/" + strings.Repeat("a", fetch.MaxURLBytes), Page, fetch.DeniedTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans := g.Ask(ctx, mustParse(t, tt.url), tt.p)
			var got fetch.DenialCause
			if ans.Denied != nil {
				got = ans.Denied.Cause
			}
			if got != tt.cause {
				t.Errorf("Ask(%s, %s) = %q (%v); want %q", tt.p, tt.url, got, ans.Denied, tt.cause)
			}
			if tt.cause == fetch.DeniedDisallowed && !strings.Contains(ans.Denied.Reason, "Disallow:") {
				t.Errorf("the refusal %q does not quote the rule", ans.Denied.Reason)
			}
		})
	}
	// Host B was asked for its robots.txt (once) and for nothing else.
	if got := b.log(); len(got) != 1 || got[0] != "/robots.txt" {
		t.Errorf("host B saw %q; want only one /robots.txt", got)
	}
}

func TestGateDoFollowsOnlyAllowedHops(t *testing.T) {
	t.Parallel()
	b := serveOn(t, "127.0.0.2", "User-agent: *\nDisallow: /\n", nil)
	a := serveOn(t, "127.0.0.1", "User-agent: *\nDisallow: /private/\nSitemap: "+b.URL+"/sitemap.xml\n", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/to-private.xml":
			http.Redirect(w, r, "/private/sitemap.xml", http.StatusFound)
		case "/to-b.xml":
			http.Redirect(w, r, "http://"+strings.TrimPrefix(b.URL, "http://")+"/sitemap.xml", http.StatusFound)
		default:
			w.Write([]byte("<urlset/>"))
		}
	})
	g := testGate(t, a.URL+"/", NewThrottle(0, nil))
	ctx := context.Background()
	for _, path := range []string{"/to-private.xml", "/to-b.xml"} {
		resp, err := g.Do(ctx, http.MethodGet, mustParse(t, a.URL+path), Sitemap, nil)
		if err == nil {
			resp.Body.Close()
			t.Errorf("%s: followed the redirect (HTTP %d); want the hop refused", path, resp.StatusCode)
			continue
		}
		var hop *fetch.HopError
		if !errors.As(err, &hop) {
			t.Errorf("%s: error %v; want a *fetch.HopError", path, err)
		}
	}
	if _, err := g.Do(ctx, http.MethodGet, mustParse(t, b.URL+"/sitemap.xml"), Sitemap, nil); err == nil {
		t.Error("another host's sitemap was fetched")
	}
	for _, p := range a.log() {
		if strings.HasPrefix(p, "/private/") {
			t.Errorf("host A was asked for %s, which its robots.txt disallows", p)
		}
	}
	for _, p := range b.log() {
		if p != "/robots.txt" {
			t.Errorf("host B was asked for %s", p)
		}
	}
}

// After Stop, a wait for a slot ends at once with ErrStopped, and nothing
// that starts new work is asked or sent. (In a synctest bubble on memnet:
// a wait that Stop did not end would run the bubble's clock to its slot, an
// hour on, and come back without the error.)
func TestGateStop(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		n := memnet.New(t)
		var mu sync.Mutex
		var asked []string
		site := n.Serve("127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			asked = append(asked, r.URL.RequestURI())
			mu.Unlock()
		}))
		th := NewThrottle(time.Hour, nil)
		scope, err := NewScope([]*url.URL{mustParse(t, site+"/")}, nil, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGate(GateConfig{Scope: scope, Robots: NewRobotsClient(AgentToken, "webgraph-test", n.Transport()), Throttle: th,
			UserAgent: "webgraph-test", Transport: n.Transport()})
		ctx := context.Background()
		host := HostKey(mustParse(t, site))
		th.Reserve(host)
		at := th.Reserve(host) // an hour from now
		start := time.Now()
		done := make(chan error, 1)
		go func() {
			_, err := g.WaitSlot(ctx, host, at)
			done <- err
		}()
		synctest.Wait() // WaitSlot waits for its slot
		g.Stop()
		if err := <-done; !errors.Is(err, ErrStopped) {
			t.Errorf("WaitSlot after Stop = %v; want ErrStopped", err)
		}
		if waited := time.Since(start); waited != 0 {
			t.Errorf("WaitSlot ended %s after it began; want at the Stop, at once", waited)
		}
		u := mustParse(t, site+"/sitemap.xml")
		if ans := g.Ask(ctx, u, Sitemap); ans.Denied == nil || ans.Denied.Cause != fetch.DeniedStopped {
			t.Errorf("Ask after Stop = %+v; want stopped", ans.Denied)
		}
		if _, err := g.Do(ctx, http.MethodGet, u, Sitemap, nil); err == nil {
			t.Error("Do after Stop sent a request")
		}
		mu.Lock()
		defer mu.Unlock()
		if len(asked) != 0 {
			t.Errorf("the server saw %q after the stop", asked)
		}
	})
}

// The scope is asked about every link a page queues: asking allocates
// nothing for a URL in normal form, and the answer is Origin's.
func TestApprovedOriginAllocatesNothing(t *testing.T) {
	seed, _ := url.Parse("http://127.0.0.1:8080/")
	s, err := NewScope([]*url.URL{seed}, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := url.Parse("http://127.0.0.1:8080/p/2")
	out, _ := url.Parse("http://127.0.0.1:8081/p/2")
	if !s.ApprovedOrigin(in) || s.ApprovedOrigin(out) {
		t.Fatalf("ApprovedOrigin: %v for its own origin, %v for another port", s.ApprovedOrigin(in), s.ApprovedOrigin(out))
	}
	if n := testing.AllocsPerRun(100, func() { s.ApprovedOrigin(in) }); n != 0 {
		t.Errorf("ApprovedOrigin costs %v allocations; want none", n)
	}
}

// A policy remembered from a database (a resumed crawl, a worker joining a
// shared one) brings its Crawl-delay to the throttle as a fetched one does,
// for the host however it is spelled; one above the cap is reported and
// refuses the host's link checks.
func TestRememberedCrawlDelay(t *testing.T) {
	t.Parallel()
	th := NewThrottle(0, nil)
	scope, _ := NewScope(nil, nil, nil, nil, nil)
	g := NewGate(GateConfig{Scope: scope, Robots: NewRobotsClient(AgentToken, "test", nil), Throttle: th, UserAgent: "test"})
	now := time.Now()
	g.Remember([]*RobotsPolicy{
		PolicyFromFile("http://a.example", AgentToken, []byte("User-agent: *\nCrawl-delay: 2.5\n"), now),
		PolicyFromFile("http://slow.example", AgentToken, []byte("User-agent: *\nCrawl-delay: 3600\n"), now),
	})
	if got := th.Interval("A.EXAMPLE"); got != 2500*time.Millisecond {
		t.Errorf("interval of a.example = %s; want its remembered Crawl-delay 2.5s", got)
	}
	u, _ := url.Parse("http://SLOW.example:80/page")
	if _, err := g.CrawlDelay(u); err == nil {
		t.Error("a remembered Crawl-delay of 3600 s is not reported")
	}
	if a := g.Ask(context.Background(), u, LinkCheck); a.Denied == nil || a.Denied.Cause != fetch.DeniedDeferred {
		t.Errorf("a link check to a host asking Crawl-delay: 3600 = %+v; want deferred", a.Denied)
	}
}
