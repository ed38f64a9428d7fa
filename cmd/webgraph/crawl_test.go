package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// events decodes a JSON Lines stream, checking that every line is one
// object whose first field is "event".
func events(t *testing.T, stream string) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(stream))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, `{"event":"`) {
			t.Fatalf("line does not start with the event field: %.80s", line)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %v: %.80s", err, line)
		}
		out = append(out, m)
	}
	return out
}

func TestCrawlCommand(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--keep", "none", ts.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	evs := events(t, out)
	if len(evs) < 10 || evs[0]["event"] != "run" || evs[len(evs)-1]["event"] != "done" {
		t.Fatalf("%d events, first %v, last %v", len(evs), evs[0]["event"], evs[len(evs)-1]["event"])
	}
	done := evs[len(evs)-1]
	if done["stopped"] != "exhausted" || done["disallowed"].(float64) != 2 {
		t.Errorf("done = %v", done)
	}
	// The inventory and coverage come from the database's summary.
	inv, _ := json.Marshal(done["sitemaps"])
	// Plain mode: app.html is refused as a JavaScript shell.
	if string(inv) != `{"advertised":6,"dead":1,"live":3,"refused":1,"unchecked":1}` {
		t.Errorf("sitemap inventory = %s", inv)
	}
	cov := done["coverage"].(map[string]any)
	if cov["sitemap_never_linked"].(float64) != 3 || cov["sitemap_disallowed"].(float64) != 1 || cov["linked_not_in_sitemap"].(float64) == 0 {
		t.Errorf("coverage = %v", cov)
	}
	if _, has := done["browser_peak_rss_mb"]; has {
		t.Errorf("plain mode, but the done event gives the browser's memory: %v", done["browser_peak_rss_mb"])
	}
	for _, ev := range evs {
		if ev["event"] == "page" {
			if _, has := ev["text"]; has {
				t.Errorf("--keep none, but a page event has text: %v", ev["url"])
			}
		}
	}
	for _, want := range []string{"webgraph: crawling " + ts.URL + "/ in plain mode", "limits: 1000 page ceiling", "robots.txt obeyed", "webgraph: done (exhausted)"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(out, "webgraph:") {
		t.Error("human progress leaked into stdout")
	}
}

func TestCrawlLimitsAndOut(t *testing.T) {
	t.Parallel()
	ts, h := sites.Serve(t, "union")
	file := filepath.Join(t.TempDir(), "events.jsonl")
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--max-pages", "3", "--out", file, ts.URL+"/")
	if code != exitOK || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	evs := events(t, string(b))
	done := evs[len(evs)-1]
	if done["stopped"] != "max-pages" || done["pending"].(float64) == 0 {
		t.Errorf("done = stopped %v, pending %v; want max-pages with URLs left", done["stopped"], done["pending"])
	}
	// --max-pages counts pages: robots.txt, the sitemaps and the soft-404
	// probe are not, and a page's redirect hops are its own.
	said, hops := 0, 0
	for _, ev := range evs {
		if ev["event"] == "page" {
			said++
			if plain, ok := ev["sides"].(map[string]any)["plain"].(map[string]any); ok {
				rs, _ := plain["redirects"].([]any)
				hops += len(rs)
			}
		}
	}
	// (The sitemaps are /sitemap.xml and /sitemap_index.xml: the site's
	// /sitemap-only.html, which the crawl may take among its three, is a
	// page.)
	pages := 0
	for _, hit := range h.Hits() {
		if hit.Path != "/robots.txt" && hit.Path != "/sitemap.xml" && hit.Path != "/sitemap_index.xml" && !strings.HasPrefix(hit.Path, "/webgraph-soft404-probe-") {
			pages++
		}
	}
	if said != 3 || pages != 3+hops {
		t.Errorf("%d pages said, %d page requests (%d of them redirect hops) with --max-pages 3; want 3 pages", said, pages, hops)
	}
}

func TestSitemapsCommand(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	out, errOut, code := webgraph(t, "sitemaps", "--verify", "--host-interval", "0", ts.URL+"/")
	if code != exitRefused {
		t.Fatalf("exit %d; want %d, one advertised URL is dead: %s", code, exitRefused, errOut)
	}
	for _, want := range []string{"verifying 6 URLs", "[####################] 6/6 100%", "verified 6 URLs: 4 live, 1 dead, 0 unverifiable", "1 URL of 5 verified"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	var got sitemapsOutput
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	inv := got.Inventory
	if inv.Advertised != 6 || inv.Live == nil || *inv.Live != 4 || *inv.Dead != 1 || *inv.Unverifiable != 0 || *inv.Disallowed != 1 {
		t.Errorf("inventory = %+v", inv)
	}
	if len(got.Attempts) != 2 || !got.Attempts[0].OK || got.Attempts[0].Source != "robots" {
		t.Errorf("attempts = %+v", got.Attempts)
	}
	if len(got.URLs) != 2 {
		t.Errorf("urls = %+v; want the dead and the disallowed one", got.URLs)
	}
}

// TestSitemapsVerifyVerdicts: sitemaps --verify judges each URL as crawl
// --check judges a link. A server that will not answer now (401, 403, 429,
// 503) leaves the URL unverifiable, which does not fail the command; only a
// URL the server says is gone (404, 410, another 4xx) is dead.
func TestSitemapsVerifyVerdicts(t *testing.T) {
	t.Parallel()
	statuses := map[string]int{"/ok": 200, "/auth": 401, "/forbidden": 403, "/busy": 429, "/down": 503, "/gone": 410}
	serve := func(listed []string) *httptest.Server {
		var ts *httptest.Server
		ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/robots.txt":
				fmt.Fprint(w, "User-agent: *\nAllow: /\n")
			case "/sitemap.xml":
				fmt.Fprint(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
				for _, p := range listed {
					fmt.Fprintf(w, "<url><loc>%s%s</loc></url>", ts.URL, p)
				}
				fmt.Fprint(w, "</urlset>")
			default:
				if code, ok := statuses[r.URL.Path]; ok {
					w.WriteHeader(code)
					fmt.Fprint(w, "<p>a page</p>")
					return
				}
				http.NotFound(w, r)
			}
		}))
		t.Cleanup(ts.Close)
		return ts
	}
	verify := func(ts *httptest.Server) (sitemapsOutput, string, int) {
		out, errOut, code := webgraph(t, "sitemaps", "--verify", "--host-interval", "0", ts.URL+"/")
		var got sitemapsOutput
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v\n%s\n%s", err, out, errOut)
		}
		return got, errOut, code
	}

	// Busy, guarded or down: nothing is known to be dead, so exit 0.
	got, errOut, code := verify(serve([]string{"/ok", "/auth", "/forbidden", "/busy", "/down"}))
	if code != exitOK {
		t.Errorf("401, 403, 429 and 503: exit %d; want 0 (unverifiable is not dead)\n%s", code, errOut)
	}
	inv := got.Inventory
	if inv.Live == nil || *inv.Live != 1 || *inv.Dead != 0 || inv.Unverifiable == nil || *inv.Unverifiable != 4 {
		t.Errorf("inventory = live %v, dead %v, unverifiable %v; want 1, 0, 4", deref(inv.Live), deref(inv.Dead), deref(inv.Unverifiable))
	}
	if !strings.Contains(errOut, "verified 5 URLs: 1 live, 0 dead, 4 unverifiable") {
		t.Errorf("stderr lacks the verdicts:\n%s", errOut)
	}
	rows := map[string]sitemapURL{}
	for _, r := range got.URLs {
		rows[r.URL[strings.LastIndex(r.URL, "/"):]] = r
	}
	for path, status := range map[string]int{"/auth": 401, "/forbidden": 403, "/busy": 429, "/down": 503} {
		r, ok := rows[path]
		if !ok || r.Verdict != "unverifiable" || r.Status != status || r.Live != nil || !strings.Contains(r.Reason, fmt.Sprint(status)) {
			t.Errorf("%s: listed %v, %+v; want unverifiable, status %d, no live", path, ok, r, status)
		}
	}
	if _, listed := rows["/ok"]; listed || len(got.URLs) != 4 {
		t.Errorf("urls = %+v; want the 4 not judged live, without --list", got.URLs)
	}

	// A URL the server says is gone is dead: exit 3.
	got, errOut, code = verify(serve([]string{"/ok", "/busy", "/gone"}))
	if code != exitRefused || !strings.Contains(errOut, "1 URL of 3 verified") {
		t.Errorf("410: exit %d; want %d\n%s", code, exitRefused, errOut)
	}
	if r := got.URLs[len(got.URLs)-1]; r.Verdict != "broken" || r.Live == nil || *r.Live || r.Status != 410 {
		t.Errorf("the gone URL's row = %+v; want broken, live false, 410", r)
	}
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

