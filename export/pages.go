package export

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/store"
)

// PageSource streams a crawl's fetched pages, each with its stored event,
// and its link graph, from which the in-links are counted. *store.Store
// satisfies it.
type PageSource interface {
	GraphSource
	Pages(ctx context.Context, fn func(store.PageRow) error) error
}

// PageRow is one row of the pages table.
type PageRow struct {
	URL           string `json:"url"`
	Status        int    `json:"status"`
	Title         string `json:"title"`
	Depth         int    `json:"depth"`
	WordsPlain    *int   `json:"words_plain"`
	WordsRendered *int   `json:"words_rendered"`
	Inlinks       int    `json:"inlinks"`
	ResponseMS    *int64 `json:"response_ms"`
	Cause         string `json:"cause"`
	Canonical     string `json:"canonical"`
}

// PageColumns are the pages table's CSV header, in PageRow's order.
var PageColumns = []string{"url", "status", "title", "depth", "words_plain", "words_rendered", "inlinks", "response_ms", "cause", "canonical"}

// PagesTable is a crawl's pages table, ready to write: the in-links are
// counted when it is made, before anything is written.
type PagesTable struct {
	src     PageSource
	inlinks map[string]int
}

// NewPagesTable counts src's in-links; ctx bounds the reading.
func NewPagesTable(ctx context.Context, src PageSource) (*PagesTable, error) {
	inlinks, err := countInlinks(ctx, src)
	if err != nil {
		return nil, err
	}
	return &PagesTable{src: src, inlinks: inlinks}, nil
}

// Write writes one row per fetched page to w, as CSV (a header first) or
// JSON Lines; ctx bounds the reading.
func (t *PagesTable) Write(ctx context.Context, w io.Writer, f Format) error {
	if f != CSV && f != JSONL {
		return fmt.Errorf("export: no pages format %q", f)
	}
	bw := bufio.NewWriter(w)
	cw := csv.NewWriter(bw)
	if f == CSV {
		if err := cw.Write(PageColumns); err != nil {
			return err
		}
	}
	err := t.src.Pages(ctx, func(r store.PageRow) error {
		row, err := newPageRow(r, t.inlinks[r.URL])
		if err != nil {
			return err
		}
		if f == JSONL {
			return writeJSON(bw, row)
		}
		return cw.Write(row.cells())
	})
	if err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// countInlinks counts, for every link target, the distinct pages linking
// to it (a page linking twice counts once).
func countInlinks(ctx context.Context, src GraphSource) (map[string]int, error) {
	n := map[string]int{}
	var last store.Edge
	err := src.Graph(ctx, func(store.Node) error { return nil }, func(e store.Edge) error {
		// Edges come ordered by source, then target: repeats are adjacent.
		if e.From != last.From || e.To != last.To {
			n[e.To]++
		}
		last = e
		return nil
	})
	return n, err
}

// newPageRow reads the row's fields from the stored page event.
func newPageRow(r store.PageRow, inlinks int) (PageRow, error) {
	var ev crawl.PageEvent
	if err := json.Unmarshal(r.Event, &ev); err != nil {
		return PageRow{}, fmt.Errorf("pages: the stored event of %s: %w", r.URL, err)
	}
	row := PageRow{URL: r.URL, Status: r.Status, Title: ev.Title, Depth: ev.Citation.Depth,
		WordsPlain: r.PlainWords, WordsRendered: r.RenderedWords, Inlinks: inlinks, Cause: r.Cause, Canonical: ev.Canonical}
	// The response time is the server's answer to the plain GET; the
	// render's when only the browser fetched.
	for _, side := range []fetch.Name{fetch.Plain, fetch.Rendered} {
		if s, ok := ev.Sides[side]; ok {
			ms := s.MS
			row.ResponseMS = &ms
			break
		}
	}
	return row, nil
}

// cells is the row as CSV cells; the site's strings are neutralised.
func (r PageRow) cells() []string {
	ms := ""
	if r.ResponseMS != nil {
		ms = strconv.FormatInt(*r.ResponseMS, 10)
	}
	return []string{csvCell(r.URL), strconv.Itoa(r.Status), csvCell(r.Title), strconv.Itoa(r.Depth),
		num(r.WordsPlain), num(r.WordsRendered), strconv.Itoa(r.Inlinks), ms, csvCell(r.Cause), csvCell(r.Canonical)}
}
