package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

func TestFailOnAndJUnit(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	dir := t.TempDir()
	junit := filepath.Join(dir, "report.xml")
	_, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(dir, "c.db"), "--out", filepath.Join(dir, "e.jsonl"), "--mode", "plain",
		"--host-interval", "0", "--delay", "0", "--fail-on", "missing,login_redirect", "--junit", junit, ts.URL+"/")
	if code != exitRefused {
		t.Fatalf("exit %d; want %d\n%s", code, exitRefused, errOut)
	}
	for _, want := range []string{
		"6 URLs failed the --fail-on gate",
		ts.URL + "/missing.html\n      HTTP 404\n      linked from " + ts.URL + "/ as \"Broken link\"",
		ts.URL + "/retired.html\n      HTTP 404\n      listed in " + ts.URL + "/sitemap.xml",
		"login_redirect:\n    " + ts.URL + "/private",
		"6 URLs failed the gate for login_redirect, missing (--fail-on)",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}

	b, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var doc ci.JUnit
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("JUnit XML does not parse: %v", err)
	}
	if doc.Tests != 24 || doc.Failures != 6 || doc.Skipped != 2 || len(doc.Suites) != 1 || len(doc.Suites[0].Cases) != 24 {
		t.Errorf("JUnit: %d tests, %d failures, %d skipped; want 24, 6, 2", doc.Tests, doc.Failures, doc.Skipped)
	}
	for _, c := range doc.Suites[0].Cases {
		if c.Name == ts.URL+"/gone" && (c.Failure == nil || c.Failure.Type != "missing" || c.Failure.Message != "HTTP 410" || !strings.Contains(c.Failure.Text, `as "Old page"`)) {
			t.Errorf("the /gone case = %+v", c)
		}
	}

	// Gates that match nothing pass; a cause that does not exist is a usage error.
	_, errOut, code = webgraph(t, "crawl", "--db", filepath.Join(dir, "d.db"), "--out", filepath.Join(dir, "f.jsonl"), "--mode", "plain",
		"--host-interval", "0", "--delay", "0", "--fail-on", "out_of_scope", ts.URL+"/")
	if code != exitOK {
		t.Errorf("--fail-on out_of_scope: exit %d\n%s", code, errOut)
	}
	if _, errOut, code := webgraph(t, "crawl", "--fail-on", "shattered", ts.URL+"/"); code != exitUsage || !strings.Contains(errOut, "unknown cause") {
		t.Errorf("--fail-on shattered: exit %d, %q", code, errOut)
	}
}
