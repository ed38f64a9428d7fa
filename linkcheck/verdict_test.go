package linkcheck

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/policy"
)

var _ Gate = (*policy.Gate)(nil)

// answer is what the fake gate gives for one method: a response or an error.
type answer struct {
	status int
	final  string // where redirects ended ("" : the URL asked)
	body   string
	err    error
}

// fakeGate answers each (method, URL) from a table and logs what was asked.
type fakeGate struct {
	mu      sync.Mutex
	answers map[string]*answer // "METHOD url"
	log     []string
}

func (g *fakeGate) Do(ctx context.Context, method string, u *url.URL, p policy.Purpose, _ http.Header) (*http.Response, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.log = append(g.log, method+" "+u.String())
	if p != policy.LinkCheck {
		return nil, fmt.Errorf("asked as %s, not as a link check", p)
	}
	a := g.answers[method+" "+u.String()]
	if a == nil {
		a = g.answers["* "+u.String()]
	}
	if a == nil {
		return nil, fmt.Errorf("fake gate: nothing for %s %s", method, u)
	}
	if a.err != nil {
		return nil, a.err
	}
	final := u
	if a.final != "" {
		final, _ = url.Parse(a.final)
	}
	return &http.Response{StatusCode: a.status, Body: io.NopCloser(strings.NewReader(a.body)),
		Request: &http.Request{Method: method, URL: final}, Header: http.Header{}}, nil
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// TestVerdicts holds each rule of the link checker to its verdict: what is
// verified missing is broken, what could not be judged is unverifiable, and
// the crawl's own stop is no verdict at all.
func TestVerdicts(t *testing.T) {
	const target = "https://elsewhere.example/page"
	blockPage := "<html><body><h1>Access denied</h1><p>Checking your browser before accessing the site.</p></body></html>"
	for _, tt := range []struct {
		name    string
		answers map[string]*answer
		verdict Verdict // "" : no verdict (the target stays unchecked)
		reason  string  // a part of the reason
		asks    int     // requests sent
	}{
		{"200", map[string]*answer{"HEAD " + target: {status: 200}}, OK, "HTTP 200", 1},
		{"304", map[string]*answer{"HEAD " + target: {status: 304}}, OK, "HTTP 304", 1},
		{"404", map[string]*answer{"HEAD " + target: {status: 404}}, Broken, "missing", 1},
		{"410", map[string]*answer{"HEAD " + target: {status: 410}}, Broken, "missing", 1},
		{"other 4xx", map[string]*answer{"HEAD " + target: {status: 422}}, Broken, "HTTP 422", 1},
		{"HEAD refused, GET ok", map[string]*answer{"HEAD " + target: {status: 405}, "GET " + target: {status: 200, body: "<p>fine</p>"}}, OK, "HTTP 200", 2},
		{"HEAD 403, GET 404", map[string]*answer{"HEAD " + target: {status: 403}, "GET " + target: {status: 404}}, Broken, "missing", 2},
		{"401", map[string]*answer{"HEAD " + target: {status: 401}}, Unverifiable, "401", 1},
		{"403 both", map[string]*answer{"* " + target: {status: 403}}, Unverifiable, "403", 2},
		{"429", map[string]*answer{"HEAD " + target: {status: 429}}, Unverifiable, "429", 1},
		{"451", map[string]*answer{"HEAD " + target: {status: 451}}, Unverifiable, "451", 1},
		{"503", map[string]*answer{"HEAD " + target: {status: 503}}, Unverifiable, "503", 1},
		{"block page behind 403", map[string]*answer{"* " + target: {status: 403, body: blockPage}}, Unverifiable, "block page", 2},
		{"block page behind 200", map[string]*answer{"HEAD " + target: {status: 405}, "GET " + target: {status: 200, body: blockPage}}, Unverifiable, "block page", 2},
		{"login redirect", map[string]*answer{"HEAD " + target: {status: 200, final: "https://elsewhere.example/login?next=/page"}}, Unverifiable, "login", 1},
		{"redirect without Location", map[string]*answer{"HEAD " + target: {status: 302}}, Unverifiable, "redirect could not be followed", 1},
		{"unknown host", map[string]*answer{"HEAD " + target: {err: &url.Error{Op: "Head", URL: target, Err: &net.DNSError{Name: "elsewhere.example", Err: "no such host", IsNotFound: true}}}}, Broken, "does not resolve", 1},
		{"DNS trouble", map[string]*answer{"HEAD " + target: {err: &net.DNSError{Name: "elsewhere.example", Err: "server misbehaving", IsTemporary: true}}}, Unverifiable, "could not be resolved now", 1},
		{"connection refused", map[string]*answer{"HEAD " + target: {err: &net.OpError{Op: "dial", Err: syscall.ECONNREFUSED}}}, Broken, "connection refused", 1},
		{"timeout", map[string]*answer{"HEAD " + target: {err: timeoutErr{}}}, Unverifiable, "timed out", 1},
		{"disallowed", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedDisallowed, Reason: "robots.txt of https://elsewhere.example disallows it"}}}, Unverifiable, "not asked: robots.txt", 1},
		{"robots.txt unreachable", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedDeferred, Reason: "robots.txt answered 503"}}}, Unverifiable, "could not be read", 1},
		{"robots.txt on an unknown host", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedDeferred, Reason: "no such host",
			Err: &net.DNSError{Name: "elsewhere.example", IsNotFound: true}}}}, Broken, "does not resolve", 1},
		{"hop refused", map[string]*answer{"HEAD " + target: {err: &fetch.HopError{From: target, To: "https://third.example/", Denied: &fetch.Denied{Cause: fetch.DeniedDisallowed, Reason: "Disallow: /"}}}}, Unverifiable, "redirect was not followed", 1},
		{"the crawl stops", map[string]*answer{"HEAD " + target: {err: &fetch.Denied{URL: target, Cause: fetch.DeniedStopped}}}, "", "", 1},
		{"the gate stops a wait", map[string]*answer{"HEAD " + target: {err: fmt.Errorf("waiting: %w", policy.ErrStopped)}}, "", "", 1},
		{"a hop cut by the stop", map[string]*answer{"HEAD " + target: {err: &fetch.HopError{From: target, To: target + "2", Denied: &fetch.Denied{Cause: fetch.DeniedStopped}}}}, "", "", 1},
		{"other failure", map[string]*answer{"HEAD " + target: {err: errors.New("malformed HTTP response")}}, Unverifiable, "request failed", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			g := &fakeGate{answers: tt.answers}
			c := New(Config{Gate: g, External: true, Timeout: time.Minute})
			c.Start(context.Background())
			c.Cite(target, "", true, "https://site.example/", "Elsewhere")
			evs, tot, err := c.Finish(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(g.log) != tt.asks {
				t.Errorf("requests %q; want %d", g.log, tt.asks)
			}
			if tt.verdict == "" {
				if len(evs) != 0 || tot.Unchecked != 1 {
					t.Errorf("events %v, totals %+v; want no verdict, one unchecked", evs, tot)
				}
				return
			}
			if len(evs) != 1 {
				t.Fatalf("%d events; want 1", len(evs))
			}
			ev := evs[0]
			if ev.Verdict != tt.verdict || !strings.Contains(ev.Reason, tt.reason) {
				t.Errorf("verdict %s (%q); want %s with %q", ev.Verdict, ev.Reason, tt.verdict, tt.reason)
			}
			if ev.Event != "link" || ev.Kind != KindExternal || ev.URL != target || len(ev.Citations) != 1 || ev.Citations[0].Anchor != "Elsewhere" {
				t.Errorf("event %+v; want the link event of %s with its citation", ev, target)
			}
		})
	}
}

