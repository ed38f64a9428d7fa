package main

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// pathLog is a loopback server on its own address that logs every path it
// is asked for.
type pathLog struct {
	*httptest.Server
	mu    sync.Mutex
	paths []string
}

func (h *pathLog) asked() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.paths...)
}

func (h *pathLog) count(path string) int {
	n := 0
	for _, p := range h.asked() {
		if p == path {
			n++
		}
	}
	return n
}

// serveLogged serves handler on ip (a loopback address) and logs each path.
func serveLogged(t *testing.T, ip string, handler http.HandlerFunc) *pathLog {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	h := &pathLog{}
	h.Server = &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.paths = append(h.paths, r.URL.Path)
		h.mu.Unlock()
		handler(w, r)
	})}}
	h.Start()
	t.Cleanup(h.Close)
	return h
}

const wordy = "This page has well over twenty words of its own, written into the HTML by the server, so that a plain fetch alone can keep it as a page."

func htmlPage(w http.ResponseWriter, title, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<!doctype html><html><head><title>%s</title></head><body><h1>%s</h1><p>%s</p>%s</body></html>", title, title, wordy, body)
}

// movedSite is a seed host (old) that answers every page with a redirect to
// the site's new home (home), and a third host (other) that pages of home
// redirect to, which must stay out of scope.
type movedSite struct {
	old, home, other *pathLog
}

