package rendered

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// What the browser must not do, and the Fetch domain cannot see: WebSocket
// handshakes, WebRTC's STUN and TURN, and the connections a page's
// <link rel=preconnect> opens. None of them is a request the tab's Fetch
// domain pauses, so none could be put to the gate; each is closed below the
// page's reach instead.

// wsUnreachable makes every WebSocket of the session it is sent to fail
// before a connection is made (net::ERR_INTERNET_DISCONNECTED), whatever
// constructor the page found. It is network emulation of the DevTools
// session, so it holds in a browser webgraph did not start too.
var wsUnreachable = network.EmulateNetworkConditionsByRuleParams{
	MatchedNetworkConditions: []*network.Conditions{
		{URLPattern: "ws://*:*/*", Offline: true, DownloadThroughput: -1, UploadThroughput: -1},
		{URLPattern: "wss://*:*/*", Offline: true, DownloadThroughput: -1, UploadThroughput: -1},
	},
}

// wsDetail is the blocked_resources detail of a WebSocket.
const wsDetail = "WebSockets are never opened"

// maxWorkers bounds the dedicated workers one tab lets run at once; any
// more stay paused before their first line, and so never run.
const maxWorkers = 32

// workers confines the dedicated workers of one tab's pages. A worker has a
// network of its own, which the tab's emulation does not reach: each one
// starts paused (auto-attach waiting for the debugger), gets the same
// WebSocket rule in a session of its own and its WebSocket constructor
// replaced (worker-guard.js), and only then runs. A worker that cannot be
// confined is left paused.
type workers struct {
	t  *tab
	wg sync.WaitGroup // one goroutine per confined worker, and the tab's reader

	mu      sync.Mutex
	running int
}

// attachment is a target attached under a page or worker session, and the
// render it belongs to: the one live as it was attached (a nested worker's is
// its parent's). A worker counts in that render's hold (tab.hold) from then
// until it is gone; sc is nil when no render was live (or the parent's had
// ended).
type attachment struct {
	ev *target.EventAttachedToTarget
	sc *scope
}

// attachedTo returns a chromedp.Listen callback that queues each target
// attached under a session, with the render it belongs to, owner().
func (w *workers) attachedTo(owner func() *scope, q *queue[attachment]) func(ev any) {
	return func(ev any) {
		a, ok := ev.(*target.EventAttachedToTarget)
		if !ok {
			return
		}
		var sc *scope
		if a.WaitingForDebugger && a.TargetInfo.Type == "worker" {
			sc = w.t.hold(owner())
		}
		q.push(attachment{ev: a, sc: sc})
	}
}

// watch reads the targets attached under a page or worker session and
// confines each dedicated worker among them, until the session ends.
func (w *workers) watch(ctx context.Context, attached *queue[attachment]) {
	defer w.wg.Done()
	for a := range attached.all(ctx, nil) {
		ev := a.ev
		if !ev.WaitingForDebugger {
			continue
		}
		if ev.TargetInfo.Type != "worker" {
			// Not a worker (an out-of-process frame of a browser
			// webgraph did not start): let it run, as before.
			w.release(ctx, ev.SessionID)
			continue
		}
		w.confine(ctx, a)
	}
}

// release lets a paused target run by detaching the session that paused it.
func (w *workers) release(ctx context.Context, id target.SessionID) {
	cctx, cancel := context.WithTimeout(ctx, closeTimeout)
	defer cancel()
	chromedp.Call(cctx, target.DetachFromTarget, target.DetachFromTargetParams{SessionID: id})
}

