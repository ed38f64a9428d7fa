package rendered

import (
	"context"
	"iter"
	"sync"

	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
)

// A render holds its tab from the moment it starts until its page is read;
// then the page is stilled (tab.rest) and the tab waits for the next render.
// A page is still a program after it was read, and so are its frames and
// workers: what they ask for must never go out under another render. So each
// render is a scope, and everything the tab's pages ask for is tied to one
// (docs/design.md, "A read page sends nothing more"):
//
//   - a paused request is stamped, as it arrives from the browser, with the
//     scope live then: none between renders; for an out-of-process frame,
//     the scope it was attached in (frames.go). It is answered only while
//     that scope is live: checked when its answer starts, again once the
//     gate has answered (whose calls end when the scope does), and last
//     just before it is let go;
//   - a dedicated worker, or an out-of-process frame, belongs to the scope
//     live when it was attached, and runs only if that scope still is; its
//     network events count in that render's bookkeeping (navState), so a
//     worker's request in flight holds the wait and keeps the page from
//     being frozen;
//   - the requests a page or worker announces (Network.requestWillBeSent)
//     are remembered with their scope, so that one announced under a render
//     that ended is refused, whenever its pause arrives.
//
// Ending a scope waits for the answers already past their last check, so that
// once a render has ended nothing of it can still go out.

// scope is one render's hold on its tab. Its fields below mu are guarded by
// the tab's mu.
type scope struct {
	ctx    context.Context // the gate calls for its requests; done when it ends
	cancel context.CancelFunc
	nav    *navState // its network bookkeeping; nil for a no-script tab

	sending sync.WaitGroup // answers past their last check, until sent

	live       bool
	rec        record
	refusedDoc string // a main-document URL Config.Gate refused
	refusedErr error  // and the gate's answer
	// held counts the dedicated workers (and, on a browser webgraph did not
	// start, out-of-process frames) attached during it that still run.
	held int
	// crowded is set when its pages announced more requests than the tab
	// remembers (maxAnnounced).
	crowded bool
}

// begin makes a new scope the tab's live one. nav is its network bookkeeping
// (nil for none).
func (t *tab) begin(nav *navState) *scope {
	ctx, cancel := context.WithCancel(t.ctx)
	sc := &scope{ctx: ctx, cancel: cancel, nav: nav, live: true, rec: newRecord()}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cur = sc
	// Announcements older than the last render's cannot match a pause
	// still to come: the page that made them was stilled before it.
	t.announcedBefore, t.announced = t.announced, map[network.RequestID]*scope{}
	return sc
}

// end ends sc: nothing asked for under it goes out from now on. It returns
// once every answer that passed its last check has been sent.
func (t *tab) end(sc *scope) {
	t.mu.Lock()
	sc.live = false
	if t.cur == sc {
		t.cur = nil
	}
	t.mu.Unlock()
	sc.cancel()
	sc.sending.Wait()
}

// current returns the live scope, or nil.
func (t *tab) current() *scope {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.cur
}

// alive returns sc if it is still live, else nil. Called with t.mu held.
func (sc *scope) alive() *scope {
	if sc == nil || !sc.live {
		return nil
	}
	return sc
}

// maxAnnounced bounds the requests the tab remembers were announced since
// its last render began; a render past it is not frozen but emptied (see
// render), so that none of its requests can be left to pause later.
const maxAnnounced = 10000

// announce records that the request id was announced under sc (nil: no
// render was live).
func (t *tab) announce(id network.RequestID, sc *scope) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, known := t.announced[id]; known {
		return // a redirect's hop: the request keeps its scope
	}
	if len(t.announced) >= maxAnnounced {
		if sc != nil {
			sc.crowded = true
		}
		return
	}
	t.announced[id] = sc
}

// foreign reports whether the request id was announced under a scope other
// than sc. Called with t.mu held.
func (t *tab) foreign(id network.RequestID, sc *scope) bool {
	if id == "" {
		return false
	}
	for _, m := range []map[network.RequestID]*scope{t.announced, t.announcedBefore} {
		if a, ok := m[id]; ok {
			return a != sc
		}
	}
	return false
}

// stamp returns the scope a request pausing now in the tab's own session
// belongs to: the live one, unless the request was announced under another.
func (t *tab) stamp(ev *cdpfetch.EventRequestPaused) *scope {
	t.mu.Lock()
	defer t.mu.Unlock()
	sc := t.cur
	if sc != nil && t.foreign(ev.NetworkID, sc) {
		return nil
	}
	return sc
}

// stampIn returns the scope a request pausing now in the session of a target
// of owner's (an out-of-process frame) belongs to: owner, while it is live,
// unless the request was announced under another.
func (t *tab) stampIn(owner *scope, ev *cdpfetch.EventRequestPaused) *scope {
	t.mu.Lock()
	defer t.mu.Unlock()
	sc := owner.alive()
	if sc != nil && t.foreign(ev.NetworkID, sc) {
		return nil
	}
	return sc
}

// admit is a paused request's last check before it is let go: it reports
// whether sc is still live and the request was not announced under another
// scope. When it reports true, the caller must call sc.sending.Done once
// the answer is sent.
func (t *tab) admit(sc *scope, id network.RequestID) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if sc.alive() == nil || t.foreign(id, sc) {
		return false
	}
	sc.sending.Add(1)
	return true
}

// live reports whether sc is live.
func (t *tab) live(sc *scope) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return sc.alive() != nil
}

// hold counts one worker (or frame) of sc that is about to run; it returns
// sc, or nil when sc is no longer live (the target must then stay paused).
func (t *tab) hold(sc *scope) *scope {
	t.mu.Lock()
	defer t.mu.Unlock()
	if sc = sc.alive(); sc != nil {
		sc.held++
	}
	return sc
}

// unhold undoes one hold of sc.
func (t *tab) unhold(sc *scope) {
	if sc == nil {
		return
	}
	t.mu.Lock()
	sc.held--
	t.mu.Unlock()
}

// holding reports whether a worker or frame attached during sc still runs.
func (t *tab) holding(sc *scope) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return sc.held > 0
}

// stamped is a paused request and the scope it belongs to (nil: none).
type stamped struct {
	ev *cdpfetch.EventRequestPaused
	sc *scope
}

// queue is an unbounded FIFO that a session's reader fills without blocking
// (in a chromedp.Listen callback, so in the order the browser sent its
// messages) and one goroutine drains.
type queue[T any] struct {
	mu    sync.Mutex
	items []T
	wake  chan struct{}
}

func newQueue[T any]() *queue[T] { return &queue[T]{wake: make(chan struct{}, 1)} }

func (q *queue[T]) push(v T) {
	q.mu.Lock()
	q.items = append(q.items, v)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// all yields the items in the order they were pushed until ctx ends or
// gone is closed (nil: never).
func (q *queue[T]) all(ctx context.Context, gone <-chan struct{}) iter.Seq[T] {
	return func(yield func(T) bool) {
		for {
			q.mu.Lock()
			items := q.items
			q.items = nil
			q.mu.Unlock()
			for _, v := range items {
				if !yield(v) {
					return
				}
			}
			select {
			case <-q.wake:
			case <-ctx.Done():
				return
			case <-gone:
				return
			}
		}
	}
}
