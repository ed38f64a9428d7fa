// Components in the manner of Lit: each element attaches its shadow root and
// renders into it when it is created.
customElements.define("wg-page", class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({mode: "open"}).innerHTML =
      '<link rel="canonical" href="/component.html">' +
      '<link rel="alternate" hreflang="de" href="/de/component.html">' +
      '<meta name="description" content="A page described from its shadow root">' +
      '<meta name="robots" content="noarchive">' +
      '<script type="application/ld+json">{"@type": "WebPage"}</script>' +
      '<style>h1 { color: navy }</style>' +
      '<h1>Shadow heading</h1>' +
      '<p><slot name="lede">lede fallback never shown</slot></p>' +
      '<p id="open-target">Open shadow words <a href="/open.html">open shadow link</a></p>' +
      '<wg-inner>Inner slotted anchor</wg-inner>' +
      '<div><slot name="empty">Fallback words shown</slot></div>';
  }
});
customElements.define("wg-inner", class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({mode: "open"}).innerHTML =
      '<p>Nested shadow words <a href="/nested.html"><slot>nested fallback never shown</slot></a></p>';
  }
});
customElements.define("wg-secret", class extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({mode: "closed"}).innerHTML =
      '<p id="closed-target">Closed shadow words <a href="/closed.html">closed link</a></p>';
  }
});
