package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/report"
)

// reportFlags are the flags of `webgraph report`.
type reportFlags struct {
	fs      *pflag.FlagSet
	db, out *string
}

func newReportFlags(stdout io.Writer) *reportFlags {
	fs := newFlagSet("report", "webgraph report --db PATH [-o report.html]",
		"Write one self-contained HTML report of a crawl: the run, outcomes and refusal\ncauses as charts, refusals with their citations, the sitemap inventory, plain\nagainst rendered words per page, and the link graph.\n", stdout)
	f := &reportFlags{fs: fs,
		db:  fs.String("db", "webgraph.db", "the crawl's database at `PATH`"),
		out: fs.StringP("out", "o", "report.html", "the HTML `FILE` to write (- for stdout)"),
	}
	// --output was this flag's name before every command said --out.
	fs.SetNormalizeFunc(func(_ *pflag.FlagSet, name string) pflag.NormalizedName {
		if name == "output" {
			name = "out"
		}
		return pflag.NormalizedName(name)
	})
	return f
}

func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newReportFlags(stdout)
	db, out := f.db, f.out
	st, err := openForReading(ctx, f.fs, args, db, "--out", out)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := writeOutput("--out", *out, stdout, func(w io.Writer) error { return st.Explain(report.Write(ctx, w, st, time.Now())) }); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if *out != "-" {
		fmt.Fprintf(stderr, "webgraph: wrote %s\n", *out)
	}
	return nil
}
