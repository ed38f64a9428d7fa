package rendered

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// closeTimeout bounds one command of the guard.
const closeTimeout = 5 * time.Second

// maxSeenTargets bounds the guard's memory of targets it has answered.
const maxSeenTargets = 4096

// startGuard makes the browser pause every new target before its first
// request (auto-attach with waitForDebuggerOnStart) and starts the goroutine
// that answers each one:
//
//   - a page or tab opened by another (a popup, a new window, a
//     target=_blank link) is closed while paused: it never sends a request;
//   - a service worker or shared worker is closed, or where the browser
//     does not allow that, left paused: it does not run while webgraph is
//     connected (pages bypass service workers anyway, and the guard script
//     refuses to register them; see newTab);
//   - everything else (the tabs webgraph opens, the browser's own UI
//     targets, on a remote browser every target outside webgraph's browser
//     context) is let go at once.
//
// The goroutine ends with the browser; stop waits for it.
func (b *browser) startGuard() error {
	attached := chromedp.BrowserEvents(b.ctx, target.AttachedToTarget)
	if _, err := chromedp.CallBrowser(b.ctx, target.SetAutoAttach, target.SetAutoAttachParams{
		AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(true),
	}); err != nil {
		return fmt.Errorf("rendered: pausing new targets: %w", err)
	}
	b.guard.Add(1)
	go func() {
		defer b.guard.Done()
		seen := map[target.ID]bool{}
		for ev, err := range attached {
			if err != nil {
				return
			}
			info := ev.TargetInfo
			// Only the first attach of a target is the guard's own (at
			// creation, paused): later ones are chromedp attaching to
			// the tabs it opened.
			if !ev.WaitingForDebugger || seen[info.TargetID] {
				continue
			}
			if len(seen) >= maxSeenTargets {
				clear(seen)
			}
			seen[info.TargetID] = true
			b.answerTarget(ev)
		}
	}()
	return nil
}

// answerTarget closes, keeps paused, or lets go one newly attached target.
func (b *browser) answerTarget(ev target.EventAttachedToTarget) {
	info := ev.TargetInfo
	ours := b.context == "" || info.BrowserContextID == b.context
	ctx, cancel := context.WithTimeout(b.ctx, closeTimeout)
	defer cancel()
	switch {
	case ours && (info.Type == "page" || info.Type == "tab") && info.OpenerID != "":
		chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: info.TargetID})
		b.notePopup(cdp.FrameID(info.OpenerID))
	case ours && (info.Type == "service_worker" || info.Type == "shared_worker"):
		// Closed if the browser lets us; else left paused, so that it
		// never runs while webgraph is connected.
		chromedp.CallBrowser(ctx, target.CloseTarget, target.CloseTargetParams{TargetID: info.TargetID})
	default:
		// Detaching the guard's session lets a paused target run.
		chromedp.CallBrowser(ctx, target.DetachFromTarget, target.DetachFromTargetParams{SessionID: ev.SessionID})
	}
}

// notePopup tells the tab whose page opened a window that the guard closed
// it; the tab listed it already, from Page.windowOpen.
func (b *browser) notePopup(opener cdp.FrameID) {
	b.mu.Lock()
	t := b.tabs[opener]
	b.mu.Unlock()
	if t != nil {
		t.popupClosed()
	}
}
