package contentset

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Hello, world! It's 2024.", []string{"Hello", "world", "It", "s", "2024"}},
		{"snake_case and **bold** [link](http://x.test/a)", []string{"snake_case", "and", "bold", "link", "http", "x", "test", "a"}},
		{"東京タワーは高い。", []string{"東", "京", "タ", "ワ", "ー", "は", "高", "い"}},
		{"中文ABC测试", []string{"中", "文", "ABC", "测", "试"}},
		{"ต้มยำกุ้ง", []string{"ต", "้", "ม", "ย", "ำ", "ก", "ุ", "้", "ง"}},
		{"한국어 문장입니다.", []string{"한국어", "문장입니다"}},
		{"مَرْحَبًا بالعالم (iPhone 15)", []string{"مَرْحَبًا", "بالعالم", "iPhone", "15"}},
		{"שָׁלוֹם\u200e עולם", []string{"שָׁלוֹם", "עולם"}},
		{"Straße, Ελλάδα — Москва", []string{"Straße", "Ελλάδα", "Москва"}},
		{"  — … ¶ # ", nil},
	}
	for _, tc := range tests {
		if got := Tokens(tc.text); !slices.Equal(got, tc.want) {
			t.Errorf("Tokens(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func TestShingles(t *testing.T) {
	got := Shingles("a b c d e a b c d")
	want := map[string]int{"a\x1fb\x1fc\x1fd": 2, "b\x1fc\x1fd\x1fe": 1, "c\x1fd\x1fe\x1fa": 1, "d\x1fe\x1fa\x1fb": 1, "e\x1fa\x1fb\x1fc": 1}
	if len(got) != len(want) {
		t.Fatalf("Shingles = %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("shingle %q: %d, want %d", k, got[k], n)
		}
	}
	if got := Shingles("two words"); len(got) != 1 || got["two\x1fwords"] != 1 {
		t.Errorf("a text shorter than a shingle: %v, want one shingle of both words", got)
	}
	if got := Shingles(" ... "); len(got) != 0 {
		t.Errorf("a text of no words: %v, want none", got)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestCompare(t *testing.T) {
	label := "The river rose two metres overnight. Residents moved their cars to higher ground."
	boiler := "Home News Sport Weather Subscribe Sign in Cookie settings Accept all Privacy policy Contact us"
	tests := []struct {
		name        string
		got         string
		p, r, f1    float64
		pOK, rOK    bool
		tp, fp, fn  float64
		checkCounts bool
	}{
		{name: "exact, line breaks and markup do not count", got: "# The river rose\ntwo metres *overnight*.\n\nResidents moved their cars to higher ground.",
			p: 1, r: 1, f1: 1, pOK: true, rOK: true, tp: 1, checkCounts: true},
		{name: "nothing extracted", got: "", r: 0, rOK: true, fn: 1, checkCounts: true},
		{name: "only boilerplate", got: boiler, p: 0, r: 0, pOK: true, rOK: true},
		{name: "the whole page", got: boiler + "\n" + label, p: 10.0 / 25, r: 1, pOK: true, rOK: true,
			f1: 2 * 0.4 / 1.4},
		{name: "half the article", got: "The river rose two metres overnight.", p: 1, r: 3.0 / 10, pOK: true, rOK: true,
			f1: 2 * 0.3 / 1.3},
	}
	for _, tc := range tests {
		s := Compare(label, tc.got)
		p, pOK := s.Precision()
		r, rOK := s.Recall()
		if pOK != tc.pOK || rOK != tc.rOK || !near(p, tc.p) || !near(r, tc.r) || !near(s.F1(), tc.f1) {
			t.Errorf("%s: precision %v (%v), recall %v (%v), F1 %v; want %v (%v), %v (%v), %v",
				tc.name, p, pOK, r, rOK, s.F1(), tc.p, tc.pOK, tc.r, tc.rOK, tc.f1)
		}
		if tc.checkCounts && (!near(s.TP, tc.tp) || !near(s.FP, tc.fp) || !near(s.FN, tc.fn)) {
			t.Errorf("%s: %+v, want TP %v FP %v FN %v", tc.name, s, tc.tp, tc.fp, tc.fn)
		}
	}
	// Repeats count: 13 words said once and extracted twice are 10 of 23 shingles.
	if p, _ := Compare(label, label+"\n"+label).Precision(); !near(p, 10.0/23) {
		t.Errorf("an article extracted twice: precision %v, want 10/23", p)
	}
	if s := Compare("", ""); s != (Score{}) {
		t.Errorf("two empty texts: %+v, want zeros", s)
	}
}

func TestSummarize(t *testing.T) {
	scores := []Score{
		Compare("one two three four five", "one two three four five"), // p 1, r 1
		Compare("one two three four five", ""),                        // no precision, r 0
		Compare("a b c d e", "a b c d x"),                             // p 1/2, r 1/2
	}
	got := Summarize(scores)
	wantP, wantR := (1+0.5)/2, (1+0+0.5)/3.0
	if got.Pages != 3 || !near(got.Precision, wantP) || !near(got.Recall, wantR) || !near(got.F1, 2*wantP*wantR/(wantP+wantR)) {
		t.Errorf("Summarize = %+v, want precision %v, recall %v, F1 their harmonic mean", got, wantP, wantR)
	}
	if got := Summarize(nil); got != (Summary{}) {
		t.Errorf("Summarize(nil) = %+v, want zeros", got)
	}
}

func TestPageText(t *testing.T) {
	page := `<!doctype html><html lang="en"><head><title>Not text</title><style>p{}</style></head>
<body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<script>var hidden = "not text";</script><noscript>Enable JavaScript</noscript>
<main><h1>Head<span>line</span></h1><p>One <em>para</em>graph,<br>two lines.</p>
<div hidden>secret</div><template><p>inert</p></template>
<table><tr><td>a</td><td>b</td></tr></table><pre>x := 1
y := 2</pre></main></body></html>`
	want := strings.Join([]string{"Home News", "Headline", "One paragraph,", "two lines.", "a", "b", "x := 1", "y := 2"}, "\n")
	if got := PageText([]byte(page)); got != want {
		t.Errorf("PageText =\n%s\nwant\n%s", got, want)
	}
}

func TestLocate(t *testing.T) {
	text := "Menu Home The river\nShare this\nThe river rose two metres[1] overnight.\nResidents moved their cars.\nThe end"
	tests := []struct{ want, miss string }{
		{"The river rose two metres overnight.\nResidents moved their cars.", ""},
		{"The river rose two metres overnight. Residents moved their cars.", ""}, // lines may join
		{"Residents moved their cars.\nThe river rose", "The river rose"},        // out of order
		{"The river rose three metres overnight.", "The river rose three metres overnight"},
		{"Menu Home The river rose", "Menu Home The river rose"}, // words of the page, too far apart
		{"The river\nThe end", ""},
	}
	for _, tc := range tests {
		if miss := Locate(tc.want, text); miss != tc.miss {
			t.Errorf("Locate(%q) = %q, want %q", tc.want, miss, tc.miss)
		}
	}
}
