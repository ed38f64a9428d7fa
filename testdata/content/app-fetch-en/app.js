/* Tidepool Help Center: renders the page from the article's JSON. */
(function () {
  "use strict";
  var cfg = window.__HC__ || {};
  var root = document.getElementById("root");

  function el(tag, attrs, kids) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") n.textContent = attrs[k];
      else if (k === "html") n.innerHTML = attrs[k];
      else n.setAttribute(k, attrs[k]);
    });
    (kids || []).forEach(function (c) { if (c) n.appendChild(c); });
    return n;
  }

  function links(items, cls) {
    return el("ul", { "class": cls }, items.map(function (it) {
      return el("li", {}, [el("a", { href: it.url || "#", text: it.title || it })]);
    }));
  }

  if (window.customElements && !customElements.get("tp-article-body")) {
    customElements.define("tp-article-body", class extends HTMLElement {
      set body(html) {
        var shadow = this.shadowRoot || this.attachShadow({ mode: "open" });
        shadow.innerHTML = "<style>:host{display:block;line-height:1.6} pre{background:#f4f4f6;padding:12px;overflow:auto} .callout{border-left:4px solid #3a7bd5;padding:8px 16px;background:#f1f6fd}</style>" + html;
      }
    });
  }

  function header() {
    return el("header", { "class": "hc-header" }, [
      el("a", { "class": "hc-logo", href: "/help/", text: "Tidepool Help Center" }),
      el("nav", { "class": "hc-nav", "aria-label": "Main" }, [links([
        { title: "Getting started", url: "/help/categories/getting-started" },
        { title: "Calendars and events", url: "/help/categories/calendars" },
        { title: "Account and billing", url: "/help/categories/account" },
        { title: "Community", url: "/help/community" },
        { title: "Status", url: "https://status.tidepool.example/" }
      ], "hc-nav__list")]),
      el("a", { "class": "hc-signin", href: "/help/signin", text: "Sign in" }),
      el("form", { "class": "hc-search", role: "search", action: "/help/search" }, [
        el("label", { "for": "q", "class": "sr-only", text: "Search the help center" }),
        el("input", { id: "q", type: "search", name: "query", placeholder: "How can we help?" }),
        el("button", { type: "submit", text: "Search" })
      ])
    ]);
  }

  function footer() {
    return el("footer", { "class": "hc-footer" }, [
      el("div", { "class": "hc-footer__cols" }, [
        el("div", {}, [el("h2", { text: "Product" }), links(["Features", "Pricing", "Download the apps", "What's new", "Security"], "")]),
        el("div", {}, [el("h2", { text: "Company" }), links(["About us", "Careers", "Press kit", "Contact"], "")]),
        el("div", {}, [el("h2", { text: "Legal" }), links(["Terms of service", "Privacy policy", "Cookie settings", "Accessibility"], "")])
      ]),
      el("p", { "class": "hc-footer__copy", text: "© 2024 Tidepool Labs. Tidepool is a shared calendar for families and small teams." }),
      el("p", { "class": "hc-footer__powered", text: "Help center powered by our own little app." })
    ]);
  }

  function render(a) {
    document.title = a.title + " – Tidepool Help Center";
    root.textContent = "";
    var body;
    if (a.shadow) {
      body = document.createElement("tp-article-body");
      body.className = "article-body";
      body.body = a.body;
    } else {
      body = el("div", { "class": "article-body", html: a.body });
    }
    var main = el("main", { "class": "hc-main", id: "main-content" }, [
      el("nav", { "class": "breadcrumbs", "aria-label": "Breadcrumbs" }, [el("ol", {}, [
        el("li", {}, [el("a", { href: "/help/", text: "Tidepool Help Center" })]),
        el("li", {}, [el("a", { href: "#", text: a.category })]),
        el("li", {}, [el("a", { href: "#", text: a.section })])
      ])]),
      el("div", { "class": "hc-layout" }, [
        el("aside", { "class": "section-articles", "aria-label": "Articles in this section" }, [
          el("h2", { "class": "section-articles__title", text: "Articles in this section" }),
          links(a.section_articles, "section-articles__list"),
          el("a", { "class": "see-more", href: "#", text: "See more" })
        ]),
        el("article", { "class": "article" }, [
          el("header", { "class": "article-header" }, [
            el("h1", { "class": "article-title", title: a.title, text: a.title }),
            el("div", { "class": "article-meta" }, [
              el("span", { "class": "article-author", text: a.author }),
              el("span", { "class": "article-updated", text: "Updated " + a.updated }),
              el("button", { "class": "article-subscribe", type: "button", text: "Follow" })
            ])
          ]),
          el("section", { "class": "article-info" }, [el("div", { "class": "article-content" }, [body])]),
          el("footer", { "class": "article-footer" }, [
            el("div", { "class": "article-votes" }, [
              el("span", { "class": "article-votes-question", text: "Was this article helpful?" }),
              el("button", { "class": "button", type: "button", text: "Yes" }),
              el("button", { "class": "button", type: "button", text: "No" }),
              el("small", { "class": "article-votes-count", text: a.votes + " out of " + a.voters + " found this helpful" })
            ]),
            el("div", { "class": "article-more-questions", text: "Have more questions? " }, []),
            el("a", { "class": "submit-a-request", href: "/help/requests/new", text: "Submit a request" })
          ]),
          el("section", { "class": "related-articles" }, [
            el("h2", { "class": "related-articles-title", text: "Related articles" }),
            links(a.related, "related-articles__list")
          ]),
          el("section", { "class": "recent-articles" }, [
            el("h2", { text: "Recently viewed articles" }),
            links(a.recent, "recent-articles__list")
          ])
        ])
      ])
    ]);
    root.appendChild(header());
    root.appendChild(main);
    root.appendChild(footer());
  }

  fetch(cfg.articleId + ".json", { headers: { Accept: "application/json" } })
    .then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    })
    .then(render)
    .catch(function () {
      root.textContent = "Sorry, this article could not be loaded. Please try again later.";
    });
})();
