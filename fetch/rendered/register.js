// register.js: keeps the closed shadow roots it is given.
//
// Where it runs: in the isolated world "webgraph" of the page's main frame
// (Runtime.callFunctionOn: probeClosed in extract.go), called with the closed
// shadow roots the DevTools protocol found on the hosts extract.js set aside.
//
// What it may touch: its own world's globalThis.__webgraph, where it keeps
// each root by its host for extract.js. It reads nothing of the page and
// changes nothing.
(function (...roots) {
  const W = globalThis.__webgraph;
  for (const r of roots) if (W && r && r.host) W.closed.set(r.host, r);
  return roots.length;
})
