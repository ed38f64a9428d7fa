package docs

import (
	"bufio"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"
)

// readmeMaxLines is how long the README may grow: it is the front door for a
// person deciding to use webgraph; the rest belongs in docs/ and is linked.
const readmeMaxLines = 600

// TestReadmeIsShort fails when README.md is longer than readmeMaxLines.
func TestReadmeIsShort(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := lineCount(string(b)); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: move the detail into a docs/ file and link it", n, readmeMaxLines)
	}
}

// TestLinksResolve fails when a relative link in README.md or docs/*.md names
// a file that does not exist, or a #anchor that no heading of the Markdown
// file it points into makes.
func TestLinksResolve(t *testing.T) {
	repo := os.DirFS("..")
	files := []string{"README.md"}
	docs, err := fs.Glob(repo, "docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) < 3 {
		t.Fatalf("docs/*.md matched %v: not the docs folder", docs)
	}
	files = append(files, docs...)
	checked := 0
	for _, problem := range linkProblems(repo, files, &checked) {
		t.Error(problem)
	}
	// A parser that found no link would pass every tree; the README alone
	// links each docs file.
	if checked < len(docs) {
		t.Errorf("only %d links checked in %d files: the link parser is not finding them", checked, len(files))
	}
}

// TestLinkProblemsFound proves the check can fail: a missing file, a missing
// anchor in this file and in another, and a link out of the repository are
// reported; links in code, external links and anchors made by GitHub's rule
// (punctuation dropped, a repeated heading numbered) are not.
func TestLinkProblemsFound(t *testing.T) {
	tree := fstest.MapFS{
		"README.md": {Data: []byte("# Tool\n\n" +
			"See [crawling](docs/crawling.md#how-a-crawl-proceeds), [the seeds](docs/crawling.md#seeds-as-you-type-them),\n" +
			"[gone](docs/gone.md), [a bad anchor](docs/crawling.md#no-such-heading) and [here](#use-in-ci).\n" +
			"![a picture](docs/images/a.png) [a folder](examples/) [external](https://example.org/x#y) [mail](mailto:a@b)\n" +
			"[out](../elsewhere.md) [typo here](#use-in-c) `[in code](nowhere.md)` [spaced](docs/a%20b.md)\n\n" +
			"```\n[in a fence](nowhere.md)\n# not a heading\n```\n\n" +
			"## Use in CI\n\n## Tests\n\n## Tests\n\n[second tests](#tests-1) [third](#tests-2)\n"),
		},
		"docs/crawling.md": {Data: []byte("# Crawling\n\n## How a crawl proceeds\n\n### Seeds as you type them\n\n" +
			"### `webgraph page`\n\n[back](../README.md#tool) [page](#webgraph-page) [ref](reference.md#webgraph-crawl)\n")},
		"docs/reference.md": {Data: []byte("# Reference\n\n### `webgraph crawl`\n")},
		"docs/images/a.png": {},
		"docs/a b.md":       {},
		"examples/x.yml":    {},
	}
	checked := 0
	got := linkProblems(tree, []string{"README.md", "docs/crawling.md"}, &checked)
	want := []string{
		"README.md:4: docs/gone.md: no such file",
		"README.md:4: docs/crawling.md#no-such-heading: docs/crawling.md has no heading with that anchor",
		"README.md:6: ../elsewhere.md: outside the repository",
		"README.md:6: #use-in-c: README.md has no heading with that anchor",
		"README.md:19: #tests-2: README.md has no heading with that anchor",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if checked != 15 {
		t.Errorf("checked %d links, want 15", checked)
	}
}

// TestAnchorRule holds the slug to GitHub's rule: lower case, spaces to '-',
// punctuation other than '-' and '_' dropped, letters of any script kept.
func TestAnchorRule(t *testing.T) {
	for heading, want := range map[string]string{
		"How a page is judged (the union)":                     "how-a-page-is-judged-the-union",
		"CI: what got worse":                                   "ci-what-got-worse",
		"Checking links: external ones and #fragments too":     "checking-links-external-ones-and-fragments-too",
		"HTTPS: private CAs, self-signed certificates, HTTP/2": "https-private-cas-self-signed-certificates-http2",
		"`webgraph crawl`":                                     "webgraph-crawl",
		"A crawl's output":                                     "a-crawls-output",
		"link_checks and `--keep`":                             "link_checks-and---keep",
		"Flags shared by `crawl`, `page` and `compare`":        "flags-shared-by-crawl-page-and-compare",
		"Über die Wörter — 東京":                                 "über-die-wörter--東京",
		"See [the guide](guide.md) *now*":                      "see-the-guide-now",
	} {
		if got := anchorOf(heading); got != want {
			t.Errorf("anchorOf(%q) = %q, want %q", heading, got, want)
		}
	}
}

func lineCount(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}

var (
	// inlineLink is a Markdown link or image: [text](target) or
	// [text](target "title"); text may hold one level of brackets, as an
	// image inside a link does.
	inlineLink = regexp.MustCompile(`!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)`)
	// refLink is a reference definition: [label]: target
	refLink   = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	codeSpan  = regexp.MustCompile("`+[^`]*`+")
	atxHead   = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$`)
	htmlIDs   = regexp.MustCompile(`<a\s+(?:name|id)="([^"]+)"`)
	urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
)

