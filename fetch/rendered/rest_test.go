package rendered_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
)

// restSite serves the pages of the tests below and counts what it is asked
// for. /slow holds its answer until release is closed and notes how many
// ticks arrived while it held it; a witness page's ticks, once enough of
// them have arrived while /slow is held, close release.
type restSite struct {
	mu        sync.Mutex
	hits      map[string]int
	during    int // ticks that arrived while /slow was held
	witnessed int // the witness's ticks that arrived while /slow was held
	holding   bool
	release   chan struct{}
	released  sync.Once
}

// witnessTicks is how many of the witness's ticks must reach the server
// while /slow is held before it is let go: the witness has then been
// ticking, as the ticker would have had it run on, for that many of its
// 10 ms intervals within the hold.
const witnessTicks = 20

func (s *restSite) let() { s.released.Do(func() { close(s.release) }) }

func newRestSite(t *testing.T) (*httptest.Server, *restSite) {
	s := &restSite{hits: map[string]int{}, release: make(chan struct{})}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.let()
		ts.Close()
	})
	return ts, s
}

func (s *restSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.hits[r.URL.Path]++
	if r.URL.Path == "/tick" && s.holding {
		s.during++
	}
	if r.URL.Path == "/witness/tick" && s.holding {
		if s.witnessed++; s.witnessed == witnessTicks {
			s.let()
		}
	}
	s.mu.Unlock()
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	switch r.URL.Path {
	case "/ticker.html":
		// Read well before its timer: 1.6 s after load it starts asking
		// for /tick every 10 ms, forever.
		fmt.Fprint(w, `<!doctype html><title>Ticker</title><p>A page that starts asking the server for more, again and again, once it has been open a while.</p>
<script>setTimeout(() => setInterval(() => fetch("/tick").catch(() => {}), 10), 1600);</script>`)
	case "/witness.html":
		// The ticker's script, in a page that runs on: a request held
		// until release holds its render, and its ticks, once its own
		// timer has fired, go to /witness/tick. They stop when the
		// held request is answered.
		fmt.Fprint(w, `<!doctype html><title>Witness</title><p>A page that runs the ticker's timer where nothing stills it.</p>
<script>
let ticking, released = false;
setTimeout(() => { if (!released) ticking = setInterval(() => fetch("/witness/tick").catch(() => {}), 10); }, 1600);
fetch("/witness/hold").then(r => r.text()).then(() => { released = true; clearInterval(ticking); document.body.append("Released."); });
</script>`)
	case "/witness/hold":
		select {
		case <-s.release:
		case <-r.Context().Done():
		}
		fmt.Fprint(w, "go on")
	case "/witness/tick":
	case "/leaving.html":
		// Every way a page can ask for something as it is left, after
		// disarming the method that would stop its handlers.
		fmt.Fprint(w, `<!doctype html><title>Leaving</title>
<body onunload="fetch('/bye/attribute', {keepalive: true})">
<p>A page that reports, as it is left, that it was left.</p>
<script>
Event.prototype.stopImmediatePropagation = function () {};
addEventListener("pagehide", () => fetch("/bye/pagehide", {keepalive: true}));
addEventListener("pagehide", () => fetch("/bye/pagehide-capture", {keepalive: true}), true);
window.onbeforeunload = () => { fetch("/bye/beforeunload", {keepalive: true}); };
addEventListener("unload", () => {
  const x = new XMLHttpRequest();
  x.open("GET", "/bye/unload", false);
  try { x.send(); } catch (e) {}
});
document.addEventListener("freeze", () => fetch("/bye/freeze", {keepalive: true}));
</script>`)
	case "/slow":
		// Held until the test lets it go: meanwhile only the tab's last
		// page could ask the server for anything.
		s.mu.Lock()
		s.holding = true
		s.mu.Unlock()
		select {
		case <-s.release:
		case <-r.Context().Done():
		}
		s.mu.Lock()
		s.holding = false
		s.mu.Unlock()
		fmt.Fprint(w, `<!doctype html><title>Slow</title><p>The next page, which the server took its time to send.</p>`)
	case "/next.html":
		fmt.Fprint(w, `<!doctype html><title>Next</title><p>The next page in the same tab.</p>`)
	default:
		http.NotFound(w, r)
	}
}