// A target is checked once however often it is cited; its citations are
// capped, the rest counted; a remembered verdict still fresh is used again
// without a request, and one too old is asked again.
func TestCitationsAndMemory(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	fresh, stale := "https://fresh.example/", "https://stale.example/"
	g := &fakeGate{answers: map[string]*answer{
		"HEAD https://a.example/": {status: 200},
		"HEAD " + stale:           {status: 404},
	}}
	remembered := []*Event{
		{URL: fresh, Kind: KindExternal, Verdict: Broken, Reason: "HTTP 404", CheckedAt: now.Add(-time.Hour), Citations: []Citation{{FoundOn: "https://site.example/old", Anchor: "old"}}},
		{URL: stale, Kind: KindExternal, Verdict: OK, Reason: "HTTP 200", CheckedAt: now.Add(-48 * time.Hour), Citations: []Citation{{FoundOn: "https://site.example/old", Anchor: "old"}}},
	}
	c := New(Config{Gate: g, External: true, MaxCitations: 2, Remembered: remembered, Now: func() time.Time { return now }})
	c.Start(context.Background())
	for i := range 5 {
		c.Cite("https://a.example/", "", true, fmt.Sprintf("https://site.example/p%d", i), "A")
	}
	c.Cite("https://a.example/", "", true, "https://site.example/p0", "A again") // the same page cites once
	c.Cite(fresh, "", true, "https://site.example/new", "fresh")
	c.Cite("https://site.example/inside", "", false, "https://site.example/", "not external") // no fragment: nothing to check
	evs, tot, err := c.Finish(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	byURL := map[string]*Event{}
	for _, ev := range evs {
		byURL[ev.URL] = ev
	}
	a := byURL["https://a.example/"]
	if a == nil || a.Verdict != OK || len(a.Citations) != 2 || a.MoreCitations != 3 {
		t.Errorf("a.example: %+v; want ok with 2 citations and 3 more", a)
	}
	if f := byURL[fresh]; f == nil || f.Verdict != Broken {
		t.Errorf("fresh remembered target: %+v; want its broken verdict used again", f)
	}
	if s := byURL[stale]; s == nil || s.Verdict != Broken || s.Remembered {
		t.Errorf("stale remembered target: %+v; want asked again (now broken)", s)
	}
	if _, ok := byURL["https://site.example/inside"]; ok {
		t.Error("an internal link without a fragment was judged")
	}
	if strings.Count(strings.Join(g.log, "\n"), "a.example") != 1 || strings.Contains(strings.Join(g.log, "\n"), fresh) {
		t.Errorf("requests %q; want a.example asked once and the fresh target not at all", g.log)
	}
	if tot.OK != 1 || tot.Broken != 2 || tot.Unchecked != 0 {
		t.Errorf("totals %+v; want 1 ok, 2 broken", tot)
	}
}

// A gate may fail on the verdicts that are not OK, and on nothing else.
func TestVerdictBad(t *testing.T) {
	t.Parallel()
	for v, want := range map[Verdict]bool{OK: false, Broken: true, Unverifiable: true, "": false, "missing": false} {
		if got := v.Bad(); got != want {
			t.Errorf("Verdict(%q).Bad() = %v; want %v", v, got, want)
		}
	}
}
