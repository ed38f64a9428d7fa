package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/internal/testkit/replaytest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/warc"
)

// playerWait bounds how long the player test waits for the player: over
// ten times the 15 s it took on a loaded 2-core machine.
const playerWait = 4 * time.Minute

// scripted is the sentence only the wacz fixture's script writes, from the
// data it fetches: no archive of the HTML alone shows it.
const scripted = "Written by the page's script from its data: no archive of the HTML alone shows this sentence."

// crawlWACZ crawls the wacz fixture site with --wacz (and args) and returns
// the site's address and the package, checked.
func crawlWACZ(t *testing.T, args ...string) (string, string, *warc.WACZ) {
	t.Helper()
	needBrowser(t)
	srv, _ := sites.Serve(t, "wacz")
	dir := t.TempDir()
	db, out := filepath.Join(dir, "crawl.db"), filepath.Join(dir, "crawl.wacz")
	_, errOut, code := webgraph(t, append([]string{"crawl", "--db", db, "--wacz", out, "--host-interval", "0", "--delay", "0", srv.URL + "/"}, args...)...)
	if code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "wrote "+out+": 3 pages") {
		t.Errorf("stderr does not say the package was written with its 3 pages:\n%s", errOut)
	}
	if _, err := os.Stat(out + ".warc.gz"); !os.IsNotExist(err) {
		t.Errorf("the WARC staged for the package is still there: %v", err)
	}
	z, err := warc.OpenWACZ(out)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { z.Close() })
	return srv.URL, out, z
}

// TestCrawlWACZ: crawl --wacz makes a package a replay tool can use
// without a browser: every kept page listed with its title and text, each
// replayable from the index, and what the browser received for the
// script-written page archived as responses (its script, its data, its
// style), the DOM at a URL of its own.
func TestCrawlWACZ(t *testing.T) {
	ts, _, z := crawlWACZ(t)
	var pages []string
	for _, p := range z.Pages {
		pages = append(pages, strings.TrimPrefix(p.URL, ts)+" "+p.Title)
		if p.URL == ts+"/app.html" && !strings.Contains(p.Text, scripted) {
			t.Errorf("the app page's text for search lacks its scripted sentence: %q", p.Text)
		}
	}
	slices.Sort(pages)
	if want := []string{"/ Archive fixture", "/about.html About the trails", "/app.html Ridge trail planner"}; !slices.Equal(pages, want) {
		t.Errorf("pages %q; want %q", pages, want)
	}
	served := map[string]string{}
	for _, c := range z.Index {
		served[strings.TrimPrefix(c.URL, ts)] = c.Mime
	}
	for u, mime := range map[string]string{
		"/app.html": "text/html", "/app.js": "text/javascript", "/api/trail.json": "application/json", "/style.css": "text/css",
		warc.DOMURI(ts + "/app.html"): "text/html",
	} {
		if got, ok := served[strings.TrimPrefix(u, ts)]; !ok || got != mime {
			t.Errorf("index: %s is %q (listed %v); want %s", u, got, ok, mime)
		}
	}
}

