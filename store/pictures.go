package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Picture is one stored screenshot of a page.
type Picture struct {
	Side          string // "rendered" or "plain"
	Type          string // media type, such as "image/jpeg"
	Width, Height int
	Cut           bool
	MS            int64
	Data          []byte
}

// SavePictures records the pictures of the page the crawl asked for as
// pageURL, replacing any it had (a page fetched again after a resume). It
// returns once they are committed.
func (s *Store) SavePictures(ctx context.Context, pageURL string, pics []Picture) error {
	if len(pics) == 0 {
		return nil
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		for _, p := range pics {
			// Both engines' upsert: (url, side) is the table's key in each.
			const q = `INSERT INTO pictures (url, side, type, width, height, cut, ms, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (url, side) DO UPDATE SET type = excluded.type, width = excluded.width, height = excluded.height,
				cut = excluded.cut, ms = excluded.ms, data = excluded.data`
			if _, err := tx.ExecContext(ctx, s.q(q), pageURL, p.Side, p.Type, p.Width, p.Height, p.Cut, p.MS, p.Data); err != nil {
				return fmt.Errorf("store: saving pictures of %s: %w", pageURL, err)
			}
		}
		return nil
	})
}

// PicturesOf returns the pictures stored for the page the crawl asked for as
// pageURL, rendered first.
func (s *Store) PicturesOf(ctx context.Context, pageURL string) ([]Picture, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT side, type, width, height, cut, ms, data FROM pictures WHERE url = ? ORDER BY side DESC`), pageURL)
	if err != nil {
		return nil, fmt.Errorf("store: reading pictures of %s: %w", pageURL, err)
	}
	defer rows.Close()
	var out []Picture
	for rows.Next() {
		var p Picture
		if err := rows.Scan(&p.Side, &p.Type, &p.Width, &p.Height, &p.Cut, &p.MS, &p.Data); err != nil {
			return nil, fmt.Errorf("store: reading pictures of %s: %w", pageURL, err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
