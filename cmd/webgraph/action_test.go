package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// actionYML is action.yml, in the parts a runner reads.
type actionYML struct {
	Name    string `yaml:"name"`
	Inputs  yaml.Node
	Outputs map[string]struct {
		Description string `yaml:"description"`
	} `yaml:"outputs"`
	Runs struct {
		Using string   `yaml:"using"`
		Image string   `yaml:"image"`
		Args  []string `yaml:"args"`
	} `yaml:"runs"`
}

// actionInputDecl is one input as action.yml declares it.
type actionInputDecl struct {
	Name, Default string
	Required      bool
}

// readActionYML reads ../../action.yml and its inputs, in their order.
func readActionYML(t *testing.T) (actionYML, []actionInputDecl) {
	t.Helper()
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a actionYML
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	var inputs []actionInputDecl
	for i := 0; i+1 < len(a.Inputs.Content); i += 2 {
		var d struct {
			Description string `yaml:"description"`
			Required    bool   `yaml:"required"`
			Default     string `yaml:"default"`
		}
		if err := a.Inputs.Content[i+1].Decode(&d); err != nil {
			t.Fatal(err)
		}
		if d.Description == "" {
			t.Errorf("action.yml: input %s has no description", a.Inputs.Content[i].Value)
		}
		inputs = append(inputs, actionInputDecl{Name: a.Inputs.Content[i].Value, Default: d.Default, Required: d.Required})
	}
	return a, inputs
}

// actionOutputNames are the outputs runAction sets.
var actionOutputNames = []string{"pages", "kept", "refused", "broken-links", "broken-urls", "new-since-baseline", "stopped", "report", "database", "events", "junit", "sitemap"}

// action.yml declares exactly the inputs the entrypoint reads, in its
// order, and the outputs it writes; it runs the container of
// action.Dockerfile with `webgraph action`.
func TestActionYML(t *testing.T) {
	t.Parallel()
	a, inputs := readActionYML(t)
	var declared, read []string
	for _, in := range inputs {
		declared = append(declared, in.Name)
	}
	for _, in := range actionInputs {
		read = append(read, in.name)
	}
	if !slices.Equal(declared, read) {
		t.Errorf("action.yml declares inputs %q;\nthe entrypoint reads %q", declared, read)
	}
	var outs []string
	for name, o := range a.Outputs {
		outs = append(outs, name)
		if o.Description == "" {
			t.Errorf("output %s has no description", name)
		}
	}
	slices.Sort(outs)
	want := slices.Sorted(slices.Values(actionOutputNames))
	if !slices.Equal(outs, want) {
		t.Errorf("action.yml declares outputs %q; the entrypoint writes %q", outs, want)
	}
	if a.Runs.Using != "docker" || a.Runs.Image != "action.Dockerfile" || !slices.Equal(a.Runs.Args, []string{"action"}) {
		t.Errorf("runs: %+v; want docker, action.Dockerfile, [action]", a.Runs)
	}
	// The runner builds a local image when the name ends in "Dockerfile".
	if !strings.HasSuffix(a.Runs.Image, "Dockerfile") {
		t.Errorf("runs.image %q does not end in Dockerfile: the runner would pull it", a.Runs.Image)
	}
	if c, ok := lookupCommand("action"); !ok || c.runIn == nil {
		t.Error("webgraph has no action command")
	}
	for _, c := range commands() {
		if c.name == "action" {
			t.Error("action is listed among the commands people use")
		}
	}
}