// TestWACZReplaysInReplayWebPage opens the package of a crawl with
// --screenshots all in ReplayWeb.page, in a browser of the test's own: the
// player lists the pages, and replays the script-written page with the
// sentence only its script writes from its data, which only the archived
// script and data can bring back; the page's URL shows the page, not
// its picture.
func TestWACZReplaysInReplayWebPage(t *testing.T) {
	player := replaytest.PlayerDir(t)
	ts, out, _ := crawlWACZ(t, "--screenshots", "all")
	srv := replaytest.Serve(t, player, out)
	// The player's wait is bounded, so that a player that never shows the
	// page leaves the rest of the test binary its time: at most playerWait,
	// and never past the binary's deadline.
	ctx, cancel := context.WithTimeout(replaytest.Browser(t), playerWait)
	defer cancel()
	if d, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(ctx, d.Add(-10*time.Second))
		defer cancel()
	}

	if _, err := chromedp.Run(ctx, chromedp.Navigate(replaytest.PageURL(srv, ""))); err != nil {
		t.Fatal(err)
	}
	if text, err := replaytest.WaitText(ctx, "Archive fixture", "About the trails", "Ridge trail planner", ts+"/app.html"); err != nil {
		t.Fatalf("the page list: %v", err)
	} else if strings.Contains(text, "Loading…") {
		t.Errorf("the page list shows the app's title before its script ran:\n%s", text)
	}

	if _, err := chromedp.Run(ctx, chromedp.Navigate(replaytest.PageURL(srv, ts+"/app.html"))); err != nil {
		t.Fatal(err)
	}
	if _, err := replaytest.WaitText(ctx, scripted, "Stage two follows the ridge itself"); err != nil {
		t.Fatalf("the app page replayed: %v", err)
	}
	types, err := replaytest.FrameTypes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(types) == 0 || types[len(types)-1] != "text/html" {
		t.Errorf("the replayed page's frames hold %q; want the page's HTML innermost", types)
	}
}

// TestCrawlWACZResume: a crawl stopped early writes its package; resumed
// with --wacz alone, it adds to that package's WARC, and the new package
// holds the pages of both runs.
func TestCrawlWACZResume(t *testing.T) {
	needBrowser(t)
	srv, _ := sites.Serve(t, "wacz")
	dir := t.TempDir()
	db, out := filepath.Join(dir, "crawl.db"), filepath.Join(dir, "crawl.wacz")
	_, errOut, code := webgraph(t, "crawl", "--db", db, "--wacz", out, "--max-pages", "2", "--host-interval", "0", "--delay", "0", srv.URL+"/")
	if code != exitOK {
		t.Fatalf("first run: exit %d\n%s", code, errOut)
	}
	z, err := warc.OpenWACZ(out)
	if err != nil {
		t.Fatal(err)
	}
	first := len(z.Pages)
	z.Close()
	if first == 0 || first == 3 {
		t.Fatalf("the first run packaged %d pages; want some of the site's 3", first)
	}
	_, errOut, code = webgraph(t, "crawl", "--resume", "--db", db, "--wacz", out, "--max-pages", "10")
	if code != exitOK || !strings.Contains(errOut, "wrote "+out+": 3 pages") {
		t.Fatalf("resumed: exit %d, want 3 pages packaged\n%s", code, errOut)
	}
	if z, err = warc.OpenWACZ(out); err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var urls []string
	for _, p := range z.Pages {
		urls = append(urls, strings.TrimPrefix(p.URL, srv.URL))
	}
	if slices.Sort(urls); !slices.Equal(urls, []string{"/", "/about.html", "/app.html"}) {
		t.Errorf("pages %q; want both runs'", urls)
	}
	if _, err := os.Stat(out + ".warc.gz"); !os.IsNotExist(err) {
		t.Errorf("the staged WARC is still there: %v", err)
	}
}

// TestWACZNotPackagedOnAbort: once a second Ctrl-C has ended the crawl's
// context, the package is not made (it could take long); stderr says where
// the archive is and how to package it, and the archive stays for --resume.
func TestWACZNotPackagedOnAbort(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "crawl.wacz")
	var opened closers
	defer opened.close()
	a, err := openArchive("", out, &crawl.Config{}, nil, nil, &opened)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stderr strings.Builder
	if err := a.finish(ctx, &stderr); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a package was made after the abort: %v", err)
	}
	if _, err := os.Stat(out + ".warc.gz"); err != nil {
		t.Errorf("the archive is gone: %v", err)
	}
	if want := "webgraph warc " + out + ".warc.gz --wacz " + out + " packages it"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q; want it to say %q", stderr.String(), want)
	}
	// Not aborted, the same archive is packaged and the staged WARC removed.
	stderr.Reset()
	if err := a.finish(context.Background(), &stderr); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); err != nil || !strings.Contains(stderr.String(), "wrote "+out) {
		t.Errorf("no package after a finish not aborted: %v, %q", err, stderr.String())
	}
}
