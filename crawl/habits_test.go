package crawl

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/store"
)

// pathLogger serves h and records the path of every request, with whether
// it came from the browser (fetch-metadata headers), for counts from the
// server's side.
type pathLogger struct {
	mu    sync.Mutex
	paths []string
	plain []string // the requests without browser headers
	h     http.Handler
}

func (l *pathLogger) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	l.paths = append(l.paths, r.URL.Path)
	if r.Header.Get("Sec-Fetch-Mode") == "" {
		l.plain = append(l.plain, r.URL.Path)
	}
	l.mu.Unlock()
	l.h.ServeHTTP(w, r)
}

// pageRequests counts the plain requests for pages: every path but
// robots.txt, the sitemaps and the soft-404 probe.
func (l *pathLogger) pageRequests() (n int, paths []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range l.plain {
		switch {
		case p == "/robots.txt", p == "/sitemap.xml", p == "/sitemap_index.xml", strings.HasPrefix(p, "/webgraph-soft404-probe-"):
			continue
		}
		n++
		paths = append(paths, p)
	}
	return n, paths
}

// chain serves "/" and /p/1 … /p/n, each linking to the next, with enough
// words to be kept; robots.txt and sitemaps are missing, and any other path
// answers 200 with a "not found" page (so the soft-404 probe is made and
// fingerprinted).
func chain(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		words := `<p>A page of the chain with enough words of its own to be kept by the crawl in any mode, whatever else it holds.</p>`
		i := -1
		switch {
		case r.URL.Path == "/":
			i = 0
		case strings.HasPrefix(r.URL.Path, "/p/"):
			fmt.Sscanf(strings.TrimPrefix(r.URL.Path, "/p/"), "%d", &i)
		case r.URL.Path == "/robots.txt", strings.HasPrefix(r.URL.Path, "/sitemap"):
			http.NotFound(w, r)
			return
		}
		if i < 0 || i > n {
			fmt.Fprint(w, `<!doctype html><title>Not here</title><p>Nothing lives at this address, though the server answers 200 for it all the same, as some do.</p>`)
			return
		}
		fmt.Fprintf(w, `<!doctype html><title>Page %d</title>%s<a href="/p/%d">next</a>`, i, words, i+1)
	})
}

// --max-pages N means N page fetches: the soft-404 probe, robots.txt and the
// sitemaps are not pages and take no part of it. Counted from the server's
// log.
func TestMaxPagesCountsPages(t *testing.T) {
	for _, tc := range []struct {
		mode union.Mode
		max  int
	}{{union.ModePlain, 1}, {union.ModePlain, 7}, {union.ModeUnion, 1}} {
		t.Run(fmt.Sprintf("%s/%d", tc.mode, tc.max), func(t *testing.T) {
			log := &pathLogger{h: chain(50)}
			site := httptest.NewServer(log)
			defer site.Close()
			cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: -1, Concurrency: 1, MaxPages: tc.max, Mode: tc.mode})
			rec, done := run(t, cfg, newPages(t, tc.mode, nil))
			n, paths := log.pageRequests()
			if n != tc.max {
				t.Errorf("the server was asked for %d pages (%v); want %d", n, paths, tc.max)
			}
			if done.Pages != tc.max || done.OK != tc.max || done.Failure != "" || done.Stopped != StopMaxPages {
				t.Errorf("done: %d pages, %d kept, stopped %q, failure %q; want %d kept, stopped by max-pages", done.Pages, done.OK, done.Stopped, done.Failure, tc.max)
			}
			var disc *DiscoveryEvent
			for _, d := range pagesOf[DiscoveryEvent](rec) {
				disc = d
			}
			if disc == nil || disc.Soft404 == nil || !disc.Soft404.Fingerprint {
				t.Errorf("discovery = %+v; want the soft-404 probe made (it is not a page)", disc)
			}
		})
	}
}

// habitsFile serves the file name of testdata/sites/habits.
func habitsFile(w http.ResponseWriter, r *http.Request, name string) {
	http.ServeFile(w, r, filepath.Join(sites.Dir("habits"), filepath.FromSlash(name)))
}

