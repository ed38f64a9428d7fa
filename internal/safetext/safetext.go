// Package safetext makes text from sites safe to print for people: a
// terminal must show a page's title, a robots.txt line or a refusal's words
// as text, never obey escape sequences, cursor moves or bidirectional
// overrides hidden in them.
package safetext

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// unsafe reports whether r must not reach a terminal as it is: C0 controls
// other than tab and newline, DEL, C1 controls, and the bidirectional
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
func unsafe(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return false
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// Clean returns s with every unsafe character written as a visible Go-style
// escape (ESC becomes `\x1b`, U+202E becomes `\u202e`) and every byte that
// is not valid UTF-8 as `\xNN`. Tabs and newlines are kept. The result holds
// no control character, is valid UTF-8, and Clean(Clean(s)) == Clean(s).
// Text without unsafe characters is returned unchanged.
func Clean(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x80 && unsafe(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// firstUnsafe returns the index of the first byte Clean must change, or -1.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size <= 1) || unsafe(r) {
			return i
		}
		i += size
	}
	return -1
}

// Line returns s as Clean does, with its newlines and tabs also written as
// escapes (`\n`, `\t`): a site's string for one line of a listing, which
// no text of the site can end or start a line of.
func Line(s string) string {
	s = Clean(s)
	if !strings.ContainsAny(s, "\n\t") {
		return s
	}
	return strings.NewReplacer("\n", `\n`, "\t", `\t`).Replace(s)
}

// Writer passes everything written to it through Clean before the
// underlying writer sees it, and keeps any line from beginning, after its
// blanks, with "::", which a CI runner (GitHub Actions) reads as a
// workflow command from any line of a job's output: the first colon of
// such a line is written `\x3a`. Commands webgraph means to give are
// written to Raw. Each Write is cleaned on its own, so write whole strings
// (as fmt.Fprintf does): a character split across two Writes is escaped
// byte by byte. A Writer is as safe for concurrent use as the writer it
// wraps.
type Writer struct {
	w  io.Writer
	mu sync.Mutex
	// mid says the line being written holds more than blanks: a line's
	// beginning is known across Writes.
	mid bool
}

// NewWriter returns a Writer cleaning what it passes to w. A w that is
// already a *Writer is returned as it is.
func NewWriter(w io.Writer) *Writer {
	if sw, ok := w.(*Writer); ok {
		return sw
	}
	return &Writer{w: w}
}

// Write cleans p and writes it. It reports len(p) on success, as io.Writer
// asks, although the cleaned text may be longer.
func (w *Writer) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	s := string(p)
	if firstUnsafe(s) >= 0 {
		s = Clean(s)
	}
	w.mu.Lock() // the line's state and the write, in one order
	defer w.mu.Unlock()
	s = inertLines(s, !w.mid)
	tail := s[strings.LastIndexByte(s, '\n')+1:]
	if strings.TrimLeft(tail, " \t") != "" {
		w.mid = true
	} else if len(tail) < len(s) {
		w.mid = false // a new line, blank so far
	}
	if _, err := io.WriteString(w.w, s); err != nil {
		return 0, err
	}
	return len(p), nil
}

// inertLines writes the first colon of each line of s that begins (after
// blanks) with "::" as `\x3a`; start says s begins a line, or continues
// one that holds only blanks so far.
func inertLines(s string, start bool) string {
	if !strings.Contains(s, "::") {
		return s
	}
	var b strings.Builder
	for line := range strings.SplitAfterSeq(s, "\n") {
		if start {
			rest := strings.TrimLeft(line, " \t")
			if strings.HasPrefix(rest, "::") {
				line = line[:len(line)-len(rest)] + `\x3a` + rest[1:]
			}
		}
		b.WriteString(line)
		start = true
	}
	return b.String()
}

// Raw returns the writer under w, for the caller's own control sequences
// (a progress line redrawn in place).
func (w *Writer) Raw() io.Writer { return w.w }

// Markdown returns s as inert Markdown text for one table cell or line: its
// white space collapsed to single spaces (so it stays on one line), unsafe
// characters escaped as Clean does, HTML's <, > and & as entities, and each
// character that could start markup (table pipes, code spans, links,
// emphasis, headings, strikethrough, mentions) behind a backslash.
func Markdown(s string) string {
	s = Clean(strings.Join(strings.Fields(s), " "))
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '|', '`', '[', ']', '(', ')', '*', '_', '\\', '#', '!', '~', '@':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
