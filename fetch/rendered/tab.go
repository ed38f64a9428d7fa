package rendered

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"mime"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
)

// tab is one reused browser tab. Only one render runs in a tab at a time.
// Every request its pages make pauses in the tab's Fetch domain until the
// tab answers it (intercept.go).
type tab struct {
	b      *browser
	ctx    context.Context
	cancel context.CancelFunc
	frame  cdp.FrameID   // the main frame's id, which is the target's id
	done   chan struct{} // closed when the request-answering goroutine ends
	work   *workers      // the dedicated workers of its pages

	mu  sync.Mutex
	cur *scope // the live render's (scope.go); nil between renders
	// The requests announced since the last render began, and before
	// that, with the scope each was announced under (scope.go).
	announced, announcedBefore map[network.RequestID]*scope

	doc      *servedDoc // a no-script tab's document (screenshot.go); nil in a render's tab
	viewport Viewport   // the window its pages are laid out in (Config.Viewport)
	home     target.ID  // the blank tab kept in front of its window (place)

	// open is set by a render that ended with a request of its page (or of
	// its workers) still in flight, or a worker still running: rest
	// empties the tab rather than freeze the page. guarded is set by a
	// render that read a document the guard script runs in, which says
	// when it is frozen. Only the render's own goroutine, and then rest's,
	// use them.
	open, guarded bool
}

// newTab opens a tab in b: its own user agent, service workers bypassed,
// the guard script (guard.js) in every document, and every request paused
// for the tab to answer.
func newTab(b *browser, cfg Config) (*tab, error) {
	return newTabIn(b, cfg, place{context: b.context, front: b.front})
}

// place is where a tab opens: a browser context (empty: the browser's
// default) and the blank tab kept in front of that context's window.
type place struct {
	context cdp.BrowserContextID
	front   target.ID
}

