package rendered

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/proctree"
)

// Defaults for Config's zero fields.
const (
	DefaultTabs    = 4
	DefaultTimeout = 20 * time.Second
	DefaultQuiet   = 100 * time.Millisecond
	DefaultWaitCap = 3 * time.Second
	DefaultMaxText = 10 << 20 // characters of innerText
)

// DefaultViewport is the size of the window every tab lays its pages out in
// when Config.Viewport is zero: a desktop browser window on a 13-inch
// laptop, as wide as pictures are taken (DefaultPictureWidth) and wide
// enough for the desktop layout of the common site frameworks (a
// documentation sidebar shows from 997 CSS pixels in Docusaurus, 960 in
// VitePress, whose outline shows from 1280).
var DefaultViewport = Viewport{Width: 1280, Height: 800}

// Bounds of a Viewport's sides, in CSS pixels: from a small phone's width
// to a 4K screen's.
const (
	MinViewportSide = 240
	MaxViewportSide = 3840
)

// Viewport is the size of the window a page is laid out in, in CSS pixels
// (and the size of the screen it reports). The zero Viewport means
// DefaultViewport.
type Viewport struct {
	Width, Height int
}

// String returns v as WIDTHxHEIGHT, the form --viewport takes.
func (v Viewport) String() string { return fmt.Sprintf("%dx%d", v.Width, v.Height) }

// Check returns a *ViewportError when a side of v is outside
// MinViewportSide to MaxViewportSide.
func (v Viewport) Check() error {
	for _, side := range []int{v.Width, v.Height} {
		if side < MinViewportSide || side > MaxViewportSide {
			return &ViewportError{Viewport: v, Reason: fmt.Sprintf("each side must be from %d to %d CSS pixels", MinViewportSide, MaxViewportSide)}
		}
	}
	return nil
}

// ViewportError reports a viewport a render cannot use.
type ViewportError struct {
	Viewport Viewport
	Reason   string
}

func (e *ViewportError) Error() string {
	return "rendered: viewport " + e.Viewport.String() + ": " + e.Reason
}

