package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/webgraph/webgraph/linkcheck"
)

// SaveLink records ev as the verdict of its target, replacing an earlier
// one; it returns once the write is committed.
func (s *Store) SaveLink(ctx context.Context, ev *linkcheck.Event) error {
	b, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("store: link verdict of %s: %w", ev.URL, err)
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM link_checks WHERE target = ?`), ev.URL); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO link_checks (target, verdict, checked_at, event) VALUES (?, ?, ?, ?)`),
			ev.URL, string(ev.Verdict), ev.CheckedAt.UTC().Format(time.RFC3339Nano), string(b))
		return err
	})
}

// LinkVerdicts returns every link verdict the crawl has reached, in all its
// runs, ordered by target.
func (s *Store) LinkVerdicts(ctx context.Context) ([]*linkcheck.Event, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT target, event FROM link_checks ORDER BY target`)
	if err != nil {
		return nil, fmt.Errorf("store: reading link verdicts: %w", err)
	}
	defer rows.Close()
	var out []*linkcheck.Event
	for rows.Next() {
		var target, event string
		if err := rows.Scan(&target, &event); err != nil {
			return nil, fmt.Errorf("store: reading link verdicts: %w", err)
		}
		var ev linkcheck.Event
		if err := json.Unmarshal([]byte(event), &ev); err != nil {
			return nil, fmt.Errorf("store: the stored link verdict of %s: %w", target, err)
		}
		out = append(out, &ev)
	}
	return out, rows.Err()
}