// newTabIn is newTab in the browser context and window of at.
func newTabIn(b *browser, cfg Config, at place) (*tab, error) {
	// Chrome draws a page in a window of its own (chromedp's default) many
	// times a second for seconds after each load, which took more of the
	// browser's CPU than the pages themselves; a background tab of the
	// browser's window is not drawn, but the window's tab strip is, again
	// at each of its pages' loads and titles. A hidden tab is in no tab
	// strip at all: a union crawl took 28 % less CPU than with background
	// tabs (docs/performance.md). A tab that takes pictures is a
	// background tab: a capture draws it where it is, but a hidden tab is
	// never drawn (screenshot.go).
	// Either way the guard script (guardFor) tells the page it is visible
	// and gives it the animation frames and observer notifications an
	// undrawn page lacks.
	hidden := cfg.Pictures == nil
	ctx, cancel, err := openTarget(b, hidden, at.context)
	if err != nil {
		return nil, fmt.Errorf("rendered: opening a tab: %w", err)
	}
	t := &tab{b: b, ctx: ctx, cancel: cancel, done: make(chan struct{}), announced: map[network.RequestID]*scope{}, home: at.front}
	t.work = &workers{t: t}
	fail := func(err error) (*tab, error) {
		cancel()
		return nil, fmt.Errorf("rendered: opening a tab: %w", err)
	}
	if err := chromedp.Do(ctx); err != nil {
		return fail(err)
	}
	t.frame = cdp.FrameID(chromedp.FromContext(ctx).Target.TargetID)
	// Every tab lays its pages out in the same window, cfg.Viewport: a
	// hidden tab has no window of its own (its pages would be laid out 0
	// pixels wide), and a background tab's is the browser's, whatever size
	// that is.
	t.viewport = cfg.Viewport
	if err := setLayout(ctx, t.viewport.Width, t.viewport.Height); err != nil {
		return fail(err)
	}
	if !hidden {
		// A new tab opens in front: put its window's blank tab back
		// there.
		if _, err := chromedp.CallBrowser(ctx, target.ActivateTarget, target.ActivateTargetParams{TargetID: t.home}); err != nil {
			return fail(err)
		}
	}
	// chromedp enables the CSS, DOM and Log domains for its queries; a
	// render reads the page by one Evaluate and its console by Runtime, so
	// they are turned off: no stylesheet or DOM events, and no DOM.getDocument
	// round trip after each document.
	for _, off := range []cdp.Command[cdp.Empty, cdp.Empty]{css.Disable, dom.Disable, log.Disable} {
		if _, err := chromedp.Call(ctx, off, cdp.Empty{}); err != nil {
			return fail(err)
		}
	}
	// chromedp also has each tab's session discover targets: every tab
	// then hears of every other tab's navigations and titles (8 events a
	// page at 8 tabs), which the browser's own session hears already and
	// no tab uses. Off, a union crawl took about 4 % less CPU
	// (docs/performance.md).
	if _, err := chromedp.Call(ctx, target.SetDiscoverTargets, target.SetDiscoverTargetsParams{Discover: false}); err != nil {
		return fail(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: cfg.UserAgent}); err != nil {
		return fail(err)
	}
	if _, err := chromedp.Call(ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
		return fail(err)
	}
	for _, name := range []string{wsBinding, frozenBinding} {
		if _, err := chromedp.Call(ctx, runtime.AddBinding, runtime.AddBindingParams{Name: name}); err != nil {
			return fail(err)
		}
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: guardFor(hidden)}); err != nil {
		return fail(err)
	}
	if err := chromedp.Listen(ctx, t.onEvent); err != nil {
		return fail(err)
	}
	// WebSockets fail before they connect, in the page and in every
	// dedicated worker, which starts paused until it is confined too
	// (confine.go).
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, wsUnreachable); err != nil {
		return fail(err)
	}
	if b.context == "" {
		// A remote browser's tab pauses its workers with its frames, in
		// one auto-attach (guardFrames, below); this one's are confined
		// here, each tied to the render live when it was attached.
		attached := newQueue[attachment]()
		if err := chromedp.Listen(ctx, t.work.attachedTo(t.current, attached)); err != nil {
			return fail(err)
		}
		if _, err := chromedp.Call(ctx, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(true)}); err != nil {
			return fail(err)
		}
		t.work.wg.Add(1)
		go t.work.watch(ctx, attached)
	}
	// Each paused request is tied to the render live as it arrives, in
	// the order the browser sent it (scope.go).
	paused := newQueue[stamped]()
	if err := chromedp.Listen(ctx, func(ev any) {
		if p, ok := ev.(*cdpfetch.EventRequestPaused); ok {
			paused.push(stamped{ev: p, sc: t.stamp(p)})
		}
	}); err != nil {
		return fail(err)
	}
	if _, err := chromedp.Call(ctx, cdpfetch.Enable, cdpfetch.EnableParams{Patterns: []*cdpfetch.RequestPattern{{URLPattern: "*", RequestStage: cdpfetch.RequestStageRequest}}}); err != nil {
		return fail(err)
	}
	if b.context != "" { // a remote browser: see guardFrames
		if err := t.guardFrames(ctx, cfg.Gate); err != nil {
			return fail(err)
		}
	}
	b.mu.Lock()
	b.tabs[t.frame] = t
	b.mu.Unlock()
	go t.intercept(ctx, paused.all(ctx, nil), cfg.Gate)
	return t, nil
}

// openTarget opens a page target in b, in browser context bc, and returns
// its context: a hidden one (Target.createTarget's hidden: in no window's
// tab strip, closed with webgraph's connection at the latest), or a
// background tab of the context's window. A browser that will not open a
// hidden target gets a background tab.
func openTarget(b *browser, hidden bool, bc cdp.BrowserContextID) (context.Context, context.CancelFunc, error) {
	if !hidden && bc != b.context {
		res, err := chromedp.CallBrowser(b.ctx, target.CreateTarget, target.CreateTargetParams{
			URL: "about:blank", BrowserContextID: bc, Background: new(true),
		})
		if err != nil {
			return nil, nil, err
		}
		ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithTargetID(res.TargetID))
		return ctx, cancel, nil
	}
	if hidden {
		res, err := chromedp.CallBrowser(b.ctx, target.CreateTarget, target.CreateTargetParams{
			URL: "about:blank", BrowserContextID: bc, Hidden: new(true), Background: new(true),
		})
		if err == nil {
			ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithTargetID(res.TargetID))
			return ctx, cancel, nil
		}
		if b.ctx.Err() != nil {
			return nil, nil, err
		}
	}
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewWindow(false))
	return ctx, cancel, nil
}

