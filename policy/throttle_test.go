package policy

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptrace"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/memnet"
)

// Sixteen workers fetch from one host and six from another, over HTTP, each
// taking a slot and releasing it as its request goes on the wire (as
// fetch/plain does). Each host's requests are one interval apart where the
// server sees them, the hosts in parallel. The test runs in a synctest
// bubble on memnet: the server's clock is the throttle's, so the gaps it
// sees are exact, however loaded the machine.
func TestThrottleSixteenWorkersOneHost(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		const interval = 200 * time.Millisecond
		n := memnet.New(t)
		var mu sync.Mutex
		arrived := map[string][]time.Time{}
		serve := func(host string) string {
			return n.Serve(host, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				arrived[host] = append(arrived[host], time.Now())
				mu.Unlock()
			}))
		}
		a, b := serve("127.0.0.1"), serve("127.0.0.2")
		th := NewThrottle(interval, nil)
		client := &http.Client{Transport: n.Transport()}
		fetchN := func(base string, count int) {
			var wg sync.WaitGroup
			for i := range count {
				wg.Go(func() {
					host := strings.TrimPrefix(base, "http://")
					release, err := th.WaitReserved(context.Background(), host, th.Reserve(host))
					if err != nil {
						t.Error(err)
						return
					}
					// Some workers are slow to send: the interval runs from
					// when the request is on the wire, not from the slot.
					time.Sleep(time.Duration(i%3) * 30 * time.Millisecond)
					ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{WroteHeaders: release})
					req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base, nil)
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

		mu.Lock()
		defer mu.Unlock()
		for host, want := range map[string]int{"127.0.0.1": 16, "127.0.0.2": 6} {
			times := arrived[host]
			if len(times) != want {
				t.Errorf("%s saw %d requests; want %d", host, len(times), want)
			}
			for i := 1; i < len(times); i++ {
				if g := times[i].Sub(times[i-1]); g < interval {
					t.Errorf("%s: requests %d and %d arrived %s apart; want at least %s", host, i-1, i, g, interval)
				}
			}
		}
		// Host b ran beside host a: one throttle for both hosts would keep
		// every request an interval from every other, where the two hosts'
		// own spacings let them arrive close together (both start at once).
		together := false
		for _, x := range arrived["127.0.0.1"] {
			for _, y := range arrived["127.0.0.2"] {
				together = together || x.Sub(y).Abs() < interval/2
			}
		}
		if !together {
			t.Errorf("no request to host b arrived within %s of one to host a; want the hosts throttled apart, in parallel", interval/2)
		}
	})
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

// OnGrant hears of every slot as it is granted, by Wait and WaitReserved,
// spaced or not: the host as HostKey keys it and the time by the
// throttle's clock (here a synctest bubble's, so the times are exact).
func TestThrottleLogsGrants(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		var log []string
		th := NewThrottle(100*time.Millisecond, nil)
		th.OnGrant(func(host string, at time.Time) { log = append(log, fmt.Sprint(host, " ", at.Sub(start))) })
		for range 2 {
			if err := th.Wait(context.Background(), "H.example"); err != nil {
				t.Fatal(err)
			}
		}
		release, err := th.WaitReserved(context.Background(), "h.example", th.Reserve("h.example"))
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second) // sent late: the next slot runs from the release
		release()
		unspaced := NewThrottle(0, nil)
		unspaced.OnGrant(func(host string, at time.Time) { log = append(log, fmt.Sprint(host, " ", at.Sub(start), " unspaced")) })
		if err := unspaced.Wait(context.Background(), "u.example"); err != nil {
			t.Fatal(err)
		}
		if err := th.Wait(context.Background(), "h.example"); err != nil {
			t.Fatal(err)
		}
		want := []string{"h.example 0s", "h.example 100ms", "h.example 200ms", "u.example 1.2s unspaced", "h.example 1.3s"}
		if strings.Join(log, "\n") != strings.Join(want, "\n") {
			t.Errorf("grants:\n%s\nwant:\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
		}
	})
}
