"""Documentation made by a Docusaurus-like generator: navbar with version dropdown and
search, announcement bar, collapsible docs sidebar, breadcrumbs, table of contents,
Prism-coloured code blocks with a copy button, admonitions, tables, edit-this-page,
last-updated and previous/next pagination, and a footer of link columns."""
import re
from gen import Renderer, esc, highlight, label as blocks_label

NAME = "docusaurus-en"
TEMPLATE = "docs-docusaurus"
LANG = "en"

D = "/larkspur/docs/"

SIDEBAR = [
    ("intro", "Introduction", None),
    (None, "Getting started", [("installation", "Installation"), ("first-worker", "Your first worker"), ("configuration", "Configuration")]),
    (None, "Guides", [("retries", "Retries and backoff"), ("scheduling", "Scheduling jobs"), ("unique-jobs", "Unique jobs"),
                      ("queues", "Priorities and queues"), ("shutdown", "Graceful shutdown"), ("testing", "Testing workers"),
                      ("docker", "Deploying with Docker")]),
    (None, "Reference", [("client-api", "Client API"), ("worker-api", "Worker API"), ("cli", "Command line"),
                         ("schema", "Database schema"), ("metrics", "Metrics")]),
    (None, "Migration", [("upgrading-v2", "Upgrading to v2"), ("from-other-queues", "Coming from other queues")]),
    ("faq", "FAQ", None),
    ("changelog", "Changelog", None),
]

PRISM = {"keyword": ("token keyword", "#00009f"), "string": ("token string", "#e3116c"), "comment": ("token comment", "#999988"),
         "number": ("token number", "#36acaa"), "punct": ("token punctuation", "#393A34")}


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


class R(Renderer):
    def h(self, level, text):
        s = slug(text)
        return ('<h%d class="anchor anchorWithStickyNavbar_LWe7" id="%s">%s<a href="#%s" class="hash-link" aria-label="Direct link to %s" title="Direct link to %s">\u200b</a></h%d>'
                % (level, s, self.il(text), s, esc(text), esc(text), level))

    def inline_code(self, code):
        return "<code>" + esc(code) + "</code>"

    def code(self, lang, lines):
        out = []
        for line in lines:
            toks = highlight(lang, line)
            spans = "".join('<span class="%s" style="color:%s">%s</span>' % (PRISM[k][0], PRISM[k][1], esc(t)) if k else '<span class="token plain">%s</span>' % esc(t) for k, t in toks)
            if not toks:
                spans = '<span class="token plain" style="display:inline-block"></span>'
            out.append('<span class="token-line" style="color:#393A34">%s<br></span>' % spans)
        return ('<div class="language-%s codeBlockContainer_Ckt0 theme-code-block" style="--prism-color:#393A34;--prism-background-color:#f6f8fa"><div class="codeBlockContent_biex">'
                '<pre tabindex="0" class="prism-code language-%s codeBlock_bY9V thin-scrollbar" style="color:#393A34;background-color:#f6f8fa"><code class="codeBlockLines_e6Vv">%s</code></pre>'
                '<div class="buttonGroup__atx"><button type="button" aria-label="Copy code to clipboard" title="Copy" class="clean-btn"><span class="copyButtonIcons_eSgA" aria-hidden="true"><svg viewBox="0 0 24 24" class="copyButtonIcon_y97N"><path fill="currentColor" d="M19,21H8V7H19M19,5H8A2,2 0 0,0 6,7V21A2,2 0 0,0 8,23H19A2,2 0 0,0 21,21V7A2,2 0 0,0 19,5M16,1H4A2,2 0 0,0 2,3V17H4V3H16V1Z"></path></svg></span></button></div></div></div>'
                % (lang, lang, "".join(out)))

    def d_note(self, kind, title, text):
        alert = {"note": "secondary", "tip": "success", "info": "info", "warning": "warning", "danger": "danger"}[kind]
        return ('<div class="theme-admonition theme-admonition-%s admonition_xJq3 alert alert--%s"><div class="admonitionHeading_Gvgb"><span class="admonitionIcon_Rf37"><svg viewBox="0 0 14 16"><path fill-rule="evenodd" d="M6.3 5.69a.942.942 0 0 1-.28-.7c0-.28.09-.52.28-.7.19-.18.42-.28.7-.28.28 0 .52.09.7.28.18.19.28.42.28.7 0 .28-.09.52-.28.7a1 1 0 0 1-.7.3c-.28 0-.52-.11-.7-.3zM8 7.99c-.02-.25-.11-.48-.31-.69-.2-.19-.42-.3-.69-.31H6c-.27.02-.48.13-.69.31-.2.2-.3.44-.31.69h1v3c.02.27.11.5.31.69.2.2.42.31.69.31h1c.27 0 .48-.11.69-.31.2-.19.3-.42.31-.69H8V7.98v.01zM7 2.3c-3.14 0-5.7 2.54-5.7 5.68 0 3.14 2.56 5.7 5.7 5.7s5.7-2.55 5.7-5.7c0-3.15-2.56-5.69-5.7-5.69v.01zM7 .98c3.86 0 7 3.14 7 7s-3.14 7-7 7-7-3.12-7-7 3.14-7 7-7z"></path></svg></span>%s</div>'
                '<div class="admonitionContent_BuS1"><p>%s</p></div></div>') % (kind, alert, self.il(title), self.il(text))

    def table(self, rows):
        head = "".join("<th>%s</th>" % self.il(c) for c in rows[0])
        body = "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % self.il(c) for c in r) for r in rows[1:])
        return "<table><thead><tr>%s</tr></thead><tbody>%s</tbody></table>" % (head, body)


