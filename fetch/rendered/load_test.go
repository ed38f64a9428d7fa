package rendered_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
)

// busyCPU keeps every core of the machine busy until the test ends, as the
// other renders and processes of a crawl on a small runner do: a child
// process (this test binary, running TestBusyHelper) spins one thread per
// core. It is stopped by its PID when the test ends.
func busyCPU(t *testing.T) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestBusyHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "WEBGRAPH_TEST_BUSY=1")
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the busy helper: %v", err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() {
		if err := cmd.Process.Kill(); err != nil {
			t.Errorf("stopping the busy helper %d: %v", pid, err)
		}
		cmd.Wait()
	})
}

// loaded returns a browser of four tabs for a test whose machine busyCPU
// keeps busy, with a wait cap and timeout long enough that a page is read
// when it is idle, however slowly the machine runs it: these tests hold what
// the wait waits for, not how fast.
func loaded(t *testing.T, cfg rendered.Config) *rendered.Fetcher {
	t.Helper()
	cfg.Tabs, cfg.WaitCap, cfg.Timeout = 4, 15*time.Second, 40*time.Second
	f := own(t, cfg)
	t.Cleanup(func() { f.Close() })
	busyCPU(t)
	return f
}

// TestBusyHelper is busyCPU's child: it spins until it is killed.
func TestBusyHelper(t *testing.T) {
	if os.Getenv("WEBGRAPH_TEST_BUSY") != "1" {
		t.Skip("the busy helper runs only as busyCPU's child process")
	}
	for range runtime.NumCPU() {
		go func() {
			for n := 0; ; n++ {
			}
		}()
	}
	select {}
}

// renderAll renders each of paths on ts at once, in the shared browser (four
// tabs), and returns the sides in the order of paths.
func renderAll(t *testing.T, f *rendered.Fetcher, base string, paths []string) []*fetch.Side {
	t.Helper()
	sides := make([]*fetch.Side, len(paths))
	errs := make([]error, len(paths))
	var wg sync.WaitGroup
	for i, p := range paths {
		wg.Go(func() { sides[i], errs[i] = f.Fetch(context.Background(), mustURL(t, base+p)) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Fetch %s: %v", paths[i], err)
		}
	}
	return sides
}

// repeat returns n copies of path, each with a query of its own.
func repeat(path string, n int) []string {
	var paths []string
	for i := range n {
		paths = append(paths, fmt.Sprintf("%s?copy=%d", path, i))
	}
	return paths
}

// hasLink reports whether s has a link to u.
func hasLink(s *fetch.Side, u string) bool {
	for _, l := range s.Links {
		if l.URL == u {
			return true
		}
	}
	return false
}

// text is the side's text, one block a line.
func text(s *fetch.Side) string { return strings.Join(s.Blocks, "\n") }
