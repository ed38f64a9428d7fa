package rendered_test

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// inkRows counts the rows of img that hold a pixel far from white: a
// picture's amount of drawn content, whatever its colours.
func inkRows(img image.Image) int {
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 < 200 || g>>8 < 200 || bl>>8 < 200 {
				n++
				break
			}
		}
	}
	return n
}

// differing counts the pixels of a that b has other than a has, over a's
// bounds (the callers have checked that the two are the same size).
func differing(a, b image.Image) int {
	d := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				d++
			}
		}
	}
	return d
}

// meanDiff is the mean absolute difference of two images' grey levels
// (0 to 255) over the area they share.
func meanDiff(a, b image.Image) float64 {
	r := a.Bounds().Intersect(b.Bounds())
	if r.Empty() {
		return 255
	}
	var sum float64
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			sum += abs(grey(a.At(x, y)) - grey(b.At(x, y)))
		}
	}
	return sum / float64(r.Dx()*r.Dy())
}

func grey(c interface{ RGBA() (r, g, b, a uint32) }) float64 {
	r, g, b, _ := c.RGBA()
	return (0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)) / 257
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func decode(t *testing.T, p *fetch.Picture) image.Image {
	t.Helper()
	if p == nil {
		t.Fatal("no picture")
	}
	if p.Type != "image/jpeg" {
		t.Fatalf("picture type %q; want image/jpeg", p.Type)
	}
	img, err := jpeg.Decode(bytes.NewReader(p.Data))
	if err != nil {
		t.Fatalf("decoding the picture: %v", err)
	}
	if b := img.Bounds(); b.Dx() != p.Width || b.Dy() != p.Height {
		t.Errorf("picture says %dx%d; its image is %dx%d", p.Width, p.Height, b.Dx(), b.Dy())
	}
	return img
}

// served fetches u as the plain side would: the body and its Content-Type.
func served(t *testing.T, u string) ([]byte, string) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b, resp.Header.Get("Content-Type")
}

// pair renders path with a picture and takes the no-script picture of the
// HTML as served.
func pair(t *testing.T, f *rendered.Fetcher, base, path string, p rendered.Pictures) (rendered, noScript *fetch.Picture) {
	t.Helper()
	s, err := f.Fetch(context.Background(), mustURL(t, base+path))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	body, ct := served(t, base+path)
	ns, err := f.NoScript(context.Background(), mustURL(t, base+path), body, ct, p)
	if err != nil {
		t.Fatalf("NoScript: %v", err)
	}
	return s.Picture, ns
}

