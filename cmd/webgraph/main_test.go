package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

func TestMain(m *testing.M) { os.Exit(browsertest.MainNoLeftovers(m)) }

// needBrowser fails or skips t when no browser can be found.
func needBrowser(t *testing.T) {
	t.Helper()
	if _, err := rendered.FindChrome(""); err != nil {
		browsertest.Unavailable(t, err)
	}
}

func webgraph(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, &out, &errb)
	code = exitCode(err, &errb)
	return out.String(), errb.String(), code
}

func decodePage(t *testing.T, out string) crawl.PageEvent {
	t.Helper()
	var ev crawl.PageEvent
	if err := json.Unmarshal([]byte(out), &ev); err != nil {
		t.Fatalf("stdout is not one page event: %v\n%s", err, out)
	}
	if strings.Count(strings.TrimSpace(out), "\n") != 0 {
		t.Errorf("stdout has more than one line:\n%s", out)
	}
	return ev
}

func TestPageJavaScriptApp(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "union")
	out, errOut, code := webgraph(t, "page", ts.URL+"/app.html", "--contact", "ops@example.org")
	if code != exitOK {
		t.Fatalf("exit %d; stderr:\n%s", code, errOut)
	}
	ev := decodePage(t, out)
	if !ev.OK || ev.Sides["plain"].Words >= 20 || ev.Sides["rendered"].Words < 20 {
		t.Errorf("ok=%v plain words=%d rendered words=%d; want ok, plain < 20 <= rendered", ev.OK, ev.Sides["plain"].Words, ev.Sides["rendered"].Words)
	}
	if ev.Event != "page" || ev.Citation.Via != "seed" || ev.Text == nil || ev.Links.Rendered != 3 {
		t.Errorf("event=%q citation=%+v text=%v links=%+v", ev.Event, ev.Citation, ev.Text != nil, ev.Links)
	}
	if !strings.HasPrefix(out, `{"event":"page",`) {
		t.Errorf("the event field is not first: %.40s", out)
	}
	for _, key := range []string{`"document":0`, `"external":0`, `"dropped":[]`, `"warnings":[]`} {
		if !strings.Contains(out, key) {
			t.Errorf("output lacks %s", key)
		}
	}

	out, _, code = webgraph(t, "page", "--mode", "plain", ts.URL+"/app.html")
	if code != exitRefused {
		t.Fatalf("--mode plain: exit %d; want %d", code, exitRefused)
	}
	if ev := decodePage(t, out); ev.OK || ev.Cause != "js_shell" || ev.Text != nil {
		t.Errorf("--mode plain: ok=%v cause=%q text=%v; want refused as js_shell, no text", ev.OK, ev.Cause, ev.Text != nil)
	}
}

func TestPageRefusals(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "union")
	tests := []struct{ path, cause, words string }{
		{"/wall/403", "wall", "HTTP 403 Forbidden: the site refused the request"},
		{"/report.pdf", "download", "the server returned a file download rather than a page"},
		{"/private", "login_redirect", "login redirect"},
	}
	for _, tt := range tests {
		out, errOut, code := webgraph(t, "page", ts.URL+tt.path)
		if code != exitRefused {
			t.Errorf("%s: exit %d; want %d", tt.path, code, exitRefused)
			continue
		}
		ev := decodePage(t, out)
		if ev.Cause != tt.cause || !strings.Contains(ev.Error, tt.words) || !strings.Contains(errOut, tt.words) {
			t.Errorf("%s: cause=%q error=%q stderr=%q; want %s with %q", tt.path, ev.Cause, ev.Error, errOut, tt.cause, tt.words)
		}
	}
	out, _, _ := webgraph(t, "page", "--keep", "none", ts.URL+"/browser-walled")
	ev := decodePage(t, out)
	if !ev.OK || ev.Text != nil || len(ev.Dropped) != 1 || ev.Dropped[0].Side != "rendered" {
		t.Errorf("one-sided wall: ok=%v text=%v dropped=%+v; want kept without text, rendered dropped", ev.OK, ev.Text != nil, ev.Dropped)
	}
}

func TestCompare(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "union")
	out, errOut, code := webgraph(t, "compare", ts.URL+"/app.html")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Only in rendered (7 blocks)", "+ Rendered only: this paragraph exists", "Links only rendering found (3)", "/stages/1.html"} {
		if !strings.Contains(out, want) {
			t.Errorf("compare output lacks %q:\n%s", want, out)
		}
	}
	out, _, code = webgraph(t, "compare", "--json", ts.URL+"/article.html")
	var c struct {
		OK           bool     `json:"ok"`
		Both         []string `json:"both"`
		OnlyRendered []string `json:"only_rendered"`
		OnlyPlain    []string `json:"only_plain"`
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil || code != exitOK {
		t.Fatalf("compare --json: exit %d, %v\n%s", code, err, out)
	}
	if !c.OK || len(c.Both) < 5 || len(c.OnlyRendered) != 0 {
		t.Errorf("static article: both=%d only_rendered=%q; want every rendered block in both", len(c.Both), c.OnlyRendered)
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{nil, "no command"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"page"}, "takes one URL"},
		{[]string{"page", "ftp://x/y"}, "http:// and https://"},
		{[]string{"page", "--mode", "sideways", "http://127.0.0.1:1/"}, "unknown mode"},
		{[]string{"page", "--keep", "html", "http://127.0.0.1:1/"}, "--keep"},
		{[]string{"page", "--bogus", "http://127.0.0.1:1/"}, "unknown flag"},
		{[]string{"compare", "--mode", "plain", "http://127.0.0.1:1/"}, "compare always fetches both"},
	}
	for _, tt := range tests {
		_, errOut, code := webgraph(t, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("webgraph %q: exit %d, stderr %q; want exit %d mentioning %q", tt.args, code, errOut, exitUsage, tt.want)
		}
	}
	out, _, code := webgraph(t, "version")
	if code != exitOK || !strings.HasPrefix(out, "webgraph ") {
		t.Errorf("version: exit %d, %q", code, out)
	}
}
