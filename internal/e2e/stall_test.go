package e2e

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/pgtest"
)

// A crawl on PostgreSQL whose server stops answering mid-crawl (SIGSTOP:
// its connections stay open, nothing replies) still ends on Ctrl-C: the
// first interrupt finishes the pages in flight, and once its grace (twice
// the page timeout) has passed the store's operations end, so the process
// exits as interrupted instead of waiting on the server for ever.
func TestInterruptDuringPostgresStall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	// A server of its own: pausing the shared one would stall the other
	// tests of this binary.
	var srv pgtest.Server
	t.Cleanup(func() {
		if err := srv.Stop(); err != nil {
			t.Error(err)
		}
	})
	dsn := srv.DB(t)
	bin := build(t)
	s := serveSite(t, 400, loopbacks[:1], 0)
	out := filepath.Join(t.TempDir(), "w.jsonl")
	w := start(t, bin, append([]string{"crawl", "--db", dsn, "--out", out, "--mode", "plain", "--host-interval", "20ms", "--delay", "0",
		"--timeout", "2s", "--depth", "-1", "--max-pages", "-1", "--keep", "none"}, s.args()...)...)

	// Wait for the crawl to be under way: pages recorded.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(out)
		if bytes.Count(b, []byte(`"event":"page"`)) >= 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no five pages recorded within a minute")
		}
	}
	resume := srv.Pause(t)
	defer resume()
	if err := w.cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	// The grace is 4s here; a minute is a deadline for a hang, not a
	// measure of speed.
	var err error
	select {
	case err = <-w.exited:
		w.exited <- err
	case <-time.After(time.Minute):
		w.cmd.Process.Signal(syscall.SIGQUIT) // its goroutines, on stderr
		w.exited <- <-w.exited                // (the cleanup waits for it too)
		resume()
		t.Fatalf("webgraph still running a minute after Ctrl-C while PostgreSQL stalled\n%s", w.stderr.String())
	}
	resume()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 130 {
		t.Errorf("webgraph exited with %v; want 130 (interrupted)\n%s", err, w.stderr.String())
	}
	if !strings.Contains(w.stderr.String(), "interrupted") {
		t.Errorf("stderr does not say the crawl was interrupted:\n%s", w.stderr.String())
	}
}
