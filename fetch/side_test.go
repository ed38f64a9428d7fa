package fetch

import (
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch/words"
)

// FuzzCollapseSpace holds CollapseSpace to what strings.Fields gives, which
// it computes without making the words, and CountWords to counting each
// block apart (a block's words never run into the next block's).
func FuzzCollapseSpace(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\u00a0b", "\u3000a\u2003b\u3000", "a\nb c", "\xff \xfe", "word"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := CollapseSpace(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("CollapseSpace(%q) = %q; want %q", s, got, want)
		}
		if got, want := CountWords([]string{s, s}), 2*words.Count(s); got != want {
			t.Errorf("CountWords(%q twice) = %d; want %d", s, got, want)
		}
	})
}
