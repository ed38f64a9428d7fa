package rendered

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/jpeg"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
)

// Defaults for Pictures' zero fields.
const (
	DefaultPictureWidth     = 1280 // CSS pixels
	DefaultPictureMaxHeight = 2400 // CSS pixels
	DefaultPictureMinHeight = 720  // CSS pixels: a short page still fills one screen
	DefaultPictureQuality   = 60   // JPEG quality
	DefaultPictureMaxBytes  = 400 << 10
)

// Pictures says how screenshots are taken. Its zero fields take the
// DefaultPicture* values; a nil *Pictures in Config takes none.
type Pictures struct {
	// Width is the page's layout width, in CSS pixels.
	Width int
	// MaxHeight caps how much of a long page is taken, in CSS pixels,
	// from its top; the picture then says it was cut.
	MaxHeight int
	// Scale sizes the image against the layout: 0.5 gives a 640-pixel
	// image of a 1280-pixel layout. Zero means 1.
	Scale float64
	// Quality is the JPEG quality, 1 to 100.
	Quality int
	// MaxBytes caps an image's size: a larger one is taken again at a
	// lower quality, then shorter, and left out when nothing fits.
	MaxBytes int
}

func (p Pictures) withDefaults() Pictures {
	if p.Width <= 0 {
		p.Width = DefaultPictureWidth
	}
	if p.MaxHeight <= 0 {
		p.MaxHeight = DefaultPictureMaxHeight
	}
	if p.Scale <= 0 || p.Scale > 1 {
		p.Scale = 1
	}
	if p.Quality <= 0 || p.Quality > 100 {
		p.Quality = DefaultPictureQuality
	}
	if p.MaxBytes <= 0 {
		p.MaxBytes = DefaultPictureMaxBytes
	}
	return p
}

// PictureError reports a picture that could not be taken within its bounds.
type PictureError struct {
	URL    string
	Reason string
}

func (e *PictureError) Error() string { return "rendered: picture of " + e.URL + ": " + e.Reason }

// picture takes a screenshot of the page loaded in t, as p bounds it. The
// layout is set to p.Width while it is taken and set back to the tab's
// viewport after, so the tab can be reused.
func (t *tab) picture(ctx context.Context, front *sync.Mutex, pageURL string, p Pictures) (*fetch.Picture, error) {
	start := time.Now()
	p = p.withDefaults()
	// Lay the page out at the picture's width first: its height depends on it.
	if err := setLayout(ctx, p.Width, DefaultPictureMinHeight); err != nil {
		return nil, err
	}
	defer setLayout(context.WithoutCancel(ctx), t.viewport.Width, t.viewport.Height)
	m, err := chromedp.Call(ctx, page.GetLayoutMetrics, cdp.Empty{})
	if err != nil {
		return nil, fmt.Errorf("rendered: picture: layout: %w", err)
	}
	height, cut := DefaultPictureMinHeight, false
	if m.CSSContentSize != nil {
		height = max(height, int(m.CSSContentSize.Height))
	}
	if height > p.MaxHeight {
		height, cut = p.MaxHeight, true
	}
	quality, laid := p.Quality, DefaultPictureMinHeight
	for {
		if height != laid {
			if err := setLayout(ctx, p.Width, height); err != nil {
				return nil, err
			}
			laid = height
		}
		q := int64(quality)
		shot, err := t.capture(ctx, front, page.CaptureScreenshotParams{
			Format:  page.CaptureScreenshotFormatJpeg,
			Quality: &q,
			Clip:    &page.Viewport{Width: float64(p.Width), Height: float64(height), Scale: p.Scale},
		})
		if err != nil {
			return nil, fmt.Errorf("rendered: picture: capture: %w", err)
		}
		if len(shot) <= p.MaxBytes {
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(shot))
			if err != nil {
				return nil, fmt.Errorf("rendered: picture: the browser's image: %w", err)
			}
			return &fetch.Picture{Data: shot, Type: "image/jpeg", Width: cfg.Width, Height: cfg.Height,
				Cut: cut, Elapsed: time.Since(start)}, nil
		}
		// Too large: a lower quality first, then half the height.
		switch {
		case quality > 30:
			quality = max(quality/2, 30)
		case height > DefaultPictureMinHeight/2:
			height, cut = height/2, true
		default:
			return nil, &PictureError{URL: pageURL, Reason: fmt.Sprintf("no picture fits in %d bytes", p.MaxBytes)}
		}
	}
}

