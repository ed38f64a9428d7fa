package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/store"
)

// hiddenCommands are commands that the usage, the completion scripts and
// the command reference leave out: `webgraph action` is what the GitHub
// Action's container runs (action.yml), not a command for people.
func hiddenCommands() []command {
	return []command{
		{"action", "", "the GitHub Action's entrypoint: inputs from INPUT_* variables, outputs to $GITHUB_OUTPUT",
			func(w io.Writer) *pflag.FlagSet { return newFlagSet("action", "webgraph action", actionAbout, w) }, nil, runAction},
	}
}

const actionAbout = "Run a crawl as the GitHub Action does (action.yml): the inputs come from the\nINPUT_* variables the runner sets, the outputs go to $GITHUB_OUTPUT, the\nMarkdown summary to $GITHUB_STEP_SUMMARY. Not a command for people: run\n'webgraph crawl' instead.\n"

// An actionInput is one input of action.yml and the crawl flag it sets.
// Adding an input that is one flag is one row here and one in action.yml.
type actionInput struct {
	name string // as action.yml declares it: INPUT_ + name upper-cased, spaces as _
	flag string // the crawl flag it sets; "" for the inputs handled apart
	// list: the value is a list (commas, spaces or lines between items),
	// given to the flag as one comma-separated value.
	list bool
}

// actionInputs are the inputs of action.yml, in its order.
var actionInputs = []actionInput{
	{name: "seeds"},
	{name: "seeds-file", flag: "seeds-file"},
	{name: "config", flag: "config"},
	{name: "mode", flag: "mode"},
	{name: "max-pages", flag: "max-pages"},
	{name: "time-budget", flag: "time-budget"},
	{name: "depth", flag: "depth"},
	{name: "contact", flag: "contact"},
	{name: "fail-on", flag: "fail-on", list: true},
	{name: "check", flag: "check", list: true},
	{name: "baseline", flag: "baseline"},
	{name: "db", flag: "db"},
	{name: "events", flag: "out"},
	{name: "junit", flag: "junit"},
	{name: "report"},
	{name: "sitemap"},
	{name: "args"},
}

// inputEnv is the variable the runner sets for input name: INPUT_ and the
// name upper-cased, spaces made underscores, dashes kept (INPUT_FAIL-ON).
func inputEnv(name string) string {
	return "INPUT_" + strings.ToUpper(strings.ReplaceAll(name, " ", "_"))
}

// actionPlan is what the inputs ask for: the crawl's command line, and
// what to make of the crawl once done.
type actionPlan struct {
	crawl   []string // crawl and its arguments, no shell in between
	report  string   // the report to write; "" for none
	sitemap string   // the directory to write the sitemap to; "" for none
}

