package rendered

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/jpeg"
	"mime"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"golang.org/x/net/html/charset"

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
	defer chromedp.CallBrowser(context.WithoutCancel(ctx), target.ActivateTarget, target.ActivateTargetParams{TargetID: t.home})
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
	// replaceable is set when the document can be put in the tab in place
	// of the one there, without a navigation, and the next one in its
	// place (see replaceable).
	replaceable bool

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
	doc := newServedDoc(u, body, contentType)
	t, err := b.quietTab(ctx, f.cfg, doc)
	if err != nil {
		return nil, err
	}
	pic, err := t.noScript(ctx, &f.front, u, doc, p, f.cfg.Timeout)
	var pe *PictureError
	if err == nil || errors.As(err, &pe) {
		b.putQuietTab(t)
	} else {
		t.close() // not reused: it may be in any state
	}
	return pic, err
}

// quietTab returns a no-script tab of b to show next in: an idle one, or a
// new one with scripts off.
func (b *browser) quietTab(ctx context.Context, cfg Config, next *servedDoc) (*tab, error) {
	if t := b.getQuietTab(); t != nil {
		// The next document replaces the last, and with it its loads
		// (refused by then: its scope ended, see noScript). The tab goes
		// to about:blank first, which costs about as much CPU as the
		// document's own load (docs/performance.md, "Pictures"), only
		// when the last document may refresh (its refresh could otherwise
		// start while the next document loads, and cancel that load) or,
		// unless the next is put in its place (replaces), had the next
		// one's URL (a navigation there would be a move within it, to a
		// fragment, or a reload).
		t.mu.Lock()
		last := t.doc
		t.mu.Unlock()
		if last == nil || !last.refresh && (last.url != next.url || replaces(last, next)) {
			return t, nil
		}
		if err := t.leaveDocument(ctx, cfg.Timeout); err == nil {
			t.mu.Lock()
			t.doc = nil // the tab shows about:blank
			t.mu.Unlock()
			return t, nil
		}
		t.close()
	}
	at, err := b.quietPlace(ctx, cfg.Timeout)
	if err != nil {
		return nil, err
	}
	t, err := newTabIn(b, cfg, at)
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

// newServedDoc is the document body, served for u with contentType.
func newServedDoc(u *url.URL, body []byte, contentType string) *servedDoc {
	return &servedDoc{url: docURL(u), body: body, contentType: contentType,
		refresh: mayRefresh(body), replaceable: replaceable(u, body, contentType)}
}

// quietPlace returns where b opens its no-script tabs. A browser webgraph
// started opens them in a browser context of their own, with a window of
// their own, made for the first of them: downloads denied there too, and a
// blank tab in front, so that they are background tabs as the render's
// are. In the browser's default context, a document put in place of
// another (replaceDocument) would mark its URL visited, and links to it in
// the next no-script pictures would be drawn as visited links, which a
// navigation does not do (TestNoScriptTabReused). A remote browser's tabs
// are all in a context webgraph made (connectBrowser): its no-script tabs
// are too.
func (b *browser) quietPlace(ctx context.Context, timeout time.Duration) (place, error) {
	if b.context != "" {
		return place{context: b.context, front: b.front}, nil
	}
	b.quietMu.Lock()
	defer b.quietMu.Unlock()
	if b.quietWhere != nil {
		return *b.quietWhere, nil
	}
	cctx, cancel := context.WithTimeout(b.ctx, timeout)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	made, err := chromedp.CallBrowser(cctx, target.CreateBrowserContext, target.CreateBrowserContextParams{})
	if err != nil {
		return place{}, fmt.Errorf("rendered: a browser context for no-script tabs: %w", err)
	}
	if _, err := chromedp.CallBrowser(cctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny, BrowserContextID: made.BrowserContextID,
	}); err != nil {
		return place{}, fmt.Errorf("rendered: denying downloads: %w", err)
	}
	front, err := chromedp.CallBrowser(cctx, target.CreateTarget, target.CreateTargetParams{URL: "about:blank", BrowserContextID: made.BrowserContextID})
	if err != nil {
		return place{}, fmt.Errorf("rendered: a window for no-script tabs: %w", err)
	}
	b.quietWhere = &place{context: made.BrowserContextID, front: front.TargetID}
	return *b.quietWhere, nil
}

