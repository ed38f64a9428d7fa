package rendered

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
)

// TestPicturesDrawnInTheBackground: tabs take their pictures at the same
// time, where they are, in the background of the browser's window, each
// three times in a row, then one tab at a time three times more (a
// background tab's capture does not always get its frame, least often when
// it is alone: capture then brings the tab to the front), and every picture is
// the one its page gives when its tab is in front the whole time, pixel for
// pixel. Each page (pictures/drawn.html?n=…) has a heading its script
// writes and a block it paints in an animation frame in a colour of its
// own; two are more than one screen high, two (?short) less. Each picture
// must show its own page's colour.
func TestPicturesDrawnInTheBackground(t *testing.T) {
	path := chromeForTest(t)
	_, file, _, _ := runtime.Caller(0)
	page, err := os.ReadFile(filepath.Join(filepath.Dir(file), "..", "..", "testdata", "sites", "pictures", "drawn.html"))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/drawn.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
	defer ts.Close()
	b, err := startBrowser(path, "webgraph-test", false)
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	cfg := Config{Timeout: 30 * time.Second, Quiet: DefaultQuiet, WaitCap: DefaultWaitCap, MaxText: DefaultMaxText,
		UserAgent: "webgraph-test", Viewport: DefaultViewport, Pictures: &Pictures{}}
	colours := []color.RGBA{{0xcc, 0, 0, 0xff}, {0, 0xaa, 0, 0xff}, {0, 0, 0xcc, 0xff}, {0xcc, 0xcc, 0, 0xff}}
	tabs := make([]*tab, len(colours))
	urls := make([]string, len(colours))
	for i := range tabs {
		tb, err := newTab(b, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer tb.close()
		tabs[i] = tb
		urls[i] = fmt.Sprintf("%s/drawn.html?n=%d", ts.URL, i)
		if i%2 == 1 {
			urls[i] += "&short"
		}
		s := &fetch.Side{}
		if err := tb.render(context.Background(), mustParse(t, urls[i]), cfg, s); err != nil || s.Err != nil {
			t.Fatalf("render %s: %v %v", urls[i], err, s.Err)
		}
	}
	var front sync.Mutex // one tab in front at a time, as the Fetcher's
	take := func(tb *tab, u string) image.Image {
		ctx, cancel := context.WithTimeout(tb.ctx, cfg.Timeout)
		defer cancel()
		p, err := tb.picture(ctx, &front, u, *cfg.Pictures)
		if err != nil {
			t.Errorf("picture of %s: %v", u, err)
			return nil
		}
		img, err := jpeg.Decode(bytes.NewReader(p.Data))
		if err != nil {
			t.Errorf("decoding the picture of %s: %v", u, err)
			return nil
		}
		return img
	}
	// Every tab at once, each three times; then each alone, three times
	// more, where nothing else the browser draws gives it a frame.
	const times = 3
	behind := make([][2 * times]image.Image, len(tabs))
	var wg sync.WaitGroup
	for i, tb := range tabs {
		wg.Go(func() {
			for k := range times {
				behind[i][k] = take(tb, urls[i])
			}
		})
	}
	wg.Wait()
	for i, tb := range tabs {
		for k := times; k < 2*times; k++ {
			behind[i][k] = take(tb, urls[i])
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	// Then each again, its tab in front before the picture is taken.
	for i, tb := range tabs {
		ctx, cancel := context.WithTimeout(b.ctx, cfg.Timeout)
		if _, err := chromedp.CallBrowser(ctx, target.ActivateTarget, target.ActivateTargetParams{TargetID: target.ID(tb.frame)}); err != nil {
			t.Fatal(err)
		}
		inFront := take(tb, urls[i])
		if _, err := chromedp.CallBrowser(ctx, target.ActivateTarget, target.ActivateTargetParams{TargetID: b.front}); err != nil {
			t.Fatal(err)
		}
		cancel()
		if inFront == nil {
			continue
		}
		if h, short := inFront.Bounds().Dy(), i%2 == 1; short != (h == DefaultPictureMinHeight) {
			t.Errorf("page %d: the picture is %d pixels high; want %d for a short page, the whole page for a long one", i, h, DefaultPictureMinHeight)
		}
		if got := inFront.At(150, 200); !near(got, colours[i]) {
			t.Errorf("page %d: the block is %v in its picture; want %v (its own page's)", i, got, colours[i])
		}
		for k, img := range behind[i] {
			if img.Bounds() != inFront.Bounds() {
				t.Errorf("page %d, picture %d: %v taken where the tab was, %v in front", i, k+1, img.Bounds(), inFront.Bounds())
			} else if n := differing(img, inFront); n > 0 {
				t.Errorf("page %d, picture %d: %d pixels differ from the picture taken in front; want none", i, k+1, n)
			}
		}
	}
}

// differing counts the pixels of a and b (of the same bounds) that differ.
func differing(a, b image.Image) int {
	n := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			ar, ag, ab, _ := a.At(x, y).RGBA()
			br, bg, bb, _ := b.At(x, y).RGBA()
			if ar != br || ag != bg || ab != bb {
				n++
			}
		}
	}
	return n
}

// near reports whether c is want within a JPEG's error, 40 of 255 in each
// channel.
func near(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	d := func(v uint32, w uint8) bool { return max(int(v>>8), int(w))-min(int(v>>8), int(w)) <= 40 }
	return d(r, want.R) && d(g, want.G) && d(b, want.B)
}

// TestMayRefresh: a no-script tab's last document is left for about:blank
// when it may refresh (quietTab); whatever its case or encoding, a refresh
// is seen.
func TestMayRefresh(t *testing.T) {
	utf16 := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r), 0)
		}
		return b
	}
	for _, c := range []struct {
		body []byte
		want bool
	}{
		{[]byte(`<meta http-equiv="refresh" content="5; url=/next">`), true},
		{[]byte(`<META HTTP-EQUIV=REFRESH CONTENT=5>`), true},
		{[]byte(`<noscript><meta http-equiv="Refresh" content="0"></noscript>`), true},
		{utf16(`<meta http-equiv="refresh" content="5">`), true},
		// A refresh the word's bytes do not spell, which Chromium obeys.
		{[]byte(`<meta http-equiv="&#114;efresh" content="0; url=/b.html">`), true},
		{[]byte("<meta http-\x1b(Bequiv=\"ref\x1b(Bresh\" content=\"0; url=/b.html\">"), true}, // ISO-2022-JP
		{[]byte(`<META HTTP-EQUIV=x>`), true},
		{[]byte(`<!doctype html><title>Page 1</title><h1>Page 1</h1><p>Refre sh, http equiv, REFRES.`), false},
		{[]byte{}, false},
	} {
		if got := mayRefresh(c.body); got != c.want {
			t.Errorf("mayRefresh(%q) = %v; want %v", c.body, got, c.want)
		}
	}
}