// Config configures a Fetcher. Zero fields take the Default* values.
type Config struct {
	// ExecPath is the browser to start; empty searches PATH (FindChrome).
	ExecPath string
	// NoSandbox starts the browser with --no-sandbox, as an unprivileged
	// user in most containers needs (root always gets it).
	NoSandbox bool
	// BrowserURL, when set, is a running browser to use instead of
	// starting one: ws://host:port/devtools/browser/… or http://host:port.
	// Tabs are still pooled; a lost connection is made again and the page
	// retried once. Close leaves that browser running.
	BrowserURL string
	// BrowserURLs, when it holds more than one URL (BrowserURL counts as
	// one more), are running browsers to spread the tabs over: each gets
	// an even share of Tabs (at least one), and each page goes to the
	// browser with the most free tabs. Each is used as BrowserURL is.
	BrowserURLs []string
	// UserAgent is sent by every tab; see policy.Identity.
	UserAgent string
	// Tabs is how many tabs render at once; more callers wait for a tab.
	Tabs int
	// Timeout bounds one render: navigation, waiting and reading.
	Timeout time.Duration
	// Quiet is how long, after the load event, the page must be idle
	// before it counts as rendered: no request in flight, none sent or
	// ended, no timer due within 1.5 s, and no change to the DOM. A
	// request waiting for its response is in flight however long it
	// waits; once its response began, an EventSource after its first
	// message, or 1 s without one, and a fetch or XHR that has received
	// nothing for 1 s (a long poll), are not.
	Quiet time.Duration
	// Viewport is the window every tab lays its pages out in (hidden
	// tabs, picture tabs and no-script tabs alike; a picture is laid out
	// at its own width while it is taken). Zero means DefaultViewport; New
	// refuses one outside the bounds as *ViewportError.
	Viewport Viewport
	// WaitCap bounds the wait for the page to be idle after the load
	// event; the page is then read as it is.
	WaitCap time.Duration
	// MaxText caps the characters of innerText read from a page, and of
	// the serialised DOM when KeepDOM is set.
	MaxText int
	// Pictures, when set, takes a screenshot of each page rendered, into
	// Side.Picture (screenshot.go). Nil takes none.
	Pictures *Pictures
	// KeepDOM keeps the rendered document's serialised HTML in Side.DOM
	// (for a WARC archive). Default false: the DOM is never read out.
	KeepDOM bool
	// Archive, when set, keeps what the browser received for each page in
	// Side.Resources (archive.go). Nil keeps nothing.
	Archive *Archive
	// Gate, if set, is asked about every request the browser makes for a
	// page. A main-document URL it refuses (redirects and script
	// navigations included) is not requested, and the render ends with a
	// *fetch.HopError; any other URL it refuses is not requested and is
	// listed in the Side's BlockedResources, unless it was only a link
	// preload the page never asked for again (intercept.go says what is
	// listed). Nil lets every request of a kind a text render needs go.
	//
	// Whatever the gate says, images, media, fonts, the favicon, pings,
	// beacons, CSP reports, prefetches and WebSockets are never requested,
	// new windows are closed before their first request, and service
	// workers are bypassed and never run.
	Gate Gate
	// Credentials are headers (the operator's --header and --cookie) added
	// to each request the browser makes, redirect hops included, whose URL
	// CredentialsFor approves, and to no other; a Cookie header is joined
	// to the page's own cookies. Without CredentialsFor none are sent.
	Credentials    http.Header
	CredentialsFor func(*url.URL) bool
	// Memory, if set, tells the machine's memory in place of the cgroup's
	// limit or /proc/meminfo: while it is low, each finished render gives
	// up its tab (down to one), and tabs come back once it is plentiful.
	Memory func() MemoryState
	// MemoryLimit, when above 0, is the most memory (proportional set
	// size, bytes) the browser webgraph started may use: once a reading
	// after a render passes it, the browser is recycled (stopped and
	// started afresh) between pages, when no render is in progress
	// (recycle.go). A remote browser (BrowserURL) is not recycled.
	MemoryLimit int64
	// Proxy, when set, carries every request of a browser webgraph starts
	// (--proxy-server, loopback hosts included). Nil leaves the browser
	// to its own settings, which on Linux read the environment's proxy.
	// A remote browser (BrowserURL) keeps the proxy it was started with:
	// New refuses a Config with both, as *ProxyError.
	Proxy *url.URL
	// TrustSPKI lists public keys (base64 SHA-256 of a certificate's
	// SubjectPublicKeyInfo: policy.SPKIHash) that a browser webgraph
	// starts accepts in a server's chain whatever its own store says
	// (Chromium's --ignore-certificate-errors-spki-list). A remote browser
	// keeps its own trust: they are not applied there.
	TrustSPKI []string
	// Insecure makes the browser accept any certificate, a remote browser
	// too, for as long as webgraph is connected (the DevTools protocol's
	// Security.setIgnoreCertificateErrors, which is browser-wide), and
	// every Side say so in its warnings.
	Insecure bool
}

// ProxyError reports a proxy the browser cannot use.
type ProxyError struct {
	Proxy  string // the proxy's URL, without user and password
	Reason string
}

func (e *ProxyError) Error() string { return "rendered: proxy " + e.Proxy + ": " + e.Reason }

// Gate decides what the browser may request. policy.Gate satisfies it. Its
// methods are called from several goroutines at once and may block (to
// fetch a robots.txt); they must honour ctx.
type Gate interface {
	// Navigate returns nil when u may be requested as the page's main
	// document, else why not (a *fetch.Denied).
	Navigate(ctx context.Context, u *url.URL) error
	// Subresource returns nil when u, on any host, may be requested for
	// the page (a script, a stylesheet, an XHR, an iframe, a worker),
	// else why not (a *fetch.Denied).
	Subresource(ctx context.Context, u *url.URL) error
}

// Fetcher renders pages in a shared headless browser. It is safe for
// concurrent use by up to Config.Tabs callers at once (more wait). Close
// stops the browser and removes its profile directory; a Fetcher that was
// not closed leaks a browser process.
type Fetcher struct {
	cfg      Config
	execPath string
	slots    chan struct{}
	closing  chan struct{} // closed by Close: no new render starts
	once     sync.Once
	shut     sync.Once // Close's work, done once
	shutErr  error     // what that work returned, for every Close

	mu       sync.Mutex
	b        *browser
	closed   bool
	restarts int
	held     int // slots kept back because memory ran low
	fewest   int // the fewest tabs rendered with because of that; 0: never

	mem memoryWatch

	front sync.Mutex // held while a tab is in front for a picture (screenshot.go)

	spread *spread // several running browsers; nil for one

	peakRSS   atomic.Int64 // the browser tree's most resident memory seen, in bytes
	sampledAt atomic.Int64 // when it was last read (Unix nanoseconds)
	pss       pssWatch     // its proportional set size, and the recycling it drives
	// sampling is held while the tree's memory is read (sampleTree), on
	// a goroutine of its own, and guards what it keeps between readings:
	// when the process table was last read, and the tree's processes it
	// found then, of the browser treeOf; and when the PSS was last read.
	sampling sync.Mutex
	tableAt  time.Time
	tree     []int
	treeOf   *browser
	pssAt    time.Time
}

