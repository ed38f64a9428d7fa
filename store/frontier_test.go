package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"

	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/frontier/frontiertest"
	"github.com/webgraph/webgraph/policy"
)

var _ frontier.Queue = sqliteQueue{}

// The frontier's behaviour, on SQLite.
func TestSQLiteFrontier(t *testing.T) {
	frontiertest.Run(t, func(t *testing.T, th *policy.Throttle, maxDepth int) frontiertest.Frontier {
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), Create)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f, err := s.sqliteFrontier(context.Background(), th, maxDepth)
		if err != nil {
			t.Fatal(err)
		}
		return f
	})
}

// Every queued URL is handed out once, a resumed crawl's retries first,
// however many wait in flight for the writer while the window is refilled.
func TestRefillHandsEachURLOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "f.db")
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	const n = 3*Window + 7
	for i := range n {
		f.Add(context.Background(), fmt.Sprintf("http://h/%d", i), "h", discovery.Discovery{Via: discovery.ViaLink})
	}
	// A run before this one tried every third URL and failed.
	if _, err := s.db.Exec(`UPDATE urls SET attempts = 1 WHERE id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err = Open(context.Background(), path, Resume); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if f, err = s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), -1); err != nil {
		t.Fatal(err)
	}

	handed := map[string]int{}
	var order []int // attempts, in the order handed
	var items []frontier.Item
	next := func() {
		t.Helper()
		it := take(t, f)
		handed[it.URL]++
		order = append(order, it.Attempts)
		items = append(items, it)
	}
	for range n / 2 {
		next()
	}
	// Some pages are recorded, one queueing a new URL; the rest stay in
	// flight while the window runs dry and is read again.
	for _, it := range items[:n/4] {
		r := frontier.Result{State: "done", FinalURL: it.URL, Status: 200, Event: []byte(`{}`)}
		if it == items[0] {
			r.Queue = []frontier.New{{URL: "http://h/new", Host: "h", Citation: discovery.Discovery{Via: discovery.ViaLink}}}
		}
		f.Complete(context.Background(), it, r)
	}
	for len(items) < n+1 {
		next()
	}
	if handed["http://h/new"] != 1 {
		t.Errorf("the URL queued meanwhile was not handed out")
	}
	retries := n / 3 // ids 3, 6, … up to n
	for i, a := range order[:retries] {
		if a != 1 {
			t.Fatalf("URL %d handed out had %d attempts; want the %d retries first", i, a, retries)
		}
	}
	handedOnce(t, f, handed)
}

// A URL a page queues goes straight into its host's window when the window
// holds the rest of the queue: it is not read back from disk. Past the
// window's size, or behind a URL counted only on disk, the rest wait there
// and a read finds them, each once.
func TestFreshURLsGoStraightIntoTheWindow(t *testing.T) {
	t.Parallel()
	_, f := newFrontier(t)
	handed := map[string]int{}
	next := func() frontier.Item {
		t.Helper()
		it := take(t, f)
		handed[it.URL]++
		return it
	}
	queue := func(from frontier.Item, urls ...string) {
		t.Helper()
		r := frontier.Result{State: "done", FinalURL: from.URL, Status: 200, Event: []byte(`{}`)}
		for _, u := range urls {
			r.Queue = append(r.Queue, frontier.New{URL: u, Host: "h", Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: from.URL, Anchor: "a " + u, Depth: from.Citation.Depth + 1}})
		}
		f.Complete(context.Background(), from, r)
	}
	reads := func() int {
		f.mu.Lock()
		defer f.mu.Unlock()
		return f.reads
	}

	f.Add(context.Background(), "http://h/", "h", discovery.Discovery{Via: discovery.ViaSeed})
	seed := next() // one read: the whole queue, the seed alone
	if got := reads(); got != 1 {
		t.Fatalf("the seed took %d reads; want 1", got)
	}
	var small []string
	for i := range 10 {
		small = append(small, fmt.Sprintf("http://h/a%d", i))
	}
	queue(seed, append(small, "http://h/a0", "http://h/")...) // duplicates are not queued twice
	var first frontier.Item
	for i := range small {
		it := next()
		if i == 0 {
			first = it
			// A seed counted on disk only, then a page's new URL: the
			// window must not take the page's URL past the seed.
			f.Add(context.Background(), "http://h/seed1", "h", discovery.Discovery{Via: discovery.ViaSeed})
			queue(first, "http://h/after-seed1")
		}
		if it.URL != small[i] || it.Citation.FoundOn != "http://h/" || it.Citation.Anchor != "a "+small[i] || it.Citation.Depth != 1 || it.ID == 0 {
			t.Fatalf("URL %d handed out as %+v; want %s as queued, with its row", i, it, small[i])
		}
	}
	if got := reads(); got != 1 {
		t.Errorf("the 10 URLs a page queued took %d more reads from disk; want none", got-1)
	}
	for _, u := range []string{"http://h/seed1", "http://h/after-seed1"} {
		if it := next(); it.URL != u {
			t.Fatalf("handed out %s; want %s (queue order)", it.URL, u)
		}
	}

	// More than a window's worth, and a seed counted only on disk between
	// two pages' URLs: every one is handed out once, in queue order.
	var many []string
	for i := range Window + 20 {
		many = append(many, fmt.Sprintf("http://h/b%d", i))
	}
	queue(first, many...)
	f.Add(context.Background(), "http://h/seed2", "h", discovery.Discovery{Via: discovery.ViaSeed})
	it := next()
	queue(it, "http://h/c0", "http://h/c1")
	want := append(append(many[1:], "http://h/seed2"), "http://h/c0", "http://h/c1")
	for i, u := range want {
		if it := next(); it.URL != u {
			t.Fatalf("URL %d handed out is %s; want %s (queue order)", i, it.URL, u)
		}
	}
	handedOnce(t, f, handed)
}

// Workers that record pages in the background while others take URLs (the
// window filled both from pages' new URLs and from disk, reads racing the
// commits) hand out every URL of a site exactly once.
func TestConcurrentCrawlHandsEachURLOnce(t *testing.T) {
	t.Parallel()
	_, f := newFrontier(t)
	// A site of n pages on two hosts: page i links to 3i+1 … 3i+3 and back
	// to i/2, so most links are to URLs queued already.
	const n = 3000
	page := func(i int) (string, string) {
		host := fmt.Sprintf("h%d", i%2)
		return fmt.Sprintf("http://%s/p%d", host, i), host
	}
	id := map[string]int{}
	for i := range n {
		u, _ := page(i)
		id[u] = i
	}
	u0, h0 := page(0)
	f.Add(context.Background(), u0, h0, discovery.Discovery{Via: discovery.ViaSeed})

	var mu sync.Mutex
	handed := map[string]int{}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				it, err := f.Next(ctx)
				cancel()
				if errors.Is(err, frontier.ErrExhausted) {
					return
				}
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				handed[it.URL]++
				mu.Unlock()
				i := id[it.URL]
				r := frontier.Result{State: "done", FinalURL: it.URL, Status: 200, Event: []byte(`{}`)}
				for _, j := range []int{3*i + 1, 3*i + 2, 3*i + 3, i / 2} {
					if j < n {
						u, h := page(j)
						r.Queue = append(r.Queue, frontier.New{URL: u, Host: h, Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: it.URL}})
					}
				}
				done := make(chan struct{})
				f.CompleteThen(context.Background(), it, r, "", func([]frontier.Link, string, error) { close(done) })
				if i%3 == 0 {
					<-done // some wait for their record, most go on
				}
			}
		})
	}
	wg.Wait()
	if len(handed) != n {
		t.Errorf("%d of the %d pages were handed out", len(handed), n)
	}
	for u, k := range handed {
		if k != 1 {
			t.Errorf("%s handed out %d times", u, k)
		}
	}
}

// A read of the queue that finds URLs a page queued, committed but not yet
// counted, takes them into the window; the count that follows must not put
// them there a second time.
func TestReadBeforeTheCountHandsOutOnce(t *testing.T) {
	t.Parallel()
	s, f := newFrontier(t)
	result := func(from frontier.Item, urls ...string) frontier.Result {
		r := frontier.Result{State: "done", FinalURL: from.URL, Status: 200, Event: []byte(`{}`)}
		for _, u := range urls {
			r.Queue = append(r.Queue, frontier.New{URL: u, Host: "h", Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: from.URL}})
		}
		return r
	}
	f.Add(context.Background(), "http://h/", "h", discovery.Discovery{Via: discovery.ViaSeed})
	seed := take(t, f)

	// The count waits on the frontier's lock, which a worker's read holds.
	f.mu.Lock()
	recorded := make(chan struct{})
	f.CompleteThen(context.Background(), seed, result(seed, "http://h/x1", "http://h/x2"), "", func([]frontier.Link, string, error) { close(recorded) })
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(time.Millisecond) {
		var n int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM urls WHERE url IN ('http://h/x1', 'http://h/x2')`).Scan(&n); err != nil {
			f.mu.Unlock()
			t.Fatal(err)
		}
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			f.mu.Unlock()
			t.Fatal("the record was not written within a minute")
		}
	}
	if err := f.refill(context.Background(), "h", f.hosts["h"]); err != nil {
		f.mu.Unlock()
		t.Fatal(err)
	}
	f.mu.Unlock()
	<-recorded

	x1, x2 := take(t, f), take(t, f)
	if x1.URL != "http://h/x1" || x2.URL != "http://h/x2" {
		t.Fatalf("handed out %s, %s; want x1, x2", x1.URL, x2.URL)
	}
	f.Complete(context.Background(), x1, result(x1, "http://h/y"))
	if it := take(t, f); it.URL != "http://h/y" {
		t.Fatalf("handed out %s after x1 and x2; want y, the one URL left", it.URL)
	}
}