def sidebar(current):
    items = []
    for sid, title, children in SIDEBAR:
        if children is None:
            active = ' menu__link--active" aria-current="page' if sid == current else ""
            items.append('<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-1 menu__list-item"><a class="menu__link%s" href="%s%s">%s</a></li>' % (active, D, sid, title))
            continue
        kids = []
        for cid, ctitle in children:
            active = ' menu__link--active" aria-current="page' if cid == current else ""
            kids.append('<li class="theme-doc-sidebar-item-link theme-doc-sidebar-item-link-level-2 menu__list-item"><a class="menu__link%s" tabindex="0" href="%s%s">%s</a></li>' % (active, D, cid, ctitle))
        items.append('<li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1 menu__list-item"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--sublist-caret" aria-expanded="true" href="%scategory/%s">%s</a></div><ul style="display:block;overflow:visible;height:auto" class="menu__list">%s</ul></li>'
                     % (D, slug(title), title, "".join(kids)))
    return "".join(items)


def flat():
    out = []
    for sid, title, children in SIDEBAR:
        if children is None:
            out.append((sid, title))
        else:
            out.extend(children)
    return out


def category(current):
    for sid, title, children in SIDEBAR:
        if children and any(c == current for c, _ in children):
            return title
    return None


FOOTER = [("Docs", ["Introduction", "Installation", "Guides", "API reference"]),
          ("Community", ["Discussions", "Chat", "Stack Overflow", "Code of conduct"]),
          ("More", ["Blog", "Changelog", "GitHub", "Security policy", "Sponsor the project"])]


