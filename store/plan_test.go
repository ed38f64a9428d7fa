package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

// oldQueueIndex is the queue's index as the previous release made it: in
// id order alone, which the refill's order (attempts first) cannot use.
const oldQueueIndex = `DROP INDEX urls_ready; CREATE INDEX urls_queue ON urls (host, id) WHERE state = 'queued'`

// TestHotStatementsUseAnIndex reads SQLite's plan of every statement the
// frontier runs per page, or per refill of a host's window, and fails on a
// temporary B-tree (a sort or a grouping of every row that matches: at a
// million queued URLs, hundreds of MB held in memory) or a scan of a whole
// table. It reads them in a new database and in one made with the previous
// release's database (testdata/v1.db) with the queue index of the release
// before it, both of which Open migrates.
func TestHotStatementsUseAnIndex(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new.db")
	s, err := Open(context.Background(), fresh, Create)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()

	// The previous release's database, with the queue index of the
	// release before it, in id order alone.
	old := copyV1(t)
	db, err := sql.Open("sqlite", old)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(oldQueueIndex); err != nil {
		t.Fatal(err)
	}
	if bad := badPlans(t, db, map[string]string{"refill": hot["refill"]}); len(bad) == 0 {
		t.Error("with the old queue index, the refill does not sort: the test cannot see a sort")
	}
	db.Close()

	for _, path := range []string{fresh, old} {
		s, err := Open(context.Background(), path, Resume)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range badPlans(t, s.db, hot) {
			t.Errorf("%s: %s", filepath.Base(path), b)
		}
		s.Close()
	}
}

// badPlans returns, for each hot statement whose plan sorts or groups in a
// temporary B-tree or scans a whole table, the statement with its plan.
func badPlans(t *testing.T, db *sql.DB, statements map[string]string) []string {
	t.Helper()
	queries := map[string]string{"queuedByHost": queuedByHost}
	for name, q := range statements {
		queries[name] = q
	}
	var bad []string
	for name, q := range queries {
		args := make([]any, strings.Count(q, "?"))
		rows, err := db.Query("EXPLAIN QUERY PLAN "+q, args...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		for _, d := range plan {
			// "SCAN t USING ... INDEX" walks an index in order; a bare
			// "SCAN t" reads every row ("SCAN CONSTANT ROW" is a SELECT
			// without a table).
			scan := strings.HasPrefix(d, "SCAN ") && !strings.Contains(d, " INDEX ") && d != "SCAN CONSTANT ROW"
			if strings.Contains(d, "TEMP B-TREE") || scan {
				bad = append(bad, name+": "+strings.Join(plan, "; "))
				break
			}
		}
	}
	return bad
}
