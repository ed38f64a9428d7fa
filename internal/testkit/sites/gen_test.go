package sites

import (
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// genPath is one request to a generated site and what its answer must
// hold. {{origin}} in want stands for the server's URL.
type genPath struct {
	path     string
	status   int
	location string   // for redirects
	want     []string // in the body as served
	absent   []string // not in the body as served: only a browser makes them
}

// genBundle says that the page at path, once its scripts run, can render
// marker: some script the page loads (directly or by import) holds it.
type genBundle struct {
	path, marker string
}

// The generated sites (testdata/sites/gen-*, built by
// scripts/build-fixtures.sh) answer as testdata/sites/gen-README.md says:
// their pages with the text the server sends, their missing pages with the
// host's 404 or SPA fallback, and their client-only pages with scripts that
// hold what the browser will render.
func TestGeneratedSites(t *testing.T) {
	tests := []struct {
		site    string
		paths   []genPath
		bundles []genBundle
	}{
		{"gen-docusaurus", []genPath{
			{"/", 200, "", []string{"<title data-rh=\"true\">Home | Harbour Handbook</title>", "This handbook collects what a new volunteer"}, nil},
			{"/docs/first-aid/", 200, "", []string{
				`<title data-rh="true">First aid | Harbour Handbook</title>`,
				"The first aid kit hangs on the left of the harbour office door",
				`<link data-rh="true" rel="canonical" href="{{origin}}/docs/first-aid/">`,
				`href="/docs/knots/"`, // the sidebar
			}, []string{"harbour.test"}},
			{"/docs/first-aid", 301, "first-aid/", nil, nil},
			{"/docs/welcome/", 200, "", []string{"Welcome aboard | Harbour Handbook", "Volunteers keep the slipway clear"}, nil},
			{"/docs/tides/", 200, "", []string{"tide_board", `<div class="token-line"`, "inner berths closed"}, nil},
			{"/docs/knots/", 200, "", []string{"Round turn and two half hitches"}, nil},
			{"/docs/weather-zh/", 200, "", []string{"天气预报 | Harbour Handbook", "港口办公室每天早上七点在公告栏上贴出当天的天气预报"}, nil},
			{"/blog/", 200, "", []string{"The season opens", "Regatta weekend"}, nil},
			{"/blog/2024/04/02/season-opens/", 200, "", []string{"The harbour opened for the season"}, nil},
			{"/blog/2024/06/15/regatta/", 200, "", []string{"forty boats and a brisk westerly"}, nil},
			{"/sitemap.xml", 200, "", []string{"<loc>{{origin}}/docs/first-aid/</loc>", "<loc>{{origin}}/blog/2024/06/15/regatta/</loc>"}, []string{"harbour.test"}},
			{"/docs/no-such-doc/", 404, "", []string{"<title data-rh=\"true\">Page Not Found | Harbour Handbook</title>", "We could not find what you were looking for."}, nil},
			{"/no-such-page", 404, "", []string{"Page Not Found | Harbour Handbook"}, nil},
			{"/_serve.json", 404, "", []string{"Page Not Found"}, nil},
		}, nil},
		{"gen-vitepress", []genPath{
			{"/guide/", 200, "", []string{"<title>Getting started | Quayside Guide</title>", `<h1 id="getting-started"`, `>Getting started</p>` /* the sidebar item */, "Mooring a visiting boat"}, nil},
			{"/guide/index.html", 301, "./", nil, nil},
			{"/guide/mooring.html", 200, "", []string{"<title>Mooring a visiting boat | Quayside Guide</title>", "assignBerth", "Harbour dues"}, nil},
			{"/guide/dues.html", 200, "", []string{"Dues are charged per night"}, nil},
			{"/zh/", 200, "", []string{`<html lang="zh-CN"`, "<title>入门 | 码头指南</title>", `<h1 id="入门"`, `>入门</p>`, "这份指南写给刚加入码头小组的志愿者"}, nil},
			{"/zh/safety.html", 200, "", []string{"请一直穿着救生衣"}, nil},
			{"/guide/mooring", 404, "", []string{"<title>404 | Quayside Guide</title>"}, nil}, // cleanUrls off: only .html
			{"/no-such-page.html", 404, "", []string{"<title>404 | Quayside Guide</title>"}, nil},
		}, nil},
		{"gen-nextjs", []genPath{
			{"/", 200, "", []string{"<title>Lighthouse Keepers</title>", "The lighthouse on the point", `href="/about#crew-notes"`}, []string{`href="/team"`}},
			{"/about", 200, "", []string{"<title>About the society</title>", "The society was founded by people"}, []string{`href="/team"`, "Crew notes", `id="crew-notes"`, "Meet the team"}},
			{"/about.html", 200, "", []string{"The society was founded by people"}, nil},
			{"/about/", 404, "", []string{"This page could not be found."}, nil},
			{"/team", 200, "", []string{"<title>The team</title>", "Five members hold keys to the tower"}, nil},
			{"/no-such-page", 404, "", []string{"<title>404: This page could not be found.</title>"}, nil},
		}, []genBundle{
			{"/about", "Meet the team that keeps the lamp"},
			{"/about", "crew-notes"},
		}},
		{"gen-astro", []genPath{
			{"/", 200, "", []string{"<title>Home · Breakwater Log</title>", `href="/logbook"`}, nil},
			{"/logbook", 200, "", []string{"<title>The season&#39;s log · Breakwater Log</title>", "<h2>Day 1, 1 April</h2>", "<h2>Day 84, 23 June</h2>", `client="visible"`, `<div class="hidden-gem"></div>`}, []string{"/hidden-gem", "Find the hidden gem"}},
			{"/hidden-gem", 200, "", []string{"<title>The hidden gem · Breakwater Log</title>", "The old net loft stands"}, nil},
			{"/no-such-page", 404, "", []string{"<title>Not found · Breakwater Log</title>", "The tide has taken this page."}, nil},
		}, []genBundle{
			{"/logbook", "Find the hidden gem"},
			{"/logbook", "/hidden-gem"},
		}},
		{"gen-sveltekit", []genPath{
			{"/", 200, "", []string{"<title>Island Ferry</title>", "A small ferry runs between the harbour and the island", `href="/crossings"`, `href="/timetable"`}, nil},
			{"/crossings", 200, "", []string{"<title>Crossings · Island Ferry</title>", "The crossing takes forty minutes"}, nil},
			{"/timetable", 200, "", []string{"<title>Timetable · Island Ferry</title>", "the ferry leaves the harbour at nine"}, nil},
			{"/no-such-page", 404, "", []string{"__sveltekit"}, []string{"<title>", "Island Ferry"}},
		}, []genBundle{
			{"/no-such-page", "Not Found"},
		}},
		{"gen-react-router", []genPath{
			{"/", 200, "", []string{"<p>Loading…</p>", `"isSpaMode":true`}, []string{"<title>", "Tide Watch"}},
			{"/stations", 200, "", []string{"<p>Loading…</p>"}, []string{"Gull Creek"}},
			{"/stations/old-mill", 200, "", []string{"<p>Loading…</p>"}, []string{"Old Mill"}},
			{"/about", 200, "", []string{"<p>Loading…</p>"}, nil},
			{"/no-such-page", 200, "", []string{"<p>Loading…</p>"}, nil},
			{"/data/stations.json", 200, "", []string{`"name": "Old Mill quay"`}, nil},
		}, []genBundle{
			{"/", "Tide Watch lists the tide gauges"},
			{"/stations", "Each gauge, with the height it showed"},
			{"/stations", "/data/stations.json"},
			{"/about", "Tide Watch began when a sailing club"},
			{"/no-such-page", "Tide Watch has no page at this address."},
		}},
		{"gen-vite-spa", []genPath{
			{"/", 200, "", []string{"<title>Lantern Walks</title>", `<main id="app"></main>`}, []string{"Lantern walks by the harbour"}},
			{"/walks", 200, "", []string{"<title>Lantern Walks</title>", `<main id="app"></main>`}, nil},
			{"/join", 200, "", []string{`<main id="app"></main>`}, nil},
			{"/no-such-page", 200, "", []string{`<main id="app"></main>`}, nil},
		}, []genBundle{
			{"/", "Lantern walks by the harbour"},
			{"/walks", "This winter"},
			{"/join", "There is no need to book."},
			{"/no-such-page", "No walk goes here"},
		}},
	}
	tested := map[string]bool{}
	for _, test := range tests {
		tested[test.site] = true
	}
	built, err := filepath.Glob(filepath.Join(Dir(""), "gen-*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range built {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() && !tested[filepath.Base(dir)] {
			t.Errorf("%s is a generated site this test does not serve", filepath.Base(dir))
		}
	}
	if len(built) < len(tests) {
		t.Errorf("found %d generated sites in %s; want the %d this test serves", len(built), Dir(""), len(tests))
	}
	for _, test := range tests {
		t.Run(test.site, func(t *testing.T) {
			t.Parallel()
			ts, _ := Serve(t, test.site)
			for _, p := range test.paths {
				got := ask(t, ts, "GET", p.path)
				if got.status != p.status {
					t.Errorf("GET %s: status = %d; want %d", p.path, got.status, p.status)
				}
				if got.location != p.location {
					t.Errorf("GET %s: Location = %q; want %q", p.path, got.location, p.location)
				}
				for _, w := range p.want {
					if w = strings.ReplaceAll(w, "{{origin}}", ts.URL); !strings.Contains(got.body, w) {
						t.Errorf("GET %s: the body does not hold %q", p.path, w)
					}
				}
				for _, a := range p.absent {
					if strings.Contains(got.body, a) {
						t.Errorf("GET %s: the body holds %q; it must not", p.path, a)
					}
				}
			}
			for _, b := range test.bundles {
				if !scriptsHold(t, ts, b.path, b.marker) {
					t.Errorf("%s: no script the page loads holds %q", b.path, b.marker)
				}
			}
		})
	}
}

// scriptRef finds the scripts a page or a script names: src and href
// attributes, import specifiers and quoted paths, each ending in .js.
var scriptRef = regexp.MustCompile(`["'(=]((?:https?://[^"'\s)]+|[./A-Za-z0-9_~@-]*)\.js)["')\s>]`)

// scriptsHold reports whether marker is in one of the scripts the page at
// path names, or the scripts they name in turn (up to 200 scripts), all
// fetched from ts.
func scriptsHold(t *testing.T, ts *httptest.Server, path, marker string) bool {
	t.Helper()
	page, err := url.Parse(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	queue := refs(page, ask(t, ts, "GET", path).body)
	for len(queue) > 0 && len(seen) < 200 {
		u := queue[0]
		queue = queue[1:]
		if seen[u.String()] || u.Host != page.Host {
			continue
		}
		seen[u.String()] = true
		got := ask(t, ts, "GET", u.RequestURI())
		if got.status != 200 || !strings.Contains(got.ctype, "javascript") {
			continue // a fallback page or a name that only looked like a script
		}
		if strings.Contains(got.body, marker) {
			return true
		}
		queue = append(queue, refs(u, got.body)...)
	}
	return false
}

// refs resolves the scripts body names against base. A bare name such as
// "chunk.js" in a bundle is resolved against the site's root as well, as
// bundlers write some paths relative to their asset folder.
func refs(base *url.URL, body string) []*url.URL {
	var out []*url.URL
	for _, m := range scriptRef.FindAllStringSubmatch(body, -1) {
		ref, err := url.Parse(m[1])
		if err != nil {
			continue
		}
		out = append(out, base.ResolveReference(ref))
	}
	return out
}
