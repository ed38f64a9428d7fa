// Package docs holds no code: it is the folder of webgraph's documentation.
// This test keeps the layers table of design.md true to the tree;
// links_test.go keeps the README short and every link of it and of the docs
// pointing at a file and a heading that exist.
package docs

import (
	"io/fs"
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
	_, section, ok := strings.Cut(design, "\n## The layers\n")
	if !ok {
		if !strings.HasPrefix(design, "## The layers\n") {
			return nil, errNoSection
		}
		section = design
	}
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
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
