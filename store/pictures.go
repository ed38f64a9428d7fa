package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// picturesTable holds the screenshots a crawl took (crawl --screenshots):
// one row per page and side, the page named by the URL the crawl asked for
// (urls.url). It is made when a database is created or opened to write, so
// a database from before it gains it on --resume; a database opened to read
// without it has no pictures (see PicturesOf).
const picturesTable = `CREATE TABLE IF NOT EXISTS pictures (
	url    TEXT NOT NULL,
	side   TEXT NOT NULL, -- rendered: as rendered; plain: the HTML as served, scripts off
	type   TEXT NOT NULL, -- the image's media type
	width  INTEGER NOT NULL,
	height INTEGER NOT NULL,
	cut    INTEGER NOT NULL, -- the page was taller than the picture
	ms     INTEGER NOT NULL, -- what taking it cost
	data   %s NOT NULL,
	PRIMARY KEY (url, side)
)`

// Picture is one stored screenshot of a page.
type Picture struct {
	Side          string // "rendered" or "plain"
	Type          string // media type, such as "image/jpeg"
	Width, Height int
	Cut           bool
	MS            int64
	Data          []byte
}

// makePictures creates the pictures table unless it exists.
func (s *Store) makePictures(ctx context.Context, exec func(ctx context.Context, query string, args ...any) (sql.Result, error)) error {
	blob := "BLOB"
	if s.pg {
		blob = "BYTEA"
	}
	if _, err := exec(ctx, fmt.Sprintf(picturesTable, blob)); err != nil {
		return fmt.Errorf("store: the pictures table: %w", err)
	}
	return nil
}

// SavePictures records the pictures of the page the crawl asked for as
// pageURL, replacing any it had (a page fetched again after a resume). It
// returns once they are committed.
func (s *Store) SavePictures(ctx context.Context, pageURL string, pics []Picture) error {
	if len(pics) == 0 {
		return nil
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if s.pg {
			if err := s.makePictures(ctx, tx.ExecContext); err != nil {
				return err
			}
		}
		for _, p := range pics {
			q := `INSERT OR REPLACE INTO pictures (url, side, type, width, height, cut, ms, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
			if s.pg {
				q = `INSERT INTO pictures (url, side, type, width, height, cut, ms, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
					ON CONFLICT (url, side) DO UPDATE SET type = excluded.type, width = excluded.width, height = excluded.height,
					cut = excluded.cut, ms = excluded.ms, data = excluded.data`
			}
			if _, err := tx.ExecContext(ctx, s.q(q), pageURL, p.Side, p.Type, p.Width, p.Height, p.Cut, p.MS, p.Data); err != nil {
				return fmt.Errorf("store: saving pictures of %s: %w", pageURL, err)
			}
		}
		return nil
	})
}

// PicturesOf returns the pictures stored for the page the crawl asked for as
// pageURL, rendered first; none for a database that never had pictures.
func (s *Store) PicturesOf(ctx context.Context, pageURL string) ([]Picture, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT side, type, width, height, cut, ms, data FROM pictures WHERE url = ? ORDER BY side DESC`), pageURL)
	if err != nil {
		if noTable(err) {
			return nil, nil
		}
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

// noTable reports whether err says a table does not exist (SQLite's "no
// such table", PostgreSQL's 42P01): a database from before that table.
func noTable(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "no such table") || strings.Contains(msg, "42P01")
}
