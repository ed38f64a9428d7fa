package plain

import (
	"bytes"

	"golang.org/x/net/html"
)

// lexer splits a document into the tokens x/net/html's tokenizer gives, for
// the documents written plainly: tags whose names are letters, digits and
// hyphens, attributes whose names are letters, digits and "-_:.", values
// quoted, or unquoted without quotes, "<", "=" or "`", and no character
// reference in a value but a few named ones and numbers (see
// plainReference); comments that hold no "--"; a doctype;
// raw text closed by its end tag (a script's without "<!--"). Anything else
// stops it (tBail) and scan leaves the document to the parser. It copies
// nothing it is not asked for.
type lexer struct {
	b []byte
	s string // b as a string, when share: what is kept of it is a substring, not a copy
	// share says what is kept may be a substring of s: s is small enough
	// to be held as long as what is kept of it (see maxShared).
	share bool
	i     int
	raw   []byte // the raw text element just opened: its text comes next

	// The current token.
	name        []byte // a tag's name, lower case (in nameBuf)
	text        []byte // a text token's bytes as written
	textAt      int    // where text starts in b
	rcdata      bool   // text with character references (not raw text)
	attrs       []lexAttr
	selfClosing bool

	nameBuf []byte
	keyBuf  []byte
}

// A lexAttr is an attribute as written: its name lower case, its value
// (b[vs:ve]) before "&amp;" is read.
type lexAttr struct {
	key    []byte
	vs, ve int
	amp    bool // the value holds a character reference (see plainReference)
}

// maxShared is the largest document whose text and attributes are kept as
// substrings of it: a link's anchor text then holds the whole document in
// memory, as long as the page's record waits to be written.
const maxShared = 64 << 10

type lexToken uint8

const (
	tBail lexToken = iota
	tEOF
	tText
	tStart
	tEnd
)

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// rawNames are the elements the tokenizer reads the content of as text.
var rawNames = map[string]bool{
	"iframe": true, "noembed": true, "noframes": true, "noscript": true, "plaintext": true,
	"script": true, "style": true, "textarea": true, "title": true, "xmp": true,
}

func (l *lexer) next() lexToken {
	if l.raw != nil {
		return l.rawText()
	}
	for {
		if l.i >= len(l.b) {
			return tEOF
		}
		if l.b[l.i] != '<' {
			return l.textRun()
		}
		if l.i+1 >= len(l.b) {
			return l.textRun() // a "<" at the end is text
		}
		c := l.b[l.i+1]
		switch {
		case isLetter(c):
			return l.startTag()
		case c == '/':
			return l.endTag()
		case c == '!':
			if !l.markup() {
				return tBail
			}
			continue // a comment or doctype: nothing scan reads
		case c == '?':
			return tBail
		}
		return l.textRun()
	}
}

// textRun reads text up to the next "<" that starts a tag, comment or
// declaration.
func (l *lexer) textRun() lexToken {
	start := l.i
	j := l.i + 1 // a "<" at l.i is text
	for {
		k := bytes.IndexByte(l.b[j:], '<')
		if k < 0 {
			j = len(l.b)
			break
		}
		j += k
		if j+1 < len(l.b) {
			if c := l.b[j+1]; isLetter(c) || c == '/' || c == '!' || c == '?' {
				break
			}
		} else {
			j = len(l.b)
			break
		}
		j++
	}
	l.i = j
	l.text, l.textAt, l.rcdata = l.b[start:j], start, true
	return tText
}

// rawText reads the content of the raw text element just opened, up to its
// end tag, which it leaves for next.
func (l *lexer) rawText() lexToken {
	name := l.raw
	l.raw = nil
	start := l.i
	for j := l.i; ; {
		k := bytes.Index(l.b[j:], []byte("</"))
		if k < 0 {
			return tBail // not closed
		}
		j += k
		end := j + 2 + len(name)
		if end < len(l.b) && matchFold(l.b[j+2:end], name) {
			if c := l.b[end]; isSpace(c) || c == '/' || c == '>' {
				l.text, l.textAt = l.b[start:j], start
				l.i = j
				if string(name) == "script" && bytes.Contains(l.text, []byte("<!--")) {
					return tBail // the tokenizer's escaped script states
				}
				l.rcdata = string(name) == "title" || string(name) == "textarea"
				if len(l.text) == 0 {
					return l.next()
				}
				return tText
			}
		}
		j += 2
	}
}

