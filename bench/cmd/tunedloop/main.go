// Command tunedloop is the rendered peer that sets the bar for webgraph's
// union crawl (`make bench-peers`): the fastest honest chromedp loop that
// does the work a render does. From a seed it crawls one site breadth-first,
// each page once, with N hidden tabs at once; a page is read once it has
// settled as webgraph's wait has it (no DOM change for 100 ms, no timer due
// within 1.5 s, no fetch() or XHR unanswered for under 1 s; at most 3 s
// after load), and the read is webgraph's: the body's innerText and every
// a[href].
//
// It takes every shortcut webgraph takes (hidden targets, a read page
// frozen rather than navigated away from, the CSS, DOM and Log domains
// off, no target discovery in a tab's session, renderers kept at their
// priority) and those webgraph refuses for its promises: no request
// interception, one evaluate in the page's main world that waits and
// reads, no Network, Runtime or lifecycle events, and renderer processes
// shared between tabs. Its switches put webgraph's choices back one at a
// time (-intercept, -isolated, -events, -guard FILE, -extract FILE,
// -renderer-limit 0), so that the cost of each can be measured
// (docs/performance.md); -split is a measurement only: the wait and the
// read as two evaluates in the main world.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/performance"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// The settle condition, webgraph's defaults: a quiet DOM for quietMS, at
// most capMS after load; timers due within dueMS and fetches unanswered
// for under streamMS hold the wait.
const (
	quietMS  = 100
	capMS    = 3000
	dueMS    = 1500
	streamMS = 1000
)

// watchJS runs in every document before the page's scripts (unless -guard
// gives webgraph's own guard script instead). It keeps what the settle
// condition asks about: short timers still to run, fetch() and XHR calls
// unanswered, and the time of the DOM's last change; idle(quiet, cap)
// resolves once none holds and the DOM has been quiet for quiet ms, or
// after cap ms.
var watchJS = `(() => {
  const now = () => performance.now(), setT = window.setTimeout, clearT = window.clearTimeout;
  let last = now(), timers = 0;
  const touch = () => { last = now(); };
  const live = new Set();
  window.setTimeout = function (fn, delay, ...args) {
    const d = Number(delay) || 0;
    if (typeof fn !== "function" || d > ` + strconv.Itoa(dueMS) + `) return setT.call(window, fn, delay, ...args);
    timers++;
    const id = setT.call(window, function () {
      if (live.delete(id)) timers--;
      touch();
      return fn.apply(this, args);
    }, d);
    live.add(id);
    return id;
  };
  window.clearTimeout = function (id) { if (live.delete(id)) timers--; return clearT.call(window, id); };
  const calls = new Map();
  let next = 0;
  const begin = () => { const id = ++next; calls.set(id, now()); return () => { if (calls.delete(id)) touch(); }; };
  const f = window.fetch;
  if (f) window.fetch = function () { const end = begin(); const p = f.apply(this, arguments); p.then(end, end); return p; };
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function () { this.addEventListener("loadend", begin(), {once: true}); return send.apply(this, arguments); };
  new MutationObserver(touch).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const busy = (t) => { if (timers > 0) return true; for (const b of calls.values()) if (t - b < ` + strconv.Itoa(streamMS) + `) return true; return false; };
  Object.defineProperty(window, "__tunedIdle", {value: (quiet, cap) => new Promise((resolve) => {
    const start = now();
    const check = () => {
      const t = now(), held = busy(t);
      if (!held && t - last >= quiet) return resolve(true);
      if (t - start >= cap) return resolve(false);
      setT.call(window, check, Math.max(5, Math.min(held ? 20 : quiet - (t - last), cap - (t - start))));
    };
    check();
  })});
})();`

