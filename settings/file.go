package settings

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// MaxFileBytes is the most a settings file may hold: far more than every
// setting written out, far less than a mistake (/dev/zero) could fill.
const MaxFileBytes = 1 << 20

// readSettingsFile reads the file at path, which must be a regular file
// (a FIFO would block every command, a device never end) of at most
// MaxFileBytes; os.DevNull is read as an empty file.
func readSettingsFile(path string) ([]byte, error) {
	if path == os.DevNull {
		return nil, nil // --config /dev/null: no settings from a file
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file (%s)", path, fi.Mode().Type())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("%s: over %d bytes: not a settings file", path, MaxFileBytes)
	}
	return data, nil
}

// readFile reads the settings file at path into a layer: every key a
// setting's name at the top level, its value of the setting's type.
// A missing file is no layer, unless it was named (explicit). A key the
// commands in takes do not read (a crawl's, for page) is left alone; an
// unknown key, a table, a value of the wrong type or one a setting does
// not take is an *Error naming the file, the line and the key, and every
// such problem is returned (errors.Join). No error quotes a secret. The
// warnings say when the file holds a secret and others may read it.
func readFile(path string, explicit bool, takes Commands) (*layer, []string, error) {
	data, err := readSettingsFile(path)
	if err != nil {
		if !explicit && errors.Is(err, fs.ErrNotExist) {
			return nil, nil, nil
		}
		if explicit {
			return nil, nil, fmt.Errorf("--config %w", err)
		}
		return nil, nil, err
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, nil, fmt.Errorf("%s:%d:%d: not TOML: %s", path, row, col, scrub(strings.TrimPrefix(de.Error(), "toml: ")))
		}
		return nil, nil, fmt.Errorf("%s: not TOML: %s", path, scrub(err.Error()))
	}
	l := newLayer()
	var problems []error
	for _, k := range keysOf(data) {
		src := Source{Kind: FromFile, File: path, Line: k.line}
		bad := func(format string, a ...any) {
			problems = append(problems, &Error{Name: k.name, Source: src, Err: fmt.Errorf(format, a...)})
		}
		if k.table {
			bad("a table: settings are keys at the top of the file (max-pages = 200), before any [table]")
			continue
		}
		f, ok := lookup(k.name)
		if !ok || k.dotted {
			bad("no such setting%s", suggest(k.name))
			continue
		}
		if !f.file {
			bad("is not read from a file: give --%s on the command line", f.name)
			continue
		}
		if f.takes&takes == 0 {
			continue // another command's setting
		}
		x := doc[k.name]
		if err := f.setTOML(&l.c, x); err != nil {
			if s, ok := x.(string); ok && s != "" && f.kind == wordKind && !strings.Contains(err.Error(), strconv.Quote(s)) {
				err = fmt.Errorf("%w (got %q)", err, s)
			}
			problems = append(problems, &Error{Name: f.name, Source: src, Err: err})
			continue
		}
		l.set[f.name] = src
	}
	if len(problems) > 0 {
		return nil, nil, errors.Join(problems...)
	}
	var warnings []string
	if secrets := l.secrets(); len(secrets) > 0 {
		if info, err := os.Stat(path); err == nil && info.Mode().Perm()&0o044 != 0 {
			warnings = append(warnings, fmt.Sprintf("%s holds a secret (%s) and others can read it (mode %04o): chmod 600 %s",
				path, strings.Join(secrets, ", "), info.Mode().Perm(), path))
		}
	}
	return l, warnings, nil
}

// secrets names the settings of the layer that hold a secret: a header, a
// cookie, a URL with a password.
func (l *layer) secrets() []string {
	var out []string
	for _, f := range fields() {
		if _, ok := l.set[f.name]; !ok {
			continue
		}
		if f.part == Secret || (f.whole != nil && *f.whole(&l.c) != "") {
			out = append(out, f.name)
		}
	}
	return out
}

// fileKey is a key at the top of a settings file, with its line.
type fileKey struct {
	name   string
	line   int
	dotted bool // a.b = …
	table  bool // [a] or [[a]]
}

// keysOf lists the file's top-level keys and tables in order, each with
// its line (the document is known to parse).
func keysOf(data []byte) []fileKey {
	var p unstable.Parser
	p.Reset(data)
	var keys []fileKey
	inTable := false // the keys after a [table] are the table's
	for p.NextExpression() {
		e := p.Expression()
		if e.Kind != unstable.KeyValue && e.Kind != unstable.Table && e.Kind != unstable.ArrayTable {
			continue
		}
		if inTable && e.Kind == unstable.KeyValue {
			continue
		}
		inTable = inTable || e.Kind != unstable.KeyValue
		var parts []string
		line := 0
		for it := e.Key(); it.Next(); {
			n := it.Node()
			if line == 0 {
				line = p.Shape(n.Raw).Start.Line
			}
			parts = append(parts, string(n.Data))
		}
		keys = append(keys, fileKey{name: strings.Join(parts, "."), line: line, dotted: len(parts) > 1,
			table: e.Kind != unstable.KeyValue})
	}
	return keys
}

// quoted matches what a TOML parser's message may quote of the document: a
// character (U+0041 'A') or a string.
var quoted = regexp.MustCompile(`U\+[0-9A-F]{4,6}( '[^']*')?|"[^"]*"|'[^']*'`)

// scrub removes from a parser's message what it quotes of the document,
// which may be part of a secret.
func scrub(msg string) string { return quoted.ReplaceAllString(msg, "…") }

// suggest returns "; did you mean NAME?" for the setting whose name is
// nearest to key, when one is near.
func suggest(key string) string {
	best, dist := "", -1
	norm := strings.ReplaceAll(strings.ToLower(key), "_", "-")
	for _, f := range fields() {
		if !f.file {
			continue
		}
		if d := editDistance(norm, f.name); dist < 0 || d < dist {
			best, dist = f.name, d
		}
	}
	if dist >= 0 && (dist <= 1 || dist <= len(key)/3) {
		return "; did you mean " + best + "?"
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