// drawWait is how long a capture waits for a background tab to be drawn
// before the tab is brought to the front for it (capture).
var drawWait = time.Second

// capture takes a screenshot of the tab's page as prm says. It asks first
// with the tab where it is, in the background of the browser's window:
// Chrome then draws the page for the capture, the same pixels as in front
// (picture_internal_test.go), so that tabs take their pictures at the same
// time. But that frame does not always come: when none has within
// drawWait, the tab is brought to the front, where it is drawn, and asked
// again; one tab at a time per browser (front, held meanwhile), then the
// browser's blank tab goes back there (see newTab). A hidden tab is never
// drawn, even in front: a tab that takes pictures is a background tab.
func (t *tab) capture(ctx context.Context, front *sync.Mutex, prm page.CaptureScreenshotParams) ([]byte, error) {
	bctx, cancel := context.WithTimeout(ctx, drawWait)
	shot, err := chromedp.Call(bctx, page.CaptureScreenshot, prm)
	cancel()
	if err == nil {
		return shot.Data, nil
	}
	if ctx.Err() != nil {
		return nil, err
	}
	front.Lock()
	defer front.Unlock()
	if _, err := chromedp.CallBrowser(ctx, target.ActivateTarget, target.ActivateTargetParams{TargetID: target.ID(t.frame)}); err != nil {
		return nil, err
	}
	defer chromedp.CallBrowser(context.WithoutCancel(ctx), target.ActivateTarget, target.ActivateTargetParams{TargetID: t.b.front})
	shot, err = chromedp.Call(ctx, page.CaptureScreenshot, prm)
	if err != nil {
		return nil, err
	}
	return shot.Data, nil
}

// takePicture is picture in the tab's own context, bounded by timeout and
// ended early with ctx.
func (f *Fetcher) takePicture(ctx context.Context, t *tab, pageURL string, p Pictures) (*fetch.Picture, error) {
	pctx, cancel := context.WithTimeout(t.ctx, f.cfg.Timeout)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	return t.picture(pctx, &f.front, pageURL, p)
}

// setLayout lays the page out in a window, on a screen, of width by height
// CSS pixels.
func setLayout(ctx context.Context, width, height int) error {
	_, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: int64(width), Height: int64(height), DeviceScaleFactor: 1,
		ScreenWidth: int64(width), ScreenHeight: int64(height),
	})
	if err != nil {
		return fmt.Errorf("rendered: layout: %w", err)
	}
	return nil
}

// servedDoc is the document a no-script tab shows in place of asking the
// network: the HTML as the plain side was served it.
type servedDoc struct {
	url         string
	body        []byte
	contentType string
	// refresh is set when the document may ask to be replaced later, by
	// a refresh (mayRefresh).
	refresh bool

	mu     sync.Mutex
	served bool
}

