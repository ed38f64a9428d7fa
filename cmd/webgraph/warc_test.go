package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/warc"
)

// TestCrawlWARC crawls the fixture site in union mode with --warc and
// replays the archive: every kept page is in it with both views, the plain
// response (with its request) and the rendered DOM referring to it.
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
	responses, doms := map[string]warc.Record{}, map[string]warc.Record{}
	for _, r := range recs {
		switch r.Type {
		case "response":
			responses[r.TargetURI] = r
			if req, ok := byID[r.ConcurrentTo]; !ok || req.Type != "request" || req.ConcurrentTo != r.ID {
				t.Errorf("the response for %s has no request concurrent to it", r.TargetURI)
			}
		case "conversion":
			doms[r.TargetURI] = r
			if resp, ok := byID[r.RefersTo]; !ok || resp.TargetURI != r.TargetURI {
				t.Errorf("the DOM of %s refers to %q, not its response", r.TargetURI, r.RefersTo)
			}
		}
	}
	kept := 0
	for _, ev := range events(t, out) {
		if ev["event"] != "page" || ev["ok"] != true {
			continue
		}
		kept++
		sides := ev["sides"].(map[string]any)
		plainURL := sides["plain"].(map[string]any)["final_url"].(string)
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
	// The app page's words exist only in the rendered DOM.
	app := responses[ts+"/app.html"]
	if strings.Contains(string(app.Block), "northern ridge") || !strings.Contains(string(doms[ts+"/app.html"].Block), "northern ridge") {
		t.Errorf("app.html: the rendered words should be in the DOM record alone")
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
