package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/warc"
)

// TestCrawlWARC crawls the fixture site in union mode with --warc and
// replays the archive: every kept page is in it with both views, the plain
// response (with its request) and the rendered DOM at a URI of its own,
// concurrent to it; what the browser received for the page (the app's
// script) as responses of their own; and a page record for each page. warc
// --wacz packages it, and warc reads the package back.
func TestCrawlWARC(t *testing.T) {
	needBrowser(t)
	srv, _ := sites.Serve(t, "union")
	ts := srv.URL
	dir := t.TempDir()
	db, file := filepath.Join(dir, "crawl.db"), filepath.Join(dir, "crawl.warc.gz")
	out, errOut, code := webgraph(t, "crawl", "--db", db, "--warc", file, "--host-interval", "0", "--delay", "0", ts+"/")
	if code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	byID := map[string]warc.Record{}
	var recs []warc.Record
	if err := warc.Read(file, func(r warc.Record) error {
		byID[r.ID] = r
		recs = append(recs, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	responses, doms, pages := map[string]warc.Record{}, map[string]warc.Record{}, map[string]warc.Record{}
	for _, r := range recs {
		switch {
		case r.Type == "response":
			responses[r.TargetURI] = r
			if req, ok := byID[r.ConcurrentTo]; !ok || req.Type != "request" || req.ConcurrentTo != r.ID {
				t.Errorf("the response for %s has no request concurrent to it", r.TargetURI)
			}
		case r.Type == "resource" && strings.HasPrefix(r.TargetURI, warc.DOMURI("")):
			doms[strings.TrimPrefix(r.TargetURI, warc.DOMURI(""))] = r
			if resp, ok := byID[r.ConcurrentTo]; !ok || warc.DOMURI(resp.TargetURI) != r.TargetURI {
				t.Errorf("the DOM %s is concurrent to %q, not its page's response", r.TargetURI, r.ConcurrentTo)
			}
		case r.Type == "metadata":
			pages[strings.TrimPrefix(r.TargetURI, warc.PageURI(""))] = r
		case r.Type == "conversion":
			t.Errorf("a conversion record, which no replay tool serves: %s", r.TargetURI)
		}
	}
	kept := 0
	for _, ev := range events(t, out) {
		if ev["event"] != "page" {
			continue
		}
		sides := ev["sides"].(map[string]any)
		plainURL := sides["plain"].(map[string]any)["final_url"].(string)
		if _, ok := pages[plainURL]; !ok {
			t.Errorf("page %s has no page record", plainURL)
		}
		if ev["ok"] != true {
			continue
		}
		kept++
		resp, ok := responses[plainURL]
		if !ok || !strings.HasPrefix(string(resp.Block), "HTTP/1.1 ") {
			t.Errorf("kept page %s: no plain response in the archive", plainURL)
		}
		dom, ok := doms[plainURL]
		if !ok || !strings.Contains(strings.ToLower(string(dom.Block)), "<html") {
			t.Errorf("kept page %s: no rendered DOM in the archive", plainURL)
		}
	}
	if kept < 5 {
		t.Errorf("%d kept pages; the fixture keeps more", kept)
	}
	// The app page's words are in the rendered DOM and in the script that
	// writes them, archived as the browser received it; not in the HTML.
	app, script := responses[ts+"/app.html"], responses[ts+"/app.js"]
	if strings.Contains(string(app.Block), "northern ridge") || !strings.Contains(string(doms[ts+"/app.html"].Block), "northern ridge") {
		t.Errorf("app.html: the rendered words should be in the DOM record, not the response")
	}
	if !strings.HasPrefix(string(script.Block), "HTTP/1.1 200 ") || !strings.Contains(string(script.Block), "northern ridge") {
		t.Errorf("app.js is not archived as the browser received it: %.200q", script.Block)
	}

	// webgraph warc reads it back as JSON Lines, one object per record.
	lines, errOut, code := webgraph(t, "warc", file)
	if code != exitOK || strings.Count(lines, "\n") != len(recs) {
		t.Fatalf("warc: exit %d, %d lines for %d records\n%s", code, strings.Count(lines, "\n"), len(recs), errOut)
	}
	var first warc.Record
	if err := json.Unmarshal([]byte(lines[:strings.Index(lines, "\n")]), &first); err != nil || first.Type != "warcinfo" {
		t.Errorf("first record %+v, %v; want warcinfo", first, err)
	}

	// warc --wacz packages it; warc reads the package's records.
	wacz := filepath.Join(dir, "crawl.wacz")
	if _, errOut, code := webgraph(t, "warc", file, "--wacz", wacz); code != exitOK || !strings.Contains(errOut, fmt.Sprintf("%d pages (from its page records)", kept)) {
		t.Fatalf("warc --wacz: exit %d, want %d pages\n%s", code, kept, errOut)
	}
	z, err := warc.OpenWACZ(wacz)
	if err != nil {
		t.Fatal(err)
	}
	z.Close()
	if lines, errOut, code := webgraph(t, "warc", wacz); code != exitOK || strings.Count(lines, "\n") != len(recs) {
		t.Errorf("warc of the package: exit %d, %d lines for %d records\n%s", code, strings.Count(lines, "\n"), len(recs), errOut)
	}
	if _, errOut, code := webgraph(t, "warc", file, "--wacz", file); code != exitUsage || !strings.Contains(errOut, "is the WARC it would package") {
		t.Errorf("warc FILE --wacz FILE: exit %d, %q; want a usage error", code, errOut)
	}
}

// TestWARCPreflight: --warc gets the checks --out does before anything is
// fetched.
func TestWARCPreflight(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "crawl.db")
	for _, tt := range []struct{ path, want string }{
		{filepath.Join(dir, "missing", "a.warc.gz"), "does not exist"},
		{dir, "is a directory"},
		{db, "is the crawl's database"},
	} {
		_, errOut, code := webgraph(t, "crawl", "--db", db, "--warc", tt.path, "http://127.0.0.1:1/")
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("--warc %s: exit %d, %q; want usage error %q", tt.path, code, errOut, tt.want)
		}
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a refused --warc still created the database")
	}
}
