// Package rendered fetches a page the way a reader's browser does: a headless
// Chromium driven through chromedp renders it, and the text is what
// innerText shows, the links what the live DOM holds.
//
// One Fetcher owns one browser process (or a connection to a running one,
// with a browser context of its own) and a pool of reused tabs. A crashed or
// hung browser is restarted and the page retried once. Close stops the
// browser and removes its profile directory.
//
// Every request a page makes passes the Fetch domain of its tab and is
// answered by Config.Gate (intercept.go); new windows are closed before
// their first request and service workers never run (guard.go).
package rendered

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/security"
	"github.com/chromedp/cdproto/target"
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
	// context is the browser context webgraph made on a remote browser;
	// empty for a browser webgraph started (all of it is webgraph's).
	context cdp.BrowserContextID
	// front is the browser's own blank tab (in a remote browser, the one
	// made in webgraph's context), kept in front so that every tab that
	// renders is in the background (see newTab).
	front target.ID
	guard sync.WaitGroup // the target guard's goroutine
	creds credentials    // the operator's headers, for approved origins

	mu   sync.Mutex
	idle []*tab
	// quiet holds the idle no-script tabs (NoScript): scripts off for
	// good, kept apart from the render's.
	quiet []*tab
	tabs  map[cdp.FrameID]*tab // open tabs by main frame (= target) id

	// quietWhere is where a browser webgraph started opens its no-script
	// tabs: a browser context of their own and its window's blank tab
	// (screenshot.go), made for the first of them.
	quietMu    sync.Mutex
	quietWhere *place
}

// connectBrowser attaches to a browser that is already running, at a
// ws:// or http://host:port URL. Stopping it later only closes this
// process's tabs and the connection: the browser is not ours to stop.
//
// Everything runs in a browser context of its own, created here and disposed
// of by stop: cookies, caches and service workers do not leak between runs
// or to the browser's other users, and disposing of it closes every tab
// webgraph opened there.
func connectBrowser(browserURL string) (*browser, error) {
	allocCtx, allocCancel := remote.NewAllocator(context.Background(), browserURL)
	ctx, cancel := chromedp.NewContext(allocCtx, chromedp.WithNewBrowserContext(), quietSessions())
	b := &browser{allocCancel: allocCancel, ctx: ctx, cancel: cancel, tabs: map[cdp.FrameID]*tab{}}
	if err := chromedp.Do(ctx); err != nil {
		b.stop()
		return nil, fmt.Errorf("rendered: connecting to the browser at %s: %w", browserURL, err)
	}
	b.context = chromedp.FromContext(ctx).BrowserContextID
	if b.context == "" {
		b.stop()
		return nil, fmt.Errorf("rendered: the browser at %s made no browser context for webgraph", browserURL)
	}
	if err := b.start(); err != nil {
		b.stop()
		return nil, err
	}
	return b, nil
}

// start sets what every browser gets: downloads denied, and the target guard.
func (b *browser) start() error {
	b.front = chromedp.FromContext(b.ctx).Target.TargetID
	if err := denyDownloads(b.ctx); err != nil {
		return err
	}
	return b.startGuard()
}

// quietSessions drops chromedp's complaint about messages of sessions it
// does not route (the guard's auto-attached ones), and keeps other errors.
func quietSessions() chromedp.ContextOption {
	return chromedp.WithErrorf(func(format string, args ...any) {
		if strings.HasPrefix(format, "executor for") {
			return
		}
		log.Printf(format, args...)
	})
}

// startBrowser starts the browser at execPath with a new profile, on the
// network directly (or as the environment says).
func startBrowser(execPath, userAgent string, noSandbox bool) (*browser, error) {
	return startBrowserVia(execPath, userAgent, noSandbox, nil, "")
}

// backgroundHosts are the services Chromium calls on its own, whatever its
// flags say (measured on Debian's Chromium 156: component updates, network
// time, account sign-in, even with --disable-background-networking and
// --disable-component-update). No page asks for them, so no tab's Fetch
// domain, and no gate, ever sees them: the browser is given no address for
// them instead.
func backgroundHosts() []string {
	return []string{
		"update.googleapis.com", "clients1.google.com", "clients2.google.com", "clients4.google.com",
		"accounts.google.com", "clientservices.googleapis.com", "safebrowsing.googleapis.com",
		"optimizationguide-pa.googleapis.com", "content-autofill.googleapis.com",
		"redirector.gvt1.com", "*.gvt1.com", "edgedl.me.gvt1.com",
	}
}

// resolverRules maps every background host to sink: "~NOTFOUND" (no
// address at all) unless a test points them at a listener of its own.
func resolverRules(sink string) string {
	if sink == "" {
		sink = "~NOTFOUND"
	}
	hosts := backgroundHosts()
	rules := make([]string, len(hosts))
	for i, h := range hosts {
		rules[i] = "MAP " + h + " " + sink
	}
	return strings.Join(rules, ", ")
}

// tmpDirFor returns TMPDIR=dir for the browser, or nothing when the
// socket Chromium makes there would not fit a socket address (108 bytes).
func tmpDirFor(dir string) []string {
	if len(dir+"/org.chromium.Chromium.XXXXXX/SingletonSocket") >= 108 {
		return nil
	}
	return []string{"TMPDIR=" + dir}
}

