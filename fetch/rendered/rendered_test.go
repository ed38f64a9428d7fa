package rendered_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

var browser = &browsertest.Shared{Config: rendered.Config{Timeout: 10 * time.Second}}

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m, browser)) }

// own starts a browser for one test, registered for the leak check.
func own(t *testing.T, cfg rendered.Config) *rendered.Fetcher {
	t.Helper()
	f, err := rendered.New(cfg)
	if err != nil {
		browsertest.Unavailable(t, err)
	}
	browser.Track(f)
	return f
}

func mustURL(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestRender(t *testing.T) {
	ts, h := sites.Serve(t, "union")
	f := browser.Get(t)
	tests := []struct {
		path, final, title string
		status             int
		download           bool
	}{
		{"/app.html", "/app.html", "Trail planner", 200, false},
		{"/js-login.html", "/login.html?next=%2Fjs-login.html", "Sign in", 200, false},
		{"/private", "/login.html?next=/private", "Sign in", 200, false},
		{"/wall/451", "/wall/451", "Unavailable For Legal Reasons", 451, false},
		{"/missing.html", "/missing.html", "", 404, false},
		{"/report.pdf", "/report.pdf", "", 200, true},
		{"/download/report", "/download/report", "", 200, true},
		{"/attachment", "/attachment", "", 200, true},
	}
	t.Run("pages", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(strings.TrimPrefix(tt.path, "/"), func(t *testing.T) {
				t.Parallel()
				s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+tt.path))
				if err != nil {
					t.Fatalf("Fetch: %v", err)
				}
				if s.FinalURL != ts.URL+tt.final || s.Status != tt.status || s.Download != tt.download || s.Title != tt.title {
					t.Errorf("final=%q status=%d download=%v title=%q; want %q %d %v %q",
						s.FinalURL, s.Status, s.Download, s.Title, ts.URL+tt.final, tt.status, tt.download, tt.title)
				}
				if tt.download && len(s.Blocks) != 0 {
					t.Errorf("a download has text: %q", s.Blocks)
				}
			})
		}
	})
	// After every page above has finished:
	t.Run("browser requests", func(t *testing.T) {
		hits := h.Hits()
		if len(hits) < len(tests) {
			t.Fatalf("server saw %d requests; want at least %d", len(hits), len(tests))
		}
		for _, hit := range hits {
			if !hit.Browser {
				t.Errorf("request for %s lacks browser fetch metadata", hit.Path)
			}
		}
	})
}

func TestRedirectChains(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	f := browser.Get(t)
	s, _ := f.Fetch(context.Background(), mustURL(t, ts.URL+"/js-login.html"))
	if len(s.Redirects) != 1 || s.Redirects[0].Status != 0 || s.Redirects[0].From != ts.URL+"/js-login.html" {
		t.Errorf("script redirect chain = %+v; want one hop with status 0 from js-login.html", s.Redirects)
	}
	s, _ = f.Fetch(context.Background(), mustURL(t, ts.URL+"/loop/a"))
	if s.Err == nil || !strings.Contains(s.Err.Error(), "TOO_MANY_REDIRECTS") {
		t.Errorf("redirect loop: Err = %v; want ERR_TOO_MANY_REDIRECTS", s.Err)
	}
}

func TestTimeoutThenReuse(t *testing.T) {
	ts, h := sites.Serve(t, "union")
	h.MaxStall = 10 * time.Second
	f := own(t, rendered.Config{Timeout: 2 * time.Second, Tabs: 1})
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/stall"))
	if err == nil || !strings.Contains(err.Error(), "timed out after 2s") {
		t.Fatalf("stall: err = %v; want a timeout naming 2s", err)
	}
	if n := h.RanOut(); n != 0 {
		t.Errorf("the server held the stalled response for its full 10s; the timed-out tab should have dropped it")
	}
	if s == nil {
		t.Fatal("nil Side")
	}
	// The one tab timed out; the next page still renders.
	s, err = f.Fetch(context.Background(), mustURL(t, ts.URL+"/article.html"))
	if err != nil || s.Words < 20 {
		t.Fatalf("after a timeout: err=%v words=%d", err, s.Words)
	}
}

