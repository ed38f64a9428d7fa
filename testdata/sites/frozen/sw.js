// A service worker: it asks the server for something as it starts, as it
// installs, and for every request of a page it controls.
fetch("/from-sw?start").catch(() => {});
self.addEventListener("install", (e) => e.waitUntil(fetch("/from-sw?install").catch(() => {})));
self.addEventListener("fetch", (e) => { fetch("/from-sw?fetch").catch(() => {}); });
