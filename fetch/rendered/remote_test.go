package rendered_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
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
	// Not t.TempDir(), which is named after the test: the browser makes a
	// Unix socket in a directory of its own under it, whose path must fit
	// in 108 bytes. Removed after the browser has stopped (cleanups run
	// last first).
	dir, err := os.MkdirTemp("", "chrome")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	args := []string{"--headless", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + dir,
		"--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "about:blank"}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	cmd := exec.Command(path, args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+dir) // its temporary files go with its profile
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

// On a remote browser, webgraph works in a browser context of its own: a
// popup is closed at once, and Close leaves no tab of webgraph's behind.
func TestRemoteBrowserLeavesNothing(t *testing.T) {
	ws, _ := runningChrome(t)
	hostPort := strings.Split(strings.TrimPrefix(ws, "ws://"), "/")[0]
	b, logB := serveHostB(t, "User-agent: *\nDisallow: /\n")
	a, _ := serveHostile(t, b.URL)
	f, err := rendered.New(rendered.Config{BrowserURL: ws, Gate: newGate(t, a.URL+"/"), Tabs: 2})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	s, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/"))
	if err != nil {
		f.Close()
		t.Fatalf("Fetch: %v", err)
	}
	if s.Blocked < len(s.BlockedResources)+len(unlisted) {
		t.Errorf("Blocked = %d; want the popup and the other refusals counted beside the %d listed", s.Blocked, len(s.BlockedResources))
	}
	for _, tg := range remoteTargets(t, hostPort) {
		if strings.Contains(tg, "127.0.0.2") {
			t.Errorf("a target on host B is open while rendering: %s", tg)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	// The browser drops the targets of webgraph's browser context on its
	// own time after Close: they must all go (the test fails if one is
	// still there after waitLimit).
	eventually(t, func() error {
		for _, tg := range remoteTargets(t, hostPort) {
			if strings.Contains(tg, "127.0.0.") && !strings.Contains(tg, hostPort) {
				return fmt.Errorf("a target webgraph opened outlived Close: %s", tg)
			}
		}
		return nil
	})
	drained(t, logB)
	if got := logB.get(); !slices.Equal(got, []string{"/robots.txt"}) {
		t.Errorf("host B's access log = %q; want only /robots.txt", got)
	}
}

// remoteTargets lists the targets of the browser at hostPort, as "type url"
// lines, as the DevTools protocol gives them (Target.getTargets): webgraph's
// hidden tabs are in no window, and the browser's /json/list leaves them
// out.
func remoteTargets(t *testing.T, hostPort string) []string {
	t.Helper()
	resp, err := http.Get("http://" + hostPort + "/json/version")
	if err != nil {
		t.Fatalf("listing targets: %v", err)
	}
	var version struct {
		WS string `json:"webSocketDebuggerUrl"`
	}
	err = json.NewDecoder(resp.Body).Decode(&version)
	resp.Body.Close()
	if err != nil {
		t.Fatalf("listing targets: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := remote.DialContext(ctx, version.WS)
	if err != nil {
		t.Fatalf("listing targets: %v", err)
	}
	b, err := chromedp.NewBrowserTransport(ctx, conn)
	if err != nil {
		conn.Close()
		t.Fatalf("listing targets: %v", err)
	}
	res, err := cdp.Call(ctx, b, target.GetTargets, target.GetTargetsParams{})
	conn.Close()
	if err != nil {
		t.Fatalf("listing targets: %v", err)
	}
	var out []string
	for _, tg := range res.TargetInfos {
		out = append(out, tg.Type+" "+tg.URL)
	}
	return out
}

// TestTabsAreHidden checks that a render's tab is hidden: the protocol lists
// it as type "other", in no window's tab strip (the strip is redrawn at each
// load and title of its tabs' pages), and the page is laid out in the
// viewport all the same.
func TestTabsAreHidden(t *testing.T) {
	ws, _ := runningChrome(t)
	hostPort := strings.Split(strings.TrimPrefix(ws, "ws://"), "/")[0]
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><title>Sized</title><p id=p></p><script>document.getElementById("p").textContent = "Laid out " + innerWidth + " pixels wide.";</script>`)
	}))
	defer ts.Close()
	f, err := rendered.New(rendered.Config{BrowserURL: ws, Tabs: 1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if want := fmt.Sprintf("Laid out %d pixels wide.", rendered.DefaultViewport.Width); !strings.Contains(s.Text(), want) {
		t.Errorf("text %q; want %q", s.Text(), want)
	}
	targets := remoteTargets(t, hostPort)
	if !slices.Contains(targets, "other "+ts.URL+"/") {
		t.Errorf("targets %q; want the page's tab hidden (type other)", targets)
	}
}