// serveDoc answers a main-document request of a no-script tab: the first,
// for the served URL, from the served HTML; any later one (a meta refresh,
// a link the page follows) is answered 204 No Content without a request, so
// the picture shows what was served.
// It reports whether it answered; every other request is the gate's.
func (t *tab) serveDoc(ctx context.Context, ev *cdpfetch.EventRequestPaused) bool {
	t.mu.Lock()
	d := t.doc
	t.mu.Unlock()
	if d == nil || ev.ResourceType != network.ResourceTypeDocument || ev.FrameID != t.frame {
		return false
	}
	d.mu.Lock()
	first := !d.served && strings.SplitN(ev.Request.URL, "#", 2)[0] == d.url
	d.served = d.served || first
	d.mu.Unlock()
	if !first {
		// A 204 keeps the document shown: the navigation goes nowhere,
		// where a failed one would show the browser's error page.
		chromedp.Call(ctx, cdpfetch.FulfillRequest, cdpfetch.FulfillRequestParams{RequestID: ev.RequestID, ResponseCode: 204})
		return true
	}
	chromedp.Call(ctx, cdpfetch.FulfillRequest, cdpfetch.FulfillRequestParams{
		RequestID:    ev.RequestID,
		ResponseCode: 200,
		ResponseHeaders: []*cdpfetch.HeaderEntry{
			{Name: "Content-Type", Value: d.contentType},
			// Nothing the served HTML could ask for beyond its styles
			// and frames: the gate answers those all the same.
			{Name: "Cache-Control", Value: "no-store"},
		},
		Body: d.body,
	})
	return true
}

// NoScript takes a picture of body, the HTML served for u (contentType is
// its Content-Type header, charset included), as a browser shows it with
// scripts disabled: what a crawler that does not run JavaScript is given.
// It renders in a no-script tab, kept for the next no-script picture and
// used for nothing else; the document itself comes from body and is never
// requested again, and every request the document makes (styles, frames)
// passes Config.Gate as a render's does, until its picture is taken. A
// redirect or refresh the document asks for is not followed.
// It returns a *PictureError when the picture cannot fit its bounds.
func (f *Fetcher) NoScript(ctx context.Context, u *url.URL, body []byte, contentType string, p Pictures) (*fetch.Picture, error) {
	if f.spread != nil {
		return f.spread.shards[0].NoScript(ctx, u, body, contentType, p)
	}
	select {
	case f.slots <- struct{}{}:
	case <-f.closing:
		return nil, ErrClosed
	case <-ctx.Done():
		return nil, fmt.Errorf("rendered: waiting for a tab: %w", ctx.Err())
	}
	f.enter()
	defer f.leave()
	b, err := f.current()
	if err != nil {
		return nil, err
	}
	if contentType == "" {
		contentType = "text/html"
	}
	t, err := b.quietTab(ctx, f.cfg, u)
	if err != nil {
		return nil, err
	}
	pic, err := t.noScript(ctx, &f.front, u, body, contentType, p, f.cfg.Timeout)
	var pe *PictureError
	if err == nil || errors.As(err, &pe) {
		b.putQuietTab(t)
	} else {
		t.close() // not reused: it may be in any state
	}
	return pic, err
}

// quietTab returns a no-script tab of b to show u in: an idle one, or a
// new one with scripts off.
func (b *browser) quietTab(ctx context.Context, cfg Config, u *url.URL) (*tab, error) {
	if t := b.getQuietTab(); t != nil {
		// The next document replaces the last, and with it its loads
		// (refused by then: its scope ended, see noScript). The tab goes
		// to about:blank first, which costs about as much CPU as the
		// document's own load (docs/performance.md, "Pictures"), only
		// when the last document had u's URL (u would be a move within
		// it, to a fragment, or a reload) or may refresh: its refresh
		// could otherwise start while the next document loads, and
		// cancel that load.
		t.mu.Lock()
		last := t.doc
		t.mu.Unlock()
		if last == nil || last.url != docURL(u) && !last.refresh {
			return t, nil
		}
		if err := t.leaveDocument(ctx, cfg.Timeout); err == nil {
			return t, nil
		}
		t.close()
	}
	t, err := newTab(b, cfg)
	if err != nil {
		return nil, err
	}
	rctx, cancel := context.WithTimeout(t.ctx, cfg.Timeout)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	if _, err := chromedp.Call(rctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.close()
		return nil, fmt.Errorf("rendered: no-script tab: %w", err)
	}
	return t, nil
}