// matchFold reports whether b is name (lower case), ASCII case aside.
func matchFold(b, name []byte) bool {
	for i := range b {
		if lower(b[i]) != name[i] {
			return false
		}
	}
	return true
}

// tagName reads a tag's name from l.i into nameBuf.
func (l *lexer) tagName() bool {
	l.nameBuf = l.nameBuf[:0]
	for l.i < len(l.b) {
		c := l.b[l.i]
		if isSpace(c) || c == '/' || c == '>' {
			break
		}
		if !isLetter(c) && !isDigit(c) && c != '-' {
			return false
		}
		l.nameBuf = append(l.nameBuf, lower(c))
		l.i++
	}
	l.name = l.nameBuf
	return l.i < len(l.b)
}

func (l *lexer) skipSpace() {
	for l.i < len(l.b) && isSpace(l.b[l.i]) {
		l.i++
	}
}

func (l *lexer) startTag() lexToken {
	l.i++ // "<"
	if !l.tagName() {
		return tBail
	}
	l.attrs, l.keyBuf, l.selfClosing = l.attrs[:0], l.keyBuf[:0], false
	for {
		l.skipSpace()
		if l.i >= len(l.b) {
			return tBail
		}
		switch c := l.b[l.i]; {
		case c == '>':
			l.i++
			if rawNames[string(l.name)] {
				l.raw = l.name
			}
			return tStart
		case c == '/':
			if l.i+1 < len(l.b) && l.b[l.i+1] == '>' {
				l.i += 2
				l.selfClosing = true
				if rawNames[string(l.name)] {
					l.raw = l.name // the tokenizer reads a raw element's text all the same
				}
				return tStart
			}
			return tBail
		}
		if !l.attr() {
			return tBail
		}
	}
}

func isKeyByte(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '-' || c == '_' || c == ':' || c == '.'
}

// attr reads one attribute at l.i.
func (l *lexer) attr() bool {
	k0 := len(l.keyBuf)
	for l.i < len(l.b) && isKeyByte(l.b[l.i]) {
		l.keyBuf = append(l.keyBuf, lower(l.b[l.i]))
		l.i++
	}
	key := l.keyBuf[k0:]
	if len(key) == 0 || l.i >= len(l.b) {
		return false
	}
	if c := l.b[l.i]; !isSpace(c) && c != '=' && c != '>' && c != '/' {
		return false
	}
	l.skipSpace()
	var val []byte
	vs := l.i
	if l.i < len(l.b) && l.b[l.i] == '=' {
		l.i++
		l.skipSpace()
		if l.i >= len(l.b) {
			return false
		}
		switch q := l.b[l.i]; q {
		case '"', '\'':
			k := bytes.IndexByte(l.b[l.i+1:], q)
			if k < 0 {
				return false
			}
			val, vs = l.b[l.i+1:l.i+1+k], l.i+1
			l.i += k + 2
			if l.i < len(l.b) {
				if c := l.b[l.i]; !isSpace(c) && c != '>' && c != '/' {
					return false // the tokenizer reads on into another attribute
				}
			}
		default:
			j := l.i
			for j < len(l.b) && !isSpace(l.b[j]) && l.b[j] != '>' {
				switch l.b[j] {
				case '"', '\'', '<', '=', '`':
					return false
				}
				j++
			}
			if j == l.i {
				return false
			}
			val, vs = l.b[l.i:j], l.i
			l.i = j
		}
	}
	amp := false
	if bytes.IndexByte(val, '&') >= 0 {
		for v := val; ; {
			k := bytes.IndexByte(v, '&')
			if k < 0 {
				break
			}
			n := plainReference(v[k:])
			if n == 0 {
				return false
			}
			v = v[k+n:]
		}
		amp = true
	}
	if bytes.IndexByte(val, '\r') >= 0 {
		return false
	}
	// Every look-up reads the first of a repeated attribute. The check is
	// against every earlier one, so a tag of very many attributes is left
	// to the parser, whose cost does not grow with their square.
	if len(l.attrs) >= maxScanAttrs {
		return false
	}
	for _, a := range l.attrs {
		if bytes.Equal(a.key, key) {
			return true
		}
	}
	l.attrs = append(l.attrs, lexAttr{key: key, vs: vs, ve: vs + len(val), amp: amp})
	return true
}

