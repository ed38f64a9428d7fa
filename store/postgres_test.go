package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/frontier/frontiertest"
	"github.com/webgraph/webgraph/policy"
)

var _ frontier.Queue = pgQueue{}

func openShared(t *testing.T, dsn string, mode Mode, sp Spacer, cfg SharedConfig) (*Store, *SharedFrontier) {
	t.Helper()
	s, err := Open(context.Background(), dsn, mode)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.sharedFrontier(context.Background(), sp, 5, cfg)
	if err != nil {
		s.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		f.Close(context.Background())
		s.Close()
	})
	return s, f
}

// The frontier's behaviour, on PostgreSQL.
func TestPostgresFrontier(t *testing.T) {
	frontiertest.Run(t, func(t *testing.T, th *policy.Throttle, maxDepth int) frontiertest.Frontier {
		s, err := Open(context.Background(), pg.DB(t), Create)
		if err != nil {
			t.Fatal(err)
		}
		f, err := s.sharedFrontier(context.Background(), th, maxDepth, SharedConfig{Poll: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := f.Err(); err != nil {
				t.Errorf("frontier error: %v", err)
			}
			f.Close(context.Background())
			s.Close()
		})
		return f
	})
}

// A database that holds another program's tables is refused and left as it
// was; an empty one is created, a crawl in it refuses Create and resumes.
func TestPostgresRefusesWhatIsNotOurs(t *testing.T) {
	foreign := pg.DB(t)
	db, err := sql.Open("pgx", foreign)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE invoices (n int); INSERT INTO invoices VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []Mode{Create, Resume, Read} {
		if _, err := Open(context.Background(), foreign, mode); !errors.Is(err, ErrForeign) {
			t.Errorf("Open(context.Background(), foreign, %d) = %v; want ErrForeign", mode, err)
		}
	}
	var tables int
	db.QueryRow(`SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'`).Scan(&tables)
	if tables != 1 {
		t.Errorf("the foreign database has %d tables after the refusals; want its 1", tables)
	}

	empty := pg.DB(t)
	if _, err := Open(context.Background(), empty, Resume); !errors.Is(err, ErrNothingToResume) {
		t.Errorf("resume of an empty database = %v; want ErrNothingToResume", err)
	}
	s, err := Open(context.Background(), empty, Create)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.journal().Run(context.Background(), map[string]string{"event": "run"}, false); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMeta(context.Background(), "args", `["x"]`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(context.Background(), empty, Create); !errors.Is(err, ErrExists) {
		t.Errorf("Open(context.Background(), Create) on a crawl = %v; want ErrExists", err)
	}
	r, err := Open(context.Background(), empty, Resume)
	if err != nil {
		t.Fatalf("Open(context.Background(), Resume) = %v", err)
	}
	defer r.Close()
	if v, err := r.Meta(context.Background(), "args"); err != nil || v != `["x"]` {
		t.Errorf("Meta(args) = %q, %v", v, err)
	}
	runs, err := r.Runs(context.Background())
	if err != nil || len(runs) != 1 {
		t.Errorf("Runs = %d, %v; want the one recorded", len(runs), err)
	}
}

// A worker that dies holding a URL loses it when its lease runs out, and
// another worker finishes it; a live worker's lease is renewed past its
// length.
func TestPostgresDeadWorkersLeaseExpires(t *testing.T) {
	dsn := pg.DB(t)
	th := policy.NewThrottle(0, nil)
	// Long enough that a renewal, which has two thirds of a lease, is not
	// cut short by a loaded machine's database; the test waits about
	// three leases.
	lease := 3 * time.Second
	_, a := openShared(t, dsn, Create, th, SharedConfig{Worker: "a", Lease: lease, Poll: 20 * time.Millisecond})
	_, b := openShared(t, dsn, Resume, th, SharedConfig{Worker: "b", Lease: lease, Poll: 20 * time.Millisecond})
	a.Add(context.Background(), "http://h/1", "h", discovery.Discovery{Via: discovery.ViaSeed})
	a.Add(context.Background(), "http://h/2", "h", discovery.Discovery{Via: discovery.ViaSeed})
	ctx := context.Background()
	held, err := a.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	live, err := b.Next(ctx)
	if err != nil || live.URL == held.URL {
		t.Fatalf("b got %q (%v); want the other URL than a's %q", live.URL, err, held.URL)
	}
	// Both hold their URLs past two lease lengths: renewal keeps them
	// theirs. The database's clock decides the wait: until it is a whole
	// lease past the end of the leases as first seen, which both outlive
	// only if renewed.
	var firstEnd time.Time
	if err := a.s.db.QueryRow(`SELECT max(lease_until) FROM urls WHERE url IN ($1, $2)`, held.URL, live.URL).Scan(&firstEnd); err != nil {
		t.Fatal(err)
	}
	untilDatabaseTime(t, a.s, firstEnd.Add(lease))
	if st := b.Stats(context.Background()); st.InFlight != 2 {
		t.Errorf("in flight after two lease lengths = %d; want 2 (both leases renewed)", st.InFlight)
	}
	// a dies: its renewal stops, and nothing gives its lease back.
	stopRenewing(a)
	var aEnd time.Time
	if err := a.s.db.QueryRow(`SELECT lease_until FROM urls WHERE url = $1`, held.URL).Scan(&aEnd); err != nil {
		t.Fatal(err)
	}
	b.Complete(context.Background(), live, frontier.Result{State: "done"})
	// b renews nothing from here on, so the lease it takes says when it
	// took it: one lease before its end.
	stopRenewing(b)
	got, err := b.Next(ctx)
	if err != nil {
		t.Fatalf("b.Next after a died: %v", err)
	}
	if got.URL != held.URL {
		t.Errorf("b got %q; want a's %q back", got.URL, held.URL)
	}
	var bEnd time.Time
	var bWorker string
	if err := b.s.db.QueryRow(`SELECT lease_until, lease_worker FROM urls WHERE url = $1`, held.URL).Scan(&bEnd, &bWorker); err != nil {
		t.Fatal(err)
	}
	if taken := bEnd.Add(-lease); bWorker != "b" || !taken.After(aEnd) {
		t.Errorf("a's URL was taken by %q %s after a's lease ran out (negative: before); want it taken by b, only once the lease ran out", bWorker, taken.Sub(aEnd))
	}
	b.Complete(context.Background(), got, frontier.Result{State: "done"})
	if _, err := b.Next(ctx); !errors.Is(err, frontier.ErrExhausted) {
		t.Errorf("Next at the end = %v; want ErrExhausted", err)
	}
	// a wakes up late and completes what b finished: not recorded twice.
	a.Complete(context.Background(), held, frontier.Result{State: "refused", Cause: "missing", Event: []byte(`{}`)})
	var pages int
	a.s.db.QueryRow(`SELECT COUNT(*) FROM pages`).Scan(&pages)
	var state string
	a.s.db.QueryRow(`SELECT state FROM urls WHERE url = $1`, held.URL).Scan(&state)
	if pages != 0 || state != "done" {
		t.Errorf("after the late completion: %d pages, state %q; want b's record alone", pages, state)
	}
}

// stopRenewing stops f's lease renewal, as if its process had frozen, and
// leaves f to be closed at the test's end.
func stopRenewing(f *SharedFrontier) {
	close(f.stop)
	<-f.done
	f.stop = make(chan struct{}) // for Cleanup's Close
	f.done = make(chan struct{})
	close(f.done)
}

// untilDatabaseTime waits until the database's clock is past at, looking
// every 20 ms, for at most 30 seconds of this machine's.
func untilDatabaseTime(t *testing.T, s *Store, at time.Time) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var past bool
		if err := s.db.QueryRow(`SELECT now() > $1::timestamptz`, at).Scan(&past); err != nil {
			t.Fatal(err)
		}
		if past {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the database's clock did not pass %s within 30s", at)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Two workers taking slots of one host get slots one interval apart.
func TestPostgresSlotsAreShared(t *testing.T) {
	dsn := pg.DB(t)
	const interval = time.Hour
	_, a := openShared(t, dsn, Create, policy.NewThrottle(interval, nil), SharedConfig{Worker: "a"})
	_, b := openShared(t, dsn, Resume, policy.NewThrottle(interval, nil), SharedConfig{Worker: "b"})
	a.Add(context.Background(), "http://h/1", "h", discovery.Discovery{})
	a.Add(context.Background(), "http://h/2", "h", discovery.Discovery{})
	ctx := context.Background()
	first, err := a.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if gap := second.Slot.Sub(first.Slot); gap < interval-time.Minute || gap > interval+time.Minute {
		t.Errorf("b's slot is %s after a's; want one interval (%s), though b's own throttle never saw a's", gap, interval)
	}
}

// A crawl of PostgreSQL revision 2, whose kept, link_checks and pictures
// tables were made on first use, gains them when opened, and is then of
// this revision; one of a revision this webgraph does not know is refused.
func TestPostgresMigratesRevision2(t *testing.T) {
	dsn := pg.DB(t)
	s, err := Open(context.Background(), dsn, Create)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`DROP TABLE kept, link_checks, pictures; UPDATE meta SET value = '2' WHERE key = 'pg_revision'`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(context.Background(), dsn, Read)
	if err != nil {
		t.Fatalf("opening a revision 2 crawl: %v", err)
	}
	var tables int
	var revision string
	s.db.QueryRow(`SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('kept', 'link_checks', 'pictures')`).Scan(&tables)
	s.db.QueryRow(`SELECT value FROM meta WHERE key = 'pg_revision'`).Scan(&revision)
	if _, err := s.LinkVerdicts(context.Background()); err != nil {
		t.Errorf("link verdicts of the migrated crawl: %v", err)
	}
	if _, err := s.db.Exec(`UPDATE meta SET value = '9' WHERE key = 'pg_revision'`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if tables != 3 || revision != fmt.Sprint(pgRevision) {
		t.Errorf("after opening: %d of the 3 tables, revision %s; want all, revision %d", tables, revision, pgRevision)
	}
	if _, err := Open(context.Background(), dsn, Read); !errors.Is(err, ErrVersion) {
		t.Errorf("a crawl of revision 9: %v; want ErrVersion", err)
	}
}

// A lease the caller stops asking for (a crawl that is stopping cancels its
// context) is no failure of the store: the frontier's error stays nil, so
// the worker's done is not turned into "its state could not be kept", and
// the URL stays queued for the next worker.
func TestPostgresCancelledTakeIsNoFailure(t *testing.T) {
	_, f := openShared(t, pg.DB(t), Create, policy.NewThrottle(0, nil), SharedConfig{Worker: "a", Poll: 20 * time.Millisecond})
	f.Add(context.Background(), "http://h/1", "h", discovery.Discovery{Via: discovery.ViaSeed})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := (pgQueue{f}).Take(ctx, "h"); !errors.Is(err, context.Canceled) {
		t.Fatalf("Take with a cancelled context = %v; want context.Canceled", err)
	}
	if err := f.Err(); err != nil {
		t.Fatalf("the frontier failed on a cancelled lease: %v", err)
	}
	live, cancelLive := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelLive()
	if it, err := f.Next(live); err != nil || it.URL != "http://h/1" {
		t.Fatalf("Next after the cancelled lease = %q, %v; want http://h/1 still queued", it.URL, err)
	}
}

// A crawl of PostgreSQL revision 3, whose pages have no last_modified,
// gains the column when opened (empty for its pages), and a page recorded
// afterwards keeps its Last-Modified.
func TestPostgresMigratesRevision3(t *testing.T) {
	dsn := pg.DB(t)
	s, err := Open(context.Background(), dsn, Create)
	if err != nil {
		t.Fatal(err)
	}
	f := recorderOf(t, s)
	recordPage(t, f, "http://x/old", "http://x/old", true, false, time.Time{})
	if _, err := s.db.Exec(`ALTER TABLE pages DROP COLUMN last_modified; UPDATE meta SET value = '3' WHERE key = 'pg_revision'`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(context.Background(), dsn, Resume)
	if err != nil {
		t.Fatalf("opening a revision 3 crawl: %v", err)
	}
	defer s.Close()
	var revision string
	s.db.QueryRow(`SELECT value FROM meta WHERE key = 'pg_revision'`).Scan(&revision)
	if revision != fmt.Sprint(pgRevision) {
		t.Errorf("after opening: revision %s; want %d", revision, pgRevision)
	}
	at := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	recordPage(t, recorderOf(t, s), "http://x/new", "http://x/new", true, false, at)
	got := map[string]time.Time{}
	if err := s.KeptPages(context.Background(), func(p KeptPage) error {
		got[p.URL] = p.LastModified
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !got["http://x/old"].IsZero() || !got["http://x/new"].Equal(at) {
		t.Errorf("kept pages after migrating: %v; want /old without a date and /new at %v", got, at)
	}
}

// A crawl of PostgreSQL revision 4, which kept no content, gains the
// content table when resumed (empty), and a page recorded afterwards keeps
// its content there.
func TestPostgresMigratesRevision4(t *testing.T) {
	dsn := pg.DB(t)
	s, err := Open(context.Background(), dsn, Create)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec(`DROP TABLE content; UPDATE meta SET value = '4' WHERE key = 'pg_revision'`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(context.Background(), dsn, Resume)
	if err != nil {
		t.Fatalf("opening a revision 4 crawl: %v", err)
	}
	defer s.Close()
	var revision string
	s.db.QueryRow(`SELECT value FROM meta WHERE key = 'pg_revision'`).Scan(&revision)
	if revision != fmt.Sprint(pgRevision) {
		t.Errorf("after opening: revision %s; want %d", revision, pgRevision)
	}
	f, err := s.sharedFrontier(context.Background(), policy.NewThrottle(0, nil), -1, SharedConfig{Poll: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close(context.Background())
	f.Add(context.Background(), "http://x/new", "x", discovery.Discovery{Via: discovery.ViaSeed})
	it, err := f.Next(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f.Complete(context.Background(), it, frontier.Result{State: frontier.StateDone, FinalURL: it.URL, Status: 200, Event: []byte(`{}`),
		Content: &frontier.Content{Side: "plain", Site: "x", Blocks: []string{"Words of the page."}, Words: 4}})
	var got []string
	if err := s.Contents(context.Background(), func(pc PageContent) error { got = append(got, pc.URL+" "+pc.Blocks[0]); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != "http://x/new Words of the page." {
		t.Errorf("content after migrating: %q; want the page recorded since", got)
	}
}

// OpenCrawl gives the crawl whatever the engine: a SQLite file's is this
// process's own (no shared origins, a journal of one process), a
// PostgreSQL database's this worker's share (its origins shared, its
// journal a session's, the throttle's starts kept in the database).
func TestOpenCrawlEitherEngine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		db     func(t *testing.T) string
		shared bool
	}{
		{"sqlite", func(t *testing.T) string { return t.TempDir() + "/crawl.db" }, false},
		{"postgres", func(t *testing.T) string { return pg.DB(t) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(context.Background(), tc.db(t), Create)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			th := &sharing{Throttle: policy.NewThrottle(0, nil)}
			cr, err := s.OpenCrawl(context.Background(), CrawlConfig{Throttle: th, MaxDepth: -1})
			if err != nil {
				t.Fatal(err)
			}
			if !cr.Frontier.Add(context.Background(), "http://a.test/", "a.test", discovery.Discovery{Via: discovery.ViaSeed}) {
				t.Error("Add of a new URL = false; want true")
			}
			_, session := cr.Journal.(crawl.Session)
			if got := [3]bool{cr.Origins != nil, session, th.shared != nil}; got != [3]bool{tc.shared, tc.shared, tc.shared} {
				t.Errorf("origins shared, journal a session, starts shared = %v; want all %v", got, tc.shared)
			}
			if err := cr.Close(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
}

// sharing is a throttle that notes what its starts were shared with.
type sharing struct {
	*policy.Throttle
	shared policy.Starts
}

func (s *sharing) Share(st policy.Starts) { s.shared = st; s.Throttle.Share(st) }

// A write cut short because its caller's context ended is not the
// frontier's error: the crawl was stopped, not failed, and what was not
// written is queued still. A write that fails on its own is.
func TestSharedFrontierStoppedIsNotFailed(t *testing.T) {
	_, f := openShared(t, pg.DB(t), Create, policy.NewThrottle(0, nil), SharedConfig{})
	stopped, stop := context.WithCancel(context.Background())
	stop()
	if f.Add(stopped, "http://a.test/", "a.test", discovery.Discovery{Via: discovery.ViaSeed}) {
		t.Error("Add under an ended context = true; want nothing written")
	}
	f.Retry(stopped, frontier.Item{URL: "http://a.test/", Host: "a.test"})
	if err := f.Err(); err != nil {
		t.Fatalf("Err after writes whose context ended = %v; want nil", err)
	}
	if !f.Add(context.Background(), "http://a.test/", "a.test", discovery.Discovery{Via: discovery.ViaSeed}) {
		t.Error("Add after them = false; want the URL queued")
	}
	f.Add(context.Background(), "http://a.test/\x00", "a.test", discovery.Discovery{}) // PostgreSQL's text holds no NUL
	if f.Err() == nil {
		t.Error("Err after a write the database refused = nil; want its error")
	}
}
