package policy

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/memnet"
)

// robotsServer serves robots.txt with whatever answer() gives, counting asks.
func robotsServer(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			n.Add(1)
		}
		answer(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// RFC 9309 2.3.1: access results by status.
func TestRobotsStates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		status  int
		body    string
		state   RobotsState
		allowed bool
		warned  bool
	}{
		{"200 parsed", 200, "User-agent: *\nDisallow: /x", Parsed, false, false},
		{"404 unavailable", 404, "", Unavailable, true, false},
		{"410 unavailable", 410, "", Unavailable, true, false},
		{"401 unavailable, warned", 401, "", Unavailable, true, true},
		{"403 unavailable, warned", 403, "", Unavailable, true, true},
		{"429 unreachable", 429, "", Unreachable, false, false},
		{"500 unreachable", 500, "", Unreachable, false, false},
		{"503 unreachable", 503, "", Unreachable, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ts, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tt.status)
				fmt.Fprint(w, tt.body)
			})
			c := NewRobotsClient(AgentToken, "test", nil)
			p := c.Policy(context.Background(), mustParse(t, ts.URL+"/x"))
			v := p.Check(mustParse(t, ts.URL+"/x"))
			if p.State != tt.state || p.Status != tt.status || v.Allowed != tt.allowed {
				t.Errorf("state=%s status=%d allowed=%v; want %s %d %v", p.State, p.Status, v.Allowed, tt.state, tt.status, tt.allowed)
			}
			if warned := len(p.Warnings) > 0; warned != tt.warned {
				t.Errorf("warnings = %q; want warned=%v", p.Warnings, tt.warned)
			}
			if tt.state == Unreachable && (!p.Deferred() || p.Reason == "" || p.NextAttempt.IsZero() || !strings.Contains(v.Reason, "unreachable")) {
				t.Errorf("unreachable: deferred=%v reason=%q next=%v verdict=%q", p.Deferred(), p.Reason, p.NextAttempt, v.Reason)
			}
			if ok := p.Check(mustParse(t, ts.URL+"/robots.txt")).Allowed; !ok {
				t.Error("/robots.txt itself disallowed")
			}
		})
	}
}

// RFC 9309 2.3.1.2: redirects.
func TestRobotsRedirects(t *testing.T) {
	t.Parallel()
	hops := func(n int) func(w http.ResponseWriter, r *http.Request) {
		return func(w http.ResponseWriter, r *http.Request) {
			var i int
			fmt.Sscanf(r.URL.Query().Get("i"), "%d", &i)
			if r.URL.Path == "/robots.txt" && i < n {
				http.Redirect(w, r, fmt.Sprintf("/robots.txt?i=%d", i+1), http.StatusMovedPermanently)
				return
			}
			fmt.Fprint(w, "User-agent: *\nDisallow: /moved")
		}
	}
	ts, _ := robotsServer(t, hops(5))
	p := NewRobotsClient(AgentToken, "test", nil).Policy(context.Background(), mustParse(t, ts.URL))
	if p.State != Parsed || p.Check(mustParse(t, ts.URL+"/moved")).Allowed || len(p.Redirects) != 1 {
		t.Errorf("5 hops: state=%s redirects=%q; want the final answer parsed", p.State, p.Redirects)
	}
	ts6, _ := robotsServer(t, hops(6))
	p = NewRobotsClient(AgentToken, "test", nil).Policy(context.Background(), mustParse(t, ts6.URL))
	if p.State != Unavailable || !p.Check(mustParse(t, ts6.URL+"/moved")).Allowed {
		t.Errorf("6 hops: state=%s; want unavailable (allow all)", p.State)
	}
}

func TestRobotsNetworkFailures(t *testing.T) {
	t.Parallel()
	// A port nobody listens on.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	p := NewRobotsClient(AgentToken, "test", nil).Policy(context.Background(), mustParse(t, closed))
	if p.State != Unreachable || p.Fetched || !strings.Contains(p.Reason, "refused") {
		t.Errorf("closed port: state=%s fetched=%v reason=%q", p.State, p.Fetched, p.Reason)
	}

}

