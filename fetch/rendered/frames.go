package rendered

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/cdp/jsonv2"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// A browser with site isolation on (any remote browser started with its
// defaults) runs a cross-site iframe in a process of its own, whose
// requests never pass the page's Fetch domain: without more they would
// reach their hosts without the gate. So on a remote browser every tab
// has the browser pause each such frame before it starts (auto-attach,
// waitForDebuggerOnStart), enables the same interception in the frame's
// own session, and lets it run only once that interception is in place;
// the frame's own cross-site frames are treated the same way, however
// deep. A frame that cannot be given it stays paused: it never sends a
// request, and ends with its page. A browser webgraph starts keeps such
// frames in the page's process (site isolation off), where the tab's
// interception sees them.
//
// The frames' sessions are not flat: chromedp routes messages only to the
// sessions it made itself, and attaching its way to a paused frame fails
// (the frame has no JavaScript context yet). Each frame's messages come
// wrapped in Target.receivedMessageFromTarget of its parent's session,
// and go to it by Target.sendMessageToTarget.

// sender sends one command on a session and waits for its answer.
type sender func(ctx context.Context, method string, params any) error

// frameSession is one out-of-process frame's session, reached through the
// session of its parent (a tab, or another frame).
type frameSession struct {
	t      *tab
	id     target.SessionID
	parent sender
	gate   Gate
	next   atomic.Int64

	// owner is the render the target belongs to (scope.go): the one live
	// when it was attached, its parent's for a nested one; nil for the
	// tab's own session. held is owner while the target counts in its
	// render's hold (tab.hold): a frame or worker let run.
	owner, held *scope

	mu       sync.Mutex
	pending  map[int64]chan error
	children map[target.SessionID]*frameSession
	paused   *queue[stamped] // nil for a target that is not a frame
	worker   bool            // a dedicated worker: confined before it runs
	gone     chan struct{}   // closed when the session ends
	goneOnce sync.Once
}

// guardFrames makes the tab's page pause the out-of-process frames it
// starts, and gives each the tab's interception; see above. The messages
// of the frames' sessions are read in the order the browser sent them, with
// the tab's own (chromedp.Listen), so that each frame, worker and paused
// request is tied to the render live as it arrived (scope.go).
func (t *tab) guardFrames(ctx context.Context, gate Gate) error {
	root := &frameSession{t: t, gate: gate, children: map[target.SessionID]*frameSession{}, gone: make(chan struct{})}
	call := chromedp.FromContext(ctx).Target.Call
	root.parent = func(ctx context.Context, method string, params any) error { return call(ctx, method, params, nil) }
	if err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *target.EventAttachedToTarget:
			root.attached(ctx, *ev, root.parent, t.current())
		case *target.EventReceivedMessageFromTarget:
			root.route(ctx, ev.SessionID, ev.Message)
		case *target.EventDetachedFromTarget:
			root.detached(ev.SessionID)
		}
	}); err != nil {
		return err
	}
	if err := call(ctx, target.SetAutoAttach.Method, target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(false)}, nil); err != nil {
		return fmt.Errorf("pausing the page's frames: %w", err)
	}
	return nil
}

// attached answers a frame (or other target) that the session s paused,
// for the render of owner. via sends commands on s itself. A frame or
// worker whose render is not live stays paused: nothing it would ask for
// could go out. It runs on a session's reading goroutine: no commands.
func (s *frameSession) attached(ctx context.Context, ev target.EventAttachedToTarget, via sender, owner *scope) {
	child := &frameSession{t: s.t, id: ev.SessionID, gate: s.gate, owner: owner, pending: map[int64]chan error{}, children: map[target.SessionID]*frameSession{}, gone: make(chan struct{})}
	child.parent = via
	child.worker = ev.TargetInfo.Type == "worker"
	if ev.TargetInfo.Type == "iframe" {
		child.paused = newQueue[stamped]()
	}
	if child.worker || child.paused != nil {
		if child.held = s.t.hold(owner); child.held == nil {
			return // left paused
		}
	}
	s.mu.Lock()
	s.children[ev.SessionID] = child
	s.mu.Unlock()
	go child.start(ctx, ev.WaitingForDebugger)
}

// start sets up the frame's interception and lets it run; a dedicated
// worker is confined as confine.go confines one (the WebSocket rule and
// constructor, its own workers paused in turn, its network events reported
// to its render) and then let run; any other target is let go as it is (the
// browser-wide guard answers those it must). A target that cannot be set up
// stays paused.
func (s *frameSession) start(ctx context.Context, waiting bool) {
	if s.worker {
		if s.call(ctx, network.EmulateNetworkConditionsByRule.Method, wsUnreachable) != nil ||
			s.call(ctx, network.Enable.Method, network.EnableParams{}) != nil ||
			s.call(ctx, runtime.Evaluate.Method, runtime.EvaluateParams{Expression: workerGuardJS}) != nil ||
			s.call(ctx, target.SetAutoAttach.Method, target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(false)}) != nil {
			return // left paused
		}
	}
	if s.paused != nil {
		go s.t.serve(withFrame(ctx, s), s.paused.all(ctx, s.gone), s.gate)
		if err := s.call(ctx, cdpfetch.Enable.Method, cdpfetch.EnableParams{Patterns: []*cdpfetch.RequestPattern{{URLPattern: "*", RequestStage: cdpfetch.RequestStageRequest}}}); err != nil {
			return // left paused
		}
		if err := s.call(ctx, target.SetAutoAttach.Method, target.SetAutoAttachParams{AutoAttach: true, WaitForDebuggerOnStart: true, Flatten: new(false)}); err != nil {
			return
		}
	}
	if waiting {
		s.call(ctx, "Runtime.runIfWaitingForDebugger", struct{}{})
	}
}