// waitExpr waits in the main world for the load event, then for the page
// to settle (by webgraph's guard script's function when it is there);
// readExpr reads. The loop evaluates waitExpr and readExpr as one
// expression; -isolated evaluates waitExpr here and readFn in an isolated
// world, as webgraph does.
var (
	waitExpr = fmt.Sprintf(`(async () => {
  if (document.readyState !== "complete") await new Promise((r) => addEventListener("load", r, {once: true}));
  const idle = window.__webgraphIdle || window.__tunedIdle;
  return idle ? await idle(%d, %d) : true;
})()`, quietMS, capMS)
	readFn = `function () {
  const links = [];
  for (const a of document.querySelectorAll("a[href]")) links.push(a.href);
  return {url: location.href, text: document.body ? document.body.innerText : "", links};
}`
	oneExpr = `(async () => { await ` + waitExpr + `; return (` + readFn + `)(); })()`
	// timedFn wraps a read's function declaration (%s) so that its answer
	// also says how long it ran in the page, in ms (-metrics).
	timedFn = `function () { const t = performance.now(), r = (%s).apply(this, arguments); r.readMS = performance.now() - t; return r; }`
)

// read is what a page gave.
type read struct {
	URL   string   `json:"url"`
	Text  string   `json:"text"`
	Links []string `json:"links"`
}

type options struct {
	intercept, isolated, events, split bool
	metrics                            bool   // the renderers' main-thread times, summed over the pages (Performance.getMetrics)
	guard                              string // the script every document gets first
	extract                            string // webgraph's read, a function called in the isolated world; "": readFn
	read, one                          string // the read's function declaration, and oneExpr with it
}

func main() {
	tabs := flag.Int("concurrency", 8, "tabs rendering at once")
	chrome := flag.String("chrome", "chromium", "the browser to start")
	limit := flag.Int("renderer-limit", 4, "--renderer-process-limit for the browser; 0: none (as webgraph)")
	var o options
	flag.BoolVar(&o.intercept, "intercept", false, "pause every request in the Fetch domain and let it go (as webgraph's gate does)")
	flag.BoolVar(&o.isolated, "isolated", false, "read in an isolated world, after a wait in the main world (as webgraph does)")
	flag.BoolVar(&o.events, "events", false, "keep the Network, Runtime and lifecycle events on, and follow the requests in flight (as webgraph does)")
	guardFile := flag.String("guard", "", "inject this script in every document instead of the loop's own watcher (webgraph's guard script)")
	extractFile := flag.String("extract", "", "read with this function in an isolated world (webgraph's extract.js; implies -isolated)")
	flag.BoolVar(&o.metrics, "metrics", false, "print the renderers' main-thread CPU times (script, compile, layout, style, task) summed over the pages, from Performance.getMetrics (threadTicks)")
	flag.BoolVar(&o.split, "split", false, "wait and read as two evaluates in the main world (a measurement of the second round trip)")
	flag.Parse()
	seed, err := url.Parse(flag.Arg(0))
	if err != nil || seed.Host == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: tunedloop [flags] URL")
		os.Exit(2)
	}
	o.guard = watchJS
	if *guardFile != "" {
		b, err := os.ReadFile(*guardFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		o.guard = string(b)
	}
	if *extractFile != "" {
		b, err := os.ReadFile(*extractFile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		o.extract, o.isolated = string(b), true
	}
	o.read, o.one = readFn, oneExpr
	if o.extract != "" {
		o.read = o.extract
	}
	if o.metrics {
		o.read = fmt.Sprintf(timedFn, o.read)
		o.one = `(async () => { await ` + waitExpr + `; return (` + o.read + `)(); })()`
	}
	pages, failed, words, err := crawl(seed, *chrome, *tabs, *limit, o)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d pages, %d failed, %d characters\n", pages, failed, words)
	if o.metrics {
		sums.print()
	}
}

// frontier is the crawl's queue, breadth-first, each URL once.
type frontier struct {
	mu       sync.Mutex
	cond     *sync.Cond
	queue    []string
	seen     map[string]bool
	inFlight int
}

// push queues u unless it was met before.
func (f *frontier) push(u string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.seen[u] {
		return
	}
	f.seen[u] = true
	f.queue = append(f.queue, u)
	f.cond.Signal()
}

// pop hands out the next URL, waiting while others are in flight; "" once
// the queue is empty and nothing is in flight.
func (f *frontier) pop() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	for len(f.queue) == 0 && f.inFlight > 0 {
		f.cond.Wait()
	}
	if len(f.queue) == 0 {
		f.cond.Broadcast()
		return ""
	}
	u := f.queue[0]
	f.queue = f.queue[1:]
	f.inFlight++
	return u
}

