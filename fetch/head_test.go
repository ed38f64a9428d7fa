package fetch

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestXRobotsTag(t *testing.T) {
	tests := []struct {
		name   string
		values []string
		want   []string
	}{
		{"unscoped", []string{"noindex, nofollow"}, []string{"noindex", "nofollow"}},
		{"ours", []string{"webgraph: noindex"}, []string{"noindex"}},
		{"ours, any case", []string{"WebGraph: NoIndex"}, []string{"noindex"}},
		{"another bot", []string{"googlebot: noindex"}, nil},
		{"scope runs to the next name", []string{"googlebot: noindex, nofollow, webgraph: nofollow"}, []string{"nofollow"}},
		{"valued directives are not names", []string{"max-snippet: 20, noindex"}, []string{"max-snippet: 20", "noindex"}},
		{"unavailable_after keeps its date", []string{"unavailable_after: 25 Jun 2010 15:00:00 PST"}, []string{"unavailable_after: 25 jun 2010 15:00:00 pst"}},
		{"several headers", []string{"otherbot: none", "nofollow"}, []string{"nofollow"}},
		{"empty", []string{"", " , "}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := XRobotsTag(tt.values, MetaAgent); !slices.Equal(got, tt.want) {
				t.Errorf("XRobotsTag(%q) = %q; want %q", tt.values, got, tt.want)
			}
		})
	}
}

func TestNoindexNofollow(t *testing.T) {
	for _, tt := range []struct {
		d                 []string
		noindex, nofollow bool
	}{
		{RobotsContent("NOINDEX"), true, false},
		{RobotsContent(" nofollow "), false, true},
		{RobotsContent("none"), true, true},
		{RobotsContent("index, follow"), false, false},
		{nil, false, false},
	} {
		if Noindex(tt.d) != tt.noindex || Nofollow(tt.d) != tt.nofollow {
			t.Errorf("%q: noindex=%v nofollow=%v; want %v %v", tt.d, Noindex(tt.d), Nofollow(tt.d), tt.noindex, tt.nofollow)
		}
	}
}

func TestJSONLDTypes(t *testing.T) {
	docs := []string{
		`{"@context":"https://schema.org","@type":"Article","author":{"@type":"Person"}}`,
		`{"@graph":[{"@type":["Organization","Brand"]},{"@type":"WebSite"}]}`,
		`{not json`,
		`[{"@type":"Article"}, {"@type": 7}]`,
	}
	want := []string{"Article", "Brand", "Organization", "Person", "WebSite"}
	if got := JSONLDTypes(docs); !slices.Equal(got, want) {
		t.Errorf("JSONLDTypes = %q; want %q", got, want)
	}
	deep := strings.Repeat(`{"a":`, 200) + `{"@type":"Deep"}` + strings.Repeat(`}`, 200)
	if got := JSONLDTypes([]string{deep}); len(got) != 0 {
		t.Errorf("a type 200 levels deep was read: %q", got)
	}
	var many strings.Builder
	many.WriteString("[")
	for i := range 500 {
		if i > 0 {
			many.WriteString(",")
		}
		many.WriteString(`{"@type":"T` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `"}`)
		many.WriteString(`,{"@type":"U` + strings.Repeat("y", i) + `"}`)
	}
	many.WriteString("]")
	if got := JSONLDTypes([]string{many.String()}); len(got) != MaxTypes {
		t.Errorf("%d types kept; want the cap, %d", len(got), MaxTypes)
	}
}

// FuzzXRobotsTag: whatever the header says, the directives are lower case,
// trimmed, non-empty, and another crawler's name never leaks into them.
func FuzzXRobotsTag(f *testing.F) {
	f.Add("noindex, nofollow")                        // unscoped
	f.Add("googlebot: noindex, webgraph: nofollow")   // two scopes
	f.Add("max-snippet: -1, unavailable_after: 2030") // valued directives
	f.Add("WEBGRAPH:NONE")                            // case
	f.Add(",,:,: :")                                  // punctuation only
	f.Add("otherbot: noindex\x00, \u00a0noindex")     // control and odd spaces
	f.Fuzz(func(t *testing.T, v string) {
		for _, d := range XRobotsTag([]string{v}, MetaAgent) {
			if d == "" || d != strings.TrimSpace(d) || d != strings.ToLower(d) {
				t.Fatalf("directive %q from %q is not trimmed lower case", d, v)
			}
		}
		// A header scoped wholly to another crawler gives webgraph nothing.
		if got := XRobotsTag([]string{"otherbot: " + strings.ReplaceAll(v, ":", " ")}, MetaAgent); len(got) != 0 {
			t.Fatalf("otherbot's directives applied to webgraph: %q", got)
		}
	})
}

// FuzzJSONLDTypes: any script text gives a sorted, distinct, capped list of
// valid UTF-8 types, and never panics.
func FuzzJSONLDTypes(f *testing.F) {
	f.Add(`{"@type":"Article"}`)              // one type
	f.Add(`{"@graph":[{"@type":["A","B"]}]}`) // graph and array
	f.Add(`[[[[[[{"@type":"Nested"}]]]]]]`)   // nesting
	f.Add(`{"@type":{"@type":"Odd"}}`)        // a type that is an object
	f.Add(`{"@type":"\ud800"}`)               // a lone surrogate
	f.Add(`{"@type":`)                        // cut short
	f.Fuzz(func(t *testing.T, doc string) {
		got := JSONLDTypes([]string{doc, doc})
		if len(got) > MaxTypes || !slices.IsSorted(got) || len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Fatalf("types %q: not sorted, distinct and capped", got)
		}
		for _, s := range got {
			if s == "" || !utf8.ValidString(s) || utf8.RuneCountInString(s) > MaxHeadField {
				t.Fatalf("type %q is empty, invalid or too long", s)
			}
		}
	})
}

// Clip cuts as a []rune conversion cuts (a bad byte counts as one rune and
// comes out as U+FFFD when cut), and a short, collapsed text costs nothing:
// every link's anchor passes through it.
func TestClipCutsByRunes(t *testing.T) {
	ref := func(s string, n int) string {
		s = CollapseSpace(s)
		if r := []rune(s); len(r) > n {
			s = string(r[:n])
		}
		return s
	}
	for _, s := range []string{"", "short", "  two  words ", "héllo wörld", "a\xffb\xfe c", strings.Repeat("é", 7), "ab\xff\xff\xffcdef", "日本語のテキスト"} {
		for n := 0; n <= 8; n++ {
			if got, want := Clip(s, n), ref(s, n); got != want {
				t.Errorf("Clip(%q, %d) = %q; want %q", s, n, got, want)
			}
		}
	}
	if n := testing.AllocsPerRun(100, func() { Anchor("Read the whole guide to getting started with the crawler") }); n != 0 {
		t.Errorf("Anchor of a short text costs %v allocations; want none", n)
	}
}