// dockerInstructions reads a Dockerfile's instructions: comments dropped,
// continued lines joined.
func dockerInstructions(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var cur string
	for line := range strings.Lines(string(data)) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasSuffix(line, `\`) {
			cur += strings.TrimSuffix(line, `\`) + " "
			continue
		}
		out = append(out, cur+line)
		cur = ""
	}
	return out
}

// The action's image is the Dockerfile's, less what GitHub forbids a
// Docker action: a USER (the runner's workspace and $GITHUB_OUTPUT are
// writable by root alone) and the WORKDIR it replaces with the workspace.
func TestActionDockerfileFollowsDockerfile(t *testing.T) {
	t.Parallel()
	img := dockerInstructions(t, "../../Dockerfile")
	act := dockerInstructions(t, "../../action.Dockerfile")
	var want []string
	final := false
	for _, in := range img {
		if strings.HasPrefix(in, "FROM ") {
			final = !strings.Contains(in, " AS ")
		}
		if final && (strings.HasPrefix(in, "USER ") || strings.HasPrefix(in, "WORKDIR ")) {
			continue
		}
		want = append(want, in)
	}
	if len(want) == len(img) {
		t.Fatal("the Dockerfile's final stage has no USER line to leave out: update this test and action.Dockerfile")
	}
	if !slices.Equal(act, want) {
		t.Errorf("action.Dockerfile:\n  %s\nwant the Dockerfile less its final USER and WORKDIR:\n  %s", strings.Join(act, "\n  "), strings.Join(want, "\n  "))
	}
}

// The examples are workflows that parse as YAML, and each step that uses
// the action gives it only inputs action.yml declares.
func TestExamplesUseTheAction(t *testing.T) {
	t.Parallel()
	_, inputs := readActionYML(t)
	known := map[string]bool{}
	for _, in := range inputs {
		known[in.Name] = true
	}
	files, _ := filepath.Glob("../../examples/*.yml")
	uses := 0
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var wf struct {
			Jobs map[string]struct {
				Steps []struct {
					Uses string            `yaml:"uses"`
					With map[string]string `yaml:"with"`
				} `yaml:"steps"`
			} `yaml:"jobs"`
		}
		if err := yaml.Unmarshal(data, &wf); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		for job, j := range wf.Jobs {
			for i, s := range j.Steps {
				if !strings.HasPrefix(s.Uses, "webgraph/webgraph@") {
					continue
				}
				uses++
				for k := range s.With {
					if !known[k] {
						t.Errorf("%s: job %s step %d gives the action the input %q, which action.yml does not declare", path, job, i+1, k)
					}
				}
			}
		}
	}
	if uses < 3 {
		t.Errorf("%d steps of examples/ use the action; want the three CI workflows to", uses)
	}
}

// splitArgs splits as a shell splits words and does nothing else a shell
// does.
func TestSplitArgs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want []string
		err  string
	}{
		{"--depth 2  --keep none", []string{"--depth", "2", "--keep", "none"}, ""},
		{"--header 'Authorization: Bearer $TOKEN'", []string{"--header", "Authorization: Bearer $TOKEN"}, ""},
		{`--header "X: $(touch pwned) \"q\" \\ \n"`, []string{"--header", `X: $(touch pwned) "q" \ \n`}, ""},
		{"a\\ b c\\\nd `id` *", []string{"a b", "cd", "`id`", "*"}, ""},
		{"--max-pages=5\n--delay 0\n", []string{"--max-pages=5", "--delay", "0"}, ""},
		{`''  ""`, []string{"", ""}, ""},
		{"'not closed", nil, "not closed"},
		{`"not closed`, nil, "not closed"},
		{`trailing\`, nil, "escapes nothing"},
	} {
		got, err := splitArgs(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("splitArgs(%q) = %q, %v; want an error saying %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("splitArgs(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// parseOutputFile reads a $GITHUB_OUTPUT file as the runner does: a line
// name=value, or name<<DELIMITER, the value's lines, and DELIMITER alone
// on a line.
func parseOutputFile(data string) (map[string]string, error) {
	out := map[string]string{}
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if line == "" {
			continue
		}
		eq, heredoc := strings.Index(line, "="), strings.Index(line, "<<")
		if eq >= 0 && (heredoc < 0 || eq < heredoc) {
			out[line[:eq]] = line[eq+1:]
			continue
		}
		if heredoc <= 0 {
			return nil, fmt.Errorf("line %d: %q is neither name=value nor name<<DELIMITER", i+1, line)
		}
		name, delim := line[:heredoc], line[heredoc+2:]
		var value []string
		for i++; ; i++ {
			if i == len(lines) {
				return nil, fmt.Errorf("%s: the delimiter %q never ends the value", name, delim)
			}
			if lines[i] == delim {
				break
			}
			value = append(value, lines[i])
		}
		out[name] = strings.Join(value, "\n")
	}
	return out, nil
}

// A value holding the delimiter first drawn, or lines that look like one,
// or another output's syntax, is written with another delimiter and reads
// back whole.
func TestActionOutputsDelimiter(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "out")
	o, err := openActionOutputs(file, "", io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	draws := []string{"ghadelimiter_fixed"}
	o.delimiter = func() string {
		d := draws[0]
		if len(draws) > 1 {
			draws = draws[1:]
		}
		return d
	}
	hostile := "a\nghadelimiter_fixed\nkept=pwned\nother<<EOF\n::error::x\n"
	o.set("urls", hostile)
	o.set("pages", "12")
	o.set("empty", "")
	if err := o.finish(nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(file)
	got, err := parseOutputFile(string(data))
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	want := map[string]string{"urls": hostile, "pages": "12", "empty": ""}
	if len(got) != len(want) || got["urls"] != want["urls"] || got["pages"] != "12" || got["empty"] != "" {
		t.Errorf("read back %q\nwant %q\nfile:\n%s", got, want, data)
	}
	// Appended, as the runner's file is shared by the steps' commands.
	o.set("pages", "13")
	o.finish(nil)
	data, _ = os.ReadFile(file)
	if got, err := parseOutputFile(string(data)); err != nil || got["pages"] != "13" || got["urls"] != hostile {
		t.Errorf("after a second write: %q, %v", got, err)
	}
}

// The guard lets through a command webgraph writes whole, and turns every
// other line that would begin a workflow command into text.
func TestCommandGuard(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	g := newCommandGuard(&b)
	io.WriteString(g, "::error title=webgraph%3A missing::http://h/x: HTTP 404\n")
	io.WriteString(g, "webgraph: refused: a title\n::error title=pwned::from a site\n  ::warning::indented\n")
	io.WriteString(g, "webgraph: half a line ")
	io.WriteString(g, "::notice title=x::mid-line is no command\n")
	io.WriteString(g, "::add-mask::whole but not ours\n")
	io.WriteString(g, "::stop-commands::abc\n")
	want := "::error title=webgraph%3A missing::http://h/x: HTTP 404\n" +
		"webgraph: refused: a title\n» ::error title=pwned::from a site\n»   ::warning::indented\n" +
		"webgraph: half a line ::notice title=x::mid-line is no command\n" +
		"» ::add-mask::whole but not ours\n» ::stop-commands::abc\n"
	if b.String() != want {
		t.Errorf("guarded:\n%s\nwant:\n%s", b.String(), want)
	}
}

var (
	actionBinOnce sync.Once
	actionBin     string
	actionBinErr  error
)

// builtWebgraph builds the webgraph binary once for the tests that run it
// as the runner does, under the test binary's own TMPDIR (removed when its
// tests end: see TestMain).
func builtWebgraph(t *testing.T) string {
	t.Helper()
	actionBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "webgraph-action-bin-")
		if err != nil {
			actionBinErr = err
			return
		}
		actionBin = filepath.Join(dir, "webgraph")
		if out, err := exec.Command("go", "build", "-o", actionBin, ".").CombinedOutput(); err != nil {
			actionBinErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if actionBinErr != nil {
		t.Fatal(actionBinErr)
	}
	return actionBin
}

// actionRun is one run of the action's entrypoint, as the runner makes it.
type actionRun struct {
	code           int
	stdout, stderr string
	outputs        map[string]string
	summary        string
	workspace      string
}

// runActionStep runs `webgraph action` (the built binary) the way a
// runner runs the action's container: the working directory is the
// workspace; GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and the other file
// commands name files of their own; every input action.yml declares is an
// INPUT_ variable (its name upper-cased, spaces made _, dashes kept) set
// to the step's value or else its default; the runner's tokens are there
// too. It parses the outputs file back.
func runActionStep(t *testing.T, workspace string, with map[string]string, env ...string) actionRun {
	t.Helper()
	bin := builtWebgraph(t)
	_, inputs := readActionYML(t)
	files := t.TempDir()
	run := actionRun{workspace: workspace}
	outFile, summaryFile := filepath.Join(files, "set_output_1"), filepath.Join(files, "step_summary_1")
	for _, f := range []string{outFile, summaryFile} {
		os.WriteFile(f, nil, 0o644) // the runner makes them before the step
	}
	cmd := exec.Command(bin, "action")
	cmd.Dir = workspace
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + filepath.Join(files, "home"), "TMPDIR=" + os.TempDir(),
		"CI=true", "GITHUB_ACTIONS=true", "GITHUB_WORKSPACE=" + workspace,
		"GITHUB_OUTPUT=" + outFile, "GITHUB_STEP_SUMMARY=" + summaryFile,
		"GITHUB_ENV=" + filepath.Join(files, "set_env_1"), "GITHUB_PATH=" + filepath.Join(files, "add_path_1"), "GITHUB_STATE=" + filepath.Join(files, "save_state_1"),
		"RUNNER_TEMP=" + files, "ACTIONS_RUNTIME_TOKEN=runner-secret-token", "ACTIONS_ID_TOKEN_REQUEST_TOKEN=runner-id-token",
		"ACTIONS_RUNTIME_URL=https://runtime.invalid/", "WEBGRAPH_CONTACT=ops@example.org",
	}
	given := map[string]bool{}
	for _, in := range inputs {
		v, ok := with[in.Name]
		if !ok {
			v = in.Default
		}
		given[in.Name] = true
		cmd.Env = append(cmd.Env, "INPUT_"+strings.ToUpper(strings.ReplaceAll(in.Name, " ", "_"))+"="+v)
	}
	for name := range with {
		if !given[name] {
			t.Fatalf("the step gives the input %q, which action.yml does not declare", name)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	run.code = cmd.ProcessState.ExitCode()
	run.stdout, run.stderr = stdout.String(), stderr.String()
	data, _ := os.ReadFile(outFile)
	if run.outputs, err = parseOutputFile(string(data)); err != nil {
		t.Fatalf("$GITHUB_OUTPUT: %v\n%s", err, data)
	}
	summary, _ := os.ReadFile(summaryFile)
	run.summary = string(summary)
	return run
}

// commandLines returns the lines of out a runner would obey as workflow
// commands.
func commandLines(out string) []string {
	var cmds []string
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		if strings.HasPrefix(strings.TrimSpace(sc.Text()), "::") {
			cmds = append(cmds, sc.Text())
		}
	}
	return cmds
}

// lastDone reads the done event of an events file.
func lastDone(t *testing.T, path string) crawl.DoneEvent {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var done crawl.DoneEvent
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, `{"event":"done"`) {
			if err := json.Unmarshal([]byte(line), &done); err != nil {
				t.Fatal(err)
			}
		}
	}
	if done.Event != "done" {
		t.Fatalf("%s has no done event", path)
	}
	return done
}

// A plain crawl of the fixture site run as the runner runs the action: a
// gate that matches fails the step (exit 3) with the outputs written all
// the same, each equal to what the crawl's own done event says; the paths
// are the workspace's; the report is written; the step summary and the
// error annotations are the crawl's own.
func TestActionPlainCrawl(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	ws := t.TempDir()
	run := runActionStep(t, ws, map[string]string{
		"seeds":   ts.URL + "/\n",
		"mode":    "plain",
		"fail-on": "missing\nlogin_redirect",
		"junit":   "out/junit.xml",
		"sitemap": "public",
		"args":    "--host-interval 0 --delay 0",
	})
	if run.code != exitRefused {
		t.Fatalf("exit %d; want %d (the gate matched)\n%s", run.code, exitRefused, run.stderr)
	}
	done := lastDone(t, filepath.Join(ws, "webgraph-events.jsonl"))
	o := run.outputs
	for name, want := range map[string]string{
		"pages": strconv.Itoa(done.Pages), "kept": strconv.Itoa(done.OK), "refused": strconv.Itoa(done.Refused),
		"broken-links": "0", "broken-urls": "", "new-since-baseline": "", "stopped": "exhausted",
		"database": "webgraph.db", "events": "webgraph-events.jsonl", "report": "webgraph-report.html", "junit": "out/junit.xml", "sitemap": "public",
	} {
		if got, ok := o[name]; !ok || got != want {
			t.Errorf("output %s = %q (set %v); want %q", name, got, ok, want)
		}
	}
	if done.Pages == 0 || done.Refused == 0 {
		t.Errorf("the crawl fetched %d pages, refused %d; want a crawl with refusals", done.Pages, done.Refused)
	}
	for _, f := range []string{"webgraph.db", "webgraph-report.html", "out/junit.xml", "public/sitemap.xml"} {
		if _, err := os.Stat(filepath.Join(ws, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if !strings.Contains(run.summary, "## webgraph: "+ts.URL+"/") || !strings.Contains(run.summary, fmt.Sprintf("Pages: %d kept, %d refused", done.OK, done.Refused)) {
		t.Errorf("the step summary is not the crawl's:\n%s", run.summary)
	}
	cmds := commandLines(run.stdout + run.stderr)
	if len(cmds) == 0 || !slices.ContainsFunc(cmds, func(c string) bool { return strings.HasPrefix(c, "::error title=webgraph%3A missing::"+ts.URL) }) {
		t.Errorf("no error annotation for the missing pages among %q", cmds)
	}
}

// Hostile inputs are inert: quotes, $(…), backquotes and newlines in an
// input reach webgraph as text (the header arrives at the site as
// written, and no shell ran); a seed that looks like a workflow command
// and a database name with a newline and a delimiter-looking line in it
// neither run a command nor break the outputs file.
func TestActionHostileInputs(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var probes []string
	site := sites.New(sites.Dir("union"))
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.Header.Get("X-Probe"); v != "" {
			mu.Lock()
			probes = append(probes, v)
			mu.Unlock()
		}
		site.ServeHTTP(w, r)
	}))
	defer ts.Close()
	ws := t.TempDir()
	db := "crawl\nghadelimiter_0123456789abcdef\n::error title=db::pwned.db"
	run := runActionStep(t, ws, map[string]string{
		"seeds":     ts.URL + "/links.html",
		"mode":      "plain",
		"max-pages": "3",
		"db":        db,
		"report":    "report\n::error title=report::pwned.html", // said on stderr once written
		"contact":   "ops@example.org $(touch contact-pwned)",
		"args":      `--host-interval 0 --delay 0 --header "X-Probe: $(touch header-pwned) \"q\" 'single' ` + "`id`" + `"`,
	})
	if run.code != exitOK {
		t.Fatalf("exit %d\n%s", run.code, run.stderr)
	}
	want := `$(touch header-pwned) "q" 'single' ` + "`id`"
	mu.Lock()
	got := slices.Clone(probes)
	mu.Unlock()
	if len(got) == 0 || slices.ContainsFunc(got, func(v string) bool { return v != want }) {
		t.Errorf("the site received X-Probe %q; want %q on every request", got, want)
	}
	for _, f := range []string{"header-pwned", "contact-pwned"} {
		if _, err := os.Stat(filepath.Join(ws, f)); err == nil {
			t.Errorf("%s exists: a shell ran an input", f)
		}
	}
	if run.outputs["database"] != db || run.outputs["report"] != "report\n::error title=report::pwned.html" {
		t.Errorf("outputs database = %q, report %q; want the inputs' names", run.outputs["database"], run.outputs["report"])
	}
	if !strings.Contains(run.stderr, "\n» ::error title=report::pwned.html") && !strings.Contains(run.stderr, "\n\\x3a:error title=report::pwned.html") {
		t.Errorf("stderr does not show the report's name as text:\n%s", run.stderr)
	}
	if _, err := os.Stat(filepath.Join(ws, db)); err != nil {
		t.Errorf("the database is not where the input named it: %v", err)
	}
	for _, c := range commandLines(run.stdout + run.stderr) {
		if strings.Contains(c, "pwned") {
			t.Errorf("an input began a workflow command: %q", c)
		}
	}

	// A seed shaped as a workflow command, on a line of its own.
	run = runActionStep(t, ws, map[string]string{"seeds": ts.URL + "/\n::error title=seed::pwned\n", "mode": "plain", "db": "two.db"})
	if run.code != exitUsage || !strings.Contains(run.stderr, `"::error"`) {
		t.Errorf("a seed shaped as a command: exit %d\n%s", run.code, run.stderr)
	}
	for _, c := range commandLines(run.stdout + run.stderr) {
		if strings.Contains(c, "pwned") {
			t.Errorf("a seed began a workflow command: %q", c)
		}
	}
	if len(run.outputs) != 0 {
		t.Errorf("a crawl that never ran set outputs %q", run.outputs)
	}

	// An input quoted in the error the step ends with, a newline and a
	// command in it.
	run = runActionStep(t, ws, map[string]string{"seeds-file": "missing\n::error title=file::pwned", "mode": "plain", "db": "three.db"})
	if run.code != exitUsage || !strings.Contains(run.stderr, "» ::error title=file::pwned") {
		t.Errorf("a seeds file named with a command: exit %d\n%s", run.code, run.stderr)
	}
	for _, c := range commandLines(run.stdout + run.stderr) {
		if strings.Contains(c, "pwned") {
			t.Errorf("the step's error began a workflow command: %q", c)
		}
	}
}

// Mistakes in the inputs, said in words: an args value with an open
// quote; a config input, which needs webgraph crawl --config (passed on as
// it is once crawl has the flag); no outputs file (not run by a runner).
func TestActionInputMistakes(t *testing.T) {
	t.Parallel()
	ws := t.TempDir()
	os.WriteFile(filepath.Join(ws, "webgraph.toml"), []byte("max-pages = 1\n"), 0o644)
	run := runActionStep(t, ws, map[string]string{"seeds": "http://127.0.0.1:1/", "args": `--header "X: open`})
	if run.code != exitUsage || !strings.Contains(run.stderr, "the args input: a quote is not closed") {
		t.Errorf("an open quote: exit %d\n%s", run.code, run.stderr)
	}
	hasConfig := newCrawlFlags(io.Discard).fs.Lookup("config") != nil
	plan, err := planAction(func(name string) string {
		return map[string]string{"INPUT_SEEDS": "http://h.example/", "INPUT_CONFIG": "webgraph.toml"}[name]
	})
	switch {
	case hasConfig && (err != nil || !slices.Contains(plan.crawl, "--config=webgraph.toml")):
		t.Errorf("the config input: %v, %q; want --config=webgraph.toml passed on", err, plan)
	case !hasConfig:
		run = runActionStep(t, ws, map[string]string{"seeds": "http://127.0.0.1:1/", "config": "webgraph.toml"})
		if run.code != exitUsage || !strings.Contains(run.stderr, "the config input needs webgraph crawl --config") {
			t.Errorf("the config input without --config: exit %d\n%s", run.code, run.stderr)
		}
	}
	run = runActionStep(t, ws, map[string]string{"seeds": "http://127.0.0.1:1/"}, "GITHUB_OUTPUT=")
	if run.code != exitUsage || !strings.Contains(run.stderr, "$GITHUB_OUTPUT is not set") {
		t.Errorf("no outputs file: exit %d\n%s", run.code, run.stderr)
	}
}

// planAction gives each input one argument of its own, and the seeds
// after "--": a seed or a value that begins with "--" is never a flag.
func TestPlanAction(t *testing.T) {
	t.Parallel()
	env := map[string]string{
		"INPUT_SEEDS":     "--no-robots\n example.org ",
		"INPUT_FAIL-ON":   "missing, wall\nnew:broken",
		"INPUT_CHECK":     "external fragments",
		"INPUT_DB":        "--resume",
		"INPUT_MAX-PAGES": "10",
		"INPUT_ARGS":      "--depth 2",
		"INPUT_REPORT":    "r.html",
		"INPUT_FAIL_ON":   "ignored: the runner keeps the dash",
	}
	plan, err := planAction(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"crawl", "--max-pages=10", "--fail-on=missing,wall,new:broken", "--check=external,fragments", "--db=--resume", "--depth", "2", "--", "--no-robots", "example.org"}
	if !slices.Equal(plan.crawl, want) || plan.report != "r.html" {
		t.Errorf("crawl %q, report %q;\nwant %q, r.html", plan.crawl, plan.report, want)
	}
	cfg, err := crawlSettings(plan.crawl[1:])
	if err != nil || cfg.Invocation.DB != "--resume" || cfg.Invocation.Resume || cfg.Settings.NoRobots || !slices.Equal(cfg.Settings.Seeds, []string{"--no-robots", "example.org"}) {
		t.Errorf("the crawl reads its arguments as db %q, resume %v, no-robots %v, seeds %q (%v)", cfg.Invocation.DB, cfg.Invocation.Resume, cfg.Settings.NoRobots, cfg.Settings.Seeds, err)
	}
}

// The action's default mode, through a real Chromium, against a baseline:
// the new-since-baseline output is the done event's tally, the gate on
// what is new fails the step, the step summary says what is new first; and
// the browser the crawl starts finds none of the runner's tokens, nor the
// inputs, in its environment.
func TestActionUnionCrawlWithBaseline(t *testing.T) {
	needBrowser(t)
	chrome, err := rendered.FindChrome("")
	if err != nil {
		t.Fatal(err)
	}
	ts, _ := sites.Serve(t, "union")
	ws := t.TempDir()
	if _, stderr, code := webgraph(t, "crawl", "--db", filepath.Join(ws, "main.db"), "--out", os.DevNull, "--mode", "plain",
		"--max-pages", "2", "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("the baseline's crawl: exit %d\n%s", code, stderr)
	}
	// The browser, as the crawl starts it: its environment written down.
	wrap := t.TempDir()
	envFile := filepath.Join(wrap, "chrome-env")
	script := fmt.Sprintf("#!/bin/sh\nenv > '%s'\nexec '%s' \"$@\"\n", envFile, chrome)
	if err := os.WriteFile(filepath.Join(wrap, "chrome"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	run := runActionStep(t, ws, map[string]string{
		"seeds":    ts.URL + "/",
		"baseline": "main.db",
		"fail-on":  "new:missing",
		"check":    "fragments",
		"args":     "--host-interval 0 --delay 0 --chrome '" + filepath.Join(wrap, "chrome") + "'",
	})
	if run.code != exitRefused {
		t.Fatalf("exit %d; want %d (pages newly missing since the baseline)\n%s", run.code, exitRefused, run.stderr)
	}
	data, err := os.ReadFile(filepath.Join(ws, "webgraph-events.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var done struct {
		crawl.DoneEvent
		Baseline struct{ New int } `json:"baseline"`
	}
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, `{"event":"done"`) {
			json.Unmarshal([]byte(line), &done)
		}
	}
	o := run.outputs
	if done.Baseline.New == 0 || o["new-since-baseline"] != strconv.Itoa(done.Baseline.New) || o["kept"] != strconv.Itoa(done.OK) || o["pages"] != strconv.Itoa(done.Pages) {
		t.Errorf("outputs %q; want new-since-baseline %d (non-zero), kept %d, pages %d as the done event says", o, done.Baseline.New, done.OK, done.Pages)
	}
	if i, j := strings.Index(run.summary, "what is new since the baseline"), strings.Index(run.summary, "## webgraph: "+ts.URL); i < 0 || j < i {
		t.Errorf("the step summary does not say what is new first:\n%s", run.summary)
	}
	if _, err := os.Stat(filepath.Join(ws, "webgraph-report.html")); err != nil || o["report"] != "webgraph-report.html" {
		t.Errorf("report: %v, output %q", err, o["report"])
	}
	env, err := os.ReadFile(envFile)
	if err != nil {
		t.Fatalf("the browser did not start through the wrapper: %v", err)
	}
	for _, secret := range []string{"runner-secret-token", "runner-id-token", "ACTIONS_", "INPUT_"} {
		if strings.Contains(string(env), secret) {
			t.Errorf("the browser's environment holds %q", secret)
		}
	}
	if !strings.Contains(string(env), "GITHUB_ACTIONS=true") {
		t.Errorf("the wrapper's environment dump looks wrong:\n%s", env)
	}
}