// noScript shows doc as u in t, a no-script tab, and takes its picture.
// The document is put in place of the tab's last one when replaces allows
// it (replaceDocument), else loaded by a navigation whose document
// serveDoc answers from doc.
func (t *tab) noScript(ctx context.Context, front *sync.Mutex, u *url.URL, doc *servedDoc, p Pictures, timeout time.Duration) (*fetch.Picture, error) {
	t.mu.Lock()
	last := t.doc
	replace := last != nil && replaces(last, doc)
	if replace {
		// Nothing is requested for it: a navigation its tab starts (none
		// is expected) is answered 204 like a refresh (serveDoc).
		doc.served = true
	}
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
	if replace {
		err := t.replaceDocument(rctx, u, doc)
		switch {
		case err == nil:
			return t.picture(rctx, front, u.String(), p)
		case ctx.Err() != nil:
			return nil, ctx.Err()
		case !errors.Is(err, errNotMoved):
			return nil, fmt.Errorf("rendered: no-script tab: showing %s: %w", u, err)
		}
		// The document shown is not on u's origin (the last navigation
		// did not load the document asked for): load u.
		doc.mu.Lock()
		doc.served = false
		doc.mu.Unlock()
	}
	var loadErr *chromedp.LoadError
	if err := chromedp.Do(rctx, chromedp.Navigate(u.String())); err != nil && !errors.As(err, &loadErr) {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("rendered: no-script tab: loading %s: %w", u, err)
	}
	return t.picture(rctx, front, u.String(), p)
}

