// extract.js: reads the page.
//
// Where it runs: in the isolated world "webgraph" of the page's main frame, a
// JavaScript world of its own over the same DOM, whose globals and prototypes
// the page's scripts cannot reach or change (Runtime.callFunctionOn:
// readPage in extract.go). Its arguments are the text cap in characters,
// whether to serialise the DOM too, and whether it may ask for closed shadow
// roots to be found first.
//
// What it may touch: it reads the DOM and computed styles and changes
// nothing; it keeps its own state (the closed roots found, the hosts asked
// about) in its world's globalThis.__webgraph.
//
// What it reads: the page's text, links, fragment targets and the audit's head
// fields. The page is read as a browser lays it out (the flat tree): an
// element's shadow root (open, or closed where the DevTools protocol found
// it) stands in for its children, a <slot> shows the light children assigned
// to it, once, or its own children when none is; an inert <template>'s
// content is not read. Without any shadow root that is the document itself,
// and the text is body.innerText; with one, the text is built from innerText
// of the parts without a shadow root or slot, joined as their display puts
// them. The title and the fragment targets are the document's own: an id
// inside a shadow tree is not a target of a #fragment. Every list is capped.
// The DOM, when kept, holds the shadow roots as declarative templates.
//
// When the page has custom elements not yet asked about that have no open
// shadow root, and asking is allowed, it returns {probe: n} and keeps them in
// its world for probeClosed (extract.go) to ask the DevTools protocol about.
//
// Placeholders, each a JavaScript literal that scripts.go fills in from the
// Go cap of the same meaning (fill holds the answer to them again):
//   __MAX_LINKS__        maxLinks            __MAX_ANCHORS__   fetch.MaxAnchors
//   __URL_MAX__          fetch.MaxURLBytes+1 __MAX_PROBES__    maxClosedProbes
//   __MAX_ANCHOR_TEXT__  maxAnchorText       __MAX_META__      maxMetaChars
//   __MAX_ROBOTS__       maxRobots           __MAX_HREFLANG__  fetch.MaxHreflang
//   __MAX_JSONLD__       fetch.MaxJSONLDScripts
(function (max, keepDOM, mayProbe) {
  const W = globalThis.__webgraph || (globalThis.__webgraph = {closed: new WeakMap(), probed: new WeakSet(), asked: 0, candidates: []});
  // The caps, each the Go side's own (scripts.go fills them in).
  const LINKS = __MAX_LINKS__, ANCHORS = __MAX_ANCHORS__, URLMAX = __URL_MAX__, PROBES = __MAX_PROBES__;
  const ANCHOR_TEXT = __MAX_ANCHOR_TEXT__, META = __MAX_META__, ROBOTS = __MAX_ROBOTS__, HREFLANG = __MAX_HREFLANG__, JSONLD = __MAX_JSONLD__;
  const NODES = 1000000, PRES = 1000;
  const HTML = "http://www.w3.org/1999/xhtml";
  const shadowOf = (e) => e.shadowRoot || W.closed.get(e) || null;
  const clip = (s, n) => (s.length > n ? s.slice(0, n) : s);
  const clean = (s) => (s || "").replace(/\s+/g, " ").trim();
  // A closed root hides from scripts. The ones looked for: on a custom
  // element, and on an element that may host one, shows no content of its
  // own and still takes up room (a closed declarative root, say).
  const HOSTS = new Set(["article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "main", "nav", "p", "section", "span"]);
  const candidate = (e) => !shadowOf(e) && !W.probed.has(e) && e.namespaceURI === HTML &&
    (e.localName.indexOf("-") > 0 || (HOSTS.has(e.localName) && !e.firstElementChild && !/\S/.test(e.textContent) && e.offsetHeight > 0));

  // Custom elements still to ask about, and whether any root is known.
  let hasShadow = false;
  const cands = [];
  const all = document.getElementsByTagName("*");
  for (let i = 0; i < all.length; i++) {
    const e = all[i];
    if (shadowOf(e)) hasShadow = true;
    else if (mayProbe && cands.length < 64 && W.asked < PROBES && candidate(e)) cands.push(e);
  }

  // The flat tree, in order: order[i], its flat parent's index, the index
  // of its last descendant, and whether a shadow root or a slot is at or
  // under it (such a part cannot be read by innerText alone).
  const order = [], parent = [], end = [];
  let needs = null, walked = true;
  const kids = (n) => {
    if (n.nodeType !== 1) return null;
    const r = shadowOf(n);
    if (r) return r.childNodes;
    if (n.localName === "slot" && n.getRootNode() instanceof ShadowRoot) {
      const a = n.assignedNodes();
      if (a.length) return a;
    }
    return n.childNodes;
  };
  if (hasShadow && document.documentElement) {
    const stack = [document.documentElement, -1];
    while (stack.length) {
      const p = stack.pop(), n = stack.pop();
      if (order.length >= NODES) { walked = false; break; }
      const i = order.length;
      order.push(n); parent.push(p); end.push(i);
      const k = kids(n);
      if (!k) continue;
      for (let j = k.length - 1; j >= 0; j--) {
        const c = k[j];
        if (c.nodeType === 1 || c.nodeType === 3) stack.push(c, i);
      }
    }
    needs = new Uint8Array(order.length);
    for (let i = order.length - 1; i >= 0; i--) {
      const n = order[i];
      if (n.nodeType === 1) {
        if (shadowOf(n) || (n.localName === "slot" && n.getRootNode() instanceof ShadowRoot)) needs[i] = 1;
        else if (mayProbe && cands.length < 64 && W.asked < PROBES && n.getRootNode() instanceof ShadowRoot && candidate(n)) cands.push(n);
      }
      const p = parent[i];
      if (p >= 0) {
        if (end[i] > end[p]) end[p] = end[i];
        if (needs[i]) needs[p] = 1;
      }
    }
  }
  if (cands.length) {
    for (const e of cands) W.probed.add(e);
    W.asked += cands.length;
    W.candidates = cands;
    return {probe: cands.length};
  }
  W.candidates = [];

  const styles = new Map();
  const styleOf = (i) => {
    let s = styles.get(i);
    if (!s) { s = getComputedStyle(order[i]); styles.set(i, s); }
    return s;
  };
  const inline = (d) => d.startsWith("inline") || d === "contents" || d === "table-cell" || d.startsWith("ruby");
  // textOf is the rendered text of the flat subtree at i, up to limit
  // characters (and a little more).
  const textOf = (i0, limit) => {
    const out = [], frames = [];
    let len = 0, i = i0;
    const emit = (s) => { out.push(s); len += s.length; };
    const close = (upto) => {
      while (frames.length && frames[frames.length - 1].end < upto) {
        const f = frames.pop();
        if (f.block) emit("\n"); else if (f.cell) emit(" ");
      }
    };
    while (i <= end[i0] && len <= limit) {
      close(i);
      const n = order[i];
      if (n.nodeType === 3) {
        const p = parent[i] >= 0 ? styleOf(parent[i]) : null;
        if (!p || p.visibility === "visible") {
          const ws = p ? p.whiteSpace : "normal";
          emit(ws.startsWith("pre") || ws === "break-spaces" ? n.data : n.data.replace(/[ \t\n\r\f]+/g, " "));
        }
        i++;
        continue;
      }
      const s = styleOf(i), d = s.display;
      if (d === "none" || (d !== "contents" && n.checkVisibility && !n.checkVisibility())) { i = end[i] + 1; continue; }
      if (n.localName === "br") { emit("\n"); i++; continue; }
      if (!needs[i] && !inline(d)) {
        emit("\n" + n.innerText + "\n");
        i = end[i] + 1;
        continue;
      }
      frames.push({end: end[i], block: !inline(d), cell: d === "table-cell"});
      if (!inline(d)) emit("\n");
      i++;
    }
    close(Infinity);
    return out.join("");
  };
  // contentOf is the text of the text nodes of the flat subtree at i.
  const contentOf = (i0, limit) => {
    let s = "";
    for (let i = i0; i <= end[i0] && s.length < limit; i++) if (order[i].nodeType === 3) s += order[i].data;
    return s;
  };

  const body = document.body;
  let text = "";
  if (!body) text = "";
  else if (!hasShadow) text = body.innerText;
  else {
    const b = order.indexOf(body);
    text = b >= 0 ? textOf(b, max) : body.innerText;
  }
  // The text of each <pre> of the document shown (the outermost ones), in
  // order: fill keeps each as one block, its lines and spaces as shown,
  // where it finds it in the text.
  const pres = [];
  let presLength = 0;
  if (body) {
    for (const e of body.getElementsByTagName("pre")) {
      if (pres.length >= PRES || presLength > max) break;
      if (e.namespaceURI !== HTML || e.parentElement.closest("pre") || (e.checkVisibility && !e.checkVisibility())) continue;
      const t = e.innerText;
      pres.push(t);
      presLength += t.length;
    }
  }

  // The elements that hold links and head fields, in flat order.
  const picked = [];
  if (!hasShadow) {
    for (const e of document.querySelectorAll("a, area, meta, link, h1, script")) picked.push([e, -1]);
  } else {
    const kinds = new Set(["a", "area", "meta", "link", "h1", "script"]);
    for (let i = 0; i < order.length; i++) {
      const e = order[i];
      if (e.nodeType === 1 && kinds.has(e.localName)) picked.push([e, i]);
    }
  }
  const links = [];
  let linksOver = 0;
  let canonical = "", description = null, h1 = null;
  const robots = [], hreflang = [], ld = [];
  const rel = (e) => (e.getAttribute("rel") || "").toLowerCase().split(/[ \t\n\f\r]+/);
  for (const [e, i] of picked) {
    if (e.namespaceURI !== HTML) continue;
    switch (e.localName) {
    case "a": case "area": {
      if (!e.hasAttribute("href")) break;
      if (links.length >= LINKS) { linksOver++; break; }
      let anchor;
      if (e.localName === "area") anchor = clean(e.getAttribute("alt"));
      else anchor = clean(i >= 0 && needs[i] ? textOf(i, ANCHOR_TEXT) : e.innerText);
      if (!anchor && e.localName === "a") {
        let img = null;
        if (i >= 0 && needs[i]) {
          for (let j = i + 1; j <= end[i] && !img; j++) if (order[j].localName === "img" && order[j].hasAttribute("alt")) img = order[j];
        } else img = e.querySelector("img[alt]");
        anchor = clean(img && img.getAttribute("alt")) || clean(e.getAttribute("title")) || clean(e.getAttribute("aria-label"));
      }
      links.push({href: clip(e.href, URLMAX), anchor: clip(anchor, ANCHOR_TEXT), rel: clip(e.getAttribute("rel") || "", ANCHOR_TEXT)});
      break;
    }
    case "meta": {
      if (!e.hasAttribute("name") || !e.hasAttribute("content")) break;
      const n = e.getAttribute("name").trim().toLowerCase(), c = e.getAttribute("content");
      if (n === "description" && description === null) description = clip(c, META);
      if ((n === "robots" || n === "webgraph") && robots.length < ROBOTS) robots.push(clip(c, META));
      break;
    }
    case "link": {
      if (!e.hasAttribute("href")) break;
      const r = rel(e);
      if (!canonical && r.includes("canonical")) canonical = clip(e.href, URLMAX);
      if (e.hasAttribute("hreflang") && r.includes("alternate") && hreflang.length < HREFLANG) hreflang.push({lang: clip(e.getAttribute("hreflang"), 100), href: clip(e.href, URLMAX)});
      break;
    }
    case "h1":
      if (h1 === null) h1 = clip(i >= 0 && needs[i] ? contentOf(i, META) : e.textContent, META);
      break;
    case "script":
      if (ld.length < JSONLD && e.hasAttribute("type") && e.type.trim().toLowerCase() === "application/ld+json") ld.push(e.text.length > 1048576 ? "" : e.text);
      break;
    }
  }
  const anchors = [];
  for (const e of document.querySelectorAll("[id], a[name]")) {
    if (anchors.length >= ANCHORS) break;
    if (e.id) anchors.push(clip(e.id, URLMAX));
    if (e.localName === "a" && e.getAttribute("name")) anchors.push(clip(e.getAttribute("name"), URLMAX));
  }
  return {
    url: location.href, title: clip(document.title, max), contentType: document.contentType,
    ready: document.readyState, text: text.slice(0, max), truncated: text.length > max || !walked, pres: pres,
    links: links, linksOver: linksOver, canonical: canonical, anchors: anchors,
    description: description || "", h1: h1 || "",
    robots: robots, hreflang: hreflang, jsonld: ld,
    dom: keepDOM ? serialize() : ""
  };
  // serialize is the DOM as HTML, its shadow roots (open and the closed
  // ones found) written as declarative templates.
  function serialize() {
    const de = document.documentElement;
    if (!de) return "";
    const roots = [];
    for (let i = 0; i < order.length; i++) {
      const r = order[i].nodeType === 1 ? shadowOf(order[i]) : null;
      if (r) roots.push(r);
    }
    if (!roots.length || typeof de.getHTML !== "function") return de.outerHTML.slice(0, max);
    const tag = de.cloneNode(false).outerHTML;
    return (tag.slice(0, tag.length - 7) + de.getHTML({shadowRoots: roots}) + "</html>").slice(0, max);
  }
})
