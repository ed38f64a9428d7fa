package store

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// endless is a query that never ends: every row leads to the next.
const endless = `WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r`

// craft runs stmts on the SQLite database at path behind the store's back,
// as someone handing over a crafted file would.
func craft(t *testing.T, path string, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", fileDSN(path, "_pragma=busy_timeout(5000)"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("crafting %s: %s: %v", filepath.Base(path), q, err)
		}
	}
}

// newEmpty makes a webgraph database of this version at a path of the
// test's, with nothing in it.
func newEmpty(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "crafted.db")
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// A database webgraph did not write is refused when it is opened, in words
// that name the file, before anything reads it: a table replaced by a view
// over an endless query (which would keep a reader busy forever), a
// trigger (which the migration of an older file would fire), a column
// added, a table or index of another program's. Nothing of it runs: the
// open ends whatever the file holds (the context is a guard, never the
// answer).
func TestForeignShapesRefused(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		path  func(t *testing.T) string
		stmts []string
	}{
		{"urls a view over an endless query", newEmpty, []string{`DROP TABLE urls`,
			`CREATE VIEW urls (id, url, host, state, via, found_on, anchor, depth, attempts, in_sitemap, kind) AS
				SELECT n, 'http://example.org/' || n, 'example.org', 'seen', '', '', '', 0, 0, 0, 'page' FROM (` + endless + `)`}},
		{"a trigger the v1 migration fires", copyV1, []string{
			`CREATE TRIGGER meta_stall AFTER UPDATE ON meta BEGIN SELECT count(*) FROM (` + endless + `); END`}},
		{"a trigger on a table of this version", newEmpty, []string{
			`CREATE TRIGGER pages_stall AFTER INSERT ON pages BEGIN SELECT count(*) FROM (` + endless + `); END`}},
		{"a column added", newEmpty, []string{`ALTER TABLE pages ADD COLUMN extra TEXT`}},
		{"a generated column", newEmpty, []string{`ALTER TABLE runs ADD COLUMN n INTEGER GENERATED ALWAYS AS (length(run_event)) VIRTUAL`}},
		{"a column's type changed", newEmpty, []string{`DROP TABLE robots`, `CREATE TABLE robots (origin TEXT PRIMARY KEY, fetched_at TEXT NOT NULL, policy BLOB)`}},
		{"a table of another program", newEmpty, []string{`CREATE TABLE invoices (id INTEGER PRIMARY KEY)`}},
		{"an index of another program", newEmpty, []string{`CREATE INDEX urls_len ON urls (length(url))`}},
		{"a table missing", newEmpty, []string{`DROP TABLE link_checks`}},
		{"a v1 table changed", copyV1, []string{`ALTER TABLE links ADD COLUMN extra TEXT`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := tc.path(t)
			craft(t, path, tc.stmts...)
			for _, mode := range []Mode{Read, Resume} {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				s, err := Open(ctx, path, mode)
				cancel()
				if err == nil {
					s.Close()
					t.Fatalf("mode %d: a crafted database (%s) was opened", mode, tc.name)
				}
				if !errors.Is(err, ErrForeign) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "webgraph did not write") {
					t.Errorf("mode %d: %v; want ErrForeign naming %s, in words", mode, err, path)
				}
			}
		})
	}
}

// The databases webgraph writes still open: a new one, the previous
// release's (migrated), and one migrated before.
func TestOwnShapesOpen(t *testing.T) {
	t.Parallel()
	v1 := copyV1(t)
	for _, path := range []string{newEmpty(t), v1, v1} {
		s, err := Open(context.Background(), path, Read)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		s.Close()
	}
}

// A file opened to read is read-only, trusts no function of its schema,
// and is bounded in time: once the bound has passed every read ends, and
// Explain names the file. The bound grows with the file.
func TestReadsBounded(t *testing.T) {
	t.Parallel()
	path := newEmpty(t)
	s, err := Open(context.Background(), path, Read)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var trusted int
	if err := s.db.QueryRow(`PRAGMA trusted_schema`).Scan(&trusted); err != nil || trusted != 0 {
		t.Errorf("trusted_schema = %d, %v; want 0", trusted, err)
	}
	if _, err := s.db.Exec(`INSERT INTO meta (key, value) VALUES ('x', 'y')`); err == nil {
		t.Error("a file opened to read was written")
	}
	if ctx, cancel := s.bound(context.Background()); true {
		if _, ok := ctx.Deadline(); !ok {
			t.Error("reads of a file opened to read have no bound")
		}
		cancel()
	}
	s.boundReads(0) // the bound, passed already
	_, err = s.Meta(context.Background(), "app")
	var le *ReadLimitError
	if err == nil || !errors.As(s.Explain(err), &le) || le.Path != path || !strings.Contains(s.Explain(err).Error(), path) {
		t.Errorf("a read past the bound: %v, explained as %v; want a *ReadLimitError naming %s", err, s.Explain(err), path)
	}
	if s.Explain(nil) != nil {
		t.Errorf("Explain(nil) = %v; want nil", s.Explain(nil))
	}
	if small, big := ReadLimit(0), ReadLimit(1<<30); small >= big {
		t.Errorf("ReadLimit(0) = %s, ReadLimit(1 GiB) = %s; want a bound that grows with the file", small, big)
	}
}

// A database created at this version and one migrated to it from the
// previous release's schema have one shape, for every version: Open checks
// a file against the migrated shape, so a schema changed without its
// migration (or the other way round) would have webgraph refuse its own
// files as foreign.
func TestMigratedShapeIsCreatedShape(t *testing.T) {
	created, err := shapeOfSchema(schema)
	if err != nil {
		t.Fatal(err)
	}
	all, err := shapes()
	if err != nil {
		t.Fatal(err)
	}
	for v := 2; v <= SchemaVersion; v++ {
		if all[v] == nil {
			t.Errorf("no shape for version %d", v)
		}
	}
	if !reflect.DeepEqual(all[SchemaVersion], created) {
		t.Errorf("version %d migrated from version 2:\n%+v\ncreated:\n%+v", SchemaVersion, all[SchemaVersion], created)
	}
}
