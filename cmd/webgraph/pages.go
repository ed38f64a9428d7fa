package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/store"
)

// pagesFlags are the flags of `webgraph pages`.
type pagesFlags struct {
	fs              *pflag.FlagSet
	db, format, out *string
}

func newPagesFlags(stdout io.Writer) *pagesFlags {
	fs := newFlagSet("pages", "webgraph pages --db PATH [--format csv|jsonl] [-o FILE]",
		"Export one row per fetched page of a crawl: url, status, title, depth, words\nper side, inlinks (pages linking to it), response time, refusal cause and\ncanonical URL. The CSV opens in any spreadsheet; cells that a spreadsheet\nwould run as a formula are neutralised.\n", stdout)
	return &pagesFlags{fs: fs,
		db:     fs.String("db", "webgraph.db", "the crawl's database at `PATH`"),
		format: fs.String("format", "csv", "output `FORMAT`: csv or jsonl"),
		out:    fs.StringP("out", "o", "", "write to `FILE` instead of stdout"),
	}
}

// pageRow is one row of the pages table.
type pageRow struct {
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

// pagesColumns are the pages table's CSV header.
var pagesColumns = []string{"url", "status", "title", "depth", "words_plain", "words_rendered", "inlinks", "response_ms", "cause", "canonical"}

func runPages(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newPagesFlags(stdout)
	st, err := openForReading(f.fs, args, f.db, "--out", f.out)
	if err != nil {
		return err
	}
	defer st.Close()
	if *f.format != "csv" && *f.format != "jsonl" {
		return usagef("--format must be csv or jsonl")
	}
	inlinks, err := countInlinks(st)
	if err != nil {
		return err
	}
	return writeOutput("--out", *f.out, stdout, func(out io.Writer) error {
		w := bufio.NewWriter(out)
		cw := csv.NewWriter(w)
		if *f.format == "csv" {
			if err := cw.Write(pagesColumns); err != nil {
				return err
			}
		}
		err := st.Pages(func(r store.PageRow) error {
			row, err := newPageRow(r, inlinks[r.URL])
			if err != nil {
				return err
			}
			if *f.format == "jsonl" {
				return writeJSON(w, row)
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
		return w.Flush()
	})
}

// countInlinks counts, for every link target, the distinct pages linking
// to it (a page linking twice counts once).
func countInlinks(st *store.Store) (map[string]int, error) {
	n := map[string]int{}
	var last store.Edge
	err := st.Graph(func(store.Node) error { return nil }, func(e store.Edge) error {
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
func newPageRow(r store.PageRow, inlinks int) (pageRow, error) {
	var ev crawl.PageEvent
	if err := json.Unmarshal(r.Event, &ev); err != nil {
		return pageRow{}, fmt.Errorf("pages: the stored event of %s: %w", r.URL, err)
	}
	row := pageRow{URL: r.URL, Status: r.Status, Title: ev.Title, Depth: ev.Citation.Depth,
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
func (r pageRow) cells() []string {
	num := func(p *int) string {
		if p == nil {
			return ""
		}
		return strconv.Itoa(*p)
	}
	ms := ""
	if r.ResponseMS != nil {
		ms = strconv.FormatInt(*r.ResponseMS, 10)
	}
	return []string{csvCell(r.URL), strconv.Itoa(r.Status), csvCell(r.Title), strconv.Itoa(r.Depth),
		num(r.WordsPlain), num(r.WordsRendered), strconv.Itoa(r.Inlinks), ms, csvCell(r.Cause), csvCell(r.Canonical)}
}
