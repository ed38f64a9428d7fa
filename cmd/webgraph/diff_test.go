package main

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/crawldiff"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/store"
)

// versionedSite serves one of two fixture sites at one address, so that
// two crawls of "the same site" see its two versions under the same URLs.
type versionedSite struct{ h atomic.Pointer[sites.Handler] }

func (v *versionedSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	v.h.Load().ServeHTTP(w, r)
}

// serve switches the site to the fixture name.
func (v *versionedSite) serve(name string) { v.h.Store(sites.New(sites.Dir(name))) }

func newVersionedSite(t *testing.T, name string) (*httptest.Server, *versionedSite) {
	t.Helper()
	v := &versionedSite{}
	v.serve(name)
	ts := httptest.NewServer(v)
	t.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	return ts, v
}

// crawlBaselineSite crawls the site at ts into db, union mode, with any
// extra flags; it returns the crawl's stdout, stderr and exit code.
func crawlBaselineSite(t *testing.T, ts *httptest.Server, db string, extra ...string) (string, string, int) {
	t.Helper()
	args := append([]string{"crawl", ts.URL + "/", "--db", db, "--host-interval", "0", "--delay", "0",
		"--concurrency", "2", "--contact", "ops@example.org"}, extra...)
	return webgraph(t, args...)
}

// baselineDBs crawls baseline-v1 and then baseline-v2 at one address and
// returns the two databases and the site's URL.
func baselineDBs(t *testing.T) (oldDB, newDB string, ts *httptest.Server) {
	t.Helper()
	needBrowser(t)
	ts, v := newVersionedSite(t, "baseline-v1")
	dir := t.TempDir()
	oldDB, newDB = filepath.Join(dir, "old.db"), filepath.Join(dir, "new.db")
	if _, errOut, code := crawlBaselineSite(t, ts, oldDB); code != exitOK {
		t.Fatalf("crawl v1: exit %d; stderr:\n%s", code, errOut)
	}
	v.serve("baseline-v2")
	if _, errOut, code := crawlBaselineSite(t, ts, newDB); code != exitOK {
		t.Fatalf("crawl v2: exit %d; stderr:\n%s", code, errOut)
	}
	return oldDB, newDB, ts
}

// hostileAnchor is the anchor text baseline-v2 gives its broken link, as
// the page's HTML decodes it: an escape sequence, an encoded newline that
// would start a workflow command if GitHub decoded it, a colon and a comma.
const hostileAnchor = "Next \x1b[31m%0A::error title=pwned::injected, a:b"

// wantBaselineChanges is what baseline-v2 changed against baseline-v1, in
// the order diff lists it, with the site's address written "http://site".
var wantBaselineChanges = []string{
	"new finding canonical_only_rendered http://site/canon.html",
	"new link broken http://site/nowhere.html",
	"new refusal missing http://site/nowhere.html",
	"lost page  http://site/drop.html",
	"lost sitemap  http://site/drop.html",
	"changed canonical  http://site/canon.html",
	"resolved link broken http://site/fixed.html",
	"resolved refusal missing http://site/fixed.html",
}

// decodeChanges reads diff --json's stream: the changes, then the summary.
func decodeChanges(t *testing.T, out string) ([]crawldiff.Change, crawldiff.Summary) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) == 0 {
		t.Fatalf("diff --json wrote nothing")
	}
	var changes []crawldiff.Change
	for _, l := range lines[:len(lines)-1] {
		var c crawldiff.Change
		if err := json.Unmarshal([]byte(l), &c); err != nil || c.Event != "change" {
			t.Fatalf("not a change event (%v): %s", err, l)
		}
		changes = append(changes, c)
	}
	var sum crawldiff.Summary
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &sum); err != nil || sum.Event != "summary" {
		t.Fatalf("the last line is not the summary (%v): %s", err, lines[len(lines)-1])
	}
	return changes, sum
}

