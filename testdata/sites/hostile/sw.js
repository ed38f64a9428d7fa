fetch("HOST_B/from-sw").catch(() => {});
self.addEventListener("install", (e) => e.waitUntil(fetch("HOST_B/sw-install").catch(() => {})));
