package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestReportInBrowser makes a report of the fixture crawl and opens it in
// headless Chromium: what a person reads is there, nothing outside the file
// is fetched, and a screenshot of it is not blank.
func TestReportInBrowser(t *testing.T) {
	path, err := rendered.FindChrome("")
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	ts, _ := sites.Serve(t, "union")
	dir := t.TempDir()
	db := filepath.Join(dir, "crawl.db")
	if _, errOut, code := webgraph(t, "crawl", "--db", db, "--out", filepath.Join(dir, "e.jsonl"), "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	file := filepath.Join(dir, "report.html")
	if _, errOut, code := webgraph(t, "report", "--db", db, "-o", file); code != exitOK {
		t.Fatalf("report: exit %d\n%s", code, errOut)
	}
	html, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, never := range []string{"<script", "<link", "src=", "url("} {
		if bytes.Contains(html, []byte(never)) {
			t.Errorf("the report contains %q: it must need nothing outside itself", never)
		}
	}

	tctx, others := openInBrowser(t, path, html)
	text, err := chromedp.Run(tctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"webgraph report", "Crawl of " + ts.URL + "/ in union mode",
		"Outcomes", "Refusal causes", "login_redirect",
		ts.URL + "/missing.html", `linked from ` + ts.URL + `/ as "Broken link"`,
		"Sitemap inventory", "advertised", "Plain against rendered words", "need JavaScript: 2 of", "Link graph",
		"Main content", "from the DOM the browser rendered, because scripts wrote or changed their text:", "Trail planner " + ts.URL + "/app.html",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the report does not show %q", want)
		}
	}
	counts, err := chromedp.Run(tctx, chromedp.Evaluate[map[string]int](`({
		dots: document.querySelectorAll("#words ~ svg circle").length,
		nodes: document.querySelectorAll("svg[aria-label='the link graph'] circle").length,
		edges: document.querySelectorAll("svg[aria-label='the link graph'] line").length,
		bars: document.querySelectorAll(".bars .fill").length })`))
	if err != nil {
		t.Fatal(err)
	}
	if counts["nodes"] != 24 || counts["edges"] == 0 || counts["dots"] == 0 || counts["bars"] < 10 {
		t.Errorf("drawn: %v; want 24 graph nodes, edges, scatter dots and bars", counts)
	}
	// What a person reads: times in words, no RFC 3339 stamps; durations
	// with units; URLs that break at their separators and prose that does
	// not break mid-word; no bar for a zero; the JavaScript pages named
	// beside the words plot; the most-linked pages labelled on the graph.
	if m := regexp.MustCompile(`\d{4}-\d\d-\d\dT\d\d:\d\d`).FindString(text); m != "" {
		t.Errorf("the report shows a machine timestamp %q", m)
	}
	if !regexp.MustCompile(`Report made \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC`).MatchString(text) {
		t.Errorf("the report's date is not in words:\n%.300s", text)
	}
	look, err := chromedp.Run(tctx, chromedp.Evaluate[map[string]any](`(() => {
		const graph = document.querySelector("svg[aria-label='the link graph']");
		const labels = [...graph.querySelectorAll("text.glabel")].map(t => t.textContent);
		const titles = [...graph.querySelectorAll("circle title")].map(t => t.textContent);
		const needjs = document.querySelector("#words ~ .plotrow .needjs");
		const url = document.querySelector("td.url"), prose = document.querySelector("td.url + td + td");
		const started = document.querySelector("#run ~ table tr:nth-child(2) td");
		const took = document.querySelector("#run ~ table tr:nth-child(2) td:nth-child(4)");
		return {
			labels: labels, titles: titles,
			labelsInside: labels.length > 0 && [...graph.querySelectorAll("text.glabel")].every(t => {
				const b = t.getBBox(); return b.x >= 0 && b.x + b.width <= graph.viewBox.baseVal.width; }),
			zeroBars: [...document.querySelectorAll(".bars .row")].filter(r => r.querySelector(".count").textContent.trim() === "0" && r.querySelector(".fill")).length,
			zeroRows: [...document.querySelectorAll(".bars .row")].filter(r => r.querySelector(".count").textContent.trim() === "0").length,
			needjs: needjs ? needjs.innerText : "",
			urlWrap: getComputedStyle(url).overflowWrap, urlBreak: getComputedStyle(url).wordBreak,
			proseBreak: getComputedStyle(prose).wordBreak, wbr: url.querySelectorAll("wbr").length,
			started: started.innerText, took: took.innerText,
		}; })()`))
	if err != nil {
		t.Fatal(err)
	}
	labels, _ := look["labels"].([]any)
	if len(labels) < 3 || look["labelsInside"] != true {
		t.Errorf("graph labels %v (inside the picture: %v); want the most-linked pages named", labels, look["labelsInside"])
	}
	titles, _ := look["titles"].([]any)
	for _, l := range labels {
		found := false
		for _, ti := range titles {
			found = found || strings.HasPrefix(ti.(string), l.(string)+": ")
		}
		if !found {
			t.Errorf("graph label %q names no page's hover title", l)
		}
	}
	if len(titles) > 0 && !strings.HasPrefix(titles[0].(string), "Union fixture") && !strings.Contains(titles[0].(string), ": http") {
		t.Errorf("a hover title %q does not name the page", titles[0])
	}
	if look["zeroBars"].(float64) != 0 || look["zeroRows"].(float64) == 0 {
		t.Errorf("%v of %v zero-count rows draw a bar; want none (and the fixture has some)", look["zeroBars"], look["zeroRows"])
	}
	if nj := look["needjs"].(string); !strings.Contains(nj, "Pages that need JavaScript") || !strings.Contains(nj, "Trail planner") || !strings.Contains(nj, "/app.html") {
		t.Errorf("the words plot does not name the JavaScript pages: %q", nj)
	}
	if look["urlWrap"] != "anywhere" || look["urlBreak"] == "break-all" || look["proseBreak"] == "break-all" || look["wbr"].(float64) < 3 {
		t.Errorf("URL cells: overflow-wrap %v, word-break %v, %v <wbr>; prose word-break %v", look["urlWrap"], look["urlBreak"], look["wbr"], look["proseBreak"])
	}
	if !regexp.MustCompile(`^\d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC$`).MatchString(look["started"].(string)) || !regexp.MustCompile(`^\d+(\.\d)? (ms|s)$|min|h `).MatchString(look["took"].(string)) {
		t.Errorf("run started %q, took %q; want them in words", look["started"], look["took"])
	}

	shot, err := chromedp.Run(tctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	b := img.Bounds()
	inked, colors := 0, map[uint32]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r < 0xE000 || g < 0xE000 || bl < 0xE000 {
				inked++
			}
			colors[(r>>12)<<8|(g>>12)<<4|bl>>12] = true
		}
	}
	total := (b.Dx() / 2) * (b.Dy() / 2)
	if inked < total/50 || len(colors) < 8 {
		t.Errorf("the screenshot looks blank: %d of %d sampled pixels inked, %d colours", inked, total, len(colors))
	}
	os.WriteFile(filepath.Join(dir, "report.png"), shot, 0o644)
	if keep := os.Getenv("WEBGRAPH_KEEP_SCREENSHOT"); keep != "" {
		os.WriteFile(keep, shot, 0o644) // for a person to look at
	}
	if n := others.Load(); n != 0 {
		t.Errorf("the report made %d requests besides itself", n)
	}
}