// mdLine is one line of a Markdown file outside fenced code blocks.
type mdLine struct {
	n    int
	text string
}

// proseLines returns the lines of a Markdown file that are not inside a
// fenced code block (``` or ~~~), with their 1-based numbers.
func proseLines(doc string) []mdLine {
	var lines []mdLine
	fence := ""
	sc := bufio.NewScanner(strings.NewReader(doc))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = strings.Repeat(trimmed[:1], len(trimmed)-len(strings.TrimLeft(trimmed, trimmed[:1])))
			continue
		}
		lines = append(lines, mdLine{n, line})
	}
	return lines
}

// anchorOf is the anchor GitHub gives a heading: its text as rendered
// (code spans' backquotes, emphasis and link targets gone), lower-cased,
// every character other than a letter, mark, number, '-', '_' or space
// dropped, and each space made '-'.
func anchorOf(heading string) string {
	text := inlineLink.ReplaceAllStringFunc(heading, func(m string) string {
		open := strings.Index(m, "[")
		closing := strings.LastIndex(m, "](")
		return m[open+1 : closing]
	})
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors returns every anchor a Markdown file defines: each heading's
// (a repeated one numbered -1, -2, … as GitHub numbers them) and each
// <a name> or <a id>.
func anchors(doc string) map[string]bool {
	set := map[string]bool{}
	seen := map[string]int{}
	for _, l := range proseLines(doc) {
		for _, m := range htmlIDs.FindAllStringSubmatch(l.text, -1) {
			set[m[1]] = true
		}
		m := atxHead.FindStringSubmatch(l.text)
		if m == nil {
			continue
		}
		a := anchorOf(m[2])
		if k := seen[a]; k > 0 {
			set[fmt.Sprintf("%s-%d", a, k)] = true
		} else {
			set[a] = true
		}
		seen[a]++
	}
	return set
}

// linkProblems checks every relative link of the named Markdown files in
// tree (paths from the repository's root): its file must exist in the tree,
// and a #anchor into a Markdown file must be one of that file's anchors.
// checked counts the relative links looked at.
func linkProblems(tree fs.FS, files []string, checked *int) []string {
	var problems []string
	anchorsOf := map[string]map[string]bool{}
	anchorSet := func(name string) (map[string]bool, error) {
		if set, ok := anchorsOf[name]; ok {
			return set, nil
		}
		b, err := fs.ReadFile(tree, name)
		if err != nil {
			return nil, err
		}
		anchorsOf[name] = anchors(string(b))
		return anchorsOf[name], nil
	}
	for _, file := range files {
		b, err := fs.ReadFile(tree, file)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", file, err))
			continue
		}
		for _, l := range proseLines(string(b)) {
			var targets []string
			if m := refLink.FindStringSubmatch(l.text); m != nil {
				targets = append(targets, m[1])
			}
			for _, m := range inlineLink.FindAllStringSubmatch(codeSpan.ReplaceAllString(l.text, ""), -1) {
				targets = append(targets, m[1])
			}
			for _, target := range targets {
				if target == "" || urlScheme.MatchString(target) || strings.HasPrefix(target, "//") {
					continue
				}
				*checked++
				if p := linkProblem(tree, file, target, anchorSet); p != "" {
					problems = append(problems, fmt.Sprintf("%s:%d: %s: %s", file, l.n, target, p))
				}
			}
		}
	}
	return problems
}

// linkProblem says what is wrong with one relative link target of file, or
// returns "".
func linkProblem(tree fs.FS, file, target string, anchorSet func(string) (map[string]bool, error)) string {
	rel, anchor, _ := strings.Cut(target, "#")
	if i := strings.IndexByte(rel, '?'); i >= 0 {
		rel = rel[:i]
	}
	rel, err := url.PathUnescape(rel)
	if err != nil {
		return "not a valid path: " + err.Error()
	}
	name := file
	if rel != "" {
		name = path.Join(path.Dir(file), rel)
		if name == ".." || strings.HasPrefix(name, "../") || path.IsAbs(rel) {
			return "outside the repository"
		}
		if _, err := fs.Stat(tree, name); err != nil {
			return "no such file"
		}
	}
	if anchor == "" || !strings.HasSuffix(name, ".md") {
		return ""
	}
	set, err := anchorSet(name)
	if err != nil {
		return err.Error()
	}
	if !set[anchor] {
		return name + " has no heading with that anchor"
	}
	return ""
}
