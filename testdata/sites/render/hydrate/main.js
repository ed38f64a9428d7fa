// Hydration as a framework's scheduler does it (React's posts its tasks
// through a MessageChannel): the work is cut into slices of a few ms, each
// a task of its own, and nothing in the DOM changes until it is done. Then
// the client component's own code, a module preloaded by the page, is added
// and runs, and only it writes the component's content.
const channel = new MessageChannel();
let slices = 20;
const slice = () => {
  const end = performance.now() + 3;
  while (performance.now() < end) {}
};
channel.port1.onmessage = () => {
  slice();
  if (--slices > 0) {
    channel.port2.postMessage(null);
    return;
  }
  const s = document.createElement("script");
  s.type = "module";
  s.src = "/hydrate/client.js";
  document.head.append(s);
};
channel.port2.postMessage(null);