// noScript shows body as u in t, a no-script tab, and takes its picture.
func (t *tab) noScript(ctx context.Context, front *sync.Mutex, u *url.URL, body []byte, contentType string, p Pictures, timeout time.Duration) (*fetch.Picture, error) {
	doc := &servedDoc{url: docURL(u), body: body, contentType: contentType,
		refresh: mayRefresh(body)}
	t.mu.Lock()
	t.doc = doc
	t.mu.Unlock()
	// The tab never renders: its document's requests pass the gate while
	// it is shown for its picture, as a render's do while the render does;
	// after, nothing it asks for goes out.
	sc := t.begin(nil)
	defer t.end(sc)

	rctx, cancel := context.WithTimeout(t.ctx, timeout)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	var loadErr *chromedp.LoadError
	if err := chromedp.Do(rctx, chromedp.Navigate(u.String())); err != nil && !errors.As(err, &loadErr) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("rendered: no-script tab: loading %s: %w", u, err)
	}
	return t.picture(rctx, front, u.String(), p)
}

// mayRefresh reports whether an HTML document may hold a refresh. A refresh
// is a <meta http-equiv>, and that attribute's name cannot be written with
// character references, so an ASCII-compatible document without the name
// (in any case) holds none; a document in another encoding may spell it in
// other bytes: UTF-16 and UTF-32 (whose ASCII has NUL bytes) and
// ISO-2022-JP (whose escapes start with ESC), so either byte counts as one
// that may.
func mayRefresh(body []byte) bool {
	return bytes.IndexByte(body, 0) >= 0 || bytes.IndexByte(body, 0x1b) >= 0 ||
		containsFold(body, "http-equiv") || containsFold(body, "refresh")
}

// containsFold reports whether b holds the ASCII word w (lower case) in any
// case, without a lower-cased copy of b.
func containsFold(b []byte, w string) bool {
	first := string([]byte{w[0], w[0] - 'a' + 'A'})
	for i := 0; i+len(w) <= len(b); i++ {
		j := bytes.IndexAny(b[i:], first)
		if j < 0 {
			return false
		}
		i += j
		if i+len(w) <= len(b) && bytes.EqualFold(b[i:i+len(w)], []byte(w)) {
			return true
		}
	}
	return false
}

// docURL is u without its fragment: the URL of the document it loads.
func docURL(u *url.URL) string {
	return strings.SplitN(u.String(), "#", 2)[0]
}

// NoScriptOf is NoScript for the HTML a plain side was served (its
// Exchange, kept with plain.Config.KeepExchange), at its final URL, bounded
// as Config.Pictures says (the defaults when it is nil). A side with no
// HTML body returns a *PictureError.
func (f *Fetcher) NoScriptOf(ctx context.Context, plain *fetch.Side) (*fetch.Picture, error) {
	if plain == nil || plain.Exchange == nil || len(plain.Exchange.Body) == 0 || plain.Download || !fetch.IsHTML(plain.ContentType) {
		where := ""
		if plain != nil {
			where = plain.FinalURL
		}
		return nil, &PictureError{URL: where, Reason: "the plain side kept no HTML to show"}
	}
	u, err := url.Parse(plain.FinalURL)
	if err != nil {
		return nil, &PictureError{URL: plain.FinalURL, Reason: "not a valid URL"}
	}
	var p Pictures
	if f.cfg.Pictures != nil {
		p = *f.cfg.Pictures
	}
	return f.NoScript(ctx, u, plain.Exchange.Body, contentTypeOf(plain.Exchange.ResponseHead), p)
}

// contentTypeOf returns the Content-Type header of a response head, charset
// included, so the browser decodes the body as the server said; "" when
// there is none.
func contentTypeOf(head []byte) string {
	for _, line := range strings.Split(string(head), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "Content-Type") {
			return strings.TrimSpace(value)
		}
	}
	return ""
}
