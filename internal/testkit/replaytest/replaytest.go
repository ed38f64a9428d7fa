// Package replaytest opens WACZ packages in ReplayWeb.page, the player their
// users drop them on: the player's own files (the npm package that
// scripts/ensure-replayweb.sh installs outside the repository) and a package
// served on loopback, in a headless Chromium of the test's own. That browser
// is a client of the archive, not a crawl: it has none of webgraph's guards,
// and the player's service worker runs in it. Under WEBGRAPH_REQUIRE_BROWSER=1
// a missing player or browser fails the test; otherwise it is skipped with
// the command that installs it.
package replaytest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
)

// repoFile is the path of a file of the repository, from this package's
// source.
func repoFile(rel string) string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), "..", "..", "..", filepath.FromSlash(rel))
}

// Version is the version of ReplayWeb.page that scripts/replayweb pins.
func Version() (string, error) {
	b, err := os.ReadFile(repoFile("scripts/replayweb/package.json"))
	if err != nil {
		return "", err
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		return "", fmt.Errorf("scripts/replayweb/package.json: %w", err)
	}
	v := pkg.Dependencies["replaywebpage"]
	if v == "" {
		return "", errors.New("scripts/replayweb/package.json names no replaywebpage")
	}
	return v, nil
}

// PlayerDir returns the directory of the installed player (its ui.js and
// sw.js), where scripts/ensure-replayweb.sh puts it:
// $WEBGRAPH_CACHE, else $XDG_CACHE_HOME/webgraph, else ~/.cache/webgraph,
// then replaywebpage-VERSION/node_modules/replaywebpage. Without it the test
// fails under WEBGRAPH_REQUIRE_BROWSER=1 and is skipped otherwise.
func PlayerDir(tb testing.TB) string {
	tb.Helper()
	v, err := Version()
	if err != nil {
		tb.Fatal(err)
	}
	cache := os.Getenv("WEBGRAPH_CACHE")
	if cache == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			tb.Fatal(err)
		}
		cache = filepath.Join(base, "webgraph")
	}
	dir := filepath.Join(cache, "replaywebpage-"+v, "node_modules", "replaywebpage")
	for _, f := range []string{"ui.js", "sw.js"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			msg := fmt.Sprintf("ReplayWeb.page %s is not installed (%v): run scripts/ensure-replayweb.sh", v, err)
			if browsertest.Required() {
				tb.Fatal(msg)
			}
			tb.Skip(msg + " (set WEBGRAPH_REQUIRE_BROWSER=1 to make this a failure)")
		}
	}
	return dir
}

// WACZPath is where Serve serves the package.
const WACZPath = "/archive.wacz"

