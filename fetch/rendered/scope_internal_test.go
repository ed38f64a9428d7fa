package rendered

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch"
)

func paused(id network.RequestID) *cdpfetch.EventRequestPaused {
	return &cdpfetch.EventRequestPaused{RequestID: "job-" + cdpfetch.RequestID(id), NetworkID: id}
}

// TestScopeTiesRequests walks a tab through two renders and the time between
// them, and asks which render each request belongs to: the live one as it
// arrives, unless it was announced under another (or under none), and never
// a render that has ended.
func TestScopeTiesRequests(t *testing.T) {
	tb := &tab{ctx: context.Background(), announced: map[network.RequestID]*scope{}}

	first := tb.begin(nil)
	tb.announce("a", first)
	if got := tb.stamp(paused("a")); got != first {
		t.Errorf("a request announced by the live render is stamped %p; want the render %p", got, first)
	}
	if got := tb.stamp(paused("unannounced")); got != first {
		t.Errorf("a request not yet announced is stamped %p; want the live render %p", got, first)
	}
	if !tb.admit(first, "a") {
		t.Fatal("admit refused a request of the live render")
	}
	ended := make(chan struct{})
	go func() {
		tb.end(first)
		close(ended)
	}()
	select {
	case <-ended:
		t.Fatal("the render ended while one of its answers, past its last check, was still being sent")
	case <-time.After(50 * time.Millisecond):
	}
	first.sending.Done()
	<-ended
	if first.ctx.Err() == nil {
		t.Error("the ended render's context is live; want its gate calls ended")
	}

	// Between renders: nothing belongs to any render, and what is
	// announced now belongs to none.
	if got := tb.stamp(paused("b")); got != nil {
		t.Errorf("a request arriving between renders is stamped %p; want none", got)
	}
	tb.announce("between", nil)
	if tb.admit(first, "a") {
		t.Error("admit let a request of an ended render go")
	}

	second := tb.begin(nil)
	for _, id := range []network.RequestID{"a", "between"} {
		if got := tb.stamp(paused(id)); got != nil {
			t.Errorf("request %s, announced before the second render, is stamped %p under it; want none", id, got)
		}
	}
	if got := tb.stamp(paused("c")); got != second {
		t.Errorf("a new request is stamped %p; want the second render %p", got, second)
	}
	// An announcement that comes after the pause still counts at the last
	// check: a worker's comes on its own session, after its pause.
	late := tb.stamp(paused("late"))
	tb.announce("late", first)
	if tb.admit(late, "late") {
		t.Error("admit let go a request announced under an ended render")
	}
	tb.announce("mine", second)
	if !tb.admit(second, "mine") {
		t.Error("admit refused a request the live render announced")
	}
	second.sending.Done()
	// A redirect's hop is announced again under the same id: it keeps the
	// render its request had.
	tb.announce("mine", nil)
	if got := tb.stamp(paused("mine")); got != second {
		t.Errorf("a redirect's hop is stamped %p; want its request's render %p", got, second)
	}

	// A render whose pages announce more than the tab remembers is said
	// to be crowded, so that it is emptied rather than frozen.
	for i := range maxAnnounced {
		tb.announce(network.RequestID(fmt.Sprint("n", i)), second)
	}
	tb.mu.Lock()
	crowded := second.crowded
	tb.mu.Unlock()
	if !crowded {
		t.Errorf("%d announcements past a full memory left the render uncrowded", maxAnnounced)
	}
	tb.end(second)
}

// TestScopeHolds: a worker counts in its render's hold only while the render
// is live when it is attached, and until it is gone.
func TestScopeHolds(t *testing.T) {
	tb := &tab{ctx: context.Background(), announced: map[network.RequestID]*scope{}}
	sc := tb.begin(nil)
	if tb.hold(sc) != sc || !tb.holding(sc) {
		t.Fatal("a worker attached during a render does not hold it")
	}
	tb.unhold(sc)
	if tb.holding(sc) {
		t.Error("a worker gone still holds its render")
	}
	tb.end(sc)
	if got := tb.hold(sc); got != nil {
		t.Errorf("a worker attached after its render ended is held by %p; want none (it stays paused)", got)
	}
	if got := tb.hold(nil); got != nil {
		t.Errorf("a worker attached between renders is held by %p; want none", got)
	}
}