func newMovedSite(t *testing.T) *movedSite {
	m := &movedSite{}
	m.other = serveLogged(t, "127.0.0.3", func(w http.ResponseWriter, r *http.Request) {
		htmlPage(w, "Elsewhere", "")
	})
	m.home = serveLogged(t, "127.0.0.2", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow: /private\nSitemap: %s/sitemap.xml\n", m.home.URL)
		case "/sitemap.xml":
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprintf(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/listed</loc></url></urlset>`, m.home.URL)
		case "/":
			htmlPage(w, "Home", `<a href="/about">About us</a> <a href="/away">Away</a> <a href="/private">Private</a>`)
		case "/about", "/listed":
			htmlPage(w, "About", "")
		case "/away":
			http.Redirect(w, r, m.other.URL+"/", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	})
	m.old = serveLogged(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, m.home.URL+r.URL.Path, http.StatusMovedPermanently)
	})
	return m
}

// pagesByURL returns the page events of a stream by URL.
func pagesByURL(evs []map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, ev := range evs {
		if ev["event"] == "page" {
			out[ev["url"].(string)] = ev
		}
	}
	return out
}

func eventsNamed(evs []map[string]any, name string) []map[string]any {
	var out []map[string]any
	for _, ev := range evs {
		if ev["event"] == name {
			out = append(out, ev)
		}
	}
	return out
}

// A seed that redirects to another origin: that origin joins the crawl (said
// on stderr and in a seed_redirect event), its robots.txt, sitemaps and
// soft-404 probe are prepared, its pages are crawled; a redirect of any other
// page out of scope stays refused, and the third host is never asked.
func TestCrawlSeedRedirectJoinsOrigin(t *testing.T) {
	for _, mode := range []string{"plain", "union"} {
		t.Run(mode, func(t *testing.T) {
			if mode != "plain" {
				needBrowser(t)
			}
			m := newMovedSite(t)
			db := filepath.Join(t.TempDir(), "c.db")
			out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", mode, "--host-interval", "0", "--delay", "0", m.old.URL+"/")
			if code != exitOK {
				t.Fatalf("exit %d; want 0\n%s", code, errOut)
			}
			evs := events(t, out)
			joins := eventsNamed(evs, "seed_redirect")
			if len(joins) != 1 {
				t.Fatalf("%d seed_redirect events; want 1\n%s", len(joins), out)
			}
			j := joins[0]
			if j["seed"] != m.old.URL+"/" || j["origin"] != m.home.URL {
				t.Errorf("seed_redirect = %v; want seed %s, origin %s", j, m.old.URL+"/", m.home.URL)
			}
			if hops, _ := j["hops"].([]any); len(hops) == 0 || hops[len(hops)-1].(map[string]any)["to"] != m.home.URL+"/" {
				t.Errorf("seed_redirect hops = %v; want the hop to %s/", j["hops"], m.home.URL)
			}
			if !strings.Contains(errOut, m.home.URL+" joins the approved origins") {
				t.Errorf("stderr does not say the origin joined:\n%s", errOut)
			}
			pages := pagesByURL(evs)
			seed := pages[m.old.URL+"/"]
			if seed == nil || seed["ok"] != true || seed["final_url"] != m.home.URL+"/" {
				t.Fatalf("seed page = %v; want kept, final_url %s/", seed, m.home.URL)
			}
			if c := seed["citation"].(map[string]any); c["via"] != "seed" {
				t.Errorf("seed citation = %v; want via seed", c)
			}
			for _, p := range []string{"/about", "/listed"} {
				if ev := pages[m.home.URL+p]; ev == nil || ev["ok"] != true {
					t.Errorf("page %s = %v; want kept", p, ev)
				}
			}
			if ev := pages[m.home.URL+"/away"]; ev == nil || ev["cause"] != "out_of_scope" {
				t.Errorf("page /away (redirects to a third host) = %v; want refused out_of_scope", ev)
			}
			if n := len(m.other.asked()); n != 0 {
				t.Errorf("the third host was asked %v; a redirect of a page other than a seed must not be followed", m.other.asked())
			}
			if n := m.home.count("/private"); n != 0 {
				t.Errorf("the joined origin's /private was asked %d times; its robots.txt disallows it", n)
			}
			for _, p := range []string{"/robots.txt", "/sitemap.xml"} {
				if m.home.count(p) != 1 {
					t.Errorf("the joined origin was asked for %s %d times; want 1 (prepared like a seed origin)", p, m.home.count(p))
				}
			}
			probed := false
			for _, p := range m.home.asked() {
				probed = probed || strings.HasPrefix(p, "/webgraph-soft404-probe-")
			}
			if !probed {
				t.Errorf("the joined origin was not probed for its soft-404 page: %v", m.home.asked())
			}
			var disc bool
			for _, ev := range eventsNamed(evs, "discovery") {
				disc = disc || ev["origin"] == m.home.URL
			}
			if !disc {
				t.Errorf("no discovery event for %s", m.home.URL)
			}
			done := evs[len(evs)-1]
			if done["event"] != "done" || done["failure"] != nil {
				t.Errorf("done = %v; want no failure", done)
			}
		})
	}
}

// A crawl stopped by its ceiling (1: the seed's first fetch; fetching it
// again on the joined origin would be the second) right after its seed's
// origin joined keeps
// the seed queued and the origin approved: --resume fetches it and the new
// origin's pages, none refused out of scope.
func TestCrawlSeedRedirectResume(t *testing.T) {
	m := newMovedSite(t)
	db := filepath.Join(t.TempDir(), "c.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--max-pages", "1", "--host-interval", "0", "--delay", "0", m.old.URL+"/")
	if code != exitFailure {
		t.Fatalf("first run: exit %d; want 1 (stopped by the ceiling with nothing kept)\n%s", code, errOut)
	}
	evs := events(t, out)
	if len(eventsNamed(evs, "seed_redirect")) != 1 || len(pagesByURL(evs)) != 0 {
		t.Fatalf("first run: want the join and no page recorded\n%s", out)
	}
	out, errOut, code = webgraph(t, "crawl", "--db", db, "--resume", "--max-pages", "20")
	if code != exitOK {
		t.Fatalf("resumed: exit %d\n%s", code, errOut)
	}
	evs = events(t, out)
	run := evs[0]
	origins, _ := json.Marshal(run["origins"])
	if !strings.Contains(string(origins), m.home.URL) {
		t.Errorf("resumed run event origins = %s; want %s approved", origins, m.home.URL)
	}
	pages := pagesByURL(evs)
	for _, u := range []string{m.old.URL + "/", m.home.URL + "/about"} {
		if ev := pages[u]; ev == nil || ev["ok"] != true {
			t.Errorf("resumed: page %s = %v; want kept", u, ev)
		}
	}
}

// A seed typed as people type it: host:port on loopback is http://, said
// once on stderr and in the run event; junk is a usage error in words.
func TestTypedSeeds(t *testing.T) {
	m := newMovedSite(t)
	bare := strings.TrimPrefix(m.home.URL, "http://")
	db := filepath.Join(t.TempDir(), "c.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--depth", "0", "--host-interval", "0", "--delay", "0", bare)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if n := strings.Count(errOut, bare+" taken as "+m.home.URL+"/"); n != 1 {
		t.Errorf("stderr says the seed's form %d times; want once\n%s", n, errOut)
	}
	run := events(t, out)[0]
	typed, _ := json.Marshal(run["seeds_typed"])
	if want := fmt.Sprintf(`[{"typed":%q,"url":%q}]`, bare, m.home.URL+"/"); string(typed) != want {
		t.Errorf("run event seeds_typed = %s; want %s", typed, want)
	}
	out, errOut, code = webgraph(t, "page", "--mode", "plain", bare+"/about")
	if code != exitOK || decodePage(t, out).URL != m.home.URL+"/about" {
		t.Errorf("page %s: exit %d, %s\n%s", bare+"/about", code, out, errOut)
	}
	for _, bad := range []string{"exa mple.org", "mailto:x@example.org", "ftp://example.org/"} {
		_, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "x.db"), bad)
		if code != exitUsage || !strings.Contains(errOut, "is not a seed webgraph can crawl") || strings.Contains(errOut, "first path segment") {
			t.Errorf("crawl %q: exit %d, %q; want a usage error in words", bad, code, errOut)
		}
	}
}

// `page` and `sitemaps` of a URL that redirects to another origin: the page
// is kept where it landed, and the sitemaps read are the new origin's.
func TestPageAndSitemapsFollowSeedRedirect(t *testing.T) {
	m := newMovedSite(t)
	out, errOut, code := webgraph(t, "page", "--mode", "plain", m.old.URL+"/about")
	if code != exitOK {
		t.Fatalf("page: exit %d\n%s\n%s", code, out, errOut)
	}
	ev := decodePage(t, out)
	if !ev.OK || ev.FinalURL != m.home.URL+"/about" {
		t.Errorf("page: ok %v, final_url %s; want kept at %s/about", ev.OK, ev.FinalURL, m.home.URL)
	}
	if !strings.Contains(strings.Join(ev.Warnings, " "), m.home.URL+" joins the approved origins") || !strings.Contains(errOut, "joins the approved origins") {
		t.Errorf("page: the join is not said in warnings %q or on stderr %q", ev.Warnings, errOut)
	}
	out, errOut, code = webgraph(t, "sitemaps", "--host-interval", "0", m.old.URL+"/")
	if code != exitOK {
		t.Fatalf("sitemaps: exit %d\n%s", code, errOut)
	}
	var sm sitemapsOutput
	if err := json.Unmarshal([]byte(out), &sm); err != nil {
		t.Fatalf("sitemaps output: %v\n%s", err, out)
	}
	if sm.Origin != m.home.URL || sm.Inventory.Advertised != 1 || len(sm.SeedRedirects) != 1 {
		t.Errorf("sitemaps: origin %s, advertised %d, seed_redirects %v; want %s's one URL through one redirect", sm.Origin, sm.Inventory.Advertised, sm.SeedRedirects, m.home.URL)
	}
}

// A crawl that keeps no page fails (exit 1) and says why in one sentence:
// on stderr, in done, in the Markdown summary and in JUnit.
func TestCrawlNothingKept(t *testing.T) {
	gone := serveLogged(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		http.NotFound(w, r)
	})
	dir := t.TempDir()
	junit, summary := filepath.Join(dir, "j.xml"), filepath.Join(dir, "s.md")
	out, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(dir, "c.db"), "--mode", "plain", "--host-interval", "0", "--delay", "0",
		"--junit", junit, "--summary", summary, gone.URL+"/")
	if code != exitFailure {
		t.Fatalf("exit %d; want 1\n%s", code, errOut)
	}
	const want = "no page was kept: every seed was refused"
	if !strings.Contains(errOut, want) || !strings.Contains(errOut, "HTTP 404") {
		t.Errorf("stderr does not say why in words:\n%s", errOut)
	}
	evs := events(t, out)
	if f, _ := evs[len(evs)-1]["failure"].(string); !strings.HasPrefix(f, want) {
		t.Errorf("done failure = %q; want %q…", f, want)
	}
	for _, file := range []string{junit, summary} {
		b, err := os.ReadFile(file)
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("%s does not say the crawl failed (%v):\n%s", filepath.Base(file), err, b)
		}
	}
}