// missingSitemaps answers robots.txt and the conventional sitemaps with 404,
// and reports whether r was one of them.
func missingSitemaps(w http.ResponseWriter, r *http.Request) bool {
	switch r.URL.Path {
	case "/robots.txt", "/sitemap.xml", "/sitemap_index.xml":
		http.NotFound(w, r)
		return true
	}
	return false
}

// pageEvents returns the page events of rec by URL.
func pageEvents(rec *recorder) map[string]*PageEvent {
	out := map[string]*PageEvent{}
	for _, p := range pagesOf[PageEvent](rec) {
		out[p.URL] = p
	}
	return out
}

// A host that answers every path with its home page has one page, its
// root, and soft 404s elsewhere: the root, and every seed as typed, is never
// refused as a soft 404 of its own site.
func TestCatchAllHostKeepsItsRoot(t *testing.T) {
	for _, mode := range []union.Mode{union.ModePlain, union.ModeUnion} {
		t.Run(string(mode), func(t *testing.T) {
			site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if !missingSitemaps(w, r) {
					habitsFile(w, r, "catchall.html")
				}
			}))
			defer site.Close()
			cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/"), mustURL(t, site.URL+"/landing")}, Depth: DefaultDepth, Concurrency: 1, Mode: mode})
			rec, done := run(t, cfg, newPages(t, mode, nil))
			pages := pageEvents(rec)
			for _, u := range []string{"/", "/landing"} {
				if p := pages[site.URL+u]; p == nil || !p.OK {
					t.Errorf("%s: %s; want kept (the root and a seed are never their own soft 404)", u, brief(p))
				}
			}
			for _, u := range []string{"/workshop", "/prices"} {
				if p := pages[site.URL+u]; p == nil || p.Cause != "missing" || !strings.Contains(p.Error, "soft 404") {
					t.Errorf("%s: %s; want refused missing, a soft 404", u, brief(p))
				}
			}
			if done.Failure != "" || done.OK+done.Duplicates != 2 {
				t.Errorf("done: failure %q, %d kept, %d duplicates; want the root and the seed", done.Failure, done.OK, done.Duplicates)
			}
		})
	}
}

// A site that titles its one missing page in two ways (Docusaurus: the
// site's bare title under /docs/, "Page Not Found" elsewhere) serves the
// same missing page both ways: both are refused as missing. A real page in
// the same template (header, navigation, footer) with an article of its own
// is kept. The app renders its routes, so the browser must run.
func TestSoft404WhateverItsTitle(t *testing.T) {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case missingSitemaps(w, r):
		case r.URL.Path == "/spa/app.js":
			habitsFile(w, r, "spa/app.js")
		default:
			habitsFile(w, r, "spa/shell.html") // the host's fallback: 200 for any path
		}
	}))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 2, Mode: union.ModeUnion})
	rec, _ := run(t, cfg, newPages(t, union.ModeUnion, nil))
	pages := pageEvents(rec)
	for _, u := range []string{"/", "/docs/intro", "/blog"} {
		if p := pages[site.URL+u]; p == nil || !p.OK {
			t.Errorf("%s: %s; want kept: a real page of the template", u, brief(p))
		}
	}
	for _, u := range []string{"/docs/missing-chapter", "/blog/lost-post"} {
		if p := pages[site.URL+u]; p == nil || p.Cause != "missing" || !strings.Contains(p.Error, "soft 404") {
			t.Errorf("%s: %s; want refused missing, a soft 404", u, brief(p))
		}
	}
}

// brief says what became of a page, for a failure message.
func brief(p *PageEvent) string {
	if p == nil {
		return "no page event"
	}
	return fmt.Sprintf("ok %v, cause %q, error %q, title %q, final %s, duplicate of %q, words %d, warnings %q", p.OK, p.Cause, p.Error, p.Title, p.FinalURL, p.DuplicateOf, p.Words, p.Warnings)
}

