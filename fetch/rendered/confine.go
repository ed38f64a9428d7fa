package rendered

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
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

// watch reads the targets attached under a page or worker session and
// confines each dedicated worker among them, until the session ends.
func (w *workers) watch(ctx context.Context, attached iter.Seq2[target.EventAttachedToTarget, error]) {
	defer w.wg.Done()
	for ev, err := range attached {
		if err != nil {
			return
		}
		if !ev.WaitingForDebugger {
			continue
		}
		if ev.TargetInfo.Type != "worker" {
			// Not a worker (an out-of-process frame of a browser
			// webgraph did not start): let it run, as before.
			w.release(ctx, ev.SessionID)
			continue
		}
		w.confine(ctx, ev)
	}
}

// release lets a paused target run by detaching the session that paused it.
func (w *workers) release(ctx context.Context, id target.SessionID) {
	cctx, cancel := context.WithTimeout(ctx, closeTimeout)
	defer cancel()
	chromedp.Call(cctx, target.DetachFromTarget, target.DetachFromTargetParams{SessionID: id})
}

// confine attaches to one paused worker, sets the WebSocket rule there,
// watches for nested workers, and lets it run; the session lasts as long as
// the worker (the rule lasts as long as the session).
func (w *workers) confine(parent context.Context, ev target.EventAttachedToTarget) {
	w.mu.Lock()
	if w.running >= maxWorkers {
		w.mu.Unlock()
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
			w.done()
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
	if err := chromedp.Listen(wctx, w.t.onEvent); err != nil {
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
	nested := chromedp.Events(wctx, target.AttachedToTarget)
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
		w.done()
	}()
	w.release(parent, ev.SessionID)
}

func (w *workers) done() {
	w.mu.Lock()
	w.running--
	w.mu.Unlock()
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
