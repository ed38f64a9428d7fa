package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/webgraph/webgraph/frontier"
)

// canonicalBatch is how many pages one transaction of BrokenCanonicals
// reads and rewrites: their events are held in memory meanwhile.
const canonicalBatch = 200

// anyRefused says whether the crawl refused a URL or found one disallowed,
// the only URLs a broken canonical URL can name (see brokenCanonicals): one
// pass over the URLs, where the search reads every page's event.
const anyRefused = `SELECT EXISTS (SELECT 1 FROM urls WHERE state IN ('refused', 'disallowed'))`

// BrokenCanonicals finds the pages the crawl recorded as kept (a kept
// page's duplicates included) whose canonical URL is another URL of the
// crawl that it refused or found disallowed, and whose record does not say
// so yet (the finding "canonical_broken"); amend rewrites each one's stored
// event, given as recorded, and the event it returns is recorded in its
// place, in the transaction that read it. It returns the pages rewritten,
// in the order they were recorded; a page whose event amend cannot rewrite
// (an error) is left as it was and not returned. Every worker of a shared
// crawl sees the pages all workers recorded, and a page rewritten once is
// never found again: it is safe to call at the end of every run.
func (s *Store) BrokenCanonicals(ctx context.Context, amend func(b frontier.BrokenCanonical, event []byte) ([]byte, error)) ([]frontier.BrokenCanonical, error) {
	type row struct {
		id    int64
		b     frontier.BrokenCanonical
		event []byte
	}
	var out []frontier.BrokenCanonical
	var after int64
	for {
		var done []frontier.BrokenCanonical
		var read int
		var last int64
		err := s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
			done, read = done[:0], 0
			if after == 0 {
				// A canonical URL is broken only when the crawl refused it or
				// found it disallowed: without such a URL there is nothing to
				// find, and no page's event need be searched.
				var some bool
				if err := tx.QueryRowContext(ctx, anyRefused).Scan(&some); err != nil {
					return err
				}
				if !some {
					return nil
				}
			}
			rows, err := tx.QueryContext(ctx, s.dialect.brokenCanonicals, after, canonicalBatch)
			if err != nil {
				return err
			}
			var batch []row
			for rows.Next() {
				var r row
				if err := rows.Scan(&r.id, &r.b.Page, &r.event, &r.b.Canonical, &r.b.State, &r.b.Cause, &r.b.Words); err != nil {
					rows.Close()
					return err
				}
				batch = append(batch, r)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			read = len(batch)
			for _, r := range batch {
				last = r.id
				ev, err := amend(r.b, r.event)
				if err != nil {
					continue
				}
				if _, err := tx.ExecContext(ctx, s.dialect.amendEvent, string(ev), r.id); err != nil {
					return err
				}
				done = append(done, r.b)
			}
			return nil
		})
		if err != nil {
			return out, fmt.Errorf("store: recording broken canonical URLs: %w", err)
		}
		out = append(out, done...)
		if read < canonicalBatch {
			return out, nil
		}
		after = last
	}
}

// BrokenCanonicals is Store.BrokenCanonicals, for the crawl of this
// frontier.
func (f *Frontier) BrokenCanonicals(ctx context.Context, amend func(frontier.BrokenCanonical, []byte) ([]byte, error)) ([]frontier.BrokenCanonical, error) {
	return f.s.BrokenCanonicals(ctx, amend)
}

// BrokenCanonicals is Store.BrokenCanonicals, for the whole shared crawl.
func (f *SharedFrontier) BrokenCanonicals(ctx context.Context, amend func(frontier.BrokenCanonical, []byte) ([]byte, error)) ([]frontier.BrokenCanonical, error) {
	return f.s.BrokenCanonicals(ctx, amend)
}
