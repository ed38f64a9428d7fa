package contentset

import (
	"strings"
	"unicode"
)

// ShingleSize is the number of word tokens in one shingle.
const ShingleSize = 4

// unspaced are the scripts written without spaces between words: each of
// their characters is a token of its own, as a word would be elsewhere.
// Hangul is written with spaces and stays in words.
var unspaced = []*unicode.RangeTable{
	unicode.Han, unicode.Hiragana, unicode.Katakana,
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar,
}

func isWord(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) ||
		unicode.IsMark(r) || r == '_' || unicode.Is(unicode.Pc, r)
}

// Tokens splits text into word tokens: maximal runs of letters, digits,
// combining marks and connector punctuation (a Unicode-aware `\w+`), except
// that a character of a script written without spaces (Han, Hiragana,
// Katakana, Thai, Lao, Khmer, Myanmar) is always a token by itself. Case is
// kept. Everything else (spaces, punctuation, symbols, Markdown syntax)
// separates tokens and is dropped.
func Tokens(text string) []string {
	var out []string
	start := -1
	for i, r := range text {
		switch {
		case unicode.IsOneOf(unspaced, r):
			if start >= 0 {
				out = append(out, text[start:i])
				start = -1
			}
			out = append(out, string(r))
		case isWord(r):
			if start < 0 {
				start = i
			}
		default:
			if start >= 0 {
				out = append(out, text[start:i])
				start = -1
			}
		}
	}
	if start >= 0 {
		out = append(out, text[start:])
	}
	return out
}

// Shingles counts the ShingleSize-token windows of text's tokens. A text
// of fewer tokens is one shingle of all of them; a text of none has none.
func Shingles(text string) map[string]int {
	toks := Tokens(text)
	out := make(map[string]int)
	if len(toks) == 0 {
		return out
	}
	n := max(1, len(toks)-ShingleSize+1)
	for i := 0; i < n; i++ {
		out[strings.Join(toks[i:min(i+ShingleSize, len(toks))], "\x1f")]++
	}
	return out
}

// Score is one page's comparison of an extraction with its label: the
// shingles both hold (TP), only the extraction holds (FP) and only the label
// holds (FN), counted with multiplicity and divided by their sum, so a long
// page weighs no more than a short one. All three are zero when both texts
// are empty.
type Score struct {
	TP, FP, FN float64
}

// Compare scores the extracted text got against the label want.
func Compare(want, got string) Score {
	w, g := Shingles(want), Shingles(got)
	var s Score
	for k, nw := range w {
		ng := g[k]
		s.TP += float64(min(nw, ng))
		s.FN += float64(max(0, nw-ng))
	}
	for k, ng := range g {
		s.FP += float64(max(0, ng-w[k]))
	}
	if sum := s.TP + s.FP + s.FN; sum > 0 {
		s.TP, s.FP, s.FN = s.TP/sum, s.FP/sum, s.FN/sum
	}
	return s
}

// Precision is the share of the extraction that is article text. ok is false
// when the extraction holds no shingle: such a page counts toward recall
// only.
func (s Score) Precision() (p float64, ok bool) {
	if s.TP+s.FP == 0 {
		return 0, false
	}
	return s.TP / (s.TP + s.FP), true
}

// Recall is the share of the article text that was extracted. ok is false
// when the label holds no shingle.
func (s Score) Recall() (r float64, ok bool) {
	if s.TP+s.FN == 0 {
		return 0, false
	}
	return s.TP / (s.TP + s.FN), true
}

// F1 is the harmonic mean of the page's precision and recall (0 when either
// is missing or both are 0).
func (s Score) F1() float64 {
	p, okp := s.Precision()
	r, okr := s.Recall()
	if !okp || !okr || p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// Summary is a set of pages' scores together: precision and recall are
// each page's averaged over the pages that have one, F1 their harmonic mean.
type Summary struct {
	Pages     int
	Precision float64
	Recall    float64
	F1        float64
}

// Summarize averages the pages' scores.
func Summarize(scores []Score) Summary {
	var sp, sr float64
	var np, nr int
	for _, s := range scores {
		if p, ok := s.Precision(); ok {
			sp += p
			np++
		}
		if r, ok := s.Recall(); ok {
			sr += r
			nr++
		}
	}
	out := Summary{Pages: len(scores)}
	if np > 0 {
		out.Precision = sp / float64(np)
	}
	if nr > 0 {
		out.Recall = sr / float64(nr)
	}
	if out.Precision+out.Recall > 0 {
		out.F1 = 2 * out.Precision * out.Recall / (out.Precision + out.Recall)
	}
	return out
}