// onEvent notes an event of the tab's own session (see note), for the render
// live as it arrives. It runs on the session's reading goroutine: no
// commands.
func (t *tab) onEvent(ev any) { t.note(ev, t.current()) }

// note counts the windows the page tried to open, lists the WebSockets it
// tried to open (which the guard script refused, or the network emulation
// failed, in the page or a worker), notes which requests are link preloads
// (see record.listing), and remembers under which render each request was
// announced (scope.go): sc, the scope of the session the event came from.
// It runs on a session's reading goroutine: no commands.
func (t *tab) note(ev any, sc *scope) {
	switch ev := ev.(type) {
	case *page.EventWindowOpen:
		t.block(sc, ev.URL, fetch.DeniedPopup, "new windows are closed before their first request", false, "")
	case *runtime.EventBindingCalled:
		if ev.Name == wsBinding {
			t.block(sc, ev.Payload, fetch.DeniedType, wsDetail, true, "")
		}
	case *network.EventWebSocketCreated:
		t.block(sc, ev.URL, fetch.DeniedType, wsDetail, true, "")
	case *network.EventRequestWillBeSent:
		t.announce(ev.RequestID, sc)
		if ev.Request != nil && ev.Request.IsLinkPreload {
			t.hint(sc, ev.RequestID)
		}
	}
}

// close closes the tab and waits for its goroutine.
func (t *tab) close() {
	t.b.mu.Lock()
	delete(t.b.tabs, t.frame)
	t.b.mu.Unlock()
	t.cancel()
	<-t.done
	t.work.wg.Wait()
}

// streamAfter is how long a request whose response has started may go
// without a byte arriving before the wait stops waiting for it: a fetch() or
// XMLHttpRequest silent that long after its headers is taken for a long
// poll, and an EventSource that long after its headers without a message for
// a stream that will not end. An EventSource's first message ends its hold
// at once. A request still waiting for its response (queued behind the
// browser's six connections to a host, held by the gate, or slow to answer)
// is no stream: it holds the wait until it is answered or the cap, however
// long it has waited. Other requests (documents, scripts, stylesheets) hold
// the wait until they end or the cap. guard.js counts the same way.
const streamAfter = time.Second

// Kinds of an open stream: the values of fetch.OpenStream.Kind.
const (
	streamEventSource = "eventsource"
	streamLongPoll    = "long_poll"
)

// flight is one request in flight.
type flight struct {
	url     string
	kind    string    // streamEventSource, streamLongPoll (a fetch or XHR, if it lasts), or ""
	start   time.Time // when it went out
	started time.Time // when its response began (its headers came); zero: not yet
	heard   time.Time // when bytes last arrived; zero: none yet
	message bool      // an EventSource delivered a message
}

// holds reports whether f still holds the render's wait at now.
func (f *flight) holds(now time.Time) bool {
	if f.kind == "" || f.started.IsZero() {
		return true
	}
	switch f.kind {
	case streamEventSource:
		return !f.message && now.Sub(f.started) < streamAfter
	default: // streamLongPoll
		last := f.started
		if f.heard.After(last) {
			last = f.heard
		}
		return now.Sub(last) < streamAfter
	}
}

// navState collects, from the tab's events, what one render needs: the main
// document's responses, the redirect chain, subresource activity.
type navState struct {
	frame cdp.FrameID
	sent  func() // called as the main document request goes out

	mu           sync.Mutex
	docReq       network.RequestID
	docURL       string // URL of the last main-document request
	resp         *network.Response
	at           string            // where the document is: its response's URL, moved by the history API
	navVia       map[string]string // how the page asked to go to a URL (frameRequestedNavigation), by URL
	hops         []fetch.Redirect
	inflight     map[network.RequestID]*flight
	lastActivity time.Time
	requests     map[string]int
	download     string // URL of a download the browser began
	loadErr      string
}

