// The React Router fixture of webgraph: SPA mode. The build writes one
// index.html holding only the root's HydrateFallback; every route renders
// in the browser, and the host answers every path with index.html.
/** @type {import('@react-router/dev/config').Config} */
export default {
  ssr: false,
};
