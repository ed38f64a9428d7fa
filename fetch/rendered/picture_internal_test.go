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
// time, each in the background of the browser's window, and every picture
// is the one its page gives when its tab is brought to the front to be
// drawn, pixel for pixel. Each page (pictures/drawn.html?n=…) has a heading
// its script writes, a block it paints in an animation frame in a colour of
// its own, and a height of more than one screen; each picture must show its
// own page's colour.
func TestPicturesDrawnInTheBackground(t *testing.T) {
	path, err := FindChrome("")
	if err != nil {
		if os.Getenv("WEBGRAPH_REQUIRE_BROWSER") == "1" {
			t.Fatalf("browser required: %v", err)
		}
		t.Skipf("no browser: %v", err)
	}
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
		s := &fetch.Side{}
		if err := tb.render(context.Background(), mustParse(t, urls[i]), cfg, s); err != nil || s.Err != nil {
			t.Fatalf("render %s: %v %v", urls[i], err, s.Err)
		}
	}
	take := func(tb *tab, u string) image.Image {
		ctx, cancel := context.WithTimeout(tb.ctx, cfg.Timeout)
		defer cancel()
		p, err := tb.picture(ctx, u, *cfg.Pictures)
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
	// Every tab at once, none of them in front.
	behind := make([]image.Image, len(tabs))
	var wg sync.WaitGroup
	for i, tb := range tabs {
		wg.Go(func() { behind[i] = take(tb, urls[i]) })
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	// Then each again, its tab in front while it is taken.
	for i, tb := range tabs {
		ctx, cancel := context.WithTimeout(b.ctx, cfg.Timeout)
		if _, err := chromedp.CallBrowser(ctx, target.ActivateTarget, target.ActivateTargetParams{TargetID: target.ID(tb.frame)}); err != nil {
			t.Fatal(err)
		}
		front := take(tb, urls[i])
		if _, err := chromedp.CallBrowser(ctx, target.ActivateTarget, target.ActivateTargetParams{TargetID: b.front}); err != nil {
			t.Fatal(err)
		}
		cancel()
		if front == nil {
			continue
		}
		img := behind[i]
		if img.Bounds() != front.Bounds() {
			t.Errorf("page %d: the picture taken in the background is %v, in front %v", i, img.Bounds(), front.Bounds())
			continue
		}
		if h := img.Bounds().Dy(); h <= DefaultPictureMinHeight {
			t.Errorf("page %d: the picture is %d pixels high; want the whole page, taller than %d", i, h, DefaultPictureMinHeight)
		}
		if n := differing(img, front); n > 0 {
			t.Errorf("page %d: %d pixels differ between the picture taken in the background and in front; want none", i, n)
		}
		if got := img.At(150, 200); !near(got, colours[i]) {
			t.Errorf("page %d: the block is %v in its picture; want %v (its own page's)", i, got, colours[i])
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
