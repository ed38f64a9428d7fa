package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/webgraph/webgraph/discovery"
)

// Node is a URL of the web graph: a page the crawl fetched, or a URL it
// only saw linked (outcome "not_fetched").
type Node struct {
	URL           string `json:"url"`
	Kind          string `json:"kind"`
	Outcome       string `json:"outcome"` // done, refused, disallowed, queued, seen, not_fetched
	Cause         string `json:"cause,omitempty"`
	Words         *int   `json:"words,omitempty"`
	PlainWords    *int   `json:"plain_words,omitempty"`
	RenderedWords *int   `json:"rendered_words,omitempty"`
}

// Edge is a link from one page to a URL.
type Edge struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Anchor string `json:"anchor"`
	Side   string `json:"side"`
}

// Graph streams the web graph: every node, then every edge, without holding
// either list in memory. It stops at the first error fn returns.
func (s *Store) Graph(ctx context.Context, node func(Node) error, edge func(Edge) error) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, s.dialect.nodes)
	if err != nil {
		return fmt.Errorf("store: reading the graph's nodes: %w", err)
	}
	for rows.Next() {
		var n Node
		var w, pw, rw sql.NullInt64
		if err := rows.Scan(&n.URL, &n.Kind, &n.Outcome, &n.Cause, &w, &pw, &rw); err != nil {
			rows.Close()
			return err
		}
		n.Words, n.PlainWords, n.RenderedWords = intPtr(w), intPtr(pw), intPtr(rw)
		if err := node(n); err != nil {
			rows.Close()
			return err
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = s.db.QueryContext(ctx, s.dialect.edges)
	if err != nil {
		return fmt.Errorf("store: reading the graph's edges: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var e Edge
		if err := rows.Scan(&e.From, &e.To, &e.Anchor, &e.Side); err != nil {
			return err
		}
		if err := edge(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

func intPtr(v sql.NullInt64) *int {
	if !v.Valid {
		return nil
	}
	i := int(v.Int64)
	return &i
}

// Run is one run of the crawl: its run and done events as written.
type Run struct {
	StartedAt string
	Resumed   bool
	RunEvent  []byte
	DoneEvent []byte // nil when the run never finished
}

// Runs returns the crawl's runs, oldest first.
func (s *Store) Runs(ctx context.Context) ([]Run, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT started_at, resumed, run_event, COALESCE(done_event, '') FROM runs ORDER BY id`))
	if err != nil {
		return nil, fmt.Errorf("store: reading runs: %w", err)
	}
	defer rows.Close()
	var out []Run
	for rows.Next() {
		var r Run
		var run, done string
		if err := rows.Scan(&r.StartedAt, &r.Resumed, &run, &done); err != nil {
			return nil, err
		}
		r.RunEvent = []byte(run)
		if done != "" {
			r.DoneEvent = []byte(done)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Disallowed streams the URLs robots.txt kept the crawl from fetching, over
// every run, each with the citation that queued it.
func (s *Store) Disallowed(ctx context.Context, fn func(url string, c discovery.Discovery) error) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT url, via, found_on, anchor, depth FROM urls WHERE state = 'disallowed' ORDER BY id`))
	if err != nil {
		return fmt.Errorf("store: reading disallowed URLs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var u, via string
		var c discovery.Discovery
		if err := rows.Scan(&u, &via, &c.FoundOn, &c.Anchor, &c.Depth); err != nil {
			return err
		}
		c.Via = discovery.Via(via)
		if err := fn(u, c); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PageRow is a fetched page with its citation.
type PageRow struct {
	URL           string
	OK            bool
	Status        int
	Cause         string
	Event         []byte // the page event as written
	Words         int
	PlainWords    *int
	RenderedWords *int
	Via           string
	FoundOn       string
	Anchor        string
}

// Judged reports whether the crawl recorded any page or disallowed URL, in
// all its runs. (Counting them reads every stored page: 20 MB at 20,000
// pages.)
func (s *Store) Judged(ctx context.Context) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var found bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pages)`).Scan(&found); err != nil {
		return false, fmt.Errorf("store: looking for pages: %w", err)
	}
	if found {
		return true, nil
	}
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM urls WHERE state = 'disallowed')`).Scan(&found); err != nil {
		return false, fmt.Errorf("store: looking for disallowed URLs: %w", err)
	}
	return found, nil
}

// KeptAny reports whether the crawl kept any page, in any of its runs.
func (s *Store) KeptAny(ctx context.Context) (bool, error) {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	var found bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pages WHERE ok = 1)`).Scan(&found); err != nil {
		return false, fmt.Errorf("store: looking for kept pages: %w", err)
	}
	return found, nil
}

// Pages streams the fetched pages in the order they were recorded.
func (s *Store) Pages(ctx context.Context, fn func(PageRow) error) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT u.url, p.ok, p.status, p.cause, p.event, p.words, p.plain_words, p.rendered_words, u.via, u.found_on, u.anchor
		FROM pages p JOIN urls u ON u.id = p.url_id ORDER BY p.url_id`))
	if err != nil {
		return fmt.Errorf("store: reading pages: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r PageRow
		var event string
		var pw, rw sql.NullInt64
		if err := rows.Scan(&r.URL, &r.OK, &r.Status, &r.Cause, &event, &r.Words, &pw, &rw, &r.Via, &r.FoundOn, &r.Anchor); err != nil {
			return err
		}
		r.Event, r.PlainWords, r.RenderedWords = []byte(event), intPtr(pw), intPtr(rw)
		if err := fn(r); err != nil {
			return err
		}
	}
	return rows.Err()
}