// moved serves "/" linking to the paths in order, /old (301 to /new), /new
// (a page), /js-old (a script sends the browser to /new), /app-old (a
// script moves the URL to /new by the history API, as a router's redirect
// does), /refresh-old (a meta refresh to /new), /refresh-soon (the same
// after 8 s, past the render's wait) and /refresh-only (a meta refresh to /hidden, which no page
// links to).
func moved(order ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if missingSitemaps(w, r) {
			return
		}
		switch r.URL.Path {
		case "/":
			var links strings.Builder
			for _, p := range order {
				fmt.Fprintf(&links, `<li><a href="%s">%s</a></li>`, p, p)
			}
			fmt.Fprintf(w, `<!doctype html><title>Home</title><p>The home page of a site that moved some of its pages, with enough words of its own to be kept.</p><ul>%s</ul>`, links.String())
		case "/old":
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
		case "/new", "/js-old", "/app-old", "/refresh-old", "/refresh-soon", "/refresh-only", "/hidden":
			habitsFile(w, r, "moved"+r.URL.Path+".html")
		default:
			http.NotFound(w, r)
		}
	})
}

// kept sorts a crawl's page events into the kept pages and the duplicates,
// by URL, leaving out the home page.
func kept(t *testing.T, rec *recorder, home string) (keep, dups map[string]*PageEvent) {
	t.Helper()
	keep, dups = map[string]*PageEvent{}, map[string]*PageEvent{}
	for _, p := range pagesOf[PageEvent](rec) {
		switch {
		case p.URL == home:
		case p.OK && p.DuplicateOf == "":
			keep[p.URL] = p
		case p.OK:
			dups[p.URL] = p
		default:
			t.Errorf("%s refused: %s", p.URL, brief(p))
		}
	}
	return keep, dups
}

// A URL whose final URL, after an HTTP redirect, is a page the crawl keeps
// is that page's duplicate: one kept page for /old and /new, whichever the
// crawl meets first, counted once, its text not kept twice; with the
// crawl's state in memory, in a database, and across --resume.
func TestRedirectedToAKeptPage(t *testing.T) {
	for _, order := range [][]string{{"/old", "/new"}, {"/new", "/old"}} {
		for _, db := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/db=%v", strings.Join(order, ","), db), func(t *testing.T) {
				site := httptest.NewServer(moved(order...))
				defer site.Close()
				cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModePlain, KeepText: true})
				gate := testGate(t, cfg)
				rec := &recorder{}
				deps := Deps{Pages: newPages(t, union.ModePlain, nil), Gate: gate, Sink: rec.sink, Version: "test"}
				if db {
					cfg.Concurrency = 4
					st, f := dbFrontier(t, filepath.Join(t.TempDir(), "crawl.db"), gate, cfg)
					defer st.Close()
					deps.Frontier = f
				}
				c, err := New(cfg, deps)
				if err != nil {
					t.Fatal(err)
				}
				done := c.Run(context.Background())
				keep, dups := kept(t, rec, site.URL+"/")
				checkOneKept(t, keep, dups, site.URL+"/new")
				if done.OK != 2 || done.Duplicates != 1 {
					t.Errorf("done: %d kept, %d duplicates; want the home page and one for /new, and one duplicate; the events:\n%s", done.OK, done.Duplicates, rec.jsonl(t))
				}
			})
		}
	}
	t.Run("resumed", func(t *testing.T) {
		site := httptest.NewServer(moved("/new", "/old"))
		defer site.Close()
		path := filepath.Join(t.TempDir(), "crawl.db")
		var keep, dups map[string]*PageEvent
		for run, mode := range []store.Mode{store.Create, store.Resume} {
			cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModePlain, KeepText: true, MaxPages: 2, Resumed: run > 0, KeptEarlier: run > 0})
			gate := testGate(t, cfg)
			st, err := store.Open(context.Background(), path, mode)
			if err != nil {
				t.Fatal(err)
			}
			cr, err := st.OpenCrawl(context.Background(), store.CrawlConfig{Throttle: gate.Throttle(), MaxDepth: cfg.Depth})
			if err != nil {
				t.Fatal(err)
			}
			rec := &recorder{}
			c, err := New(cfg, Deps{Pages: newPages(t, union.ModePlain, nil), Gate: gate, Sink: rec.sink, Frontier: cr.Frontier, Journal: cr.Journal, Version: "test"})
			if err != nil {
				t.Fatal(err)
			}
			c.Run(context.Background())
			st.Close()
			k, d := kept(t, rec, site.URL+"/")
			if run == 0 {
				keep, dups = k, d
				if len(k) != 1 || len(d) != 0 {
					t.Fatalf("first run kept %v, duplicates %v; want /new alone (the ceiling stops it before /old)", k, d)
				}
				continue
			}
			maps.Copy(keep, k)
			maps.Copy(dups, d)
		}
		checkOneKept(t, keep, dups, site.URL+"/new")
	})
}

