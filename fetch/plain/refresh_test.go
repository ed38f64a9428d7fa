package plain

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

func TestParseRefresh(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		content string
		delay   int
		ref     string
		ok      bool
	}{
		{"0; url=/next", 0, "/next", true},
		{"0;URL=/next", 0, "/next", true},
		{"5 ; Url = '/next page' trailing", 5, "/next page", true},
		{`3, url="/q?a=1"`, 3, "/q?a=1", true},
		{"0; /direct", 0, "/direct", true},
		{"0; uploads/x.html", 0, "uploads/x.html", true}, // "u" is not the "url=" label
		{"0; url /no-equals", 0, "url /no-equals", true},
		{"  7.9; url=/f", 7, "/f", true}, // a fraction is ignored
		{".5; url=/dot", 0, "/dot", true},
		{"30", 30, "", true},          // a reload
		{"0; url=", 0, "", true},      // a reload
		{"0; url=''", 0, "", true},    // a reload
		{"x; url=/no", 0, "", false},  // no delay
		{"5x; url=/no", 0, "", false}, // junk after the delay
		{"", 0, "", false},
		{"99999999999999999999999; url=/late", maxInt, "/late", true},
	} {
		delay, ref, ok := parseRefresh(tc.content)
		if delay != tc.delay || ref != tc.ref || ok != tc.ok {
			t.Errorf("parseRefresh(%q) = %d, %q, %v; want %d, %q, %v", tc.content, delay, ref, ok, tc.delay, tc.ref, tc.ok)
		}
	}
}

// FuzzParseRefresh holds parseRefresh to its properties on any content:
// no panic, a delay never negative, a URL without surrounding white space,
// and nothing found in content that is not a refresh.
func FuzzParseRefresh(f *testing.F) {
	for _, seed := range []string{
		"0; url=/next",          // the common form
		"5 ; URL = '/a b' tail", // label, spaces, quotes
		"3",                     // a reload
		".5,url=\"x",            // a fraction, an unclosed quote
		"99999999999999999999",  // a delay past an int
		"x",                     // not a refresh
		"0;\x00url=\xff",        // bytes that are not UTF-8
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, content string) {
		delay, ref, ok := parseRefresh(content)
		if delay < 0 {
			t.Errorf("parseRefresh(%q): delay %d", content, delay)
		}
		if ref != strings.Trim(ref, asciiSpace) {
			t.Errorf("parseRefresh(%q): URL %q keeps white space", content, ref)
		}
		if !ok && (delay != 0 || ref != "") {
			t.Errorf("parseRefresh(%q) = %d, %q, not ok; want nothing", content, delay, ref)
		}
		if ok && !strings.Contains(content, ref) {
			t.Errorf("parseRefresh(%q): URL %q is not in the content", content, ref)
		}
	})
}

// gateFunc is a Gate from a func.
type gateFunc func(u *url.URL) error

func (g gateFunc) Navigate(_ context.Context, u *url.URL) error { return g(u) }

// refreshSite serves pages by path: a body, or "301 TARGET" for a
// redirect. It counts the requests.
func refreshSite(t *testing.T, pages map[string]string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		body, ok := pages[r.URL.Path]
		switch {
		case !ok:
			http.NotFound(w, r)
		case strings.HasPrefix(body, "301 "):
			http.Redirect(w, r, strings.TrimPrefix(body, "301 "), http.StatusMovedPermanently)
		default:
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, body)
		}
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

func refreshPage(content, text string) string {
	return `<!doctype html><title>Moved</title><meta http-equiv="Refresh" content="` + content + `"><p>` + text + `</p>`
}

const destination = `<!doctype html><title>Destination</title><p>The destination page, with words of its own.</p>`

