package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// The hashapp fixture is one document whose script shows the page the
// fragment names; each route's text is its own.
var hashappRoutes = map[string]struct{ anchor, text string }{
	"/#/lamps":   {"Lamps", "hand-blown chimneys"},
	"/#/weather": {"Weather", "hurricane globe"},
	"/#!/about":  {"About us", "retired clockmaker"},
}

// Without --hash-routes a hash-routed app is one page, and the crawl says
// how many routes it left, once, in the done event and on stderr.
func TestHashRoutesOffCounted(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	ts, _ := sites.Serve(t, "hashapp")
	db := filepath.Join(t.TempDir(), "crawl.db")
	summary := filepath.Join(t.TempDir(), "summary.md")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--summary", summary, "--host-interval", "0", "--delay", "0", ts.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if md, err := os.ReadFile(summary); err != nil || !strings.Contains(string(md), "Hash routes: 4 linked") {
		t.Errorf("--summary: %v\n%s", err, md)
	}
	evs := events(t, out)
	done := evs[len(evs)-1]
	if done["event"] != "done" || done["pages"] != 1.0 || done["ok"] != 1.0 {
		t.Fatalf("done = %v; want 1 page, kept", done)
	}
	// #/lamps, #/weather, #!/about and #/old-catalogue; not #/ (the
	// document itself) nor #contact (a place in it).
	if _, has := evs[0]["hash_routes"]; has {
		t.Errorf("run event says hash_routes without the flag: %v", evs[0])
	}
	if done["hash_routes_skipped"] != 4.0 {
		t.Errorf("done.hash_routes_skipped = %v; want 4", done["hash_routes_skipped"])
	}
	const said = "4 hash routes were linked"
	n := 0
	for _, w := range done["warnings"].([]any) {
		if strings.Contains(w.(string), said) && strings.Contains(w.(string), "--hash-routes") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("done.warnings say %q %d times; want once: %v", said, n, done["warnings"])
	}
	if c := strings.Count(errOut, said); c != 1 || !strings.Contains(errOut, "crawl them as pages with --hash-routes") {
		t.Errorf("stderr says %q %d times; want once, suggesting --hash-routes:\n%s", said, c, errOut)
	}
}

