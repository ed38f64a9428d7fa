package rendered

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
)

// Caps on what a render returns. The extraction script keeps to them, and
// fill holds the answer to them again, whatever the script sent.
const (
	maxLinks      = 10000 // links read from one page, as the plain side reads
	maxRobots     = 50    // meta robots and webgraph tags read
	maxMetaChars  = 4000  // characters of one meta content, h1 or JSON-LD type list
	maxAnchorText = 400   // characters of one link's anchor text
	// maxClosedProbes bounds how many custom elements of one document are
	// asked, over the DevTools protocol, whether they host a closed shadow
	// root; maxProbeRounds how many times a read looks again inside the
	// closed roots it found (nested ones).
	maxClosedProbes = 256
	maxProbeRounds  = 4
)

// world is the name of the isolated world the page is read in: a JavaScript
// world of its own over the same DOM, whose globals and prototypes the
// page's scripts cannot reach or change.
const world = "webgraph"

// waitJS waits, in the page's own world where guardJS watches it, for the
// page to be idle: the two %d are the quiet window and the most to wait, in
// milliseconds. A document the guard script did not run in (none of
// webgraph's) counts as idle. The answer only ends the wait: what is read
// is read in the isolated world.
const waitJS = `(async () => {
  const wait = window.` + idleFn + `;
  return typeof wait === "function" ? (await wait(%d, %d)) === true : true;
})()`

// extractFn reads the page, in the isolated world: its text, links,
// fragment targets and the audit's head fields. Its arguments are the text
// cap in characters, whether to serialise the DOM too, and whether it may
// ask for closed shadow roots to be found first.
//
// The page is read as a browser lays it out (the flat tree): an element's
// shadow root (open, or closed where the DevTools protocol found it) stands
// in for its children, a <slot> shows the light children assigned to it,
// once, or its own children when none is; an inert <template>'s content is
// not read. Without any shadow root that is the document itself, and the
// text is body.innerText; with one, the text is built from innerText of
// the parts without a shadow root or slot, joined as their display puts
// them. The title and the fragment targets are the document's own: an id
// inside a shadow tree is not a target of a #fragment. Every list is capped.
// The DOM, when kept, holds the shadow roots as declarative templates.
//
// When the page has custom elements not yet asked about that have no open
// shadow root, and asking is allowed, it returns {probe: n} and keeps them
// in its world for probeClosed to ask the DevTools protocol about.
const extractFn = `function (max, keepDOM, mayProbe) {
  const W = globalThis.__webgraph || (globalThis.__webgraph = {closed: new WeakMap(), probed: new WeakSet(), asked: 0, candidates: []});
  const LINKS = ` + "10000" + `, ANCHORS = 10000, NODES = 1000000, URLMAX = 8193, PROBES = ` + "256" + `;
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
      else anchor = clean(i >= 0 && needs[i] ? textOf(i, 400) : e.innerText);
      if (!anchor && e.localName === "a") {
        let img = null;
        if (i >= 0 && needs[i]) {
          for (let j = i + 1; j <= end[i] && !img; j++) if (order[j].localName === "img" && order[j].hasAttribute("alt")) img = order[j];
        } else img = e.querySelector("img[alt]");
        anchor = clean(img && img.getAttribute("alt")) || clean(e.getAttribute("title")) || clean(e.getAttribute("aria-label"));
      }
      links.push({href: clip(e.href, URLMAX), anchor: clip(anchor, 400), rel: clip(e.getAttribute("rel") || "", 400)});
      break;
    }
    case "meta": {
      if (!e.hasAttribute("name") || !e.hasAttribute("content")) break;
      const n = e.getAttribute("name").trim().toLowerCase(), c = e.getAttribute("content");
      if (n === "description" && description === null) description = clip(c, 4000);
      if ((n === "robots" || n === "webgraph") && robots.length < 50) robots.push(clip(c, 4000));
      break;
    }
    case "link": {
      if (!e.hasAttribute("href")) break;
      const r = rel(e);
      if (!canonical && r.includes("canonical")) canonical = clip(e.href, URLMAX);
      if (e.hasAttribute("hreflang") && r.includes("alternate") && hreflang.length < 200) hreflang.push({lang: clip(e.getAttribute("hreflang"), 100), href: clip(e.href, URLMAX)});
      break;
    }
    case "h1":
      if (h1 === null) h1 = clip(i >= 0 && needs[i] ? contentOf(i, 4000) : e.textContent, 4000);
      break;
    case "script":
      if (ld.length < 50 && e.hasAttribute("type") && e.type.trim().toLowerCase() === "application/ld+json") ld.push(e.text.length > 1048576 ? "" : e.text);
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
    ready: document.readyState, text: text.slice(0, max), truncated: text.length > max || !walked,
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
}`

