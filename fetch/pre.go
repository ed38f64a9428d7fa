package fetch

import (
	"strings"
	"unicode"
)

// PreBlock returns the text of a preformatted block (an HTML <pre>) as one
// block of a side's text: its lines as the browser shows them, each without
// the white space at its end, line ends as "\n", and no blank line before
// the first line or after the last; "" when it holds nothing but white
// space. Both sides make a <pre> one block with it, so that the union finds
// the plain side's block in the rendered text.
func PreBlock(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRightFunc(l, unicode.IsSpace)
	}
	first, last := 0, len(lines)
	for first < last && lines[first] == "" {
		first++
	}
	for last > first && lines[last-1] == "" {
		last--
	}
	return strings.Join(lines[first:last], "\n")
}
