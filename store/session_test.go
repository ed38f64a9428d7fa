package store

import (
	"context"
	"encoding/json"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// Two workers meeting one origin together: one prepares it, the other waits
// and reads its record; a preparation not shared is made again by the next.
func TestSharedOriginsPrepareOnce(t *testing.T) {
	dsn := pg.DB(t)
	_, f1 := openShared(t, dsn, Create, policy.NewThrottle(0, nil), SharedConfig{Worker: "w1"})
	_, f2 := openShared(t, dsn, Resume, policy.NewThrottle(0, nil), SharedConfig{Worker: "w2"})
	ctx := context.Background()
	var prepared atomic.Int32
	var wg sync.WaitGroup
	recs := make([][]byte, 2)
	rans := make([]bool, 2)
	for i, f := range []*SharedFrontier{f1, f2} {
		wg.Go(func() {
			rec, ran, err := f.Origins().Once(ctx, "http://a.test", func() ([]byte, bool) {
				prepared.Add(1)
				waitForLockWaiter(t, f.s) // the other worker waits for this one
				return []byte(`{"by":"` + f.Worker() + `"}`), true
			})
			if err != nil {
				t.Error(err)
			}
			recs[i], rans[i] = rec, ran
		})
	}
	wg.Wait()
	if n := prepared.Load(); n != 1 || rans[0] == rans[1] {
		t.Fatalf("prepared %d times (ran %v); want once, by one worker", n, rans)
	}
	if string(recs[0]) != string(recs[1]) {
		t.Errorf("records %s and %s; want the one shared", recs[0], recs[1])
	}

	// Cut short (share false): not kept, so the next worker prepares it.
	for i, f := range []*SharedFrontier{f1, f2} {
		_, ran, err := f.Origins().Once(ctx, "http://b.test", func() ([]byte, bool) { return []byte(`{}`), i == 1 })
		if err != nil || !ran {
			t.Errorf("worker %d on an origin prepared but not shared: ran %v, %v; want it to prepare again", i, ran, err)
		}
	}
	_, ran, err := f1.Origins().Once(ctx, "http://b.test", func() ([]byte, bool) { return nil, true })
	if err != nil || ran {
		t.Errorf("after a shared preparation: ran %v, %v; want the record read", ran, err)
	}
	recsAll, err := f1.Origins().Records(ctx)
	if err != nil || len(recsAll) != 2 {
		t.Errorf("Records: %d, %v; want the 2 origins'", len(recsAll), err)
	}
}

// A pause one worker records holds the host for another: its next slot is
// no earlier than the pause's end, and a request it had already been given a
// slot for does not start before it either.
func TestSharedPauseHoldsEveryWorker(t *testing.T) {
	dsn := pg.DB(t)
	s1, f1 := openShared(t, dsn, Create, policy.NewThrottle(0, nil), SharedConfig{Worker: "w1", Poll: 10 * time.Millisecond})
	_, f2 := openShared(t, dsn, Resume, policy.NewThrottle(0, nil), SharedConfig{Worker: "w2", Poll: 10 * time.Millisecond})
	for _, u := range []string{"http://h.test/1", "http://h.test/2"} {
		f1.Add(context.Background(), u, "h.test", discovery.Discovery{Via: discovery.ViaSeed})
	}
	ctx := context.Background()
	const pause = 400 * time.Millisecond
	until := time.Now().Add(pause)
	f1.Pause(context.Background(), "h.test", until)
	it, err := f2.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Slot and until are on one machine's clock; the database's rounding
	// to the millisecond is the only slack.
	if it.Slot.Before(until.Add(-2 * time.Millisecond)) {
		t.Errorf("the other worker's slot is %s before the pause's end", until.Sub(it.Slot))
	}
	// A shorter pause does not cut the longer one short.
	f2.Pause(context.Background(), "h.test", time.Now())
	if err := s1.starts().Start(ctx, "h.test", 0); err != nil {
		t.Fatal(err)
	}
	if early := time.Until(until); early > 2*time.Millisecond {
		t.Errorf("a request started %s before the pause's end", early)
	}
}

// Workers that overlap form one session; of those leaving, the last one out
// alone is told to write the crawl's done, a dead worker's run is waited on
// only until its heartbeat runs out, and the tally counts the session's
// pages whoever recorded them.
func TestSharedJournalLastOut(t *testing.T) {
	dsn := pg.DB(t)
	// The lease is no shorter than a run's least life (minAlive), which
	// is what w2 waits out for w3: a shorter one would save no time, only
	// give each renewal (two thirds of a lease) less time than a loaded
	// machine's database may take.
	const lease = minAlive
	cfg := func(w string) SharedConfig { return SharedConfig{Worker: w, Lease: lease, Poll: 10 * time.Millisecond} }
	_, f1 := openShared(t, dsn, Create, policy.NewThrottle(0, nil), cfg("w1"))
	_, f2 := openShared(t, dsn, Resume, policy.NewThrottle(0, nil), cfg("w2"))
	// w3 is closed by the test itself, as it dies.
	s3, err := Open(context.Background(), dsn, Resume)
	if err != nil {
		t.Fatal(err)
	}
	defer s3.Close()
	f3, err := s3.sharedFrontier(context.Background(), policy.NewThrottle(0, nil), 5, cfg("w3"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	j1, j2, j3 := f1.Journal(), f2.Journal(), f3.Journal()
	for _, j := range []*SharedJournal{j1, j2, j3} {
		if err := j.Run(context.Background(), map[string]string{"event": "run"}, j != j1); err != nil {
			t.Fatal(err)
		}
	}
	if j1.session != j2.session || j2.session != j3.session {
		t.Fatalf("sessions %d, %d, %d; want the overlapping runs in one", j1.session, j2.session, j3.session)
	}
	// Pages recorded by w1 and by w3, which will die without a share.
	for i, f := range []*SharedFrontier{f1, f3, f3} {
		u := "http://h.test/" + string(rune('a'+i))
		f.Add(context.Background(), u, "h.test", discovery.Discovery{Via: discovery.ViaSeed})
	}
	for i := range 3 {
		f := []*SharedFrontier{f1, f3, f3}[i]
		it, err := f.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		r := frontier.Result{State: "done", FinalURL: it.URL, Status: 200, Event: []byte(`{"event":"page"}`)}
		if i == 2 {
			r.State, r.Cause = "refused", "missing"
		}
		f.Complete(context.Background(), it, r)
	}
	// w3 dies: its heartbeat stops.
	f3.Close(context.Background())

	// w1 stops for its own reason while w2 works on: not last, no wait.
	last, err := j1.Leave(ctx, map[string]any{"event": "worker_done", "pages": 1}, false)
	if err != nil || last {
		t.Fatalf("w1 leaving with w2 alive: last %v, %v; want not last", last, err)
	}
	// w2 leaves an exhausted crawl: it waits out w3's heartbeat, then is last.
	last, err = j2.Leave(ctx, map[string]any{"event": "worker_done", "pages": 0}, true)
	if err != nil || !last {
		t.Fatalf("w2 leaving last (w3 dead): last %v, %v; want last", last, err)
	}
	tally, err := j2.Tally(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tally.Runs != 3 || len(tally.Shares) != 1 || tally.Pages != 3 || tally.OK != 2 || tally.Refused != 1 || tally.Causes["missing"] != 1 {
		t.Errorf("tally: %d runs, %d shares, %d pages, %d ok, %d refused %v; want 3 runs, w1's share, 3 pages of which 1 missing",
			tally.Runs, len(tally.Shares), tally.Pages, tally.OK, tally.Refused, tally.Causes)
	}
	var share map[string]any
	if len(tally.Shares) == 1 && (json.Unmarshal(tally.Shares[0], &share) != nil || share["pages"] != 1.0) {
		t.Errorf("w1's share reads %s", tally.Shares[0])
	}

	// A worker starting after the session ended begins a session of its own.
	_, f4 := openShared(t, dsn, Resume, policy.NewThrottle(0, nil), cfg("w4"))
	j4 := f4.Journal()
	if err := j4.Run(context.Background(), map[string]string{"event": "run"}, true); err != nil {
		t.Fatal(err)
	}
	if j4.session == j2.session {
		t.Errorf("a run after the session's end joined it (session %d)", j4.session)
	}
	if last, err := j4.Leave(ctx, map[string]any{}, true); err != nil || !last {
		t.Errorf("a worker alone: last %v, %v; want last", last, err)
	}
}

// waitForLockWaiter returns once a session waits for an advisory lock held
// by another (the other worker, at the origin this one prepares), or fails
// the test after a minute.
func waitForLockWaiter(t *testing.T, s *Store) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		var n int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
			AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).Scan(&n); err != nil {
			t.Error(err)
			return
		}
		if n > 0 {
			return
		}
	}
	t.Error("the other worker never waited for the origin's lock")
}