// A robots.txt that never comes is unreachable after the client's timeout,
// exactly: in a synctest bubble on memnet, the server holds the request
// until the client gives up (a client that never did would leave the
// bubble deadlocked, which fails the test at once).
func TestRobotsTimeout(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		n := memnet.New(t)
		slow := n.Serve("127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}))
		c := NewRobotsClient(AgentToken, "test", n.Transport())
		c.Timeout = 200 * time.Millisecond
		start := time.Now()
		p := c.Policy(context.Background(), mustParse(t, slow))
		if p.State != Unreachable || !strings.Contains(p.Reason, "timed out after 200ms") || !p.Deferred() {
			t.Errorf("timeout: state=%s reason=%q deferred=%v", p.State, p.Reason, p.Deferred())
		}
		if took := time.Since(start); took != c.Timeout {
			t.Errorf("the policy came %s after it was asked for; want at the timeout, 200ms", took)
		}
	})
}

// RFC 9309 2.4: caching, and the 24-hour cache for an unreachable file.
func TestRobotsCache(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	status := 200
	ts, asks := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		s := status
		mu.Unlock()
		w.WriteHeader(s)
		fmt.Fprint(w, "User-agent: *\nDisallow: /cached-rule\nCrawl-delay: 3")
	})
	setStatus := func(s int) { mu.Lock(); status = s; mu.Unlock() }
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := NewRobotsClient(AgentToken, "test", nil)
	c.Now = func() time.Time { return now }
	u := mustParse(t, ts.URL+"/cached-rule")

	p := c.Policy(context.Background(), u)
	c.Policy(context.Background(), u)
	if asks.Load() != 1 || p.State != Parsed {
		t.Fatalf("asked %d times, state %s; want one fetch, parsed", asks.Load(), p.State)
	}

	// After the refresh time, the server fails: the policy from 2 h ago stands in.
	setStatus(503)
	now = now.Add(2 * time.Hour)
	p = c.Policy(context.Background(), u)
	if p.State != Unreachable || !p.Cached || p.Deferred() || p.Check(u).Allowed || p.CrawlDelay == nil || *p.CrawlDelay != 3 {
		t.Errorf("2 h later, 503: state=%s cached=%v deferred=%v; want the cached rules to apply", p.State, p.Cached, p.Deferred())
	}
	if asks.Load() != 2 {
		t.Errorf("asked %d times; want 2", asks.Load())
	}
	// Before the next attempt time, the server is not asked again.
	c.Policy(context.Background(), u)
	if asks.Load() != 2 {
		t.Errorf("asked again before the next attempt (%d asks)", asks.Load())
	}

	// More than 24 h after the last good fetch: no cache, disallow all.
	now = now.Add(23 * time.Hour)
	p = c.Policy(context.Background(), u)
	if p.Cached || !p.Deferred() || p.Check(mustParse(t, ts.URL+"/anything")).Allowed {
		t.Errorf("25 h later: cached=%v deferred=%v; want everything disallowed", p.Cached, p.Deferred())
	}

	// The file comes back.
	setStatus(200)
	now = now.Add(time.Hour)
	if p = c.Policy(context.Background(), u); p.State != Parsed || p.Deferred() {
		t.Errorf("after recovery: state=%s", p.State)
	}
}

func TestPageDisallowedErrorWords(t *testing.T) {
	t.Parallel()
	p := PolicyFromFile("https://stackoverflow.com", AgentToken, []byte("User-agent: *\nDisallow: /questions/"), time.Now())
	v := p.Check(mustParse(t, "https://stackoverflow.com/questions/1"))
	err := &PageDisallowedError{Verdict: v, RobotsURL: p.URL, Alternative: Alternative("stackoverflow.com")}
	want := `https://stackoverflow.com/questions/1: disallowed by https://stackoverflow.com/robots.txt for webgraph (group "*", rule "Disallow: /questions/"); use the Stack Exchange API (https://api.stackexchange.com) instead`
	if err.Error() != want {
		t.Errorf("Error() =\n%s\nwant\n%s", err.Error(), want)
	}
	for host, want := range map[string]string{
		"meta.stackexchange.com": "Stack Exchange API",
		"www.reddit.com":         "Reddit API",
		"reddit.com:443":         "Reddit API",
		"example.org":            "",
		"notreddit.com":          "",
	} {
		if got := Alternative(host); !strings.Contains(got, want) || (want == "" && got != "") {
			t.Errorf("Alternative(%q) = %q; want one naming %q", host, got, want)
		}
	}
}