// rssEvery is how often, at most, the browser tree's resident memory is
// read: after a render, while its page is still loaded.
const rssEvery = 250 * time.Millisecond

// tableEvery is how often, at most, the process table is read for the
// browser's tree; the readings between read the RSS of the processes found
// then. The table is every process's on the machine, where the RSS of a
// known process costs microseconds.
const tableEvery = time.Second

// pssEvery is how often, at most, the tree's proportional set size is read:
// at the first reading of a browser's tree, then every pssEvery, and at
// every reading whose RSS is past Config.MemoryLimit (the PSS is never more
// than the RSS, so below the limit it cannot pass it), so a recycle is as
// timely as the RSS readings. Reading the PSS makes the kernel walk every
// mapping of every process of the tree, about 4 ms a process for a
// browser's. Done at every reading (every 250 ms), the table and the PSS
// took 1 to 2 of the 12 to 13 CPU-seconds of a union crawl of 201 pages at
// 8 tabs; read every second, the PSS still took a fifth of webgraph's own
// CPU in that crawl (docs/performance.md).
const pssEvery = 3 * time.Second

// New starts a browser and returns a Fetcher that renders with it. It
// returns ErrNoBrowser (wrapped) when no browser can be found.
func New(cfg Config) (*Fetcher, error) {
	if cfg.Tabs <= 0 {
		cfg.Tabs = DefaultTabs
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Quiet <= 0 {
		cfg.Quiet = DefaultQuiet
	}
	if cfg.WaitCap <= 0 {
		cfg.WaitCap = DefaultWaitCap
	}
	if cfg.MaxText <= 0 {
		cfg.MaxText = DefaultMaxText
	}
	if cfg.Viewport == (Viewport{}) {
		cfg.Viewport = DefaultViewport
	}
	if err := cfg.Viewport.Check(); err != nil {
		return nil, err
	}
	if p := cfg.Proxy; p != nil {
		shown := *p
		shown.User = nil
		switch {
		case cfg.BrowserURL != "" || len(cfg.BrowserURLs) > 0:
			return nil, &ProxyError{Proxy: shown.String(), Reason: "cannot be applied to a running browser (--browser-url): start that browser with --proxy-server"}
		case p.User != nil:
			return nil, &ProxyError{Proxy: shown.String(), Reason: "the browser cannot send a proxy's user and password"}
		}
	}
	f := &Fetcher{cfg: cfg, mem: memoryWatch{read: cfg.Memory}}
	if cfg.Memory == nil {
		f.mem = memoryWatch{read: machineMemory, every: rssEvery}
	}
	var err error
	if urls := browserURLs(cfg); len(urls) > 1 {
		if f.spread, err = newSpread(cfg, urls); err != nil {
			return nil, err
		}
		f.closing = make(chan struct{})
		return f, nil
	}
	if urls := browserURLs(cfg); len(urls) == 1 {
		f.cfg.BrowserURL, f.cfg.BrowserURLs = urls[0], nil
	}
	cfg = f.cfg
	if cfg.BrowserURL == "" {
		// Profiles left by webgraph processes that were killed.
		sweepStale(os.TempDir())
		if f.execPath, err = FindChrome(cfg.ExecPath); err != nil {
			return nil, err
		}
	}
	b, err := f.launch()
	if err != nil {
		return nil, err
	}
	f.slots, f.closing, f.b = make(chan struct{}, cfg.Tabs), make(chan struct{}), b
	return f, nil
}

// browserURLs returns the running browsers cfg names, BrowserURL first.
func browserURLs(cfg Config) []string {
	var urls []string
	if cfg.BrowserURL != "" {
		urls = append(urls, cfg.BrowserURL)
	}
	for _, u := range cfg.BrowserURLs {
		if u != "" {
			urls = append(urls, u)
		}
	}
	return urls
}

// launch starts the browser, or connects to the remote one.
func (f *Fetcher) launch() (*browser, error) {
	var b *browser
	var err error
	if f.cfg.BrowserURL != "" {
		b, err = connectBrowser(f.cfg.BrowserURL)
	} else {
		b, err = startBrowserTrusting(f.execPath, f.cfg.UserAgent, f.cfg.NoSandbox, f.cfg.Proxy, "", f.cfg.TrustSPKI)
	}
	if err != nil {
		return nil, err
	}
	if f.cfg.Insecure {
		if err := b.ignoreCertificateErrors(); err != nil {
			b.stop()
			return nil, err
		}
	}
	b.creds = credentials{header: f.cfg.Credentials.Clone(), allow: f.cfg.CredentialsFor}
	return b, nil
}

// Name returns fetch.Rendered.
func (f *Fetcher) Name() fetch.Name { return fetch.Rendered }

// PID returns the process id of the current browser, for tests and
// diagnostics; 0 when unknown.
func (f *Fetcher) PID() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.b == nil {
		return 0
	}
	return f.b.pid
}

