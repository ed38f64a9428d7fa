package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"
)

// A command is one subcommand of webgraph: its name and synopsis for the
// usage text, its flags (built afresh for help, completion and the README
// check), and what runs it.
type command struct {
	name     string
	synopsis string // what follows the name on the usage line, e.g. "URL [URL...]"
	summary  string // one line for the top-level usage
	// flags builds the command's flag set with its help going to stdout.
	flags func(stdout io.Writer) *pflag.FlagSet
	run   func(ctx context.Context, args []string, stdout, stderr io.Writer) error
	// runIn, when set, runs a command that may read stdin, in place of run.
	runIn func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists webgraph's subcommands in the order the usage shows them.
func commands() []command {
	return []command{
		{"crawl", "URL [URL...]", "crawl the site(s); JSON Lines events on stdout (or -o FILE)",
			func(w io.Writer) *pflag.FlagSet { return newCrawlFlags(w).fs }, nil, runCrawl},
		{"page", "URL", "one page through the union of plain and rendered fetches (JSON)",
			func(w io.Writer) *pflag.FlagSet { return newPageFlags(w).fs }, runPage, nil},
		{"compare", "URL", "rendered vs plain text, block by block",
			func(w io.Writer) *pflag.FlagSet { return newCompareFlags(w).fs }, runCompare, nil},
		{"robots", "URL", "the robots.txt policy of URL's origin and the verdict for URL",
			func(w io.Writer) *pflag.FlagSet { return newRobotsFlags(w).fs }, runRobots, nil},
		{"sitemaps", "URL", "every sitemap attempt and the URL inventory (--verify checks the URLs)",
			func(w io.Writer) *pflag.FlagSet { return newSitemapsFlags(w).fs }, runSitemaps, nil},
		{"graph", "--db PATH", "the link graph of a crawl: --format dot|graphml|csv|jsonl",
			func(w io.Writer) *pflag.FlagSet { return newGraphFlags(w).fs }, runGraph, nil},
		{"pages", "--db PATH", "one row per page of a crawl, for a spreadsheet (--format csv|jsonl)",
			func(w io.Writer) *pflag.FlagSet { return newPagesFlags(w).fs }, runPages, nil},
		{"content", "--db PATH", "each kept page's main content: --format jsonl|markdown (-o DIR)",
			func(w io.Writer) *pflag.FlagSet { return newContentFlags(w).fs }, runContent, nil},
		{"report", "--db PATH", "one self-contained HTML report of a crawl (-o FILE)",
			func(w io.Writer) *pflag.FlagSet { return newReportFlags(w).fs }, runReport, nil},
		{"diff", "OLD NEW", "what changed between two crawls: new, lost, resolved (--fail-on new:…)",
			func(w io.Writer) *pflag.FlagSet { return newDiffFlags(w).fs }, runDiff, nil},
		{"warc", "FILE", "the records of a WARC archive or WACZ package, as JSON Lines (--wacz OUT packages a WARC)",
			func(w io.Writer) *pflag.FlagSet { return newWARCFlags(w).fs }, runWARC, nil},
		{"config", "[URL...]", "the settings a crawl would use, and where each came from (flag, env, file, default)",
			func(w io.Writer) *pflag.FlagSet { return newConfigFlags(w).fs }, nil, runConfig},
		{"completion", "bash|zsh|fish", "print a shell completion script",
			func(w io.Writer) *pflag.FlagSet { return newCompletionFlags(w) }, runCompletion, nil},
		{"version", "", "print webgraph's version",
			func(w io.Writer) *pflag.FlagSet { return newVersionFlags(w) }, runVersion, nil},
	}
}

// lookupCommand returns the command called name.
func lookupCommand(name string) (command, bool) {
	for _, c := range append(commands(), hiddenCommands()...) {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

const exitCodesText = `Exit codes: 0 done, 1 failure, 2 usage, 3 page refused (or --fail-on matched),
4 disallowed by robots.txt, 130 interrupted (the work left stays in --db for --resume).
`

// writeUsage writes the top-level usage, its columns aligned.
func writeUsage(w io.Writer) {
	var b strings.Builder
	b.WriteString("webgraph: a polite, headless-browser-backed site crawler\n\nUsage:\n")
	cmds := commands()
	width := 0
	for _, c := range cmds {
		width = max(width, len(strings.TrimSpace(c.name+" "+c.synopsis)))
	}
	for _, c := range cmds {
		fmt.Fprintf(&b, "  webgraph %-*s  %s\n", width, strings.TrimSpace(c.name+" "+c.synopsis), c.summary)
	}
	fmt.Fprintf(&b, "  webgraph %-*s  %s\n", width, "help [COMMAND]", "this text, or a command's flags")
	b.WriteString("\nRun 'webgraph COMMAND --help' for a command's flags.\n")
	b.WriteString(exitCodesText)
	io.WriteString(w, b.String())
}

// newFlagSet makes a command's flag set whose -h/--help text, the usage
// line, about and the flags with their placeholders, goes to stdout. Parse
// errors are returned, never printed by pflag.
func newFlagSet(name, usageLine, about string, stdout io.Writer) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SortFlags = true
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: %s\n\n%s\nFlags:\n%s", usageLine, about, flagUsages(fs))
	}
	return fs
}

// parseCommandFlags parses args into fs: pflag.ErrHelp after -h/--help
// (the help has been printed), a *usageError for a mistake.
func parseCommandFlags(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return err
		}
		return usagef("%v", err)
	}
	return nil
}

// runHelp prints the top-level usage, or one command's help.
func runHelp(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		writeUsage(stdout)
		return nil
	}
	c, ok := lookupCommand(args[0])
	if !ok {
		return usagef("help: unknown command %q", args[0])
	}
	c.flags(stdout).Usage()
	return nil
}

func newVersionFlags(stdout io.Writer) *pflag.FlagSet {
	return newFlagSet("version", "webgraph version", "Print webgraph's version.\n", stdout)
}

func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newVersionFlags(stdout)
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("version takes no arguments")
	}
	fmt.Fprintf(stdout, "webgraph %s\n", version)
	return nil
}

// helpWidth is the column at which flag help is wrapped.
const helpWidth = 80

// flagUsages lists fs's flags for a person: "-o, --out FILE" with its
// placeholder, then its help wrapped under a common column, then its
// default when it has one. Columns are counted in runes.
func flagUsages(fs *pflag.FlagSet) string {
	type row struct{ left, right string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		placeholder, usage := pflag.UnquoteUsage(f)
		if f.Value.Type() == "bool" {
			placeholder = ""
		}
		left := "      --" + f.Name
		if f.Shorthand != "" {
			left = "  -" + f.Shorthand + ", --" + f.Name
		}
		if placeholder != "" {
			left += " " + placeholder
		}
		switch f.DefValue {
		case "", "0", "0s", "false", "[]":
		default:
			usage += " (default " + f.DefValue + ")"
		}
		rows = append(rows, row{left, usage})
		width = max(width, utf8.RuneCountInString(left))
	})
	rows = append(rows, row{"  -h, --help", "print this help"})
	width = max(width, len("  -h, --help"))
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.left)
		b.WriteString(strings.Repeat(" ", width+3-utf8.RuneCountInString(r.left)))
		col := width + 3
		for i, line := range wrapWords(r.right, max(helpWidth-col, 30)) {
			if i > 0 {
				b.WriteString("\n" + strings.Repeat(" ", col))
			}
			b.WriteString(line)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// wrapWords breaks s into lines of at most width runes at spaces; a word
// longer than width stands on a line of its own.
func wrapWords(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return append(lines, line)
}
