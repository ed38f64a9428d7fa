package ci

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/store"
)

var (
	_ PageSource = (*store.Store)(nil)
	_ LinkSource = (*store.Store)(nil)
)

// fakeCrawl is a crawl's record in memory: its page events, its disallowed
// URLs and its link verdicts, and which of its questions were asked.
type fakeCrawl struct {
	pages      []*crawl.PageEvent
	disallowed map[string]discovery.Discovery
	links      []*linkcheck.Event
	rawEvent   []byte // when set, the one stored event, as is
	asked      []string
}

func (c *fakeCrawl) Judged(_ context.Context) (bool, error) {
	c.asked = append(c.asked, "judged")
	return len(c.pages)+len(c.disallowed) > 0, nil
}

func (c *fakeCrawl) Pages(_ context.Context, fn func(store.PageRow) error) error {
	c.asked = append(c.asked, "pages")
	if c.rawEvent != nil {
		return fn(store.PageRow{URL: "http://site/raw", Event: c.rawEvent})
	}
	for _, p := range c.pages {
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if err := fn(store.PageRow{URL: p.URL, OK: p.OK, Cause: p.Cause, Event: b}); err != nil {
			return err
		}
	}
	return nil
}

func (c *fakeCrawl) Disallowed(_ context.Context, fn func(string, discovery.Discovery) error) error {
	c.asked = append(c.asked, "disallowed")
	for u, d := range c.disallowed {
		if err := fn(u, d); err != nil {
			return err
		}
	}
	return nil
}

func (c *fakeCrawl) LinkVerdicts(_ context.Context) ([]*linkcheck.Event, error) {
	c.asked = append(c.asked, "links")
	return c.links, nil
}

func page(url string, ok bool, cause, words string, ms int64, cite discovery.Discovery) *crawl.PageEvent {
	return &crawl.PageEvent{Event: "page", URL: url, OK: ok, Cause: cause, Error: words, Citation: cite,
		Sides: map[fetch.Name]crawl.SideReport{fetch.Plain: {MS: ms / 2}, fetch.Rendered: {MS: ms}}}
}

// sampleCrawl has a kept page, a kept page with a noindex_only_plain
// finding, two missing pages, a login redirect, a URL robots.txt disallows
// and three link verdicts.
func sampleCrawl() *fakeCrawl {
	home := discovery.Discovery{Via: discovery.ViaSeed}
	fromHome := func(anchor string) discovery.Discovery {
		return discovery.Discovery{Via: discovery.ViaLink, FoundOn: "http://site/", Anchor: anchor}
	}
	critical := page("http://site/hidden", true, "", "", 80, fromHome("Hidden"))
	critical.Audit = &audit.Audit{Findings: []audit.Finding{{Finding: audit.NoindexOnlyPlain, Plain: []string{"noindex"}, Rendered: []string{}, Words: audit.Words(audit.NoindexOnlyPlain)}}}
	return &fakeCrawl{
		pages: []*crawl.PageEvent{
			page("http://site/", true, "", "", 120, home),
			critical,
			page("http://site/missing", false, "missing", "HTTP 404", 30, fromHome("Broken \x1b[2J link")),
			page("http://site/gone", false, "missing", "HTTP 410", 40, discovery.Discovery{Via: discovery.ViaSitemap, FoundOn: "http://site/sitemap.xml"}),
			page("http://site/private", false, "login_redirect", "login redirect", 50, fromHome("Private")),
		},
		disallowed: map[string]discovery.Discovery{"http://site/members/": fromHome("Members")},
		links: []*linkcheck.Event{
			{URL: "http://elsewhere/ok", Verdict: linkcheck.OK, Reason: "HTTP 200", Citations: []linkcheck.Citation{{FoundOn: "http://site/", Anchor: "ok"}}},
			{URL: "http://elsewhere/404", Verdict: linkcheck.Broken, Reason: "HTTP 404 Not Found: the target is missing",
				Citations: []linkcheck.Citation{{FoundOn: "http://site/", Anchor: "dead"}, {FoundOn: "http://site/\x1b]0;x\x07"}}, MoreCitations: 3},
			{URL: "http://elsewhere/busy", Verdict: linkcheck.Unverifiable, Reason: "HTTP 429", Citations: []linkcheck.Citation{{FoundOn: "http://site/", Anchor: "busy"}}},
		},
	}
}

func TestNewGates(t *testing.T) {
	g, err := NewGates([]string{"missing, login_redirect", "", "noindex_only_plain,,broken"}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"missing", "login_redirect", "noindex_only_plain", "broken"} {
		if !g.failOn[want] {
			t.Errorf("--fail-on %s not taken: %v", want, g.failOn)
		}
	}
	if len(g.failOn) != 4 {
		t.Errorf("failOn = %v; want the 4 names", g.failOn)
	}
	_, err = NewGates([]string{"missing,shattered"}, false)
	if err == nil || !strings.HasPrefix(err.Error(), "--fail-on: ") || !strings.Contains(err.Error(), "unknown cause") ||
		!strings.Contains(err.Error(), "(or a link verdict: broken, unverifiable; or a finding of the audit: title_only_rendered, ") {
		t.Errorf("an unknown name: %v; want an error naming the causes and findings", err)
	}
}