// PeakRSS returns the most resident memory the browser webgraph started (its
// whole process tree: browser, renderers, GPU and utility processes) was seen
// to use, in bytes, read after renders at most every 250 ms and across
// restarts; 0 for a browser webgraph did not start (--browser-url). A
// reading in progress is waited for.
func (f *Fetcher) PeakRSS() int64 {
	f.sampling.Lock()
	defer f.sampling.Unlock()
	return f.peakRSS.Load()
}

// sampleRSS starts a reading of the memory of b's process tree, on a
// goroutine of its own, unless one is in progress or the last began less
// than rssEvery ago: the render that asks goes on meanwhile.
func (f *Fetcher) sampleRSS(b *browser) {
	now := time.Now().UnixNano()
	last := f.sampledAt.Load()
	if b.pid <= 0 || now-last < int64(rssEvery) || !f.sampledAt.CompareAndSwap(last, now) {
		return
	}
	if !f.sampling.TryLock() {
		return
	}
	go func() {
		defer f.sampling.Unlock()
		f.sampleTree(b, time.Now())
	}()
}

// sampleTree reads the RSS of b's process tree. Every tableEvery it reads
// the tree itself from the process table; in between, the RSS of the
// processes found last time (a renderer started since counts from the next
// reading of the table on). It reads the PSS too at the first reading of
// the tree, every pssEvery, and whenever the RSS is past
// Config.MemoryLimit. now is the reading's time; the caller holds
// f.sampling.
func (f *Fetcher) sampleTree(b *browser, now time.Time) {
	first := f.treeOf != b
	if first || now.Sub(f.tableAt) >= tableEvery {
		pids, err := proctree.Tree(b.pid)
		if err != nil {
			return
		}
		f.tree, f.treeOf, f.tableAt = pids, b, now
	}
	rss := proctree.RSSOf(f.tree)
	raise(&f.peakRSS, rss)
	if limit := f.cfg.MemoryLimit; first || now.Sub(f.pssAt) >= pssEvery || (limit > 0 && rss > limit) {
		f.pssAt = now
		f.notePSS(proctree.PSSOf(f.tree))
	}
}

// raise sets peak to v when v is more.
func raise(peak *atomic.Int64, v int64) {
	for {
		p := peak.Load()
		if v <= p || peak.CompareAndSwap(p, v) {
			return
		}
	}
}

// ProfileDir returns the current browser's profile directory.
func (f *Fetcher) ProfileDir() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.b == nil {
		return ""
	}
	return f.b.dir
}

