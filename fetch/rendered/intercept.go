package rendered

import (
	"context"
	"errors"
	"iter"
	"net/url"
	"strings"

	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"

	"github.com/webgraph/webgraph/fetch"
)

// maxGateCalls bounds the requests of one tab being answered at once: a
// hostile page cannot make webgraph start more goroutines than this, and one
// slow robots.txt holds up only the requests waiting behind it.
const maxGateCalls = 8

// wsBinding is the page-side function the guard script calls with the URL of
// a WebSocket it refused.
const wsBinding = "__webgraphBlocked"

// frozenBinding is the page-side function the guard script calls, in the top
// document, as the page is frozen (tab.freeze). The guard keeps it to itself:
// the page cannot call it.
const frozenBinding = "__webgraphFrozen"

// idleFn is the page-side function, defined by guard.js, that resolves once
// the page is idle; wait.js awaits it.
const idleFn = "__webgraphIdle"

// dueSoonMS is, in milliseconds, how far ahead a timer counts as work the
// page still has to do: a setTimeout due within it holds the adaptive wait
// until it has run (a page that fetches its text 300 ms or 1 s after load
// is read after that text arrives). Later timers and intervals do not hold
// it; for animation frames see heldFrames.
const dueSoonMS = 1500

// heldFrames is how deep a chain of animation frames, each asked for by the
// one before, holds the adaptive wait: drawing that takes a frame or two is
// waited for, an endless animation is not.
const heldFrames = 3

// What blocked_resources lists. The list (and the audit finding of the same
// name) says the render may be incomplete: it names only what the page asked
// for to render itself and was refused, where that can change what a reader
// sees. Blocked (Side.Blocked) counts every refusal all the same.
//
//   - Refused by the gate (out of scope, robots.txt, a private address):
//     listed: scripts, stylesheets, fetch() and XHR, frames, workers, event
//     streams. A link preload or modulepreload the gate refuses is not: it is
//     a hint, often for the next route, and if the page needs the resource
//     its own request for it is refused too, and listed then.
//   - WebSockets, never opened: listed (a page's live text may come over one).
//   - Images, media and text tracks, fonts: never requested, never listed;
//     they change how a page looks, not its text.
//   - Prefetches (rel=prefetch, a Sec-Purpose of prefetch): for a later
//     navigation, never this page's; pings, beacons and CSP reports: sent,
//     never read. Never listed.
//   - New windows and popups: another page, closed before its first
//     request; never listed.

// maxHints bounds the link preloads one render remembers.
const maxHints = 4 * fetch.MaxBlockedResources

// record is what a tab refused during the current render.
type record struct {
	count    int
	refused  []*refusal          // what may be listed, in order
	byKey    map[string]*refusal // by reason + URL: a retried request is listed once
	hints    map[network.RequestID]bool
	verdicts map[string]error // the gate's answers for subresource URLs
	popups   int              // windows the target guard closed
}

// refusal is one URL refused for one reason, and the requests refused
// under it.
type refusal struct {
	res fetch.BlockedResource
	// ids are the first of the requests refused (none for a WebSocket);
	// more counts those past maxIDs.
	ids  []network.RequestID
	more bool
}

// maxIDs bounds the requests one refusal remembers: a URL asked for more
// often than that is the page's own.
const maxIDs = 4

func newRecord() record {
	return record{byKey: map[string]*refusal{}, hints: map[network.RequestID]bool{}, verdicts: map[string]error{}}
}

// block counts one refused request of the render of sc, id (empty for what
// is no request of the Fetch domain: a WebSocket), and keeps it for the list
// when list is set. What is refused once its render has ended counts for no
// render. Whether it is listed is decided when the list is read (listing):
// the browser tells whether a request was a link preload in an event that
// can come after its pause.
func (t *tab) block(sc *scope, u string, reason fetch.DenialCause, detail string, list bool, id network.RequestID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if sc = sc.alive(); sc == nil {
		return
	}
	rec := &sc.rec
	rec.count++
	if !list {
		return
	}
	key := string(reason) + " " + u
	r := rec.byKey[key]
	if r == nil {
		if len(rec.refused) >= 4*fetch.MaxBlockedResources {
			return
		}
		r = &refusal{res: fetch.BlockedResource{URL: u, Reason: reason, Detail: detail}}
		rec.byKey[key] = r
		rec.refused = append(rec.refused, r)
	}
	switch {
	case id == "":
	case len(r.ids) < maxIDs:
		r.ids = append(r.ids, id)
	default:
		r.more = true
	}
}

// hint notes that the request id of the render of sc is a link preload
// (<link rel=preload>, <link rel=modulepreload>).
func (t *tab) hint(sc *scope, id network.RequestID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if sc = sc.alive(); sc != nil && len(sc.rec.hints) < maxHints {
		sc.rec.hints[id] = true
	}
}

// listing returns blocked_resources: each refusal kept by block with at
// least one request that was not a link preload, at most
// fetch.MaxBlockedResources. Called with t.mu held.
func (r *record) listing() []fetch.BlockedResource {
	var list []fetch.BlockedResource
	for _, f := range r.refused {
		if len(list) == fetch.MaxBlockedResources {
			break
		}
		asked := len(f.ids) == 0 || f.more
		for _, id := range f.ids {
			asked = asked || !r.hints[id]
		}
		if asked {
			list = append(list, f.res)
		}
	}
	return list
}

// popupClosed is called by the target guard for each window of this tab's
// page that it closed.
func (t *tab) popupClosed() {
	t.mu.Lock()
	if sc := t.cur.alive(); sc != nil {
		sc.rec.popups++
	}
	t.mu.Unlock()
}