func (s *navState) onEvent(ev any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		if ev.Type == network.ResourceTypeDocument && ev.FrameID == s.frame {
			switch {
			case ev.RedirectResponse != nil:
				s.hops = append(s.hops, fetch.Redirect{From: ev.RedirectResponse.URL, To: ev.Request.URL, Status: int(ev.RedirectResponse.Status), Via: fetch.ViaHTTP})
			case s.resp != nil:
				// A second navigation after a document arrived: a script
				// or meta refresh redirect.
				s.hops = append(s.hops, fetch.Redirect{From: s.at, To: ev.Request.URL, Via: cmp.Or(s.navVia[ev.Request.URL], fetch.ViaScript)})
				s.resp = nil
			}
			s.docReq, s.docURL = ev.RequestID, ev.Request.URL
			s.sent()
		} else if u, err := url.Parse(ev.Request.URL); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
			if u.Path == "/favicon.ico" {
				// The browser's own, never sent, and Chrome does not
				// always report its end: not the page's, not counted,
				// and it must not hold up the wait.
				return
			}
			s.requests[u.Host]++
		} else {
			// In the browser's memory (blob:, data:): nothing on the
			// wire to wait for, and Chrome does not report the end of
			// a blob: worker's script at all.
			return
		}
		now := time.Now()
		s.lastActivity = now
		f := &flight{url: ev.Request.URL, start: now}
		switch ev.Type {
		case network.ResourceTypeEventSource:
			f.kind = streamEventSource
		case network.ResourceTypeFetch, network.ResourceTypeXHR:
			f.kind = streamLongPoll
		}
		s.inflight[ev.RequestID] = f
	case *network.EventResponseReceived:
		if ev.RequestID == s.docReq {
			s.resp, s.at = ev.Response, ev.Response.URL
		}
		if f := s.inflight[ev.RequestID]; f != nil && f.started.IsZero() {
			f.started = time.Now()
		}
		s.heard(ev.RequestID)
	case *page.EventFrameRequestedNavigation:
		if ev.FrameID == s.frame {
			if s.navVia == nil {
				s.navVia = map[string]string{}
			}
			s.navVia[ev.URL] = fetch.ViaScript
			if ev.Reason == page.ClientNavigationReasonMetaTagRefresh || ev.Reason == page.ClientNavigationReasonHTTPHeaderRefresh {
				s.navVia[ev.URL] = fetch.ViaMeta
			}
		}
	case *page.EventNavigatedWithinDocument:
		// The history API moved the URL (a router's redirect): a hop
		// like any other, though no document was asked for. A fragment
		// is no hop.
		if ev.FrameID == s.frame && s.resp != nil && ev.NavigationType == page.NavigatedWithinDocumentNavigationTypeHistoryAPI {
			from, _, _ := strings.Cut(s.at, "#")
			if to, _, _ := strings.Cut(ev.URL, "#"); to != from {
				s.hops = append(s.hops, fetch.Redirect{From: s.at, To: ev.URL, Via: fetch.ViaScript})
			}
			s.at = ev.URL
		}
	case *network.EventDataReceived:
		s.heard(ev.RequestID)
	case *network.EventEventSourceMessageReceived:
		if f := s.inflight[ev.RequestID]; f != nil {
			f.message = true
		}
		s.heard(ev.RequestID)
	case *network.EventLoadingFinished:
		s.finished(ev.RequestID)
	case *network.EventLoadingFailed:
		s.finished(ev.RequestID)
		if ev.RequestID == s.docReq && !ev.Canceled {
			s.loadErr = ev.ErrorText
		}
	case *cdpbrowser.EventDownloadWillBegin:
		// A reused tab can still hear of the previous page's download:
		// only this render's document counts.
		if ev.FrameID == s.frame && ev.URL == s.docURL {
			s.download = ev.URL
		}
	}
}

// heard notes that bytes of a request arrived. Called with s.mu held.
func (s *navState) heard(id network.RequestID) {
	if f := s.inflight[id]; f != nil {
		f.heard = time.Now()
	}
}

// finished notes the end of a request. Called with s.mu held.
func (s *navState) finished(id network.RequestID) {
	if s.inflight[id] != nil {
		delete(s.inflight, id)
		s.lastActivity = time.Now()
	}
}