// planAction reads the inputs through getenv and returns the crawl to run.
// Every input becomes one argument of its own (--flag=value), the seeds
// come after "--", and args is split by splitArgs: no value is ever given
// to a shell, so quotes, $(…) and newlines in an input stay what they are.
func planAction(getenv func(string) string) (*actionPlan, error) {
	flags := newCrawlFlags(io.Discard).fs
	p := &actionPlan{crawl: []string{"crawl"}}
	var seeds, extra []string
	for _, in := range actionInputs {
		v := strings.TrimSpace(getenv(inputEnv(in.name)))
		if v == "" {
			continue
		}
		switch in.name {
		case "seeds":
			seeds = strings.Fields(v)
			continue
		case "report":
			p.report = v
			continue
		case "sitemap":
			p.sitemap = v
			continue
		case "args":
			var err error
			if extra, err = splitArgs(v); err != nil {
				return nil, usagef("the args input: %v", err)
			}
			continue
		}
		if flags.Lookup(in.flag) == nil {
			return nil, usagef("the %s input needs webgraph crawl --%s, which this version of webgraph does not have", in.name, in.flag)
		}
		if in.list {
			v = strings.Join(strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' }), ",")
		}
		p.crawl = append(p.crawl, "--"+in.flag+"="+v)
	}
	if s := getenv("GITHUB_STEP_SUMMARY"); s != "" {
		p.crawl = append(p.crawl, "--summary="+s)
	}
	p.crawl = append(p.crawl, extra...)
	if len(seeds) > 0 {
		p.crawl = append(append(p.crawl, "--"), seeds...)
	}
	return p, nil
}

// doneKey carries, in a command's context, a function the crawl's event
// sink calls with the crawl's done event (with the baseline's tally when
// there is one): how `webgraph action` learns the crawl's totals.
type doneKey struct{}

// onDone returns the function ctx carries for the done event, or nil.
func onDone(ctx context.Context) func(crawl.Event) {
	fn, _ := ctx.Value(doneKey{}).(func(crawl.Event))
	return fn
}

// runAction is `webgraph action`, the GitHub Action's entrypoint: the
// crawl the inputs ask for, then its report and sitemap when asked, then
// the outputs. Its result is the crawl's: a --fail-on gate that matched
// fails the step (exit 3), with the outputs written all the same.
func runAction(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (err error) {
	defer func() {
		if err != nil {
			// main says the error on stderr, past the guard below.
			err = &guardedError{err}
		}
	}()
	fs := newFlagSet("action", "webgraph action", actionAbout, stdout)
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("action takes its inputs from INPUT_* variables, not arguments")
	}
	// Whatever the crawl prints, a line of it that begins a workflow
	// command is one webgraph wrote whole (ci, crawldiff), never text from
	// an input or a site.
	// The guard sits on the writers main gave, under their safetext
	// layer: each command run below cleans its own output again, and its
	// meant commands (commandWriter) must reach the runner unescaped.
	stdout, stderr = newCommandGuard(stdout), newCommandGuard(commandWriter(stderr))
	plan, err := planAction(os.Getenv)
	if err != nil {
		return err
	}
	outputs, err := openActionOutputs(os.Getenv("GITHUB_OUTPUT"), os.Getenv("GITHUB_WORKSPACE"), stderr)
	if err != nil {
		return err
	}
	// The files the inputs name may be in directories of their own
	// (reports/webgraph.html): made, as an action's user expects.
	for _, name := range []string{"db", "events", "junit", "report"} {
		if v := strings.TrimSpace(os.Getenv(inputEnv(name))); v != "" && v != "-" && store.IsFile(v) {
			os.MkdirAll(filepath.Dir(v), 0o755)
		}
	}
	scrubRunnerSecrets()

	var done actionDone
	crawlCtx := context.WithValue(ctx, doneKey{}, done.take)
	crawlErr := runIO(crawlCtx, plan.crawl, stdin, stdout, stderr)
	if done.ev == nil {
		// The crawl did not run to its done event (a mistake in the
		// inputs, a database that would not open): nothing to report on.
		return outputs.finish(crawlErr)
	}
	cfg, err := crawlSettings(plan.crawl[1:]) // read by the crawl already: its settings, as it ran
	if err != nil {
		return outputs.finish(errors.Join(crawlErr, err))
	}
	db := cfg.DB()
	outputs.path("database", db)
	outputs.path("events", cfg.Invocation.Out)
	outputs.path("junit", cfg.Invocation.JUnit)
	if err := done.write(ctx, outputs, db); err != nil {
		fmt.Fprintf(stderr, "webgraph: action: reading the crawl's outcome: %v\n", err)
	}
	if plan.report != "" {
		if err := runIO(ctx, []string{"report", "--db=" + db, "--out=" + plan.report}, stdin, stdout, stderr); err != nil {
			return outputs.finish(errors.Join(crawlErr, err))
		}
		outputs.path("report", plan.report)
	}
	if plan.sitemap != "" {
		if err := runIO(ctx, []string{"sitemaps", "--db=" + db, "--write=" + plan.sitemap}, stdin, io.Discard, stderr); err != nil {
			return outputs.finish(errors.Join(crawlErr, err))
		}
		outputs.path("sitemap", plan.sitemap)
	}
	return outputs.finish(crawlErr)
}

// scrubRunnerSecrets removes from the environment what the runner gives
// every container and the crawl never needs: its tokens, and the inputs
// (read already). The browser the crawl starts inherits the environment;
// a page that broke out of it would find none of them.
func scrubRunnerSecrets() {
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "INPUT_") || strings.HasPrefix(name, "ACTIONS_") || name == "GITHUB_TOKEN" {
			os.Unsetenv(name)
		}
	}
}

// actionDone is the crawl's done event, as the event sink saw it.
type actionDone struct {
	ev crawl.Event
}

func (d *actionDone) take(ev crawl.Event) { d.ev = ev }

// write writes the crawl's totals as outputs: pages, kept, refused, broken
// links (a count, and the URLs one a line), new since the baseline, and why
// it stopped.
func (d *actionDone) write(ctx context.Context, o *actionOutputs, db string) error {
	var done *crawl.DoneEvent
	newSince := ""
	switch ev := d.ev.(type) {
	case *crawl.DoneEvent:
		done = ev
	case *doneWithBaseline:
		done = ev.DoneEvent
		newSince = fmt.Sprint(ev.Baseline.New)
	default:
		return errors.New("the crawl said no done event")
	}
	o.set("pages", fmt.Sprint(done.Pages))
	o.set("kept", fmt.Sprint(done.OK))
	o.set("refused", fmt.Sprint(done.Refused))
	o.set("stopped", string(done.Stopped))
	o.set("new-since-baseline", newSince)
	broken := 0
	if done.Links != nil {
		broken = done.Links.Broken
	}
	o.set("broken-links", fmt.Sprint(broken))
	if broken == 0 {
		o.set("broken-urls", "")
		return nil
	}
	st, err := store.Open(ctx, db, store.Read)
	if err != nil {
		return err
	}
	defer st.Close()
	verdicts, err := st.LinkVerdicts(ctx)
	if err != nil {
		return err
	}
	var urls []string
	for _, v := range verdicts {
		if v.Verdict == linkcheck.Broken {
			urls = append(urls, safetext.Clean(v.URL))
		}
	}
	slices.Sort(urls)
	o.set("broken-urls", strings.Join(urls, "\n"))
	return nil
}

// workspacePath is path as a later step of the job names it: relative to
// the workspace (the container's working directory is the workspace,
// mounted elsewhere on the runner), or as it is, with ok false, when it
// lies outside the workspace and so is lost with the container.
func workspacePath(path, workspace string) (string, bool) {
	if workspace == "" || path == "" || path == "-" || strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		return path, true
	}
	abs := path
	if !filepath.IsAbs(abs) {
		wd, err := os.Getwd()
		if err != nil {
			return path, true
		}
		abs = filepath.Join(wd, path)
	}
	rel, err := filepath.Rel(workspace, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return path, false
	}
	return rel, true
}
