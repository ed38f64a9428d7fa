package store

import (
	"context"
	"fmt"
	"path/filepath"
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
		s, err := Open(filepath.Join(t.TempDir(), "f.db"), Create)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		f, err := s.Frontier(th, maxDepth)
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
	s, err := Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.Frontier(policy.NewThrottle(0, nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	const n = 3*Window + 7
	for i := range n {
		f.Add(fmt.Sprintf("http://h/%d", i), "h", discovery.Discovery{Via: discovery.ViaLink})
	}
	// A run before this one tried every third URL and failed.
	if _, err := s.db.Exec(`UPDATE urls SET attempts = 1 WHERE id % 3 = 0`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err = Open(path, Resume); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if f, err = s.Frontier(policy.NewThrottle(0, nil), -1); err != nil {
		t.Fatal(err)
	}

	handed := map[string]int{}
	var order []int // attempts, in the order handed
	var items []frontier.Item
	next := func() {
		t.Helper()
		// A URL lost by the refill leaves Next waiting for the pages in
		// flight, for ever: the deadline turns that into a failure.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		it, err := f.Next(ctx)
		if err != nil {
			t.Fatalf("after %d URLs: %v", len(items), err)
		}
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
		f.Complete(it, r)
	}
	for len(items) < n+1 {
		next()
	}
	for u, k := range handed {
		if k != 1 {
			t.Errorf("%s handed out %d times", u, k)
		}
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
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if it, err := f.Next(ctx); err == nil {
		t.Errorf("a URL was handed out twice or from nowhere: %s", it.URL)
	}
}
