package content

import (
	"bytes"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"golang.org/x/net/html"
)

// The measure of docs/performance.md, "Content extraction": the word tokens
// of the extracted text against those of a page's labelled article text, as
// 4-gram shingles counted with their repeats. A token is a run of letters,
// marks, digits and underscores (\w, Unicode-aware), lower-cased; in the
// scripts written without spaces (Han, Kana, Thai, Lao, Khmer, Myanmar) each
// character is a token of its own. A text of fewer than four tokens is one
// shingle.

func tokens(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar):
			flush()
			out = append(out, string(r))
		case unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || r == '_':
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

func shingles(toks []string) map[string]int {
	m := map[string]int{}
	if len(toks) == 0 {
		return m
	}
	if len(toks) < 4 {
		m[strings.Join(toks, " ")]++
		return m
	}
	for i := 0; i+4 <= len(toks); i++ {
		m[strings.Join(toks[i:i+4], " ")]++
	}
	return m
}

// score returns the precision and recall of got's shingles against want's.
// An empty extraction of an empty label is perfect; an empty extraction of
// a non-empty label has precision 1 (it said nothing wrong) and recall 0.
func score(got, want string) (precision, recall float64) {
	g, w := shingles(tokens(got)), shingles(tokens(want))
	tp, ng, nw := 0, 0, 0
	for k, c := range g {
		ng += c
		tp += min(c, w[k])
	}
	for _, c := range w {
		nw += c
	}
	precision, recall = 1, 1
	if ng > 0 {
		precision = float64(tp) / float64(ng)
	}
	if nw > 0 {
		recall = float64(tp) / float64(nw)
	}
	return precision, recall
}

func f1(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// renderMarkdown renders md as CommonMark (with GitHub's tables) into HTML.
func renderMarkdown(md string) (*html.Node, error) {
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert([]byte(md), &b); err != nil {
		return nil, err
	}
	return html.Parse(&b)
}

// markdownText is the text a reader sees of md: rendered, then its text
// blocks one a line.
func markdownText(md string) (string, error) {
	doc, err := renderMarkdown(md)
	if err != nil {
		return "", err
	}
	return strings.Join(textBlocks(doc), "\n"), nil
}
