package linkcheck

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"syscall"
	"testing"
	"testing/synctest"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/policy"
)

// judgeOne checks target through g under cfg (External set) and returns its
// one event, or nil when the check reached no verdict (the target is then
// counted unchecked).
func judgeOne(t *testing.T, cfg Config, target string) *Event {
	t.Helper()
	cfg.External = true
	c := New(cfg)
	c.Start(context.Background())
	c.Cite(target, "", true, "https://site.example/", "a link")
	evs, tot, err := c.Finish(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case len(evs) == 0 && tot.Unchecked == 1:
		return nil
	case len(evs) != 1 || tot.Unchecked != 0:
		t.Fatalf("events %+v, totals %+v; want one event or one unchecked target", evs, tot)
	}
	return evs[0]
}

// TestMoreVerdicts holds the rules TestVerdicts leaves out to their
// verdicts: which HEAD answers are asked again with GET, the other 5xx and
// 408, what a block page is (short, visible text, in the first MaxBodyRead
// bytes of a GET), where redirects ended, TLS failures, a timeout's words,
// and robots.txt trouble of each kind.
func TestMoreVerdicts(t *testing.T) {
	const target = "https://elsewhere.example/page"
	const moved = "https://elsewhere.example/moved"
	many := strings.Repeat("word ", 200) // a page too long to be a block page
	cert := &x509.Certificate{DNSNames: []string{"other.example"}}
	for _, tt := range []struct {
		name    string
		answers map[string]*answer
		verdict Verdict
		reason  string // a part of the reason
		not     string // not a part of the reason ("" : no such check)
		asks    int    // requests sent
		final   string // the event's final_url
	}{
		// HEAD answers that servers give for HEAD alone are asked again
		// with GET, whose answer is the verdict.
		{"HEAD 400, GET 200", map[string]*answer{"HEAD " + target: {status: 400}, "GET " + target: {status: 200}}, OK, "HTTP 200", "", 2, ""},
		{"HEAD 406, GET 200", map[string]*answer{"HEAD " + target: {status: 406}, "GET " + target: {status: 200}}, OK, "HTTP 200", "", 2, ""},
		{"HEAD 500, GET 200", map[string]*answer{"HEAD " + target: {status: 500}, "GET " + target: {status: 200}}, OK, "HTTP 200", "", 2, ""},
		{"HEAD 501, GET 200", map[string]*answer{"HEAD " + target: {status: 501}, "GET " + target: {status: 200}}, OK, "HTTP 200", "", 2, ""},
		{"HEAD 500, GET 500", map[string]*answer{"* " + target: {status: 500}}, Unverifiable, "HTTP 500 Internal Server Error: the server could not answer", "", 2, ""},
		// Other answers are final on HEAD: a server that is rate-limiting
		// or unavailable is not asked twice.
		{"204", map[string]*answer{"HEAD " + target: {status: 204}}, OK, "HTTP 204 No Content", "", 1, ""},
		{"408", map[string]*answer{"HEAD " + target: {status: 408}}, Unverifiable, "HTTP 408 Request Timeout", "", 1, ""},
		{"502", map[string]*answer{"HEAD " + target: {status: 502}}, Unverifiable, "HTTP 502 Bad Gateway", "", 1, ""},
		{"504", map[string]*answer{"HEAD " + target: {status: 504}}, Unverifiable, "HTTP 504 Gateway Timeout", "", 1, ""},
		{"429 names the rate limit", map[string]*answer{"HEAD " + target: {status: 429}}, Unverifiable, "rate-limiting", "", 1, ""},
		{"503 names the load", map[string]*answer{"HEAD " + target: {status: 503}}, Unverifiable, "unavailable", "", 1, ""},
		{"403 on GET names the refusal", map[string]*answer{"* " + target: {status: 403}}, Unverifiable, "the site refused the request", "", 2, ""},
		// A block page is judged from a GET's visible text only.
		{"a HEAD's body is not read", map[string]*answer{"HEAD " + target: {status: 200, body: "Access denied"}}, OK, "HTTP 200", "", 1, ""},
		{"block page behind a GET 500", map[string]*answer{"* " + target: {status: 500, body: "<h1>Request blocked</h1>"}}, Unverifiable, "block page", "", 2, ""},
		{"block words in a long page", map[string]*answer{"HEAD " + target: {status: 405}, "GET " + target: {status: 200, body: "<p>Access denied " + many + "</p>"}}, OK, "HTTP 200", "", 2, ""},
		{"block words in a script", map[string]*answer{"HEAD " + target: {status: 405}, "GET " + target: {status: 200, body: "<script>var s = 'access denied';</script><style>/* access denied */</style><p>Opening hours</p>"}}, OK, "HTTP 200", "", 2, ""},
		{"block words within the bytes read", map[string]*answer{"HEAD " + target: {status: 405}, "GET " + target: {status: 200, body: strings.Repeat(" ", MaxBodyRead-100) + "Access denied"}}, Unverifiable, "block page", "", 2, ""},
		{"block words past the bytes read", map[string]*answer{"HEAD " + target: {status: 405}, "GET " + target: {status: 200, body: strings.Repeat(" ", MaxBodyRead) + "Access denied"}}, OK, "HTTP 200", "", 2, ""},
		// Redirects: the verdict is the final answer's, and where it was.
		{"redirected to a page", map[string]*answer{"HEAD " + target: {status: 200, final: moved}}, OK, "HTTP 200", "", 1, moved},
		{"redirected to a missing page", map[string]*answer{"HEAD " + target: {status: 404, final: moved}}, Broken, "missing", "", 1, moved},
		{"not redirected", map[string]*answer{"HEAD " + target: {status: 200, final: target}}, OK, "HTTP 200", "", 1, ""},
		// TLS failures are the target's own: broken.
		{"certificate of an unknown authority", map[string]*answer{"HEAD " + target: {err: &url.Error{Op: "Head", URL: target, Err: &tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}}}}, Broken, "TLS failure", "", 1, ""},
		{"bare unknown authority", map[string]*answer{"HEAD " + target: {err: x509.UnknownAuthorityError{}}}, Broken, "TLS failure", "", 1, ""},
		{"certificate for another host", map[string]*answer{"HEAD " + target: {err: x509.HostnameError{Certificate: cert, Host: "elsewhere.example"}}}, Broken, "TLS failure", "", 1, ""},
		{"expired certificate", map[string]*answer{"HEAD " + target: {err: x509.CertificateInvalidError{Cert: cert, Reason: x509.Expired}}}, Broken, "TLS failure", "", 1, ""},
		{"not TLS at all", map[string]*answer{"HEAD " + target: {err: tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}}}, Broken, "TLS failure", "", 1, ""},
		// A timeout names the check's bound (Config.Timeout, here 1m).
		{"the gate's deadline", map[string]*answer{"HEAD " + target: {err: fmt.Errorf("policy: waiting for a slot: %w", context.DeadlineExceeded)}}, Unverifiable, "timed out after 1m0s", "", 1, ""},
		{"a network timeout", map[string]*answer{"HEAD " + target: {err: &url.Error{Op: "Head", URL: target, Err: timeoutErr{}}}}, Unverifiable, "timed out after 1m0s", "", 1, ""},
		// robots.txt that could not be read: broken only when that shows
		// the target's host is not there; a Crawl-delay too slow to crawl
		// at is not a failure to read it.
		{"robots.txt: connection refused", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedDeferred, Reason: "connection refused",
			Err: &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}}}}, Broken, "connection refused", "", 1, ""},
		{"robots.txt timed out", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedDeferred, Reason: "robots.txt timed out", Err: timeoutErr{}}}}, Unverifiable, "robots.txt of its site could not be read", "", 1, ""},
		{"robots.txt: DNS trouble", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedDeferred, Reason: "server misbehaving",
			Err: &net.DNSError{Name: "elsewhere.example", Err: "server misbehaving", IsTemporary: true}}}}, Unverifiable, "robots.txt of its site could not be read", "", 1, ""},
		{"Crawl-delay above the cap", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedDeferred, Reason: "asks for Crawl-delay: 3600",
			Err: &policy.CrawlDelayError{Host: "elsewhere.example", Seconds: 3600}}}}, Unverifiable, "not asked: asks for Crawl-delay: 3600", "could not be read", 1, ""},
		// Other refusals of the gate: not asked, so not judged.
		{"URL too long", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedTooLong, Reason: "URL of 9000 bytes"}}}, Unverifiable, "not asked: too_long", "", 1, ""},
		{"private address", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedOutOfScope, Reason: "on a private network"}}}, Unverifiable, "not asked: out_of_scope", "", 1, ""},
		// The crawl's end, not the check's deadline: no verdict.
		{"cancelled", map[string]*answer{"HEAD " + target: {err: &url.Error{Op: "Head", URL: target, Err: context.Canceled}}}, "", "", "", 1, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g := &fakeGate{answers: tt.answers}
			ev := judgeOne(t, Config{Gate: g, Timeout: time.Minute}, target)
			if len(g.log) != tt.asks {
				t.Errorf("requests %q; want %d", g.log, tt.asks)
			}
			if tt.verdict == "" {
				if ev != nil {
					t.Errorf("event %+v; want no verdict", ev)
				}
				return
			}
			if ev == nil {
				t.Fatalf("no verdict; want %s with %q", tt.verdict, tt.reason)
			}
			if ev.Verdict != tt.verdict || !strings.Contains(ev.Reason, tt.reason) || (tt.not != "" && strings.Contains(ev.Reason, tt.not)) {
				t.Errorf("verdict %s (%q); want %s with %q", ev.Verdict, ev.Reason, tt.verdict, tt.reason)
			}
			if ev.FinalURL != tt.final {
				t.Errorf("final_url %q; want %q", ev.FinalURL, tt.final)
			}
			wantStatus := tt.answers["HEAD "+target]
			if wantStatus == nil {
				wantStatus = tt.answers["* "+target]
			}
			if g := tt.answers["GET "+target]; g != nil && tt.asks == 2 {
				wantStatus = g
			}
			if ev.Status != wantStatus.status {
				t.Errorf("status %d; want %d, the last answer's", ev.Status, wantStatus.status)
			}
		})
	}
}

