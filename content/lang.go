package content

import (
	"strings"
	"unicode"
)

// detectLang guesses the language of text that declares none, from its
// letters' scripts: a script that one language writes (Hangul, Kana, Thai,
// Greek, Hebrew, …) names it; Han without Kana is Chinese; Arabic script
// is Arabic unless Persian letters are frequent; Cyrillic is Russian unless
// Ukrainian letters appear. Latin text is told apart by its commonest
// short words, for a few languages; anything else is "" (unknown).
func detectLang(blocks []string) string {
	counts := map[string]int{}
	letters := 0
	persian, ukrainian := 0, 0
	var latin []string
	budget := 20000 // runes looked at
	for _, b := range blocks {
		for _, r := range b {
			if budget--; budget < 0 {
				break
			}
			if !unicode.IsLetter(r) {
				continue
			}
			letters++
			switch {
			case r < 0x250:
				counts["latin"]++
			case unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
				counts["ja"]++
			case unicode.Is(unicode.Han, r):
				counts["han"]++
			case unicode.Is(unicode.Hangul, r):
				counts["ko"]++
			case unicode.Is(unicode.Thai, r):
				counts["th"]++
			case unicode.Is(unicode.Greek, r):
				counts["el"]++
			case unicode.Is(unicode.Hebrew, r):
				counts["he"]++
			case unicode.Is(unicode.Arabic, r):
				counts["ar"]++
				if strings.ContainsRune("پچژگکی", r) {
					persian++
				}
			case unicode.Is(unicode.Cyrillic, r):
				counts["ru"]++
				if strings.ContainsRune("ієїґІЄЇҐ", r) {
					ukrainian++
				}
			case unicode.Is(unicode.Devanagari, r):
				counts["hi"]++
			case unicode.Is(unicode.Armenian, r):
				counts["hy"]++
			case unicode.Is(unicode.Georgian, r):
				counts["ka"]++
			}
		}
		if budget < 0 {
			break
		}
		if len(latin) < 2000 {
			latin = append(latin, strings.Fields(strings.ToLower(b))...)
		}
	}
	if letters == 0 {
		return ""
	}
	// Japanese mixes Kana with Han: any real share of Kana is Japanese.
	if counts["ja"] > 0 && counts["ja"]*10 >= counts["ja"]+counts["han"] {
		counts["ja"] += counts["han"]
		counts["han"] = 0
	}
	best, n := "", 0
	for k, c := range counts {
		if c > n || c == n && k < best {
			best, n = k, c
		}
	}
	if n*2 < letters {
		return ""
	}
	switch best {
	case "han":
		return "zh"
	case "ar":
		if persian*20 >= counts["ar"] {
			return "fa"
		}
	case "ru":
		if ukrainian*50 >= counts["ru"] {
			return "uk"
		}
	case "latin":
		return latinLang(latin)
	}
	return best
}

// stopwords are the commonest short words of a few languages written in
// Latin letters, few enough to tell them apart and to share little.
var stopwords = map[string][]string{
	"en": {"the", "and", "of", "to", "is", "in", "that", "it", "was", "for", "with", "on", "are", "this", "be"},
	"de": {"der", "die", "und", "das", "ist", "nicht", "mit", "den", "ein", "eine", "auf", "sich", "zu", "von", "auch"},
	"fr": {"le", "la", "les", "et", "des", "est", "une", "un", "du", "que", "pour", "dans", "pas", "qui", "sur"},
	"es": {"el", "la", "los", "las", "y", "que", "es", "un", "una", "por", "con", "para", "del", "se", "como"},
	"it": {"il", "di", "che", "e", "la", "per", "un", "una", "non", "sono", "della", "del", "gli", "con", "è"},
	"pt": {"o", "a", "os", "as", "que", "de", "não", "uma", "um", "para", "com", "do", "da", "em", "é"},
	"nl": {"de", "het", "een", "en", "van", "is", "dat", "niet", "op", "te", "zijn", "met", "voor", "ook", "wordt"},
}

// latinLang names the language whose stopwords are most of words' share,
// when they are at least one word in twelve; else "".
func latinLang(words []string) string {
	if len(words) < 5 {
		return ""
	}
	best, n := "", 0
	for lang, list := range stopwords {
		c := 0
		for _, w := range words {
			w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
			for _, s := range list {
				if w == s {
					c++
					break
				}
			}
		}
		if c > n || c == n && lang < best {
			best, n = lang, c
		}
	}
	if n*12 < len(words) {
		return ""
	}
	return best
}