// TestWithoutGates: with no --fail-on and no JUnit, only whether the crawl
// judged anything is asked, not every stored page.
func TestWithoutGates(t *testing.T) {
	g, _ := NewGates(nil, false)
	src := sampleCrawl()
	if err := g.Load(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	if strings.Join(src.asked, ",") != "judged" || g.Judged() != 1 {
		t.Errorf("asked %v, judged %d; want only judged, 1", src.asked, g.Judged())
	}
	if err := g.Load(context.Background(), &fakeCrawl{}); err != nil || g.Judged() != 0 {
		t.Errorf("an empty crawl: judged %d (%v); want 0", g.Judged(), err)
	}
	var b strings.Builder
	if err := g.Report(&b); err != nil || b.Len() != 0 {
		t.Errorf("Report without gates = %v, %q; want nothing", err, b.String())
	}
}

func TestReport(t *testing.T) {
	g, err := NewGates([]string{"missing,noindex_only_plain,broken"}, false)
	if err != nil {
		t.Fatal(err)
	}
	src := sampleCrawl()
	if err := g.Load(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	if err := g.LoadLinks(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	if g.Judged() != 9 {
		t.Errorf("judged %d; want 9 (5 pages, 1 disallowed, 3 links)", g.Judged())
	}
	var b strings.Builder
	err = g.Report(&b)
	want := `
webgraph: 4 URLs failed the --fail-on gate:

  broken:
    http://elsewhere/404
      HTTP 404 Not Found: the target is missing
      linked from http://site/ as "dead"
      linked from http://site/\x1b]0;x\x07
      and 3 more pages

  missing:
    http://site/missing
      HTTP 404
      linked from http://site/ as "Broken \x1b[2J link"
    http://site/gone
      HTTP 410
      listed in http://site/sitemap.xml

  noindex_only_plain:
    http://site/hidden
      ` + audit.Words(audit.NoindexOnlyPlain) + ` (plain ["noindex"], rendered [])
      linked from http://site/ as "Hidden"
`
	if b.String() != want {
		t.Errorf("report:\n%s\nwant:\n%s", b.String(), want)
	}
	var ge *GateError
	if !errors.As(err, &ge) || ge.N != 4 || err.Error() != "4 URLs failed the gate for broken, missing, noindex_only_plain (--fail-on)" {
		t.Errorf("Report = %v; want a *GateError for 4 URLs", err)
	}

	var gh strings.Builder
	g.Annotate(&gh)
	lines := strings.Split(strings.TrimSuffix(gh.String(), "\n"), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "::error title=webgraph%3A broken::http://elsewhere/404: HTTP 404 Not Found") {
		t.Errorf("workflow commands:\n%s", gh.String())
	}
	for _, l := range lines {
		if strings.ContainsAny(l, "\x1b\x07") {
			t.Errorf("a workflow command holds a control character: %q", l)
		}
	}
}

// TestLoadForgetsEarlierRuns: Load judges the record as it is now; a second
// Load does not count the first's outcomes again.
func TestLoadForgetsEarlierRuns(t *testing.T) {
	g, _ := NewGates([]string{"missing"}, true)
	src := sampleCrawl()
	for range 2 {
		if err := g.Load(context.Background(), src); err != nil {
			t.Fatal(err)
		}
	}
	if g.Judged() != 6 || len(g.failures) != 2 || len(g.cases) != 6 {
		t.Errorf("judged %d, %d failures, %d cases; want 6, 2, 6", g.Judged(), len(g.failures), len(g.cases))
	}
}

func TestLoadBadEvent(t *testing.T) {
	g, _ := NewGates([]string{"missing"}, false)
	err := g.Load(context.Background(), &fakeCrawl{rawEvent: []byte("{not json")})
	if err == nil || !strings.HasPrefix(err.Error(), "the stored event of http://site/raw: ") {
		t.Errorf("Load of a broken event = %v", err)
	}
}

// The listing keeps each URL, its words and its citation on a line of its
// own: words a site made (a certificate's name, quoted by a TLS error) and
// a citation's URL start no line, so none can be read as a workflow
// command.
func TestReportKeepsSiteTextOnItsLine(t *testing.T) {
	t.Parallel()
	const command = "::error title=pwned::x"
	c := &fakeCrawl{
		pages: []*crawl.PageEvent{page("http://site/a", false, "fetch_error", "x509: certificate is valid for evil\n"+command+", not site", 10,
			discovery.Discovery{Via: discovery.ViaSitemap, FoundOn: "http://site/sitemap.xml\n" + command})},
		links: []*linkcheck.Event{{URL: "https://evil/", Verdict: linkcheck.Broken, Reason: "TLS failure: valid for e\n" + command,
			Citations: []linkcheck.Citation{{FoundOn: "http://site/\n" + command, Anchor: "a\n" + command}}}},
	}
	g, err := NewGates([]string{"fetch_error,broken"}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Load(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if err := g.LoadLinks(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if g.Report(&out) == nil {
		t.Fatal("no gate failed")
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
			t.Errorf("the listing has the line %q, a workflow command\n%s", line, out.String())
		}
	}
	if strings.Count(out.String(), "pwned") != 5 {
		t.Errorf("the listing lost some of the site's text (want 5 quotes of it):\n%s", out.String())
	}
}