// TestReadPageStaysStill renders a page whose timer, once it fires, asks the
// server for /tick every 10 ms, and then, in the same tab, a page the server
// holds until that timer has long fired. The page read must not run while
// its tab waits in the pool, nor while the tab loads its next page: no tick
// reaches the server while the next page is held, and the next page's
// record holds nothing of the last one.
//
// How long is long enough is said by a witness, not a clock: the same
// timer in a page loaded after the ticker was read, in a browser of its
// own that nothing stills. The next page is held until witnessTicks of the
// witness's ticks have reached the server during the hold, so the hold
// spans a stretch in which the ticker, had it run on, would have been
// ticking too, however slowly the machine runs the browsers.
func TestReadPageStaysStill(t *testing.T) {
	ts, site := newRestSite(t)
	// Neither browser's limits may end a wait that a loaded machine
	// makes long: the test's own signals end them.
	f := own(t, rendered.Config{Tabs: 1, Timeout: 2 * time.Minute})
	defer f.Close()
	witness := own(t, rendered.Config{Tabs: 1, Timeout: 2 * time.Minute, WaitCap: time.Minute})
	defer witness.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/ticker.html"))
	if err != nil || s.Title != "Ticker" {
		t.Fatalf("Fetch: title %q, err %v", s.Title, err)
	}
	witnessed := make(chan error, 1)
	go func() {
		w, err := witness.Fetch(context.Background(), mustURL(t, ts.URL+"/witness.html"))
		if err == nil && !strings.Contains(w.Text(), "Released.") {
			err = fmt.Errorf("the witness was read before it was released: %q", w.Text())
		}
		witnessed <- err
	}()
	next, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/slow"))
	site.let() // (let go already, unless the fetch failed)
	if werr := <-witnessed; werr != nil {
		t.Errorf("the witness: %v", werr)
	}
	if err != nil || next.Title != "Slow" {
		t.Fatalf("Fetch /slow: title %q, err %v", next.Title, err)
	}
	site.mu.Lock()
	during, witnessedTicks := site.during, site.witnessed
	site.mu.Unlock()
	if witnessedTicks < witnessTicks {
		t.Fatalf("/slow was let go after %d of the witness's ticks; want %d", witnessedTicks, witnessTicks)
	}
	if during != 0 {
		t.Errorf("%d ticks reached the server while the tab loaded its next page; want none (the page read must not run on)", during)
	}
	if len(next.Requests) != 0 || next.Blocked != 0 {
		t.Errorf("the next page's record holds requests %v and %d refused; want none (it asks for nothing)", next.Requests, next.Blocked)
	}
}

