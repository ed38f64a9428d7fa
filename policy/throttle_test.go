package policy

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// stampServer records when each request arrives, on the given loopback IP.
type stampServer struct {
	*httptest.Server
	mu    sync.Mutex
	times []time.Time
}

func newStampServer(t *testing.T, ip string) *stampServer {
	t.Helper()
	s := &stampServer{}
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.times = append(s.times, time.Now())
		s.mu.Unlock()
	}))
	s.Listener.Close()
	s.Listener = ln
	s.Start()
	t.Cleanup(s.Close)
	return s
}

func (s *stampServer) gaps() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := slices.Clone(s.times)
	slices.SortFunc(ts, func(a, b time.Time) int { return a.Compare(b) })
	var g []time.Duration
	for i := 1; i < len(ts); i++ {
		g = append(g, ts[i].Sub(ts[i-1]))
	}
	return g
}

// jitter is what the server's own scheduling may shave off an interval
// between two requests' arrival times: on a loaded 2-core machine (the
// whole test suite, browsers included, running at once) a handler can start
// over 10 ms late. The throttle spaces the sends exactly; a throttle that
// did not would show gaps near zero.
const jitter = 20 * time.Millisecond

func TestThrottleSixteenWorkersOneHost(t *testing.T) {
	t.Parallel()
	const interval = 200 * time.Millisecond
	a := newStampServer(t, "127.0.0.1")
	b := newStampServer(t, "127.0.0.2")
	th := NewThrottle(interval, nil)
	client := a.Client()

	// sent logs, per host, when each request went on the wire: the
	// throttle's own log, free of the server's scheduling noise.
	var sentMu sync.Mutex
	sent := map[*stampServer][]time.Time{}
	fetchN := func(s *stampServer, n int) {
		var wg sync.WaitGroup
		for range n {
			wg.Go(func() {
				host := s.Listener.Addr().String()
				release, err := th.WaitReserved(context.Background(), host, th.Reserve(host))
				if err != nil {
					t.Error(err)
					return
				}
				// The interval runs from when the request is on the wire.
				wrote := func() {
					sentMu.Lock()
					sent[s] = append(sent[s], time.Now())
					sentMu.Unlock()
					release()
				}
				ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{WroteHeaders: wrote})
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL, nil)
				resp, err := client.Do(req)
				release()
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
			})
		}
		wg.Wait()
	}
	var both sync.WaitGroup
	both.Go(func() { fetchN(a, 16) })
	both.Go(func() { fetchN(b, 6) })
	both.Wait()

	for name, s := range map[string]*stampServer{"host a": a, "host b": b} {
		// Sends: each one at least an interval after the one before.
		times := sent[s]
		for i := 1; i < len(times); i++ {
			if g := times[i].Sub(times[i-1]); g < interval {
				t.Errorf("%s: sends %d and %d went out %s apart; want at least %s", name, i-1, i, g, interval)
			}
		}
		// At the server: one late stamp shortens one gap but not the span.
		var span time.Duration
		for _, g := range s.gaps() {
			span += g
		}
		if want := time.Duration(len(s.gaps())) * interval; span < want-jitter {
			t.Errorf("%s: %d fetches within %s at the server; want at least %s", name, len(s.gaps())+1, span, want)
		}
	}
	if n := len(a.gaps()) + 1; n != 16 {
		t.Errorf("host a saw %d fetches; want 16", n)
	}
	// Host b ran beside host a: one throttle for both hosts would keep every
	// send an interval from every other, where the two hosts' own spacings
	// let their sends go out close together (both start at once).
	together := false
	for _, x := range sent[a] {
		for _, y := range sent[b] {
			together = together || x.Sub(y).Abs() < interval/2
		}
	}
	if !together {
		t.Errorf("no send to host b went out within %s of one to host a; want the hosts throttled apart, in parallel", interval/2)
	}
}

