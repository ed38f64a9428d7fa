package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/webgraph/webgraph/policy"
)

// SetMeta stores a key of the crawl's metadata (its command line, say).
func (s *Store) SetMeta(ctx context.Context, key, value string) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`), key, value)
		return err
	})
}

// Meta returns a key of the crawl's metadata, or "" when unset.
func (s *Store) Meta(ctx context.Context, key string) (string, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var v string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT value FROM meta WHERE key = ?`), key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// joinedPrefix begins the meta keys of the origins a seed's redirect
// approved: "joined:" + origin, the value the event that said so.
const joinedPrefix = "joined:"

// JoinOrigin records that origin joined the crawl's approved origins
// through a seed's redirect; ev is the event that said so.
func (j *Journal) JoinOrigin(ctx context.Context, origin string, ev any) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return j.s.SetMeta(ctx, joinedPrefix+origin, string(b))
}

// JoinedOrigins returns the origins JoinOrigin recorded, each with its
// event as recorded (JSON).
func (j *Journal) JoinedOrigins(ctx context.Context) (map[string]string, error) {
	rows, err := j.s.db.QueryContext(ctx, j.s.q(`SELECT key, value FROM meta WHERE key >= ? AND key < ? ORDER BY key`), joinedPrefix, joinedPrefix[:len(joinedPrefix)-1]+";")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, err
		}
		out[k[len(joinedPrefix):]] = v
	}
	return out, rows.Err()
}

// Journal records a crawl's run, robots policies and done event; it
// satisfies crawl.Journal.
type Journal struct {
	s     *Store
	runID int64
}

// journal returns the store's journal.
func (s *Store) journal() *Journal { return &Journal{s: s} }

// Run records the start of a run.
func (j *Journal) Run(ctx context.Context, ev any, resumed bool) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return j.s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		r := 0
		if resumed {
			r = 1
		}
		return tx.QueryRowContext(ctx, j.s.q(`INSERT INTO runs (started_at, resumed, run_event) VALUES (?, ?, ?) RETURNING id`), time.Now().UTC().Format(time.RFC3339Nano), r, string(b)).Scan(&j.runID)
	})
}

// Done records the run's done event.
func (j *Journal) Done(ctx context.Context, ev any) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	return j.s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, j.s.q(`UPDATE runs SET done_event = ? WHERE id = ?`), string(b), j.runID)
		return err
	})
}

// Robots records an origin's policy with its fetch time.
func (j *Journal) Robots(ctx context.Context, p *policy.RobotsPolicy) error {
	b, err := json.Marshal(p.Save())
	if err != nil {
		return err
	}
	return j.s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, j.s.q(`INSERT INTO robots (origin, fetched_at, policy) VALUES (?, ?, ?) ON CONFLICT (origin) DO UPDATE SET fetched_at = excluded.fetched_at, policy = excluded.policy`), p.Origin, p.FetchedAt.UTC().Format(time.RFC3339Nano), string(b))
		return err
	})
}

// RobotsPolicies returns the saved policies fetched after since.
func (s *Store) RobotsPolicies(ctx context.Context, since time.Time) ([]*policy.RobotsPolicy, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT policy FROM robots`))
	if err != nil {
		return nil, fmt.Errorf("store: reading robots policies: %w", err)
	}
	defer rows.Close()
	var out []*policy.RobotsPolicy
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			return nil, err
		}
		var saved policy.Saved
		if err := json.Unmarshal([]byte(b), &saved); err != nil {
			return nil, fmt.Errorf("store: a saved robots policy: %w", err)
		}
		if saved.Policy.FetchedAt.After(since) {
			out = append(out, saved.Restore())
		}
	}
	return out, rows.Err()
}