// checkOneKept checks that one page was kept for final, and the other URLs
// that ended there are its duplicates, without text.
func checkOneKept(t *testing.T, keep, dups map[string]*PageEvent, final string) {
	t.Helper()
	var holder string
	for u, p := range keep {
		if p.FinalURL == final {
			if holder != "" {
				t.Errorf("%s and %s are both kept; both end at %s", holder, u, final)
			}
			holder = u
		}
	}
	if holder == "" {
		t.Fatalf("no page kept for %s: kept %v", final, keep)
	}
	if len(dups) == 0 {
		t.Errorf("no duplicate of %s said", holder)
	}
	for u, p := range dups {
		if p.DuplicateOf != holder || p.Text != nil || p.FinalURL != final {
			t.Errorf("%s: %s; want a duplicate of %s without text", u, brief(p), holder)
		}
	}
}

// hopVia returns the vias of a side's redirect hops.
func hopVia(s SideReport) []string {
	var out []string
	for _, h := range s.Redirects {
		out = append(out, h.Via)
	}
	return out
}

// A script's navigation is a hop like an HTTP redirect: a new document
// (location.replace) or the history API moving the URL (a router's
// redirect) is a hop "via":"script" in the render's redirects, the audit's
// js_redirect says so, the page is where the script sent it (the stub's
// "this page has moved" is not its text: the side left behind is dropped),
// and a page that ends on a page already kept is its duplicate.
func TestScriptNavigationIsAHop(t *testing.T) {
	site := httptest.NewServer(moved("/js-old", "/new", "/app-old"))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModeUnion, KeepText: true})
	rec, done := run(t, cfg, newPages(t, union.ModeUnion, nil))
	keep, dups := kept(t, rec, site.URL+"/")
	checkOneKept(t, keep, dups, site.URL+"/new")
	pages := pageEvents(rec)
	for _, u := range []string{"/js-old", "/app-old"} {
		p := pages[site.URL+u]
		if p == nil {
			t.Fatalf("%s: no page event", u)
		}
		if got := hopVia(p.Sides["rendered"]); !slices.Equal(got, []string{"script"}) {
			t.Errorf("%s: rendered hops %+v; want one hop via script", u, p.Sides["rendered"].Redirects)
		}
		if p.Audit == nil || !p.Audit.Has(audit.JSRedirect) {
			t.Errorf("%s: audit %+v; want js_redirect", u, p.Audit)
		}
		if len(p.Dropped) != 1 || p.Dropped[0].Side != "plain" || !strings.Contains(p.Dropped[0].Reason, "by a script") {
			t.Errorf("%s: dropped %+v; want the plain side, which read the stub", u, p.Dropped)
		}
	}
	if p := pages[site.URL+"/js-old"]; p.Text == nil || strings.Contains(*p.Text, "has moved") || !strings.Contains(*p.Text, "lives at its new address") {
		t.Errorf("/js-old kept text %q; want the new address's alone", deref(p.Text))
	}
	if done.Findings[audit.JSRedirect] != 2 {
		t.Errorf("done findings %v; want js_redirect 2", done.Findings)
	}
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}

// A meta refresh is a redirect hop: --mode plain follows it (via meta,
// status 0) and keeps the page it leads to, which no link names; under
// union both sides follow a refresh of no delay, and a delayed one that the
// render read before it ran out leaves the render on the stub, which is
// dropped: either way the page keeps its destination's text alone, the
// stub's "this page has moved" never blended in, and is the kept
// destination's duplicate. A meta refresh is no js_redirect: a crawler
// without a browser follows it.
func TestMetaRefreshIsAHop(t *testing.T) {
	t.Run("plain", func(t *testing.T) {
		site := httptest.NewServer(moved("/refresh-only"))
		defer site.Close()
		cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModePlain, KeepText: true})
		rec, _ := run(t, cfg, newPages(t, union.ModePlain, nil))
		p := pageEvents(rec)[site.URL+"/refresh-only"]
		if p == nil || !p.OK || p.FinalURL != site.URL+"/hidden" || p.Text == nil || !strings.Contains(*p.Text, "the only way in is the meta refresh") {
			t.Fatalf("/refresh-only: %s, text %q; want kept as /hidden, its text", brief(p), deref(p.Text))
		}
		if hops := p.Sides["plain"].Redirects; len(hops) != 1 || hops[0].Via != "meta" || hops[0].Status != 0 || hops[0].To != site.URL+"/hidden" {
			t.Errorf("plain hops %+v; want one meta hop to /hidden", hops)
		}
	})
	for _, first := range []string{"/refresh-old", "/refresh-soon"} {
		t.Run("union/"+first+" first", func(t *testing.T) {
			site := httptest.NewServer(moved(first, "/new", "/refresh-old", "/refresh-soon"))
			defer site.Close()
			testRefreshUnion(t, site, first)
		})
	}
}