// A target that is not a URL at all is broken without a request.
func TestNotAURL(t *testing.T) {
	g := &fakeGate{}
	ev := judgeOne(t, Config{Gate: g, Timeout: time.Minute}, "http://[::1/page")
	if ev == nil || ev.Verdict != Broken || !strings.Contains(ev.Reason, "not a valid URL") {
		t.Errorf("event %+v; want broken, not a valid URL", ev)
	}
	if len(g.log) != 0 {
		t.Errorf("requests %q; want none", g.log)
	}
}

// blockingGate answers nothing: each request waits for its context to end,
// and says so.
type blockingGate struct{ asked chan struct{} }

func (g *blockingGate) Do(ctx context.Context, method string, u *url.URL, p policy.Purpose, _ http.Header) (*http.Response, error) {
	select {
	case g.asked <- struct{}{}:
	default:
	}
	<-ctx.Done()
	return nil, &url.Error{Op: method, URL: u.String(), Err: ctx.Err()}
}

// A check that outlasts Config.Timeout is unverifiable, with the timeout in
// its reason. (In a synctest bubble, the minute passes at once, exactly.)
func TestCheckTimesOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		ev := judgeOne(t, Config{Gate: &blockingGate{asked: make(chan struct{}, 1)}, Timeout: time.Minute}, "https://slow.example/")
		if ev == nil || ev.Verdict != Unverifiable || !strings.Contains(ev.Reason, "timed out after 1m0s") {
			t.Errorf("event %+v; want unverifiable, timed out after 1m0s", ev)
		}
		if took := time.Since(start); took != time.Minute {
			t.Errorf("the check took %s; want it cut at its timeout, 1m", took)
		}
	})
}

