"""A help center that is a client-rendered app: the server sends an empty shell, and
app.js fetches the article as JSON (the article's id + ".json", relative to the page)
and builds everything: header, search, breadcrumbs, section sidebar, the article
(its body an HTML string from the JSON, as help-desk APIs return it; on two pages
inside an open shadow root of a custom element), the helpfulness vote, related
articles and the footer. The served HTML holds no article text."""
import json
from gen import Renderer, esc, label as blocks_label

NAME = "app-fetch-en"
TEMPLATE = "app-fetch"
LANG = "en"


class R(Renderer):
    def d_note(self, kind, title, text):
        return '<div class="callout callout--%s"><p class="callout__title"><strong>%s</strong></p><p>%s</p></div>' % (esc(kind), self.il(title), self.il(text))

    def code(self, lang, lines):
        return '<pre><code>%s</code></pre>' % esc("\n".join(lines))

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return '<table class="table"><thead><tr>%s</tr></thead><tbody>%s</tbody></table>' % (head, body)


SHELL = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tidepool Help Center</title>
<meta name="description" content="Guides and answers for Tidepool, the shared calendar for families and small teams.">
<link rel="icon" href="/help/favicon.ico">
<link rel="stylesheet" href="app.css">
<script>window.__HC__ = {"articleId": "%(id)s", "locale": "en-us", "brand": "Tidepool"};</script>
<script src="app.js" defer></script>
</head>
<body>
<noscript>Please enable JavaScript to use the Tidepool Help Center.</noscript>
<div id="root"><div class="app-loading" role="status" aria-live="polite"><span class="spinner" aria-hidden="true"></span></div></div>
</body>
</html>
"""

APP_JS = r"""/* Tidepool Help Center: renders the page from the article's JSON. */
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
"""

APP_CSS = """body{margin:0;font-family:system-ui,sans-serif;color:#222}
.hc-header{display:flex;gap:24px;align-items:center;padding:12px 24px;border-bottom:1px solid #e5e5e5}
.hc-nav__list{display:flex;gap:16px;list-style:none;margin:0;padding:0}
.hc-layout{display:grid;grid-template-columns:260px 1fr;gap:32px;padding:24px}
.breadcrumbs ol{display:flex;gap:8px;list-style:none;padding:0 24px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
.hc-footer{background:#f7f7f8;padding:24px;margin-top:48px}
.hc-footer__cols{display:flex;gap:48px}
"""

EXTRA_FILES = {"app.js": APP_JS, "app.css": APP_CSS}

SECTIONS = {
    "account": ["Reset your password", "Turn on two-step verification", "Export your data", "Change your email address", "Delete your account"],
    "billing": ["Plans and prices", "Update your payment method", "Download invoices", "Cancel a subscription"],
    "sync": ["Why events are not syncing", "Keyboard shortcuts", "Connect another calendar", "Time zones and travel"],
}


def render(page):
    r = R()
    body_html = r.blocks(page["blocks"])
    data = {
        "id": page["aid"], "title": page["title"], "author": page["author"], "updated": page["updated"],
        "category": page["category"], "section": page["section"], "shadow": bool(page.get("shadow")),
        "votes": page["votes"][0], "voters": page["votes"][1],
        "section_articles": [{"title": t, "url": "/help/articles/%d" % (i + 100)} for i, t in enumerate(SECTIONS[page["sec"]])],
        "related": [{"title": t, "url": "/help/articles/%d" % (i + 200)} for i, t in enumerate(page["related"])],
        "recent": [{"title": t, "url": "/help/articles/%d" % (i + 300)} for i, t in enumerate(["Connect another calendar", "Plans and prices"])],
        "body": body_html,
    }
    page["extra_files"] = {page["aid"] + ".json": json.dumps(data, ensure_ascii=False, indent=1) + "\n"}
    return SHELL % {"id": page["aid"]}


def label(page):
    return [page["title"]] + blocks_label(page["blocks"])


P = "http://site.test/help/articles/"
PAGES = []


def article(**kw):
    kw["rendered"] = True
    kw["url"] = P + kw["aid"] + "-" + kw.pop("slug")
    PAGES.append(kw)


article(file="reset-password.html", aid="360018221", slug="Reset-your-password", sec="account",
        title="Reset your password", author="Tidepool Support", updated="2 months ago", votes=(412, 455),
        category="Account and billing", section="Your account",
        related=["Turn on two-step verification", "Change your email address", "I didn't get the reset email"],
        body="""
If you have forgotten your password, you can set a new one from the sign-in screen. You will need access to the email address of your Tidepool account.

## Reset it from the sign-in screen

1. Open Tidepool and select **Sign in**.
2. Select **Forgot password?** under the password field.
3. Enter the email address of your account and select **Send link**.
4. Open the email from Tidepool and select **Choose a new password**. The link works for one hour.
5. Enter your new password twice and select **Save**.

You are signed in on the device you used, and signed out everywhere else. Sign in again on your other devices with the new password.

!note tip | Choose a long password | A password of four or five unrelated words is easier to remember and harder to guess than a short one full of symbols.

## If the email does not arrive

Reset emails usually arrive within a minute. If you cannot find it, check your spam or junk folder, and make sure you typed the address you used to create the account. For security reasons we do not say whether an address has an account, so a mistyped address gets no email and no error.

If you no longer have access to that email address, contact us through the form below and we will help you prove that the account is yours.
""")

article(file="two-step-verification.html", aid="360018230", slug="Turn-on-two-step-verification", sec="account", shadow=True,
        title="Turn on two-step verification", author="Tidepool Support", updated="3 weeks ago", votes=(188, 201),
        category="Account and billing", section="Your account",
        related=["Reset your password", "Recovery codes", "Sign out of other devices"],
        body="""
Two-step verification protects your account even if someone learns your password. After you turn it on, signing in on a new device asks for your password and for a second proof that it is really you.

## Choose your second step

- An authenticator app on your phone
  - Works without a mobile signal
  - Gives a new six-digit code every thirty seconds
- A security key
  - Plugs into a USB port or touches your phone
  - The strongest protection against fake sign-in pages
- A text message
  - The simplest to set up
  - Less secure, because phone numbers can be moved to another SIM card

## Turn it on

1. Go to **Settings** and then **Security**.
2. Select **Turn on two-step verification**.
3. Follow the steps for the method you chose.
4. Save your recovery codes somewhere safe, such as a password manager or a printed copy at home.

!note warning | Keep your recovery codes | If you lose your phone or key, a recovery code is the only way back into your account without waiting for a manual check, which can take several days.

You can add a second method later, and we recommend it: a security key as your main step and an authenticator app as a backup is a good combination.
""")

article(file="export-data.html", aid="360018247", slug="Export-your-data", sec="account",
        title="Export your data", author="Tidepool Support", updated="5 months ago", votes=(97, 120),
        category="Account and billing", section="Your account",
        related=["Delete your account", "Connect another calendar", "Privacy policy summary"],
        body="""
You can download a copy of everything in your Tidepool account at any time: calendars, events, reminders, shared lists and your profile. The export is free on every plan.

## Formats

| What | Format | Opens in |
|---|---|---|
| Calendars and events | iCalendar (.ics) | Most calendar apps |
| Reminders and lists | CSV | Spreadsheets |
| Profile and settings | JSON | Any text editor |
| Attachments | Original files | Depends on the file |

## Request an export

1. Go to **Settings** and then **Your data**.
2. Select **Export everything**, or choose only the calendars you need.
3. We prepare a zip file and email you a download link, usually within fifteen minutes for a typical account.

The download link works for seven days. After that, request a new export if you still need one.

Exports of shared calendars include the events you can see, but not the private notes that other members keep for themselves.
""")

article(file="plans-and-prices.html", aid="360019002", slug="Plans-and-prices", sec="billing",
        title="Plans and prices", author="Tidepool Billing Team", updated="1 month ago", votes=(251, 310),
        category="Account and billing", section="Billing",
        related=["Update your payment method", "Download invoices", "Cancel a subscription"],
        body="""
Tidepool has one free plan and two paid plans. You can change plans at any time, and the difference is worked out to the day.

| Plan | Price | Members | Calendars | History |
|---|---|---|---|---|
| Free | 0 | Up to 3 | 2 | 1 year |
| Family | 4 per month | Up to 8 | Unlimited | Unlimited |
| Team | 3 per member per month | Unlimited | Unlimited | Unlimited |

Prices are in euros and include VAT where it applies. Paying yearly saves two months on either paid plan.

## What happens when you downgrade

Nothing is deleted. If you move from Family to Free with more than two calendars, the extra calendars become read-only until you remove some or upgrade again. Members beyond the third keep access to past events but cannot add new ones.

## Discounts

Schools, libraries and registered charities get the Team plan at half price. Write to us from the address of the organisation and tell us a little about how you will use Tidepool.
""")

article(file="events-not-syncing.html", aid="360020415", slug="Why-events-are-not-syncing", sec="sync", shadow=True,
        title="Why events are not syncing", author="Tidepool Support", updated="6 days ago", votes=(64, 92),
        category="Calendars and events", section="Sync and devices",
        related=["Connect another calendar", "Time zones and travel", "Tidepool status page"],
        body="""
Events you add on one device normally appear on your other devices within a few seconds. If they do not, work through the checks below in order; most problems are solved by the first two.

## Check the basics

1. Make sure the device is online: open any web page to check.
2. Pull down on the calendar to refresh it.
3. Check that you are signed in to the same account on both devices. The account is shown under **Settings**.

## Check connected calendars

If the missing events come from another calendar service, that service decides how often it sends us changes. Some send changes at once; others only every few hours. Events you create in Tidepool itself are not affected.

## Check the app version

Old versions of the app can stop syncing after we change how the server talks to them. On a computer you can check the version from a terminal:

```bash
tidepool --version
tidepool sync --verbose
```

The second command prints each step of a sync and shows where it stops, which helps our support team if you need to contact us.

!note info | Still stuck? | Check the status page for known problems, then send us the output of the verbose sync. Please remove any event titles you would rather not share.
""")

article(file="keyboard-shortcuts.html", aid="360020433", slug="Keyboard-shortcuts", sec="sync",
        title="Keyboard shortcuts", author="Tidepool Support", updated="4 months ago", votes=(143, 150),
        category="Calendars and events", section="Sync and devices",
        related=["Time zones and travel", "Connect another calendar"],
        body="""
In the web and desktop apps, most actions have a keyboard shortcut. Press the question mark key at any time to see this list inside the app.

| Action | Shortcut |
|---|---|
| Create an event | C |
| Go to today | T |
| Day, week or month view | D, W or M |
| Next or previous period | J or K |
| Search | / |
| Open settings | Ctrl + comma |

Shortcuts work when no text field is selected. If a shortcut does nothing, press Escape first to leave the field you are typing in.
""")
