// The help centre's components. Each renders into its own open shadow root,
// leaving marker comments around the parts it fills, as Lit does.
let n = 0;
const mark = (root) => root.appendChild(document.createComment("?lit$" + (++n) + "$"));

function h(tag, props, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "text") el.textContent = v;
    else el.setAttribute(k, v);
  }
  for (const k of kids.flat()) {
    if (k == null) continue;
    el.appendChild(typeof k === "string" ? document.createTextNode(k) : k);
  }
  return el;
}

// A run of text with **strong** parts.
function runs(s) {
  return s.split("**").map((part, i) => (i % 2 ? h("strong", { text: part }) : document.createTextNode(part)));
}

function block(b) {
  switch (b.t) {
    case "h2": return h("h2", { id: b.id, text: b.x });
    case "h3": return h("h3", { text: b.x });
    case "p": return h("p", {}, runs(b.x));
    case "ul": case "ol":
      return h(b.t, {}, b.items.map((it) => h("li", {}, runs(it.x), it.sub ? block({ t: "ul", items: it.sub }) : null)));
    case "table":
      return h("div", { class: "table-scroll" }, h("table", {},
        h("thead", {}, h("tr", {}, b.rows[0].map((c) => h("th", { text: c })))),
        h("tbody", {}, b.rows.slice(1).map((r) => h("tr", {}, r.map((c) => h("td", { text: c })))))));
    case "note":
      return h("kb-callout", { kind: b.kind, heading: b.title }, h("p", {}, runs(b.x)));
    case "fig":
      return h("figure", {}, h("img", { src: b.src, alt: b.alt, loading: "lazy" }), h("figcaption", { text: b.caption }));
  }
  return document.createTextNode("");
}

class Base extends HTMLElement {
  constructor() { super(); this.root = this.attachShadow({ mode: "open" }); }
}

customElements.define("kb-callout", class extends Base {
  connectedCallback() {
    this.root.textContent = "";
    mark(this.root);
    this.root.appendChild(h("style", { text: ":host{display:block;border-inline-start:4px solid #e08a00;background:#fff6e6;padding:8px 16px;margin:16px 0}" }));
    this.root.appendChild(h("div", { class: "callout", role: "note" }, h("p", { class: "callout-title" }, h("strong", { text: this.getAttribute("heading") })), h("slot")));
  }
});

customElements.define("kb-header", class extends Base {
  connectedCallback() {
    mark(this.root);
    this.root.appendChild(h("header", { class: "top" },
      h("a", { href: "/sahayata/", class: "brand" }, "किसान साथी ", h("span", { text: "सहायता केंद्र" })),
      h("nav", { "aria-label": "मुख्य" }, h("ul", {}, ["शुरुआत करें", "खाता और लॉगिन", "योजनाएँ और बीमा", "मंडी भाव", "मौसम", "संपर्क करें"].map((t, i) => h("li", {}, h("a", { href: "/sahayata/vibhag/" + i, text: t }))))),
      h("form", { role: "search" }, h("input", { type: "search", placeholder: "अपना सवाल लिखें…" }), h("button", { text: "खोजें" })),
      h("a", { href: "/login", class: "login", text: "लॉग इन" })));
  }
});

customElements.define("kb-sidebar", class extends Base {
  set items(list) {
    mark(this.root);
    this.root.appendChild(h("aside", { class: "side" }, h("h2", { text: "इस विभाग के लेख" }),
      h("ul", {}, list.map((t, i) => h("li", {}, h("a", { href: "/sahayata/lekh/" + (500 + i), text: t }))))));
  }
});

customElements.define("kb-article", class extends Base {
  set data(a) {
    mark(this.root);
    this.root.appendChild(h("style", { text: "article{max-width:720px} table{border-collapse:collapse} td,th{border:1px solid #ccc;padding:4px 8px}" }));
    this.root.appendChild(h("article", {},
      h("nav", { class: "crumbs", "aria-label": "आप यहाँ हैं" }, h("ol", {}, ["सहायता केंद्र", a.section].map((t) => h("li", {}, h("a", { href: "#", text: t }))))),
      h("h1", { text: a.title }),
      h("div", { class: "meta" }, h("span", { text: "अंतिम अपडेट: " + a.updated }), " · ", h("span", { text: "पढ़ने का समय: " + a.minutes + " मिनट" })),
      h("div", { class: "body" }, a.blocks.map(block)),
      h("slot")));
    mark(this.root);
  }
});

customElements.define("kb-feedback", class extends Base {
  connectedCallback() {
    mark(this.root);
    this.root.appendChild(h("div", { class: "feedback" }, h("p", { text: "क्या यह लेख उपयोगी था?" }),
      h("button", { text: "हाँ" }), h("button", { text: "नहीं" }),
      h("p", { class: "count", text: this.getAttribute("count") + " लोगों को यह लेख उपयोगी लगा" })));
  }
});

customElements.define("kb-related", class extends Base {
  set items(list) {
    mark(this.root);
    this.root.appendChild(h("section", { class: "related" }, h("h2", { text: "संबंधित लेख" }),
      h("ul", {}, list.map((t, i) => h("li", {}, h("a", { href: "/sahayata/lekh/" + (700 + i), text: t }))))));
  }
});

customElements.define("kb-footer", class extends Base {
  connectedCallback() {
    mark(this.root);
    this.root.appendChild(h("footer", {},
      h("ul", {}, ["हमारे बारे में", "गोपनीयता नीति", "उपयोग की शर्तें", "सुलभता", "ऐप डाउनलोड करें"].map((t, i) => h("li", {}, h("a", { href: "/p/" + i, text: t })))),
      h("p", { text: "किसान हेल्पलाइन: 1800-000-0000 (सुबह 6 बजे से रात 10 बजे तक, निःशुल्क)" }),
      h("p", { text: "© 2024 किसान साथी। सर्वाधिकार सुरक्षित।" })));
  }
});

customElements.define("kb-app", class extends Base {
  async connectedCallback() {
    const id = this.getAttribute("article");
    this.root.appendChild(h("style", { text: ":host{display:block;font-family:sans-serif} .layout{display:grid;grid-template-columns:240px 1fr;gap:24px}" }));
    mark(this.root);
    this.root.appendChild(h("kb-header"));
    this.root.appendChild(h("div", { class: "notice", role: "status" }, h("slot", { name: "notice" })));
    const side = h("kb-sidebar"), art = h("kb-article"), rel = h("kb-related");
    let a;
    try {
      const r = await fetch(id + ".json");
      a = await r.json();
    } catch (e) {
      this.root.appendChild(h("p", { text: "लेख लोड नहीं हो सका। कृपया बाद में फिर से कोशिश करें।" }));
      return;
    }
    document.title = a.title + " | किसान साथी सहायता केंद्र";
    this.root.appendChild(h("div", { class: "layout" }, side, h("main", {}, art, h("kb-feedback", { count: String(a.helpful) }), rel)));
    this.root.appendChild(h("kb-footer"));
    side.items = a.section_articles;
    art.data = a;
    rel.items = a.related;
  }
});
