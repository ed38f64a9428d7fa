package rendered

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

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