func changeKeys(changes []crawldiff.Change, site string) []string {
	var keys []string
	for _, c := range changes {
		keys = append(keys, string(c.Change)+" "+string(c.What)+" "+c.Name+" "+strings.ReplaceAll(c.URL, site, "http://site"))
	}
	return keys
}

func TestDiffBaselineSite(t *testing.T) {
	oldDB, newDB, ts := baselineDBs(t)
	site := ts.URL

	t.Run("text", func(t *testing.T) {
		out, errOut, code := webgraph(t, "diff", oldDB, newDB)
		if code != exitOK {
			t.Fatalf("diff: exit %d; want 0; stderr:\n%s", code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != len(wantBaselineChanges)+1 {
			t.Fatalf("diff wrote %d lines; want %d changes and a total:\n%s", len(lines), len(wantBaselineChanges), out)
		}
		for i, want := range wantBaselineChanges {
			f := strings.Fields(want)
			prefix := strings.Join(f[:len(f)-1], " ") + ": " + strings.Replace(f[len(f)-1], "http://site", site, 1)
			if !strings.HasPrefix(lines[i], prefix) {
				t.Errorf("line %d = %q; want it to start %q", i, lines[i], prefix)
			}
		}
		if want := "3 new, 2 lost, 1 changed, 0 added, 2 resolved; 0 fail the gate"; lines[len(lines)-1] != want {
			t.Errorf("total = %q; want %q", lines[len(lines)-1], want)
		}
		if strings.ContainsRune(out, 0x1b) || !strings.Contains(out, `Next \x1b[31m`) {
			t.Errorf("the anchor's escape sequence is not made visible:\n%q", out)
		}
	})

	t.Run("json", func(t *testing.T) {
		out, errOut, code := webgraph(t, "diff", "--json", oldDB, newDB)
		if code != exitOK {
			t.Fatalf("diff --json: exit %d; stderr:\n%s", code, errOut)
		}
		changes, sum := decodeChanges(t, out)
		if got := changeKeys(changes, site); !slices.Equal(got, wantBaselineChanges) {
			t.Errorf("changes =\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(wantBaselineChanges, "\n  "))
		}
		if sum.New != 3 || sum.Lost != 2 || sum.Changed != 1 || sum.Added != 0 || sum.Resolved != 2 || sum.Gated != 0 {
			t.Errorf("summary = %+v; want 3 new, 2 lost, 1 changed, 0 added, 2 resolved, 0 gated", sum)
		}
		for _, c := range changes {
			switch {
			case c.What == crawldiff.Link && c.Change == crawldiff.New:
				if len(c.Citations) != 1 || c.Citations[0].FoundOn != site+"/a.html" || c.Citations[0].Anchor != hostileAnchor {
					t.Errorf("the broken link's citations = %+v; want a.html with %q", c.Citations, hostileAnchor)
				}
			case c.What == crawldiff.Link && c.Change == crawldiff.Resolved:
				if len(c.Citations) != 1 || c.Citations[0].FoundOn != site+"/" || c.Citations[0].Anchor != "Fixed page" {
					t.Errorf("the fixed link's citations (from NEW) = %+v; want / as Fixed page", c.Citations)
				}
			case c.What == crawldiff.Canonical:
				if c.Old != "" || c.New != site+"/canon.html" {
					t.Errorf("canonical change = %v → %v; want \"\" → %s/canon.html", c.Old, c.New, site)
				}
			}
		}
	})

	t.Run("fail-on", func(t *testing.T) {
		for _, tc := range []struct {
			name      string
			args      []string
			code      int
			wantGated []string
		}{
			{"new missing", []string{"--fail-on", "new:missing", oldDB, newDB}, exitRefused, []string{"new refusal missing http://site/nowhere.html"}},
			{"new broken", []string{"--fail-on", "new:broken", oldDB, newDB}, exitRefused, []string{"new link broken http://site/nowhere.html"}},
			{"new finding", []string{"--fail-on", "new:canonical_only_rendered", oldDB, newDB}, exitRefused, []string{"new finding canonical_only_rendered http://site/canon.html"}},
			{"lost", []string{"--fail-on", "lost", oldDB, newDB}, exitRefused, []string{"lost page  http://site/drop.html"}},
			{"plain means any", []string{"--fail-on", "missing", oldDB, newDB}, exitRefused, []string{"new refusal missing http://site/nowhere.html"}},
			{"nothing new of that cause", []string{"--fail-on", "new:wall,new:unverifiable,new:js_errors", oldDB, newDB}, exitOK, nil},
			{"reversed: nothing lost", []string{"--fail-on", "lost", newDB, oldDB}, exitOK, nil},
			{"reversed: the old broken link is new", []string{"--fail-on", "new:broken", newDB, oldDB}, exitRefused, []string{"new link broken http://site/fixed.html"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				out, errOut, code := webgraph(t, append([]string{"diff", "--json"}, tc.args...)...)
				if code != tc.code {
					t.Fatalf("diff %v: exit %d; want %d; stderr:\n%s", tc.args, code, tc.code, errOut)
				}
				changes, sum := decodeChanges(t, out)
				var gated []crawldiff.Change
				for _, c := range changes {
					if c.Gated {
						gated = append(gated, c)
					}
				}
				if got := changeKeys(gated, site); !slices.Equal(got, tc.wantGated) {
					t.Errorf("gated = %q; want %q", got, tc.wantGated)
				}
				if sum.Gated != len(tc.wantGated) {
					t.Errorf("summary gated = %d; want %d", sum.Gated, len(tc.wantGated))
				}
			})
		}
		_, errOut, code := webgraph(t, "diff", "--fail-on", "new:nonsense", oldDB, newDB)
		if code != exitUsage || !strings.Contains(errOut, "new:nonsense") {
			t.Errorf("diff --fail-on new:nonsense: exit %d; want %d naming it; stderr:\n%s", code, exitUsage, errOut)
		}
	})

	t.Run("summary and junit", func(t *testing.T) {
		dir := t.TempDir()
		md, junit := filepath.Join(dir, "summary.md"), filepath.Join(dir, "junit.xml")
		if err := os.WriteFile(md, []byte("earlier step\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := webgraph(t, "diff", "--summary", md, "--junit", junit, "--fail-on", "new:broken", oldDB, newDB)
		if code != exitRefused {
			t.Fatalf("diff: exit %d; want %d; stderr:\n%s", code, exitRefused, errOut)
		}
		b, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		if !strings.HasPrefix(text, "earlier step\n## ") {
			t.Errorf("the summary was not appended:\n%s", text)
		}
		for _, want := range []string{"### New (3)", "### Lost (2)", "### Changed (1)", "### Resolved (2)", "| 3 | 2 | 1 | 0 | 2 | 1 |",
			"| ❌ | link broken | " + site + "/nowhere.html |", `Next \\x1b\[31m%0A::error title=pwned::injected, a:b`} {
			if !strings.Contains(text, want) {
				t.Errorf("summary lacks %q:\n%s", want, text)
			}
		}
		raw, err := os.ReadFile(junit)
		if err != nil {
			t.Fatal(err)
		}
		var doc ci.JUnit
		if err := xml.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("junit: %v\n%s", err, raw)
		}
		if len(doc.Suites) != 1 || doc.Tests != 8 || doc.Failures != 1 || len(doc.Suites[0].Cases) != 8 {
			t.Fatalf("junit: %d suites, %d tests, %d failures; want 1, 8, 1:\n%s", len(doc.Suites), doc.Tests, doc.Failures, raw)
		}
		for _, c := range doc.Suites[0].Cases {
			if failed := c.Failure != nil; failed != strings.HasPrefix(c.Name, "new link broken: "+site+"/nowhere.html") {
				t.Errorf("junit case %q: failed = %v", c.Name, failed)
			}
		}
	})

	t.Run("github", func(t *testing.T) {
		stepSummary := filepath.Join(t.TempDir(), "step.md")
		t.Setenv("GITHUB_ACTIONS", "true")
		t.Setenv("GITHUB_STEP_SUMMARY", stepSummary)
		_, errOut, code := webgraph(t, "diff", "--fail-on", "new:broken", oldDB, newDB)
		if code != exitRefused {
			t.Fatalf("diff: exit %d; want %d; stderr:\n%s", code, exitRefused, errOut)
		}
		checkWorkflowCommands(t, errOut, []string{"error webgraph: new link broken", "warning webgraph: new refusal missing"}, site)
		b, err := os.ReadFile(stepSummary)
		if err != nil || !strings.Contains(string(b), "### New (3)") {
			t.Errorf("$GITHUB_STEP_SUMMARY holds no summary (%v):\n%s", err, b)
		}
	})

	t.Run("crawl --baseline", func(t *testing.T) {
		dir := t.TempDir()
		md, junit := filepath.Join(dir, "summary.md"), filepath.Join(dir, "junit.xml")
		out, errOut, code := crawlBaselineSite(t, ts, filepath.Join(dir, "again.db"), "--baseline", oldDB, "--fail-on", "new:broken", "--summary", md, "--junit", junit)
		if code != exitRefused {
			t.Fatalf("crawl --baseline --fail-on new:broken: exit %d; want %d; stderr:\n%s", code, exitRefused, errOut)
		}
		if !strings.Contains(errOut, "new link broken: "+site+"/nowhere.html") {
			t.Errorf("stderr does not name the new broken link:\n%s", errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var done struct {
			Event    string `json:"event"`
			Pages    int    `json:"pages"`
			Baseline *struct {
				DB string `json:"db"`
				crawldiff.Summary
			} `json:"baseline"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &done); err != nil || done.Event != "done" || done.Baseline == nil {
			t.Fatalf("the last event is not a done event with a baseline (%v): %s", err, lines[len(lines)-1])
		}
		if b := done.Baseline; b.DB != oldDB || b.New != 3 || b.Lost != 2 || b.Resolved != 2 || b.Changed != 1 || b.Gated != 1 || done.Pages == 0 {
			t.Errorf("done's baseline = %+v (pages %d); want %s: 3 new, 2 lost, 2 resolved, 1 changed, 1 gated", *b, done.Pages, oldDB)
		}
		b, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		newAt, crawlAt := strings.Index(text, "## webgraph: what is new since the baseline"), strings.Index(text, "## webgraph: "+site)
		if newAt != 0 || crawlAt < 0 {
			t.Errorf("the summary does not begin with what is new, then the crawl (at %d and %d):\n%s", newAt, crawlAt, text)
		}
		raw, err := os.ReadFile(junit)
		if err != nil {
			t.Fatal(err)
		}
		var doc ci.JUnit
		if err := xml.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("junit: %v\n%s", err, raw)
		}
		if len(doc.Suites) != 2 || doc.Suites[0].Name != "webgraph: what is new since the baseline" || doc.Suites[0].Failures != 1 {
			t.Errorf("junit: the first suite is not the comparison's with 1 failure:\n%s", raw)
		}
	})
}

// checkWorkflowCommands checks that the lines of stderr that GitHub reads
// as workflow commands are exactly want (level and unescaped title, in
// order), that each is escaped as GitHub requires, and that the hostile
// anchor text comes back whole from the escaped data, never as a command.
func checkWorkflowCommands(t *testing.T, stderr string, want []string, site string) {
	t.Helper()
	cmdLine := regexp.MustCompile(`^::(error|warning) title=([^:,\r\n]*)::([^\r\n]*)$`)
	unescape := strings.NewReplacer("%25", "%", "%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",")
	var got []string
	sc := bufio.NewScanner(strings.NewReader(stderr))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(strings.TrimSpace(line), "::") {
			continue
		}
		m := cmdLine.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("a workflow command is not escaped as GitHub requires: %q", line)
			continue
		}
		got = append(got, m[1]+" "+unescape.Replace(m[2]))
		data := unescape.Replace(m[3])
		if !strings.Contains(data, `Next \x1b[31m%0A::error title=pwned::injected, a:b`) {
			t.Errorf("the command's data lost the anchor text: %q", data)
		}
		if !strings.Contains(data, site+"/nowhere.html") {
			t.Errorf("the command does not name the URL: %q", data)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("workflow commands = %q; want %q\nstderr:\n%s", got, want, stderr)
	}
}

// TestDiffRefusesAnOlderSchema: a baseline written by a webgraph of
// another schema version is refused with a sentence that says so, and
// what to do.
func TestDiffRefusesAnOlderSchema(t *testing.T) {
	ts, _ := newVersionedSite(t, "baseline-v1")
	dir := t.TempDir()
	cur, old := filepath.Join(dir, "new.db"), filepath.Join(dir, "old.db")
	if _, errOut, code := crawlBaselineSite(t, ts, cur, "--mode", "plain"); code != exitOK {
		t.Fatalf("crawl: exit %d; stderr:\n%s", code, errOut)
	}
	b, err := os.ReadFile(cur)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(old, b, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`PRAGMA user_version = 0`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	out, errOut, code := webgraph(t, "diff", cur, cur)
	if code != exitOK || !strings.HasPrefix(out, "0 new, 0 lost") {
		t.Fatalf("diff of a crawl with itself: exit %d, stdout %q; want 0 and no change; stderr:\n%s", code, out, errOut)
	}
	_, errOut, code = webgraph(t, "diff", old, cur)
	want := "the old crawl cannot be compared: store: database schema version is not supported: " + old + " has version 0; this webgraph reads versions 1 to " + fmt.Sprint(store.SchemaVersion) + "; crawl it again with this webgraph"
	if code != exitFailure || !strings.Contains(errOut, want) {
		t.Errorf("diff of an older schema: exit %d; want %d with %q; stderr:\n%s", code, exitFailure, want, errOut)
	}
	_, errOut, code = webgraph(t, "crawl", ts.URL+"/", "--db", filepath.Join(dir, "c.db"), "--mode", "plain", "--baseline", old, "--host-interval", "0", "--delay", "0")
	if code != exitFailure || !strings.Contains(errOut, "the baseline crawl cannot be compared") {
		t.Errorf("crawl --baseline of an older schema: exit %d; want %d; stderr:\n%s", code, exitFailure, errOut)
	}
	_, errOut, code = webgraph(t, "crawl", ts.URL+"/", "--db", cur, "--baseline", cur, "--fail-on", "new:missing")
	if code != exitUsage || !strings.Contains(errOut, "the crawl's own database") {
		t.Errorf("crawl --baseline its own --db: exit %d; want %d; stderr:\n%s", code, exitUsage, errOut)
	}
	_, errOut, code = webgraph(t, "crawl", ts.URL+"/", "--db", filepath.Join(dir, "d.db"), "--fail-on", "new:missing")
	if code != exitUsage || !strings.Contains(errOut, "--baseline") {
		t.Errorf("crawl --fail-on new:missing without --baseline: exit %d; want %d; stderr:\n%s", code, exitUsage, errOut)
	}
}

// TestCrawlGateAnnotations: under GitHub Actions, a crawl's own --fail-on
// failures are ::error workflow commands too, the hostile anchor inert.
func TestCrawlGateAnnotations(t *testing.T) {
	ts, _ := newVersionedSite(t, "baseline-v2")
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_STEP_SUMMARY", "")
	_, errOut, code := crawlBaselineSite(t, ts, filepath.Join(t.TempDir(), "c.db"), "--mode", "plain", "--fail-on", "missing")
	if code != exitRefused {
		t.Fatalf("crawl --fail-on missing: exit %d; want %d; stderr:\n%s", code, exitRefused, errOut)
	}
	checkWorkflowCommands(t, errOut, []string{"error webgraph: missing"}, ts.URL)
}
