package crawl

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestNothingOutlivesCrawl crawls a script-written site in union mode at
// several concurrencies, each with its own browser, and checks that every
// page was kept, that the done event gives the browser's peak memory, and
// that once the fetcher is closed neither the browser process, nor any
// process naming its profile, nor the profile directory is left. Once more
// with memory low: the browser gives up tabs as renders end (the fetcher is
// closed with them given up) and the done event says so.
func TestNothingOutlivesCrawl(t *testing.T) {
	ts := httptest.NewServer(sites.Generated(12, true))
	defer ts.Close()
	seed, _ := url.Parse(ts.URL + "/")
	for _, tc := range []struct {
		n   int
		low bool
	}{{1, false}, {3, false}, {8, false}, {3, true}} {
		n := tc.n
		t.Run(fmt.Sprintf("concurrency=%d,low-memory=%v", n, tc.low), func(t *testing.T) {
			rc := rendered.Config{Tabs: n, Timeout: 15 * time.Second}
			if tc.low {
				rc.Memory = func() rendered.MemoryState { return rendered.MemoryState{Low: true} }
			}
			r, err := rendered.New(rc)
			if err != nil {
				browsertest.Unavailable(t, err)
			}
			browser.Track(r)
			pid, dir := r.PID(), r.ProfileDir()
			p := plain.New(plain.Config{})
			defer p.Close()
			cfg := usual(Config{Seeds: []*url.URL{seed}, Concurrency: n, Depth: -1, SkipSoft404: true})
			c, err := New(cfg, Deps{Pages: &union.Union{Mode: union.ModeUnion, Plain: p, Rendered: r}, Browser: r, Sink: func(Event) {}, Gate: testGate(t, cfg)})
			if err != nil {
				t.Fatal(err)
			}
			done := c.Run(context.Background())
			if done.OK != 12 {
				t.Errorf("kept %d pages; want 12 (causes %v)", done.OK, done.Causes)
			}
			if done.BrowserPeakRSSMB == nil || *done.BrowserPeakRSSMB <= 0 {
				t.Errorf("BrowserPeakRSSMB = %v; want the browser tree's peak memory", done.BrowserPeakRSSMB)
			}
			if done.BrowserPeakPSSMB == nil || done.BrowserPSSMB == nil || *done.BrowserPSSMB <= 0 || *done.BrowserPeakPSSMB < *done.BrowserPSSMB {
				t.Errorf("browser PSS: peak %v, at the end %v ; want both read, the peak at least the end", done.BrowserPeakPSSMB, done.BrowserPSSMB)
			}
			said := slices.ContainsFunc(done.Warnings, func(w string) bool {
				return strings.Contains(w, "memory ran low: the browser rendered with as few as 1 of its 3 tabs")
			})
			if said != tc.low {
				t.Errorf("done warnings %q; want the tabs given up for memory said: %v", done.Warnings, tc.low)
			}
			if err := r.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			if err := browsertest.Leaks([]int{pid}, []string{dir}); err != nil {
				t.Error(err)
			}
		})
	}
}