func TestPictures(t *testing.T) {
	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Pictures: &p})
	defer f.Close()

	t.Run("javascript-only page", func(t *testing.T) {
		ts, h := sites.Serve(t, "union")
		ren, ns := pair(t, f, ts.URL, "/app.html", p)
		ri, ni := decode(t, ren), decode(t, ns)
		if ri.Bounds().Dx() != rendered.DefaultPictureWidth || ni.Bounds().Dx() != rendered.DefaultPictureWidth {
			t.Errorf("widths %d and %d; want %d", ri.Bounds().Dx(), ni.Bounds().Dx(), rendered.DefaultPictureWidth)
		}
		rInk, nInk := inkRows(ri), inkRows(ni)
		t.Logf("rows with ink: rendered %d, no script %d; bytes %d and %d; took %s and %s",
			rInk, nInk, len(ren.Data), len(ns.Data), ren.Elapsed, ns.Elapsed)
		// The no-script picture holds the <noscript> line alone: one
		// line of text. The rendered one a heading, three paragraphs, a list.
		if nInk > 40 {
			t.Errorf("no-script picture has %d rows with ink; want it near blank (at most 40)", nInk)
		}
		if rInk < 3*nInk || rInk < 100 {
			t.Errorf("rendered picture has %d rows with ink (no script: %d); want at least 100 and three times as many", rInk, nInk)
		}
		byBrowser := map[string]int{}
		for _, hit := range h.Hits() {
			if hit.Browser {
				byBrowser[hit.Path]++
			}
		}
		if n := byBrowser["/app.html"]; n != 1 {
			t.Errorf("the browser requested /app.html %d times; want once (the render): the no-script tab is given the HTML", n)
		}
		if n := byBrowser["/app.js"]; n != 1 {
			t.Errorf("the browser requested /app.js %d times; want once: scripts are off in the no-script tab", n)
		}
	})

	t.Run("a page JavaScript leaves alone", func(t *testing.T) {
		ts, _ := sites.Serve(t, "audit")
		ren, ns := pair(t, f, ts.URL, "/same.html", p)
		ri, ni := decode(t, ren), decode(t, ns)
		if ri.Bounds() != ni.Bounds() {
			t.Errorf("sizes %v and %v; want equal", ri.Bounds(), ni.Bounds())
		}
		d := meanDiff(ri, ni)
		t.Logf("mean grey difference %.2f; rows with ink %d and %d", d, inkRows(ri), inkRows(ni))
		if d > 2 || inkRows(ri) < 40 {
			t.Errorf("mean grey difference %.2f over %d rows with ink; want near-equal pictures (at most 2) of a page with text", d, inkRows(ri))
		}
	})

	t.Run("bounds", func(t *testing.T) {
		ts, _ := sites.Serve(t, "union")
		small := rendered.Pictures{Width: 800, MaxHeight: 300, Scale: 0.5, Quality: 50}
		body, ct := served(t, ts.URL+"/app.html")
		ns, err := f.NoScript(context.Background(), mustURL(t, ts.URL+"/app.html"), body, ct, small)
		if err != nil {
			t.Fatalf("NoScript: %v", err)
		}
		img := decode(t, ns)
		if got := img.Bounds().Size(); got != image.Pt(400, 150) || !ns.Cut {
			t.Errorf("size %v, cut %v; want 400x150 (an 800x300 layout at half scale), cut", got, ns.Cut)
		}
		if _, err := f.NoScript(context.Background(), mustURL(t, ts.URL+"/app.html"), body, ct, rendered.Pictures{MaxBytes: 100}); err == nil {
			t.Error("a picture was taken within 100 bytes; want a *PictureError")
		} else if pe := new(rendered.PictureError); !asPictureError(err, &pe) {
			t.Errorf("error %v (%T); want a *PictureError", err, err)
		}
	})
}

func asPictureError(err error, target **rendered.PictureError) bool {
	pe, ok := err.(*rendered.PictureError)
	if ok {
		*target = pe
	}
	return ok
}

// TestPicturesHostile takes both pictures of a page that, as its layout
// changes to the picture's width, asks another host for a stylesheet, a
// background, scripts, a frame, a prefetch, a popup and a refresh. That host
// disallows everything: its access log must hold robots.txt alone.
func TestPicturesHostile(t *testing.T) {
	b, logB := serveHostB(t, "User-agent: *\nDisallow: /\n")
	page, err := os.ReadFile(filepath.Join(sites.Dir("pictures"), "hostile.html"))
	if err != nil {
		t.Fatal(err)
	}
	page = bytes.ReplaceAll(page, []byte("HOST_B"), []byte(b.URL))
	logA := &accessLog{}
	a := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logA.add(r.URL.Path)
		if r.URL.Path != "/hostile.html" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
	logA.watch(a)
	a.Start()
	defer a.Close()

	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Gate: newGate(t, a.URL+"/"), UserAgent: "webgraph-test", Pictures: &p})
	closeF := closeOnce(t, f)
	s, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/hostile.html"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	decode(t, s.Picture)
	// The no-script tab is given the HTML with its refresh made immediate:
	// the only navigation it may make is refused without a request.
	now := bytes.Replace(page, []byte(`content="2;`), []byte(`content="0;`), 1)
	ns, err := f.NoScript(context.Background(), mustURL(t, a.URL+"/hostile.html"), now, "text/html; charset=utf-8", p)
	if err != nil {
		t.Fatalf("NoScript: %v", err)
	}
	if inkRows(decode(t, ns)) < 40 {
		t.Error("the no-script picture is blank; want the served page's heading and text (the refresh not followed)")
	}
	// The hosts' logs are read once the browser is gone and every
	// connection to them has ended: nothing can reach them after.
	if err := closeF(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	drained(t, logA, logB)
	got := logB.get()
	t.Logf("host B's access log: %q; host A's: %q", got, logA.get())
	for _, p := range got {
		if p != "/robots.txt" {
			t.Errorf("host B received %s; want only /robots.txt", p)
		}
	}
	if strings.Count(strings.Join(logA.get(), " "), "/hostile.html") != 1 {
		t.Errorf("host A's log %q; want /hostile.html once (the render): the no-script tab requests no document", logA.get())
	}
	for _, br := range s.BlockedResources {
		t.Logf("blocked: %s %s", br.Reason, br.URL)
	}
	// The page did ask: the gate refused, host B never heard of it.
	for _, p := range []string{"/wide.css", "/frame.html"} {
		if _, ok := blockedBy(s, p); !ok {
			t.Errorf("%s is not among the render's blocked resources; want the gate to have refused it", p)
		}
	}
}