// With --hash-routes each route is a page of its own: rendered (in one tab,
// one after another: each a fresh load of the document), with its own
// text, cited from the home page, the plain side honestly left out; the
// unknown route is refused as a soft 404 by the app's own probe.
func TestHashRoutesCrawled(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	ts, h := sites.Serve(t, "hashapp")
	db := filepath.Join(t.TempDir(), "crawl.db")
	out, errOut, code := webgraph(t, "crawl", "--hash-routes", "--concurrency", "1", "--db", db, "--host-interval", "0", "--delay", "0", "--keep", "text", ts.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	evs := events(t, out)
	done := evs[len(evs)-1]
	if done["event"] != "done" || done["pages"] != 5.0 || done["ok"] != 4.0 || done["refused"] != 1.0 {
		t.Fatalf("done = %v; want 5 pages: 4 kept, 1 refused", done)
	}
	if _, has := done["hash_routes_skipped"]; has {
		t.Errorf("--hash-routes, but done counts skipped routes: %v", done["hash_routes_skipped"])
	}
	if strings.Contains(errOut, "--hash-routes") {
		t.Errorf("--hash-routes, but stderr suggests it:\n%s", errOut)
	}
	if evs[0]["event"] != "run" || evs[0]["hash_routes"] != true {
		t.Errorf("run event = %v; want hash_routes: true", evs[0])
	}
	pages := pagesByURL(evs)
	home := pages[ts.URL+"/"]
	if home == nil || home["ok"] != true || !strings.Contains(home["text"].(string), "above the old bakery") {
		t.Fatalf("home page = %v", home)
	}
	for route, want := range hashappRoutes {
		p := pages[ts.URL+route]
		if p == nil {
			t.Errorf("no page event for %s; pages: %v", route, keys(pages))
			continue
		}
		text, _ := p["text"].(string)
		if p["ok"] != true || !strings.Contains(text, want.text) {
			t.Errorf("%s: ok %v, text %q; want kept with %q", route, p["ok"], text, want.text)
		}
		for other, o := range hashappRoutes {
			if other != route && strings.Contains(text, o.text) {
				t.Errorf("%s: text has %s's words %q: %q", route, other, o.text, text)
			}
		}
		if strings.Contains(text, "above the old bakery") {
			t.Errorf("%s: text has the home route's words: %q", route, text)
		}
		if p["final_url"] != ts.URL+route {
			t.Errorf("%s: final_url %v", route, p["final_url"])
		}
		c := p["citation"].(map[string]any)
		if c["via"] != "link" || c["found_on"] != ts.URL+"/" || c["anchor"] != want.anchor {
			t.Errorf("%s: citation %v; want a link from the home page as %q", route, c, want.anchor)
		}
		used, _ := p["used"].([]any)
		dropped, _ := p["dropped"].([]any)
		if len(used) != 1 || used[0] != "rendered" || len(dropped) != 1 ||
			dropped[0].(map[string]any)["side"] != "plain" || !strings.Contains(dropped[0].(map[string]any)["reason"].(string), "never sees") {
			t.Errorf("%s: used %v, dropped %v; want the rendered side alone, the plain side dropped with its reason", route, used, dropped)
		}
	}
	lost := pages[ts.URL+"/#/old-catalogue"]
	if lost == nil || lost["ok"] != false || lost["cause"] != "missing" || !strings.Contains(lost["error"].(string), "soft 404") {
		t.Errorf("unknown route = %v; want refused as missing (soft 404)", lost)
	}
	// The server never sees a fragment: the document was fetched plainly
	// once, for the home page, not once per route.
	plainDoc, renderedDoc := 0, 0
	for _, hit := range h.Hits() {
		switch {
		case hit.Path == "/" && !hit.Browser:
			plainDoc++
		case hit.Path == "/" && hit.Resource == "document":
			renderedDoc++
		}
	}
	// Six renders load the document (the home page, four routes, the
	// routes' probe); the browser's cache may answer some of them.
	t.Logf("the server saw the document asked for by the browser %d times, plainly %d times", renderedDoc, plainDoc)
	if plainDoc != 1 {
		t.Errorf("the document was fetched plainly %d times; want once (the routes are rendered alone)", plainDoc)
	}
}

// page takes a URL with a hash route too: the route's own text, from the
// rendered side alone.
func TestHashRoutesPage(t *testing.T) {
	t.Parallel()
	needBrowser(t)
	ts, _ := sites.Serve(t, "hashapp")
	out, errOut, code := webgraph(t, "page", "--hash-routes", ts.URL+"/#!/about")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	ev := decodePage(t, out)
	if ev.Text == nil || !strings.Contains(*ev.Text, "retired clockmaker") || strings.Contains(*ev.Text, "above the old bakery") {
		t.Errorf("text = %q; want the about route's alone\n%s", *ev.Text, out)
	}
	if len(ev.Dropped) != 1 || ev.Dropped[0].Side != "plain" {
		t.Errorf("dropped = %v; want the plain side", ev.Dropped)
	}
	out, errOut, code = webgraph(t, "compare", "--hash-routes", ts.URL+"/#/weather")
	if code != exitOK || !strings.Contains(out, "hurricane globe") || strings.Contains(out, "above the old bakery") ||
		!strings.Contains(out, "plain:    not fetched: hash route #/weather") {
		t.Errorf("compare: exit %d\n%s\n%s", code, out, errOut)
	}
	if _, errOut, code := webgraph(t, "page", "--hash-routes", "--mode", "plain", ts.URL+"/#/lamps"); code != exitUsage || !strings.Contains(errOut, "--hash-routes needs the browser") {
		t.Errorf("--hash-routes --mode plain: exit %d, %s; want a usage error", code, errOut)
	}
}

func keys(m map[string]map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
