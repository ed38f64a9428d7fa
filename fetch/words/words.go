// Package words counts the words of a text as a reader counts them, in any
// script. It is the one word counter of webgraph: fetch.CountWords, and
// through it every rule and output that speaks of words, calls Count.
//
// Words are found by Unicode word segmentation (UAX #29, Unicode 17, by
// github.com/clipperhouse/uax29): a segment holding a letter or a digit is a
// word, so punctuation, symbols, emoji and white space are not. As in the
// browser's segmenter, a full stop between two letters parts them
// ("example.com" is two words). The rules of
// UAX #29 make each Han ideograph and each Hiragana letter a segment of its
// own, so Chinese and Japanese count one word per character, as word
// processors count them; a run of Katakana is one word.
//
// Thai, Lao, Khmer and Myanmar are written without spaces between words and
// UAX #29 has no rule for them short of a dictionary: it cuts them into
// letter clusters (a letter with its vowel signs and tone marks). A run of
// such clusters counts as its clusters divided by the script's measured
// letters-per-word ratio (see clustersPerWord), rounded, and at least one:
// an estimate of what a dictionary segmenter such as ICU's (the browser's
// Intl.Segmenter) finds, measured against it in this package's tests.
package words

import (
	"unicode"
	"unicode/utf8"

	"github.com/clipperhouse/uax29/v2/words"
)

// clustersPerWord is, for each script written without spaces between words,
// how many UAX #29 clusters make one word on average. The figures were
// measured against ICU's dictionary segmenter in Chromium (Intl.Segmenter,
// granularity "word", segments with isWordLike) on prose of each language,
// and rounded down so the estimate errs towards more words: the test
// TestAgainstChromium holds every text to at least half of ICU's count and at
// most twice it. Scripts ICU has no dictionary for (Tai Tham, Tai Viet, New
// Tai Lue) take Thai's figure, their nearest kin.
var clustersPerWord = [...]struct {
	script  *unicode.RangeTable
	perWord float64
}{
	{unicode.Thai, 2.8},
	{unicode.Lao, 2.4},
	{unicode.Khmer, 2.6},
	{unicode.Myanmar, 1.9},
	{unicode.Tai_Tham, 2.8},
	{unicode.Tai_Viet, 2.8},
	{unicode.New_Tai_Lue, 2.8},
}

// Count returns the number of words in s. s should be UTF-8; invalid bytes
// count as no word. Count is safe for concurrent use and does not allocate
// beyond one small iterator.
func Count(s string) int {
	n := 0
	run := -1 // the spaceless script of the current run (an index of clustersPerWord), or -1
	clusters := 0
	flush := func() {
		if run >= 0 {
			n += estimate(clusters, clustersPerWord[run].perWord)
			run, clusters = -1, 0
		}
	}
	seg := words.FromString(s)
	for seg.Next() {
		v := seg.Value()
		r, _ := utf8.DecodeRuneInString(v)
		if r < utf8.RuneSelf {
			flush()
			if isASCIIWord(v) {
				n += 1 + lettersDots(v)
			}
			continue
		}
		if t := spaceless(r); t >= 0 {
			if t != run {
				flush()
				run = t
			}
			clusters++
			continue
		}
		flush()
		if wordLike(v) {
			n += 1 + lettersDots(v)
		}
	}
	flush()
	return n
}

// lettersDots counts the full stops in a segment that stand between two
// letters ("example.com", "U.S"): UAX #29 keeps such a segment one word, the
// browser's segmenter makes each side a word, and the count follows the
// browser. A full stop between digits ("3.14") still joins.
func lettersDots(v string) int {
	n := 0
	for i := 1; i < len(v)-1; i++ {
		if v[i] != '.' {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(v[:i])
		after, _ := utf8.DecodeRuneInString(v[i+1:])
		if unicode.IsLetter(before) && unicode.IsLetter(after) {
			n++
		}
	}
	return n
}

// estimate is the number of words in a run of clusters of a script with
// perWord clusters to a word: rounded to the nearest, and at least one.
func estimate(clusters int, perWord float64) int {
	w := int(float64(clusters)/perWord + 0.5)
	return max(w, 1)
}

// spaceless returns the index in clustersPerWord of r's script when r is a
// letter of a script written without spaces between words, else -1. Digits
// of those scripts are not letters: they make numbers, words of their own.
func spaceless(r rune) int {
	if r < 0x0E00 || !unicode.IsLetter(r) {
		return -1
	}
	for i, s := range clustersPerWord {
		if unicode.Is(s.script, r) {
			return i
		}
	}
	return -1
}

// isASCIIWord reports whether an ASCII-led segment holds a letter or digit.
func isASCIIWord(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			return true
		}
		if c >= utf8.RuneSelf {
			return wordLike(v[i:])
		}
	}
	return false
}

// wordLike reports whether a segment holds a letter or a digit: a word, as
// opposed to punctuation, a symbol, an emoji or white space.
func wordLike(v string) bool {
	for _, r := range v {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}
