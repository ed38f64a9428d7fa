package store

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// childHotJournal, run in a child process of the test binary, begins a
// write to the database at WEBGRAPH_HOT_JOURNAL in rollback-journal mode and
// exits before committing: the journal it leaves is hot, as a process
// killed mid-write leaves it.
func init() {
	path := os.Getenv("WEBGRAPH_HOT_JOURNAL")
	if path == "" {
		return
	}
	db, err := sql.Open("sqlite", fileDSN(path, "_pragma=journal_mode(DELETE)&_pragma=cache_size(1)"))
	if err == nil {
		_, err = db.Exec(`BEGIN IMMEDIATE; UPDATE meta SET value = value || 'x'; INSERT INTO meta (key, value) SELECT 'k' || value, zeroblob(200000) FROM meta`)
	}
	if err != nil {
		os.Exit(2)
	}
	os.Exit(0) // no commit, no rollback, no close
}

// A database webgraph wrote, left mid-write with a hot journal by a process
// that died, opens for a resumed crawl: the look before touching (read-only)
// cannot roll the journal back, so the store, holding the file's lock, lets
// SQLite recover it first. Before, the file was refused as damaged
// ("attempt to write a readonly database (776)").
func TestOpenRecoversAHotJournal(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crawl.db")
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "WEBGRAPH_HOT_JOURNAL="+path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the child that leaves a hot journal: %v\n%s", err, out)
	}
	if st, err := os.Stat(path + "-journal"); err != nil || st.Size() == 0 {
		t.Fatalf("no hot journal left (%v)", err)
	}
	s, err = Open(context.Background(), path, Resume)
	if err != nil {
		t.Fatalf("resuming a database left mid-write: %v", err)
	}
	defer s.Close()
	var app string
	if err := s.db.QueryRow(`SELECT value FROM meta WHERE key = 'app'`).Scan(&app); err != nil || app != "webgraph" {
		t.Fatalf("meta app = %q, %v; want the write rolled back to \"webgraph\"", app, err)
	}
}

// A file whose header does not say it is webgraph's is not recovered,
// whatever it needs: it is refused and left as it is.
func TestRecoverOwnRefusesOthers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := sql.Open("sqlite", fileDSN(path, ""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE t (x)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before, _ := os.ReadFile(path)
	if err := recoverOwn(t.Context(), path); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("recoverOwn of another program's file = %v; want ErrCorrupt", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatal("another program's file was changed")
	}
}