def render(page):
    r = R()
    body = r.blocks(page["blocks"])
    cur = page["sid"]
    toc = "".join('<li><a href="#%s" class="table-of-contents__link toc-highlight">%s</a></li>' % (slug(b[2]), esc(re.sub(r"`", "", b[2])))
                  for b in page["blocks"] if b[0] == "h" and b[1] == 2)
    order = flat()
    i = [s for s, _ in order].index(cur)
    pag = ""
    if i > 0:
        pag += '<a class="pagination-nav__link pagination-nav__link--prev" href="%s%s"><div class="pagination-nav__sublabel">Previous</div><div class="pagination-nav__label">%s</div></a>' % (D, order[i - 1][0], order[i - 1][1])
    if i + 1 < len(order):
        pag += '<a class="pagination-nav__link pagination-nav__link--next" href="%s%s"><div class="pagination-nav__sublabel">Next</div><div class="pagination-nav__label">%s</div></a>' % (D, order[i + 1][0], order[i + 1][1])
    cat = category(cur)
    crumbs = '<li class="breadcrumbs__item"><a aria-label="Home page" class="breadcrumbs__link" href="/larkspur/"><svg viewBox="0 0 24 24" class="breadcrumbHomeIcon_YNFT"><path d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" fill="currentColor"></path></svg></a></li>'
    if cat:
        crumbs += '<li class="breadcrumbs__item"><span class="breadcrumbs__link">%s</span><meta itemprop="position" content="1"></li>' % cat
    crumbs += '<li itemscope="" itemprop="itemListElement" itemtype="https://schema.org/ListItem" class="breadcrumbs__item breadcrumbs__item--active"><span class="breadcrumbs__link" itemprop="name">%s</span><meta itemprop="position" content="2"></li>' % esc(page["title"])
    foot = "".join('<div class="col footer__col"><div class="footer__title">%s</div><ul class="footer__items clean-list">%s</ul></div>' % (t, "".join('<li class="footer__item"><a class="footer__link-item" href="/larkspur/%s">%s</a></li>' % (slug(l), l) for l in ls)) for t, ls in FOOTER)
    toc_html = ('<div class="col col--3"><div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents table-of-contents__left-border">%s</ul></div></div>' % toc) if toc else ""
    return f"""<!doctype html>
<html lang="en" dir="ltr" class="docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page docs-doc-id-{cur}" data-has-hydrated="false">
<head>
<meta charset="UTF-8">
<meta name="generator" content="Docusaurus v3.1.1">
<title data-rh="true">{esc(page['title'])} | Larkspur</title><meta data-rh="true" name="viewport" content="width=device-width,initial-scale=1"><meta data-rh="true" name="twitter:card" content="summary_large_image"><meta data-rh="true" property="og:url" content="{page['url']}"><meta data-rh="true" property="og:locale" content="en"><meta data-rh="true" name="docusaurus_locale" content="en"><meta data-rh="true" name="docsearch:language" content="en"><meta data-rh="true" name="docusaurus_version" content="current"><meta data-rh="true" name="docusaurus_tag" content="docs-default-current"><meta data-rh="true" property="og:title" content="{esc(page['title'])} | Larkspur"><meta data-rh="true" name="description" content="{esc(page['description'])}"><meta data-rh="true" property="og:description" content="{esc(page['description'])}"><link data-rh="true" rel="icon" href="/larkspur/img/favicon.ico"><link data-rh="true" rel="canonical" href="{page['url']}">
<link rel="stylesheet" href="/larkspur/assets/css/styles.9c1e2d43.css">
<script src="/larkspur/assets/js/runtime~main.5e1f3a77.js" defer="defer"></script>
<script src="/larkspur/assets/js/main.a2d8e5b1.js" defer="defer"></script>
</head>
<body class="navigation-with-keyboard">
<script>!function(){{function t(t){{document.documentElement.setAttribute("data-theme",t)}}var e=function(){{try{{return new URLSearchParams(window.location.search).get("docusaurus-theme")}}catch(t){{}}}}()||function(){{try{{return localStorage.getItem("theme")}}catch(t){{}}}}();t(null!==e?e:"light")}}()</script><div id="__docusaurus"><div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<div class="announcementBar_mb4j" style="background-color:#20232a;color:#fff" role="banner"><div class="content_knG7 announcementBarContent_xLdY">Larkspur 2.4 is out, with per-queue rate limits. <a target="_blank" rel="noopener noreferrer" href="/larkspur/blog/2024/03/larkspur-2-4">Read the release notes</a> and give us a star on GitHub if it helps you.</div><button type="button" aria-label="Close" class="clean-btn close closeButton_CVFx announcementBarClose_gvF7"><svg viewBox="0 0 15 15" width="14" height="14"><g stroke="currentColor" stroke-width="3.1"><path d="M.75.75l13.5 13.5M14.25.75L.75 14.25"></path></g></svg></button></div>
<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items"><button aria-label="Toggle navigation bar" aria-expanded="false" class="navbar__toggle clean-btn" type="button"><svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true"><path stroke="currentColor" stroke-linecap="round" stroke-miterlimit="10" stroke-width="2" d="M4 7h22M4 15h22M4 23h22"></path></svg></button><a class="navbar__brand" href="/larkspur/"><div class="navbar__logo"><img src="/larkspur/img/logo.svg" alt="Larkspur logo" class="themedComponent_mlkZ themedComponent--light_NVdE"></div><b class="navbar__title text--truncate">Larkspur</b></a><a aria-current="page" class="navbar__item navbar__link navbar__link--active" href="{D}intro">Docs</a><a class="navbar__item navbar__link" href="{D}client-api">API</a><a class="navbar__item navbar__link" href="/larkspur/blog">Blog</a><a class="navbar__item navbar__link" href="/larkspur/showcase">Showcase</a></div>
<div class="navbar__items navbar__items--right"><div class="navbar__item dropdown dropdown--hoverable dropdown--right"><a href="#" aria-haspopup="true" aria-expanded="false" role="button" class="navbar__link">2.4</a><ul class="dropdown__menu"><li><a class="dropdown__link dropdown__link--active" href="{D}intro">2.4</a></li><li><a class="dropdown__link" href="/larkspur/docs/2.3/intro">2.3</a></li><li><a class="dropdown__link" href="/larkspur/docs/1.x/intro">1.x</a></li><li><a class="dropdown__link" href="/larkspur/versions">All versions</a></li></ul></div><a href="https://github.com/larkspur-queue/larkspur" target="_blank" rel="noopener noreferrer" class="navbar__item navbar__link header-github-link" aria-label="GitHub repository">GitHub</a><div class="toggle_vylO colorModeToggle_DEke"><button class="clean-btn toggleButton_gllP toggleButtonDisabled_aARS" type="button" disabled="" title="Switch between dark and light mode (currently light mode)" aria-label="Switch between dark and light mode (currently light mode)" aria-live="polite"></button></div><div class="navbarSearchContainer_Bca1"><button type="button" class="DocSearch DocSearch-Button" aria-label="Search"><span class="DocSearch-Button-Container"><span class="DocSearch-Button-Placeholder">Search</span></span><span class="DocSearch-Button-Keys"><kbd class="DocSearch-Button-Key">Ctrl</kbd><kbd class="DocSearch-Button-Key">K</kbd></span></button></div></div></div><div role="presentation" class="navbar-sidebar__backdrop"></div></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><div class="docsWrapper_hBAB"><button aria-label="Scroll back to top" class="clean-btn theme-back-to-top-button backToTopButton_sjWU" type="button"></button><div class="docRoot_UBD9"><aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><div class="sidebarViewport_aRkj"><div class="sidebar_njMd"><nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list">{sidebar(cur)}</ul></nav><button type="button" title="Collapse sidebar" aria-label="Collapse sidebar" class="button button--secondary button--outline collapseSidebarButton_PEFL"></button></div></div></aside>
<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg"><div class="row"><div class="col docItemCol_VOVn"><div class="docItemContainer_Djhp"><article><nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs" itemscope="" itemtype="https://schema.org/BreadcrumbList">{crumbs}</ul></nav><div class="tocCollapsible_ETCw theme-doc-toc-mobile tocMobile_ITEo"><button type="button" class="clean-btn tocCollapsibleButton_TO0P">On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>{esc(page['title'])}</h1></header>
{body}
</div>
<footer class="theme-doc-footer docusaurus-mt-lg"><div class="theme-doc-footer-edit-meta-row row"><div class="col"><a href="https://github.com/larkspur-queue/larkspur/edit/main/website/docs/{cur}.md" target="_blank" rel="noopener noreferrer" class="theme-edit-this-page"><svg fill="currentColor" height="20" width="20" viewBox="0 0 40 40" class="iconEdit_Z9Sw" aria-hidden="true"><g><path d="m34.5 11.7l-3 3.1-6.3-6.3 3.1-3q0.5-0.5 1.2-0.5t1.1 0.5l3.9 3.9q0.5 0.4 0.5 1.1t-0.5 1.2z"></path></g></svg>Edit this page</a></div><div class="col lastUpdated_JAkA"><span class="theme-last-updated">Last updated<!-- --> on <b><time datetime="{page['updated']}T10:12:00.000Z" itemprop="dateModified">{page['updated_text']}</time></b> by <b>{page['editor']}</b></span></div></div></footer></article>
<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages">{pag}</nav></div></div>
{toc_html}</div></div></main></div></div></div>
<footer class="footer footer--dark"><div class="container container-fluid"><div class="row footer__links">{foot}</div><div class="footer__bottom text--center"><div class="footer__copyright">Copyright © 2024 the Larkspur authors. Documentation licensed under CC BY 4.0. Built with Docusaurus.</div></div></div></footer></div>
</body>
</html>
"""