// registerFn keeps the closed shadow roots it is given, by host, in the
// isolated world for extractFn.
const registerFn = `function (...roots) {
  const W = globalThis.__webgraph;
  for (const r of roots) if (W && r && r.host) W.closed.set(r.host, r);
  return roots.length;
}`

// extracted is extractFn's answer (Idle is waitJS's).
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
	LinksOver   int      `json:"linksOver"` // links past maxLinks, left unread
	Description string   `json:"description"`
	H1          string   `json:"h1"`
	Robots      []string `json:"robots"`
	Hreflang    []struct {
		Lang string `json:"lang"`
		Href string `json:"href"`
	} `json:"hreflang"`
	JSONLD []string `json:"jsonld"`
	Idle   bool     `json:"-"`
	Probe  int      `json:"probe"`
}

// readPage is the action that waits up to most for the page to be idle for
// quiet (waitJS, in the page's world), then reads it (extractFn, in the
// isolated world), first asking the DevTools protocol for the closed shadow
// roots of its custom elements (probeClosed).
func readPage(cfg Config, quiet, most time.Duration) chromedp.Action[extracted] {
	return func(ctx context.Context, t *chromedp.Target) (extracted, error) {
		var ex extracted
		most = max(most, 0)
		// The page's world holds the wait's promise: a page that breaks
		// it must not hold the read past the wait's own bound.
		// The isolated world is asked for while the page settles: one
		// round trip less per read.
		type made struct {
			id  runtime.ExecutionContextID
			err error
		}
		worldc := make(chan made, 1)
		go func() {
			w, err := cdp.Call(ctx, t, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: cdp.FrameID(t.TargetID), WorldName: world})
			worldc <- made{w.ExecutionContextID, err}
		}()
		wctx, cancel := context.WithTimeout(ctx, most+quiet+time.Second)
		wait, err := cdp.Call(wctx, t, runtime.Evaluate, runtime.EvaluateParams{
			Expression:    fmt.Sprintf(waitJS, quiet.Milliseconds(), most.Milliseconds()),
			AwaitPromise:  new(true),
			ReturnByValue: new(true),
		})
		timedOut := wctx.Err() != nil
		cancel()
		idle := false
		switch {
		case ctx.Err() != nil:
			return ex, ctx.Err()
		case timedOut:
			// Not idle within the bound: read the page as it is.
		case err != nil:
			return ex, err
		case wait.ExceptionDetails != nil:
			return ex, &chromedp.ExceptionError{ExceptionDetails: wait.ExceptionDetails}
		default:
			idle = wait.Result == nil || string(wait.Result.Value) != "false"
		}
		w := <-worldc
		if w.err != nil {
			return ex, w.err
		}
		for round := 0; ; round++ {
			raw, err := callIn(ctx, t, w.id, extractFn, cfg.MaxText, cfg.KeepDOM, round < maxProbeRounds)
			if err != nil {
				return ex, err
			}
			ex = extracted{}
			if err := json.Unmarshal(raw, &ex); err != nil {
				return ex, fmt.Errorf("rendered: decoding the page's answer: %w", err)
			}
			if ex.Probe == 0 {
				break
			}
			err = probeClosed(ctx, t, w.id)
			cdp.Call(ctx, t, runtime.ReleaseObjectGroup, runtime.ReleaseObjectGroupParams{ObjectGroup: world})
			if err != nil {
				return ex, err
			}
		}
		ex.Idle = idle
		return ex, nil
	}
}

