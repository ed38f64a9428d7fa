package rendered

import (
	"slices"
	"strings"
	"testing"
	"unicode"
)

func TestTextBlocks(t *testing.T) {
	tests := []struct {
		name string
		text string
		pres []string
		want []string
	}{
		{"no code", "a  b\n\n c ", nil, []string{"a b", "c"}},
		{"a code block", "intro\n  x = 1\n\ty = 2  \nafter", []string{"  x = 1\n\ty = 2  \n"}, []string{"intro", "  x = 1\n\ty = 2", "after"}},
		// The same text within a line first: only where it stands on
		// lines of its own is it the block.
		{"on lines of its own", "say x = 1 now\nx = 1\nend", []string{"x = 1"}, []string{"say x = 1 now", "x = 1", "end"}},
		{"two, in order", "a\np\nb\nq\nc", []string{"p", "q"}, []string{"a", "p", "b", "q", "c"}},
		{"one not found", "a\n  q\nb", []string{"missing", "  q"}, []string{"a", "  q", "b"}},
		{"blank", "a\nb", []string{" \n "}, []string{"a", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := textBlocks(tt.text, tt.pres); !slices.Equal(got, tt.want) {
				t.Errorf("textBlocks(%q, %q) = %q; want %q", tt.text, tt.pres, got, tt.want)
			}
		})
	}
}

// The search for code blocks is bounded: a thousand that the text does not
// hold on lines of their own cost at most a few readings of the text.
func TestTextBlocksBounded(t *testing.T) {
	text := strings.Repeat("ab ", 100000) + "\nend"
	pres := slices.Repeat([]string{"ab ab"}, 1000)
	if got := textBlocks(text, pres); len(got) != 2 || got[1] != "end" {
		t.Errorf("got %d blocks ending %q; want the text's two lines", len(got), got[len(got)-1])
	}
}

// FuzzTextBlocks holds, for any text and code blocks, that cutting the text
// into blocks loses and adds nothing but white space.
func FuzzTextBlocks(f *testing.F) {
	f.Add("intro\n  x = 1\n\ty = 2\nafter", "  x = 1\n\ty = 2")
	f.Add("a\r\nb\n\n", "b")
	f.Add("x\nx\nx", "x\nx")
	f.Fuzz(func(t *testing.T, text, pre string) {
		blocks := textBlocks(text, []string{pre, pre})
		for _, b := range blocks {
			if strings.TrimSpace(b) == "" {
				t.Fatalf("an empty block in %q", blocks)
			}
		}
		if got, want := ink(strings.Join(blocks, "\n")), ink(text); got != want {
			t.Fatalf("blocks %q hold %q; the text %q holds %q", blocks, got, text, want)
		}
	})
}

// ink is s without its white space.
func ink(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}