// newFrontier opens a new crawl database and its frontier, closed at the
// test's end.
func newFrontier(t *testing.T) (*Store, *Frontier) {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), Create)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	return s, f
}

// handedOnce checks that each URL was handed out once and that the
// frontier has nothing more to hand out.
func handedOnce(t *testing.T, f *Frontier, handed map[string]int) {
	t.Helper()
	for u, k := range handed {
		if k != 1 {
			t.Errorf("%s handed out %d times", u, k)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if it, err := f.Next(ctx); err == nil {
		t.Errorf("a URL was handed out twice or from nowhere: %s", it.URL)
	}
}

// take hands out the next URL. A URL lost by the frontier leaves Next
// waiting for the pages in flight, for ever: the deadline turns that into
// a failure.
func take(t *testing.T, f *Frontier) frontier.Item {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	it, err := f.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return it
}

// A URL first met as a link too deep to queue is a row of urls, linked
// only; a shallower page that queues it later raises it to queued. It is
// then handed out once, although its id is older than the URLs the window
// has read since, and it counts among the URLs seen once, not before.
func TestLinkedURLQueuedLater(t *testing.T) {
	t.Parallel()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "f.db"), Create)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), 1)
	if err != nil {
		t.Fatal(err)
	}
	link := func(depth int, urls ...string) frontier.Result {
		r := frontier.Result{State: "done", Event: []byte(`{}`)}
		for _, u := range urls {
			r.Links = append(r.Links, frontier.Link{To: u, Anchor: "to " + u, Side: "plain", Kind: "page"})
			r.Queue = append(r.Queue, frontier.New{URL: u, Host: "h", Citation: discovery.Discovery{Via: discovery.ViaLink, Depth: depth}})
		}
		return r
	}
	f.Add(context.Background(), "http://h/", "h", discovery.Discovery{Via: discovery.ViaSeed})
	root := take(t, f)
	f.Complete(context.Background(), root, link(1, "http://h/a", "http://h/b"))
	a := take(t, f)
	// a is at depth 1: its link to x (depth 2) is recorded, not queued.
	firsts := f.Complete(context.Background(), a, link(2, "http://h/x"))
	if len(firsts) != 1 {
		t.Errorf("firsts of a = %v; want its link to x, new to the crawl", firsts)
	}
	if st := f.Stats(context.Background()); st.Seen != 3 || st.Queued != 1 {
		t.Errorf("after a: %+v; want 3 seen (/, a, b), 1 queued (b): x is linked, not seen", st)
	}
	// The window reads past x's id: b, and c and d that b queues.
	b := take(t, f)
	f.Complete(context.Background(), b, link(1, "http://h/c", "http://h/d"))
	c := take(t, f)
	// c, at depth 1 too, queues x at depth 1 (a test's shortcut for a
	// shallower page): x is raised, and is no first.
	if firsts := f.Complete(context.Background(), c, link(1, "http://h/x")); len(firsts) != 0 {
		t.Errorf("firsts of c = %v; want none: x was linked before", firsts)
	}
	var got []string
	for f.Stats(context.Background()).Queued > 0 {
		it := take(t, f)
		got = append(got, it.URL)
		f.Complete(context.Background(), it, frontier.Result{State: "done", Event: []byte(`{}`)})
	}
	if len(got) != 2 || !slices.Contains(got, "http://h/x") || !slices.Contains(got, "http://h/d") {
		t.Errorf("handed after c: %q; want d and x, once each", got)
	}
	if st := f.Stats(context.Background()); st.Seen != 6 {
		t.Errorf("at the end: %+v; want 6 seen", st)
	}
	var edges []string
	s.Graph(context.Background(), func(Node) error { return nil }, func(e Edge) error { edges = append(edges, e.From+" "+e.To); return nil })
	want := []string{"http://h/ http://h/a", "http://h/ http://h/b", "http://h/a http://h/x", "http://h/b http://h/c", "http://h/b http://h/d", "http://h/c http://h/x"}
	if !slices.Equal(edges, want) {
		t.Errorf("edges = %q; want %q", edges, want)
	}
}