func testRefreshUnion(t *testing.T, site *httptest.Server, first string) {
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModeUnion, KeepText: true})
	rec, _ := run(t, cfg, newPages(t, union.ModeUnion, nil))
	keep, dups := kept(t, rec, site.URL+"/")
	checkOneKept(t, keep, dups, site.URL+"/new")
	pages := pageEvents(rec)
	if p := pages[site.URL+first]; p == nil || p.Text == nil || strings.Contains(*p.Text, "has moved") || !strings.Contains(*p.Text, "lives at its new address") {
		t.Errorf("%s, kept first: text %q; want the destination's alone", first, deref(p.Text))
	}
	for _, tc := range []struct {
		path    string
		dropped string // the side left on the stub, if any
	}{{"/refresh-old", ""}, {"/refresh-soon", "rendered"}} {
		p := pages[site.URL+tc.path]
		if p == nil {
			t.Fatalf("%s: no page event", tc.path)
		}
		if got := hopVia(p.Sides["plain"]); !slices.Equal(got, []string{"meta"}) {
			t.Errorf("%s: plain hops %+v; want one meta hop", tc.path, p.Sides["plain"].Redirects)
		}
		var dropped []string
		for _, d := range p.Dropped {
			dropped = append(dropped, string(d.Side))
		}
		if tc.dropped == "" && len(dropped) != 0 || tc.dropped != "" && !slices.Equal(dropped, []string{tc.dropped}) {
			t.Errorf("%s: dropped %+v; want %q", tc.path, p.Dropped, tc.dropped)
		}
		if p.Audit != nil && p.Audit.Has(audit.JSRedirect) {
			t.Errorf("%s: js_redirect for a meta refresh", tc.path)
		}
	}
	if p := pages[site.URL+"/refresh-old"]; !slices.Equal(hopVia(p.Sides["rendered"]), []string{"meta"}) {
		t.Errorf("/refresh-old: rendered hops %+v; want one meta hop (the browser follows a refresh of no delay)", p.Sides["rendered"].Redirects)
	}
}

// A page with more links than a page is read for (10,000) says so: its
// warnings give the links left unread, and the done event counts the page
// and those links. (That both sides count them, the render in the live
// DOM, is fetch/union's TestLinksCappedOnBothSides.)
func TestLinksCapSaid(t *testing.T) {
	if union.MaxLinksRead != plain.MaxLinks {
		t.Fatalf("union.MaxLinksRead %d; plain.MaxLinks %d", union.MaxLinksRead, plain.MaxLinks)
	}
	const n = 50000
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r) // robots.txt and sitemaps too
			return
		}
		var b strings.Builder
		b.WriteString(`<!doctype html><title>Index</title><p>An index of fifty thousand pages, with words enough of its own to be kept as a page whatever its links.</p><ul>`)
		for i := range n {
			fmt.Fprintf(&b, `<li><a href="/l/%d">%d</a></li>`, i, i)
		}
		b.WriteString(`</ul>`)
		w.Write([]byte(b.String()))
	}))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: 0, Concurrency: 1, Mode: union.ModePlain})
	rec, done := run(t, cfg, newPages(t, union.ModePlain, nil))
	p := pageEvents(rec)[site.URL+"/"]
	if p == nil || !p.OK {
		t.Fatalf("index: %s; want kept", brief(p))
	}
	said := false
	for _, w := range p.Warnings {
		said = said || strings.Contains(w, "links capped") && strings.Contains(w, fmt.Sprint(n-union.MaxLinksRead))
	}
	if !said {
		t.Errorf("warnings %q; want the cap said, with %d links left unread", p.Warnings, n-union.MaxLinksRead)
	}
	if got := p.Links.Plain; got != union.MaxLinksRead {
		t.Errorf("%d links recorded; want %d", got, union.MaxLinksRead)
	}
	if done.LinksCapped != 1 || done.LinksPastCap != n-union.MaxLinksRead {
		t.Errorf("done: links_capped %d, links_past_cap %d; want 1 and %d", done.LinksCapped, done.LinksPastCap, n-union.MaxLinksRead)
	}
}

