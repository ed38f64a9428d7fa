package rendered

import (
	"context"
	"errors"
	"iter"
	"net/url"
	"strconv"
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

// idleFn is the page-side function, defined by guardJS, that resolves once
// the page is idle (see guardJS); extractJS awaits it.
const idleFn = "__webgraphIdle"

// dueSoonMS is, in milliseconds, how far ahead a timer counts as work the
// page still has to do: a setTimeout due within it holds the adaptive wait
// until it has run (a page that fetches its text 300 ms or 1 s after load
// is read after that text arrives). Later timers and intervals do not hold
// it; for animation frames see heldFrames.
const dueSoonMS = "1500"

// streamMS is streamAfter in milliseconds (a test holds them equal): a
// fetch() or XHR unanswered that long no longer holds the page-side wait.
const streamMS = "1000"

// heldFrames is how deep a chain of animation frames, each asked for by the
// one before, holds the adaptive wait: drawing that takes a frame or two is
// waited for, an endless animation is not.
const heldFrames = "3"

// guardJS runs in every document of a tab before the page's own scripts.
// WebSockets bypass the Fetch domain, so the constructor refuses (and
// reports) them (and the tab's network emulation fails any the page still
// opens, in a worker too: confine.go); WebRTC's peer connections, which
// reach hosts over TCP (TURN) that no gate sees, cannot be made; service workers are not registered (the target guard
// keeps any that still start from running). A page never hears that it is
// left or frozen (pagehide, unload, beforeunload, freeze, resume), so what it
// would send then is never asked for. window.open opens with noopener and returns null: a popup
// that shares the page's process would, paused by the target guard, stall
// the page; a noopener one is closed by the guard before its first request.
//
// It also watches what the page is still doing, for the adaptive wait: a
// MutationObserver on the whole document, the fetch() and XMLHttpRequest
// calls not yet answered, the setTimeout timers due within dueSoonMS, and
// the animation frames and observer notices it gives a background page.
// A fetch() or XHR unanswered for streamAfter stops counting: it is taken
// for a long poll (the tab's events tell whether bytes still arrive).
// idleFn(quiet, cap) resolves true once none is pending and nothing changed
// for quiet ms, or false after cap ms. The page cannot replace it (it is
// neither writable nor configurable); a page that breaks it only loses its
// own late content, and the wait stays bounded by Config.WaitCap.
const guardJS = `(() => {
  const now = () => performance.now();
  const setT = window.setTimeout, clearT = window.clearTimeout, clearI = window.clearInterval;
  let last = now(), pending = 0;
  const touch = () => { last = now(); };
  const timers = new Set();
  window.setTimeout = function (fn, delay, ...args) {
    const d = Number(delay) || 0;
    if (typeof fn !== "function" || d > ` + dueSoonMS + `) return setT.call(window, fn, delay, ...args);
    pending++;
    const id = setT.call(window, function () {
      if (timers.delete(id)) pending--;
      touch();
      try { return fn.apply(this, args); } finally { touch(); }
    }, d);
    timers.add(id);
    return id;
  };
  const untime = (id) => { if (timers.delete(id)) { pending--; touch(); } };
  window.clearTimeout = function (id) { untime(id); return clearT.call(window, id); };
  window.clearInterval = function (id) { untime(id); return clearI.call(window, id); };
  // fetch() and XHR calls unanswered, by when they began: one unanswered
  // for streamMS is a long poll, and no longer holds the wait.
  const calls = new Map();
  let callID = 0;
  const begin = () => {
    const id = ++callID;
    calls.set(id, now()); touch();
    return () => { if (calls.delete(id)) touch(); };
  };
  const busy = (t) => {
    if (pending > 0) return true;
    for (const began of calls.values()) if (t - began < ` + streamMS + `) return true;
    return false;
  };
  const fetchFn = window.fetch;
  if (fetchFn) {
    window.fetch = function () {
      const end = begin();
      let p;
      try { p = fetchFn.apply(this, arguments); } catch (e) { end(); throw e; }
      p.then(end, end);
      return p;
    };
  }
  const XHR = window.XMLHttpRequest;
  if (XHR) {
    const send = XHR.prototype.send;
    XHR.prototype.send = function () {
      const end = begin();
      try { this.addEventListener("loadend", end, {once: true}); return send.apply(this, arguments); }
      catch (e) { end(); throw e; }
    };
  }
  new MutationObserver(touch).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  Object.defineProperty(window, "` + idleFn + `", {value: (quiet, cap) => new Promise((resolve) => {
    const start = now();
    const check = () => {
      const t = now();
      const held = busy(t);
      if (!held && t - last >= quiet) return resolve(true);
      if (t - start >= cap) return resolve(false);
      const wait = held ? 20 : quiet - (t - last);
      setT.call(window, check, Math.max(5, Math.min(wait, cap - (t - start))));
    };
    check();
  })});
  // A tab renders in the background of the browser's window (see newTab),
  // where Chrome draws nothing: the page is told it is visible, as in a
  // reader's browser, and what a background page does not get is given by
  // timers: animation frames about every 16 ms, and the first notification
  // that an IntersectionObserver or a ResizeObserver sends for each element
  // observed. Both hold the wait until they have run, or the page would be
  // read before them whenever the machine is slow to run its timers; but of
  // frames asked for by frames only the first few (heldFrames deep) do: a
  // page that animates forever is not waited for.
  const docProto = Document.prototype;
  const hiddenGet = Object.getOwnPropertyDescriptor(docProto, "hidden").get;
  const background = () => /*hidden tab*/false || hiddenGet.call(document);
  Object.defineProperty(docProto, "hidden", {get: () => false, configurable: true});
  Object.defineProperty(docProto, "visibilityState", {get: () => "visible", configurable: true});
  const raf = window.requestAnimationFrame, caf = window.cancelAnimationFrame;
  if (raf) {
    const frames = new Map();
    let frameID = 0, generation = -1; // of the frame callback running; -1: none
    window.requestAnimationFrame = function (fn) {
      if (!background()) return raf.call(window, fn);
      const id = --frameID; // negative: never one of Chrome's own
      const gen = generation + 1;
      const held = gen < ` + heldFrames + `;
      if (held) pending++;
      const timer = setT.call(window, () => {
        frames.delete(id);
        if (held) pending--;
        const outer = generation;
        generation = gen;
        try { fn(now()); } finally { generation = outer; }
      }, 16);
      frames.set(id, {timer, held});
      return id;
    };
    window.cancelAnimationFrame = function (id) {
      const f = frames.get(id);
      if (f) { clearT.call(window, f.timer); frames.delete(id); if (f.held) pending--; return; }
      return caf.call(window, id);
    };
  }
  const firstNotice = (Native, entry) => {
    if (!Native) return null;
    const Wrapped = function (callback, options) {
      const obs = new Native(callback, options);
      if (new.target && new.target !== Wrapped) Object.setPrototypeOf(obs, new.target.prototype); // a page's subclass
      const observe = obs.observe;
      obs.observe = function (el) {
        const r = observe.apply(this, arguments);
        if (background() && el instanceof Element) {
          pending++;
          setT.call(window, () => { pending--; callback.call(obs, [entry(el, options)], obs); }, 0);
        }
        return r;
      };
      return obs;
    };
    Wrapped.prototype = Native.prototype;
    return Wrapped;
  };
  const IO = firstNotice(window.IntersectionObserver, (el, options) => {
    const b = el.getBoundingClientRect();
    const root = options && options.root instanceof Element ? options.root.getBoundingClientRect() : new DOMRectReadOnly(0, 0, window.innerWidth, window.innerHeight);
    const x = Math.max(b.left, root.left), y = Math.max(b.top, root.top);
    const w = Math.min(b.right, root.right) - x, h = Math.min(b.bottom, root.bottom) - y;
    const hit = el.isConnected && w >= 0 && h >= 0;
    const area = b.width * b.height;
    return {target: el, time: now(), rootBounds: root, boundingClientRect: b, isVisible: false,
      intersectionRect: hit ? new DOMRectReadOnly(x, y, w, h) : new DOMRectReadOnly(0, 0, 0, 0),
      isIntersecting: hit, intersectionRatio: hit ? (area > 0 ? (w * h) / area : 1) : 0};
  });
  if (IO) window.IntersectionObserver = IO;
  const RO = firstNotice(window.ResizeObserver, (el) => {
    const cs = getComputedStyle(el);
    const px = (v) => parseFloat(v) || 0;
    const w = Math.max(el.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight), 0);
    const h = Math.max(el.clientHeight - px(cs.paddingTop) - px(cs.paddingBottom), 0);
    const b = el.getBoundingClientRect();
    const size = (i, j) => [{inlineSize: i, blockSize: j}];
    return {target: el, contentRect: new DOMRectReadOnly(px(cs.paddingLeft), px(cs.paddingTop), w, h),
      contentBoxSize: size(w, h), borderBoxSize: size(b.width, b.height),
      devicePixelContentBoxSize: size(w * devicePixelRatio, h * devicePixelRatio)};
  });
  if (RO) window.ResizeObserver = RO;
  const open = window.open;
  window.open = function (url) {
    try { open.call(window, url === undefined ? "" : String(url), "_blank", "noopener"); } catch (e) {}
    return null;
  };
  const sw = navigator.serviceWorker;
  if (sw) {
    sw.register = function () {
      return Promise.reject(new DOMException("service workers are blocked by webgraph", "SecurityError"));
    };
  }
  const WS = window.WebSocket;
  if (WS) {
    const Blocked = function WebSocket(url) {
      try { globalThis.` + wsBinding + `(String(url)); } catch (e) {}
      throw new DOMException("WebSockets are blocked by webgraph", "SecurityError");
    };
    Blocked.prototype = WS.prototype;
    Object.defineProperty(WS.prototype, "constructor", {value: Blocked, writable: true, configurable: true});
    Object.assign(Blocked, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
    window.WebSocket = Blocked;
  }
  // A page is left only when webgraph moves its tab on, and frozen (see
  // tab.rest) only once it is read: what a page does then (pagehide,
  // unload and beforeunload handlers, inline ones too, and freeze and
  // resume ones: analytics, keepalive requests) it never gets to do. The
  // guard's listener comes before any of the page's and ends the event.
  // (The method is kept here: a page that replaces Event.prototype's
  // cannot undo the guard's stop.)
  const stopNow = Event.prototype.stopImmediatePropagation;
  for (const type of ["pagehide", "unload", "beforeunload", "freeze", "resume"]) {
    window.addEventListener(type, (e) => stopNow.call(e), true);
  }
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection"]) {
    try { delete window[name]; } catch (e) {}
  }
})();`

// guardFor returns guardJS for a tab. A hidden tab (newTab) is never drawn,
// whatever its page's visibility says, so its pages always get the
// animation frames and first observer notices that guardJS gives a
// background page.
func guardFor(hidden bool) string {
	return strings.Replace(guardJS, "/*hidden tab*/false", strconv.FormatBool(hidden), 1)
}

// record is what a tab refused during the current render.
type record struct {
	count    int
	list     []fetch.BlockedResource
	listed   map[string]bool  // reason + URL, so that a retried request is listed once
	verdicts map[string]error // the gate's answers for subresource URLs
	popups   int              // windows the target guard closed
}

func newRecord() record {
	return record{listed: map[string]bool{}, verdicts: map[string]error{}}
}

// block counts one refused request and lists it when list is set (and the
// list has room).
func (t *tab) block(u, reason, detail string, list bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rec.count++
	key := reason + " " + u
	if !list || t.rec.listed[key] || len(t.rec.list) >= fetch.MaxBlockedResources {
		return
	}
	t.rec.listed[key] = true
	t.rec.list = append(t.rec.list, fetch.BlockedResource{URL: u, Reason: reason, Detail: detail})
}

// popupClosed is called by the target guard for each window of this tab's
// page that it closed.
func (t *tab) popupClosed() {
	t.mu.Lock()
	t.rec.popups++
	t.mu.Unlock()
}

// intercept reads the tab's paused requests until the tab closes and
// answers each on a goroutine of its own, at most maxGateCalls at once.
func (t *tab) intercept(ctx context.Context, paused iter.Seq2[cdpfetch.EventRequestPaused, error], gate Gate) {
	defer close(t.done)
	t.serve(ctx, paused, gate)
}

// serve answers the paused requests of one target of the tab (its page,
// or an out-of-process frame: see guardFrames) until the target ends.
func (t *tab) serve(ctx context.Context, paused iter.Seq2[cdpfetch.EventRequestPaused, error], gate Gate) {
	sem := make(chan struct{}, maxGateCalls)
	defer func() {
		for range maxGateCalls { // wait for every answer in flight
			sem <- struct{}{}
		}
	}()
	for ev, err := range paused {
		if err != nil {
			return
		}
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return
		}
		go func() {
			defer func() { <-sem }()
			t.answer(ctx, &ev, gate)
		}()
	}
}

