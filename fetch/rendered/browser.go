// Package rendered fetches a page the way a reader's browser does: a headless
// Chromium driven through chromedp renders it, and the text is what
// innerText shows, the links what the live DOM holds.
//
// One Fetcher owns one browser process (or, later, a connection to a running
// one) and a pool of reused tabs. A crashed or hung browser is restarted and
// the page retried once. Close stops the browser and removes its profile
// directory.
package rendered

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"
)

// ErrNoBrowser is returned by New when no Chrome or Chromium can be found.
var ErrNoBrowser = errors.New("rendered: no Chrome or Chromium found (install chromium, or pass --chrome PATH)")

// ProfilePrefix starts the name of every profile directory webgraph creates
// in os.TempDir, so that a leak is easy to find.
const ProfilePrefix = "webgraph-chrome-"

// browserNames are looked up on PATH, in order, when Config.ExecPath is empty.
var browserNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell", "chrome"}

// FindChrome returns the path of the browser to start: path itself when not
// empty, else the first of chromium, chromium-browser, google-chrome,
// headless-shell found on PATH.
func FindChrome(path string) (string, error) {
	if path != "" {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", fmt.Errorf("rendered: --chrome %s: %w", path, err)
		}
		return p, nil
	}
	for _, n := range browserNames {
		if p, err := exec.LookPath(n); err == nil {
			return p, nil
		}
	}
	for _, p := range []string{"/headless-shell/headless-shell", "/usr/bin/chromium", "/usr/lib/chromium/chromium"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowser
}

// browser is one generation of the browser process: restarted, it is
// replaced by a new browser with a new profile directory.
type browser struct {
	allocCancel context.CancelFunc
	ctx         context.Context // the root chromedp context: the browser
	cancel      context.CancelFunc
	dir         string
	pid         int

	mu   sync.Mutex
	idle []*tab
}

// connectBrowser attaches to a browser that is already running, at a
// ws:// or http://host:port URL. Stopping it later only closes this
// process's tabs and the connection: the browser is not ours to stop.
func connectBrowser(browserURL string) (*browser, error) {
	allocCtx, allocCancel := remote.NewAllocator(context.Background(), browserURL)
	ctx, cancel := chromedp.NewContext(allocCtx)
	b := &browser{allocCancel: allocCancel, ctx: ctx, cancel: cancel}
	if err := chromedp.Do(ctx); err != nil {
		b.stop()
		return nil, fmt.Errorf("rendered: connecting to the browser at %s: %w", browserURL, err)
	}
	if err := denyDownloads(ctx); err != nil {
		b.stop()
		return nil, err
	}
	return b, nil
}

func startBrowser(execPath, userAgent string, noSandbox bool) (*browser, error) {
	dir, err := os.MkdirTemp("", ProfilePrefix)
	if err != nil {
		return nil, fmt.Errorf("rendered: profile directory: %w", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(execPath),
		chromedp.UserDataDir(dir),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,MediaRouter,OptimizationHints,InterestFeedContentSuggestions"),
		chromedp.UserAgent(userAgent),
	)
	if noSandbox || os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	b := &browser{allocCancel: allocCancel, ctx: ctx, cancel: cancel, dir: dir}
	if err := chromedp.Do(ctx); err != nil {
		b.stop()
		return nil, fmt.Errorf("rendered: starting %s: %w", execPath, err)
	}
	if p := chromedp.FromContext(ctx).Browser.Process(); p != nil {
		b.pid = p.Pid
	}
	if err := denyDownloads(ctx); err != nil {
		b.stop()
		return nil, err
	}
	return b, nil
}

// denyDownloads makes the browser refuse downloads while still telling of
// each one it refused (the download event).
func denyDownloads(ctx context.Context) error {
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorDeny, EventsEnabled: new(true),
	}); err != nil {
		return fmt.Errorf("rendered: denying downloads: %w", err)
	}
	return nil
}

// alive reports whether the browser answers a trivial command within a
// short time. A crashed browser's context is done; a hung one does not answer.
func (b *browser) alive() bool {
	if b.ctx.Err() != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(b.ctx, 3*time.Second)
	defer cancel()
	_, err := chromedp.CallBrowser(ctx, cdpbrowser.GetVersion, cdp.Empty{})
	return err == nil
}

// stop closes every tab, stops the process, waits for it to exit, and removes
// the profile directory.
func (b *browser) stop() error {
	b.mu.Lock()
	idle := b.idle
	b.idle = nil
	b.mu.Unlock()
	for _, t := range idle {
		t.close()
	}
	b.cancel()      // waits for the browser to exit (a remote one: to disconnect)
	b.allocCancel() // waits for the allocator's goroutines
	if b.dir == "" {
		return nil // a remote browser: no profile of ours
	}
	if err := os.RemoveAll(b.dir); err != nil {
		return fmt.Errorf("rendered: removing profile %s: %w", b.dir, err)
	}
	return nil
}

func (b *browser) getTab(cfg Config) (*tab, error) {
	b.mu.Lock()
	if n := len(b.idle); n > 0 {
		t := b.idle[n-1]
		b.idle = b.idle[:n-1]
		b.mu.Unlock()
		return t, nil
	}
	b.mu.Unlock()
	return newTab(b, cfg)
}

func (b *browser) putTab(t *tab) {
	b.mu.Lock()
	if b.ctx.Err() == nil {
		b.idle = append(b.idle, t)
		t = nil
	}
	b.mu.Unlock()
	if t != nil {
		t.close()
	}
}