// TestNoScriptReplaced: a no-script tab puts each document of its last
// one's origin in place of that one (replaceDocument), without a
// navigation, and its picture is the one a navigation to it gives in a new
// tab, pixel for pixel: a stylesheet that comes late, the quirks mode of a
// document without a doctype after one with, <noscript> shown, a <base>
// and the document's own URL resolving references, non-ASCII UTF-8 text,
// a frame, the same URL again with other content, links to the documents
// shown before (not drawn as visited links). A document in another
// encoding is loaded, and so is the next after it. A page's requests to
// another host all pass the gate, which refuses them: that host hears of
// none.
func TestNoScriptReplaced(t *testing.T) {
	path := chromeForTest(t)
	var hostB []string
	var muB sync.Mutex
	b2 := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		muB.Lock()
		hostB = append(hostB, r.URL.Path)
		muB.Unlock()
		http.NotFound(w, r)
	}))
	defer b2.Close()
	css := map[string]string{"/a/late.css": "body{background:#c00;font-size:40px}", "/b/late.css": "body{background:#00c;font-size:30px}"}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, ok := css[r.URL.Path]; ok {
			time.Sleep(200 * time.Millisecond) // the load waits for it
			w.Header().Set("Content-Type", "text/css")
			w.Write([]byte(c))
			return
		}
		http.NotFound(w, r)
	}))
	defer ts.Close()
	utf8 := "text/html; charset=utf-8"
	docs := []struct {
		path, body, contentType string
		navigates               bool
	}{
		{"/a/std.html", `<!doctype html><body style="margin:0"><div style="height:100%;background:green">standards</div>`, utf8, true},
		{"/a/quirks.html", `<html><body style="margin:0"><div style="height:100%;background:green">quirks</div>`, utf8, false},
		{"/a/late.html", `<!doctype html><title>x</title><link rel=stylesheet href="late.css"><p>Styled text`, utf8, false},
		{"/a/noscript.html", `<!doctype html><noscript><p style="background:orange;height:200px">no script</p></noscript><script>document.write("scripted")</script>`, utf8, false},
		{"/a/base.html", `<!doctype html><base href="/b/"><link rel=stylesheet href="late.css"><p>based`, utf8, false},
		{"/b/rel.html", `<!doctype html><link rel=stylesheet href="late.css"><p>resolved against the document's own URL`, utf8, false},
		{"/a/utf8.html", "<!doctype html><p>Gr\u00fc\u00dfe \u2014 \u2713 \u65e5\u672c\u8a9e", utf8, false},
		{"/a/frame.html", `<!doctype html><iframe src="/a/late.html" width=600 height=300></iframe>`, utf8, false},
		{"/a/hostile.html", `<!doctype html><link rel=stylesheet href="HOST_B/wide.css"><link rel=prefetch href="HOST_B/prefetch"><style>body{background:url(HOST_B/bg.png)}</style><p>hostile<iframe src="HOST_B/frame.html"></iframe>`, utf8, false},
		{"/a/hostile.html", `<!doctype html><p>the same URL, other content`, utf8, false},
		{"/a/links.html", `<!doctype html><p><a href="/a/std.html">a page shown before</a> <a href="/a/late.html">another</a> <a href="/a/links.html">this one</a>`, utf8, false},
		{"/a/latin1.html", "<!doctype html><p>caf\xc3\xa9, UTF-8 bytes read as Latin-1", "text/html; charset=iso-8859-1", true},
		{"/a/after.html", `<!doctype html><p>after another encoding`, utf8, true},
		{"/a/again.html", `<!doctype html><link rel=stylesheet href="late.css"><p>replaced again`, utf8, false},
	}
	b, err := startBrowser(path, "webgraph-test", false)
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	gate := &hostGate{host: mustParse(t, ts.URL).Host}
	cfg := Config{Timeout: 30 * time.Second, Quiet: DefaultQuiet, WaitCap: DefaultWaitCap, MaxText: DefaultMaxText,
		UserAgent: "webgraph-test", Viewport: DefaultViewport, Pictures: &Pictures{}, Gate: gate}
	var front sync.Mutex
	take := func(q *tab, u *url.URL, d *servedDoc) image.Image {
		p, err := q.noScript(context.Background(), &front, u, d, Pictures{}, cfg.Timeout)
		if err != nil {
			t.Fatalf("picture of %s: %v", u, err)
		}
		img, err := jpeg.Decode(bytes.NewReader(p.Data))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	bodies := make([][]byte, len(docs))
	for i, d := range docs {
		bodies[i] = []byte(strings.ReplaceAll(d.body, "HOST_B", b2.URL))
	}
	// First each picture as a navigation gives it, in a new tab of the
	// browser's default context, scripts off, before any document is put
	// in place of another.
	wants := make([]image.Image, len(docs))
	for i, d := range docs {
		u := mustParse(t, ts.URL+d.path)
		fresh, err := newTab(b, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(fresh.ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
		wants[i] = take(fresh, u, newServedDoc(u, bodies[i], d.contentType))
		fresh.close()
	}
	// Then one no-script tab shows every document in turn; its
	// navigations are counted.
	q, err := b.quietTab(context.Background(), cfg, newServedDoc(mustParse(t, ts.URL), nil, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer q.close()
	var navigations atomic.Int32
	if err := chromedp.Listen(q.ctx, func(ev any) {
		if n, ok := ev.(*page.EventFrameNavigated); ok && n.Frame.ParentID == "" && n.Type == page.NavigationTypeNavigation {
			navigations.Add(1)
		}
	}); err != nil {
		t.Fatal(err)
	}
	for i, d := range docs {
		u := mustParse(t, ts.URL+d.path)
		before := navigations.Load()
		doc := newServedDoc(u, bodies[i], d.contentType)
		b.putQuietTab(q)
		if qq, err := b.quietTab(context.Background(), cfg, doc); err != nil || qq != q {
			t.Fatalf("quietTab: %v; want the tab back", err)
		}
		got := take(q, u, doc)
		if navigated := navigations.Load() > before; navigated != d.navigates {
			t.Errorf("%s: navigated %v; want %v", d.path, navigated, d.navigates)
		}
		if want := wants[i]; got.Bounds() != want.Bounds() {
			t.Errorf("%s: the picture is %v; %v after a navigation in a new tab", d.path, got.Bounds(), want.Bounds())
		} else if n := differing(got, want); n > 0 {
			t.Errorf("%s: %d pixels differ from the picture after a navigation in a new tab; want none", d.path, n)
		}
	}
	if !gate.refused.Load() {
		t.Error("the gate refused nothing; want the requests to the other host refused")
	}
	b.stop()
	b2.Close()
	muB.Lock()
	defer muB.Unlock()
	if len(hostB) > 0 {
		t.Errorf("the other host received %q; want nothing (the gate refuses it)", hostB)
	}
}

// hostGate lets the browser request host alone.
type hostGate struct {
	host    string
	refused atomic.Bool
}

func (g *hostGate) Navigate(ctx context.Context, u *url.URL) error { return g.Subresource(ctx, u) }

func (g *hostGate) Subresource(ctx context.Context, u *url.URL) error {
	if u.Host == g.host {
		return nil
	}
	g.refused.Store(true)
	return &fetch.Denied{URL: u.String(), Cause: fetch.DeniedOutOfScope, Reason: "another host"}
}

// TestReplaceable: which documents a no-script tab puts in place of
// another rather than load.
func TestReplaceable(t *testing.T) {
	for _, c := range []struct {
		u, body, contentType string
		want                 bool
	}{
		{"http://a.test/p", "<!doctype html><p>Gr\u00fc\u00dfe", "text/html; charset=utf-8", true},
		{"http://a.test/p", "<p>plain", "text/html; charset=UTF8", true},
		{"http://a.test/p", "\xef\xbb\xbf<p>a byte order mark", "text/html; charset=iso-8859-1", true},
		{"http://a.test/p", "<p>no charset said", "text/html", false},
		{"http://a.test/p", `<meta charset="utf-8"><p>said inside`, "text/html", false},
		{"http://a.test/p", "\xff\xfe<\x00p\x00>\x00", "text/html; charset=utf-8", false},
		{"http://a.test/p", "<p>caf\xe9", "text/html; charset=utf-8", false},
		{"http://a.test/p", "<p>x", "application/xhtml+xml; charset=utf-8", false},
		{"http://a.test/p#part", "<p>x", "text/html; charset=utf-8", false},
		{"http://a.test/p", `<meta http-equiv="content-security-policy" content="style-src 'none'">`, "text/html; charset=utf-8", false},
		{"http://a.test/p", `<meta name="REFERRER" content="no-referrer">`, "text/html; charset=utf-8", false},
		{"http://a.test/p", `<input AutoFocus>`, "text/html; charset=utf-8", false},
		{"http://a.test/p", `<meta name="&#114;eferrer" content="origin">`, "text/html; charset=utf-8", false},
		{"http://a.test/p", `<meta name="&#X52;eferrer" content="origin">`, "text/html; charset=utf-8", false},
		{"http://a.test/p", `<meta name="&#0000114eferrer" content="origin">`, "text/html; charset=utf-8", false},
		{"http://a.test/p", `<p>Tom &#38; Jerry&#8212;&#x2713; &#1234567890123456789012345; &#`, "text/html; charset=utf-8", true},
	} {
		if got := replaceable(mustParse(t, c.u), []byte(c.body), c.contentType); got != c.want {
			t.Errorf("replaceable(%s, %q, %q) = %v; want %v", c.u, c.body, c.contentType, got, c.want)
		}
	}
}

// FuzzLetterReference: a document in which letterReference finds no
// numeric reference to a letter spells no letter with a reference: its
// text decoded (html.UnescapeString) holds "referrer" only where its bytes
// do.
func FuzzLetterReference(f *testing.F) {
	for _, s := range []string{`<meta name="&#114;eferrer">`, `&#x52eferrer`, `&#0000114eferrer`, `Tom &#38; Jerry &#8212;`, `&#`, `&#x`, `&amp;#114;`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if len(body) > 4096 || letterReference(body) {
			return
		}
		if containsFold([]byte(html.UnescapeString(string(body))), "referrer") && !containsFold(body, "referrer") {
			t.Errorf("letterReference(%q) = false; its text decodes to %q", body, html.UnescapeString(string(body)))
		}
	})
}
