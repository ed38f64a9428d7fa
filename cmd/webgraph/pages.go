package main

import (
	"context"
	"io"
	"slices"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/export"
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

func runPages(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newPagesFlags(stdout)
	st, err := openForReading(ctx, f.fs, args, f.db, "--out", f.out)
	if err != nil {
		return err
	}
	defer st.Close()
	format := export.Format(*f.format)
	if !slices.Contains(export.PagesFormats, format) {
		return usagef("--format must be csv or jsonl")
	}
	table, err := export.NewPagesTable(ctx, st)
	if err != nil {
		return st.Explain(err)
	}
	return writeOutput("--out", *f.out, stdout, func(out io.Writer) error { return st.Explain(table.Write(ctx, out, format)) })
}