func TestThrottleCrawlDelayAndPause(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	th := NewThrottle(time.Second, func() time.Time { return now })
	if w, err := th.SetCrawlDelay("h", 2.5); w != "" || err != nil {
		t.Errorf("warning for 2.5 s: %q, %v", w, err)
	}
	if w, err := th.SetCrawlDelay("slow", 45); w == "" || err != nil {
		t.Errorf("Crawl-delay 45: warning %q, error %v; want a warning and no error", w, err)
	}
	var cde *CrawlDelayError
	if _, err := th.SetCrawlDelay("glacial", 3600); !errors.As(err, &cde) || cde.Host != "glacial" {
		t.Errorf("Crawl-delay 3600: error %v; want a *CrawlDelayError naming the host", err)
	}
	if got := th.Interval("glacial"); got != time.Second {
		t.Errorf("Interval(glacial) = %s; want 1s: a refused Crawl-delay is not recorded", got)
	}
	if got := th.Interval("h"); got != 2500*time.Millisecond {
		t.Errorf("Interval = %s; want max(1s, 2.5s)", got)
	}
	if got := th.Interval("other"); got != time.Second {
		t.Errorf("Interval(other) = %s; want 1s", got)
	}
	s1, s2 := th.Reserve("h"), th.Reserve("h")
	if s2.Sub(s1) != 2500*time.Millisecond {
		t.Errorf("slots %s apart; want 2.5s", s2.Sub(s1))
	}

	tests := []struct {
		retryAfter string
		want       time.Duration
	}{
		{"7", 7 * time.Second},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
		{"86400", MaxPause},
		{"", 5 * time.Second},      // first backoff…
		{"", 10 * time.Second},     // …doubles…
		{"soon", 20 * time.Second}, // …and an unreadable value counts as none
	}
	for _, tt := range tests {
		if got := th.Pause("p", tt.retryAfter); got != tt.want {
			t.Errorf("Pause(%q) = %s; want %s", tt.retryAfter, got, tt.want)
		}
	}
	th.Succeeded("p")
	if got := th.Pause("p", ""); got != 5*time.Second {
		t.Errorf("after success, Pause = %s; want the backoff reset to 5s", got)
	}
	if ready := th.Ready("p"); !ready.Equal(now.Add(MaxPause)) {
		t.Errorf("Ready = %s; want the longest pause's end", ready.Sub(now))
	}
}

func TestThrottleWaitHonoursContext(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		th := NewThrottle(time.Hour, nil)
		th.Reserve("h")
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		if err := th.Wait(ctx, "h"); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Wait on an hour-long slot under a 20ms context = %v; want the context's deadline", err)
		}
		if waited := time.Since(start); waited != 20*time.Millisecond {
			t.Errorf("Wait returned after %s; want at the context's end, 20ms", waited)
		}
	})
}

// With no interval to keep, pages to one host do not wait for each other's
// send: slots are taken while earlier ones are still unreleased. Once the
// host has a Crawl-delay, the next page waits for it again. (In a synctest
// bubble: its clock moves only when every goroutine waits, so "at once" and
// "30 s later" are exact.)
func TestThrottleUnspacedHostTakesNoTurns(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		th := NewThrottle(0, nil)
		start := time.Now()
		var held []func()
		for range 3 {
			// (A page that waited for the unreleased ones would wait
			// forever: the context ends that, in the bubble's time.)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			release, err := th.WaitReserved(ctx, "a.example", th.Reserve("a.example"))
			cancel()
			if err != nil {
				t.Fatalf("slot %d with two unreleased before it: %v; want it at once", len(held)+1, err)
			}
			held = append(held, release)
		}
		if waited := time.Since(start); waited != 0 {
			t.Errorf("three slots with none released took %s; want them at once", waited)
		}
		for _, r := range held {
			r()
		}
		if _, err := th.SetCrawlDelay("a.example", 30); err != nil {
			t.Fatal(err)
		}
		release, err := th.WaitReserved(context.Background(), "a.example", time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		release()
		if waited := time.Since(start); waited != 30*time.Second {
			t.Errorf("with a Crawl-delay of 30 s the next page went out %s after the last; want 30s", waited)
		}
	})
}

// A pause that comes while a page waits for its slot (another worker's page
// to the host was answered 429) holds that page too: it goes out after the
// pause, not at the slot it was waiting for. The test runs in a synctest
// bubble: synctest.Wait returns once the page is blocked waiting, and the
// bubble's clock says exactly when it went out.
func TestThrottlePauseHoldsAPageWaitingForItsSlot(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		th := NewThrottle(100*time.Millisecond, nil)
		start := time.Now()
		release, err := th.WaitReserved(context.Background(), "h", th.Reserve("h"))
		if err != nil {
			t.Fatal(err)
		}
		release() // the first page goes out: the next waits 100 ms
		went := make(chan time.Time, 1)
		go func() {
			// (Bounded in the bubble's time, so a page that never goes out
			// fails the test rather than deadlocking it.)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			release, err := th.WaitReserved(ctx, "h", time.Time{})
			if err != nil {
				t.Error(err)
				close(went)
				return
			}
			went <- time.Now()
			release()
		}()
		synctest.Wait() // the page is waiting for its slot
		select {
		case <-went:
			t.Fatal("the second page went out at once; want it to wait 100ms for its slot")
		default:
		}
		th.Pause("h", "1") // the first page's answer: 429, Retry-After: 1
		at, ok := <-went
		if !ok {
			return
		}
		// A page that ignored the pause would have gone out at 100 ms.
		if got := at.Sub(start); got != time.Second {
			t.Errorf("the waiting page went out at %s; want at the end of the pause that came while it waited, 1s", got)
		}
	})
}