// The crawl's end cancels a check in flight: that is no verdict, and the
// target is counted unchecked. (In a synctest bubble: a check that never
// asks the gate leaves the bubble deadlocked, which fails the test at
// once, with no limit of the test's own.)
func TestCrawlEndIsNoVerdict(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := &blockingGate{asked: make(chan struct{}, 1)}
		c := New(Config{Gate: g, External: true, Timeout: time.Hour})
		ctx, cancel := context.WithCancel(context.Background())
		c.Start(ctx)
		c.Cite("https://slow.example/", "", true, "https://site.example/", "slow")
		<-g.asked
		cancel()
		evs, tot, err := c.Finish(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 0 || tot.Unchecked != 1 {
			t.Errorf("events %+v, totals %+v; want no verdict and one unchecked target", evs, tot)
		}
	})
}

// Through the real gate: a URL that is not http(s) is not asked (the gate
// refuses it), so it is unverifiable; redirects are followed to their end,
// and a redirect the gate refuses is not followed; a closed port is a
// refused connection.
func TestVerdictsThroughTheGate(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page":
			io.WriteString(w, "<p>Here.</p>")
		case "/moved":
			http.Redirect(w, r, "/page", http.StatusMovedPermanently)
		case "/moved-away":
			http.Redirect(w, r, "/gone", http.StatusFound)
		case "/to-ftp":
			http.Redirect(w, r, "ftp://files.example/file", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String() + "/"
	ln.Close() // nothing listens there now
	gate := policy.NewGate(policy.GateConfig{UserAgent: "webgraph-test", Transport: &http.Transport{}})
	defer gate.Stop()
	for _, tt := range []struct {
		target  string
		verdict Verdict
		reason  string
		status  int
		final   string
	}{
		{"ftp://files.example/file", Unverifiable, "not an http(s) URL", 0, ""},
		{"mailto:someone@example.org", Unverifiable, "not an http(s) URL", 0, ""},
		{"http:///no-host", Unverifiable, "not an http(s) URL", 0, ""},
		{ts.URL + "/page", OK, "HTTP 200", 200, ""},
		{ts.URL + "/moved", OK, "HTTP 200", 200, ts.URL + "/page"},
		{ts.URL + "/moved-away", Broken, "missing", 404, ts.URL + "/gone"},
		{ts.URL + "/to-ftp", Unverifiable, "a redirect was not followed", 0, ""},
		{closed, Broken, "connection refused", 0, ""},
	} {
		t.Run(tt.target, func(t *testing.T) {
			ev := judgeOne(t, Config{Gate: gate, Timeout: 30 * time.Second}, tt.target)
			if ev == nil {
				t.Fatalf("no verdict; want %s", tt.verdict)
			}
			if ev.Verdict != tt.verdict || !strings.Contains(ev.Reason, tt.reason) || ev.Status != tt.status || ev.FinalURL != tt.final {
				t.Errorf("%s (%q), status %d, final_url %q; want %s with %q, status %d, final_url %q",
					ev.Verdict, ev.Reason, ev.Status, ev.FinalURL, tt.verdict, tt.reason, tt.status, tt.final)
			}
		})
	}
}

// TestFragmentVerdicts holds the fragment rules to their verdicts: a
// fragment is found by the ids and names each side of its page lists (as
// written or percent-decoded, case and all), #top always is, and a page the
// crawl did not fetch gives the remembered verdict or none. Script routes
// (#/path, #!path) and empty fragments are no targets.
func TestFragmentVerdicts(t *testing.T) {
	const page = "https://site.example/doc"
	type sides map[fetch.Name][]string
	then := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tt := range []struct {
		name       string
		anchors    sides // nil: the page was not fetched
		fragment   string
		remembered *Event
		verdict    Verdict // "" : no event
		side       string
		reason     string
		unchecked  int
	}{
		{"on both sides", sides{fetch.Plain: {"intro", "usage"}, fetch.Rendered: {"usage"}}, "usage", nil, OK, "both", "as served and as rendered", 0},
		{"as served, the render ran without it", sides{fetch.Plain: {"usage"}, fetch.Rendered: {"intro"}}, "usage", nil, OK, "plain", "the rendered page no longer does", 0},
		{"as served, no render", sides{fetch.Plain: {"usage"}}, "usage", nil, OK, "plain", "the page as served has this id or name", 0},
		{"added by scripts", sides{fetch.Plain: {"intro"}, fetch.Rendered: {"intro", "tab-2"}}, "tab-2", nil, OK, "rendered", "scripts add it", 0},
		{"percent-encoded", sides{fetch.Plain: {"café"}}, "caf%C3%A9", nil, OK, "plain", "as served", 0},
		{"as written, escapes and all", sides{fetch.Plain: {"a%20b"}}, "a%20b", nil, OK, "plain", "as served", 0},
		{"case matters", sides{fetch.Plain: {"usage"}}, "Usage", nil, Broken, "", "missing fragment", 0},
		{"#top", sides{fetch.Plain: {"intro"}}, "top", nil, OK, "", "top of the document", 0},
		{"#TOP", sides{fetch.Plain: {"intro"}, fetch.Rendered: {}}, "TOP", nil, OK, "", "top of the document", 0},
		{"missing", sides{fetch.Plain: {"intro"}, fetch.Rendered: {"intro"}}, "nowhere", nil, Broken, "", "missing fragment", 0},
		{"missing from the one side that ran", sides{fetch.Rendered: {"intro"}}, "usage", nil, Broken, "", "missing fragment", 0},
		{"page not fetched", nil, "usage", nil, "", "", "", 1},
		{"page not fetched, verdict remembered", nil, "usage",
			&Event{URL: page + "#usage", Kind: KindFragment, Verdict: Broken, Reason: "missing fragment", CheckedAt: then}, Broken, "", "missing fragment", 0},
		{"script route", sides{fetch.Plain: {"intro"}}, "/settings", nil, "", "", "", 0},
		{"hashbang route", sides{fetch.Plain: {"intro"}}, "!/settings", nil, "", "", "", 0},
		{"empty", sides{fetch.Plain: {"intro"}}, "", nil, "", "", "", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := Config{Fragments: true, Now: func() time.Time { return then.Add(time.Hour) }}
			if tt.remembered != nil {
				cfg.Remembered = []*Event{tt.remembered}
			}
			c := New(cfg)
			c.Start(context.Background())
			for side, list := range tt.anchors {
				c.Anchors([]string{page}, side, list)
			}
			c.Cite(page, tt.fragment, false, "https://site.example/", "see")
			evs, tot, err := c.Finish(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if tot.Unchecked != tt.unchecked {
				t.Errorf("unchecked %d; want %d", tot.Unchecked, tt.unchecked)
			}
			if tt.verdict == "" {
				if len(evs) != 0 {
					t.Errorf("events %+v; want none", evs)
				}
				return
			}
			if len(evs) != 1 {
				t.Fatalf("events %+v; want one", evs)
			}
			ev := evs[0]
			if ev.URL != page+"#"+tt.fragment || ev.Kind != KindFragment || ev.Event != "link" {
				t.Errorf("event %+v; want the link event of %s#%s", ev, page, tt.fragment)
			}
			if ev.Verdict != tt.verdict || ev.Side != tt.side || !strings.Contains(ev.Reason, tt.reason) {
				t.Errorf("%s on side %q (%q); want %s on side %q with %q", ev.Verdict, ev.Side, ev.Reason, tt.verdict, tt.side, tt.reason)
			}
			if ev.Remembered != (tt.remembered != nil) {
				t.Errorf("remembered = %v; want %v", ev.Remembered, tt.remembered != nil)
			}
		})
	}
}

// A page's anchors count for every name it goes by (asked, final,
// canonical); only the checks asked for are made: fragments of external
// links are not, nor any fragment with Fragments off.
func TestFragmentTargets(t *testing.T) {
	c := New(Config{Fragments: true})
	c.Start(context.Background())
	c.Anchors([]string{"https://site.example/old", "https://site.example/new", ""}, fetch.Plain, []string{"usage"})
	c.Cite("https://site.example/new", "usage", false, "https://site.example/", "by its final URL")
	c.Cite("https://site.example/old", "usage", false, "https://site.example/", "by the URL asked")
	c.Cite("https://elsewhere.example/doc", "usage", true, "https://site.example/", "external")
	evs, tot, err := c.Finish(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 2 || tot.OK != 2 || tot.Unchecked != 0 {
		t.Errorf("events %+v, totals %+v; want the two names of the page ok, and nothing for the external link", evs, tot)
	}

	off := New(Config{External: false, Fragments: false})
	off.Start(context.Background())
	off.Anchors([]string{"https://site.example/doc"}, fetch.Plain, []string{"usage"})
	off.Cite("https://site.example/doc", "nowhere", false, "https://site.example/", "fragment")
	off.Cite("https://elsewhere.example/", "", true, "https://site.example/", "external")
	if evs, tot, err := off.Finish(context.Background()); err != nil || len(evs) != 0 || tot != (Totals{}) {
		t.Errorf("with no check asked for: events %+v, totals %+v, %v; want nothing", evs, tot, err)
	}
}

// A remembered verdict is used again while younger than RecheckAfter (24
// hours by default); a negative RecheckAfter always asks again.
func TestRecheckAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	const target = "https://elsewhere.example/"
	for _, tt := range []struct {
		name    string
		age     time.Duration
		recheck time.Duration
		asked   bool
	}{
		{"young, default", time.Hour, 0, false},
		{"a day old, default", 24 * time.Hour, 0, true},
		{"young, by the setting", 59 * time.Minute, time.Hour, false},
		{"as old as the setting", time.Hour, time.Hour, true},
		{"always asked", 0, -1, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := &fakeGate{answers: map[string]*answer{"HEAD " + target: {status: 404}}}
			old := &Event{URL: target, Kind: KindExternal, Verdict: OK, Reason: "HTTP 200", CheckedAt: now.Add(-tt.age)}
			ev := judgeOne(t, Config{Gate: g, RecheckAfter: tt.recheck, Remembered: []*Event{old}, Now: func() time.Time { return now }}, target)
			asked := len(g.log) > 0
			if asked != tt.asked || ev == nil {
				t.Fatalf("asked %v (event %+v); want asked %v", asked, ev, tt.asked)
			}
			if want := map[bool]Verdict{true: Broken, false: OK}[tt.asked]; ev.Verdict != want || ev.Remembered == tt.asked {
				t.Errorf("%s, remembered %v; want %s, remembered %v", ev.Verdict, ev.Remembered, want, !tt.asked)
			}
		})
	}
}
