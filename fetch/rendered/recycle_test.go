package rendered_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
)

// A browser past its memory limit is recycled between pages: every page
// of a batch rendered four at a time comes back whole (a recycle in the
// middle of a render would fail it, or have it retried with a warning), the first browser's process and
// profile are gone, and the memory read is reported. Without a limit the
// same batch keeps its one browser.
func TestBrowserRecycledPastMemoryLimit(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>Page %s</title><p>The page at %s, with words enough for a reader to call it a page.</p>`, r.URL.Path, r.URL.Path)
	}))
	defer ts.Close()

	for _, limit := range []int64{0, 1} {
		t.Run(fmt.Sprintf("limit=%d", limit), func(t *testing.T) {
			f := own(t, rendered.Config{Tabs: 4, Timeout: 20 * time.Second, MemoryLimit: limit})
			defer f.Close()
			firstPID, firstDir := f.PID(), f.ProfileDir()
			var wg sync.WaitGroup
			errs := make(chan string, 16)
			for i := range 16 {
				wg.Go(func() {
					path := fmt.Sprintf("/p%d", i)
					s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+path))
					if err != nil || s.Title != "Page "+path || !strings.Contains(s.Text(), "The page at "+path) {
						errs <- fmt.Sprintf("%s: title %q, err %v", path, s.Title, err)
					}
					for _, w := range s.Warnings { // a render cut by the recycle is retried, and says so
						errs <- fmt.Sprintf("%s: warning %q", path, w)
					}
				})
			}
			wg.Wait()
			close(errs)
			for e := range errs {
				t.Error(e)
			}
			browser.Track(f) // the browser now running, for the leak check at exit
			if f.PeakPSS() <= 0 {
				t.Errorf("PeakPSS = %d after 16 renders; want the browser's memory read", f.PeakPSS())
			}
			if limit == 0 {
				if f.Recycles() != 0 || f.PID() != firstPID {
					t.Errorf("without a limit: %d recycles, PID %d then %d; want none, one browser", f.Recycles(), firstPID, f.PID())
				}
				return
			}
			if f.Recycles() < 1 || f.PID() == firstPID {
				t.Fatalf("past the limit: %d recycles, PID %d then %d; want a new browser", f.Recycles(), firstPID, f.PID())
			}
			if err := syscall.Kill(firstPID, 0); err == nil {
				t.Errorf("the first browser (PID %d) still runs after its recycle", firstPID)
			}
			if _, err := os.Stat(firstDir); err == nil {
				t.Errorf("the first browser's profile %s is still on disk", firstDir)
			}
		})
	}
}
