package rendered_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestArchive renders a page whose scripts meet an archive's caps: the
// page's document and the script that fits are kept as the browser received
// them; the script over the per-response cap, the one past the page's
// budget and the data posted are listed as left out, and said in a
// warning; the script the gate refused (robots.txt) and the image a render
// never asks for are neither kept nor listed, for no response came.
func TestArchive(t *testing.T) {
	ts, h := sites.Serve(t, "wacz")
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Gate: newGate(t, ts.URL+"/"), UserAgent: "webgraph-test",
		Archive: &rendered.Archive{MaxBody: 4000, MaxPage: 6000}})
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/heavy.html"))
	if err != nil || s.Err != nil {
		t.Fatalf("Fetch: %v, %v", err, s.Err)
	}
	kept := map[string]fetch.Resource{}
	for _, r := range s.Resources {
		kept[path(t, r.URL)] = r
	}
	cut := map[string]string{}
	for _, u := range s.Unarchived {
		cut[path(t, u.URL)] = u.Reason
	}
	doc, ok := kept["/heavy.html"]
	if !ok || !doc.Main || doc.Type != "Document" || !strings.HasPrefix(string(doc.ResponseHead), "HTTP/1.1 200 OK\r\n") ||
		!strings.HasPrefix(string(doc.Request), "GET /heavy.html HTTP/1.1\r\nHost: "+strings.TrimPrefix(ts.URL, "http://")+"\r\n") {
		t.Errorf("the page's document: %v %+v", ok, doc)
	}
	if !strings.Contains(cut["/heavy/big.js"], "larger than --max-body (4000 bytes)") {
		t.Errorf("big.js (over the cap) left out for %q", cut["/heavy/big.js"])
	}
	if !strings.Contains(cut["/api/trail.json"], "a POST request") {
		t.Errorf("the data posted left out for %q", cut["/api/trail.json"])
	}
	// a.js and b.js finish in either order: the first fits the page's
	// budget, the second does not.
	var fits, over []string
	for _, p := range []string{"/heavy/a.js", "/heavy/b.js"} {
		if r, ok := kept[p]; ok {
			fits = append(fits, p)
			if want := "Content-Length: " + strconv.Itoa(len(r.Body)) + "\r\n"; r.Type != "Script" || !strings.Contains(string(r.ResponseHead), want) || !strings.HasSuffix(string(r.Body), "ran</p>');\n") {
				t.Errorf("%s kept as %s, head %q (want %q), body ending %q", p, r.Type, r.ResponseHead, want, r.Body[max(0, len(r.Body)-20):])
			}
		}
		if strings.Contains(cut[p], "past the page's archive budget (6000 bytes)") {
			over = append(over, p)
		}
	}
	if len(fits) != 1 || len(over) != 1 {
		t.Errorf("of a.js and b.js, kept %q and left out over the budget %q; want one each", fits, over)
	}
	for _, p := range []string{"/heavy/blocked.js", "/heavy/pic.png"} {
		_, k := kept[p]
		_, c := cut[p]
		if k || c {
			t.Errorf("%s: kept %v, listed as left out %v; a request with no response is neither", p, k, c)
		}
	}
	if h.Count("/heavy/blocked.js") != 0 || h.Count("/heavy/pic.png") != 0 {
		t.Errorf("the server saw the refused script %d times, the image %d", h.Count("/heavy/blocked.js"), h.Count("/heavy/pic.png"))
	}
	if want := fmt.Sprintf("archive: %d responses the page received are not in the archive", len(s.Unarchived)); !slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
		t.Errorf("warnings %q; want one saying %q", s.Warnings, want)
	}
	if len(kept)+len(cut) != 5 {
		t.Errorf("kept %d and left out %d: %v %v; want 5 responses in all", len(kept), len(cut), kept, cut)
	}
}

// TestArchiveNotAsked: without Config.Archive a render keeps nothing.
func TestArchiveNotAsked(t *testing.T) {
	ts, _ := sites.Serve(t, "wacz")
	s, err := browser.Get(t).Fetch(context.Background(), mustURL(t, ts.URL+"/app.html"))
	if err != nil || s.Err != nil {
		t.Fatalf("Fetch: %v, %v", err, s.Err)
	}
	if len(s.Resources) != 0 || len(s.Unarchived) != 0 {
		t.Errorf("kept %d resources, listed %d, unasked", len(s.Resources), len(s.Unarchived))
	}
}

func path(t *testing.T, u string) string {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	return p.Path
}

// TestArchiveRemembers: an Archive from NewArchive does not read again a
// response it kept once when the browser serves it from its cache (the
// archive holds it), but reads again one it left out; an Archive without
// that memory reads every response.
func TestArchiveRemembers(t *testing.T) {
	h := sites.New(sites.Dir("wacz"))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=3600") // so the second render is served from the cache
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	for _, tc := range []struct {
		name     string
		arc      *rendered.Archive
		remember bool
	}{
		{"NewArchive", rendered.NewArchive(4000, 6000), true},
		{"a bare Archive", &rendered.Archive{MaxBody: 4000, MaxPage: 6000}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := own(t, rendered.Config{Timeout: 15 * time.Second, Tabs: 1, Archive: tc.arc})
			defer f.Close()
			var kept []string
			for round := 1; round <= 2; round++ {
				s, err := f.Fetch(context.Background(), mustURL(t, srv.URL+"/heavy.html"))
				if err != nil || s.Err != nil {
					t.Fatalf("Fetch: %v, %v", err, s.Err)
				}
				got := map[string]bool{}
				for _, r := range s.Resources {
					got[path(t, r.URL)] = true
				}
				for _, u := range s.Unarchived {
					got[path(t, u.URL)] = true
				}
				if !got["/heavy.html"] || !got["/heavy/big.js"] {
					t.Errorf("round %d: the page's document and the script over the cap are always there: %v", round, got)
				}
				if round == 1 {
					for _, r := range s.Resources {
						if p := path(t, r.URL); p != "/heavy.html" {
							kept = append(kept, p)
						}
					}
					if len(kept) == 0 {
						t.Fatalf("round 1 kept no script: %v", got)
					}
					continue
				}
				for _, p := range kept {
					if got[p] == tc.remember {
						t.Errorf("round 2: %s, kept in round 1 and served from the cache, read again: %v; want %v", p, got[p], !tc.remember)
					}
				}
			}
		})
	}
}
