// guard.js: the guard script.
//
// Where it runs: in every document of a render tab, frames included, in the
// page's main world, before any of the page's own scripts
// (Page.addScriptToEvaluateOnNewDocument, set by newTab in tab.go).
//
// What it may touch: the page's globals that it wraps or replaces before the
// page can keep the originals (setTimeout, clearTimeout, clearInterval,
// fetch, XMLHttpRequest.prototype.send, MessageChannel and
// MessagePort.prototype's onmessage, start and postMessage,
// Document.prototype.createElement, requestAnimationFrame,
// cancelAnimationFrame, requestIdleCallback, cancelIdleCallback,
// IntersectionObserver, ResizeObserver, document.hidden and
// visibilityState, window.open, ServiceWorkerContainer.prototype.register,
// WebSocket, RTCPeerConnection) and the leave and freeze events, which it
// stops before the page hears them. Each wrapper does what the original
// does, and notes it. It
// defines one property of its own on window, __IDLE_FN__ (neither writable
// nor configurable), which wait.js calls. It watches the DOM (a
// MutationObserver) and never changes it. Its ways out of the page are two
// bindings: __WS_BINDING__, which it calls with the URL of a WebSocket it
// refused, and __FROZEN_BINDING__, which it takes off window before any of the
// page's scripts runs (so only the guard can call it) and calls in the top
// document as the page is frozen.
//
// Why: WebSockets bypass the Fetch domain, so the constructor refuses (and
// reports) them (and the tab's network emulation fails any the page still
// opens, in a worker too: confine.go); WebRTC's peer connections, which reach
// hosts over TCP (TURN) that no gate sees, cannot be made; service workers are
// not registered (the target guard keeps any that still start from running).
// A page never hears that it is left or frozen (pagehide, unload,
// beforeunload, freeze, resume), so what it would send then is never asked
// for; webgraph hears when the page's renderer has frozen it (tab.freeze in
// tab.go), from when none of the page's tasks runs. window.open opens with
// noopener and returns null: a popup that shares the page's process would,
// paused by the target guard, stall the page; a noopener one is closed by the
// guard before its first request.
//
// It also watches what the page is still doing, for the adaptive wait: a
// MutationObserver on the whole document, the setTimeout timers due within
// __DUE_SOON_MS__ ms, messages through a MessageChannel, idle callbacks,
// scripts it added that have not run yet, and the animation frames and
// observer notices it gives a background page. A fetch() or XHR made, and its answer reaching the page,
// restart the quiet window; whether a request in flight holds the wait is the
// tab's to say (streamAfter in tab.go). window[__IDLE_FN__](quiet, cap)
// resolves true once none is pending and nothing changed for quiet ms, or
// false after cap ms. The page cannot replace it; a page that breaks it only
// loses its own late content, and the wait stays bounded by Config.WaitCap.
//
// Placeholders, each a JavaScript literal that scripts.go fills in from the
// Go constant of the same meaning:
//   __DUE_SOON_MS__  dueSoonMS: a timer due within it holds the wait
//   __HELD_FRAMES__  heldFrames: how deep a chain of animation frames holds the wait
//   __HIDDEN_TAB__   whether the tab is hidden (never drawn, whatever the page's visibility)
//   __IDLE_FN__      idleFn: the name of the idle function, a string
//   __WS_BINDING__   wsBinding: the name of the WebSocket binding, a string
//   __FROZEN_BINDING__  frozenBinding: the name of the binding that says the page is frozen, a string
(() => {
  const frozen = globalThis[__FROZEN_BINDING__];
  try { delete globalThis[__FROZEN_BINDING__]; } catch (e) {}
  const now = () => performance.now();
  const setT = window.setTimeout, clearT = window.clearTimeout, clearI = window.clearInterval;
  let last = now(), pending = 0;
  const touch = () => { last = now(); };
  const timers = new Set();
  window.setTimeout = function (fn, delay, ...args) {
    const d = Number(delay) || 0;
    if (typeof fn !== "function" || d > __DUE_SOON_MS__) return setT.call(window, fn, delay, ...args);
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
  // Requests are the tab's to judge: its events see each one's headers and
  // bytes (streamAfter in tab.go), where the page sees an XHR's headers only
  // with its first byte, and a fetch()'s body not at all. The guard notes
  // only when a fetch() or XHR is made and when its answer reaches the page
  // (the promise settles, loadend), as changes that restart the quiet window.
  const fetchFn = window.fetch;
  if (fetchFn) {
    window.fetch = function () {
      touch();
      const p = fetchFn.apply(this, arguments);
      p.then(touch, touch);
      return p;
    };
  }
  const XHR = window.XMLHttpRequest;
  if (XHR) {
    const send = XHR.prototype.send;
    XHR.prototype.send = function () {
      touch();
      this.addEventListener("loadend", touch, {once: true});
      return send.apply(this, arguments);
    };
  }
  // Work the page has queued that is neither a timer nor a request: a
  // message through a MessageChannel (React's scheduler posts each slice of
  // its work so, hydration included, which changes nothing in the DOM until
  // it commits), a script it added that has not run yet, and an idle
  // callback (below, with the animation frames). Each holds the wait until
  // it has run, as a timer due soon does.
  // Microtasks (queueMicrotask, promise callbacks) need nothing: they all run
  // before the next task, and the wait's check is a task.
  const listen = EventTarget.prototype.addEventListener;
  const MC = window.MessageChannel, Port = window.MessagePort;
  let queued = () => false;
  if (MC && Port) {
    const portProto = Port.prototype;
    const partner = new WeakMap(); // port → the other port of its channel
    const inbox = new WeakMap();   // port → when its messages not yet delivered were posted
    const waiting = new Set();     // ports with messages not yet delivered
    const started = new WeakSet(); // ports that deliver: onmessage set, or start()ed
    const delivered = function () {
      const q = inbox.get(this);
      if (q && q.length && (q.shift(), !q.length)) waiting.delete(this);
      touch();
    };
    const start = (port) => {
      if (started.has(port)) return;
      started.add(port);
      listen.call(port, "message", delivered); // after the page's own listener
    };
    const Channel = function MessageChannel() {
      if (!new.target) return MC(); // throws as the browser's does
      const c = new MC();
      partner.set(c.port1, c.port2);
      partner.set(c.port2, c.port1);
      if (new.target !== Channel) Object.setPrototypeOf(c, new.target.prototype); // a page's subclass
      return c;
    };
    Channel.prototype = MC.prototype;
    Object.defineProperty(MC.prototype, "constructor", {value: Channel, writable: true, configurable: true});
    window.MessageChannel = Channel;
    const onmessage = Object.getOwnPropertyDescriptor(portProto, "onmessage");
    if (onmessage && onmessage.set) {
      Object.defineProperty(portProto, "onmessage", {configurable: true, enumerable: onmessage.enumerable, get: onmessage.get,
        set(fn) { onmessage.set.call(this, fn); if (typeof fn === "function") start(this); }});
    }
    const portStart = portProto.start;
    portProto.start = function () { const r = portStart.apply(this, arguments); start(this); return r; };
    const post = portProto.postMessage;
    portProto.postMessage = function () {
      const r = post.apply(this, arguments);
      const to = partner.get(this);
      if (to && started.has(to)) {
        let q = inbox.get(to);
        if (!q) inbox.set(to, q = []);
        q.push(now());
        waiting.add(to);
      }
      return r;
    };
    // A message not delivered within __DUE_SOON_MS__ ms (its port closed,
    // or sent to a worker) stops counting.
    queued = (t) => {
      for (const port of waiting) {
        const q = inbox.get(port);
        while (q.length && t - q[0] > __DUE_SOON_MS__) q.shift();
        if (q.length) return true;
        waiting.delete(port);
      }
      return false;
    };
  }
  // Scripts the page makes (document.createElement) and adds with a src
  // run once loaded, in a task of their own, and then fire load (or error):
  // each holds the wait from when it is added until then. Only those: a
  // script the parser or innerHTML made may have run already, or never will.
  const made = new WeakSet(), watched = new WeakSet();
  const JS = new Set(["", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"]);
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (name) {
    const e = createElement.apply(this, arguments);
    if (e instanceof HTMLScriptElement) made.add(e);
    return e;
  };
  const watch = (e) => {
    if (!made.has(e) || watched.has(e) || !e.hasAttribute("src")) return;
    const type = (e.getAttribute("type") || "").trim().toLowerCase();
    if (!JS.has(type) || (type !== "module" && e.hasAttribute("nomodule"))) return;
    watched.add(e);
    pending++;
    let done = false;
    const end = () => { if (!done) { done = true; pending--; touch(); } };
    listen.call(e, "load", end);
    listen.call(e, "error", end);
  };
  new MutationObserver((records) => {
    touch();
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (n.nodeType !== 1) continue;
        if (n.localName === "script") watch(n);
        else if (n.firstElementChild) for (const e of n.getElementsByTagName("script")) watch(e);
      }
    }
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  Object.defineProperty(window, __IDLE_FN__, {value: (quiet, cap) => new Promise((resolve) => {
    const start = now();
    const check = () => {
      const t = now();
      const held = pending > 0 || queued(t);
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
  // timers: animation frames about every 16 ms, idle callbacks, and the
  // first notification that an IntersectionObserver or a ResizeObserver
  // sends for each element observed. Each holds the wait until it has run, or the page would be
  // read before them whenever the machine is slow to run its timers; but of
  // frames asked for by frames only the first few (heldFrames deep) do: a
  // page that animates forever is not waited for.
  const docProto = Document.prototype;
  const hiddenGet = Object.getOwnPropertyDescriptor(docProto, "hidden").get;
  const background = () => __HIDDEN_TAB__ || hiddenGet.call(document);
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
      const held = gen < __HELD_FRAMES__;
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
  // Idle callbacks (a framework's client:idle islands hydrate in one) hold
  // the wait until they have run. A background page's come late, or not at
  // all while the machine is busy: there it is given them by timers, each
  // with an idle period of IDLE_MS. Of callbacks asked for by callbacks,
  // only the first HELD_IDLE deep hold the wait: a page that idles forever
  // is not waited for.
  const ric = window.requestIdleCallback, cic = window.cancelIdleCallback;
  if (ric && cic) {
    const IDLE_MS = 20, HELD_IDLE = 64;
    const idles = new Map();
    let idleID = 0, idleGen = -1; // of the idle callback running; -1: none
    window.requestIdleCallback = function (fn, options) {
      if (typeof fn !== "function") return ric.call(window, fn, options);
      const gen = idleGen + 1, held = gen < HELD_IDLE;
      if (held) pending++;
      let id;
      const run = (deadline) => {
        if (!idles.delete(id)) return;
        if (held) pending--;
        const outer = idleGen;
        idleGen = gen;
        touch();
        try { return fn.call(window, deadline); } finally { idleGen = outer; touch(); }
      };
      if (background()) {
        id = --idleID; // negative: never one of Chrome's own
        const timer = setT.call(window, () => {
          const begun = now();
          run({didTimeout: false, timeRemaining: () => Math.max(0, IDLE_MS - (now() - begun))});
        }, 1);
        idles.set(id, {timer, held});
      } else {
        id = ric.call(window, run, options);
        idles.set(id, {held});
      }
      return id;
    };
    window.cancelIdleCallback = function (id) {
      const c = idles.get(id);
      if (!c) return cic.call(window, id);
      idles.delete(id);
      if (c.held) pending--;
      touch();
      if (c.timer !== undefined) clearT.call(window, c.timer);
      else cic.call(window, id);
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
  // An IntersectionObserver's first notice is what a reader sees who
  // scrolls the page (or the observer's root) down to the element: one laid
  // out anywhere along it intersects, its box where it stands once scrolled
  // into view; one with no box (display: none, or detached) does not. So a
  // part of the page drawn only when seen (a client:visible island, a
  // lazy section) is drawn, as for a reader who reads to the end; its images
  // are still never requested, and the wait still ends at its cap.
  const IO = firstNotice(window.IntersectionObserver, (el, options) => {
    const root = options && options.root instanceof Element ? options.root.getBoundingClientRect() : new DOMRectReadOnly(0, 0, window.innerWidth, window.innerHeight);
    const at = el.getBoundingClientRect();
    const dy = at.bottom < root.top || at.top > root.bottom ? root.top - at.top : 0;
    const b = new DOMRectReadOnly(at.x, at.y + dy, at.width, at.height);
    const x = Math.max(b.left, root.left), y = Math.max(b.top, root.top);
    const w = Math.min(b.right, root.right) - x, h = Math.min(b.bottom, root.bottom) - y;
    const hit = el.isConnected && el.getClientRects().length > 0 && w >= 0 && h >= 0;
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
  // On the prototype, where every container's register comes from: the
  // browser fetches a service worker's script itself, past the tab's
  // interception, so none may be registered at all.
  const SWC = window.ServiceWorkerContainer;
  if (SWC && SWC.prototype.register) {
    Object.defineProperty(SWC.prototype, "register", {value: function register() {
      return Promise.reject(new DOMException("service workers are blocked by webgraph", "SecurityError"));
    }, writable: true, configurable: true});
  }
  const WS = window.WebSocket;
  if (WS) {
    const Blocked = function WebSocket(url) {
      try { globalThis[__WS_BINDING__](String(url)); } catch (e) {}
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
  // cannot undo the guard's stop.) The top document's freeze is said to
  // webgraph, which waits for it (window.top cannot be redefined).
  const stopNow = Event.prototype.stopImmediatePropagation;
  const isTop = window.top === window;
  for (const type of ["pagehide", "unload", "beforeunload", "freeze", "resume"]) {
    window.addEventListener(type, (e) => {
      stopNow.call(e);
      if (type === "freeze" && isTop && typeof frozen === "function") {
        try { frozen(""); } catch (x) {}
      }
    }, true);
  }
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection"]) {
    try { delete window[name]; } catch (e) {}
  }
})();