// openInBrowser serves html alone on loopback, opens it in a headless
// Chromium of its own (chrome at path) and returns the tab's context, ended
// when t ends, and the count of requests the page made besides itself.
func openInBrowser(t *testing.T, path string, html []byte) (context.Context, *atomic.Int32) {
	t.Helper()
	dir := t.TempDir()
	var others atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/report.html" {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(html)
			return
		}
		if r.URL.Path != "/favicon.ico" {
			others.Add(1)
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)

	// The browser's temporary files go in a directory of the test's own,
	// with a short name: the socket Chromium makes there must fit 107 bytes.
	tmp, err := os.MkdirTemp("", "chr")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Env("TMPDIR="+tmp),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.WindowSize(1100, 1600))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(cancel)
	tctx, tcancel := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(tcancel)
	if err := chromedp.Do(tctx, chromedp.Navigate(srv.URL+"/report.html")); err != nil {
		t.Fatalf("open the report: %v", err)
	}
	return tctx, &others
}

// TestReportFindingsInWords crawls the audit fixture, whose pages hold every
// finding (blocked resources, hreflang and structured data changed among
// them), makes its report and reads it as a person does, in headless
// Chromium: the text shown has no JSON in it, says what was blocked and why
// with the blocked URLs listed, and shows the hreflang alternates as a
// two-column table.
func TestReportFindingsInWords(t *testing.T) {
	path, err := rendered.FindChrome("")
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	ts, _ := sites.Serve(t, "audit")
	dir := t.TempDir()
	db := filepath.Join(dir, "crawl.db")
	if _, errOut, code := webgraph(t, "crawl", "--db", db, "--out", filepath.Join(dir, "e.jsonl"), "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	file := filepath.Join(dir, "report.html")
	if _, errOut, code := webgraph(t, "report", "--db", db, "-o", file); code != exitOK {
		t.Fatalf("report: exit %d\n%s", code, errOut)
	}
	html, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tctx, others := openInBrowser(t, path, html)
	text, err := chromedp.Run(tctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	for _, never := range []string{`{"`, `[{`, "map["} {
		if i := strings.Index(text, never); i >= 0 {
			t.Errorf("the report shows %q: …%s…", never, text[max(0, i-120):min(len(text), i+120)])
		}
	}
	for _, want := range []string{
		"blocked_resources (1)", "webgraph blocked 1 request the page made while rendering:",
		"1 request blocked because their host's robots.txt could not be read", "http://127.0.0.2:1/elsewhere.js",
		"hreflang_changed (1)", "structured_data_changed (1)", "WebPage", "Product",
		"js_errors (1)", "not applicable: a plain fetch runs no script",
		"links_only_rendered (1)", "found only once JavaScript ran:",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the report does not show %q", want)
		}
	}
	hreflang, err := chromedp.Run(tctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll("table.pairs tr")]
		.filter(tr => tr.closest("td") && tr.closest("tr:not(table.pairs tr)") && tr.closest("table:not(.pairs)").previousElementSibling.previousElementSibling.textContent.startsWith("hreflang_changed"))
		.map(tr => [...tr.cells].map(c => c.innerText.trim()))`))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"language", "alternate URL"}, {"en", ts.URL + "/hreflang-changed.html"}, {"language", "alternate URL"}, {"de", ts.URL + "/de/hreflang-changed.html"}, {"en", ts.URL + "/hreflang-changed.html"}}
	if !reflect.DeepEqual(hreflang, want) {
		t.Errorf("the hreflang tables read %q;\nwant %q", hreflang, want)
	}
	if n := others.Load(); n != 0 {
		t.Errorf("the report made %d requests besides itself", n)
	}
}

// TestReportOfDocusaurusInWords crawls a real Docusaurus site (built by
// scripts/build-fixtures.sh into testdata/sites/gen-docusaurus), whose pages
// prefetch their next chunks: what a person reads of its report says, in a
// sentence, that the prefetches were blocked and why, lists the blocked
// URLs, and shows no JSON.
func TestReportOfDocusaurusInWords(t *testing.T) {
	path, err := rendered.FindChrome("")
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	ts, _ := sites.Serve(t, "gen-docusaurus")
	dir := t.TempDir()
	db, events := filepath.Join(dir, "crawl.db"), filepath.Join(dir, "e.jsonl")
	if _, errOut, code := webgraph(t, "crawl", "--db", db, "--out", events, "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	file := filepath.Join(dir, "report.html")
	if _, errOut, code := webgraph(t, "report", "--db", db, "-o", file); code != exitOK {
		t.Fatalf("report: exit %d\n%s", code, errOut)
	}
	html, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The page that blocked the most, as its page event lists them. When
	// Docusaurus prefetches is the browser's affair (once the page is
	// idle); a render on a loaded machine may read a page before.
	data, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	var blocked []string
	for line := range strings.Lines(string(data)) {
		var ev struct {
			Event, URL string
			Sides      map[string]struct {
				BlockedResources []struct{ URL string } `json:"blocked_resources"`
			}
		}
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatal(err)
		}
		if b := ev.Sides["rendered"].BlockedResources; ev.Event == "page" && len(b) > len(blocked) {
			blocked = blocked[:0]
			for _, r := range b {
				blocked = append(blocked, r.URL)
			}
		}
	}
	tctx, _ := openInBrowser(t, path, html)
	text, err := chromedp.Run(tctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	for _, never := range []string{`{"`, `[{`, "map["} {
		if i := strings.Index(text, never); i >= 0 {
			t.Errorf("the report shows %q: …%s…", never, text[max(0, i-120):min(len(text), i+120)])
		}
	}
	if len(blocked) < 2 {
		t.Logf("no page's render lasted until its prefetches (%d blocked): only the absence of JSON is checked", len(blocked))
		return
	}
	want := fmt.Sprintf("webgraph blocked %d requests the page made while rendering:", len(blocked))
	for _, w := range []string{want, "requests blocked because a render for text never makes such requests (prefetches are dropped):", blocked[0], blocked[1]} {
		if !strings.Contains(text, w) {
			t.Errorf("the report does not show %q", w)
		}
	}
}