// TestRestDecisions renders pages in one tab and checks how rest will still
// each, and that a freeze is complete when it returns.
func TestRestDecisions(t *testing.T) {
	path := chromeForTest(t)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/worker.html":
			// Its worker asks for nothing: it says hello and idles.
			fmt.Fprint(w, `<!doctype html><title>Idle worker</title><p>A page with a worker that does nothing.</p><script>
let heard = false;
new Worker(URL.createObjectURL(new Blob(["postMessage(1)"], {type: "text/javascript"}))).onmessage = () => { heard = true; };
const wait = () => { if (!heard) setTimeout(wait, 20); };
wait();
</script>`)
		default:
			fmt.Fprint(w, `<!doctype html><title>Plain</title><p>A page that is read, and nothing more.</p>`)
		}
	}))
	defer ts.Close()
	b, err := startBrowser(path, "webgraph-test", false)
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	cfg := Config{Timeout: 20 * time.Second, Quiet: DefaultQuiet, WaitCap: DefaultWaitCap, MaxText: DefaultMaxText, UserAgent: "webgraph-test", Viewport: DefaultViewport}
	tb, err := newTab(b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.close()
	render := func(path, title string) {
		t.Helper()
		s := &fetch.Side{}
		if err := tb.render(context.Background(), mustParse(t, ts.URL+path), cfg, s); err != nil || s.Title != title {
			t.Fatalf("render %s: title %q, err %v", path, s.Title, err)
		}
		if !tb.guarded {
			t.Fatalf("render %s: the guard script was not seen in the page", path)
		}
	}

	// A dedicated worker is a thread of its own, which the page's freeze
	// reaches only after the page: a page with one still running is
	// emptied, not frozen.
	render("/worker.html", "Idle worker")
	if !tb.open {
		t.Error("a page whose worker still runs is to be frozen; want it emptied")
	}
	if err := tb.rest(); err != nil {
		t.Fatalf("rest: %v", err)
	}
	render("/plain.html", "Plain")
	if tb.open {
		t.Error("a page with nothing in flight and no worker is to be emptied; want it frozen")
	}
	// The binding that says the page is frozen is the guard's alone.
	if seen, err := chromedp.Run(tb.ctx, chromedp.Evaluate[string](`typeof window[`+jsString(frozenBinding)+`]`)); err != nil || seen != "undefined" {
		t.Errorf("the page sees the frozen binding as %q (err %v); want it undefined, kept by the guard", seen, err)
	}

	// The browser answers the freeze before the page's renderer has frozen
	// the page, and a task of the page running then runs to its end (where
	// it may ask for something). freeze returns only once the page has
	// said it is frozen: the console message a task logs as it ends
	// arrives before freeze returns.
	var mu sync.Mutex
	var order []string
	note := func(what string) {
		mu.Lock()
		order = append(order, what)
		mu.Unlock()
	}
	lctx, cancel := context.WithCancel(tb.ctx)
	defer cancel()
	if err := chromedp.Listen(lctx, func(ev any) {
		if c, ok := ev.(*runtime.EventConsoleAPICalled); ok && len(c.Args) > 0 && strings.Contains(string(c.Args[0].Value), "task ended") {
			note("the task ended")
		}
	}); err != nil {
		t.Fatal(err)
	}
	// A task of a second, started just before the freeze is asked for.
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[any](`setTimeout(() => {
  const end = performance.now() + 1000;
  while (performance.now() < end) {}
  console.log("task ended");
}, 0), 0`)); err != nil {
		t.Fatal(err)
	}
	if err := tb.freeze(); err != nil {
		t.Fatalf("freeze: %v", err)
	}
	note("freeze returned")
	mu.Lock()
	defer mu.Unlock()
	if len(order) != 2 || order[0] != "the task ended" {
		t.Errorf("order of events = %q; want the page's task to end before freeze returns", order)
	}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
