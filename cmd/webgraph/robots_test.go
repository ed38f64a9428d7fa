package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

func TestRobotsCommand(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	tests := []struct {
		args    []string
		code    int
		allowed bool
		group   string
		rule    string
	}{
		{[]string{"robots", ts.URL + "/members/list.html"}, exitDisallowed, false, "webgraph", "Disallow: /members/"},
		{[]string{"robots", ts.URL + "/members/welcome.html"}, exitOK, true, "webgraph", "Allow: /members/welcome.html"},
		{[]string{"robots", ts.URL + "/drafts/x"}, exitOK, true, "webgraph", ""},
		{[]string{"robots", "--agent", "OtherBot", ts.URL + "/drafts/x"}, exitDisallowed, false, "*", "Disallow: /drafts/"},
	}
	for _, tt := range tests {
		out, errOut, code := webgraph(t, tt.args...)
		var got struct {
			Allowed    bool     `json:"allowed"`
			Group      string   `json:"group"`
			Rule       string   `json:"rule"`
			State      string   `json:"state"`
			Status     int      `json:"status"`
			CrawlDelay *float64 `json:"crawl_delay"`
			Sitemaps   []string `json:"sitemaps"`
			Rules      []string `json:"rules"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%q: %v\n%s", tt.args, err, out)
		}
		if code != tt.code || got.Allowed != tt.allowed || got.Group != tt.group || got.Rule != tt.rule || got.State != "parsed" || got.Status != 200 {
			t.Errorf("%q: exit %d %+v; want exit %d allowed=%v group=%q rule=%q (stderr %q)", tt.args, code, got, tt.code, tt.allowed, tt.group, tt.rule, errOut)
		}
		if got.Group == "webgraph" && (got.CrawlDelay == nil || *got.CrawlDelay != 0.1 || len(got.Rules) != 3) {
			t.Errorf("%q: crawl_delay=%v rules=%q", tt.args, got.CrawlDelay, got.Rules)
		}
		if len(got.Sitemaps) != 1 {
			t.Errorf("%q: sitemaps = %q", tt.args, got.Sitemaps)
		}
	}

	out, _, code := webgraph(t, "robots", "--format", "text", ts.URL+"/members/list.html")
	if code != exitDisallowed || !strings.Contains(out, "DISALLOWED for webgraph") || !strings.Contains(out, "rule:     Disallow: /members/") {
		t.Errorf("text format: exit %d\n%s", code, out)
	}
}

func TestRobotsFile(t *testing.T) {
	t.Parallel()
	f := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(f, []byte("User-agent: *\nDisallow: /questions/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// --file evaluates offline: this host is never contacted.
	out, errOut, code := webgraph(t, "robots", "--file", f, "https://stackoverflow.com/questions/1")
	if code != exitDisallowed || !strings.Contains(out, `"rule":"Disallow: /questions/"`) {
		t.Errorf("exit %d, %s", code, out)
	}
	if !strings.Contains(errOut, "use the Stack Exchange API") {
		t.Errorf("stderr lacks the sanctioned alternative: %q", errOut)
	}
	_, errOut, code = webgraph(t, "robots", "--file", filepath.Join(t.TempDir(), "absent"), "http://x.test/")
	if code != exitFailure || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
}

func TestPageRobots(t *testing.T) {
	t.Parallel()
	ts, h := sites.Serve(t, "union")
	out, errOut, code := webgraph(t, "page", "--mode", "plain", ts.URL+"/members/list.html")
	if code != exitDisallowed {
		t.Fatalf("exit %d; want %d (stderr %q)", code, exitDisallowed, errOut)
	}
	ev := decodePage(t, out)
	want := `disallowed by ` + ts.URL + `/robots.txt for webgraph (group "webgraph", rule "Disallow: /members/")`
	if ev.OK || ev.Cause != "disallowed" || !strings.Contains(ev.Error, want) || !strings.Contains(errOut, want) {
		t.Errorf("cause=%q error=%q stderr=%q; want %q", ev.Cause, ev.Error, errOut, want)
	}
	if n := h.Count("/members/list.html"); n != 0 {
		t.Errorf("the disallowed page was fetched %d times", n)
	}
	_, _, code = webgraph(t, "compare", ts.URL+"/members/list.html")
	if code != exitDisallowed || h.Count("/members/list.html") != 0 {
		t.Errorf("compare of a disallowed page: exit %d, fetched %d times", code, h.Count("/members/list.html"))
	}

	out, errOut, code = webgraph(t, "page", "--no-robots", "--mode", "plain", ts.URL+"/members/list.html")
	if code != exitRefused { // robots off, so it is fetched: the fixture has no such page
		t.Errorf("--no-robots: exit %d; want %d", code, exitRefused)
	}
	ev = decodePage(t, out)
	if len(ev.Warnings) == 0 || !strings.Contains(ev.Warnings[0], "robots.txt is OFF") || !strings.Contains(errOut, "robots.txt is OFF") {
		t.Errorf("--no-robots not reported: warnings %q, stderr %q", ev.Warnings, errOut)
	}
}

func TestPageDeferredByUnreachableRobots(t *testing.T) {
	t.Parallel()
	var pages atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		pages.Add(1)
	}))
	defer ts.Close()
	_, errOut, code := webgraph(t, "page", "--mode", "plain", ts.URL+"/a")
	if code != exitDisallowed || !strings.Contains(errOut, "robots.txt unreachable (HTTP 503 Service Unavailable)") || pages.Load() != 0 {
		t.Errorf("exit %d, %d page requests, stderr %q; want exit 4, none, the reason", code, pages.Load(), errOut)
	}
}
