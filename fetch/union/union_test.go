package union

import (
	"context"
	"errors"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/refuse"
)

var _ Fetcher = (*plain.Fetcher)(nil)
var _ Fetcher = (*rendered.Fetcher)(nil)

var browser = &browsertest.Shared{Config: rendered.Config{Timeout: 15 * time.Second}}

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m, browser)) }

func newUnion(t *testing.T, mode Mode) *Union {
	t.Helper()
	p := plain.New(plain.Config{Timeout: 5 * time.Second, MaxBody: 2 << 20})
	t.Cleanup(p.Close)
	return &Union{Mode: mode, Plain: p, Rendered: browser.Get(t)}
}

func get(t *testing.T, u *Union, base, path string) (*Page, *refuse.Refusal) {
	t.Helper()
	target, err := url.Parse(base + path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := u.Fetch(context.Background(), target)
	var r *refuse.Refusal
	if err != nil && !errors.As(err, &r) {
		t.Fatalf("Fetch(%s): error %v is not a *refuse.Refusal", path, err)
	}
	if (r == nil) != (p.Refusal == nil) {
		t.Fatalf("Fetch(%s): returned refusal %v but Page.Refusal %v", path, r, p.Refusal)
	}
	return p, r
}

func TestRules(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	u := newUnion(t, ModeUnion)
	tests := []struct {
		path    string
		cause   refuse.Cause // "" when kept
		words   string       // part of the refusal's words
		used    []fetch.Name
		dropped fetch.Name
	}{
		{path: "/article.html", used: []fetch.Name{fetch.Rendered, fetch.Plain}},
		{path: "/app.html", used: []fetch.Name{fetch.Rendered, fetch.Plain}},
		{path: "/report.pdf", cause: refuse.Download, words: "the server returned a file download rather than a page"},
		{path: "/download/report", cause: refuse.Download, words: "file download"},
		{path: "/attachment", cause: refuse.Download, words: "file download"},
		{path: "/missing.html", cause: refuse.Missing, words: "HTTP 404"},
		{path: "/gone", cause: refuse.Missing, words: "HTTP 410"},
		{path: "/wall/401", cause: refuse.Wall, words: "HTTP 401 Unauthorized"},
		{path: "/wall/403", cause: refuse.Wall, words: "HTTP 403 Forbidden: the site refused the request"},
		{path: "/wall/429", cause: refuse.Wall, words: "HTTP 429 Too Many Requests"},
		{path: "/wall/451", cause: refuse.Wall, words: "HTTP 451"},
		{path: "/wall/503", cause: refuse.Wall, words: "HTTP 503 Service Unavailable"},
		{path: "/block.html", cause: refuse.BlockPage, words: "checking your browser"},
		{path: "/browser-walled", used: []fetch.Name{fetch.Plain}, dropped: fetch.Rendered},
		{path: "/plain-walled", used: []fetch.Name{fetch.Rendered}, dropped: fetch.Plain},
		{path: "/browser-walled-thin", cause: refuse.TooThin, words: "plain side has 5 words"},
		{path: "/private", cause: refuse.LoginRedirect, words: "/login.html?next=/private"},
		{path: "/js-login.html", cause: refuse.LoginRedirect, words: "login.html?next=%2Fjs-login.html"},
		{path: "/loop/a", cause: refuse.FetchError, words: "redirect"},
	}
	for _, tt := range tests {
		t.Run(strings.TrimPrefix(tt.path, "/"), func(t *testing.T) {
			t.Parallel()
			p, r := get(t, u, ts.URL, tt.path)
			if tt.cause != "" {
				if r == nil {
					t.Fatalf("kept (used %v, %d words); want refused as %s", p.Used, p.Words, tt.cause)
				}
				if r.Cause != tt.cause || !strings.Contains(r.Words, tt.words) {
					t.Fatalf("refused as %s: %q; want %s containing %q", r.Cause, r.Words, tt.cause, tt.words)
				}
				return
			}
			if r != nil {
				t.Fatalf("refused as %s: %q; want kept", r.Cause, r.Words)
			}
			if !slices.Equal(p.Used, tt.used) {
				t.Errorf("Used = %v; want %v", p.Used, tt.used)
			}
			if tt.dropped != "" {
				if len(p.Dropped) != 1 || p.Dropped[0].Side != tt.dropped || !strings.Contains(p.Dropped[0].Reason, "HTTP 403 Forbidden") {
					t.Errorf("Dropped = %+v; want the %s side, named as HTTP 403 Forbidden", p.Dropped, tt.dropped)
				}
				if p.Words < fetch.MinWords {
					t.Errorf("survivor has %d words; want at least %d", p.Words, fetch.MinWords)
				}
			}
		})
	}
}

func TestJavaScriptApp(t *testing.T) {
	ts, h := sites.Serve(t, "union")
	u := newUnion(t, ModeUnion)
	p, r := get(t, u, ts.URL, "/app.html")
	if r != nil {
		t.Fatalf("app.html refused: %v", r)
	}
	pl, rd := p.Sides[fetch.Plain], p.Sides[fetch.Rendered]
	if pl.Words >= fetch.MinWords || rd.Words < fetch.MinWords {
		t.Errorf("words plain=%d rendered=%d; want plain < %d <= rendered", pl.Words, rd.Words, fetch.MinWords)
	}
	if p.Title != "Trail planner" || !strings.Contains(p.Text(), "Rendered only: this paragraph exists") {
		t.Errorf("title %q, text %q; want the rendered title and text", p.Title, p.Text())
	}
	found := map[string]fetch.LinkSide{}
	for _, l := range p.Links {
		found[l.URL] = l.Found
	}
	if got := found[ts.URL+"/stages/1.html"]; got != "rendered" {
		t.Errorf("link to stages/1.html found by %q; want rendered (only the script writes it)", got)
	}
	if rd.Wait != "idle" {
		t.Errorf("rendered Wait = %q; want idle", rd.Wait)
	}
	if n := h.Count("/favicon.ico"); n != 0 {
		t.Errorf("the server was asked for the favicon %d times; want never", n)
	}
	if rd.Requests[strings.TrimPrefix(ts.URL, "http://")] == 0 {
		t.Errorf("Requests = %v; want app.js counted for the fixture host", rd.Requests)
	}

	plainOnly := newUnion(t, ModePlain)
	_, r = get(t, plainOnly, ts.URL, "/app.html")
	if r == nil || r.Cause != refuse.JSShell {
		t.Errorf("plain mode: refusal %v; want js_shell", r)
	}
}

func TestUnionText(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	u := newUnion(t, ModeUnion)
	p, r := get(t, u, ts.URL, "/article.html")
	if r != nil {
		t.Fatalf("article refused: %v", r)
	}
	// Every block appears once although both sides read it.
	seen := map[string]bool{}
	for _, b := range p.Blocks {
		if seen[b] {
			t.Errorf("block %q appears twice in the union", b)
		}
		seen[b] = true
	}
	if !strings.Contains(p.Text(), "How rivers shape valleys") || p.Words < 40 {
		t.Errorf("union text has %d words: %q", p.Words, p.Text())
	}
	both := 0
	for _, l := range p.Links {
		if l.Found == "both" {
			both++
		}
	}
	if both == 0 {
		t.Errorf("no link found by both sides: %+v", p.Links)
	}
}

func TestIdenticalInterstitials(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	u := newUnion(t, ModeUnion)
	var d refuse.Identical
	var warning *refuse.Warning
	for _, n := range []string{"one", "two", "three"} {
		p, r := get(t, u, ts.URL, "/interstitial/"+n+".html")
		if r != nil {
			t.Fatalf("%s refused: %v", n, r)
		}
		if w := d.Observe(p.FinalURL, p.Text()); w != nil {
			warning = w
		}
	}
	if warning == nil || len(warning.URLs) != 3 {
		t.Fatalf("warning = %+v; want one naming the three interstitials", warning)
	}
}

func TestBadInput(t *testing.T) {
	ts, h := sites.Serve(t, "union")
	h.MaxStall = 20 * time.Second
	u := newUnion(t, ModeUnion)
	t.Run("stall", func(t *testing.T) {
		_, r := get(t, u, ts.URL, "/stall")
		if r == nil || r.Cause != refuse.FetchError {
			t.Fatalf("stall: refusal %v; want fetch_error", r)
		}
		if n := h.RanOut(); n != 0 {
			t.Errorf("stall: the server held %d responses for its full 20s; the timeouts (5s plain, 15s rendered) should have ended both sides first", n)
		}
	})
	t.Run("legacy charset", func(t *testing.T) {
		p, r := get(t, u, ts.URL, "/legacy-charset")
		if r != nil || !strings.Contains(p.Text(), "Café crème, naïve façade") {
			t.Errorf("legacy charset: refusal %v, text %q", r, p.Text())
		}
	})
	t.Run("huge", func(t *testing.T) {
		p, _ := get(t, u, ts.URL, "/huge")
		if !p.Sides[fetch.Plain].Truncated {
			t.Errorf("huge page: plain side not truncated (warnings %q)", p.Warnings)
		}
		if len(p.Warnings) == 0 {
			t.Errorf("huge page: no warning")
		}
	})
}
