// Package docs holds no code: it is the folder of webgraph's documentation.
// These tests keep the layers diagram and table of design.md true to the
// tree; links_test.go keeps the README short and every link of it and of the
// docs pointing at a file and a heading that exist.
package docs

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
)

// TestLayerDiagramMatchesImports holds design.md's layer diagram to go
// list: every package of the module is in exactly one row, every row names
// only packages that exist, and every import of a package's own files (not
// its tests') goes to a row below its own.
func TestLayerDiagramMatchesImports(t *testing.T) {
	design, err := os.ReadFile("design.md")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := layerDiagram(string(design))
	if err != nil {
		t.Fatal(err)
	}
	imports := moduleImports(t)
	if len(imports["crawl"]) == 0 || !slices.Contains(imports["cmd/webgraph"], "crawl") {
		t.Fatalf("go list gave %d packages, crawl importing %v: not the module's import graph", len(imports), imports["crawl"])
	}
	for _, problem := range layerProblems(rows, imports) {
		t.Error(problem)
	}
}

// TestLayerProblemsFound proves the check above can fail: an import up, one
// sideways, a package in no row, one in two rows and a row naming a package
// that does not exist are each reported; an import down is not.
func TestLayerProblemsFound(t *testing.T) {
	design := "# d\n\n## The layers\n\ntext\n\n```\n" +
		"top    │ cmd\n" +
		"═══════╪═══ a line that is not a row\n" +
		"middle │ crawl · fetch/{plain, union}\n" +
		"       │ gone · store\n" +
		"bottom │ fetch · store\n" +
		"```\n\n```\nnot │ the diagram\n```\n"
	rows, err := layerDiagram(design)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(rows), "[[cmd] [crawl fetch/plain fetch/union] [gone store] [fetch store]]"; got != want {
		t.Fatalf("rows = %s, want %s", got, want)
	}
	imports := map[string][]string{
		"cmd":         {"crawl", "store"},       // down: fine
		"crawl":       {"fetch", "cmd"},         // up
		"fetch/plain": {"fetch", "fetch/union"}, // sideways
		"fetch/union": {"fetch"},
		"store":       {"fetch"},
		"fetch":       nil,
		"audit":       {"fetch"}, // in no row
	}
	got := layerProblems(rows, imports)
	want := []string{
		"design.md's layer diagram names store in rows 3 and 4",
		"design.md's layer diagram names gone, which is not a package of the module",
		"audit is a package of the module but is in no row of design.md's layer diagram",
		"crawl (row 2) imports cmd (row 1): imports go down the diagram",
		"fetch/plain (row 2) imports fetch/union (row 2): imports go down the diagram",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := layerDiagram("## The layers\n\n| a | b |\n"); err == nil {
		t.Error("a layers section without a diagram gave no error")
	}
}

// layerDiagram returns the rows of the first code block under design.md's
// "## The layers" heading, top to bottom: each line holding "│" is a row,
// its packages (module-relative paths) right of the "│", separated by "·";
// "dir/{a, b}" names dir/a and dir/b. Other lines are drawing.
func layerDiagram(design string) ([][]string, error) {
	section, err := layersSection(design)
	if err != nil {
		return nil, err
	}
	_, block, ok := strings.Cut(section, "\n```\n")
	if ok {
		block, _, ok = strings.Cut(block, "\n```")
	}
	if !ok {
		return nil, layoutError(`design.md's "## The layers" has no diagram (a code block)`)
	}
	var rows [][]string
	for _, line := range strings.Split(block, "\n") {
		_, names, ok := strings.Cut(line, "│")
		if !ok {
			continue
		}
		var row []string
		for _, name := range strings.Split(names, "·") {
			name = strings.TrimSpace(name)
			dir, set, braced := strings.Cut(name, "{")
			if !braced {
				row = append(row, name)
				continue
			}
			for _, leaf := range strings.Split(strings.TrimSuffix(set, "}"), ",") {
				row = append(row, dir+strings.TrimSpace(leaf))
			}
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// layerProblems sets the diagram's rows against imports (each package of
// the module, module-relative, to the module's packages it imports).
func layerProblems(rows [][]string, imports map[string][]string) []string {
	var problems []string
	row := map[string]int{} // package → its row, from 1 at the top
	for i, names := range rows {
		for _, p := range names {
			if r, twice := row[p]; twice {
				problems = append(problems, fmt.Sprintf("design.md's layer diagram names %s in rows %d and %d", p, r, i+1))
				continue
			}
			row[p] = i + 1
		}
	}
	for i, names := range rows {
		for _, p := range names {
			if _, ok := imports[p]; !ok && row[p] == i+1 {
				problems = append(problems, "design.md's layer diagram names "+p+", which is not a package of the module")
			}
		}
	}
	pkgs := slices.Sorted(maps.Keys(imports))
	for _, p := range pkgs {
		if _, ok := row[p]; !ok {
			problems = append(problems, p+" is a package of the module but is in no row of design.md's layer diagram")
		}
	}
	for _, p := range pkgs {
		from, ok := row[p]
		if !ok {
			continue
		}
		for _, q := range imports[p] {
			if to, ok := row[q]; ok && to <= from {
				problems = append(problems, fmt.Sprintf("%s (row %d) imports %s (row %d): imports go down the diagram", p, from, q, to))
			}
		}
	}
	return problems
}

// moduleImports runs go list over the module: each package, module-relative,
// to the module's packages its own files import (tests' imports left out).
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/webgraph/webgraph/"
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		p, ok := strings.CutPrefix(fields[0], module)
		if !ok {
			t.Fatalf("go list names %s, outside %s", fields[0], module)
		}
		imports[p] = []string{}
		for _, q := range fields[1:] {
			if q, ok := strings.CutPrefix(q, module); ok {
				imports[p] = append(imports[p], q)
			}
		}
	}
	return imports
}

// TestLayersTableMatchesTree fails when a directory holding Go code is not
// named in design.md's layers table, or when the table names a path that is
// not in the repository.
func TestLayersTableMatchesTree(t *testing.T) {
	design, err := os.ReadFile("design.md")
	if err != nil {
		t.Fatal(err)
	}
	paths, err := layersTable(string(design))
	if err != nil {
		t.Fatal(err)
	}
	for _, problem := range layoutProblems(os.DirFS(".."), paths) {
		t.Error(problem)
	}
}

// TestLayoutProblemsFound proves the check above can fail: a package the
// table omits and a row for a path that is gone are both reported.
func TestLayoutProblemsFound(t *testing.T) {
	tree := fstest.MapFS{
		"crawl/crawl.go":             {},
		"store/store.go":             {},
		"bench/cmd/peer/main.go":     {},
		"bench/doc.go":               {},
		"testdata/sites/x/gen.go":    {},
		".git/hooks/sample.go":       {},
		"scripts/demo.sh":            {},
		"internal/sites/handler.go":  {},
		"internal/sites/more/doc.go": {},
	}
	table := "## The layers\n\n| path | owns |\n|---|---|\n" +
		"| `crawl/` | the engine |\n| `bench/` | peers |\n| `scripts/` | shell |\n" +
		"| `internal/sites/`, `gone/` | fixtures |\n\n## The gate\n| `notarow/` | x |\n"
	paths, err := layersTable(table)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(paths, " "), "crawl bench scripts internal/sites gone"; got != want {
		t.Fatalf("table paths = %q, want %q", got, want)
	}
	got := layoutProblems(tree, paths)
	want := []string{
		"internal/sites/more holds Go code but design.md's layers table does not name it",
		"store holds Go code but design.md's layers table does not name it",
		"design.md's layers table names gone, which is not a directory of the repository",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

var backquoted = regexp.MustCompile("`([^`]+)`")

// layersTable returns the paths named in the first cell of each row of the
// table under design.md's "## The layers" heading, without trailing slashes,
// in the order they appear.
func layersTable(design string) ([]string, error) {
	section, err := layersSection(design)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || strings.TrimSpace(cells[0]) != "" {
			continue
		}
		for _, m := range backquoted.FindAllStringSubmatch(cells[1], -1) {
			paths = append(paths, strings.TrimSuffix(m[1], "/"))
		}
	}
	return paths, nil
}

// layersSection returns the text under design.md's "## The layers"
// heading, up to the next heading of its level.
func layersSection(design string) (string, error) {
	_, section, ok := strings.Cut(design, "\n## The layers\n")
	if !ok {
		if !strings.HasPrefix(design, "## The layers\n") {
			return "", errNoSection
		}
		section = design
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	return section, nil
}

type layoutError string

func (e layoutError) Error() string { return string(e) }

const errNoSection = layoutError(`design.md has no "## The layers" section`)

// layoutProblems sets the table's paths against the tree: every directory
// holding a .go file must be named (bench/ is a module of its own and is
// named once for all of it; testdata and hidden directories are not code),
// and every named path must be a directory.
func layoutProblems(tree fs.FS, paths []string) []string {
	named := map[string]bool{}
	for _, p := range paths {
		named[p] = true
	}
	var problems []string
	goDirs := map[string]bool{}
	err := fs.WalkDir(tree, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			base := path.Base(p)
			if p != "." && (strings.HasPrefix(base, ".") || base == "testdata" || strings.HasPrefix(p, "bench/")) {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") {
			goDirs[path.Dir(p)] = true
		}
		return nil
	})
	if err != nil {
		return []string{err.Error()}
	}
	var dirs []string
	for dir := range goDirs {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		if !named[dir] {
			problems = append(problems, dir+" holds Go code but design.md's layers table does not name it")
		}
	}
	for _, p := range paths {
		info, err := fs.Stat(tree, p)
		if err != nil || !info.IsDir() {
			problems = append(problems, "design.md's layers table names "+p+", which is not a directory of the repository")
		}
	}
	return problems
}

// TestBinaryHoldsNoTestKit: the webgraph binary imports nothing under
// internal/testkit, the fixtures and harnesses only tests use.
func TestBinaryHoldsNoTestKit(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "../cmd/webgraph").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "github.com/webgraph/webgraph/internal/safetext") {
		t.Fatalf("go list -deps names %d packages, without internal/safetext: not the binary's imports", len(deps))
	}
	for _, d := range deps {
		if strings.Contains(d, "/internal/testkit/") {
			t.Errorf("the binary imports %s", d)
		}
	}
}
