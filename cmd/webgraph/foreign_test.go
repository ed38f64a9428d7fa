package main

import (
	"bytes"
	"context"
	"database/sql"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// endlessView replaces urls by a view over a query that never ends: what a
// crafted baseline downloaded as a CI artifact could hold.
var endlessView = []string{`DROP TABLE urls`,
	`CREATE VIEW urls (id, url, host, state, via, found_on, anchor, depth, attempts, in_sitemap, kind) AS
		SELECT n, 'http://example.org/' || n, 'example.org', 'seen', '', '', '', 0, 0, 0, 'page'
		FROM (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r)`}

// endlessContent replaces the pages' content by a view that never ends.
var endlessContent = []string{`DROP TABLE content`,
	`CREATE VIEW content (url_id, site, side, title, lang, lang_detected, words, truncated, blocks, block_runs, runs) AS
		SELECT n, 'example.org', 'plain', '', '', 0, 0, 0, '[]', x'', x''
		FROM (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r)`}

// stallTrigger fires when the first release's database is migrated.
var stallTrigger = []string{`CREATE TRIGGER meta_stall AFTER UPDATE ON meta BEGIN
	SELECT count(*) FROM (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r); END`}

// craftDB copies the SQLite file src to a new file and runs stmts on it.
func craftDB(t *testing.T, src string, stmts []string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "baseline.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("crafting: %v", err)
		}
	}
	return path
}

// webgraphGuarded is webgraph under a deadline that only keeps a test that
// fails from hanging: the commands below must end at open, long before it.
func webgraphGuarded(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out, errb bytes.Buffer
	err := run(ctx, args, &out, &errb)
	code := exitCode(err, &errb)
	return out.String(), errb.String(), code
}

// A crawl database that webgraph did not write (a table replaced by a view
// over an endless query; the first release's file with a trigger its
// migration fires) is refused by every command that reads a file given on
// the command line, at once, in words that name the file.
func TestCraftedDatabaseRefused(t *testing.T) {
	site := serveOn(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		htmlPage(w, "Home", "")
	})
	good := filepath.Join(t.TempDir(), "good.db")
	if _, errOut, code := webgraph(t, "crawl", "--db", good, "--mode", "plain", "--host-interval", "0", "--delay", "0", site.URL+"/"); code != exitOK {
		t.Fatalf("the good crawl: exit %d\n%s", code, errOut)
	}
	for name, crafted := range map[string]string{
		"view":    craftDB(t, good, endlessView),
		"content": craftDB(t, good, endlessContent),
		"trigger": craftDB(t, filepath.Join("..", "..", "store", "testdata", "v1.db"), stallTrigger),
	} {
		for _, args := range [][]string{
			{"diff", crafted, good},
			{"diff", good, crafted},
			{"graph", "--db", crafted},
			{"pages", "--db", crafted},
			{"content", "--db", crafted},
			{"content", "--db", crafted, "--format", "markdown", "-o", filepath.Join(t.TempDir(), "md")},
			{"report", "--db", crafted, "-o", filepath.Join(t.TempDir(), "r.html")},
			{"crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", "plain", "--host-interval", "0", "--delay", "0", "--baseline", crafted, site.URL + "/"},
		} {
			_, errOut, code := webgraphGuarded(t, args...)
			if code != exitFailure || !strings.Contains(errOut, crafted) || !strings.Contains(errOut, "webgraph did not write it") {
				t.Errorf("%s: %s: exit %d; want 1, refused in words naming the file\n%s", name, strings.Join(args[:1], " "), code, errOut)
			}
		}
	}
}