// confine attaches to one paused worker, sets the WebSocket rule there,
// watches for nested workers, reports its network events to its render, and
// lets it run; the session lasts as long as the worker (the rule lasts as
// long as the session). A worker whose render is not live (it was attached
// between renders, or its render ended before it could run) is left paused:
// nothing it would ask for could go out.
func (w *workers) confine(parent context.Context, a attachment) {
	ev, sc := a.ev, a.sc
	if sc == nil {
		return // left paused
	}
	w.mu.Lock()
	if w.running >= maxWorkers || !w.t.live(sc) {
		w.mu.Unlock()
		w.t.unhold(sc)
		return // left paused
	}
	w.running++
	w.mu.Unlock()
	// Not ended by parent: ending the context detaches the session, and
	// with it the rule, while the worker might still run. It ends once
	// the worker is gone (see below).
	wctx, cancel := chromedp.NewContext(context.WithoutCancel(parent), chromedp.WithTargetID(ev.TargetInfo.TargetID))
	ok := false
	defer func() {
		if !ok {
			cancel()
			w.done(sc)
		}
	}()
	// The session's reader lives as long as wctx; the attach is bounded by
	// cancelling wctx itself.
	timer := time.AfterFunc(closeTimeout, cancel)
	err := chromedp.Do(wctx)
	if !timer.Stop() || err != nil {
		return
	}
	cctx, ccancel := context.WithTimeout(wctx, closeTimeout)
	defer ccancel()
	if _, err := chromedp.Call(cctx, network.EmulateNetworkConditionsByRule, wsUnreachable); err != nil {
		return
	}
	// Its requests count in its render's bookkeeping (navState) as its
	// page's do, and are announced under its render (scope.go); nested
	// workers belong to the same render.
	nested := newQueue[attachment]()
	if err := chromedp.Listen(wctx, func(ev any) {
		w.t.note(ev, sc)
		if sc.nav != nil {
			sc.nav.onEvent(ev)
		}
	}); err != nil {
		return
	}
	if err := chromedp.Listen(wctx, w.attachedTo(func() *scope { return sc }, nested)); err != nil {
		return
	}
	// The rule reaches the network service on its own time, which a
	// worker that runs at once can beat: its WebSocket constructor is
	// replaced too, before its first line runs.
	if _, err := chromedp.Call(cctx, runtime.AddBinding, runtime.AddBindingParams{Name: wsBinding}); err != nil {
		return
	}
	if _, err := chromedp.Run(cctx, chromedp.Evaluate[any](workerGuardJS)); err != nil {
		return
	}
	if _, err := chromedp.Call(cctx, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(true)}); err != nil {
		return
	}
	detached, err := chromedp.Detached(wctx)
	if err != nil {
		return
	}
	ok = true
	w.wg.Add(2)
	go w.watch(wctx, nested)
	go func() {
		defer w.wg.Done()
		select {
		case <-detached:
		case <-parent.Done():
			// The page (or the worker above) is going, and the
			// worker with it: its session stays until it has gone.
			select {
			case <-detached:
			case <-time.After(closeTimeout):
			}
		}
		cancel()
		w.done(sc)
	}()
	w.release(parent, ev.SessionID)
}

// done notes that a worker of the render of sc is gone (or will never run).
func (w *workers) done(sc *scope) {
	w.mu.Lock()
	w.running--
	w.mu.Unlock()
	w.t.unhold(sc)
}

// preferences are the browser profile's settings that flags cannot give:
// no network prediction (so a page's <link rel=preconnect> and
// dns-prefetch open nothing), and WebRTC sending no UDP except through a
// proxy (so STUN reaches no host). They hold only for a browser webgraph
// starts, in a profile of its own.
var preferences = map[string]any{
	"net": map[string]any{"network_prediction_options": 2},
	"webrtc": map[string]any{
		"ip_handling_policy":      "disable_non_proxied_udp",
		"multiple_routes_enabled": false,
		"nonproxied_udp_enabled":  false,
	},
}

// writePreferences writes preferences into the new profile directory dir.
func writePreferences(dir string) error {
	b, err := json.Marshal(preferences)
	if err != nil {
		return err
	}
	d := filepath.Join(dir, "Default")
	if err := os.MkdirAll(d, 0o700); err != nil {
		return fmt.Errorf("rendered: profile preferences: %w", err)
	}
	if err := os.WriteFile(filepath.Join(d, "Preferences"), b, 0o600); err != nil {
		return fmt.Errorf("rendered: profile preferences: %w", err)
	}
	return nil
}
