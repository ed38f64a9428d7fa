package rendered_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
)

// While memory is low, each finished render gives up its tab, down to one
// tab rendering; once memory is plentiful again the tabs come back. The
// server counts how many renders' requests overlap: it holds each request
// until a second one is in flight (or a while has passed), so that renders
// able to overlap always do.
func TestTabsScaleDownWhenMemoryIsLow(t *testing.T) {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	inFlight, most := 0, 0
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/slow" {
			http.NotFound(w, r)
			return
		}
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		cond.Broadcast()
		// The timer says when the hold is over: a clock read in the loop
		// could find it not over yet when the timer's broadcast wakes it,
		// and then nothing would wake it again.
		over := false
		timer := time.AfterFunc(1500*time.Millisecond, func() { mu.Lock(); over = true; cond.Broadcast(); mu.Unlock() })
		for inFlight < 2 && !over {
			cond.Wait()
		}
		timer.Stop()
		inFlight--
		mu.Unlock()
		fmt.Fprint(w, `<!doctype html><title>Slow</title><p>A page the server holds back a little, with words enough to read.</p>`)
	}))
	defer ts.Close()

	var low atomic.Bool
	f := own(t, rendered.Config{Tabs: 4, Timeout: 15 * time.Second, Memory: func() rendered.MemoryState {
		if low.Load() {
			return rendered.MemoryState{Low: true}
		}
		return rendered.MemoryState{Plenty: true}
	}})
	defer f.Close()

	// batch renders four pages at once and returns how many overlapped.
	batch := func(name string) int {
		mu.Lock()
		most = 0
		mu.Unlock()
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Go(func() {
				if _, err := f.Fetch(context.Background(), mustURL(t, fmt.Sprintf("%s/slow?%d", ts.URL, i))); err != nil {
					t.Errorf("%s: render: %v", name, err)
				}
			})
		}
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		return most
	}

	if got := batch("plentiful"); got < 2 {
		t.Fatalf("with memory plentiful at most %d render overlapped; want several of the 4 tabs at work", got)
	}
	if fewest, _ := f.FewestTabs(); fewest != 0 {
		t.Errorf("FewestTabs = %d before memory ran low; want 0", fewest)
	}
	low.Store(true)
	batch("turning low") // each render that ends gives up its tab, down to one
	if got := batch("low"); got != 1 {
		t.Errorf("with memory low %d renders overlapped; want one tab at work", got)
	}
	if fewest, of := f.FewestTabs(); fewest != 1 || of != 4 {
		t.Errorf("FewestTabs = %d of %d; want 1 of 4", fewest, of)
	}
	low.Store(false)
	batch("turning plentiful") // the tabs come back as renders end
	if got := batch("plentiful again"); got < 2 {
		t.Errorf("with memory plentiful again at most %d render overlapped; want the tabs back", got)
	}
}