// done ends one URL handed out by pop.
func (f *frontier) done() {
	f.mu.Lock()
	f.inFlight--
	f.cond.Broadcast()
	f.mu.Unlock()
}

func crawl(seed *url.URL, chrome string, tabs, limit int, o options) (pages, failed, chars int64, err error) {
	dir, err := os.MkdirTemp("", "tunedloop-")
	if err != nil {
		return 0, 0, 0, err
	}
	defer os.RemoveAll(dir)
	// webgraph's browser flags (fetch/rendered/browser.go), and renderer
	// processes shared between tabs.
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chrome), chromedp.UserDataDir(dir),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("mute-audio", true),
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,MediaRouter,OptimizationHints,InterestFeedContentSuggestions,BackForwardCache,IsolateOrigins,site-per-process"),
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Env("TMPDIR="+dir))
	if limit > 0 {
		opts = append(opts, chromedp.Flag("renderer-process-limit", strconv.Itoa(limit)))
	}
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	if err := chromedp.Do(browser); err != nil {
		return 0, 0, 0, fmt.Errorf("starting the browser: %w", err)
	}

	f := &frontier{seen: map[string]bool{}}
	f.cond = sync.NewCond(&f.mu)
	f.push(seed.String())
	var np, nf, nc atomic.Int64
	var wg sync.WaitGroup
	errc := make(chan error, tabs)
	for range tabs {
		wg.Go(func() {
			var t *tab
			defer func() {
				if t != nil {
					t.close()
				}
			}()
			for u := f.pop(); u != ""; u = f.pop() {
				if t == nil { // opened as a page needs it, as webgraph does
					var err error
					if t, err = openTab(browser, o); err != nil {
						errc <- err
						f.done()
						return
					}
				}
				r, err := t.render(u, o)
				if err != nil {
					nf.Add(1)
					fmt.Fprintf(os.Stderr, "%s: %v\n", u, err)
					f.done()
					continue
				}
				np.Add(1)
				nc.Add(int64(len(r.Text)))
				for _, l := range r.Links {
					if lu, err := url.Parse(l); err == nil && lu.Host == seed.Host && (lu.Scheme == "http" || lu.Scheme == "https") {
						lu.Fragment = ""
						f.push(lu.String())
					}
				}
				f.done()
			}
		})
	}
	wg.Wait()
	select {
	case err := <-errc:
		return np.Load(), nf.Load(), nc.Load(), err
	default:
	}
	return np.Load(), nf.Load(), nc.Load(), nil
}

// metricSums are the renderers' times (Performance.getMetrics), summed
// over the pages read.
type metricSums struct {
	mu  sync.Mutex
	sum map[string]float64
}

var sums = metricSums{sum: map[string]float64{}}

// metricNames are the metrics summed: seconds of the renderer's main thread
// (the first, of the read alone, in the page's own clock).
var metricNames = []string{"ReadDuration", "TaskDuration", "ScriptDuration", "V8CompileDuration", "LayoutDuration", "RecalcStyleDuration", "TaskOtherDuration"}

func (m *metricSums) add(name string, v float64) {
	m.mu.Lock()
	m.sum[name] += v
	m.mu.Unlock()
}

func (m *metricSums) print() {
	for _, n := range metricNames {
		fmt.Printf("%s %.3f s\n", n, m.sum[n])
	}
}

// measure adds what the tab's renderer spent since the last reading (a
// metric that went down was reset, a new renderer, and counts whole), and
// how long the read ran in the page (ReadDuration, from its answer raw:
// timedFn).
func (t *tab) measure(ctx context.Context, raw []byte) error {
	var timed struct {
		MS float64 `json:"readMS"`
	}
	if err := json.Unmarshal(raw, &timed); err != nil {
		return err
	}
	sums.add("ReadDuration", timed.MS/1000)
	r, err := chromedp.Call(ctx, performance.GetMetrics, cdp.Empty{})
	if err != nil {
		return err
	}
	if t.last == nil {
		t.last = map[string]float64{}
	}
	for _, m := range r.Metrics {
		if !slices.Contains(metricNames, m.Name) {
			continue
		}
		d := m.Value - t.last[m.Name]
		if d < 0 {
			d = m.Value
		}
		sums.add(m.Name, d)
		t.last[m.Name] = m.Value
	}
	return nil
}