// A meta refresh with a URL and a short delay is a redirect hop (status 0,
// via meta): the Side is the destination's, its URL the page's and its
// redirects the whole chain, HTTP hops included. A long delay, a refresh
// without a URL or to the page itself, one in an inert template, or to
// another scheme, is no redirect: the page is read as it is.
func TestMetaRefreshFollowed(t *testing.T) {
	t.Parallel()
	ts, _ := refreshSite(t, map[string]string{
		"/stub":      refreshPage("0; url=/dest", "This page has moved."),
		"/soon":      refreshPage("10; URL='/dest'", "Taking you there in ten seconds."),
		"/via301":    "301 /stub",
		"/chained":   refreshPage("0; url=/via301", "Twice moved."),
		"/based":     `<!doctype html><base href="/sub/"><meta http-equiv="refresh" content="0; url=dest"><p>Based.</p>`,
		"/sub/dest":  destination,
		"/dest":      destination,
		"/late":      refreshPage("11; url=/dest", "Reloads itself later."),
		"/reload":    refreshPage("30", "A page that reloads itself."),
		"/self":      refreshPage("0; url=/self#top", "Itself."),
		"/template":  `<!doctype html><template><meta http-equiv="refresh" content="0; url=/dest"></template><p>Inert.</p>`,
		"/noscript":  `<!doctype html><head><noscript><meta http-equiv="refresh" content="0; url=/dest"></noscript></head><p>Scripted.</p>`,
		"/mailto":    refreshPage("0; url=mailto:a@example.org", "Write to us."),
		"/two-metas": `<!doctype html><meta http-equiv="refresh" content="0; url=/dest"><meta http-equiv="refresh" content="0; url=/stub"><p>Two.</p>`,
	})
	f := New(Config{})
	defer f.Close()
	for _, tc := range []struct {
		path  string
		final string // "" : not followed
		hops  []fetch.Redirect
	}{
		{"/stub", "/dest", []fetch.Redirect{{From: "/stub", To: "/dest", Via: fetch.ViaMeta}}},
		{"/soon", "/dest", []fetch.Redirect{{From: "/soon", To: "/dest", Via: fetch.ViaMeta}}},
		{"/via301", "/dest", []fetch.Redirect{{From: "/via301", To: "/stub", Status: 301, Via: fetch.ViaHTTP}, {From: "/stub", To: "/dest", Via: fetch.ViaMeta}}},
		{"/chained", "/dest", []fetch.Redirect{{From: "/chained", To: "/via301", Via: fetch.ViaMeta}, {From: "/via301", To: "/stub", Status: 301, Via: fetch.ViaHTTP}, {From: "/stub", To: "/dest", Via: fetch.ViaMeta}}},
		{"/based", "/sub/dest", []fetch.Redirect{{From: "/based", To: "/sub/dest", Via: fetch.ViaMeta}}},
		{"/two-metas", "/dest", []fetch.Redirect{{From: "/two-metas", To: "/dest", Via: fetch.ViaMeta}}},
		{"/late", "", nil},
		{"/reload", "", nil},
		{"/self", "", nil},
		{"/template", "", nil},
		{"/noscript", "", nil},
		{"/mailto", "", nil},
	} {
		t.Run(tc.path, func(t *testing.T) {
			s := fetchPath(t, f, ts.URL, tc.path)
			if s.Err != nil {
				t.Fatalf("error: %v", s.Err)
			}
			for i := range tc.hops {
				tc.hops[i].From, tc.hops[i].To = ts.URL+tc.hops[i].From, ts.URL+tc.hops[i].To
			}
			final := ts.URL + tc.path
			if tc.final != "" {
				final = ts.URL + tc.final
			}
			if s.URL != ts.URL+tc.path || s.FinalURL != final || fmt.Sprint(s.Redirects) != fmt.Sprint(tc.hops) {
				t.Errorf("URL %s, final %s, hops %+v; want %s, %s, %+v", s.URL, s.FinalURL, s.Redirects, ts.URL+tc.path, final, tc.hops)
			}
			if tc.final != "" && s.Title != "Destination" {
				t.Errorf("title %q; want the destination's", s.Title)
			}
		})
	}
}

// A refresh is a hop under the rules of an HTTP redirect: the gate is asked
// first (a refused hop is the side's *fetch.HopError, and the target is
// never asked for), a loop through a refresh is named, and the limit counts
// every hop of the chain, refreshes and HTTP redirects together.
func TestMetaRefreshRules(t *testing.T) {
	t.Parallel()
	pages := map[string]string{
		"/out":    refreshPage("0; url=/private", "Moved."),
		"/a":      refreshPage("0; url=/b", "A."),
		"/b":      "301 /c",
		"/c":      refreshPage("0; url=/a", "C."),
		"/secret": destination,
	}
	for i := range 12 {
		pages[fmt.Sprintf("/r%d", i)] = refreshPage(fmt.Sprintf("0; url=/h%d", i), "Next.")
		pages[fmt.Sprintf("/h%d", i)] = fmt.Sprintf("301 /r%d", i+1)
	}
	pages["/private"] = destination
	ts, asked := refreshSite(t, pages)
	denied := errors.New("no")
	f := New(Config{MaxRedirects: 10, Gate: gateFunc(func(u *url.URL) error {
		if u.Path == "/private" {
			return &fetch.Denied{URL: u.String(), Cause: fetch.DeniedOutOfScope, Err: denied}
		}
		return nil
	})})
	defer f.Close()

	s := fetchPath(t, f, ts.URL, "/out")
	var hop *fetch.HopError
	if !errors.As(s.Err, &hop) || hop.To != ts.URL+"/private" || !errors.Is(s.Err, fetch.ErrOutOfScope) {
		t.Errorf("refused hop: error %v; want a *fetch.HopError to /private, out of scope", s.Err)
	}
	if n := asked.Load(); n != 1 {
		t.Errorf("the server was asked %d times; want once (the refused target never)", n)
	}
	if len(s.Redirects) != 1 || s.Redirects[0].Via != fetch.ViaMeta {
		t.Errorf("redirects %+v; want the refused meta hop", s.Redirects)
	}

	s = fetchPath(t, f, ts.URL, "/a")
	if !errors.Is(s.Err, ErrRedirectLoop) {
		t.Errorf("a → b → c → a: error %v; want a redirect loop", s.Err)
	}

	asked.Store(0)
	s = fetchPath(t, f, ts.URL, "/r0")
	if !errors.Is(s.Err, ErrTooManyRedirects) {
		t.Errorf("a chain of refreshes and redirects: error %v; want too many redirects", s.Err)
	}
	if n := asked.Load(); n != 10 {
		t.Errorf("the server was asked %d times; want 10, the limit, refreshes and redirects together", n)
	}
}
