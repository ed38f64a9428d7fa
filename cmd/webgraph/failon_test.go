package main

import (
	"crypto/tls"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// A line of a command's output that a GitHub runner would take as a
// workflow command: "::" after leading white space.
func workflowCommands(out string) []string {
	var cmds []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
			cmds = append(cmds, line)
		}
	}
	return cmds
}

// Nothing a site writes starts a line of webgraph's own on stderr: the
// --fail-on listing holds each URL, its words and its citations on lines
// of their own whatever the sites wrote, and so do the other messages that
// quote a site. The vector: a certificate whose name holds a newline and a
// workflow command, which Go's TLS error quotes as it is (a link check's
// verdict, a robots.txt that could not be read); an anchor and a title hold
// one too. (A GitHub runner reads workflow commands from any line of a
// job's output, after leading blanks.)
func TestSiteTextStartsNoLine(t *testing.T) {
	const command = "::error title=pwned::a site wrote this"
	ca := sites.NewCA(t)
	evil := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		htmlPage(w, "Evil", "")
	}))
	evil.TLS = &tls.Config{Certificates: []tls.Certificate{ca.Leaf(t, nil, "evil.example\n"+command)}}
	evil.StartTLS()
	t.Cleanup(evil.Close)
	_, port, _ := net.SplitHostPort(evil.Listener.Addr().String())
	evilURL := "https://localhost:" + port + "/"
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			htmlPage(w, "Home\n"+command, `<a href="/gone">gone`+"\n"+command+`</a> <a href="`+evilURL+`">elsewhere</a>`)
		default:
			http.NotFound(w, r)
		}
	})
	for _, tc := range []struct {
		name    string
		args    []string
		code    int
		listing bool
	}{
		{"the --fail-on listing", []string{"--check", "external", "--fail-on", "broken,missing", site.URL + "/"}, exitRefused, true},
		{"a seed whose robots.txt cannot be read", []string{evilURL}, exitFailure, false},
	} {
		out, errOut, code := webgraph(t, append([]string{"crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", "plain",
			"--host-interval", "0", "--delay", "0"}, tc.args...)...)
		if code != tc.code {
			t.Fatalf("%s: exit %d; want %d\n%s\n%s", tc.name, code, tc.code, out, errOut)
		}
		if !strings.Contains(errOut, "pwned") || (tc.listing && !strings.Contains(errOut, "failed the --fail-on gate")) {
			t.Fatalf("%s: stderr does not quote the site's text:\n%s", tc.name, errOut)
		}
		if cmds := workflowCommands(errOut); len(cmds) != 0 {
			t.Errorf("%s: stderr has lines a runner takes as workflow commands: %q\n%s", tc.name, cmds, errOut)
		}
	}
}
