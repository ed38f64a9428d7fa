package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/report"
)

func runReport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("report", pflag.ContinueOnError)
	db := fs.String("db", "webgraph.db", "the crawl's database")
	out := fs.StringP("output", "o", "report.html", "the HTML file to write (- for stdout)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: webgraph report --db PATH [-o report.html]\n\nWrite one self-contained HTML report of a crawl: the run, outcomes and refusal\ncauses as charts, refusals with their citations, the sitemap inventory, plain\nagainst rendered words per page, and the link graph.\n\n%s", fs.FlagUsages())
	}
	st, err := openForReading(fs, args, db, stderr, "--output", out)
	if err != nil {
		return err
	}
	defer st.Close()
	if *out == "-" {
		return report.Write(stdout, st, time.Now())
	}
	write := func(w io.Writer) error { return report.Write(w, st, time.Now()) }
	if err := writeFile(output{"--output", *out}, write); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	fmt.Fprintf(stderr, "webgraph: wrote %s\n", *out)
	return nil
}
