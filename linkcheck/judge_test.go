package linkcheck

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// TestJudge holds the exported judgement of one answer, as sitemaps
// --verify uses it (a GET, no HEAD first): a server that will not answer
// now is unverifiable, never broken; only what the server says is missing
// or wrong is broken.
func TestJudge(t *testing.T) {
	u, _ := url.Parse("https://site.example/page")
	answer := func(status int, body string) *http.Response {
		return &http.Response{StatusCode: status, Body: io.NopCloser(strings.NewReader(body)), Request: &http.Request{Method: http.MethodGet, URL: u}}
	}
	for _, tt := range []struct {
		status  int
		body    string
		verdict Verdict
		reason  string
	}{
		{200, "<p>fine</p>", OK, "HTTP 200 OK"},
		{404, "", Broken, "HTTP 404 Not Found: the target is missing"},
		{410, "", Broken, "HTTP 410 Gone: the target is missing"},
		{400, "", Broken, "HTTP 400 Bad Request"},
		{401, "", Unverifiable, "401"},
		{403, "", Unverifiable, "403"},
		{429, "", Unverifiable, "429"},
		{451, "", Unverifiable, "451"},
		{500, "", Unverifiable, "500"},
		{503, "", Unverifiable, "503"},
		{101, "", Unverifiable, "HTTP 101 Switching Protocols: not an answer about the target"},
		{199, "", Unverifiable, "not an answer about the target"},
		{299, "", OK, "HTTP 299"},
		{600, "", Unverifiable, "not an answer about the target"},
		{200, "<h1>Access denied</h1><p>Checking your browser before accessing the site.</p>", Unverifiable, "block page"},
	} {
		ev, ok := Judge(context.Background(), u, http.MethodGet, answer(tt.status, tt.body), nil, time.Second)
		if !ok || ev.Verdict != tt.verdict || ev.Status != tt.status || !strings.Contains(ev.Reason, tt.reason) {
			t.Errorf("HTTP %d: %v %+v; want %s (%q)", tt.status, ok, ev, tt.verdict, tt.reason)
		}
	}
	ev, ok := Judge(context.Background(), u, http.MethodGet, nil, &fetch.Denied{URL: u.String(), Cause: fetch.DeniedDisallowed, Reason: "Disallow: /"}, time.Second)
	if !ok || ev.Verdict != Unverifiable || ev.Reason != "not asked: Disallow: /" {
		t.Errorf("a disallowed URL: %v %+v", ok, ev)
	}
	ev, ok = Judge(context.Background(), u, http.MethodGet, nil, timeoutErr{}, 3*time.Second)
	if !ok || ev.Verdict != Unverifiable || ev.Reason != "timed out after 3s" {
		t.Errorf("a timeout: %v %+v", ok, ev)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if ev, ok := Judge(ctx, u, http.MethodGet, nil, context.Canceled, time.Second); ok {
		t.Errorf("a request cut by the caller got a verdict: %+v", ev)
	}
}