// Serve serves, on 127.0.0.1 (a secure context, where service workers
// run), the player's files under /replay/, the WACZ file wacz at WACZPath
// (with Range requests, which the player reads it by), and at / a page
// that embeds the player on it: its query's url and ts, when given, are the
// page the player opens, else it lists the pages. It stops at the test's
// end.
func Serve(tb testing.TB, playerDir, wacz string) *httptest.Server {
	tb.Helper()
	mux := http.NewServeMux()
	mux.Handle("/replay/", http.StripPrefix("/replay/", http.FileServer(http.Dir(playerDir))))
	mux.HandleFunc(WACZPath, func(w http.ResponseWriter, r *http.Request) {
		f, err := os.Open(wacz)
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/wacz")
		http.ServeContent(w, r, "archive.wacz", st.ModTime(), f)
	})
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		attrs := ""
		for _, k := range []string{"url", "ts"} {
			if v := r.URL.Query().Get(k); v != "" {
				attrs += fmt.Sprintf(" %s=\"%s\"", k, html.EscapeString(v))
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html>
<html><head><meta charset="utf-8"><title>player</title>
<script src="/replay/ui.js"></script>
<style>html, body { width: 100%%; height: 100%%; margin: 0 } replay-web-page { display: block; width: 100%%; height: 100%% }</style>
</head><body><replay-web-page source="%s" replayBase="/replay/" embed="default"%s></replay-web-page></body></html>
`, WACZPath, attrs)
	})
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(mux)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	tb.Cleanup(srv.Close)
	return srv
}

// PageURL is the address of srv's embedding page, opening the archived
// page at u (or, when u is empty, the page list).
func PageURL(srv *httptest.Server, u string) string {
	if u == "" {
		return srv.URL + "/"
	}
	return srv.URL + "/?" + url.Values{"url": {u}}.Encode()
}

// Browser starts a headless Chromium of the test's own (its own profile,
// with service workers as any browser has them) and returns a tab in it. The
// browser is stopped, and its profile removed, at the test's end.
func Browser(tb testing.TB) context.Context {
	tb.Helper()
	exec, err := rendered.FindChrome("")
	if err != nil {
		browsertest.Unavailable(tb, err)
	}
	dir, err := os.MkdirTemp("", rendered.ProfilePrefix)
	if err != nil {
		tb.Fatal(err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exec),
		chromedp.UserDataDir(dir),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.WindowSize(1280, 900),
	)
	// Its own temporary files go with its profile, where the socket it
	// makes there fits a socket's address (108 bytes).
	if len(dir+"/org.chromium.Chromium.XXXXXX/SingletonSocket") < 108 {
		opts = append(opts, chromedp.Env("TMPDIR="+dir))
	}
	if os.Geteuid() == 0 || os.Getenv("WEBGRAPH_CHROME_NO_SANDBOX") == "1" {
		opts = append(opts, chromedp.NoSandbox)
	}
	allocCtx, stopAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	tb.Cleanup(func() {
		cancel()
		stopAlloc() // waits for the browser to exit
		os.RemoveAll(dir)
	})
	if err := chromedp.Do(ctx); err != nil {
		tb.Fatalf("starting %s: %v", exec, err)
	}
	return ctx
}

// deepTextJS returns the text of the document, of every open shadow root
// and of every frame of the same origin, in document order (scripts and
// styles left out): the player draws itself in shadow roots and replays
// the archived page in nested frames.
const deepTextJS = `(() => {
  const out = [];
  const walk = (node) => {
    for (let n = node.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3) { const t = n.textContent.trim(); if (t) out.push(t); continue; }
      if (n.nodeType !== 1) continue;
      if (n.tagName === "SCRIPT" || n.tagName === "STYLE") continue;
      if (n.shadowRoot) walk(n.shadowRoot);
      if (n.tagName === "IFRAME") {
        try { if (n.contentDocument) walk(n.contentDocument); } catch (e) {}
      }
      walk(n);
    }
  };
  walk(document);
  return out.join("\n");
})()`

// Text returns the text on the tab, through shadow roots and frames.
func Text(ctx context.Context) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](deepTextJS))
}

// WaitText waits until every one of want is in the tab's text (Text), or
// ctx ends; the error then says what was missing and shows the text.
func WaitText(ctx context.Context, want ...string) (string, error) {
	var text string
	for {
		var err error
		text, err = Text(ctx)
		missing := ""
		if err == nil {
			for _, w := range want {
				if !strings.Contains(text, w) {
					missing = w
					break
				}
			}
			if missing == "" {
				return text, nil
			}
		}
		t := time.NewTimer(100 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			if err != nil {
				return text, fmt.Errorf("reading the tab's text: %w", err)
			}
			return text, fmt.Errorf("%q never appeared; the tab shows:\n%s", missing, text)
		case <-t.C:
		}
	}
}

// frameTypesJS lists the content type of every document in a frame of the
// same origin, through shadow roots, outermost first.
const frameTypesJS = `(() => {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (el.tagName === "IFRAME") {
        try { if (el.contentDocument) { out.push(el.contentDocument.contentType); walk(el.contentDocument); } } catch (e) {}
      }
    }
  };
  walk(document);
  return out;
})()`

// FrameTypes returns the content type of the document of every frame on
// the tab (through shadow roots and frames of the same origin), outermost
// first: the last is the replayed page's.
func FrameTypes(ctx context.Context) ([]string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[[]string](frameTypesJS))
}