// intercept reads the tab's paused requests until the tab closes and
// answers each on a goroutine of its own, at most maxGateCalls at once.
func (t *tab) intercept(ctx context.Context, paused iter.Seq[stamped], gate Gate) {
	defer close(t.done)
	t.serve(ctx, paused, gate)
}

// serve answers the paused requests of one target of the tab (its page,
// or an out-of-process frame: see guardFrames) until the target ends. A
// render that ends ends the gate calls made for it, so the requests of a
// page already read hold up no other.
func (t *tab) serve(ctx context.Context, paused iter.Seq[stamped], gate Gate) {
	sem := make(chan struct{}, maxGateCalls)
	defer func() {
		for range maxGateCalls { // wait for every answer in flight
			sem <- struct{}{}
		}
	}()
	for p := range paused {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return
		}
		go func() {
			defer func() { <-sem }()
			t.answer(ctx, p, gate)
		}()
	}
}

// answer lets one paused request go on the wire or fails it, and records
// why it failed. It lets it go only while the render it belongs to is live
// (scope.go): it checks before asking the gate, and again just before the
// request is let go.
func (t *tab) answer(ctx context.Context, p stamped, gate Gate) {
	ev, sc := p.ev, p.sc
	if t.serveDoc(ctx, ev) {
		return
	}
	if !t.live(sc) {
		// A page already read (or none): nothing of it goes out.
		t.fail(ctx, ev)
		return
	}
	raw := ev.Request.URL
	if i := strings.IndexByte(raw, '#'); i >= 0 {
		raw = raw[:i]
	}
	u, perr := url.Parse(raw)
	var deny *fetch.Denied
	switch {
	case perr != nil:
		deny = &fetch.Denied{URL: raw, Cause: fetch.DeniedOutOfScope, Reason: "not a valid URL"}
	case u.Scheme == "data" || u.Scheme == "blob" || u.Scheme == "about":
		// In the browser's memory: nothing goes on the wire.
	case u.Scheme != "http" && u.Scheme != "https":
		deny = &fetch.Denied{URL: raw, Cause: fetch.DeniedOutOfScope, Reason: "not an http(s) URL"}
	case ev.ResourceType == network.ResourceTypeDocument && ev.FrameID == t.frame:
		if gate == nil {
			break
		}
		if err := gate.Navigate(sc.ctx, u); err != nil {
			t.mu.Lock()
			if sc.live {
				sc.refusedDoc, sc.refusedErr = ev.Request.URL, err
			}
			t.mu.Unlock()
			t.fail(ctx, ev)
			return
		}
	case u.Path == "/favicon.ico":
		// Never requested, nor counted: the browser asks for it on its
		// own, whenever it likes, so a count would depend on timing.
		t.fail(ctx, ev)
		return
	default:
		if reason := typeBlocked(ev); reason != "" {
			t.block(sc, raw, fetch.DeniedType, reason, false, ev.NetworkID)
			t.fail(ctx, ev)
			return
		}
		if gate != nil {
			deny = t.askSubresource(sc, gate, u, raw)
		}
	}
	if deny != nil {
		t.block(sc, deny.URL, deny.Cause, deny.Reason, true, ev.NetworkID)
		t.fail(ctx, ev)
		return
	}
	// The gate may have taken its time (a robots.txt to fetch): the render
	// may have ended meanwhile, and with it the page's right to send.
	if !t.admit(sc, ev.NetworkID) {
		t.fail(ctx, ev)
		return
	}
	defer sc.sending.Done()
	// Bounded: the render's end waits for this answer (tab.end).
	rctx, cancel := context.WithTimeout(ctx, closeTimeout)
	defer cancel()
	reply(rctx, cdpfetch.ContinueRequest, t.b.creds.continueParams(ev, u))
}

// askSubresource asks the gate about a subresource, once per URL and
// render; robots.txt itself is fetched once per origin by the gate. The
// gate's call ends when the render of sc does.
func (t *tab) askSubresource(sc *scope, gate Gate, u *url.URL, raw string) *fetch.Denied {
	t.mu.Lock()
	err, known := sc.rec.verdicts[raw]
	t.mu.Unlock()
	if !known {
		err = gate.Subresource(sc.ctx, u)
		t.mu.Lock()
		if sc.ctx.Err() == nil && len(sc.rec.verdicts) < 4*fetch.MaxBlockedResources {
			sc.rec.verdicts[raw] = err
		}
		t.mu.Unlock()
	}
	if err == nil {
		return nil
	}
	var d *fetch.Denied
	if !errors.As(err, &d) {
		d = &fetch.Denied{URL: raw, Cause: fetch.DeniedStopped, Reason: err.Error()}
	}
	return d
}

func (t *tab) fail(ctx context.Context, ev *cdpfetch.EventRequestPaused) {
	reply(ctx, cdpfetch.FailRequest, cdpfetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
}

// typeBlocked says why a request is of a kind a text render never makes
// (images, media, fonts, pings and beacons, CSP reports, prefetches), or ""
// when it is not. None of them is listed in blocked_resources (see "What
// blocked_resources lists", above).
func typeBlocked(ev *cdpfetch.EventRequestPaused) string {
	switch ev.ResourceType {
	case network.ResourceTypeImage:
		return "images are never requested"
	case network.ResourceTypeMedia, network.ResourceTypeTextTrack:
		return "media are never requested"
	case network.ResourceTypeFont:
		return "fonts are never requested"
	case network.ResourceTypePing:
		return "pings and beacons are dropped"
	case network.ResourceTypeCSPViolationReport:
		return "CSP reports are dropped"
	case network.ResourceTypePrefetch:
		return "prefetches are dropped"
	}
	if p := header(ev.Request.Headers, "Sec-Purpose") + header(ev.Request.Headers, "Purpose"); strings.Contains(p, "prefetch") {
		return "prefetches are dropped"
	}
	return ""
}