// holding reports whether a request in flight holds the wait. Called with
// s.mu held.
func (s *navState) holding() bool {
	now := time.Now()
	for _, f := range s.inflight {
		if f.holds(now) {
			return true
		}
	}
	return false
}

// unsettled returns how long, at least, until the page's requests are
// settled: none in flight holds the wait, and none went out or ended within
// quiet (a request's answer is followed by the script it feeds, as a change
// to the DOM is by the next). Zero or less: they are settled.
func (s *navState) unsettled(quiet time.Duration) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.holding() {
		return 10 * time.Millisecond
	}
	return quiet - time.Since(s.lastActivity)
}

// pending reports whether any request of the page is in flight, open
// streams included.
func (s *navState) pending() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.inflight) > 0
}

// activeSince reports whether a request that holds the wait is in flight,
// or one started or ended at or after t.
func (s *navState) activeSince(t time.Time) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.holding() || !s.lastActivity.Before(t)
}

// openStreams lists the requests still in flight that no longer hold the
// wait, at most fetch.MaxOpenStreams of them, in the order they went out.
func (s *navState) openStreams() []fetch.OpenStream {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	var open []*flight
	for _, f := range s.inflight {
		if f.kind != "" && !f.holds(now) {
			open = append(open, f)
		}
	}
	slices.SortFunc(open, func(a, b *flight) int { return a.start.Compare(b.start) })
	var list []fetch.OpenStream
	for _, f := range open {
		if len(list) == fetch.MaxOpenStreams {
			break
		}
		u := f.url
		if len(u) > fetch.MaxURLBytes {
			u = u[:fetch.MaxURLBytes]
		}
		list = append(list, fetch.OpenStream{URL: u, Kind: f.kind})
	}
	return list
}