// maxScanAttrs is the most attributes a tag the scan reads may have.
const maxScanAttrs = 64

// value returns an attribute's value as the tokenizer gives it.
func (l *lexer) value(a lexAttr) string {
	var v string
	if l.share {
		v = l.s[a.vs:a.ve]
	} else {
		v = string(l.b[a.vs:a.ve])
	}
	if !a.amp {
		return v
	}
	return html.UnescapeString(v)
}

// plainReference returns the length of the character reference at the
// start of v ("&..."), when it is one the tokenizer reads in an attribute
// value as it reads it in text (a name it knows, or a number, ended by
// ";"), else 0: html.UnescapeString then reads the value as the tokenizer
// does.
func plainReference(v []byte) int {
	for _, name := range []string{"&amp;", "&quot;", "&lt;", "&gt;", "&apos;", "&nbsp;"} {
		if bytes.HasPrefix(v, []byte(name)) {
			return len(name)
		}
	}
	if len(v) < 4 || v[1] != '#' {
		return 0
	}
	i, hex := 2, v[2] == 'x' || v[2] == 'X'
	if hex {
		i++
	}
	start := i
	for i < len(v) && i-start < 6 && (isDigit(v[i]) || hex && ('a' <= lower(v[i]) && lower(v[i]) <= 'f')) {
		i++
	}
	if i == start || i >= len(v) || v[i] != ';' {
		return 0
	}
	return i + 1
}

func (l *lexer) endTag() lexToken {
	l.i += 2 // "</"
	if l.i >= len(l.b) || !isLetter(l.b[l.i]) {
		return tBail
	}
	if !l.tagName() {
		return tBail
	}
	l.skipSpace()
	if l.i >= len(l.b) || l.b[l.i] != '>' {
		return tBail
	}
	l.i++
	return tEnd
}

// markup skips a comment or doctype at l.i ("<!").
func (l *lexer) markup() bool {
	rest := l.b[l.i+2:]
	if bytes.HasPrefix(rest, []byte("--")) {
		body := rest[2:]
		if bytes.HasPrefix(body, []byte(">")) || bytes.HasPrefix(body, []byte("->")) {
			return false
		}
		k := bytes.Index(body, []byte("--"))
		if k < 0 || k+2 >= len(body) || body[k+2] != '>' {
			return false
		}
		l.i += 2 + 2 + k + 3
		return true
	}
	if len(rest) >= 7 && matchFold(rest[:7], []byte("doctype")) {
		k := bytes.IndexByte(rest, '>')
		if k < 0 {
			return false
		}
		l.i += 2 + k + 1
		return true
	}
	return false
}

// textOf returns a text token as the tokenizer gives it (line breaks
// normalised, character references read where they count), and where it
// starts in b when it is b's bytes as they are (else -1).
func (l *lexer) textOf() ([]byte, int) {
	t, at := l.text, l.textAt
	if !l.share {
		at = -1
	}
	if bytes.IndexByte(t, '\r') >= 0 {
		t = bytes.ReplaceAll(t, []byte("\r\n"), []byte("\n"))
		t = bytes.ReplaceAll(t, []byte("\r"), []byte("\n"))
		at = -1
	}
	if l.rcdata && bytes.IndexByte(t, '&') >= 0 {
		t = []byte(html.UnescapeString(string(t)))
		at = -1
	}
	return t, at
}