def label(page):
    return [page["title"]] + blocks_label(page["blocks"])


P = "http://site.test" + D
PAGES = []

PAGES.append(dict(
    file="intro.html", url=P + "intro", sid="intro", title="Introduction",
    description="Larkspur is a background job queue for Go that stores its jobs in PostgreSQL.",
    updated="2024-02-27", updated_text="Feb 27, 2024", editor="Ana Ferreira",
    body="""
Larkspur is a background job queue for Go programs that already use PostgreSQL. Jobs are rows in your own database, so a job can be enqueued in the same transaction as the change that caused it: if the transaction rolls back, the job was never there.

You describe a kind of job as a Go type, write a worker that handles it, and start a client. Larkspur takes care of the rest: fetching jobs, running them with a bounded number of goroutines, retrying failures with backoff, and recording what happened.

## Why another job queue?

Most job queues keep their work in a separate system such as Redis or a message broker. That works well, but it means two systems to run, and it makes one problem hard: making sure a job is enqueued if, and only if, your database change was committed. With Larkspur the queue lives where your data lives, and that problem disappears.

## Features

- Transactional enqueueing with your existing `pgx` or `database/sql` transaction
- Typed job arguments, encoded as JSON
- Retries with exponential backoff and jitter, configurable per job kind
- Scheduled jobs and periodic jobs
- Unique jobs, so a job is not enqueued twice for the same arguments
- Several named queues with their own concurrency limits
- Graceful shutdown that lets running jobs finish
- A small web dashboard and Prometheus metrics

## How it works

When a client starts, it opens a listener on a PostgreSQL notification channel and starts a fixed number of workers for each queue. Enqueueing a job inserts a row and sends a notification, so an idle client wakes up at once instead of waiting for its next poll. Workers lock jobs with `SELECT … FOR UPDATE SKIP LOCKED`, which lets many clients share one table without handing the same job to two of them.

!note info | Requirements | Larkspur needs PostgreSQL 13 or newer and Go 1.21 or newer.

Ready to try it? Head to the installation guide, which takes about five minutes.
""",
))

