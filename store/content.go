package store

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
)

// This file holds the kept pages' main content (table content, --keep
// content): how a page's is written with its record, and the reads of
// `webgraph content` and of a resumed crawl, which learns its sites'
// templates again from it (docs/design.md, "Content").

// contentArgs are the values of a page's content row, in the order of the
// table's columns.
func contentArgs(id int64, c *frontier.Content) []any {
	blocks := c.Blocks
	if blocks == nil {
		blocks = []string{}
	}
	js, _ := json.Marshal(blocks) // strings only: cannot fail
	return []any{id, c.Site, c.Side, c.Title, c.Lang, boolInt(c.LangDetected), int64(c.Words), boolInt(c.Truncated), string(js),
		encodeBlockRuns(c.BlockRuns, len(blocks)), encodeRuns(c.Runs)}
}

// encodeBlockRuns writes, for each of n blocks, the count of its hashes
// as a uvarint, then the hashes as encodeRuns does.
func encodeBlockRuns(br [][]uint64, n int) []byte {
	var b []byte
	for i := range n {
		var hs []uint64
		if i < len(br) {
			hs = br[i]
		}
		b = binary.AppendUvarint(b, uint64(len(hs)))
		b = append(b, encodeRuns(hs)...)
	}
	return b
}

// decodeBlockRuns reads what encodeBlockRuns wrote of n blocks; what it
// cannot read leaves the blocks after it without hashes (never template).
func decodeBlockRuns(b []byte, n int) [][]uint64 {
	out := make([][]uint64, n)
	for i := range n {
		c, k := binary.Uvarint(b)
		if k <= 0 || c > uint64(len(b)-k)/8 {
			break
		}
		b = b[k:]
		if c > 0 {
			out[i] = decodeRuns(b[:8*c])
		}
		b = b[8*c:]
	}
	return out
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// encodeRuns writes hashes as 8 bytes each, big-endian.
func encodeRuns(hs []uint64) []byte {
	b := make([]byte, 8*len(hs))
	for i, h := range hs {
		binary.BigEndian.PutUint64(b[8*i:], h)
	}
	return b
}

// decodeRuns reads what encodeRuns wrote; a trailing part of fewer than 8
// bytes is ignored.
func decodeRuns(b []byte) []uint64 {
	out := make([]uint64, len(b)/8)
	for i := range out {
		out[i] = binary.BigEndian.Uint64(b[8*i:])
	}
	return out
}

// PageContent is one kept page's main content as the crawl kept it: the
// page's URL as asked, where it ended, how the crawl found it, and the
// content (its Runs left empty: ContentRuns reads them).
type PageContent struct {
	URL      string
	FinalURL string
	Citation discovery.Discovery
	frontier.Content
}

// Contents calls fn with the main content of every kept page that has one,
// in the order the crawl met the pages. A page refused, a duplicate, or
// one recorded under --keep text or none has none. An error of fn ends the
// read and is returned.
func (s *Store) Contents(ctx context.Context, fn func(PageContent) error) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT u.url, p.final_url, u.via, u.found_on, u.anchor, u.depth,
			c.site, c.side, c.title, c.lang, c.lang_detected, c.words, c.truncated, c.blocks, c.block_runs
		FROM content c JOIN urls u ON u.id = c.url_id JOIN pages p ON p.url_id = c.url_id
		WHERE u.state = 'done' AND p.ok = 1 ORDER BY c.url_id`)
	if err != nil {
		return fmt.Errorf("store: reading the pages' content: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var pc PageContent
		var via, blocks string
		var blockRuns []byte
		var detected, truncated int64
		var words, depth int64
		if err := rows.Scan(&pc.URL, &pc.FinalURL, &via, &pc.Citation.FoundOn, &pc.Citation.Anchor, &depth,
			&pc.Site, &pc.Side, &pc.Title, &pc.Lang, &detected, &words, &truncated, &blocks, &blockRuns); err != nil {
			return fmt.Errorf("store: reading the pages' content: %w", err)
		}
		pc.Citation.Via, pc.Citation.Depth = discovery.Via(via), int(depth)
		pc.LangDetected, pc.Truncated, pc.Words = detected != 0, truncated != 0, int(words)
		if err := json.Unmarshal([]byte(blocks), &pc.Blocks); err != nil {
			return fmt.Errorf("store: reading the content of %s: its blocks are not a JSON list of strings: %w", pc.URL, err)
		}
		pc.BlockRuns = decodeBlockRuns(blockRuns, len(pc.Blocks))
		if err := fn(pc); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: reading the pages' content: %w", err)
	}
	return nil
}

// ContentRuns calls fn with the site and the text blocks' hashes of every
// page whose content the crawl kept, in the order the crawl met them: what
// a resumed crawl, or a worker joining a shared one, learns its sites'
// templates from.
func (s *Store) ContentRuns(ctx context.Context, fn func(site string, runs []uint64)) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT site, runs FROM content ORDER BY url_id`)
	if err != nil {
		return fmt.Errorf("store: reading the content's template: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var site string
		var runs []byte
		if err := rows.Scan(&site, &runs); err != nil {
			return fmt.Errorf("store: reading the content's template: %w", err)
		}
		fn(site, decodeRuns(runs))
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: reading the content's template: %w", err)
	}
	return nil
}

// ContentRuns is Store.ContentRuns, for the crawl's frontier.
func (f *Frontier) ContentRuns(ctx context.Context, fn func(site string, runs []uint64)) error {
	return f.s.ContentRuns(ctx, fn)
}

// ContentRuns is Store.ContentRuns, for the whole shared crawl.
func (f *SharedFrontier) ContentRuns(ctx context.Context, fn func(site string, runs []uint64)) error {
	return f.s.ContentRuns(ctx, fn)
}

// ContentSide is one kept page's URL, title and the side its main content
// was read from.
type ContentSide struct {
	URL, Title, Side string
}

// ContentSides calls fn with the side each kept page's main content was
// read from, in the order the crawl met the pages, without reading the
// content itself (the report's note).
func (s *Store) ContentSides(ctx context.Context, fn func(ContentSide) error) error {
	ctx, cancel := s.bound(ctx)
	defer cancel()
	rows, err := s.db.QueryContext(ctx, `SELECT u.url, c.title, c.side FROM content c JOIN urls u ON u.id = c.url_id
		JOIN pages p ON p.url_id = c.url_id WHERE u.state = 'done' AND p.ok = 1 ORDER BY c.url_id`)
	if err != nil {
		return fmt.Errorf("store: reading the pages' content: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var cs ContentSide
		if err := rows.Scan(&cs.URL, &cs.Title, &cs.Side); err != nil {
			return fmt.Errorf("store: reading the pages' content: %w", err)
		}
		if err := fn(cs); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: reading the pages' content: %w", err)
	}
	return nil
}
