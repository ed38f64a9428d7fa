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
	"time"

	"github.com/webgraph/webgraph/fetch"
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

func TestGateStop(t *testing.T) {
	t.Parallel()
	a := serveOn(t, "127.0.0.1", "", nil)
	th := NewThrottle(time.Hour, nil)
	g := testGate(t, a.URL+"/", th)
	ctx := context.Background()
	host := mustParse(t, a.URL).Host
	th.Reserve(host)
	at := th.Reserve(host) // an hour from now
	done := make(chan error, 1)
	go func() {
		_, err := g.WaitSlot(ctx, host, at)
		done <- err
	}()
	g.Stop()
	select {
	case err := <-done:
		if !errors.Is(err, ErrStopped) {
			t.Errorf("WaitSlot after Stop = %v; want ErrStopped", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("WaitSlot did not end with Stop")
	}
	u := mustParse(t, a.URL+"/sitemap.xml")
	if ans := g.Ask(ctx, u, Sitemap); ans.Denied == nil || ans.Denied.Cause != fetch.DeniedStopped {
		t.Errorf("Ask after Stop = %+v; want stopped", ans.Denied)
	}
	if _, err := g.Do(ctx, http.MethodGet, u, Sitemap, nil); err == nil {
		t.Error("Do after Stop sent a request")
	}
	if got := a.log(); len(got) != 0 {
		t.Errorf("the server saw %q after the stop", got)
	}
}

// An internationalised origin and its punycode form are one origin.
func TestOriginPunycode(t *testing.T) {
	t.Parallel()
	if a, b := Origin(mustParse(t, "http://BÜCHER.example:8080/")), Origin(mustParse(t, "http://xn--bcher-kva.example:8080/x")); a != b {
		t.Errorf("Origin: %q and %q; want one origin", a, b)
	}
}

// A robots.txt fetch cut short by the caller's own context is not taken as
// the site's answer: the next ask fetches it.
func TestRobotsNotPoisonedByCancel(t *testing.T) {
	t.Parallel()
	a := serveOn(t, "127.0.0.1", "User-agent: *\nDisallow: /private/\n", nil)
	g := testGate(t, a.URL+"/", NewThrottle(0, nil))
	u := mustParse(t, a.URL+"/private/x")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if p := g.Policy(ctx, u); p.State != Unreachable {
		t.Fatalf("Policy with a cancelled context = %s; want unreachable (not asked)", p.State)
	}
	if p := g.Cached(u); p != nil {
		t.Errorf("a cancelled fetch was remembered: %+v", p)
	}
	if p := g.Policy(context.Background(), u); p.State != Parsed || p.Check(u).Allowed {
		t.Errorf("Policy after the cancel = %s, allowed %v; want parsed, disallowed", p.State, p.Check(u).Allowed)
	}
}

// Origin and HostKey write a host as fetch.NormalizeURL does: lower case,
// the scheme's default port dropped, so a seed typed http://HOST:80/ is in
// its own scope.
func TestOriginNormalForm(t *testing.T) {
	for raw, want := range map[string]string{
		"http://Example.COM:80/x":  "http://example.com",
		"https://example.com:443/": "https://example.com",
		"http://example.com:443/":  "http://example.com:443",
		"HTTP://LOCALHOST:8080/":   "http://localhost:8080",
		"http://[::1]:80/":         "http://[::1]",
		"http://[::1]:8080/":       "http://[::1]:8080",
	} {
		u, _ := url.Parse(raw)
		if got := Origin(u); got != want {
			t.Errorf("Origin(%s) = %s; want %s", raw, got, want)
		}
		if got := HostKey(u); got != strings.TrimPrefix(strings.TrimPrefix(want, "http://"), "https://") {
			t.Errorf("HostKey(%s) = %s", raw, got)
		}
	}
	seed, _ := url.Parse("http://Example.com:80/")
	s, err := NewScope([]*url.URL{seed}, nil, []string{"/"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	norm, _ := url.Parse("http://example.com/")
	if !s.Allows(seed) || !s.Allows(norm) {
		t.Errorf("the seed http://Example.com:80/ is not in its own scope (typed %v, normalised %v)", s.Allows(seed), s.Allows(norm))
	}
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