PAGES.append(dict(
    file="installation.html", url=P + "installation", sid="installation", title="Installation",
    description="Add Larkspur to a Go module and create its tables.",
    updated="2024-03-05", updated_text="Mar 5, 2024", editor="Ana Ferreira",
    body="""
Installing Larkspur has two parts: adding the Go module to your program, and creating the tables it needs in your database.

## Add the module

Larkspur is a normal Go module. Add it, together with the driver package for the database library you use:

```bash
go get github.com/larkspur-queue/larkspur@v2.4.0
go get github.com/larkspur-queue/larkspur/driver/pgxdriver@v2.4.0
```

If your program uses `database/sql` instead of `pgx`, use the `sqldriver` package in place of `pgxdriver`.

## Supported versions

| Component | Minimum version | Tested up to |
|---|---|---|
| Go | 1.21 | 1.22 |
| PostgreSQL | 13 | 16 |
| pgx | 5.4 | 5.5 |
| database/sql driver | lib/pq 1.10 | lib/pq 1.10 |

## Create the tables

Larkspur ships its schema as numbered migrations. The simplest way to apply them is the command-line tool:

```bash
go install github.com/larkspur-queue/larkspur/cmd/larkspur@v2.4.0
larkspur migrate up --database-url "$DATABASE_URL"
```

The tool creates a table for jobs, a table for periodic schedules and a small table that records which migrations have run. Running it again is safe: migrations that have already been applied are skipped.

!note warning | Use one schema per application | If several applications share a database, give each its own schema with the --schema flag. Two applications reading one jobs table will try to run each other's jobs and fail them as unknown kinds.

## Using your own migration tool

If you already manage your schema with another tool, print the SQL instead and add it to your own migrations:

```bash
larkspur migrate print --version 4 > migrations/0042_larkspur.sql
```

## Check the installation

Run the doctor command. It connects to the database, checks the schema version and prints the server's PostgreSQL version:

```bash
larkspur doctor --database-url "$DATABASE_URL"
```

If it reports that everything is fine, continue with your first worker.
""",
))

