package fetch

import (
	"strings"
	"testing"
)

// FuzzCollapseSpace holds CollapseSpace and CountWords to what
// strings.Fields gives, which they compute without making the words.
func FuzzCollapseSpace(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\u00a0b", "\u3000a\u2003b\u3000", "a\nb c", "\xff \xfe", "word"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := CollapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("CollapseSpace(%q) = %q; want %q", s, got, want)
		}
		if got, want := CountWords([]string{s, s}), 2*len(strings.Fields(s)); got != want {
			t.Errorf("CountWords(%q twice) = %d; want %d", s, got, want)
		}
	})
}