// call sends a command to the frame and waits for its answer.
func (s *frameSession) call(ctx context.Context, method string, params any) error {
	id := s.next.Add(1)
	done := make(chan error, 1)
	s.mu.Lock()
	s.pending[id] = done
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pending, id)
		s.mu.Unlock()
	}()
	ctx, cancel := context.WithTimeout(ctx, closeTimeout)
	defer cancel()
	if err := s.send(ctx, id, method, params); err != nil {
		return err
	}
	select {
	case err := <-done:
		return err
	case <-s.gone:
		return fmt.Errorf("frame session %s ended", s.id)
	case <-ctx.Done():
		return ctx.Err()
	}
}

// send sends a command with the given id to the frame; its answer, when
// it comes, goes to the call waiting for id, if any.
func (s *frameSession) send(ctx context.Context, id int64, method string, params any) error {
	msg, err := json.Marshal(struct {
		ID     int64  `json:"id"`
		Method string `json:"method"`
		Params any    `json:"params"`
	}{id, method, params})
	if err != nil {
		return err
	}
	return s.parent(ctx, "Target.sendMessageToTarget", map[string]any{"sessionId": s.id, "message": string(msg)})
}

// route hands a message wrapped by session s to the child it came from.
func (s *frameSession) route(ctx context.Context, from target.SessionID, raw string) {
	s.mu.Lock()
	child := s.children[from]
	s.mu.Unlock()
	if child != nil {
		child.receive(ctx, raw)
	}
}

// receive reads one message of the frame's session. It runs on the tab
// session's reading goroutine (see guardFrames): it never blocks.
func (s *frameSession) receive(ctx context.Context, raw string) {
	var msg struct {
		ID     int64           `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
		Error  *struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal([]byte(raw), &msg) != nil {
		return
	}
	switch msg.Method {
	case "":
		s.mu.Lock()
		done := s.pending[msg.ID]
		s.mu.Unlock()
		if done != nil {
			var err error
			if msg.Error != nil {
				err = fmt.Errorf("frame session: %s", msg.Error.Message)
			}
			done <- err
		}
	case cdpfetch.RequestPaused.Method:
		var ev cdpfetch.EventRequestPaused
		if json.Unmarshal(msg.Params, &ev) != nil {
			return
		}
		if s.paused != nil {
			s.paused.push(stamped{ev: &ev, sc: s.t.stampIn(s.owner, &ev)})
		}
	case target.AttachedToTarget.Method:
		var ev target.EventAttachedToTarget
		if json.Unmarshal(msg.Params, &ev) == nil {
			s.attached(ctx, ev, s.call, s.owner)
		}
	case target.ReceivedMessageFromTarget.Method:
		var ev target.EventReceivedMessageFromTarget
		if json.Unmarshal(msg.Params, &ev) == nil {
			s.route(ctx, ev.SessionID, ev.Message)
		}
	case target.DetachedFromTarget.Method:
		var ev target.EventDetachedFromTarget
		if json.Unmarshal(msg.Params, &ev) == nil {
			s.detached(ev.SessionID)
		}
	default:
		// A worker's network events (see start) count in its render's
		// bookkeeping as its page's do.
		if s.worker && strings.HasPrefix(msg.Method, "Network.") {
			ev, err := cdproto.UnmarshalMessage(&cdproto.Message{Method: cdproto.MethodType(msg.Method), Params: jsonv2.Value(msg.Params)}, chromedp.DefaultUnmarshalOptions)
			if err == nil {
				s.t.note(ev, s.owner)
				if s.owner != nil && s.owner.nav != nil {
					s.owner.nav.onEvent(ev)
				}
			}
		}
	}
}

// detached forgets the child whose session ended.
func (s *frameSession) detached(id target.SessionID) {
	s.mu.Lock()
	child := s.children[id]
	delete(s.children, id)
	s.mu.Unlock()
	if child != nil {
		child.goneOnce.Do(func() {
			close(child.gone)
			s.t.unhold(child.held)
		})
	}
}

type frameKey struct{}

// withFrame marks ctx as serving the frame s: the answers to its paused
// requests go to its session (see reply).
func withFrame(ctx context.Context, s *frameSession) context.Context {
	return context.WithValue(ctx, frameKey{}, s)
}

// reply sends the answer to a paused request to the session that paused
// it: a frame's (withFrame), or the tab's. A frame's answer is not waited
// for: its reply comes through the same reader that brings the frame's
// paused requests, which a hostile frame can keep busy.
func reply[P any](ctx context.Context, cmd cdp.Command[P, cdp.Empty], params P) {
	if s, _ := ctx.Value(frameKey{}).(*frameSession); s != nil {
		s.send(ctx, s.next.Add(1), cmd.Method, params)
		return
	}
	chromedp.Call(ctx, cmd, params)
}