// TestLeavingPageSendsNothing renders a page that asks for something in
// every handler a page can run as it is left (pagehide, unload,
// beforeunload, an inline onunload, freeze), then another page in the same
// tab, then closes the fetcher: none of those requests reaches the server,
// and none is counted against the next page.
func TestLeavingPageSendsNothing(t *testing.T) {
	ts, site := newRestSite(t)
	f := own(t, rendered.Config{Tabs: 1, Timeout: 15 * time.Second})
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/leaving.html"))
	if err != nil || s.Title != "Leaving" {
		f.Close()
		t.Fatalf("Fetch: title %q, err %v", s.Title, err)
	}
	next, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/next.html"))
	if err != nil || next.Title != "Next" {
		f.Close()
		t.Fatalf("Fetch /next.html: title %q, err %v", next.Title, err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	site.mu.Lock()
	defer site.mu.Unlock()
	for path, n := range site.hits {
		if strings.HasPrefix(path, "/bye/") {
			t.Errorf("the server saw %s %d times; want never (a page left sends nothing)", path, n)
		}
	}
	if len(next.Requests) != 0 || next.Blocked != 0 {
		t.Errorf("the next page's record holds requests %v and %d refused; want none", next.Requests, next.Blocked)
	}
}

// TestSpinningPageHoldsOnlyItsTab renders a page whose script never yields
// beside ordinary pages, two tabs at once: the other pages render as if it
// were not there (a browser whose tabs shared a renderer process would
// stall them all), and the spinning page, given up once they have, ends
// with an error and its tab is closed.
//
// The spinning page is given up by cancelling its render, not by a
// timeout: a timeout short enough to end it is one a loaded machine could
// hit on the ordinary pages too, and here it is generous for them all.
func TestSpinningPageHoldsOnlyItsTab(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Path == "/spin.html" {
			fmt.Fprint(w, `<!doctype html><title>Spin</title><p>Never finished.</p><script>for (;;) {}</script>`)
			return
		}
		fmt.Fprintf(w, `<!doctype html><title>Page %s</title><p>An ordinary page.</p>`, r.URL.Path)
	}))
	defer ts.Close()
	f := own(t, rendered.Config{Tabs: 2, Timeout: 2 * time.Minute})
	defer f.Close()
	spinCtx, giveUp := context.WithCancel(context.Background())
	defer giveUp()
	spun := make(chan error, 1)
	go func() {
		_, err := f.Fetch(spinCtx, mustURL(t, ts.URL+"/spin.html"))
		spun <- err
	}()
	for i := range 6 {
		path := fmt.Sprintf("/p%d.html", i)
		s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+path))
		if err != nil || s.Title != "Page "+path {
			t.Errorf("%s beside the spinning page: title %q, err %v", path, s.Title, err)
		}
	}
	select {
	case err := <-spun:
		t.Fatalf("the spinning page's render ended (err %v) before it was given up; want it held till then", err)
	default:
	}
	giveUp()
	if err := <-spun; !errors.Is(err, context.Canceled) {
		t.Errorf("the spinning page, given up: err %v; want its render cancelled", err)
	}
	// Its tab was closed, not put back: the fetcher still renders with
	// both tabs.
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() {
			path := fmt.Sprintf("/after%d.html", i)
			if s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+path)); err != nil || s.Title != "Page "+path {
				t.Errorf("%s after the spinning page: title %q, err %v", path, s.Title, err)
			}
		})
	}
	wg.Wait()
}

// TestWorkerStreamEndsWithItsPage renders a page whose dedicated worker opens
// an EventSource. A worker's requests are its page's: the stream is listed
// as open when the page is read, and ends once the page is read, not staying
// open while the tab waits in the pool.
func TestWorkerStreamEndsWithItsPage(t *testing.T) {
	opened := make(chan struct{}, 1)
	closed := make(chan struct{}, 1)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/events":
			w.Header().Set("Content-Type", "text/event-stream")
			w.(http.Flusher).Flush()
			opened <- struct{}{}
			<-r.Context().Done() // (or the test's end: the fetcher's Close ends it)
			closed <- struct{}{}
		case "/worker.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, `new EventSource("/events").onopen = () => postMessage("open");`)
		default:
			// The page holds the wait (a timer due soon, again and
			// again) until its worker says the stream is open.
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<!doctype html><title>Worker</title><p>A page whose worker listens for live updates.</p>
<script>
let open = false;
new Worker("/worker.js").onmessage = () => { open = true; document.body.append("Listening."); };
const wait = () => { if (!open) setTimeout(wait, 50); };
wait();
</script>`)
		}
	}))
	defer ts.Close()
	f := own(t, rendered.Config{Tabs: 1, Timeout: 2 * time.Minute})
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/"))
	if err != nil || !strings.Contains(s.Text(), "Listening.") {
		t.Fatalf("Fetch: text %q, err %v; want the page read once its worker's stream was open", s.Text(), err)
	}
	if want := []fetch.OpenStream{{URL: ts.URL + "/events", Kind: "eventsource"}}; !slices.Equal(s.OpenStreams, want) {
		t.Errorf("OpenStreams = %+v; want the worker's %+v", s.OpenStreams, want)
	}
	select {
	case <-opened:
	case <-time.After(waitLimit):
		t.Fatal("the page was read as listening, but its worker's stream never reached the server")
	}
	// Nothing more is asked of the fetcher: the stream must end with the
	// page read, while its tab waits in the pool. (The server hears the end
	// on the browser's time; waitLimit bounds a hang, not a speed.)
	select {
	case <-closed:
	case <-time.After(waitLimit):
		t.Errorf("the worker's stream was still open %s after its page was read; want it ended with the page", waitLimit)
	}
}
