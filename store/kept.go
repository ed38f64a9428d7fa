package store

import (
	"context"
	"database/sql"
)

// Claim records url as the page kept for the canonical URL canon, unless
// another page holds it already, and returns the holder (url itself when it
// is the first). The claim is durable before Claim returns. On a failure to
// write, it returns url, and the frontier's error says why.
func (f *Frontier) Claim(ctx context.Context, canon, url string) string {
	holder := url
	err := f.s.write(ctx, func(ctx context.Context, tx *sql.Tx) (err error) {
		holder, err = f.s.claim(ctx, tx, canon, url)
		return err
	})
	if err != nil {
		f.fail(ctx, err)
		return url
	}
	return holder
}

// claim claims canon for url in tx and returns the holder: one statement
// when url is the first, as it mostly is.
func (s *Store) claim(ctx context.Context, tx *sql.Tx, canon, url string) (string, error) {
	r, err := s.stmt(tx, "claim").ExecContext(ctx, canon, url)
	if err != nil {
		return "", err
	}
	if n, _ := r.RowsAffected(); n == 1 {
		return url, nil
	}
	var holder string // ignored: another page holds it
	return holder, s.stmt(tx, "holder").QueryRowContext(ctx, canon).Scan(&holder)
}

// Claim is Frontier.Claim for every worker of a shared crawl.
func (f *SharedFrontier) Claim(ctx context.Context, canon, url string) string {
	holder, err := f.claim(ctx, canon, url)
	if err != nil {
		return url
	}
	return holder
}

// claim is Claim, with the error that kept it from being recorded (which
// Err gives from then on).
func (f *SharedFrontier) claim(ctx context.Context, canon, url string) (string, error) {
	holder := url
	err := f.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO kept (canon, url) VALUES ($1, $2) ON CONFLICT (canon) DO NOTHING`, canon, url); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT url FROM kept WHERE canon = $1`, canon).Scan(&holder)
	})
	return holder, err
}
