package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/sites"
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
			case hit.Path == "/app.html":
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