// replaceDocument puts doc in place of the document t shows, without a
// navigation: the document's URL becomes u (history.replaceState, a move
// within the document, which the browser allows within an origin), then
// its content doc's (Page.setDocumentContent, which opens the document
// again, as document.open does, and parses the HTML given into it), and
// it returns once that document's load event has fired (its styles and
// frames loaded, as after a navigation). A navigation costs the browser
// about as much CPU again as the document's load, layout and picture
// (docs/performance.md, "Pictures"). The picture is the same, pixel for
// pixel: quirks mode comes from the doctype, <noscript> is shown, URLs
// resolve against u or the document's <base> (TestNoScriptReplaced). What
// a document open keeps of the last document (its encoding, its referrer
// policy and security policy, whether an element was focused for
// autofocus) is the same as a load would give, by the conditions of
// replaces; its scroll position is put back at the top here.
// No page script runs in a no-script tab, so the evaluation below cannot
// meet a history object the page redefined.
func (t *tab) replaceDocument(ctx context.Context, u *url.URL, doc *servedDoc) error {
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	loaded := make(chan struct{})
	var once sync.Once
	if err := chromedp.Listen(lctx, func(ev any) {
		if _, ok := ev.(*page.EventLoadEventFired); ok {
			once.Do(func() { close(loaded) })
		}
	}); err != nil {
		return err
	}
	to, err := json.Marshal(u.String())
	if err != nil {
		return err
	}
	// The last document may have scrolled itself without a script (scroll
	// snapping, scroll-initial-target), and the opened document keeps the
	// viewport's scroll: its content goes first, so that nothing snaps it
	// back, then it is scrolled to the top and laid out (reading scrollY),
	// all before the move; done otherwise, the next document still opened
	// scrolled (TestNoScriptScrollNotCarried).
	moved, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{
		Expression: "document.documentElement?.remove(); scrollTo(0, 0); void scrollY; history.replaceState(null, '', " + string(to) + ")", Silent: new(true),
	})
	if err != nil {
		return err
	}
	if moved.ExceptionDetails != nil {
		return errNotMoved
	}
	html := bytes.TrimPrefix(doc.body, utf8BOM)
	if _, err := chromedp.Call(ctx, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: t.frame, HTML: string(html)}); err != nil {
		return err
	}
	select {
	case <-loaded:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// errNotMoved is replaceDocument's error when the document shown could not
// be moved to the URL asked for: it is on another origin.
var errNotMoved = errors.New("rendered: the document shown is on another origin")

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// replaces reports whether next can be put in place of last in a no-script
// tab (replaceDocument) and give the picture a navigation to it would give.
// Both must be replaceable, last must have been shown (a navigation whose
// first request was not for its URL is answered 204, and leaves the
// document before it), and the two on one origin (the document's URL can
// move only within its origin).
func replaces(last, next *servedDoc) bool {
	last.mu.Lock()
	shown := last.served
	last.mu.Unlock()
	if !shown || !last.replaceable || !next.replaceable {
		return false
	}
	a, errA := url.Parse(last.url)
	b, errB := url.Parse(next.url)
	return errA == nil && errB == nil && a.Scheme == b.Scheme && a.Host == b.Host
}

// replaceable reports whether the document body, served for u with
// contentType, can be put in a no-script tab in place of another, or have
// another put in its place, and show what it shows when loaded: an HTML
// document (not XHTML, which is parsed otherwise), in UTF-8 as the browser
// would decode it (a UTF-8 byte order mark, or the header's charset, ahead
// of what the document says of itself; the opened document keeps the last
// one's encoding, which URLs' queries are written in), at a URL without a
// fragment (a navigation would scroll to it, and the next document would
// open scrolled), and with nothing in it that a document keeps once the
// element that set it is gone: a <meta http-equiv> (a security policy, a
// refresh: mayRefresh), a <meta name=referrer>, an autofocus (done once
// per document). An attribute's value may spell "referrer" with character
// references, and only numeric ones stand for ASCII letters: a document
// with one of those is loaded (letterReference).
func replaceable(u *url.URL, body []byte, contentType string) bool {
	if u.Fragment != "" || u.RawFragment != "" || strings.Contains(u.String(), "#") {
		return false
	}
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "text/html" {
		return false
	}
	if b, ok := bytes.CutPrefix(body, utf8BOM); ok {
		body = b
	} else if _, name := charset.Lookup(params["charset"]); name != "utf-8" ||
		bytes.HasPrefix(body, []byte{0xfe, 0xff}) || bytes.HasPrefix(body, []byte{0xff, 0xfe}) {
		return false
	}
	return utf8.Valid(body) && !mayRefresh(body) &&
		!containsFold(body, "referrer") && !containsFold(body, "autofocus") && !letterReference(body)
}

// letterReference reports whether body holds a numeric character reference
// (&#114; or &#x72, the semicolon optional, its digits read as far as they
// go, as an HTML parser does) to an ASCII letter.
func letterReference(body []byte) bool {
	for i := bytes.Index(body, []byte("&#")); i >= 0; {
		rest := body[i+2:]
		base := 10
		if len(rest) > 0 && (rest[0] == 'x' || rest[0] == 'X') {
			base, rest = 16, rest[1:]
		}
		v, n := 0, 0
		for ; n < len(rest); n++ {
			d := digitValue(rest[n], base)
			if d < 0 {
				break
			}
			v = min(v*base+d, 0x110000) // past Unicode: no letter
		}
		if n > 0 && ('A' <= v && v <= 'Z' || 'a' <= v && v <= 'z') {
			return true
		}
		j := bytes.Index(rest, []byte("&#"))
		if j < 0 {
			return false
		}
		i = len(body) - len(rest) + j
	}
	return false
}

// digitValue is c's value as a digit in base (10 or 16), or -1.
func digitValue(c byte, base int) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case base == 16 && 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case base == 16 && 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
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
