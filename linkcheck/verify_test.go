package linkcheck

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/webgraph/webgraph/policy"
)

// Verify asks the gate before each URL: one robots.txt disallows is not
// requested (the server's log is the witness), the others are judged one
// each, and the tally and each URL's verification agree.
func TestVerify(t *testing.T) {
	var asked []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path) // one request at a time: Verify asks in turn
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		case "/ok":
			fmt.Fprint(w, "fine")
		case "/busy":
			w.WriteHeader(http.StatusServiceUnavailable)
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	u, _ := url.Parse(ts.URL + "/")
	scope, err := policy.NewScope([]*url.URL{u}, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	gate := policy.NewGate(policy.GateConfig{UserAgent: "webgraph-test", Transport: &http.Transport{}, Scope: scope, Robots: policy.NewRobotsClient(policy.AgentToken, "webgraph-test", nil)})
	defer gate.Stop()
	gate.Policy(context.Background(), u) // robots.txt read first, as sitemaps --verify reads it
	urls := []string{ts.URL + "/ok", ts.URL + "/private/page", ts.URL + "/gone", ts.URL + "/busy", "http://other.test/x"}
	var got []Verification
	tally, err := Verify(context.Background(), gate, urls, 10*time.Second, func(v Verification, _ Tally) { got = append(got, v) })
	if err != nil {
		t.Fatal(err)
	}
	want := Tally{Live: 1, Dead: 1, Unverifiable: 1, Disallowed: 1, NotFetched: 1}
	if tally != want {
		t.Errorf("tally %+v; want %+v", tally, want)
	}
	if len(got) != len(urls) {
		t.Fatalf("told %d verifications; want %d", len(got), len(urls))
	}
	if v := got[0]; !v.Asked || v.Verdict != OK || v.Status != 200 {
		t.Errorf("/ok: %+v", v)
	}
	if v := got[1]; v.Asked || !v.Disallowed || v.Error == "" {
		t.Errorf("/private/page: %+v; want not asked, disallowed, said why", v)
	}
	if v := got[2]; v.Verdict != Broken || v.Status != 404 {
		t.Errorf("/gone: %+v", v)
	}
	if v := got[4]; v.Asked || v.Disallowed {
		t.Errorf("another origin's URL: %+v; want not fetched, not disallowed", v)
	}
	if slices.Contains(asked, "/private/page") || !slices.Contains(asked, "/robots.txt") {
		t.Errorf("the server was asked for a disallowed URL: %v", asked)
	}
}
