package frontier

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/policy"
)

func TestNextPicksTheReadyHost(t *testing.T) {
	t.Parallel()
	th := policy.NewThrottle(time.Hour, nil)
	m := NewMemory(th, 5)
	m.Add("http://a/1", "a", discovery.Discovery{Via: discovery.ViaSeed})
	m.Add("http://a/2", "a", discovery.Discovery{Via: discovery.ViaLink, Depth: 1})
	m.Add("http://b/1", "b", discovery.Discovery{Via: discovery.ViaSeed})

	first, _ := m.Next(context.Background())
	second, _ := m.Next(context.Background())
	if first.URL != "http://a/1" || second.URL != "http://b/1" {
		t.Errorf("popped %s then %s; want a/1, then b/1 (a's next slot is an hour away)", first.URL, second.URL)
	}
	third, _ := m.Next(context.Background())
	if third.URL != "http://a/2" || time.Until(third.Slot) < 59*time.Minute {
		t.Errorf("third = %s at %s; want a/2 an hour out", third.URL, time.Until(third.Slot))
	}
}

func TestSeenDepthAndExhaustion(t *testing.T) {
	t.Parallel()
	m := NewMemory(policy.NewThrottle(0, nil), 1)
	if !m.Add("http://a/", "a", discovery.Discovery{}) || m.Add("http://a/", "a", discovery.Discovery{Depth: 1}) {
		t.Error("a URL was queued twice")
	}
	if m.Add("http://a/deep", "a", discovery.Discovery{Depth: 2}) {
		t.Error("a URL deeper than the limit was queued")
	}
	if !m.MarkSeen("http://a/redirected") || m.MarkSeen("http://a/redirected") || m.Add("http://a/redirected", "a", discovery.Discovery{}) {
		t.Error("MarkSeen did not record the URL")
	}
	it, err := m.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// While a page is in flight, Next waits for its links.
	got := make(chan Item)
	go func() {
		next, _ := m.Next(context.Background())
		got <- next
	}()
	time.Sleep(20 * time.Millisecond)
	firsts := m.Complete(it, Result{State: "done", Links: []Link{{To: "http://a/linked"}, {To: "http://a/"}},
		Queue: []New{{URL: "http://a/linked", Host: "a", Citation: discovery.Discovery{Depth: 1}}}})
	if len(firsts) != 1 || firsts[0].To != "http://a/linked" {
		t.Errorf("first-seen links = %+v; want only the new one", firsts)
	}
	if next := <-got; next.URL != "http://a/linked" {
		t.Errorf("waiting Next got %q; want the link added while it waited", next.URL)
	}
	if s := m.Stats(); s.InFlight != 1 || s.Queued != 0 || s.Seen != 3 {
		t.Errorf("stats = %+v", s)
	}
	m.Complete(Item{}, Result{State: "done"})
	if _, err := m.Next(context.Background()); !errors.Is(err, ErrExhausted) {
		t.Errorf("Next on an empty frontier = %v; want ErrExhausted", err)
	}
}

func TestDeferredAndRetry(t *testing.T) {
	t.Parallel()
	m := NewMemory(policy.NewThrottle(0, nil), 5)
	m.Add("http://a/1", "a", discovery.Discovery{})
	m.Add("http://a/2", "a", discovery.Discovery{})
	it, _ := m.Next(context.Background())
	it.Attempts = 1
	m.Retry(it)
	back, _ := m.Next(context.Background())
	if back.URL != "http://a/1" || back.Attempts != 1 {
		t.Errorf("after Retry: %s attempts %d; want a/1 back first, attempts kept", back.URL, back.Attempts)
	}
	m.Defer("a", time.Now().Add(time.Hour))
	m.Retry(back)
	if _, err := m.Next(context.Background()); !errors.Is(err, ErrOnlyDeferred) {
		t.Errorf("Next with only a deferred host = %v; want ErrOnlyDeferred", err)
	}
	if s := m.Stats(); s.Deferred != 2 || s.Queued != 2 {
		t.Errorf("stats = %+v; want 2 queued, both deferred", s)
	}
}

func TestReadyHostsTakeTurns(t *testing.T) {
	t.Parallel()
	m := NewMemory(policy.NewThrottle(0, nil), 5)
	for _, u := range []string{"http://b/1", "http://b/2", "http://b/3"} {
		m.Add(u, "b", discovery.Discovery{})
	}
	for _, u := range []string{"http://c/1", "http://c/2"} {
		m.Add(u, "c", discovery.Discovery{})
	}
	var got []string
	for range 5 {
		it, err := m.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, it.URL)
		m.Complete(it, Result{State: "done"})
	}
	want := []string{"http://b/1", "http://c/1", "http://b/2", "http://c/2", "http://b/3"}
	if !slices.Equal(got, want) {
		t.Errorf("order = %q; want the ready hosts in turn %q", got, want)
	}
}
