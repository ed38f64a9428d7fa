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

// extracted is extract.js's answer (Idle is wait.js's).
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
	Pres   []string `json:"pres"` // the innerText of each <pre> shown, in order
	Idle   bool     `json:"-"`
	// Guarded is wait.js's too: the guard script runs in the document (or
	// the page did not let the wait answer, which the guard is then
	// taken to).
	Guarded bool `json:"-"`
	Probe   int  `json:"probe"`
}

// readPage is the action that waits up to most for the page to be idle for
// quiet (wait.js, in the page's world), then reads it (extract.js, in the
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
			Expression:    waitExpr(quiet.Milliseconds(), most.Milliseconds()),
			AwaitPromise:  new(true),
			ReturnByValue: new(true),
		})
		timedOut := wctx.Err() != nil
		cancel()
		idle, guarded := false, true
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
			var answer string
			if wait.Result != nil {
				answer = string(wait.Result.Value)
			}
			idle = answer != "false"
			guarded = answer == "true" || answer == "false"
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
		ex.Idle, ex.Guarded = idle, guarded
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
// extract.js kept aside hosts a closed shadow root (scripts cannot see one;
// DOM.describeNode with pierce can), resolves each it finds into the
// isolated world, and hands them to register.js.
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
	s.Blocks = textBlocks(text, ex.Pres)
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

// textBlocks cuts a render's text into blocks: each line, its white space
// collapsed, is one, except that the text of each <pre> of pres (innerText,
// in document order) that the text holds on lines of its own, in that order,
// is one block (fetch.PreBlock), as the plain side makes it. The search for
// them is bounded by the text's length: past that, the rest is cut by lines.
func textBlocks(text string, pres []string) []string {
	var blocks []string
	lines := func(s string) {
		for _, line := range strings.Split(s, "\n") {
			if b := fetch.CollapseSpace(line); b != "" {
				blocks = append(blocks, b)
			}
		}
	}
	at, budget := 0, 4*len(text)
	for _, p := range pres {
		p = strings.Trim(p, "\n")
		if strings.TrimSpace(p) == "" {
			continue
		}
		i := lineIndex(text[at:], p, &budget)
		if budget < 0 {
			break
		}
		if i < 0 {
			continue
		}
		lines(text[at : at+i])
		blocks = append(blocks, fetch.PreBlock(p))
		at += i + len(p)
	}
	lines(text[at:])
	return blocks
}

// lineIndex returns where p first stands on lines of its own in s (starting
// a line and ending one), or -1. It takes from *budget what it reads.
func lineIndex(s, p string, budget *int) int {
	for off := 0; off <= len(s); {
		*budget -= len(s) - off
		if *budget < 0 {
			return -1
		}
		i := strings.Index(s[off:], p)
		if i < 0 {
			return -1
		}
		i += off
		if end := i + len(p); (i == 0 || s[i-1] == '\n') && (end == len(s) || s[end] == '\n') {
			return i
		}
		off = i + 1
	}
	return -1
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