// answer lets one paused request go on the wire or fails it, and records
// why it failed.
func (t *tab) answer(ctx context.Context, ev *cdpfetch.EventRequestPaused, gate Gate) {
	if t.serveDoc(ctx, ev) {
		return
	}
	t.mu.Lock()
	noScript := t.doc != nil // a no-script picture's tab: it never renders, its requests still pass the gate
	t.mu.Unlock()
	if !t.isLive() && !noScript {
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
		if err := gate.Navigate(ctx, u); err != nil {
			t.mu.Lock()
			t.refusedDoc, t.refusedErr = ev.Request.URL, err
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
		if reason, list := typeBlocked(ev, u); reason != "" {
			t.block(raw, fetch.DeniedType, reason, list)
			t.fail(ctx, ev)
			return
		}
		if gate != nil {
			deny = t.askSubresource(ctx, gate, u, raw)
		}
	}
	if deny != nil {
		t.block(deny.URL, deny.Cause, deny.Reason, true)
		t.fail(ctx, ev)
		return
	}
	reply(ctx, cdpfetch.ContinueRequest, t.b.creds.continueParams(ev, u))
}

// askSubresource asks the gate about a subresource, once per URL and
// render; robots.txt itself is fetched once per origin by the gate.
func (t *tab) askSubresource(ctx context.Context, gate Gate, u *url.URL, raw string) *fetch.Denied {
	t.mu.Lock()
	err, known := t.rec.verdicts[raw]
	t.mu.Unlock()
	if !known {
		err = gate.Subresource(ctx, u)
		t.mu.Lock()
		if len(t.rec.verdicts) < 4*fetch.MaxBlockedResources {
			t.rec.verdicts[raw] = err
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
// (images, media, fonts, pings and beacons, CSP reports,
// prefetches), or "" when it is not; list is false for the kinds too many to
// list one by one (images).
func typeBlocked(ev *cdpfetch.EventRequestPaused, u *url.URL) (reason string, list bool) {
	switch ev.ResourceType {
	case network.ResourceTypeImage:
		return "images are never requested", false
	case network.ResourceTypeMedia, network.ResourceTypeTextTrack:
		return "media are never requested", true
	case network.ResourceTypeFont:
		return "fonts are never requested", true
	case network.ResourceTypePing:
		return "pings and beacons are dropped", true
	case network.ResourceTypeCSPViolationReport:
		return "CSP reports are dropped", true
	case network.ResourceTypePrefetch:
		return "prefetches are dropped", true
	}
	if p := header(ev.Request.Headers, "Sec-Purpose") + header(ev.Request.Headers, "Purpose"); strings.Contains(p, "prefetch") {
		return "prefetches are dropped", true
	}
	return "", false
}