// tab is one hidden tab, reused page after page.
type tab struct {
	last   map[string]float64 // the metrics at the last reading (-metrics)
	ctx    context.Context
	cancel context.CancelFunc
	frame  cdp.FrameID
	wg     sync.WaitGroup // the request-answering goroutine (-intercept)
	flight atomic.Int64   // requests in flight, from the Network events (-events)
}

// openTab opens a hidden target (in no window and no tab strip: never
// drawn), gives it the viewport a background tab has, turns off what a
// render does not use, and adds the script every document runs first.
func openTab(browser context.Context, o options) (*tab, error) {
	res, err := chromedp.CallBrowser(browser, target.CreateTarget, target.CreateTargetParams{URL: "about:blank", Hidden: ptr(true), Background: ptr(true)})
	if err != nil {
		return nil, fmt.Errorf("opening a hidden tab: %w", err)
	}
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithTargetID(res.TargetID))
	t := &tab{ctx: ctx, cancel: cancel, frame: cdp.FrameID(res.TargetID)}
	fail := func(err error) (*tab, error) {
		cancel()
		return nil, fmt.Errorf("setting up a tab: %w", err)
	}
	if err := chromedp.Do(ctx); err != nil { // attaches: chromedp enables its domains
		return fail(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 780, Height: 437, DeviceScaleFactor: 1}); err != nil {
		return fail(err)
	}
	// No target discovery in the tab's session, as webgraph's tabs.
	if _, err := chromedp.Call(ctx, target.SetDiscoverTargets, target.SetDiscoverTargetsParams{Discover: false}); err != nil {
		return fail(err)
	}
	off := []cdp.Command[cdp.Empty, cdp.Empty]{css.Disable, dom.Disable, log.Disable}
	if !o.events {
		off = append(off, network.Disable, runtime.Disable)
	}
	for _, c := range off {
		if _, err := chromedp.Call(ctx, c, cdp.Empty{}); err != nil {
			return fail(err)
		}
	}
	if !o.events {
		if _, err := chromedp.Call(ctx, page.SetLifecycleEventsEnabled, page.SetLifecycleEventsEnabledParams{Enabled: false}); err != nil {
			return fail(err)
		}
	} else if err := chromedp.Listen(ctx, t.onEvent); err != nil {
		return fail(err)
	}
	if o.metrics {
		if _, err := chromedp.Call(ctx, performance.Enable, performance.EnableParams{TimeDomain: performance.EnableTimeDomainThreadTicks}); err != nil {
			return fail(err)
		}
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: o.guard}); err != nil {
		return fail(err)
	}
	if o.intercept {
		paused := chromedp.Events(ctx, cdpfetch.RequestPaused)
		if _, err := chromedp.Call(ctx, cdpfetch.Enable, cdpfetch.EnableParams{Patterns: []*cdpfetch.RequestPattern{{URLPattern: "*", RequestStage: cdpfetch.RequestStageRequest}}}); err != nil {
			return fail(err)
		}
		t.wg.Go(func() {
			for ev, err := range paused {
				if err != nil {
					return
				}
				go chromedp.Call(ctx, cdpfetch.ContinueRequest, cdpfetch.ContinueRequestParams{RequestID: ev.RequestID})
			}
		})
	}
	return t, nil
}

// onEvent follows the requests in flight, as webgraph's tab does from the
// same events (-events).
func (t *tab) onEvent(ev any) {
	switch ev.(type) {
	case *network.EventRequestWillBeSent:
		t.flight.Add(1)
	case *network.EventLoadingFinished, *network.EventLoadingFailed:
		t.flight.Add(-1)
	}
}

func (t *tab) close() {
	t.cancel()
	t.wg.Wait()
}

// renderTimeout bounds one page.
const renderTimeout = 20 * time.Second

