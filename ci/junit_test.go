package ci

import (
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/crawldiff"
)

func TestJUnit(t *testing.T) {
	g, _ := NewGates([]string{"missing,broken"}, true)
	src := sampleCrawl()
	if err := g.Load(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	if err := g.LoadLinks(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	started := time.Date(2024, 5, 6, 7, 8, 9, 0, time.FixedZone("CEST", 2*3600))
	doc := g.JUnit([]string{"http://site/", "http://other/"}, started, &crawl.DoneEvent{ElapsedMS: 12345})
	if doc.Tests != 9 || doc.Failures != 3 || doc.Skipped != 1 || doc.Time != "12.345" || len(doc.Suites) != 1 {
		t.Fatalf("report: %d tests, %d failures, %d skipped, time %s; want 9, 3, 1, 12.345", doc.Tests, doc.Failures, doc.Skipped, doc.Time)
	}
	s := doc.Suites[0]
	if s.Name != "webgraph crawl of http://site/ http://other/" || s.Timestamp != "2024-05-06T05:08:09Z" {
		t.Errorf("suite %q at %s", s.Name, s.Timestamp)
	}
	cases := map[string]JUnitCase{}
	for _, c := range s.Cases {
		cases[c.Name] = c
	}
	if c := cases["http://site/missing"]; c.ClassName != "site" || c.Time != "0.030" || c.Failure == nil ||
		*c.Failure != (JUnitFailure{Type: "missing", Message: "HTTP 404", Text: `linked from http://site/ as "Broken \x1b[2J link"`}) {
		t.Errorf("the missing page's case = %+v", c)
	}
	if c := cases["http://site/members/"]; c.Skipped == nil || !strings.Contains(c.Skipped.Message, "disallowed by robots.txt") || c.Failure != nil {
		t.Errorf("the disallowed URL's case = %+v", c)
	}
	if c := cases["http://site/private"]; c.Failure != nil || c.SystemOut != `refused (login_redirect, not gated): login redirect; linked from http://site/ as "Private"` {
		t.Errorf("a refusal not gated = %+v", c)
	}
	if c := cases["http://elsewhere/404"]; c.Failure == nil || c.Failure.Type != "broken" || !strings.Contains(c.Failure.Text, "and 3 more pages") {
		t.Errorf("the broken link's case = %+v", c)
	}
	if c := cases["http://site/"]; c.Failure != nil || c.Skipped != nil || c.SystemOut != "" || c.Time != "0.120" {
		t.Errorf("a kept page's case = %+v", c)
	}

	// A crawl that kept nothing fails as a whole.
	doc = g.JUnit([]string{"http://site/"}, started, &crawl.DoneEvent{Failure: "no page was kept"})
	last := doc.Suites[0].Cases[len(doc.Suites[0].Cases)-1]
	if doc.Failures != 4 || last.Name != "the crawl kept a page" || last.Failure == nil || last.Failure.Type != "nothing_kept" {
		t.Errorf("a failed crawl: %d failures, last case %+v", doc.Failures, last)
	}
}

// TestWriteJUnit writes a report whose strings are hostile to XML and reads
// it back whole; a comparison's suite is then put in front of it.
func TestWriteJUnit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "junit.xml")
	hostile := `<script>"&'</script>` + "\x1b"
	doc := JUnit{Name: "webgraph", Tests: 1, Failures: 1, Time: "1.000", Suites: []JUnitSuite{{Name: "crawl", Tests: 1, Failures: 1,
		Cases: []JUnitCase{{ClassName: "site", Name: "http://site/?q=" + hostile, Failure: &JUnitFailure{Type: "missing", Message: hostile, Text: hostile}}}}}}
	if err := WriteJUnit(path, doc); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(raw), xml.Header+"<testsuites name=\"webgraph\" tests=\"1\"") || !strings.HasSuffix(string(raw), "</testsuites>\n") {
		t.Errorf("file:\n%s", raw)
	}
	if strings.Contains(string(raw), "<script>") {
		t.Errorf("a site's markup is in the XML as markup:\n%s", raw)
	}
	var back JUnit
	if err := xml.Unmarshal(raw, &back); err != nil {
		t.Fatalf("the report does not parse: %v", err)
	}
	if f := back.Suites[0].Cases[0].Failure; f == nil || f.Message != strings.TrimSuffix(hostile, "\x1b")+"\uFFFD" {
		t.Errorf("failure read back = %+v", f)
	}

	res := &crawldiff.Result{Changes: []crawldiff.Change{
		{Change: crawldiff.New, What: crawldiff.Refusal, Name: "missing", URL: "http://site/new-404", Words: "HTTP 404", Gated: true},
		{Change: crawldiff.Resolved, What: crawldiff.Refusal, Name: "missing", URL: "http://site/fixed"},
	}}
	suite := DiffSuite("what is new", res, time.Unix(0, 0))
	if suite.Tests != 2 || suite.Failures != 1 || suite.Timestamp != "1970-01-01T00:00:00Z" {
		t.Errorf("diff suite: %d tests, %d failures, at %s", suite.Tests, suite.Failures, suite.Timestamp)
	}
	if f := suite.Cases[0].Failure; f == nil || f.Type != "new:refusal:missing" || f.Message != "HTTP 404" || suite.Cases[0].ClassName != "webgraph.diff.new" {
		t.Errorf("the new refusal's case = %+v", suite.Cases[0])
	}
	doc = back
	doc.Prepend(suite)
	if err := WriteJUnit(path, doc); err != nil {
		t.Fatal(err)
	}
	raw, _ = os.ReadFile(path)
	back = JUnit{}
	if err := xml.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Suites) != 2 || back.Suites[0].Name != "what is new" || back.Tests != 3 || back.Failures != 2 {
		t.Errorf("after Prepend: %d suites, first %q, %d tests, %d failures; want 2, the diff's, 3, 2", len(back.Suites), back.Suites[0].Name, back.Tests, back.Failures)
	}
}
