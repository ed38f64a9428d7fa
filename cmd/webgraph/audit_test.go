package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/policy"
)

// auditPages maps each page of testdata/sites/audit to the findings it must
// produce, and nothing else.
var auditPages = map[string][]audit.Name{
	"same.html":                      nil,
	"x-robots-tag.html":              nil,
	"title-only-rendered.html":       {audit.TitleOnlyRendered},
	"title-changed.html":             {audit.TitleChanged},
	"description-only-rendered.html": {audit.DescriptionOnlyRendered},
	"description-changed.html":       {audit.DescriptionChanged},
	"h1-only-rendered.html":          {audit.H1OnlyRendered},
	"h1-changed.html":                {audit.H1Changed},
	"canonical-only-rendered.html":   {audit.CanonicalOnlyRendered},
	"canonical-mismatch.html":        {audit.CanonicalMismatch},
	"noindex-only-plain.html":        {audit.NoindexOnlyPlain},
	"noindex-only-rendered.html":     {audit.NoindexOnlyRendered},
	"nofollow-only-plain.html":       {audit.NofollowOnlyPlain},
	"nofollow-only-rendered.html":    {audit.NoindexOnlyRendered, audit.NofollowOnlyRendered},
	"hreflang-changed.html":          {audit.HreflangChanged},
	"structured-data-changed.html":   {audit.StructuredDataChanged},
	"links-only-rendered.html":       {audit.LinksOnlyRendered},
	"content-only-rendered.html":     {audit.ContentOnlyRendered},
	"js-errors.html":                 {audit.JSErrors},
	"failed-requests.html":           {audit.FailedRequests},
	"blocked-resources.html":         {audit.BlockedResources},
}

func findingsOf(a *audit.Audit) []audit.Name {
	var out []audit.Name
	if a == nil {
		return nil
	}
	for _, f := range a.Findings {
		out = append(out, f.Finding)
	}
	return out
}

func TestMetaAgentIsTheAgentToken(t *testing.T) {
	if fetch.MetaAgent != policy.AgentToken {
		t.Errorf("fetch.MetaAgent = %q; want policy.AgentToken %q", fetch.MetaAgent, policy.AgentToken)
	}
}

func TestAuditFixturePageAndCompare(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "audit")
	for page, want := range auditPages {
		t.Run(page, func(t *testing.T) {
			out, errOut, code := webgraph(t, "page", ts.URL+"/"+page, "--contact", "ops@example.org")
			if code != exitOK {
				t.Fatalf("page: exit %d; stderr:\n%s", code, errOut)
			}
			ev := decodePage(t, out)
			if got := findingsOf(ev.Audit); !slices.Equal(got, want) {
				t.Errorf("page: findings = %v; want %v\naudit: %s", got, want, mustJSON(ev.Audit))
			}
			for _, f := range ev.Audit.Findings {
				if f.Finding == audit.NoindexOnlyPlain && !strings.Contains(f.Words, "CRITICAL") {
					t.Errorf("noindex_only_plain does not say it is critical: %q", f.Words)
				}
			}
			out, errOut, code = webgraph(t, "compare", "--json", ts.URL+"/"+page, "--contact", "ops@example.org")
			if code != exitOK {
				t.Fatalf("compare: exit %d; stderr:\n%s", code, errOut)
			}
			var cmp struct {
				Audit *audit.Audit `json:"audit"`
			}
			if err := json.Unmarshal([]byte(out), &cmp); err != nil {
				t.Fatalf("compare --json: %v\n%s", err, out)
			}
			if got := findingsOf(cmp.Audit); !slices.Equal(got, want) {
				t.Errorf("compare --json: findings = %v; want %v", got, want)
			}
		})
	}
}

func TestAuditRobotsMeta(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "audit")
	for _, tt := range []struct {
		page              string
		noindex, nofollow bool
	}{
		{"same.html", false, false},
		{"x-robots-tag.html", true, false}, // webgraph: noindex applies, googlebot: nofollow does not
		{"noindex-only-plain.html", true, false},
		{"nofollow-only-rendered.html", true, true},
		{"nofollow-only-plain.html", false, true},
	} {
		out, errOut, code := webgraph(t, "page", ts.URL+"/"+tt.page)
		if code != exitOK {
			t.Fatalf("%s: exit %d; stderr:\n%s", tt.page, code, errOut)
		}
		ev := decodePage(t, out)
		if ev.RobotsMeta == nil || ev.RobotsMeta.Noindex != tt.noindex || ev.RobotsMeta.Nofollow != tt.nofollow {
			t.Errorf("%s: robots_meta = %+v; want noindex %v nofollow %v", tt.page, ev.RobotsMeta, tt.noindex, tt.nofollow)
		}
		if (ev.Text != nil) == tt.noindex {
			t.Errorf("%s: text retained = %v with noindex %v", tt.page, ev.Text != nil, tt.noindex)
		}
	}
}

func TestAuditCrawlFailOn(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "audit")
	dir := t.TempDir()
	out, errOut, code := webgraph(t, "crawl", ts.URL+"/", "--db", dir+"/a.db", "--host-interval", "0", "--delay", "0",
		"--concurrency", "2", "--fail-on", "noindex_only_plain,js_errors,missing", "--junit", dir+"/junit.xml")
	if code != exitRefused {
		t.Fatalf("crawl --fail-on findings: exit %d; want %d; stderr:\n%s", code, exitRefused, errOut)
	}
	for _, want := range []string{"noindex_only_plain:", ts.URL + "/noindex-only-plain.html", "js_errors:", ts.URL + "/js-errors.html", "CRITICAL"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	var done crawl.DoneEvent
	got := map[string][]audit.Name{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var ev crawl.PageEvent
		if json.Unmarshal([]byte(line), &ev) == nil && ev.Event == "page" && ev.OK {
			got[strings.TrimPrefix(ev.URL, ts.URL+"/")] = findingsOf(ev.Audit)
		}
		if strings.HasPrefix(line, `{"event":"done"`) {
			json.Unmarshal([]byte(line), &done)
		}
	}
	for page, want := range auditPages {
		if page == "canonical-mismatch.html" {
			continue // known by its canonical URL, /same.html, in a crawl
		}
		if g, ok := got[page]; ok && !slices.Equal(g, want) {
			t.Errorf("crawl: %s findings = %v; want %v", page, g, want)
		}
	}
	if done.Findings[audit.NoindexOnlyPlain] != 1 || done.Findings[audit.JSErrors] != 1 {
		t.Errorf("done findings = %v; want noindex_only_plain 1, js_errors 1", done.Findings)
	}
	_, errOut, code = webgraph(t, "crawl", ts.URL+"/same.html", "--db", dir+"/b.db", "--depth", "0", "--host-interval", "0", "--delay", "0",
		"--fail-on", strings.Join([]string{string(audit.NoindexOnlyPlain), string(audit.JSErrors)}, ","))
	if code != exitOK {
		t.Errorf("crawl of a page without findings: exit %d; want 0; stderr:\n%s", code, errOut)
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