// A robots.txt redirect is followed on the origin's own host only: one to
// another host is not asked there (that host's log stays empty) and the
// origin is unreachable, with the reason, until its own host serves rules.
func TestRobotsRedirectElsewhere(t *testing.T) {
	t.Parallel()
	var other atomic.Int32
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		other.Add(1)
		fmt.Fprint(w, "User-agent: *\nAllow: /\n")
	}))
	elsewhere.Listener.Close()
	elsewhere.Listener = ln
	elsewhere.Start()
	t.Cleanup(elsewhere.Close)

	ts, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, "/rules.txt", http.StatusFound) // its own host: followed
		case "/rules.txt":
			http.Redirect(w, r, elsewhere.URL+"/latest/meta-data/iam/security-credentials/role", http.StatusFound)
		}
	})
	p := NewRobotsClient(AgentToken, "test", nil).Policy(context.Background(), mustParse(t, ts.URL+"/"))
	if n := other.Load(); n != 0 {
		t.Errorf("the other host was asked %d times", n)
	}
	if p.State != Unreachable || !p.Deferred() || !strings.Contains(p.Reason, "another host") || len(p.Redirects) != 1 || !strings.HasPrefix(p.Redirects[0], elsewhere.URL) {
		t.Errorf("state=%s reason=%q redirects=%q; want unreachable, naming the refused redirect", p.State, p.Reason, p.Redirects)
	}
	if p.Check(mustParse(t, ts.URL+"/page")).Allowed {
		t.Error("a page of the origin is allowed though its rules were not read")
	}
	if p.Save().Body != nil {
		t.Errorf("kept a body %q for rules never read", p.Save().Body)
	}
}

// roundTripFunc answers requests without a network.
type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// The commonest move of a site, example.org to www.example.org (and http to
// https), is followed for robots.txt: its rules are the origin's. Any other
// host stays unasked.
func TestRobotsRedirectToWWW(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var asked []string
	rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		asked = append(asked, r.URL.String())
		mu.Unlock()
		resp := &http.Response{Request: r, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(""))}
		switch r.URL.String() {
		case "http://example.org/robots.txt":
			resp.StatusCode = http.StatusMovedPermanently
			resp.Header.Set("Location", "https://www.example.org/robots.txt")
		case "https://www.example.org/robots.txt":
			resp.StatusCode = http.StatusOK
			resp.Header.Set("Content-Type", "text/plain")
			resp.Body = io.NopCloser(strings.NewReader("User-agent: *\nDisallow: /private\n"))
		case "http://shop.example/robots.txt":
			resp.StatusCode = http.StatusFound
			resp.Header.Set("Location", "http://www.other.example/robots.txt")
		default:
			resp.StatusCode = http.StatusNotFound
		}
		return resp, nil
	})
	c := NewRobotsClient(AgentToken, "test", rt)
	p := c.Policy(context.Background(), mustParse(t, "http://example.org/"))
	if p.State != Parsed || p.Check(mustParse(t, "http://example.org/private/x")).Allowed || !p.Check(mustParse(t, "http://example.org/open")).Allowed {
		t.Errorf("apex to www: state %s, reason %q; want www's rules as the apex's", p.State, p.Reason)
	}
	q := c.Policy(context.Background(), mustParse(t, "http://shop.example/"))
	if q.State != Unreachable {
		t.Errorf("a redirect to another site's host: state %s; want unreachable", q.State)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, a := range asked {
		if strings.Contains(a, "other.example") {
			t.Errorf("asked %s: another site's host", a)
		}
	}
}
