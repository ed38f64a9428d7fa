package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// SharedOrigins keeps each origin's one-time preparation (its sitemaps and
// soft-404 probe, as a record the crawl writes) in the origins table, so
// that one worker does it for the whole crawl and the others read it; it
// satisfies crawl.Origins and is safe for concurrent use.
type SharedOrigins struct {
	s         *Store
	worker    string
	preparing chan struct{}
}

// maxPreparing is how many origins one worker prepares at once. Each holds
// a database connection (its lock's transaction) while the preparation
// uses others (queueing sitemap URLs, robots.txt of a sitemap's host), so
// it stays well under the pool's size (16).
const maxPreparing = 4

// Origins returns the crawl's shared origin records, for this worker.
func (f *SharedFrontier) Origins() *SharedOrigins {
	return &SharedOrigins{s: f.s, worker: f.cfg.Worker, preparing: f.preparing}
}

// Once returns origin's record as a worker of the crawl prepared and shared
// it. When none has, it calls prepare under a lock on origin, so that the
// other workers wait for this one, and keeps the record prepare returns
// when share is true (a preparation cut short by the crawl's stop is not
// kept, and the next worker to meet the origin prepares it again). ran
// reports whether prepare ran here. An error is the database's; prepare has
// then run only if ran says so.
func (o *SharedOrigins) Once(ctx context.Context, origin string, prepare func() (rec []byte, share bool)) (rec []byte, ran bool, err error) {
	select {
	case o.preparing <- struct{}{}:
		defer func() { <-o.preparing }()
	case <-ctx.Done():
		return nil, false, fmt.Errorf("store: the shared preparation of %s: %w", origin, ctx.Err())
	}
	err = o.s.pgTry(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, hashtext($2))`, pgLockOrigin, origin); err != nil {
			return err
		}
		var raw string
		err := tx.QueryRowContext(ctx, `SELECT record FROM origins WHERE origin = $1`, origin).Scan(&raw)
		if err == nil {
			rec = []byte(raw)
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var share bool
		rec, share = prepare()
		ran = true
		if !share {
			return nil
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO origins (origin, worker, prepared_at, record) VALUES ($1, $2, now(), $3)`, origin, o.worker, string(rec))
		return err
	})
	if err != nil {
		err = fmt.Errorf("store: the shared preparation of %s: %w", origin, err)
	}
	return rec, ran, err
}

// Records returns every origin's shared record, in origin order.
func (o *SharedOrigins) Records(ctx context.Context) ([][]byte, error) {
	rows, err := o.s.db.QueryContext(ctx, `SELECT record FROM origins ORDER BY origin`)
	if err != nil {
		return nil, fmt.Errorf("store: reading the origins: %w", err)
	}
	defer rows.Close()
	var out [][]byte
	for rows.Next() {
		var rec string
		if err := rows.Scan(&rec); err != nil {
			return nil, err
		}
		out = append(out, []byte(rec))
	}
	return out, rows.Err()
}

// SharedJournal is the journal of one worker of a crawl shared in
// PostgreSQL. Besides what Journal records, each run carries its worker's
// name, a heartbeat the worker's SharedFrontier renews, and whether it has
// finished; runs that overlap form a session, and the last worker out of a
// session is the one that writes the crawl's done (see Leave). It satisfies
// crawl.Journal and crawl.Session. Run must be called before the others; it
// is safe for concurrent use after that.
type SharedJournal struct {
	s       *Store
	worker  string
	lease   time.Duration
	runID   int64
	session int64
}

// Journal returns the journal of this worker's run, under the name and
// with the heartbeat of its leases.
func (f *SharedFrontier) Journal() *SharedJournal {
	return &SharedJournal{s: f.s, worker: f.cfg.Worker, lease: f.cfg.Lease}
}

// Worker returns the worker's name.
func (j *SharedJournal) Worker() string { return j.worker }

// minAlive is the least time a run counts as alive after its last
// heartbeat. A live worker's heartbeat comes every second at most, but on a
// starved machine it can come late; taken for dead, the worker would end up
// in a session of its own and the crawl with two done events. The cost of
// the margin: the last worker out of an exhausted crawl may wait that long
// on one that was killed.
const minAlive = 10 * time.Second

// aliveFor is how long a run counts as alive after a heartbeat.
func aliveFor(lease time.Duration) time.Duration { return max(lease, minAlive) }

// leavePoll is how often Leave looks again while it waits on a worker that
// may be dead.
const leavePoll = 100 * time.Millisecond

// Run records the start of this worker's run. It joins the session of the
// workers alive and unfinished, or, when there are none, begins a session.
func (j *SharedJournal) Run(ctx context.Context, ev any, resumed bool) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return j.s.pgWrite(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, 0)`, pgLockSession); err != nil {
			return err
		}
		var session sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT session FROM runs WHERE finished = 0 AND alive_until > now() AND session IS NOT NULL ORDER BY id LIMIT 1`).Scan(&session)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		r := 0
		if resumed {
			r = 1
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO runs (started_at, resumed, run_event, worker, session, alive_until, beat_at)
			VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond', now()) RETURNING id`,
			time.Now().UTC().Format(time.RFC3339Nano), r, string(b), j.worker, session, aliveFor(j.lease).Milliseconds()).Scan(&j.runID); err != nil {
			return err
		}
		j.session = j.runID
		if session.Valid {
			j.session = session.Int64
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE runs SET session = id WHERE id = $1`, j.runID)
		return err
	})
}

// Done records ev as this run's done event: the crawl's, when Leave said
// this worker was the last out.
func (j *SharedJournal) Done(ctx context.Context, ev any) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return j.s.pgWrite(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE runs SET done_event = $2 WHERE id = $1`, j.runID, string(b))
		return err
	})
}