// startBrowserVia is startBrowser with every request through proxy, when
// it is not nil, and the browser's own background hosts resolved to sink
// (see resolverRules; "" for none at all).
func startBrowserVia(execPath, userAgent string, noSandbox bool, proxy *url.URL, sink string) (*browser, error) {
	return startBrowserTrusting(execPath, userAgent, noSandbox, proxy, sink, nil)
}

// startBrowserTrusting is startBrowserVia with the public keys spki (see
// Config.TrustSPKI) accepted in any server's chain.
func startBrowserTrusting(execPath, userAgent string, noSandbox bool, proxy *url.URL, sink string, spki []string) (*browser, error) {
	dir, err := os.MkdirTemp("", ProfilePrefix)
	if err != nil {
		return nil, fmt.Errorf("rendered: profile directory: %w", err)
	}
	if err := writePreferences(dir); err != nil {
		os.RemoveAll(dir)
		return nil, err
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
		// Site isolation off: cross-site iframes stay in the page's process,
		// so the tab's Fetch domain sees (and the gate answers) their
		// requests too.
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,MediaRouter,OptimizationHints,InterestFeedContentSuggestions,BackForwardCache,IsolateOrigins,site-per-process"),
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.UserAgent(userAgent),
		// A process group of its own: a terminal's Ctrl-C reaches webgraph
		// alone, and stop kills the whole group by its id.
		chromedp.ModifyCmdFunc(ownProcessGroup),
		// Its temporary files (the singleton socket's directory, which a
		// browser killed outright leaves in /tmp) go in its profile, which
		// stop removes. A path too long for a socket keeps the default.
		chromedp.Env(tmpDirFor(dir)...),
		// Requests the browser makes of its own accord go nowhere. (Through
		// a --proxy, names are resolved by the proxy: it sees them.)
		chromedp.Flag("host-resolver-rules", resolverRules(sink)),
	)
	if proxy != nil {
		// Chromium sends loopback hosts around a proxy unless told not to.
		opts = append(opts, chromedp.ProxyServer(proxy.String()), chromedp.Flag("proxy-bypass-list", "<-loopback>"))
	}
	if len(spki) > 0 {
		// Chromium matches these against every certificate the server
		// presents (leaf and intermediates), not against roots it does
		// not send: hence the seeds' own keys besides the CAs'.
		opts = append(opts, chromedp.Flag("ignore-certificate-errors-spki-list", strings.Join(spki, ",")))
	}
	if noSandbox || os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx, quietSessions())
	b := &browser{allocCancel: allocCancel, ctx: ctx, cancel: cancel, dir: dir, tabs: map[cdp.FrameID]*tab{}}
	if err := chromedp.Do(ctx); err != nil {
		b.stop()
		return nil, fmt.Errorf("rendered: starting %s: %w", execPath, err)
	}
	if p := chromedp.FromContext(ctx).Browser.Process(); p != nil {
		b.pid = p.Pid
	}
	if err := b.start(); err != nil {
		b.stop()
		return nil, err
	}
	return b, nil
}

// InsecureWarning is in the warnings of every Side rendered with
// Config.Insecure.
const InsecureWarning = "TLS certificates are NOT verified (--insecure): any server can stand in for the site"

// ignoreCertificateErrors makes the whole browser accept any certificate
// while this connection lasts.
func (b *browser) ignoreCertificateErrors() error {
	if _, err := chromedp.CallBrowser(b.ctx, security.SetIgnoreCertificateErrors, security.SetIgnoreCertificateErrorsParams{Ignore: true}); err != nil {
		return fmt.Errorf("rendered: --insecure: the browser would not ignore certificate errors: %w", err)
	}
	return nil
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

// stop closes every tab, stops the process and every process of its group,
// waits for it to exit, and removes the profile directory. On a remote
// browser it disposes of webgraph's browser context (closing its tabs) and
// disconnects.
func (b *browser) stop() error {
	b.mu.Lock()
	idle := append(b.idle, b.quiet...)
	b.idle, b.quiet = nil, nil
	b.mu.Unlock()
	for _, t := range idle {
		t.close()
	}
	b.cancel()      // waits for the browser to exit (a remote one: to disconnect)
	b.allocCancel() // waits for the allocator's goroutines
	b.guard.Wait()
	if b.pid > 0 {
		// Helpers (zygote, renderers) left behind by the browser: the
		// group is ours, named by the browser's PID.
		killGroup(b.pid)
	}
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

// putQuietTab puts a no-script tab back in its pool.
func (b *browser) putQuietTab(t *tab) {
	b.mu.Lock()
	if b.ctx.Err() == nil {
		b.quiet = append(b.quiet, t)
		t = nil
	}
	b.mu.Unlock()
	if t != nil {
		t.close()
	}
}

// getQuietTab returns an idle no-script tab, or nil when there is none.
func (b *browser) getQuietTab() *tab {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(b.quiet)
	if n == 0 {
		return nil
	}
	t := b.quiet[n-1]
	b.quiet = b.quiet[:n-1]
	return t
}