func TestCrawlUsage(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"crawl"}, "at least one seed"},
		{[]string{"crawl", "--origin", "example.org", "http://127.0.0.1:1/"}, "not scheme://host"},
		{[]string{"crawl", "--allow-path", "docs", "http://127.0.0.1:1/"}, "must start with /"},
		{[]string{"crawl", "--keep", "html", "http://127.0.0.1:1/"}, "--keep"},
		{[]string{"crawl", "--browser-memory", "-1", "http://127.0.0.1:1/"}, "--browser-memory must be 0"},
		{[]string{"crawl", "--browser-memory", "500", "--mode", "plain", "http://127.0.0.1:1/"}, "--mode plain does not start"},
		{[]string{"crawl", "--browser-memory", "500", "--browser-url", "http://127.0.0.1:1", "http://127.0.0.1:1/"}, "not webgraph's to stop"},
	} {
		_, errOut, code := webgraph(t, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, %q; want usage error with %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestCrawlBrowserMemory crawls pages whose text arrives late, in union
// mode: each is kept whole, and the done event gives the browser's peak
// memory.
func TestCrawlBrowserMemory(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "late")
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--host-interval", "0", "--delay", "0", "--concurrency", "2", "--keep", "text",
		ts.URL+"/late.html", ts.URL+"/docs/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	evs := events(t, out)
	done := evs[len(evs)-1]
	if mb, _ := done["browser_peak_rss_mb"].(float64); mb <= 0 {
		t.Errorf("browser_peak_rss_mb = %v; want the browser tree's peak memory in MB", done["browser_peak_rss_mb"])
	}
	want := map[string]string{"/late.html": "Arrived after one second", "/docs/": "The final section of the docs page"}
	for _, ev := range evs {
		if ev["event"] != "page" {
			continue
		}
		path := strings.TrimPrefix(ev["url"].(string), ts.URL)
		if w, ok := want[path]; ok {
			if text, _ := ev["text"].(string); !strings.Contains(text, w) {
				t.Errorf("%s: text lacks %q: %.300s", path, w, text)
			}
			delete(want, path)
		}
	}
	for path := range want {
		t.Errorf("no page event for %s", path)
	}
}

// TestCrawlBrowserMemoryLimit crawls the union fixture with a limit the
// browser always passes (1 MB): it is recycled between pages, and the crawl
// keeps what the same crawl without a limit keeps, page for page; the done
// event and stderr say the browser's PSS and the recycles.
func TestCrawlBrowserMemoryLimit(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	kept := map[string]map[string]bool{}
	var recycles float64
	for _, limit := range []string{"0", "1"} {
		db := filepath.Join(t.TempDir(), "crawl.db")
		out, errOut, code := webgraph(t, "crawl", "--db", db, "--host-interval", "0", "--delay", "0", "--concurrency", "3",
			"--browser-memory", limit, ts.URL+"/")
		if code != exitOK {
			t.Fatalf("--browser-memory %s: exit %d\n%s", limit, code, errOut)
		}
		evs := events(t, out)
		done := evs[len(evs)-1]
		peak, _ := done["browser_peak_pss_mb"].(float64)
		end, _ := done["browser_pss_mb"].(float64)
		if peak <= 0 || end <= 0 || peak < end {
			t.Errorf("--browser-memory %s: browser PSS peak %v, at the end %v; want both, the peak the larger", limit, done["browser_peak_pss_mb"], done["browser_pss_mb"])
		}
		if !strings.Contains(errOut, "browser memory: ") {
			t.Errorf("--browser-memory %s: stderr does not say the browser's memory:\n%s", limit, errOut)
		}
		kept[limit] = map[string]bool{}
		for _, ev := range evs {
			if ev["event"] == "page" {
				kept[limit][fmt.Sprint(ev["url"], " ok=", ev["ok"], " ", ev["cause"])] = true
				for _, w := range ev["warnings"].([]any) {
					if strings.Contains(fmt.Sprint(w), "browser failed") {
						t.Errorf("--browser-memory %s: %s: %v", limit, ev["url"], w)
					}
				}
			}
		}
		if limit == "1" {
			recycles, _ = done["browser_recycles"].(float64)
			if !strings.Contains(errOut, "past --browser-memory") {
				t.Errorf("stderr does not say the recycles:\n%s", errOut)
			}
		} else if _, has := done["browser_recycles"]; has {
			t.Errorf("no limit, but done says %v recycles", done["browser_recycles"])
		}
	}
	if recycles < 1 {
		t.Errorf("browser_recycles = %v past a 1 MB limit; want the browser recycled", recycles)
	}
	if !maps.Equal(kept["0"], kept["1"]) {
		t.Errorf("the pages differ with the limit:\nwithout: %v\nwith:    %v", kept["0"], kept["1"])
	}
}