// Robots records an origin's policy with its fetch time.
func (j *SharedJournal) Robots(ctx context.Context, p *policy.RobotsPolicy) error {
	return j.s.journal().Robots(ctx, p)
}

// JoinOrigin records an origin a seed's redirect approved, for every worker.
func (j *SharedJournal) JoinOrigin(ctx context.Context, origin string, ev any) error {
	return j.s.journal().JoinOrigin(ctx, origin, ev)
}

// JoinedOrigins returns the origins any worker's seeds approved, each with
// its event as recorded.
func (j *SharedJournal) JoinedOrigins(ctx context.Context) (map[string]string, error) {
	return j.s.journal().JoinedOrigins(ctx)
}

// Leave marks this worker's run finished, recording share (its own part of
// the crawl) as its done event, and reports whether it is the last worker
// out of its session, which then writes the crawl's done (see Tally and
// Done). Decided under one lock for the whole crawl, so of two workers
// leaving together exactly one is last:
//
//   - when another run of the session has already written the crawl's
//     done, or the crawl is not exhausted (this worker stopped for its own
//     reason) and another run is unfinished and alive, this one is not last;
//   - when no other run of the session is unfinished and alive, it is;
//   - otherwise (exhausted, and others not finished) it waits until each
//     of them has finished, shown itself alive since this one finished (it
//     will then be last, or leave it to another), or let its heartbeat run
//     out (it died): at most the longer of one lease and minAlive.
func (j *SharedJournal) Leave(ctx context.Context, share any, exhausted bool) (last bool, err error) {
	b, err := json.Marshal(share)
	if err != nil {
		return false, err
	}
	if err := j.s.pgWrite(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE runs SET finished = 1, finished_at = now(), done_event = $2 WHERE id = $1`, j.runID, string(b))
		return err
	}); err != nil {
		return false, fmt.Errorf("store: finishing the run: %w", err)
	}
	for {
		var decided bool
		err := j.s.pgWrite(ctx, func(ctx context.Context, tx *sql.Tx) error {
			decided, last = false, false
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, 0)`, pgLockSession); err != nil {
				return err
			}
			var written bool
			var others, unproven int
			if err := tx.QueryRowContext(ctx, `SELECT
				EXISTS (SELECT 1 FROM runs WHERE session = $1 AND crawl_done = 1),
				COUNT(*),
				COUNT(*) FILTER (WHERE r.beat_at <= (SELECT finished_at FROM runs WHERE id = $2))
				FROM runs r WHERE r.session = $1 AND r.id <> $2 AND r.finished = 0 AND r.alive_until > now()`,
				j.session, j.runID).Scan(&written, &others, &unproven); err != nil {
				return err
			}
			switch {
			case written:
				decided = true
			case others == 0:
				decided, last = true, true
				_, err := tx.ExecContext(ctx, `UPDATE runs SET crawl_done = 1 WHERE id = $1`, j.runID)
				return err
			case !exhausted || unproven == 0:
				decided = true
			}
			return nil
		})
		if err != nil {
			return false, fmt.Errorf("store: leaving the crawl: %w", err)
		}
		if decided {
			return last, nil
		}
		t := time.NewTimer(leavePoll)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return false, ctx.Err()
		}
	}
}

// Tally reads what the database knows of this worker's session, for the
// last worker out to write the crawl's done.
func (j *SharedJournal) Tally(ctx context.Context) (frontier.SessionTally, error) {
	t := frontier.SessionTally{Causes: map[string]int{}}
	err := j.s.pgTry(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var workers []string
		var started string
		rows, err := tx.QueryContext(ctx, `SELECT id, worker, started_at, COALESCE(done_event, '') FROM runs WHERE session = $1 ORDER BY id`, j.session)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var worker, at, done string
			if err := rows.Scan(&id, &worker, &at, &done); err != nil {
				rows.Close()
				return err
			}
			t.Runs++
			workers = append(workers, worker)
			if started == "" {
				started = at
			}
			if id != j.runID && done != "" {
				t.Shares = append(t.Shares, []byte(done))
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		t.Started, _ = time.Parse(time.RFC3339Nano, started)
		// A duplicate's page event names the page it duplicates; the key
		// can only appear as a key, since JSON escapes quotes in values.
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(*) FILTER (WHERE p.ok = 1),
			COUNT(*) FILTER (WHERE p.ok = 1 AND strpos(p.event, '"duplicate_of":') > 0)
			FROM pages p JOIN urls u ON u.id = p.url_id WHERE u.done_by = ANY($1::text[])`, workers).Scan(&t.Pages, &t.OK, &t.Duplicates); err != nil {
			return err
		}
		t.OK -= t.Duplicates
		rows, err = tx.QueryContext(ctx, `SELECT p.cause, COUNT(*) FROM pages p JOIN urls u ON u.id = p.url_id
			WHERE u.done_by = ANY($1::text[]) AND p.ok = 0 GROUP BY p.cause`, workers)
		if err != nil {
			return err
		}
		for rows.Next() {
			var cause string
			var n int
			if err := rows.Scan(&cause, &n); err != nil {
				rows.Close()
				return err
			}
			t.Causes[cause] += n
			t.Refused += n
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM urls WHERE state = 'disallowed' AND done_by = ANY($1::text[])`, workers).Scan(&t.Disallowed)
	})
	if err != nil {
		return frontier.SessionTally{}, fmt.Errorf("store: reading the crawl's session: %w", err)
	}
	return t, nil
}
