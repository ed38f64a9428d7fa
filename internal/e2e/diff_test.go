package e2e

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/crawldiff"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// runBin runs the webgraph binary and returns its stdout, stderr and exit code.
func runBin(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb strings.Builder
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return out.String(), errb.String(), 0
	case errors.As(err, &ee):
		return out.String(), errb.String(), ee.ExitCode()
	}
	t.Fatalf("%s %v: %v", bin, args, err)
	return "", "", 0
}

// TestDiffPostgresBaseline: the baseline crawl kept in PostgreSQL, the new
// one in SQLite, compared both ways webgraph offers (diff, crawl
// --baseline). Plain fetches: the changes JavaScript makes are tested with a
// browser in cmd/webgraph.
func TestDiffPostgresBaseline(t *testing.T) {
	pgURL := pg.DB(t)
	bin := build(t)
	var site atomic.Pointer[sites.Handler]
	site.Store(sites.New(sites.Dir("baseline-v1")))
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { site.Load().ServeHTTP(w, r) }))
	t.Cleanup(ts.Close)
	crawlArgs := func(db string, extra ...string) []string {
		return append([]string{"crawl", ts.URL + "/", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--contact", "ops@example.org"}, extra...)
	}
	if _, errOut, code := runBin(t, bin, crawlArgs(pgURL)...); code != 0 {
		t.Fatalf("crawl v1 into PostgreSQL: exit %d; stderr:\n%s", code, errOut)
	}
	site.Store(sites.New(sites.Dir("baseline-v2")))
	dir := t.TempDir()
	newDB := filepath.Join(dir, "new.db")
	if _, errOut, code := runBin(t, bin, crawlArgs(newDB)...); code != 0 {
		t.Fatalf("crawl v2 into SQLite: exit %d; stderr:\n%s", code, errOut)
	}
	out, errOut, code := runBin(t, bin, "diff", "--json", "--fail-on", "lost", pgURL, newDB)
	if code != 3 {
		t.Fatalf("diff --fail-on lost: exit %d; want 3; stderr:\n%s", code, errOut)
	}
	var got []string
	lines := strings.Split(strings.TrimSpace(out), "\n")
	for _, line := range lines[:len(lines)-1] { // the last is the summary
		var c crawldiff.Change
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatalf("not JSON: %v: %s", err, line)
		}
		if c.Event == "change" {
			got = append(got, string(c.Change)+" "+string(c.What)+" "+c.Name+" "+strings.ReplaceAll(c.URL, ts.URL, "http://site"))
		}
	}
	want := []string{
		"new link broken http://site/nowhere.html",
		"new refusal missing http://site/nowhere.html",
		"lost page  http://site/drop.html",
		"lost sitemap  http://site/drop.html",
		"resolved link broken http://site/fixed.html",
		"resolved refusal missing http://site/fixed.html",
	}
	if !slices.Equal(got, want) {
		t.Errorf("diff PostgreSQL SQLite =\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	_, errOut, code = runBin(t, bin, crawlArgs(filepath.Join(dir, "again.db"), "--baseline", pgURL, "--fail-on", "new:broken")...)
	if code != 3 || !strings.Contains(errOut, "new link broken: "+ts.URL+"/nowhere.html") {
		t.Errorf("crawl --baseline postgres:// --fail-on new:broken: exit %d; want 3 naming the link; stderr:\n%s", code, errOut)
	}
}
