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
	"strings"
	"sync"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/ci"
	"github.com/webgraph/webgraph/internal/gcfloor"
	"github.com/webgraph/webgraph/internal/procs"
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
	gcfloor.Set(gcFloor)
	ctx, cancel := context.WithCancel(context.Background())
	// One processor while one is enough (internal/procs; GOMAXPROCS in the
	// environment overrides it).
	procs.Govern(ctx)
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
	err := runIO(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	signal.Stop(sigs)
	cancel()
	os.Exit(exitCode(err, os.Stderr))
}

// gcFloor is the heap the process lets grow before its first collection
// and between collections while it holds little: a tenth of a plain
// crawl's collections, for at most 32 MB (internal/gcfloor; GOGC or
// GOMEMLIMIT in the environment overrides it).
const gcFloor = 32 << 20

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

// usageError is a mistake in the command line. cmd names the subcommand
// whose help to point at; empty, the top-level usage.
type usageError struct{ cmd, msg string }

func (e *usageError) Error() string { return e.msg }

// errInterrupted is a command's result when Ctrl-C (SIGINT or SIGTERM)
// stopped it before it finished.
var errInterrupted = errors.New("interrupted: the work left is kept for --resume")

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }

// helpHint names the help that explains a usage mistake.
func (e *usageError) helpHint() string {
	if e.cmd == "" {
		return "Run 'webgraph help' for usage."
	}
	return "Run 'webgraph " + e.cmd + " --help' for usage."
}

// exitCode maps run's error to the process exit code, saying on stderr what
// went wrong unless the output already did.
func exitCode(err error, stderr io.Writer) int {
	stderr = safetext.NewWriter(stderr) // errors quote URLs and words from sites
	var ue *usageError
	var r *refuse.Refusal
	var d *policy.PageDisallowedError
	var g *ci.GateError
	var dead *deadURLsError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, pflag.ErrHelp):
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintf(stderr, "webgraph: %v\n", err)
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "webgraph: %v\n%s\n", err, ue.helpHint())
		return exitUsage
	case errors.As(err, &g), errors.As(err, &dead):
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

// run runs one webgraph command line with nothing on stdin; see runIO.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return runIO(ctx, args, strings.NewReader(""), stdout, stderr)
}

// runIO runs one webgraph command line. It reads stdin only when asked to
// (--seeds-file -), writes results to stdout and progress and diagnostics
// to stderr.
func runIO(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		writeUsage(stderr)
		return usagef("no command given")
	}
	// Everything on stderr is for people, and much of it quotes sites.
	stderr = safetext.NewWriter(stderr)
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "--help":
		return runHelp(rest, stdout)
	case "--version":
		name = "version"
	}
	c, ok := lookupCommand(name)
	if !ok {
		return usagef("unknown command %q", name)
	}
	var err error
	if c.runIn != nil {
		err = c.runIn(ctx, rest, stdin, stdout, stderr)
	} else {
		err = c.run(ctx, rest, stdout, stderr)
	}
	var ue *usageError
	if errors.As(err, &ue) && ue.cmd == "" {
		ue.cmd = name
	}
	return err
}