// canonicals serves "/" linking to /a … /d, each naming as canonical a URL
// no page links to: /a names /gone (404), /b /target (a page), /c /walled
// (403) and /d /private (robots.txt disallows it).
func canonicals() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		words := `<p>A page with words enough of its own to be kept, whatever its canonical link says about where it lives.</p>`
		page := func(title, canon string) {
			fmt.Fprintf(w, `<!doctype html><title>%s</title><link rel="canonical" href="%s">%s`, title, canon, words)
		}
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		case "/sitemap.xml", "/sitemap_index.xml", "/gone":
			http.NotFound(w, r)
		case "/":
			fmt.Fprintf(w, `<!doctype html><title>Home</title>%s<a href="/a">a</a> <a href="/b">b</a> <a href="/c">c</a> <a href="/d">d</a>`, words)
		case "/a":
			page("A", "/gone")
		case "/b":
			page("B", "/target")
		case "/c":
			page("C", "/walled")
		case "/d":
			page("D", "/private")
		case "/target":
			page("Target", "/target")
		case "/walled":
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `<!doctype html><title>Forbidden</title><p>Forbidden</p>`)
		default:
			http.NotFound(w, r)
		}
	})
}

// A canonical URL in scope is fetched like any URL (cited via canonical,
// found on the page that names it), though no page links to it; one that
// the crawl refuses (missing, walled, disallowed) is the finding
// canonical_broken on the page that names it: said in a finding event,
// counted in done, and written into the page's record, across --resume
// too (the canonical URL fetched by a later run). A canonical URL that is a
// page is no finding.
func TestCanonicalTargets(t *testing.T) {
	log := &pathLogger{h: canonicals()}
	site := httptest.NewServer(log)
	defer site.Close()
	path := filepath.Join(t.TempDir(), "crawl.db")
	var findings []*FindingEvent
	pages := map[string]*PageEvent{}
	var done *DoneEvent
	// The first run stops before the canonical URLs are fetched (the
	// home page and /a … /d are five pages); the second goes on.
	for run, mode := range []store.Mode{store.Create, store.Resume} {
		cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModePlain, MaxPages: 5, Resumed: run > 0, KeptEarlier: run > 0})
		if run > 0 {
			cfg.MaxPages = -1
		}
		gate := testGate(t, cfg)
		st, err := store.Open(context.Background(), path, mode)
		if err != nil {
			t.Fatal(err)
		}
		cr, err := st.OpenCrawl(context.Background(), store.CrawlConfig{Throttle: gate.Throttle(), MaxDepth: cfg.Depth})
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{}
		c, err := New(cfg, Deps{Pages: newPages(t, union.ModePlain, nil), Gate: gate, Sink: rec.sink, Frontier: cr.Frontier, Journal: cr.Journal, Version: "test"})
		if err != nil {
			t.Fatal(err)
		}
		done = c.Run(context.Background())
		maps.Copy(pages, pageEvents(rec))
		if run == 0 {
			if n := len(pagesOf[FindingEvent](rec)); n != 0 || done.Findings[audit.CanonicalBroken] != 0 {
				t.Fatalf("first run: %d finding events, done counts %d; want none (no canonical URL fetched yet)", n, done.Findings[audit.CanonicalBroken])
			}
		}
		findings = append(findings, pagesOf[FindingEvent](rec)...)
		if run > 0 {
			checkRecorded(t, st, site.URL)
		}
		st.Close()
	}
	if p := pages[site.URL+"/target"]; p == nil {
		t.Errorf("/target was never fetched; want it fetched, cited via canonical from /b")
	} else if p.Citation.Via != "canonical" || p.Citation.FoundOn != site.URL+"/b" || !p.OK {
		t.Errorf("/target: %s, citation %+v; want fetched, cited via canonical from /b", brief(p), p.Citation)
	}
	got := map[string]string{}
	for _, f := range findings {
		got[strings.TrimPrefix(f.URL, site.URL)] = f.Detail
		if f.Finding.Finding != audit.CanonicalBroken || !strings.HasPrefix(f.Words, "CRITICAL: ") {
			t.Errorf("finding event %+v; want canonical_broken, critical", f)
		}
	}
	for page, want := range map[string]string{"/a": "/gone is refused, missing: HTTP 404", "/c": "/walled is refused, wall: HTTP 403", "/d": "/private is disallowed"} {
		if !strings.Contains(got[page], want) {
			t.Errorf("finding on %s: detail %q; want it to say %q", page, got[page], want)
		}
	}
	if len(got) != 3 || done.Findings[audit.CanonicalBroken] != 3 {
		t.Errorf("findings on %v, done counts %d; want /a, /c and /d", got, done.Findings[audit.CanonicalBroken])
	}
}

