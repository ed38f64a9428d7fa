package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/warc"
)

// openOffline opens the file at path in a headless Chromium of its own with
// every request paused: the file itself goes on, anything else is failed
// and listed in the returned log (data: URIs never reach the network and
// are not asked about). It returns a context for the page and the log.
func openOffline(t *testing.T, path string) (context.Context, func() []string) {
	t.Helper()
	chrome, err := rendered.FindChrome("")
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	tmp, err := os.MkdirTemp("", "chr")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.UserDataDir(filepath.Join(tmp, "p")),
		chromedp.Env("TMPDIR="+tmp),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.WindowSize(1200, 900))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	tctx, tcancel := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() { tcancel(); cancel(); cancelAlloc() })

	file := "file://" + path
	var mu sync.Mutex
	var asked []string
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("browser: %v", err)
	}
	err = chromedp.Listen(tctx, func(ev any) {
		switch ev := ev.(type) {
		case *cdpfetch.EventRequestPaused:
			go func() {
				if ev.Request.URL == file {
					chromedp.Call(tctx, cdpfetch.ContinueRequest, cdpfetch.ContinueRequestParams{RequestID: ev.RequestID})
					return
				}
				mu.Lock()
				asked = append(asked, ev.Request.URL)
				mu.Unlock()
				chromedp.Call(tctx, cdpfetch.FailRequest, cdpfetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
			}()
		case *network.EventRequestWillBeSent:
			if u := ev.Request.URL; u != file && !strings.HasPrefix(u, "data:") {
				mu.Lock()
				asked = append(asked, u)
				mu.Unlock()
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tctx, cdpfetch.Enable, cdpfetch.EnableParams{Patterns: []*cdpfetch.RequestPattern{{URLPattern: "*"}}}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tctx, chromedp.Navigate(file)); err != nil {
		t.Fatalf("opening %s: %v", file, err)
	}
	return tctx, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), asked...)
	}
}

// docsImage writes, for the README (scripts/docs-images.sh), a PNG of the
// open page from the element sel to the end of the pictures after it.
func docsImage(t *testing.T, ctx context.Context, sel, path string) {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](fmt.Sprintf(`(async () => {
		await Promise.all([...document.images].map(i => i.decode().catch(() => {})));
		const top = document.querySelector(%q).getBoundingClientRect().top + scrollY - 8;
		const pairs = document.querySelectorAll(".pair, .pics");
		const bottom = pairs[pairs.length - 1].getBoundingClientRect().bottom + scrollY + 8;
		return {top: top, height: bottom - top, width: document.documentElement.clientWidth};
	})()`, sel), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	shot, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Clip: &page.Viewport{Y: r["top"], Width: r["width"], Height: r["height"], Scale: 1}, CaptureBeyondViewport: new(true)})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, shot.Data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestScreenshotsInReport crawls the fixture site with --screenshots
