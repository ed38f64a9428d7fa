// A docs site's client, as a React app with a head manager shaped like
// react-helmet does it: each component that sets head tags says so when it
// mounts, and the head is written in the next animation frame. The layout
// mounts first, with the site's bare title; the page's own component comes
// in a chunk loaded after (preloaded by the page), rendered in slices of
// work, whose title then wins.
const channel = new MessageChannel();
const tasks = [];
channel.port1.onmessage = () => tasks.shift()();
const schedule = (fn) => { tasks.push(fn); channel.port2.postMessage(null); };
// Rendering a component takes a few slices of work, each a task of its own.
const render = (slices, then) => {
  const end = performance.now() + 3;
  while (performance.now() < end) {}
  schedule(slices > 1 ? () => render(slices - 1, then) : then);
};

let raf = 0;
const heads = [];
const helmet = (title) => {
  heads.push(title);
  cancelAnimationFrame(raf);
  raf = requestAnimationFrame(() => { document.title = heads[heads.length - 1]; });
};

// Hydrating the layout: its head says the site's name alone.
schedule(() => {
  helmet("Field guide");
  // The route's chunk, as a bundler loads it: a script element added by
  // script, which registers the page's component when it runs.
  window.routeLoaded = (page) => schedule(() => render(20, () => page(helmet)));
  const s = document.createElement("script");
  s.src = "/title/route.js";
  document.head.append(s);
});