// checkRecorded checks that the stored events of /a, /c and /d hold the
// finding canonical_broken, and that of /b none.
func checkRecorded(t *testing.T, st *store.Store, base string) {
	t.Helper()
	has := map[string]bool{}
	err := st.Pages(context.Background(), func(r store.PageRow) error {
		var ev PageEvent
		if err := json.Unmarshal(r.Event, &ev); err != nil {
			return err
		}
		has[strings.TrimPrefix(r.URL, base)] = ev.Audit.Has(audit.CanonicalBroken)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for page, want := range map[string]bool{"/a": true, "/b": false, "/c": true, "/d": true, "/target": false} {
		if has[page] != want {
			t.Errorf("the record of %s holds canonical_broken: %v; want %v", page, has[page], want)
		}
	}
}

// status200 serves h, answering 200 where h answers 404: a host that
// serves its not-found page (or an app's shell) as if it were a page.
type status200 struct{ http.ResponseWriter }

func (w status200) WriteHeader(code int) {
	if code == http.StatusNotFound {
		code = http.StatusOK
	}
	w.ResponseWriter.WriteHeader(code)
}

// The real thing: Docusaurus's own build, on a host that answers unknown
// paths with its 404 page and status 200. Its app titles the missing page
// "Harbour Handbook" under /docs/ and "Page Not Found | Harbour Handbook"
// elsewhere, with the same text: both are refused as missing, and every
// real page of the same template is kept.
func TestSoft404GeneratedDocusaurus(t *testing.T) {
	h := sites.New(sites.Dir("gen-docusaurus"))
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.NotFound(w, r)
		case "/links-to-missing":
			fmt.Fprint(w, `<!doctype html><title>Links</title><p>Links to two pages this site does not have, one under the docs and one elsewhere, as old sites link.</p>`+
				`<a href="/docs/no-such-doc">a doc</a> <a href="/no-such-page">a page</a>`)
		default:
			h.ServeHTTP(status200{w}, r)
		}
	}))
	defer site.Close()
	cfg := usual(Config{Seeds: []*url.URL{mustURL(t, site.URL+"/"), mustURL(t, site.URL+"/links-to-missing")}, Depth: 1, Concurrency: 2, Mode: union.ModeUnion})
	rec, _ := run(t, cfg, newPages(t, union.ModeUnion, nil))
	pages := pageEvents(rec)
	for _, u := range []string{"/docs/no-such-doc", "/no-such-page"} {
		if p := pages[site.URL+u]; p == nil || p.Cause != "missing" || !strings.Contains(p.Error, "soft 404") {
			t.Errorf("%s: %s; want refused missing, a soft 404", u, brief(p))
		}
	}
	kept := 0
	for u, p := range pages {
		if strings.HasPrefix(u, site.URL+"/docs/") && strings.HasSuffix(u, "/") && !strings.Contains(u, "no-such") {
			kept++
			if !p.OK {
				t.Errorf("%s: %s; want kept, a real page of the template", u, brief(p))
			}
		}
	}
	if kept < 5 {
		t.Errorf("%d docs pages met; want the five of the site", kept)
	}
}