// findings and --warc: the JavaScript-only page's pair is stored, archived,
// and shown by the report, which opens from a file in Chromium, decodes
// both pictures, enlarges one on a click, and requests nothing.
func TestScreenshotsInReport(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	dir := t.TempDir()
	db, arc := filepath.Join(dir, "crawl.db"), filepath.Join(dir, "crawl.warc.gz")
	if _, errOut, code := webgraph(t, "crawl", "--db", db, "--out", filepath.Join(dir, "e.jsonl"), "--host-interval", "0", "--delay", "0",
		"--screenshots", "findings", "--warc", arc, ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	shots := map[string]int{}
	if err := warc.Read(arc, func(r warc.Record) error {
		if r.Type == "resource" && r.ContentType == "image/jpeg" {
			shots[r.TargetURI]++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"rendered", "noscript"} {
		if u := warc.PictureURI(side, ts.URL+"/app.html"); shots[u] != 1 {
			t.Errorf("the archive holds %d records of %s; want one (all: %v)", shots[u], u, shots)
		}
	}
	if len(shots) != 2 {
		t.Errorf("pictures archived of %v; want the one page with findings alone", shots)
	}

	file := filepath.Join(dir, "report.html")
	if _, errOut, code := webgraph(t, "report", "--db", db, "-o", file); code != exitOK {
		t.Fatalf("report: exit %d\n%s", code, errOut)
	}
	ctx, asked := openOffline(t, file)
	if dir := os.Getenv("WEBGRAPH_DOCS_IMAGES"); dir != "" {
		docsImage(t, ctx, "#pictures", filepath.Join(dir, "report-pictures.png"))
	}
	look, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`(async () => {
		const imgs = [...document.querySelectorAll("#pictures ~ .pair img")];
		await Promise.all(imgs.map(i => i.decode().catch(() => {})));
		const small = imgs.length ? imgs[0].getBoundingClientRect().width : 0;
		if (imgs.length) imgs[0].closest("summary").click();
		await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
		const big = imgs.length ? imgs[0].getBoundingClientRect().width : 0;
		return {n: imgs.length, decoded: imgs.filter(i => i.complete && i.naturalWidth > 0).length,
			small: small, big: big, view: innerWidth,
			text: document.querySelector("#pictures") ? document.querySelector("#pictures").parentElement.innerText : ""};
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if look["n"].(float64) != 2 || look["decoded"].(float64) != 2 {
		t.Errorf("%v pictures shown, %v decoded; want the pair, both decoded", look["n"], look["decoded"])
	}
	if small, big, view := look["small"].(float64), look["big"].(float64), look["view"].(float64); small <= 0 || small > view/2 || big < view*0.9 {
		t.Errorf("a picture %v px wide, %v px after a click, in a %v px window; want small, then the window's width", small, big, view)
	}
	if !strings.Contains(look["text"].(string), "content_only_rendered") {
		t.Errorf("the pictures are not introduced with the page's findings: %q", look["text"])
	}
	if got := asked(); len(got) != 0 {
		t.Errorf("the report asked for %q; want nothing outside itself", got)
	}
}

// TestCompareHTML writes compare --html for a page whose every string is
// markup: the file holds the two pictures as data: URIs and the site's
// strings as text, and opens in Chromium with both pictures decoded and not
// one request made.
func TestCompareHTML(t *testing.T) {
	ts, _ := sites.Serve(t, "pictures")
	dir := t.TempDir()
	file := filepath.Join(dir, "compare.html")
	out, errOut, code := webgraph(t, "compare", "--html", file, ts.URL+"/markup.html")
	if code != exitOK {
		t.Fatalf("compare: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(out, "Only in rendered") {
		t.Errorf("compare --html printed no comparison on stdout:\n%s", out)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	if n := strings.Count(html, `src="data:image/jpeg;base64,`); n != 2 {
		t.Errorf("%d embedded pictures; want 2", n)
	}
	for _, never := range []string{"<script", "<iframe", "<link", "<svg", "<b ", `src="/`, `"/from-`} {
		if strings.Contains(html, never) {
			t.Errorf("the page holds %q: a site's string reached it as markup", never)
		}
	}
	if n := strings.Count(html, "<img"); n != 2 {
		t.Errorf("%d <img> tags; want the two pictures'", n)
	}
	if !strings.Contains(html, `default-src 'none'; img-src data:`) {
		t.Error("the page has no Content Security Policy forbidding what is not in it")
	}
	ctx, asked := openOffline(t, file)
	look, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`(async () => {
		const imgs = [...document.querySelectorAll(".pics img")];
		await Promise.all(imgs.map(i => i.decode().catch(() => {})));
		return {n: imgs.length, decoded: imgs.filter(i => i.naturalWidth > 0).length,
			differs: document.querySelectorAll("tr.differs").length,
			title: document.querySelector("tr.differs td:nth-child(3)") ? document.querySelector("tr.differs td:nth-child(3)").textContent : "",
			onlyRendered: document.querySelectorAll("li.rendered").length,
			links: document.querySelector(".links").innerText,
			markup: document.querySelectorAll("script, iframe, link, svg, object, embed, [onerror], [onload], [onmouseover], a[href]").length};
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if look["n"].(float64) != 2 || look["decoded"].(float64) != 2 {
		t.Errorf("%v pictures, %v decoded; want both shown", look["n"], look["decoded"])
	}
	if look["differs"].(float64) < 1 || !strings.Contains(look["title"].(string), "</title><link") || look["onlyRendered"].(float64) < 1 {
		t.Errorf("differences marked %v (first rendered value %q), %v blocks only rendered; want the title's change shown as text", look["differs"], look["title"], look["onlyRendered"])
	}
	if !strings.Contains(look["links"].(string), "<svg/onload=fetch(2)>") {
		t.Errorf("the link only rendering found is not listed as text: %q", look["links"])
	}
	if look["markup"].(float64) != 0 {
		t.Errorf("%v elements made of the site's markup (scripts, frames, links, handlers)", look["markup"])
	}
	if got := asked(); len(got) != 0 {
		t.Errorf("the page asked for %q; want nothing outside itself", got)
	}
}
