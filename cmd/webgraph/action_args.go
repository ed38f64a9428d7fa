package main

import (
	"bytes"
	"errors"
	"io"
	"regexp"
	"strings"
)

// splitArgs splits the args input into arguments as a shell splits words,
// and does nothing else a shell does: white space (newlines included)
// separates arguments; '…' keeps everything inside as it is; "…" keeps
// everything inside but \" and \\, which stand for " and \; outside
// quotes, \ keeps the next character as it is (and a \ before a newline
// joins the lines). $, `, *, ~, ;, | and the rest are characters like any
// other: nothing is expanded, substituted or run.
func splitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord := false
	const (
		none = iota
		single
		double
	)
	quote := none
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch quote {
		case single:
			if c == '\'' {
				quote = none
			} else {
				cur.WriteByte(c)
			}
			continue
		case double:
			switch {
			case c == '"':
				quote = none
			case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		case '\'':
			quote, inWord = single, true
		case '"':
			quote, inWord = double, true
		case '\\':
			if i+1 == len(s) {
				return nil, errors.New("a \\ ends the value: it escapes nothing")
			}
			i++
			if s[i] == '\n' {
				continue // a continued line
			}
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != none {
		return nil, errors.New("a quote is not closed")
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}

// commandGuard passes what a command prints to a GitHub Actions runner,
// which obeys every line that begins (after white space) with "::" as a
// workflow command. A write that is one whole line, begun at the start of
// a line, is passed as it is: that is how webgraph writes the commands it
// means (crawldiff.GitHubCommand, whose values are escaped as GitHub
// requires). Any other line that would begin with "::" (inside a longer
// message: text from a site or an input, after a newline of its own) is
// given a leading "» ", so that the runner shows it and obeys nothing.
type commandGuard struct {
	w         io.Writer
	lineStart bool
}

func newCommandGuard(w io.Writer) io.Writer { return &commandGuard{w: w, lineStart: true} }

// meantCommand is the shape of a command webgraph writes: a level, a
// title (in which GitHub's escaping leaves no ':'), the message, one line.
var meantCommand = regexp.MustCompile(`^::(error|warning|notice) title=[^:\n]*::[^\n]*\n?$`)

func (g *commandGuard) Write(p []byte) (int, error) {
	whole := g.lineStart && meantCommand.Match(p)
	var out []byte
	start := g.lineStart
	for line := range bytes.Lines(p) {
		if start && !whole && bytes.HasPrefix(bytes.TrimLeft(line, " \t\r\f\v"), []byte("::")) {
			out = append(out, "» "...)
		}
		out = append(out, line...)
		start = bytes.HasSuffix(line, []byte("\n"))
	}
	g.lineStart = start
	if _, err := g.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// guardedError is an error whose words, said on stderr as they are, could
// begin a workflow command on a line of their own (an input's newline
// quoted in a message): its text is guarded as commandGuard guards a
// message, and it unwraps to the error, for the exit code.
type guardedError struct{ err error }

func (e *guardedError) Error() string {
	var b bytes.Buffer
	g := &commandGuard{w: &b}
	io.WriteString(g, e.err.Error()) // not a line's start: main says "webgraph: " first
	return b.String()
}

func (e *guardedError) Unwrap() error { return e.err }