// render loads u in the tab and reads it. A returned error means the tab (or
// browser) may be unusable; page-level failures are in s.Err with a nil error.
func (t *tab) render(ctx context.Context, u *url.URL, cfg Config, s *fetch.Side) error {
	rctx, cancel := context.WithTimeout(t.ctx, cfg.Timeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()

	st := &navState{frame: t.frame, sent: func() { fetch.Sent(ctx) }, inflight: map[network.RequestID]*flight{}, requests: map[string]int{}, lastActivity: time.Now()}
	if err := chromedp.Listen(rctx, st.onEvent); err != nil {
		return err
	}
	if err := chromedp.ListenBrowser(rctx, st.onEvent); err != nil {
		return err
	}
	pl := newPageLog(t.frame)
	if err := chromedp.Listen(rctx, pl.onEvent); err != nil {
		return err
	}
	arc := newCapture(cfg.Archive, t.frame) // nil unless asked
	if err := arc.listen(rctx); err != nil {
		return err
	}
	sc := t.begin(st)
	read := false
	t.guarded = false
	defer func() {
		// The page is read: whatever it (or a worker of it) asks for from
		// now on (a meta refresh, a timer's fetch, a request still waiting
		// for the gate) is refused, and rest stills it. A document the
		// render did not read (a download, an error, a refused hop) is
		// one it cannot say is still: the tab is emptied.
		t.end(sc)
		t.mu.Lock()
		crowded := sc.crowded
		t.mu.Unlock()
		t.open = !read || st.pending() || t.holding(sc) || crowded
	}()

	navErr := chromedp.Do(rctx, chromedp.Navigate(u.String()))
	var loadErr *chromedp.LoadError
	switch {
	case navErr == nil:
	case errors.As(navErr, &loadErr):
		// A page-level failure (download, too many redirects, refused
		// connection); the state below says which.
	case ctx.Err() != nil:
		return ctx.Err()
	case rctx.Err() != nil:
		s.Err = fmt.Errorf("rendered: timed out after %s loading %s", cfg.Timeout, u)
		return s.Err
	default:
		return navErr
	}

	if t.readResponse(sc, st, s) {
		return nil
	}
	if to, gerr := t.refused(sc); to != "" {
		from := u.String()
		if n := len(s.Redirects); n > 0 {
			from = s.Redirects[n-1].From
		}
		var d *fetch.Denied
		if !errors.As(gerr, &d) {
			d = &fetch.Denied{URL: to, Cause: fetch.DeniedStopped, Reason: gerr.Error()}
		}
		s.Err = &fetch.HopError{From: from, To: to, Denied: d}
		return nil
	}
	if navErr != nil {
		st.mu.Lock()
		msg := st.loadErr
		st.mu.Unlock()
		if msg == "" {
			msg = loadErr.ErrorText
		}
		s.Err = fmt.Errorf("rendered: loading %s: %s", u, msg)
		return nil
	}
	ex, wait, err := t.settle(rctx, st, cfg)
	s.Wait = wait
	s.OpenStreams = st.openStreams()
	read, t.guarded = true, ex.Guarded
	if err != nil {
		if rctx.Err() != nil && ctx.Err() == nil {
			s.Err = fmt.Errorf("rendered: timed out after %s reading %s", cfg.Timeout, u)
			return s.Err
		}
		return fmt.Errorf("rendered: reading the page: %w", err)
	}
	if s.Status/100 == 2 && ex.ContentType != "" && !fetch.IsHTML(ex.ContentType) {
		s.ContentType = ex.ContentType
		s.Download = true
		return nil
	}
	// Read the response again: a script redirect may have loaded another
	// document since the load event.
	if t.readResponse(sc, st, s) {
		return nil
	}
	if ex.URL != "" && ex.URL != "about:blank" {
		s.FinalURL = ex.URL
	}

	ex.fill(s, cfg, pl.xRobotsTag())
	pl.fill(s)
	arc.collect(rctx, s)
	return nil
}

// parkTimeout bounds stilling or emptying a tab for the pool.
const parkTimeout = 5 * time.Second

// rest stills the page just read before its tab goes back to the pool, so it
// runs no more (no refresh, no timer, no stream), and an error means the tab
// must not be reused. A page with nothing in flight is frozen where it is
// (the page lifecycle's frozen state: none of its tasks run, its timers and
// its workers' included, until the tab's next navigation replaces it), which
// costs one command where emptying the tab costs a navigation. A page with a
// request still open (a stream, a long poll, anything unfinished when the
// wait hit its cap, a worker's included) or a dedicated worker still running
// is emptied instead (park), which ends those requests and workers now.
// Either way what the page asks for once read is refused (see answer and
// scope.go), and it never hears that it was frozen or left (guard.js).
func (t *tab) rest() error {
	if !t.open && t.freeze() == nil {
		return nil
	}
	// A page the browser would not freeze, or that did not say it was
	// frozen, is emptied.
	return t.park()
}

// freeze freezes the tab's page. The browser answers the command before the
// page's renderer has frozen it: a task of the page already running (a long
// one, or a timer's that began just then) runs on and may still ask for
// something. So when the page read runs the guard script (guarded), freeze
// also waits for the guard to say, from the page's freeze event, that the
// page is frozen: from then on it runs nothing, and whatever it asked for
// before was announced before, so the next render refuses it (scope.go). An
// error means the page may not be frozen.
func (t *tab) freeze() error {
	ctx, cancel := context.WithTimeout(t.ctx, parkTimeout)
	defer cancel()
	var heard chan struct{}
	if t.guarded {
		heard = make(chan struct{})
		var once sync.Once
		if err := chromedp.Listen(ctx, func(ev any) {
			if b, ok := ev.(*runtime.EventBindingCalled); ok && b.Name == frozenBinding {
				once.Do(func() { close(heard) })
			}
		}); err != nil {
			return err
		}
	}
	if _, err := chromedp.Call(ctx, page.SetWebLifecycleState, page.SetWebLifecycleStateParams{State: page.SetWebLifecycleStateStateFrozen}); err != nil {
		return err
	}
	if heard == nil {
		return nil
	}
	select {
	case <-heard:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("rendered: the page did not say it was frozen: %w", ctx.Err())
	}
}

// park empties the tab: it shows about:blank, so the page just read runs no
// more and its requests still open end. An error means the tab could not be
// emptied and must not be reused.
//
// The page itself is sent there (location.replace, which a page cannot
// redefine): an about:blank it opens stays in its renderer, where one the
// browser opens may need a new renderer process (on a browser with site
// isolation, such as one webgraph did not start). Where the page cannot run
// it (an error page), the browser navigates.
func (t *tab) park() error {
	ctx, cancel := context.WithTimeout(t.ctx, parkTimeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`location.replace("about:blank")`)); err != nil {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
			return fmt.Errorf("rendered: emptying a tab: %w", err)
		}
		return nil
	}
	for {
		state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " " + document.readyState`))
		if err == nil && state == "about:blank complete" {
			return nil
		}
		if !pause(ctx, 5*time.Millisecond) {
			return fmt.Errorf("rendered: emptying a tab: %w", ctx.Err())
		}
	}
}

// refused returns the main-document URL Config.Gate refused during the
// render of sc, or "", and the gate's answer.
func (t *tab) refused(sc *scope) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return sc.refusedDoc, sc.refusedErr
}

// readResponse copies what the events said of the main document into s, and
// reports whether the answer is a file download (and so not to be read).
func (t *tab) readResponse(sc *scope, st *navState, s *fetch.Side) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	s.Redirects = st.hops
	s.Requests = maps.Clone(st.requests) // a worker's events may still come
	t.mu.Lock()
	s.Blocked = sc.rec.count
	s.BlockedResources = sc.rec.listing()
	t.mu.Unlock()
	if r := st.resp; r != nil {
		s.FinalURL = r.URL
		s.Status = int(r.Status)
		s.StatusText = r.StatusText
		s.ContentType = strings.ToLower(r.MimeType)
		s.Disposition = header(r.Headers, "Content-Disposition")
		s.RetryAfter = header(r.Headers, "Retry-After")
	}
	s.Download = st.download != "" ||
		(s.Status/100 == 2 && (isAttachment(s.Disposition) || (s.ContentType != "" && !fetch.IsHTML(s.ContentType))))
	return s.Download
}

// settle waits, after the load event, for the page to be idle, and reads it.
// The page is idle when no request that holds the wait is in flight and none
// went out or ended for cfg.Quiet (the tab's events say so; an open stream
// does not hold it, see streamAfter), and, page-side (guard.js), no timer is
// due soon and the DOM has not changed for cfg.Quiet; the read waits for
// that in the page itself, so one Evaluate usually both waits and reads. A
// request that went out meanwhile, or a script navigation that replaced the
// document, means another round. cfg.WaitCap bounds it all: the page is
// then read as it is. The wait is "idle" or "cap".
func (t *tab) settle(ctx context.Context, st *navState, cfg Config) (extracted, string, error) {
	deadline := time.Now().Add(cfg.WaitCap)
	for {
		waitNetwork(ctx, st, cfg.Quiet, deadline)
		began := time.Now()
		ex, err := chromedp.Run(ctx, readPage(cfg, cfg.Quiet, time.Until(deadline)))
		late := !time.Now().Before(deadline)
		switch {
		case ctx.Err() != nil:
			return ex, "cap", ctx.Err()
		case err != nil || ex.Ready != "complete":
			// The document was replaced while it was read (a script
			// redirect); read the new one once it has loaded.
			if late {
				if err == nil {
					return ex, "cap", nil
				}
				return ex, "cap", err
			}
			pause(ctx, 25*time.Millisecond)
			continue
		case !ex.Idle || (late && st.activeSince(began)):
			return ex, "cap", nil
		case st.activeSince(began):
			continue // a request went out while the page looked idle
		}
		return ex, "idle", nil
	}
}

// waitNetwork waits until the page's requests are settled (see unsettled),
// or deadline.
func waitNetwork(ctx context.Context, st *navState, quiet time.Duration, deadline time.Time) {
	for {
		d, left := st.unsettled(quiet), time.Until(deadline)
		if d <= 0 || left <= 0 || !pause(ctx, min(d, left)) {
			return
		}
	}
}

// pause waits d, or less if ctx ends first; it reports whether ctx is live.
func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

func header(h network.Headers, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			if s, ok := v.(string); ok {
				return s
			}
			b, _ := json.Marshal(v)
			return string(b)
		}
	}
	return ""
}

func isAttachment(disposition string) bool {
	d, _, err := mime.ParseMediaType(disposition)
	return err == nil && d == "attachment"
}

func hasToken(list, tok string) bool {
	for _, f := range strings.Fields(list) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}