PAGES.append(dict(
    file="first-worker.html", url=P + "first-worker", sid="first-worker", title="Your first worker",
    description="Define a job kind, write a worker for it, and enqueue a job.",
    updated="2024-03-01", updated_text="Mar 1, 2024", editor="Jonah Weiss",
    body="""
In this guide you will write a program that sends a welcome email whenever a user signs up. It shows the three pieces every Larkspur program has: a job kind, a worker, and a client.

## The whole program

Here is the complete program. The sections below go through it part by part.

```go
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/larkspur-queue/larkspur"
	"github.com/larkspur-queue/larkspur/driver/pgxdriver"
)

// WelcomeArgs are the arguments of one welcome-email job.
type WelcomeArgs struct {
	UserID int64  `json:"user_id"`
	Email  string `json:"email"`
}

// Kind names the job kind in the database.
func (WelcomeArgs) Kind() string { return "welcome_email" }

// WelcomeWorker sends the email.
type WelcomeWorker struct {
	larkspur.WorkerDefaults[WelcomeArgs]
	Mailer *Mailer
}

func (w *WelcomeWorker) Work(ctx context.Context, job *larkspur.Job[WelcomeArgs]) error {
	msg := fmt.Sprintf("Welcome aboard! Your account number is %d.", job.Args.UserID)
	if err := w.Mailer.Send(ctx, job.Args.Email, "Welcome", msg); err != nil {
		return fmt.Errorf("send welcome email: %w", err)
	}
	return nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	pool, err := pgxpool.New(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()

	workers := larkspur.NewWorkers()
	larkspur.AddWorker(workers, &WelcomeWorker{Mailer: NewMailer()})

	client, err := larkspur.NewClient(pgxdriver.New(pool), &larkspur.Config{
		Queues:  map[string]larkspur.QueueConfig{larkspur.DefaultQueue: {MaxWorkers: 10}},
		Workers: workers,
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := client.Start(ctx); err != nil {
		log.Fatal(err)
	}

	_, err = client.Insert(ctx, WelcomeArgs{UserID: 42, Email: "ada@example.com"}, nil)
	if err != nil {
		log.Fatal(err)
	}

	<-ctx.Done()
	shutdown, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := client.Stop(shutdown); err != nil {
		log.Printf("stop: %v", err)
	}
}
```

## The job kind

A job kind is any Go type with a `Kind` method. Its value is encoded as JSON and stored with the job, so keep it small: an identifier you can look up is better than a whole record that may be stale by the time the job runs.

## The worker

A worker embeds `WorkerDefaults` for the job kind it handles and implements `Work`. Returning an error marks the attempt as failed, and Larkspur will retry it later. Returning `nil` completes the job.

!note tip | Wrap your errors | The error text is stored with the failed attempt and shown in the dashboard. A message that says what was being done makes failures much easier to understand.

## The client

The client fetches and runs jobs for the queues in its configuration. `Start` returns at once; the work happens in goroutines the client owns. `Stop` waits for running jobs to finish, up to the deadline of the context you give it.

## Try it

Set `DATABASE_URL` and run the program. You should see the mailer log one message. Stop the program with Ctrl+C and it will shut down cleanly.
""",
))

PAGES.append(dict(
    file="configuration.html", url=P + "configuration", sid="configuration", title="Configuration",
    description="Every field of larkspur.Config, with its default.",
    updated="2024-02-19", updated_text="Feb 19, 2024", editor="Ana Ferreira",
    body="""
A client is configured with a `larkspur.Config` value. Every field has a default, so a configuration only needs the fields you want to change, plus the queues and workers of a client that runs jobs.

## Fields

| Field | Type | Default | Meaning |
|---|---|---|---|
| Queues | map of queue configs | none | The queues this client works, each with its own MaxWorkers |
| Workers | *Workers | nil | The registered workers; nil for a client that only inserts jobs |
| FetchPollInterval | time.Duration | 1s | How often to look for jobs when no notification arrives |
| FetchCooldown | time.Duration | 100ms | The shortest pause between two fetches |
| JobTimeout | time.Duration | 1m | How long one attempt may run before its context is cancelled |
| MaxAttempts | int | 25 | How many attempts a job gets before it is discarded |
| RetryPolicy | RetryPolicy | exponential | Computes the delay before the next attempt |
| CompletedJobRetention | time.Duration | 24h | How long finished jobs are kept before cleanup |
| DiscardedJobRetention | time.Duration | 168h | How long discarded jobs are kept before cleanup |
| Logger | *slog.Logger | slog.Default() | Where the client writes its own log lines |
| Schema | string | public | The PostgreSQL schema holding the tables |
| ID | string | host name and PID | A name for this client in logs and the dashboard |

## From a file

Many programs read their settings from a file. The `larkspurconfig` package reads YAML into a `Config`, using the same names in lower case with underscores:

```yaml
queues:
  default:
    max_workers: 10
  email:
    max_workers: 2
job_timeout: 30s
max_attempts: 10
completed_job_retention: 12h
schema: jobs
```

!note note | Durations | Durations use Go's notation: 300ms, 30s, 5m, 12h. A bare number is an error, because it is never clear whether it means seconds or milliseconds.

## From the environment

Every field can also be set by an environment variable named `LARKSPUR_` followed by the field's name in capitals, for example `LARKSPUR_MAX_ATTEMPTS=10`. Environment variables override the file, and values set in code override both.
""",
))

