package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/policy"
)

// A site served over TLS with a CA no system trusts: refused without
// --ca-cert, with words that say what to do; read by both sides with it
// (the plain side over HTTP/2, as the server saw); and read with
// --insecure, which stderr and the page's warnings say.
func TestPageOverTLS(t *testing.T) {
	needBrowser(t)
	ca := sites.NewCA(t)
	ts, h := sites.ServeTLS(t, "union", ca)
	target := ts.URL + "/app.html"

	t.Run("no CA", func(t *testing.T) {
		out, errOut, code := webgraph(t, "page", target)
		ev := decodePage(t, out)
		if code != exitRefused || ev.Cause != "fetch_error" || !strings.Contains(ev.Error, "certificate signed by unknown authority") || !strings.Contains(ev.Error, "--ca-cert") {
			t.Errorf("exit %d, cause %q, error %q; want a fetch_error naming the certificate and --ca-cert\n%s", code, ev.Cause, ev.Error, errOut)
		}
	})

	t.Run("ca-cert", func(t *testing.T) {
		before := len(h.Hits())
		out, errOut, code := webgraph(t, "page", "--ca-cert", ca.File(t), target)
		if code != exitOK {
			t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
		ev := decodePage(t, out)
		if !ev.OK || ev.Sides["rendered"].Words < 20 || ev.Sides["rendered"].Error != "" || ev.Sides["plain"].Status != 200 {
			t.Errorf("ok=%v rendered words=%d (error %q) plain status=%d; want the app rendered", ev.OK, ev.Sides["rendered"].Words, ev.Sides["rendered"].Error, ev.Sides["plain"].Status)
		}
		if got := ev.Sides["plain"].Proto; got != "HTTP/2.0" {
			t.Errorf("the plain side says it spoke %q; want HTTP/2.0", got)
		}
		var plainProtos []string
		browser := 0
		for _, hit := range h.Hits()[before:] {
			switch {
			case hit.Browser:
				browser++
			case hit.Path == "/app.html" && hit.Method == http.MethodGet:
				// (--ca-cert also asks the seed with HEAD first, to know
				// where it lands before the browser starts.)
				plainProtos = append(plainProtos, hit.Proto)
			}
		}
		if len(plainProtos) != 1 || plainProtos[0] != "HTTP/2.0" {
			t.Errorf("the server saw the plain side ask for /app.html over %q; want HTTP/2.0 once", plainProtos)
		}
		if browser == 0 {
			t.Errorf("the server saw no request from the browser")
		}
		if len(ev.Warnings) != 0 {
			t.Errorf("warnings %q; want none", ev.Warnings)
		}
	})

	t.Run("insecure", func(t *testing.T) {
		out, errOut, code := webgraph(t, "page", "--insecure", target)
		if code != exitOK {
			t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
		ev := decodePage(t, out)
		if !ev.OK || ev.Sides["rendered"].Words < 20 || ev.Sides["plain"].Status != 200 {
			t.Errorf("ok=%v rendered words=%d plain status=%d; want the app rendered", ev.OK, ev.Sides["rendered"].Words, ev.Sides["plain"].Status)
		}
		if !strings.Contains(errOut, "NOT verified (--insecure)") {
			t.Errorf("stderr does not say --insecure:\n%s", errOut)
		}
		for _, side := range []string{"plain", "rendered"} {
			if !slices.ContainsFunc(ev.Warnings, func(w string) bool { return strings.HasPrefix(w, side+": ") && strings.Contains(w, "(--insecure)") }) {
				t.Errorf("the page's warnings %q do not say the %s side accepted any certificate", ev.Warnings, side)
			}
		}
	})
}

// --ca-cert takes PEM certificates: anything else is a usage error naming
// the file, before anything is fetched.
func TestCACertUsage(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.pem")
	os.WriteFile(junk, []byte("not a certificate\n"), 0o644)
	broken := filepath.Join(dir, "broken.pem")
	os.WriteFile(broken, []byte("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"), 0o644)
	for _, f := range []string{junk, broken, filepath.Join(dir, "missing.pem")} {
		out, errOut, code := webgraph(t, "page", "--mode", "plain", "--ca-cert", f, "https://127.0.0.1:1/")
		if code != exitUsage || !strings.Contains(errOut, "--ca-cert "+f) || out != "" {
			t.Errorf("--ca-cert %s: exit %d, stdout %q, stderr %q; want a usage error naming the file", filepath.Base(f), code, out, errOut)
		}
	}
}

// outcomes maps each page event's path to what the crawl made of it.
func outcomes(t *testing.T, stream, origin string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, ev := range events(t, stream) {
		if ev["event"] != "page" {
			continue
		}
		path := strings.TrimPrefix(ev["url"].(string), origin)
		sides, _ := ev["sides"].(map[string]any)
		words := map[string]any{}
		for name, s := range sides {
			words[name] = s.(map[string]any)["words"]
		}
		out[path] = fmt.Sprintf("ok=%v cause=%v status=%v words=%v sides=%v", ev["ok"], ev["cause"], ev["status"], ev["words"], words)
	}
	return out
}

// The union site crawled over TLS with --ca-cert, both sides, gives what
// it gives over plain HTTP, page by page; every plain request came over
// HTTP/2. With --insecure the crawl works too, and says so in the run
// event, on stderr and in every page's warnings.
func TestCrawlOverTLS(t *testing.T) {
	needBrowser(t)
	ca := sites.NewCA(t)
	tlsSite, h := sites.ServeTLS(t, "union", ca)
	httpSite, _ := sites.Serve(t, "union")
	dir := t.TempDir()
	common := []string{"crawl", "--host-interval", "0", "--delay", "0", "--concurrency", "2", "--keep", "none", "--contact", "ops@example.org"}

	out, errOut, code := webgraph(t, append(common, "--db", filepath.Join(dir, "http.db"), httpSite.URL+"/")...)
	if code != exitOK {
		t.Fatalf("over HTTP: exit %d\n%s", code, errOut)
	}
	want := outcomes(t, out, httpSite.URL)

	out, errOut, code = webgraph(t, append(common, "--db", filepath.Join(dir, "tls.db"), "--ca-cert", ca.File(t), tlsSite.URL+"/")...)
	if code != exitOK {
		t.Fatalf("over TLS: exit %d\n%s", code, errOut)
	}
	got := outcomes(t, out, tlsSite.URL)
	if len(want) < 20 {
		t.Fatalf("over HTTP only %d pages", len(want))
	}
	for path, w := range want {
		if got[path] != w {
			t.Errorf("%s over TLS: %s\nover HTTP: %s", path, got[path], w)
		}
	}
	for path, g := range got {
		if _, ok := want[path]; !ok {
			t.Errorf("%s only over TLS: %s", path, g)
		}
	}
	run := events(t, out)[0]
	if tlsSaid, _ := run["tls"].(string); !strings.HasPrefix(tlsSaid, "system roots and --ca-cert ") || !strings.HasSuffix(tlsSaid, "ca.pem") {
		t.Errorf("run event tls = %v", run["tls"])
	}
	for _, ev := range events(t, out) {
		if ev["event"] != "page" {
			continue
		}
		if p, ok := ev["sides"].(map[string]any)["plain"].(map[string]any); ok && p["status"] != nil && p["proto"] != "HTTP/2.0" {
			t.Errorf("%v: the plain side spoke %v; want HTTP/2.0", ev["url"], p["proto"])
		}
	}
	for _, hit := range h.Hits() {
		if !hit.Browser && hit.Proto != "HTTP/2.0" {
			t.Errorf("the server saw %s from the plain side over %s; want HTTP/2.0", hit.Path, hit.Proto)
		}
	}

	out, errOut, code = webgraph(t, append(common, "--db", filepath.Join(dir, "insecure.db"), "--max-pages", "4", "--insecure", tlsSite.URL+"/")...) // the pages before the missing ones
	if code != exitOK {
		t.Fatalf("--insecure: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(errOut, "NOT verified (--insecure)") {
		t.Errorf("--insecure: stderr does not say so:\n%s", errOut)
	}
	evs := events(t, out)
	if evs[0]["tls"] != "OFF (--insecure)" || !strings.Contains(fmt.Sprint(evs[0]["warnings"]), "NOT verified (--insecure)") {
		t.Errorf("--insecure: run event tls=%v warnings=%v", evs[0]["tls"], evs[0]["warnings"])
	}
	pages := 0
	for _, ev := range evs {
		if ev["event"] != "page" {
			continue
		}
		pages++
		if ws := fmt.Sprint(ev["warnings"]); !strings.Contains(ws, "plain: TLS certificates are NOT verified (--insecure)") {
			t.Errorf("--insecure: %v: warnings %s do not say it", ev["url"], ws)
		}
		if ev["ok"] != true {
			t.Errorf("--insecure: %v not kept: %v", ev["url"], ev["error"])
		}
	}
	if pages < 3 {
		t.Errorf("--insecure: %d pages; want at least 3", pages)
	}
}

// robots and sitemaps take --ca-cert too: with it they read the site over
// TLS; without it, robots.txt is unreachable.
func TestRobotsAndSitemapsOverTLS(t *testing.T) {
	ca := sites.NewCA(t)
	ts, h := sites.ServeTLS(t, "union", ca)
	caFile := ca.File(t)

	out, errOut, code := webgraph(t, "robots", ts.URL+"/")
	if code == exitOK || !strings.Contains(out, "unreachable") {
		t.Errorf("robots without --ca-cert: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = webgraph(t, "robots", "--ca-cert", caFile, ts.URL+"/")
	if code != exitOK || !strings.Contains(out, `"state":"parsed"`) {
		t.Errorf("robots --ca-cert: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = webgraph(t, "sitemaps", "--host-interval", "0", "--ca-cert", caFile, ts.URL+"/")
	if code != exitOK || !strings.Contains(out, "sitemap.xml") {
		t.Errorf("sitemaps --ca-cert: exit %d\n%s%s", code, out, errOut)
	}
	if h.Count("/sitemap.xml") == 0 {
		t.Errorf("sitemaps --ca-cert: the server was not asked for /sitemap.xml")
	}
}

// A running browser's trust store is not webgraph's to change: with
// --browser-url, --ca-cert says so at once, and how to start that browser
// so that it trusts the CA; --insecure says what it does to that browser.
func TestTLSWithRunningBrowserSaysWhatApplies(t *testing.T) {
	ca := sites.NewCA(t)
	ts, _ := sites.ServeTLS(t, "union", ca)
	remote := []string{"page", "--browser-url", "ws://127.0.0.1:1/devtools/browser/none"}
	_, errOut, _ := webgraph(t, append(remote, "--ca-cert", ca.File(t), ts.URL+"/")...)
	if !strings.Contains(errOut, "--ca-cert cannot be added to a running browser's trust (--browser-url)") ||
		!strings.Contains(errOut, "--ignore-certificate-errors-spki-list="+policy.SPKIHash(ca.Cert)) {
		t.Errorf("--ca-cert with --browser-url: stderr does not say what applies:\n%s", errOut)
	}
	_, errOut, _ = webgraph(t, append(remote, "--insecure", ts.URL+"/")...)
	if !strings.Contains(errOut, "--insecure with --browser-url") {
		t.Errorf("--insecure with --browser-url: stderr does not say what applies:\n%s", errOut)
	}
}