func TestCrashRestart(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	f := own(t, rendered.Config{Timeout: 10 * time.Second})
	defer f.Close()
	if _, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/article.html")); err != nil {
		t.Fatalf("first render: %v", err)
	}
	pid := f.PID()
	if pid == 0 {
		t.Fatal("no browser PID")
	}
	// Kill the browser this test started, by its PID.
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill %d: %v", pid, err)
	}
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/app.html"))
	if err != nil {
		t.Fatalf("render after crash: %v", err)
	}
	if s.Words < 20 || f.Restarts() != 1 || f.PID() == pid {
		t.Errorf("after crash: words=%d restarts=%d pid %d→%d; want a new browser and the page", s.Words, f.Restarts(), pid, f.PID())
	}
	if len(s.Warnings) == 0 || !strings.Contains(s.Warnings[0], "restarted") {
		t.Errorf("warnings = %q; want the restart said", s.Warnings)
	}
	browser.Track(f) // the new browser is checked for leaks too
}

func TestCloseLeavesNothing(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	f := own(t, rendered.Config{})
	if _, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/app.html")); err != nil {
		t.Fatal(err)
	}
	pid, dir := f.PID(), f.ProfileDir()
	if err := browsertest.Leaks(nil, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("profile dir %s missing while running: %v", dir, err)
	}
	if !strings.Contains(dir, rendered.ProfilePrefix) {
		t.Errorf("profile dir %s lacks the prefix %s", dir, rendered.ProfilePrefix)
	}
	// Chromium's own temporary directory (its singleton socket) is made in
	// the profile, not in /tmp where a killed browser would leave it.
	socket, err := os.Readlink(filepath.Join(dir, "SingletonSocket"))
	if err != nil {
		t.Fatalf("the browser made no singleton socket: %v", err)
	}
	if !strings.HasPrefix(socket, dir+string(filepath.Separator)) {
		t.Errorf("the browser's temporary directory %s is outside its profile %s", filepath.Dir(socket), dir)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := browsertest.Leaks([]int{pid}, []string{dir}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(socket)); !os.IsNotExist(err) {
		t.Errorf("the browser's temporary directory %s outlives it (%v)", filepath.Dir(socket), err)
	}
	if _, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/app.html")); err == nil {
		t.Error("Fetch after Close succeeded")
	}
}

// A terminal's Ctrl-C goes to the foreground process group: the browser is
// not in it, so a SIGINT to webgraph's group leaves the render going.
func TestOwnProcessGroup(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	f := own(t, rendered.Config{})
	defer f.Close()
	pid := f.PID()
	pgid, err := syscall.Getpgid(pid)
	if err != nil {
		t.Fatalf("getpgid(%d): %v", pid, err)
	}
	ours, _ := syscall.Getpgid(0)
	if pgid == ours || pgid != pid {
		t.Fatalf("browser %d is in process group %d (ours %d); want a group of its own, led by the browser", pid, pgid, ours)
	}
	// What the terminal would send to the browser were it in our group.
	if err := syscall.Kill(-pgid, syscall.SIGINT); err != nil {
		t.Fatalf("SIGINT to group %d: %v", pgid, err)
	}
	// The browser dies of it (and is reaped: its PID is free again).
	eventually(t, func() error {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			return fmt.Errorf("browser %d is still there after SIGINT to its group (kill 0: %v)", pid, err)
		}
		return nil
	})
	// The signal reached the browser's group only: this process is still
	// here, and the fetcher, restarting the browser that died of it,
	// renders.
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/article.html"))
	if err != nil || s.Words < 20 {
		t.Fatalf("render after SIGINT to the browser's group: err=%v words=%d", err, s.Words)
	}
	if n := f.Restarts(); n != 1 {
		t.Errorf("the fetcher restarted its browser %d times; want once, for the one that died", n)
	}
	browser.Track(f)
}

// A second Close returns at once, with the first one's answer: it does not
// wait for the slots the first one took and kept.
func TestCloseTwice(t *testing.T) {
	f := own(t, rendered.Config{Timeout: 10 * time.Second, Tabs: 1})
	first := f.Close()
	second := make(chan error, 1)
	go func() { second <- f.Close() }()
	select {
	case err := <-second:
		if err != first {
			t.Errorf("the second Close said %v; the first %v", err, first)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a second Close still waits after 30 s")
	}
}