// callIn calls the function fn with args in the execution context id and
// returns its answer, by value.
func callIn(ctx context.Context, t *chromedp.Target, id runtime.ExecutionContextID, fn string, args ...any) ([]byte, error) {
	var cargs []*runtime.CallArgument
	for _, a := range args {
		b, err := json.Marshal(a)
		if err != nil {
			return nil, err
		}
		cargs = append(cargs, &runtime.CallArgument{Value: b})
	}
	r, err := cdp.Call(ctx, t, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: fn, ExecutionContextID: id, Arguments: cargs, ReturnByValue: new(true), Silent: new(true),
	})
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, &chromedp.ExceptionError{ExceptionDetails: r.ExceptionDetails}
	}
	if r.Result == nil {
		return nil, errors.New("rendered: no answer from the page")
	}
	return r.Result.Value, nil
}

// probeClosed asks the DevTools protocol whether each custom element that
// extractFn kept aside hosts a closed shadow root (scripts cannot see one;
// DOM.describeNode with pierce can), resolves each it finds into the
// isolated world, and hands them to registerFn.
func probeClosed(ctx context.Context, t *chromedp.Target, id runtime.ExecutionContextID) error {
	list, err := cdp.Call(ctx, t, runtime.Evaluate, runtime.EvaluateParams{
		Expression: "globalThis.__webgraph.candidates", ContextID: id, ObjectGroup: world, Silent: new(true),
	})
	if err != nil {
		return err
	}
	if list.ExceptionDetails != nil || list.Result == nil || list.Result.ObjectID == "" {
		return nil
	}
	props, err := cdp.Call(ctx, t, runtime.GetProperties, runtime.GetPropertiesParams{ObjectID: list.Result.ObjectID, OwnProperties: new(true)})
	if err != nil {
		return err
	}
	var hosts []runtime.RemoteObjectID
	for _, p := range props.Result {
		if p.Value != nil && p.Value.ObjectID != "" && p.Value.Subtype == "node" {
			hosts = append(hosts, p.Value.ObjectID)
		}
	}
	var (
		mu    sync.Mutex
		roots []*runtime.CallArgument
		wg    sync.WaitGroup
		slots = make(chan struct{}, 8)
	)
	for _, h := range hosts {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			d, err := cdp.Call(ctx, t, dom.DescribeNode, dom.DescribeNodeParams{ObjectID: h, Depth: new(int64(0)), Pierce: new(true)})
			if err != nil || d.Node == nil {
				return // the node went away: nothing to read there
			}
			for _, r := range d.Node.ShadowRoots {
				if r.ShadowRootType != cdp.ShadowRootTypeClosed {
					continue
				}
				o, err := cdp.Call(ctx, t, dom.ResolveNode, dom.ResolveNodeParams{BackendNodeID: r.BackendNodeID, ExecutionContextID: id, ObjectGroup: world})
				if err != nil || o.Object == nil || o.Object.ObjectID == "" {
					continue
				}
				mu.Lock()
				roots = append(roots, &runtime.CallArgument{ObjectID: o.Object.ObjectID})
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(roots) == 0 || ctx.Err() != nil {
		return ctx.Err()
	}
	r, err := cdp.Call(ctx, t, runtime.CallFunctionOn, runtime.CallFunctionOnParams{
		FunctionDeclaration: registerFn, ExecutionContextID: id, Arguments: roots, ReturnByValue: new(true), Silent: new(true),
	})
	if err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return &chromedp.ExceptionError{ExceptionDetails: r.ExceptionDetails}
	}
	return nil
}

// fill copies what the script read into s, held to the caps whatever the
// script sent. xRobots are the main document's X-Robots-Tag header values.
func (ex *extracted) fill(s *fetch.Side, cfg Config, xRobots []string) {
	maxText := cfg.MaxText
	if maxText <= 0 {
		maxText = DefaultMaxText
	}
	s.Title = fetch.CollapseSpace(clipRunes(ex.Title, maxText))
	s.DOM = clipRunes(ex.DOM, maxText)
	text := ex.Text
	if utf8.RuneCountInString(text) > maxText {
		text, ex.Truncated = clipRunes(text, maxText), true
	}
	for _, line := range strings.Split(text, "\n") {
		if b := fetch.CollapseSpace(line); b != "" {
			s.Blocks = append(s.Blocks, b)
		}
	}
	s.Words = fetch.CountWords(s.Blocks)
	if ex.Truncated {
		s.Truncated = true
		s.Warnings = append(s.Warnings, fmt.Sprintf("rendered text longer than %d characters: kept the first %d", maxText, maxText))
	}
	if c, err := fetch.Normalize(nil, clipRunes(ex.Canonical, fetch.MaxURLBytes+1)); err == nil {
		s.Canonical = c
	}
	s.LinksCapped = max(ex.LinksOver, 0)
	if len(ex.Links) > maxLinks {
		s.LinksCapped += len(ex.Links) - maxLinks
		ex.Links = ex.Links[:maxLinks]
	}
	for _, l := range ex.Links {
		href := clipRunes(l.Href, fetch.MaxURLBytes+1)
		nu, err := fetch.Normalize(nil, href)
		if err != nil {
			continue
		}
		rel := clipRunes(l.Rel, maxAnchorText)
		s.Links = append(s.Links, fetch.Link{URL: nu, Fragment: fetch.Fragment(href), Anchor: fetch.Anchor(clipRunes(l.Anchor, maxAnchorText)), Rel: rel, Nofollow: hasToken(rel, "nofollow")})
	}
	if len(ex.Anchors) > fetch.MaxAnchors {
		ex.Anchors = ex.Anchors[:fetch.MaxAnchors]
	}
	for _, a := range ex.Anchors {
		s.Anchors = append(s.Anchors, clipRunes(a, fetch.MaxURLBytes+1))
	}

	h := &s.Head
	h.Description = fetch.Clip(ex.Description, fetch.MaxHeadField)
	h.H1 = fetch.Clip(ex.H1, fetch.MaxHeadField)
	var dirs []string
	for i, c := range ex.Robots {
		if i >= maxRobots {
			break
		}
		dirs = append(dirs, fetch.RobotsContent(clipRunes(c, maxMetaChars))...)
	}
	h.Robots = fetch.CapDirectives(append(dirs, fetch.XRobotsTag(xRobots, fetch.MetaAgent)...))
	if len(ex.Hreflang) > fetch.MaxHreflang {
		ex.Hreflang = ex.Hreflang[:fetch.MaxHreflang]
	}
	for _, l := range ex.Hreflang {
		lang := strings.ToLower(fetch.Clip(l.Lang, 35))
		u, err := fetch.Normalize(nil, clipRunes(l.Href, fetch.MaxURLBytes+1))
		if lang == "" || err != nil {
			continue
		}
		if h.Hreflang == nil {
			h.Hreflang = map[string]string{}
		}
		h.Hreflang[lang] = u
	}
	if len(ex.JSONLD) > fetch.MaxJSONLDScripts {
		ex.JSONLD = ex.JSONLD[:fetch.MaxJSONLDScripts]
	}
	h.StructuredData = fetch.JSONLDTypes(ex.JSONLD)
}

// clipRunes returns s cut to at most n runes.
func clipRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n {
			return s[:j]
		}
		i++
	}
	return s
}
