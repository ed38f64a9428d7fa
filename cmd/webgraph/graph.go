package main

import (
	"context"
	"io"
	"slices"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/export"
)

// graphFlags are the flags of `webgraph graph`.
type graphFlags struct {
	fs              *pflag.FlagSet
	db, format, out *string
	nodes           *bool
}

func newGraphFlags(stdout io.Writer) *graphFlags {
	fs := newFlagSet("graph", "webgraph graph --db PATH [--format dot|graphml|csv|jsonl] [-o FILE]",
		"Export the link graph of a crawl: nodes (URL, kind, outcome, cause, words per\nside) and edges (from, to, anchor, side).\n", stdout)
	return &graphFlags{fs: fs,
		db:     fs.String("db", "webgraph.db", "the crawl's database at `PATH`"),
		format: fs.String("format", "jsonl", "output `FORMAT`: dot, graphml, csv or jsonl"),
		nodes:  fs.Bool("nodes", false, "with --format csv: print the nodes instead of the edges"),
		out:    fs.StringP("out", "o", "", "write to `FILE` instead of stdout"),
	}
}

func runGraph(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newGraphFlags(stdout)
	st, err := openForReading(ctx, f.fs, args, f.db, "--out", f.out)
	if err != nil {
		return err
	}
	defer st.Close()
	format := export.Format(*f.format)
	if !slices.Contains(export.GraphFormats, format) {
		return usagef("--format must be dot, graphml, csv or jsonl")
	}
	return writeOutput("--out", *f.out, stdout, func(out io.Writer) error {
		return st.Explain(export.WriteGraph(ctx, out, st, format, *f.nodes))
	})
}