// TestNoScriptTabReused: no-script pictures are taken in tabs kept for the
// next, and a page's picture in a tab that showed another page before is
// its picture in a new tab, pixel for pixel (its link to itself is not drawn
// as a visited link).
func TestNoScriptTabReused(t *testing.T) {
	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Pictures: &p})
	defer f.Close()
	noScriptReused(t, f, p)
}

// TestNoScriptTabReusedRemote is TestNoScriptTabReused on a browser
// webgraph did not start, whose tabs are all in a browser context webgraph
// made there.
func TestNoScriptTabReusedRemote(t *testing.T) {
	ws, _ := runningChrome(t)
	p := rendered.Pictures{}
	f, err := rendered.New(rendered.Config{BrowserURL: ws, Timeout: 15 * time.Second, Pictures: &p})
	if err != nil {
		t.Fatalf("New(BrowserURL: %s): %v", ws, err)
	}
	defer f.Close()
	noScriptReused(t, f, p)
}

func noScriptReused(t *testing.T, f *rendered.Fetcher, p rendered.Pictures) {
	t.Helper()
	ts, _ := sites.Serve(t, "audit")
	take := func(path string) *fetch.Picture {
		body, ct := served(t, ts.URL+path)
		ns, err := f.NoScript(context.Background(), mustURL(t, ts.URL+path), body, ct, p)
		if err != nil {
			t.Fatalf("NoScript %s: %v", path, err)
		}
		return ns
	}
	first := decode(t, take("/same.html")) // the fetcher's first tab
	other := decode(t, take("/h1-changed.html"))
	again := decode(t, take("/same.html"))
	if first.Bounds() != again.Bounds() {
		t.Fatalf("the page's pictures are %v and %v; want the same size", first.Bounds(), again.Bounds())
	}
	d := differing(first, again)
	if d > 0 {
		t.Errorf("%d pixels differ between the page's picture in a new tab and in a reused one; want none", d)
	}
	if meanDiff(first, other) == 0 {
		t.Error("the two pages' pictures are the same: the test cannot tell them apart")
	}
	if inkRows(again) < 40 {
		t.Errorf("the picture in the reused tab has %d rows with ink; want the page's text", inkRows(again))
	}
}

// TestNoScriptSameURLAgain: a reused no-script tab shows the HTML it is
// given even at the URL its last document had, fragment or not (a move
// within that document would load nothing, and leave the last one shown).
func TestNoScriptSameURLAgain(t *testing.T) {
	p := rendered.Pictures{}
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Pictures: &p})
	defer f.Close()
	ts, _ := sites.Serve(t, "audit")
	same, ct := served(t, ts.URL+"/same.html")
	changed, _ := served(t, ts.URL+"/h1-changed.html")
	take := func(u string, body []byte) image.Image {
		ns, err := f.NoScript(context.Background(), mustURL(t, u), body, ct, p)
		if err != nil {
			t.Fatalf("NoScript %s: %v", u, err)
		}
		return decode(t, ns)
	}
	u := ts.URL + "/same.html"
	first := take(u, changed)
	other := take(u, same)
	again := take(u+"#nowhere", changed)
	if meanDiff(first, other) == 0 {
		t.Fatal("the two documents' pictures are the same: the test cannot tell them apart")
	}
	if first.Bounds() != again.Bounds() {
		t.Fatalf("the document's pictures are %v and %v; want the same size", first.Bounds(), again.Bounds())
	}
	d := differing(first, again)
	if d > 0 {
		t.Errorf("%d pixels differ between the document's picture and its picture at the same URL with a fragment, after another document there; want none", d)
	}
}
