package safetext

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, in, want string }{
		{"plain text", "Hello, wörld\tand\nmore", "Hello, wörld\tand\nmore"},
		{"ESC sequence", "a\x1b[31mred\x1b[0m", `a\x1b[31mred\x1b[0m`},
		{"OSC title set", "\x1b]0;pwned\x07", `\x1b]0;pwned\x07`},
		{"carriage return", "ok\rfake", `ok\x0dfake`},
		{"NUL and DEL", "a\x00b\x7f", `a\x00b\x7f`},
		{"C1 CSI as rune", "a\u009b31m", `a\u009b31m`},
		{"C1 as a raw byte", "a\x9b31m", `a\x9b31m`},
		{"bidi override", "abc\u202egnp.exe", `abc\u202egnp.exe`},
		{"bidi isolate", "\u2066x\u2069", `\u2066x\u2069`},
		{"invalid UTF-8", "a\xffb", `a\xffb`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Clean(tt.in); got != tt.want {
				t.Errorf("Clean(%q) = %q; want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestMarkdown holds each kind of markup a site could plant in a summary's
// table to its inert form (moved from cmd/webgraph, whose --summary uses it).
func TestMarkdown(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"plain words", "plain words"},
		{"a|b", `a\|b`},
		{"`code`", "\\`code\\`"},
		{"[click](javascript:x)", `\[click\]\(javascript:x\)`},
		{"<img src=x onerror=y>", "&lt;img src=x onerror=y&gt;"},
		{"line\nbreak\x1b[31m", `line break\\x1b\[31m`},
		{"@team", `\@team`},
		{"Q&A #1 *bold*", `Q&amp;A \#1 \*bold\*`},
	}
	for _, tt := range tests {
		if got := Markdown(tt.in); got != tt.want {
			t.Errorf("Markdown(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestWriter(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	in := "title: \x1b[2Jgone\n"
	n, err := w.Write([]byte(in))
	if err != nil || n != len(in) {
		t.Fatalf("Write = %d, %v; want %d, nil", n, err, len(in))
	}
	if got, want := buf.String(), "title: \\x1b[2Jgone\n"; got != want {
		t.Errorf("wrote %q; want %q", got, want)
	}
	if NewWriter(w) != w {
		t.Error("NewWriter(*Writer) wrapped twice")
	}
}

// hasUnsafe reports whether s still holds something Clean must remove.
func hasUnsafe(s string) bool {
	for _, r := range s {
		if unsafe(r) {
			return true
		}
	}
	return false
}

func FuzzClean(f *testing.F) {
	f.Add("plain words")              // nothing to do
	f.Add("\x1b[31mred\x1b[0m")       // ANSI colour
	f.Add("\x1b]8;;http://x\x07link") // OSC 8 hyperlink
	f.Add("a\u202eb\u2066c")          // bidi override and isolate
	f.Add("\xc2\x9b\x9b\xff")         // C1 as UTF-8, as a raw byte, invalid
	f.Add(`already \x1b escaped`)     // escapes stay as they are
	f.Add("tab\tnewline\ncr\r")       // kept, kept, escaped
	f.Fuzz(func(t *testing.T, s string) {
		got := Clean(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Clean(%q) = %q: not valid UTF-8", s, got)
		}
		if hasUnsafe(got) {
			t.Fatalf("Clean(%q) = %q: still has a control character", s, got)
		}
		if again := Clean(got); again != got {
			t.Fatalf("Clean not idempotent: %q -> %q -> %q", s, got, again)
		}
		if utf8.ValidString(s) && !hasUnsafe(s) && got != s {
			t.Fatalf("Clean(%q) = %q: changed safe text", s, got)
		}
		if strings.Count(got, "\n") != strings.Count(s, "\n") {
			t.Fatalf("Clean(%q) changed the lines", s)
		}
	})
}

// FuzzMarkdown: whatever a site writes, Markdown gives one line with no
// control character, no raw HTML bracket, and every markup character
// behind a backslash.
func FuzzMarkdown(f *testing.F) {
	for _, s := range []string{"plain", "a|b", "[x](javascript:y)", "<img onerror=z>", "line\nbreak\x1b[31m", "@team #1 *bold* _it_ ~s~", "\\|"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Markdown(s)
		if strings.ContainsAny(got, "\n\r<>") || firstUnsafe(got) >= 0 {
			t.Fatalf("Markdown(%q) = %q: not one inert line", s, got)
		}
		for i := 0; i < len(got); i++ {
			if strings.IndexByte("|`[]()*_#!~@", got[i]) >= 0 && (i == 0 || got[i-1] != '\\') {
				t.Fatalf("Markdown(%q) = %q: %q at %d is not escaped", s, got, got[i], i)
			}
			if got[i] == '\\' && i+1 < len(got) {
				i++ // an escape and what it escapes
			}
		}
	})
}

// Line gives one line: what Clean gives, newlines and tabs escaped too.
func TestLine(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"plain":                          "plain",
		"valid for a\n::error::x, not b": `valid for a\n::error::x, not b`,
		"tab\there\x1b[2J\r":             `tab\there\x1b[2J\x0d`,
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %q; want %q", in, got, want)
		}
	}
}

// Whatever is written through a Writer, in whatever pieces, no line it
// gives begins (after blanks) with "::", which a CI runner would take as a
// workflow command; other colons are left alone.
func TestWriterLinesStartNoCommand(t *testing.T) {
	t.Parallel()
	for _, pieces := range [][]string{
		{"webgraph: deferred (x509: valid for a\n::error title=p::x, not b)\n"},
		{"listing:\n", "  ", "::warning::y\n"},
		{"::notice::at the very start\n"},
		{"words: a::b stay\n", "\t::debug::z"},
	} {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		for _, p := range pieces {
			if n, err := w.Write([]byte(p)); err != nil || n != len(p) {
				t.Fatalf("Write(%q) = %d, %v", p, n, err)
			}
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
				t.Errorf("wrote %q: the line %q starts a workflow command", pieces, line)
			}
		}
		if !strings.Contains(buf.String(), `\x3a:`) {
			t.Errorf("wrote %q as %q; want the command's first colon escaped", pieces, buf.String())
		}
		if strings.Contains(strings.Join(pieces, ""), "a::b") && !strings.Contains(buf.String(), "a::b") {
			t.Errorf("wrote %q as %q: colons inside a line changed", pieces, buf.String())
		}
	}
}

// FuzzLine: whatever a site writes, Line gives one line with no control
// character.
func FuzzLine(f *testing.F) {
	for _, s := range []string{"plain", "a\n::error::b", "\t\r\n\x1b", "\u2028x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Line(s)
		if strings.ContainsAny(got, "\n\r\t") || hasUnsafe(got) || !utf8.ValidString(got) {
			t.Fatalf("Line(%q) = %q: not one clean line", s, got)
		}
	})
}
