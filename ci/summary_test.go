package ci

import (
	"strings"
	"testing"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/linkcheck"
)

func TestSummary(t *testing.T) {
	done := &crawl.DoneEvent{Stopped: "exhausted", OK: 12, Refused: 3, HashRoutesSkipped: 2,
		Links: &linkcheck.Totals{OK: 5, Broken: 1, Unverifiable: 1, Unchecked: 0}}
	links := []*linkcheck.Event{
		{URL: "http://elsewhere/ok", Verdict: linkcheck.OK},
		{URL: "http://elsewhere/a|b", Verdict: linkcheck.Broken, Reason: "HTTP 404 Not Found: the target is missing",
			Citations: []linkcheck.Citation{{FoundOn: "http://site/", Anchor: "[click](javascript:alert(1))"}, {FoundOn: "http://site/two", Anchor: "<img src=x onerror=y>"}}, MoreCitations: 4},
		{URL: "http://elsewhere/busy", Verdict: linkcheck.Unverifiable, Reason: "HTTP 429\nToo Many", Citations: []linkcheck.Citation{{FoundOn: "http://site/", Anchor: "@team"}}},
	}
	got := Summary([]string{"http://site/", "http://site/*x*"}, done, links)
	want := "## webgraph: http://site/ http://site/\\*x\\*\n\n" +
		"Pages: 12 kept, 3 refused (stopped: exhausted).\n\n" +
		"Hash routes: 2 linked (#/… or #!/…), not crawled; `--hash-routes` crawls them as pages.\n\n" +
		"| links | count |\n|---|---|\n| ok | 5 |\n| broken | 1 |\n| unverifiable | 1 |\n| unchecked | 0 |\n\n" +
		"### broken (1)\n\n| target | reason | linked from |\n|---|---|---|\n" +
		"| http://elsewhere/a\\|b | HTTP 404 Not Found: the target is missing | http://site/ as “\\[click\\]\\(javascript:alert\\(1\\)\\)”<br>http://site/two as “&lt;img src=x onerror=y&gt;”<br>and 4 more |\n\n" +
		"### unverifiable (1)\n\n| target | reason | linked from |\n|---|---|---|\n" +
		"| http://elsewhere/busy | HTTP 429 Too Many | http://site/ as “\\@team” |\n\n"
	if got != want {
		t.Errorf("summary:\n%s\nwant:\n%s", got, want)
	}

	// A failed crawl says so, and a crawl without link checks has no link table.
	got = Summary([]string{"http://site/"}, &crawl.DoneEvent{Stopped: "exhausted", Failure: "no page was kept: <b>all</b> refused"}, nil)
	if !strings.Contains(got, "**Failed:** no page was kept: &lt;b&gt;all&lt;/b&gt; refused.\n") || strings.Contains(got, "| links |") || strings.Contains(got, "Hash routes") {
		t.Errorf("a failed crawl's summary:\n%s", got)
	}
}
