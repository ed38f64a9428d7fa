package rendered_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/browsertest"
	"github.com/webgraph/webgraph/internal/sites"
)

var devtoolsRE = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// runningChrome starts a Chromium with a debugging port on loopback, as a
// container or a CI service would, and stops it (by its PID) at the end.
func runningChrome(t *testing.T) (wsURL string, proc *os.Process) {
	t.Helper()
	path, err := rendered.FindChrome("")
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	dir := t.TempDir()
	args := []string{"--headless", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + dir,
		"--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "about:blank"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	cmd := exec.Command(path, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	found := make(chan string, 1)
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := devtoolsRE.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { <-drained; cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	select {
	case ws := <-found:
		return ws, cmd.Process
	case <-time.After(20 * time.Second):
		t.Fatal("the browser did not say where DevTools listens")
	}
	return "", nil
}

func TestRemoteBrowser(t *testing.T) {
	ws, proc := runningChrome(t)
	ts, h := sites.Serve(t, "union")
	for _, u := range []string{ws, "http://" + strings.Split(strings.TrimPrefix(ws, "ws://"), "/")[0]} {
		f, err := rendered.New(rendered.Config{BrowserURL: u, UserAgent: "webgraph-remote", Tabs: 2})
		if err != nil {
			t.Fatalf("New(BrowserURL: %s): %v", u, err)
		}
		for range 2 { // the second render reuses a pooled tab
			s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/app.html"))
			if err != nil || s.Words < 20 || s.Title != "Trail planner" {
				t.Fatalf("remote render via %s: err=%v words=%d title=%q", u, err, s.Words, s.Title)
			}
		}
		if f.PID() != 0 || f.ProfileDir() != "" {
			t.Errorf("a remote browser reported pid %d, profile %q as its own", f.PID(), f.ProfileDir())
		}
		if err := f.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		// Close must leave the running browser alone.
		if err := proc.Signal(syscall.Signal(0)); err != nil {
			t.Fatalf("the remote browser is gone after Close: %v", err)
		}
	}
	var agent bool
	for _, hit := range h.Hits() {
		agent = agent || hit.Agent == "webgraph-remote"
	}
	if !agent {
		t.Error("the remote browser's requests lacked the configured User-Agent")
	}
}
