package store

import (
	"context"
	"database/sql"
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
//
// A SQLite crawl keeps each page's links as one row, with no index on their
// targets: the first call reads every page's links once into a temporary
// table indexed by target, on a connection of its own, which the calls
// after it read (a comparison asks for the in-links of every page that got
// worse).
func (s *Store) LinksTo(ctx context.Context, target string, limit int) ([]Inlink, int, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	q := interface {
		QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
		QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	}(s.db)
	if !s.pg {
		conn, err := s.inlinksConn(ctx)
		if err != nil {
			return nil, 0, fmt.Errorf("store: reading the links to %s: %w", target, err)
		}
		q = conn
	}
	var total int
	if err := q.QueryRowContext(ctx, s.dialect.countLinksTo, target).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: reading the links to %s: %w", target, err)
	}
	if total == 0 || limit <= 0 {
		return nil, total, nil
	}
	rows, err := q.QueryContext(ctx, s.dialect.linksTo, target, limit)
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
func (s *Store) SitemapURLs(ctx context.Context, fn func(url string) error) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT url FROM urls WHERE in_sitemap = 1 ORDER BY url`)
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

// inlinksConn returns the connection holding the temporary table inlinks
// (to_id, from_id, anchor) of every link of the crawl, made on first use.
func (s *Store) inlinksConn(ctx context.Context) (*sql.Conn, error) {
	s.inlinks.once.Do(func() {
		// One connection more than Open allows, so that this one held
		// leaves the writer's and the readers' as they were.
		s.db.SetMaxOpenConns(maxConns + 1)
		conn, err := s.db.Conn(ctx)
		if err == nil {
			_, err = conn.ExecContext(ctx, `CREATE TEMP TABLE inlinks AS
				SELECT j.value ->> 0 AS to_id, o.from_id AS from_id, j.value ->> 1 AS anchor
				FROM outlinks o, json_each(o.links) j;
				CREATE INDEX temp.inlinks_to ON inlinks (to_id)`)
			if err != nil {
				conn.Close()
			}
		}
		s.inlinks.conn, s.inlinks.err = conn, err
	})
	return s.inlinks.conn, s.inlinks.err
}
