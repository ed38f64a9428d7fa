package store

import (
	"fmt"
)

// This file holds the reads a comparison of two crawls makes (package
// crawldiff): who links to a URL, and what the sitemaps listed. The
// queries of links are each engine's own (see dialect).

// Inlink is a page that links to a URL, through the words a reader clicks.
type Inlink struct {
	From   string
	Anchor string
}

// LinksTo returns up to limit pages that link to target, ordered by page
// URL, and how many pages link to it in all.
func (s *Store) LinksTo(target string, limit int) ([]Inlink, int, error) {
	var total int
	if err := s.db.QueryRowContext(s.ctx, s.dialect.countLinksTo, target).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: reading the links to %s: %w", target, err)
	}
	if total == 0 || limit <= 0 {
		return nil, total, nil
	}
	rows, err := s.db.QueryContext(s.ctx, s.dialect.linksTo, target, limit)
	if err != nil {
		return nil, 0, fmt.Errorf("store: reading the links to %s: %w", target, err)
	}
	defer rows.Close()
	var out []Inlink
	for rows.Next() {
		var l Inlink
		if err := rows.Scan(&l.From, &l.Anchor); err != nil {
			return nil, 0, fmt.Errorf("store: reading the links to %s: %w", target, err)
		}
		out = append(out, l)
	}
	return out, total, rows.Err()
}

// SitemapURLs streams, in URL order, every URL a sitemap listed.
func (s *Store) SitemapURLs(fn func(url string) error) error {
	rows, err := s.db.QueryContext(s.ctx, `SELECT url FROM urls WHERE in_sitemap = 1 ORDER BY url`)
	if err != nil {
		return fmt.Errorf("store: reading sitemap URLs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return fmt.Errorf("store: reading sitemap URLs: %w", err)
		}
		if err := fn(u); err != nil {
			return err
		}
	}
	return rows.Err()
}