// Restarts returns how many times the browser was restarted after a crash
// or hang.
func (f *Fetcher) Restarts() int {
	if f.spread != nil {
		return f.spread.restarts()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.restarts
}

// ErrClosed is returned by Fetch after Close.
var ErrClosed = errors.New("rendered: fetcher closed")

// Fetch renders u in a pooled tab. It always returns a non-nil Side; the
// error is the Side's Err. When the browser crashes or hangs, it is
// restarted and the page retried once; the Side's warnings say so.
func (f *Fetcher) Fetch(ctx context.Context, u *url.URL) (*fetch.Side, error) {
	start := time.Now()
	s := &fetch.Side{Name: fetch.Rendered, URL: u.String(), FinalURL: u.String()}
	defer func() { s.Elapsed = time.Since(start) }()
	if f.cfg.Insecure && f.spread == nil { // (a spread's own fetchers say it)
		s.Warnings = append(s.Warnings, InsecureWarning)
	}

	select {
	case <-f.closing:
		s.Err = ErrClosed
		return s, s.Err
	default:
	}
	if f.spread != nil {
		return f.spread.fetch(ctx, u, f.closing)
	}
	select {
	case f.slots <- struct{}{}:
	case <-f.closing:
		s.Err = ErrClosed
		return s, s.Err
	case <-ctx.Done():
		s.Err = fmt.Errorf("rendered: waiting for a tab: %w", ctx.Err())
		return s, s.Err
	}
	f.enter()
	held := true // the slot, until a tab being emptied takes it over
	defer func() {
		if held {
			f.leave()
		}
	}()

	for attempt := 0; ; attempt++ {
		b, err := f.current()
		if err != nil {
			s.Err = err
			return s, err
		}
		try := &fetch.Side{Name: fetch.Rendered, URL: s.URL, FinalURL: s.URL, Warnings: s.Warnings}
		var parking bool
		parking, err = f.renderIn(ctx, b, u, try)
		held = !parking
		if err == nil || ctx.Err() != nil || attempt == 1 || b.alive() {
			*s = *try
			if err != nil && s.Err == nil {
				s.Err = err
			}
			return s, s.Err
		}
		// The browser crashed or hung: start a new one and try once more.
		if rerr := f.restart(b); rerr != nil {
			s.Err = fmt.Errorf("rendered: the browser failed (%v) and could not be restarted: %w", err, rerr)
			return s, s.Err
		}
		s.Warnings = append(s.Warnings, fmt.Sprintf("the browser failed (%v); restarted it and retried the page", err))
	}
}

// renderIn renders u in a tab of b. A tab that failed is closed, not reused.
//
// A tab rendered is stilled (rest) on a goroutine of its own, which takes
// over the caller's slot and gives it back once the tab is back in the
// pool: the page's side is complete when the render is, and its worker goes
// on to merge and record it meanwhile, while the tabs in use stay within
// the slots. parking reports that the slot was taken over.
func (f *Fetcher) renderIn(ctx context.Context, b *browser, u *url.URL, s *fetch.Side) (parking bool, err error) {
	t, err := b.getTab(f.cfg)
	if err != nil {
		return false, err
	}
	if u.Fragment != "" || u.RawFragment != "" {
		if err := t.leaveDocument(ctx, f.cfg.Timeout); err != nil {
			t.close()
			return false, err
		}
	}
	if err := t.render(ctx, u, f.cfg, s); err != nil {
		t.close()
		return false, err
	}
	if p := f.cfg.Pictures; p != nil && s.Err == nil && !s.Download && s.Status != 0 {
		if s.Picture, err = f.takePicture(ctx, t, s.FinalURL, *p); err != nil {
			s.Warnings = append(s.Warnings, err.Error())
		}
	}
	f.sampleRSS(b)
	go func() {
		defer f.leave()
		if err := t.rest(); err != nil {
			t.close() // not reused: it may still run the page
			return
		}
		b.putTab(t)
	}()
	return true, nil
}

// leaveDocument takes the tab to about:blank. A URL with a fragment (a hash
// route, #/lamps) that differs from the tab's last page only by its fragment
// would otherwise be a same-document navigation: no document loaded, the
// last page's script state kept, no load to wait for. From a blank tab it
// is a fresh load of the document, which then shows that route.
func (t *tab) leaveDocument(ctx context.Context, timeout time.Duration) error {
	bctx, cancel := context.WithTimeout(t.ctx, timeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		return fmt.Errorf("rendered: leaving the last page: %w", err)
	}
	return nil
}

// current returns the running browser.
func (f *Fetcher) current() (*browser, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil, ErrClosed
	}
	return f.b, nil
}

// restart replaces the browser old with a new one, unless another caller
// already did.
func (f *Fetcher) restart(old *browser) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return ErrClosed
	}
	if f.b != old {
		return nil
	}
	old.stop()
	b, err := f.launch()
	if err != nil {
		f.b = nil
		f.closed = true
		return err
	}
	f.b = b
	f.restarts++
	return nil
}

// Close stops the browser, waits for it to exit and removes its profile
// directory. Close waits for renders in progress to finish or time out. A
// second Close returns what the first did.
func (f *Fetcher) Close() error {
	f.shut.Do(func() { f.shutErr = f.close() })
	return f.shutErr
}

// close is Close's work: a second Close must not wait for the slots the
// first one took and kept.
func (f *Fetcher) close() error {
	f.once.Do(func() { close(f.closing) })
	if f.spread != nil {
		return f.spread.close()
	}
	// Wait for renders in progress: take every slot not kept back for
	// memory (none is kept back once closing is closed), and keep them.
	f.mu.Lock()
	held := f.held
	f.mu.Unlock()
	for range cap(f.slots) - held {
		f.slots <- struct{}{}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	if f.b == nil {
		return nil
	}
	err := f.b.stop()
	f.b = nil
	return err
}
