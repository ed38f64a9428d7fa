package rendered

import (
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
)

// extractJS waits for the page to be idle and reads it, in one round trip:
// its text, links, fragment targets and the audit's head fields, and whether
// the page was idle (false: the wait's cap ended it). The first two %d are
// the quiet window and the most to wait, in milliseconds (see guardJS); then
// the text cap in characters; %t says whether to serialise the DOM too.
// Every list is capped here too, so a hostile page cannot make the answer
// huge. A document the guard script did not run in (none of webgraph's)
// counts as idle.
const extractJS = `(async () => {
  const wait = window.` + idleFn + `;
  const idle = typeof wait === "function" ? await wait(%d, %d) : true;
  const max = %d;
  const keepDOM = %t;
  const body = document.body;
  const text = body ? body.innerText : "";
  const clean = (s) => (s || "").replace(/\s+/g, " ").trim();
  const links = [];
  for (const a of document.querySelectorAll("a[href], area[href]")) {
    if (links.length >= 10000) break;
    let anchor = a.localName === "area" ? clean(a.getAttribute("alt")) : clean(a.innerText);
    if (!anchor && a.localName === "a") {
      const img = a.querySelector("img[alt]");
      anchor = clean(img && img.getAttribute("alt")) || clean(a.getAttribute("title")) || clean(a.getAttribute("aria-label"));
    }
    links.push({href: a.href, anchor: anchor.slice(0, 400), rel: a.getAttribute("rel") || ""});
  }
  const canon = document.querySelector('link[rel~="canonical" i][href]');
  const anchors = [];
  for (const e of document.querySelectorAll("[id], a[name]")) {
    if (anchors.length >= 10000) break;
    if (e.id) anchors.push(e.id);
    if (e.localName === "a" && e.getAttribute("name")) anchors.push(e.getAttribute("name"));
  }
  let description = null;
  const robots = [];
  for (const m of document.querySelectorAll("meta[name][content]")) {
    const n = m.getAttribute("name").trim().toLowerCase();
    const c = m.getAttribute("content");
    if (n === "description" && description === null) description = c.slice(0, 4000);
    if ((n === "robots" || n === "webgraph") && robots.length < 50) robots.push(c.slice(0, 4000));
  }
  const h1 = document.querySelector("h1");
  const hreflang = [];
  for (const l of document.querySelectorAll('link[rel~="alternate" i][hreflang][href]')) {
    if (hreflang.length >= 200) break;
    hreflang.push({lang: l.getAttribute("hreflang").slice(0, 100), href: l.href});
  }
  const ld = [];
  for (const s of document.querySelectorAll("script[type]")) {
    if (ld.length >= 50) break;
    if (s.type.trim().toLowerCase() === "application/ld+json") ld.push(s.text.length > 1048576 ? "" : s.text);
  }
  return {
    url: location.href, title: document.title, contentType: document.contentType,
    ready: document.readyState, text: text.slice(0, max), truncated: text.length > max,
    links: links, canonical: canon ? canon.href : "", anchors: anchors,
    description: description || "", h1: h1 ? h1.textContent.slice(0, 4000) : "",
    robots: robots, hreflang: hreflang, jsonld: ld, idle: idle,
    dom: keepDOM ? document.documentElement.outerHTML.slice(0, max) : ""
  };
})()`

// extracted is extractJS's answer.
type extracted struct {
	URL         string   `json:"url"`
	Title       string   `json:"title"`
	ContentType string   `json:"contentType"`
	Ready       string   `json:"ready"`
	Text        string   `json:"text"`
	Truncated   bool     `json:"truncated"`
	Canonical   string   `json:"canonical"`
	Anchors     []string `json:"anchors"`
	DOM         string   `json:"dom"`
	Links       []struct {
		Href   string `json:"href"`
		Anchor string `json:"anchor"`
		Rel    string `json:"rel"`
	} `json:"links"`
	Description string   `json:"description"`
	H1          string   `json:"h1"`
	Robots      []string `json:"robots"`
	Hreflang    []struct {
		Lang string `json:"lang"`
		Href string `json:"href"`
	} `json:"hreflang"`
	JSONLD []string `json:"jsonld"`
	Idle   bool     `json:"idle"`
}

// readPage is the action that runs extractJS: it waits up to most for the
// page to be idle for quiet, then reads it.
func readPage(cfg Config, quiet, most time.Duration) chromedp.Action[extracted] {
	js := fmt.Sprintf(extractJS, quiet.Milliseconds(), max(most, 0).Milliseconds(), cfg.MaxText, cfg.KeepDOM)
	return chromedp.Evaluate[extracted](js, chromedp.EvalAwaitPromise)
}

// fill copies what the script read into s. xRobots are the main document's
// X-Robots-Tag header values.
func (ex *extracted) fill(s *fetch.Side, cfg Config, xRobots []string) {
	s.Title = fetch.CollapseSpace(ex.Title)
	s.DOM = ex.DOM
	for _, line := range strings.Split(ex.Text, "\n") {
		if b := fetch.CollapseSpace(line); b != "" {
			s.Blocks = append(s.Blocks, b)
		}
	}
	s.Words = fetch.CountWords(s.Blocks)
	if ex.Truncated {
		s.Truncated = true
		s.Warnings = append(s.Warnings, fmt.Sprintf("rendered text longer than %d characters: kept the first %d", cfg.MaxText, cfg.MaxText))
	}
	if c, err := fetch.Normalize(nil, ex.Canonical); err == nil {
		s.Canonical = c
	}
	for _, l := range ex.Links {
		nu, err := fetch.Normalize(nil, l.Href)
		if err != nil {
			continue
		}
		s.Links = append(s.Links, fetch.Link{URL: nu, Fragment: fetch.Fragment(l.Href), Anchor: fetch.Anchor(l.Anchor), Rel: l.Rel, Nofollow: hasToken(l.Rel, "nofollow")})
	}
	if len(ex.Anchors) > fetch.MaxAnchors {
		ex.Anchors = ex.Anchors[:fetch.MaxAnchors]
	}
	s.Anchors = ex.Anchors

	h := &s.Head
	h.Description = fetch.Clip(ex.Description, fetch.MaxHeadField)
	h.H1 = fetch.Clip(ex.H1, fetch.MaxHeadField)
	var dirs []string
	for _, c := range ex.Robots {
		dirs = append(dirs, fetch.RobotsContent(c)...)
	}
	h.Robots = fetch.CapDirectives(append(dirs, fetch.XRobotsTag(xRobots, fetch.MetaAgent)...))
	for _, l := range ex.Hreflang {
		lang := strings.ToLower(fetch.Clip(l.Lang, 35))
		u, err := fetch.Normalize(nil, l.Href)
		if lang == "" || err != nil || len(h.Hreflang) >= fetch.MaxHreflang {
			continue
		}
		if h.Hreflang == nil {
			h.Hreflang = map[string]string{}
		}
		h.Hreflang[lang] = u
	}
	h.StructuredData = fetch.JSONLDTypes(ex.JSONLD)
}
