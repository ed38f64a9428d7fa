// Command webgraph is a polite, headless-browser-backed site crawler. This
// package is the command line only: flags, subcommands, exit codes and
// output; the work is done by the packages it calls.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// Exit codes.
const (
	exitOK         = 0
	exitFailure    = 1
	exitUsage      = 2
	exitRefused    = 3
	exitDisallowed = 4
	// exitInterrupted is the shell's convention for a process ended by
	// SIGINT (128 + 2).
	exitInterrupted = 130
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	hook := &interruptHook{}
	ctx = context.WithValue(ctx, interruptKey{}, hook)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		first := true
		for range sigs {
			// The first interrupt asks a crawl to finish its pages in
			// flight; a second one, or any for another command, aborts.
			if first && hook.fire() {
				first = false
				continue
			}
			cancel()
		}
	}()
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	signal.Stop(sigs)
	cancel()
	os.Exit(exitCode(err, os.Stderr))
}

type interruptKey struct{}

// interruptHook lets a command stop gently on the first interrupt.
type interruptHook struct {
	mu sync.Mutex
	fn func()
}

func (h *interruptHook) set(fn func()) {
	h.mu.Lock()
	h.fn = fn
	h.mu.Unlock()
}

// fire calls the hook, reporting whether there was one.
func (h *interruptHook) fire() bool {
	h.mu.Lock()
	fn := h.fn
	h.mu.Unlock()
	if fn == nil {
		return false
	}
	fn()
	return true
}

// onInterrupt registers fn to run on the first interrupt, when the command
// runs under main (tests call run directly and stop crawls themselves).
func onInterrupt(ctx context.Context, fn func()) {
	if h, ok := ctx.Value(interruptKey{}).(*interruptHook); ok {
		h.set(fn)
	}
}

// usageError is a mistake in the command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// errInterrupted is a command's result when Ctrl-C (SIGINT or SIGTERM)
// stopped it before it finished.
var errInterrupted = errors.New("interrupted: the work left is kept for --resume")

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

// exitCode maps run's error to the process exit code, saying on stderr what
// went wrong unless the output already did.
func exitCode(err error, stderr io.Writer) int {
	stderr = safetext.NewWriter(stderr) // errors quote URLs and words from sites
	var ue *usageError
	var r *refuse.Refusal
	var d *policy.PageDisallowedError
	var g *gateError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, pflag.ErrHelp):
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintf(stderr, "webgraph: %v\n", err)
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "webgraph: %v\nRun 'webgraph help' for usage.\n", err)
		return exitUsage
	case errors.As(err, &g):
		fmt.Fprintf(stderr, "webgraph: %v\n", err)
		return exitRefused
	case errors.As(err, &d):
		fmt.Fprintf(stderr, "webgraph: %v\n", err)
		return exitDisallowed
	case errors.As(err, &r):
		fmt.Fprintf(stderr, "webgraph: refused: %v\n", err)
		if r.Cause == refuse.Disallowed {
			return exitDisallowed
		}
		return exitRefused
	default:
		fmt.Fprintf(stderr, "webgraph: %v\n", err)
		return exitFailure
	}
}

const usage = `webgraph: a polite, headless-browser-backed site crawler

Usage:
  webgraph crawl URL [URL...]  crawl the site(s); JSON Lines events on stdout (or --out FILE)
  webgraph page URL        one page through the union of plain and rendered fetches (JSON)
  webgraph compare URL     rendered vs plain text, block by block
  webgraph robots URL      the robots.txt policy of URL's origin and the verdict for URL
  webgraph sitemaps URL    every sitemap attempt and the URL inventory (--verify checks the URLs)
  webgraph graph --db PATH the link graph of a crawl: --format dot|graphml|csv|jsonl
  webgraph report --db PATH one self-contained HTML report of a crawl (-o FILE)
  webgraph version

Run 'webgraph COMMAND --help' for a command's flags.
Exit codes: 0 done, 1 failure, 2 usage, 3 page refused (or --fail-on matched), 4 disallowed by robots.txt,
130 interrupted (the work left stays in --db for --resume).
`

// run runs one webgraph command line. It writes results to stdout and
// progress and diagnostics to stderr.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return usagef("no command given")
	}
	// Everything on stderr is for people, and much of it quotes sites.
	stderr = safetext.NewWriter(stderr)
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "crawl":
		return runCrawl(ctx, rest, stdout, stderr)
	case "page":
		return runPage(ctx, rest, stdout, stderr)
	case "compare":
		return runCompare(ctx, rest, stdout, stderr)
	case "robots":
		return runRobots(ctx, rest, stdout, stderr)
	case "sitemaps":
		return runSitemaps(ctx, rest, stdout, stderr)
	case "graph":
		return runGraph(ctx, rest, stdout, stderr)
	case "report":
		return runReport(ctx, rest, stdout, stderr)
	case "version", "--version":
		fmt.Fprintf(stdout, "webgraph %s\n", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	return usagef("unknown command %q", cmd)
}
