package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// openPatient opens a new crawl database whose writer would wait an hour
// for more work: a test that finishes proves something other than the
// patience ran out made each commit.
func openPatient(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "c.db"), Create)
	if err != nil {
		t.Fatal(err)
	}
	s.patience = time.Hour
	t.Cleanup(func() { s.Close() })
	return s
}

func insertMeta(key string) func(tx *sql.Tx) error {
	return func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO meta (key, value) VALUES (?, 'x')`, key)
		return err
	}
}

// Work queued in the background is committed together: while no one waits
// for it, the writer gathers rather than commits each piece.
func TestWriterGathersBackgroundWork(t *testing.T) {
	t.Parallel()
	s := openPatient(t)
	before := s.commits.Load()
	const n = 50
	done := make(chan error, n)
	for i := range n {
		s.writeThen(insertMeta("k"+string(rune('A'+i))), func(err error) { done <- err }, false)
		for len(s.ops) > 0 { // the writer has taken each before the next comes
			runtime.Gosched()
		}
	}
	s.Hurry() // a worker is idle now
	for range n {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	// The first piece may be committed alone if the writer took it before
	// the rest arrived; everything after it waited for the hurry.
	if got := s.commits.Load() - before; got > 2 {
		t.Errorf("%d background writes took %d commits; want them gathered into at most 2", n, got)
	}
}

// A sender that waits for its write (write, Complete) is never kept
// waiting for work that may not come, and neither is an idle worker.
func TestWriterCommitsAtOnceForAWaitingSender(t *testing.T) {
	t.Parallel()
	s := openPatient(t)
	if err := s.write(context.Background(), insertMeta("sync")); err != nil {
		t.Fatal(err)
	}
	// Background work behind which a waiting sender queues: the batch
	// holds both and is committed for the sender's sake.
	done := make(chan error, 1)
	s.writeThen(insertMeta("bg"), func(err error) { done <- err }, false)
	if err := s.write(context.Background(), insertMeta("sync2")); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// Background work alone waits until a worker says it is idle.
	s.writeThen(insertMeta("bg2"), func(err error) { done <- err }, false)
	s.Hurry()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var n int
	if err := s.db.QueryRow(`SELECT COUNT(*) FROM meta WHERE key IN ('sync', 'bg', 'sync2', 'bg2')`).Scan(&n); err != nil || n != 4 {
		t.Fatalf("%d of the 4 writes are in the database (%v)", n, err)
	}
}

// A write that panics fails alone: the writer goes on, rather than hang on
// its own connection or take the process down without a word.
func TestWriterSurvivesAPanickingWrite(t *testing.T) {
	t.Parallel()
	s := openPatient(t)
	err := s.write(context.Background(), func(*sql.Tx) error {
		return s.rawWrite(func(*rawConn) error { panic("boom") })
	})
	if err == nil || !strings.Contains(err.Error(), "panicked: boom") {
		t.Fatalf("a panicking write returned %v; want its panic as an error", err)
	}
	if err := s.write(context.Background(), insertMeta("after")); err != nil {
		t.Fatalf("the write after it: %v", err)
	}
}
