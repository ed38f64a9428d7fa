package rendered_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
)

// TestSpreadOverBrowsers renders four pages at once over two running
// browsers with four tabs: each page is held by the site until all four
// have asked, so four tabs are open together, and afterwards each browser
// holds two of webgraph's (pooled) tabs on the site. Close leaves both
// browsers running with none of webgraph's tabs.
func TestSpreadOverBrowsers(t *testing.T) {
	ws1, proc1 := runningChrome(t)
	ws2, proc2 := runningChrome(t)
	var mu sync.Mutex
	arrived := 0
	all := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/p/") {
			http.NotFound(w, r)
			return
		}
		mu.Lock()
		arrived++
		if arrived == 4 {
			close(all)
		}
		mu.Unlock()
		select {
		case <-all:
		case <-time.After(5 * time.Second):
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>page %s</title><p>one of four pages</p>", r.URL.Path)
	}))
	t.Cleanup(ts.Close)

	// webgraph's tabs are counted as the tabs a browser gained, less the
	// one blank tab webgraph keeps in front in each: hidden tabs (the
	// protocol's type "other") and any page. (A tab back in the pool still
	// shows the page it read, frozen, or about:blank.)
	pages := func(ws string) int {
		n := 0
		for _, tg := range remoteTargets(t, strings.Split(strings.TrimPrefix(ws, "ws://"), "/")[0]) {
			if strings.HasPrefix(tg, "page ") || strings.HasPrefix(tg, "other ") {
				n++
			}
		}
		return n
	}
	pages1, pages2 := pages(ws1), pages(ws2)
	onSite := func(ws string, before int) int { return pages(ws) - before - 1 }
	f, err := rendered.New(rendered.Config{BrowserURLs: []string{ws1, ws2}, Tabs: 4, Timeout: 15 * time.Second})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = f.Fetch(context.Background(), mustURL(t, fmt.Sprintf("%s/p/%d", ts.URL, i)))
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("page %d: %v", i, err)
		}
	}
	select {
	case <-all:
	default:
		t.Error("the four pages were not rendered at once")
	}
	// A tab is stilled after its page is read, while the worker goes on:
	// look until all four are back (or the deadline passes).
	var n1, n2 int
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		n1, n2 = onSite(ws1, pages1), onSite(ws2, pages2)
		if n1 == 2 && n2 == 2 || time.Now().After(deadline) {
			break
		}
	}
	if n1 != 2 || n2 != 2 {
		t.Errorf("webgraph's tabs on the site: %d in the first browser, %d in the second; want 2 and 2", n1, n2)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for _, p := range []int{proc1.Pid, proc2.Pid} {
		if err := syscall.Kill(p, 0); err != nil {
			t.Errorf("a running browser (pid %d) is gone after Close: %v", p, err)
		}
	}
	// The browsers drop the tabs of webgraph's browser contexts on their
	// own time after Close: every one must go.
	eventually(t, func() error {
		if n1, n2 := pages(ws1)-pages1, pages(ws2)-pages2; n1 != 0 || n2 != 0 {
			return fmt.Errorf("after Close, %d and %d of webgraph's tabs are still open", n1, n2)
		}
		return nil
	})
}
