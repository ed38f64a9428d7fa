// worker-guard.js: the guard script of a dedicated worker.
//
// Where it runs: in each dedicated worker of a render tab's pages, in the
// worker's global scope, while the worker is paused before its first line
// (Runtime.evaluate in the worker's own session: confine.go, frames.go).
//
// What it may touch: the worker's WebSocket constructor, which it replaces as
// guard.js replaces a page's, and the binding __WS_BINDING__, which it calls
// with the URL of a WebSocket it refused. Nothing else.
//
// Placeholders, each a JavaScript literal that scripts.go fills in:
//   __WS_BINDING__   wsBinding: the name of the WebSocket binding, a string
(() => {
  const WS = self.WebSocket;
  if (!WS) return;
  const Blocked = function WebSocket(url) {
    try { self[__WS_BINDING__](String(url)); } catch (e) {}
    throw new DOMException("WebSockets are blocked by webgraph", "SecurityError");
  };
  Blocked.prototype = WS.prototype;
  Object.defineProperty(WS.prototype, "constructor", {value: Blocked, writable: true, configurable: true});
  Object.assign(Blocked, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  self.WebSocket = Blocked;
})()
