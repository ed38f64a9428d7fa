package main

import (
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/pflag"
)

// TestHelpConventions: every command's -h and --help go to stdout with exit
// 0, name their placeholders, and a usage mistake points at the command's
// own help.
func TestHelpConventions(t *testing.T) {
	t.Parallel()
	typeNames := regexp.MustCompile(`--[a-z-]+ (string|strings|int|int64|duration|stringSlice|uint)\b`)
	for _, c := range commands() {
		for _, h := range []string{"--help", "-h"} {
			out, errOut, code := webgraph(t, c.name, h)
			if code != exitOK || errOut != "" {
				t.Errorf("%s %s: exit %d, stderr %q; want exit 0 and nothing on stderr", c.name, h, code, errOut)
			}
			if !strings.HasPrefix(out, "Usage: webgraph "+c.name) || !strings.Contains(out, "-h, --help") {
				t.Errorf("%s %s: stdout does not start with its usage:\n%s", c.name, h, out)
			}
			if m := typeNames.FindString(out); m != "" {
				t.Errorf("%s %s: a placeholder names a Go type, %q:\n%s", c.name, h, m, out)
			}
			for _, line := range strings.Split(out, "\n") {
				if utf8.RuneCountInString(line) > helpWidth {
					t.Errorf("%s %s: line wider than %d: %q", c.name, h, helpWidth, line)
				}
			}
		}
		out, _, _ := webgraph(t, "help", c.name)
		if !strings.HasPrefix(out, "Usage: webgraph "+c.name) {
			t.Errorf("help %s: %q", c.name, out)
		}
	}
	out, _, _ := webgraph(t, "version", "--help")
	if !strings.HasPrefix(out, "Usage: webgraph version") {
		t.Errorf("version --help printed %q; want its help", out)
	}
	out, _, _ = webgraph(t, "page", "--help")
	if !strings.Contains(out, "4 when robots.txt disallows") {
		t.Errorf("page --help does not list exit 4:\n%s", out)
	}
	_, errOut, code := webgraph(t, "page", "--bogus")
	if code != exitUsage || !strings.Contains(errOut, "Run 'webgraph page --help'") {
		t.Errorf("page --bogus: exit %d, stderr %q; want 2 pointing at 'webgraph page --help'", code, errOut)
	}
	_, errOut, _ = webgraph(t, "frobnicate")
	if !strings.Contains(errOut, "Run 'webgraph help'") {
		t.Errorf("an unknown command points at %q", errOut)
	}
	for _, name := range []string{"crawl", "report", "graph"} {
		c, _ := lookupCommand(name)
		f := c.flags(io.Discard).Lookup("out")
		if f == nil || f.Shorthand != "o" {
			t.Errorf("%s has no -o/--out", name)
		}
	}
}

// TestUsageColumns: the top-level usage's summaries start in one column.
func TestUsageColumns(t *testing.T) {
	t.Parallel()
	out, _, code := webgraph(t, "--help")
	if code != exitOK {
		t.Fatalf("--help: exit %d", code)
	}
	cols := map[int][]string{}
	row := regexp.MustCompile(`^  webgraph (\S+(?: \S+)*)( {2,})\S`)
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "  webgraph ") || strings.HasSuffix(line, "webgraph version") {
			continue
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("no summary on %q", line)
			continue
		}
		cols[len(m[1])+len(m[2])] = append(cols[len(m[1])+len(m[2])], line)
	}
	if len(cols) != 1 {
		t.Errorf("usage summaries start in %d columns; want 1:\n%s", len(cols), out)
	}
}

// TestReportOutputAlias: report's old --output still works beside -o/--out.
func TestReportOutputAlias(t *testing.T) {
	t.Parallel()
	f := newReportFlags(io.Discard)
	if err := f.fs.Parse([]string{"--output", "a.html"}); err != nil || *f.out != "a.html" {
		t.Errorf("--output a.html: err %v, out %q", err, *f.out)
	}
}

// TestReferenceListsEveryFlag: the command reference (docs/reference.md)
// lists exactly the flags each command's --help does.
func TestReferenceListsEveryFlag(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../docs/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	ref := string(b)
	sections := map[string]string{}
	heading := regexp.MustCompile("(?m)^### `webgraph ([a-z]+)`")
	locs := heading.FindAllStringSubmatchIndex(ref, -1)
	for i, l := range locs {
		end := len(ref)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		sections[ref[l[2]:l[3]]] = ref[l[1]:end]
	}
	row := regexp.MustCompile("(?m)^\\| `(?:-[a-z], )?--([a-z-]+)")
	for _, c := range commands() {
		sec, ok := sections[c.name]
		if !ok {
			t.Errorf("the command reference has no section for %s", c.name)
			continue
		}
		var listed []string
		for _, m := range row.FindAllStringSubmatch(sec, -1) {
			listed = append(listed, m[1])
		}
		var want []string
		c.flags(io.Discard).VisitAll(func(f *pflag.Flag) {
			if !f.Hidden {
				want = append(want, f.Name)
			}
		})
		slices.Sort(listed)
		slices.Sort(want)
		if !slices.Equal(listed, want) {
			t.Errorf("docs/reference.md lists for %s:\n  %v\nwant (from its flags):\n  %v\nrow format: | `--name PLACEHOLDER` | meaning |", c.name, listed, want)
		}
	}
}