PAGES.append(dict(
    file="retries.html", url=P + "retries", sid="retries", title="Retries and backoff",
    description="What happens when a job fails, and how to change it.",
    updated="2024-03-08", updated_text="Mar 8, 2024", editor="Jonah Weiss",
    body="""
Jobs fail. A network call times out, a third-party service is down for maintenance, a row is locked by a long transaction. Larkspur assumes failures are temporary unless you say otherwise, and tries again later.

## The default policy

When an attempt returns an error or panics, the job is scheduled again after a delay that grows with each attempt. The default delay is the attempt number to the fourth power, in seconds, plus a random jitter of up to ten percent. The first retry comes after about one second, the fifth after about ten minutes, and the twentieth after nearly two days.

After `MaxAttempts` attempts the job is discarded: it stays in the table with all its errors, so you can inspect it, but it is not run again.

## What counts as a failure

- An error returned from `Work`
  - A plain error is retried
  - An error wrapped with `larkspur.Cancel` discards the job at once, without further attempts
  - An error wrapped with `larkspur.Snooze` schedules the job again without counting an attempt
- A panic inside `Work`, which is recovered and recorded with its stack trace
- An attempt that runs longer than `JobTimeout`
  - Its context is cancelled first
  - If the worker ignores the cancellation, the attempt is still recorded as failed

!note warning | Make jobs safe to repeat | A job may run more than once: for example when a client is killed after sending an email but before recording that the job completed. Design workers so that running them twice does no harm, for instance by checking whether the email was already sent.

## Changing the policy for one kind

A worker can override the retry delay and the number of attempts for its own job kind:

```go
func (w *WelcomeWorker) NextRetry(job *larkspur.Job[WelcomeArgs]) time.Time {
	// Mail servers recover quickly: retry every minute.
	return time.Now().Add(time.Minute)
}

func (w *WelcomeWorker) MaxAttempts() int { return 5 }
```

## Stopping retries from outside

To stop a job that keeps failing, cancel it from the dashboard or with the command-line tool:

```bash
larkspur job cancel 81234 --database-url "$DATABASE_URL"
```

A cancelled job is never run again, even if an attempt is running at that moment; that attempt's context is cancelled and its result ignored.
""",
))

PAGES.append(dict(
    file="docker.html", url=P + "docker", sid="docker", title="Deploying with Docker",
    description="Run Larkspur workers in containers, next to PostgreSQL.",
    updated="2024-01-30", updated_text="Jan 30, 2024", editor="Mei Tanaka",
    body="""
A program that uses Larkspur is an ordinary Go binary, so it runs in a container like any other. This page shows a small setup with Docker Compose and the two things that are easy to get wrong: migrations and shutdown.

## A minimal image

Build the program in one stage and copy only the binary into a small final image:

```text
FROM golang:1.22 AS build
WORKDIR /src
COPY . .
RUN CGO_ENABLED=0 go build -o /out/worker ./cmd/worker

FROM gcr.io/distroless/static
COPY --from=build /out/worker /worker
ENTRYPOINT ["/worker"]
```

## Compose file

The compose file below starts PostgreSQL, runs the migrations once, and then starts two worker containers:

```yaml
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: example
  migrate:
    image: ghcr.io/larkspur-queue/larkspur:2.4
    command: migrate up --database-url postgres://postgres:example@db/postgres
    depends_on: [db]
  worker:
    build: .
    environment:
      DATABASE_URL: postgres://postgres:example@db/postgres
    depends_on: [migrate]
    deploy:
      replicas: 2
    stop_grace_period: 45s
```

## Migrations run once

Run migrations as a separate step, not from every worker at start-up. Two workers migrating at the same moment will usually work, because migrations take a lock, but a separate step makes failures visible in one place and keeps start-up fast.

## Shutdown

When a container stops, Docker sends SIGTERM and, after a grace period, SIGKILL. Your program should catch SIGTERM and call `client.Stop` with a deadline shorter than the grace period, so that running jobs can finish.

!note danger | The default grace period is ten seconds | If your jobs can run longer than that, raise stop_grace_period. Otherwise long jobs are killed in the middle and will run again from the start on another worker.
""",
))
