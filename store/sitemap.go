package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// KeptPage is a kept page as a written sitemap lists it.
type KeptPage struct {
	// URL is the URL the page is known by: its canonical URL when that was
	// in scope, else its final URL (the kept table's key).
	URL string
	// LastModified is when the server said the page last changed (its
	// Last-Modified header); zero when it did not say.
	LastModified time.Time
	// Noindex is set when the page's robots directives say noindex on a
	// side the crawl used (the stricter side wins, as the page event's
	// robots_meta says).
	Noindex bool
}

// KeptPages streams the pages the crawl kept, one per canonical URL, in
// the byte order of their URLs: a canonical duplicate of another kept page
// is not among them, nor is a refused page. ctx (and the store's own
// context) end the reading; an error fn returns ends it and is returned.
func (s *Store) KeptPages(ctx context.Context, fn func(KeptPage) error) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, s.dialect.keptPages)
	if err != nil {
		return fmt.Errorf("store: reading the kept pages: %w", err)
	}
	defer rows.Close()
	last := ""
	for rows.Next() {
		var p KeptPage
		var modified sql.NullString
		if err := rows.Scan(&p.URL, &modified, &p.Noindex); err != nil {
			return fmt.Errorf("store: reading the kept pages: %w", err)
		}
		if p.URL == last {
			continue // two pages ended on the URL that holds the claim
		}
		last = p.URL
		if modified.Valid {
			// Written by nullTime; a value that does not parse is no date.
			p.LastModified, _ = time.Parse(time.RFC3339, modified.String)
		}
		if err := fn(p); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: reading the kept pages: %w", err)
	}
	return nil
}
