package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// openPatient opens a new crawl database whose writer would wait an hour
// for more work: a test that finishes proves something other than the
// patience ran out made each commit.
func openPatient(t *testing.T) *Store {
	t.Helper()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "c.db"), Create)
	if err != nil {
		t.Fatal(err)
	}
	s.patience = time.Hour
	t.Cleanup(func() { s.Close() })
	return s
}

func insertMeta(key string) func(ctx context.Context, tx *sql.Tx) error {
	return func(ctx context.Context, tx *sql.Tx) error {
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
		s.writeThen(context.Background(), insertMeta("k"+string(rune('A'+i))), func(err error) { done <- err }, false)
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
	s.writeThen(context.Background(), insertMeta("bg"), func(err error) { done <- err }, false)
	if err := s.write(context.Background(), insertMeta("sync2")); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// Background work alone waits until a worker says it is idle.
	s.writeThen(context.Background(), insertMeta("bg2"), func(err error) { done <- err }, false)
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
	err := s.write(context.Background(), func(context.Context, *sql.Tx) error {
		return s.rawWrite(func(*rawConn) error { panic("boom") })
	})
	if err == nil || !strings.Contains(err.Error(), "panicked: boom") {
		t.Fatalf("a panicking write returned %v; want its panic as an error", err)
	}
	if err := s.write(context.Background(), insertMeta("after")); err != nil {
		t.Fatalf("the write after it: %v", err)
	}
}

// A frontier running short hurries the writer before any worker is idle:
// once fewer URLs are queued than are in flight, the pages in flight are
// where the next URLs come from, so holding them back for a bigger commit
// would only leave the workers waiting (at the start of a crawl, every
// level of a site's tree). While many are queued, the writer gathers on.
func TestFrontierRunningShortHurriesTheWriter(t *testing.T) {
	t.Parallel()
	// In a synctest bubble: synctest.Wait returns once the writer has
	// done all it will do without a hurry (it then waits on its hour of
	// patience, which the bubble's clock never reaches here), so "not
	// committed" and "committed" are each read when the writer is still.
	synctest.Test(t, func(t *testing.T) {
		s := openPatient(t)
		f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), -1)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 4 {
			f.Add(context.Background(), fmt.Sprintf("http://h/%d", i), "h", discovery.Discovery{Via: discovery.ViaLink})
		}
		take := func() frontier.Item {
			t.Helper()
			it, err := f.Next(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			return it
		}
		complete := func(it frontier.Item) chan error {
			done := make(chan error, 1)
			f.CompleteThen(context.Background(), it, frontier.Result{State: "done"}, "", func(_ []frontier.Link, _ string, err error) { done <- err })
			return done
		}
		start := time.Now()
		// Two taken, two queued: the first page's record waits for company.
		first := complete(take())
		second := take()
		synctest.Wait()
		select {
		case err := <-first:
			t.Fatalf("a page was committed alone (%v) while as many URLs were queued as in flight; want it gathered", err)
		default:
		}
		// One more taken: one queued, three in flight (two not recorded).
		third := take()
		synctest.Wait()
		select {
		case err := <-first:
			if err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatal("the frontier ran short and the writer still held the page in flight")
		}
		if waited := time.Since(start); waited != 0 {
			t.Errorf("the writer committed after %s of its patience; want at once, hurried", waited)
		}
		for _, it := range []frontier.Item{second, third} {
			f.Complete(context.Background(), it, frontier.Result{State: "done"})
		}
	})
}

// A write waits for the writer no longer than its caller's context: with
// the writer busy and its queue full, write returns the context's error and
// writeThen tells its callback so, instead of blocking until the writer is
// free. What was queued before is committed all the same.
func TestWritesEndWithTheirCallersContext(t *testing.T) {
	t.Parallel()
	// In a synctest bubble, synctest.Wait returns once every goroutine is
	// blocked: the writer on hold, and the two writes, had they not heeded
	// their context, on the full queue.
	synctest.Test(t, func(t *testing.T) {
		s := openPatient(t)
		hold := make(chan struct{})
		go s.write(context.Background(), func(ctx context.Context, tx *sql.Tx) error {
			<-hold
			return nil
		})
		synctest.Wait()
		queued := 0
		for full := false; !full; {
			select {
			case s.ops <- op{fn: insertMeta(fmt.Sprint("q", queued)), after: func(error) {}}:
				queued++
			default:
				full = true
			}
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		wrote, told := make(chan error, 1), make(chan error, 1)
		go func() { wrote <- s.write(ctx, insertMeta("late")) }()
		go s.writeThen(ctx, insertMeta("later"), func(err error) { told <- err }, false)
		synctest.Wait()
		for name, c := range map[string]chan error{"write": wrote, "writeThen": told} {
			select {
			case err := <-c:
				if !errors.Is(err, context.Canceled) {
					t.Errorf("%s with its context ended: %v; want %v", name, err, context.Canceled)
				}
			default:
				t.Errorf("%s with its context ended still waits for the writer", name)
			}
		}
		close(hold)
		if err := s.write(context.Background(), insertMeta("after")); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM meta WHERE key LIKE 'q%' OR key IN ('late', 'later')`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != queued {
			t.Errorf("%d of the writes committed; want the %d queued before, not the two whose context ended", n, queued)
		}
	})
}