// render loads u, waits for it to settle and reads it, then freezes it where
// it is: its tasks and timers run no more, and the tab's next navigation
// replaces it.
func (t *tab) render(u string, o options) (read, error) {
	ctx, cancel := context.WithTimeout(t.ctx, renderTimeout)
	defer cancel()
	var r read
	nav, err := chromedp.Call(ctx, page.Navigate, page.NavigateParams{URL: u})
	if err != nil {
		return r, err
	}
	if nav.ErrorText != "" {
		return r, errors.New(nav.ErrorText)
	}
	var raw []byte
	switch {
	case o.isolated:
		raw, err = t.readIsolated(ctx, o.read, o.extract != "")
	case o.split:
		if _, err = evaluate(ctx, waitExpr, 0); err == nil {
			raw, err = evaluate(ctx, "("+o.read+")()", 0)
		}
	default:
		raw, err = evaluate(ctx, o.one, 0)
	}
	if err != nil {
		return r, err
	}
	if o.extract != "" {
		err = r.fromExtract(raw)
	} else {
		err = json.Unmarshal(raw, &r)
	}
	if err != nil {
		return r, err
	}
	if r.URL != u {
		return r, fmt.Errorf("read %s, not the page asked for", r.URL)
	}
	if o.metrics {
		if err := t.measure(ctx, raw); err != nil {
			return r, err
		}
	}
	_, err = chromedp.Call(ctx, page.SetWebLifecycleState, page.SetWebLifecycleStateParams{State: page.SetWebLifecycleStateStateFrozen})
	return r, err
}

// fromExtract takes a read from extract.js's answer: its links are
// objects, and it may ask for closed shadow roots to be found first, which
// no page of the benchmark's site has.
func (r *read) fromExtract(raw []byte) error {
	var ex struct {
		URL   string `json:"url"`
		Text  string `json:"text"`
		Probe int    `json:"probe"`
		Links []struct {
			Href string `json:"href"`
		} `json:"links"`
	}
	if err := json.Unmarshal(raw, &ex); err != nil {
		return err
	}
	if ex.Probe > 0 {
		return errors.New("extract.js asked for closed shadow roots")
	}
	r.URL, r.Text = ex.URL, ex.Text
	for _, l := range ex.Links {
		r.Links = append(r.Links, l.Href)
	}
	return nil
}

// extractArgs are extract.js's arguments, as webgraph's first read passes
// them: its default text cap, no DOM kept, closed roots looked for.
var extractArgs = []*runtime.CallArgument{{Value: []byte(strconv.Itoa(10 << 20))}, {Value: []byte("false")}, {Value: []byte("true")}}

// readIsolated waits in the main world, and reads with fn in an isolated
// world made meanwhile: webgraph's read (fetch/rendered/extract.go); fn is
// extract.js when extract is true, and gets its arguments.
func (t *tab) readIsolated(ctx context.Context, fn string, extract bool) ([]byte, error) {
	type made struct {
		id  runtime.ExecutionContextID
		err error
	}
	world := make(chan made, 1)
	go func() {
		w, err := chromedp.Call(ctx, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: t.frame, WorldName: "tunedloop"})
		world <- made{w.ExecutionContextID, err}
	}()
	_, err := evaluate(ctx, waitExpr, 0)
	w := <-world
	if err != nil {
		return nil, err
	}
	if w.err != nil {
		return nil, w.err
	}
	p := runtime.CallFunctionOnParams{FunctionDeclaration: fn, ExecutionContextID: w.id, ReturnByValue: ptr(true), Silent: ptr(true)}
	if extract {
		p.Arguments = extractArgs
	}
	r, err := chromedp.Call(ctx, runtime.CallFunctionOn, p)
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil || r.Result == nil {
		return nil, errors.New("the read failed in the isolated world")
	}
	return r.Result.Value, nil
}

// evaluate runs expr in the page's main world (or the context id) and
// returns its value, awaited.
func evaluate(ctx context.Context, expr string, id runtime.ExecutionContextID) ([]byte, error) {
	r, err := chromedp.Call(ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr, ContextID: id, AwaitPromise: ptr(true), ReturnByValue: ptr(true)})
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, &chromedp.ExceptionError{ExceptionDetails: r.ExceptionDetails}
	}
	if r.Result == nil {
		return nil, errors.New("no answer from the page")
	}
	return r.Result.Value, nil
}

func ptr[T any](v T) *T { return &v }
