// world fixture: stands for a site's analytics tag. It writes nothing a
// reader sees; it only records that the page was viewed.
window.dataLayer = window.dataLayer || [];
window.dataLayer.push({event: "page_view", at: Date.now()});
