package policy

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// MaxRobotsWarnings caps the warnings one robots.txt yields; the rest are
// counted in a last warning.
const MaxRobotsWarnings = 20

// binaryMagic are the openings of common binary formats, each with what it is.
var binaryMagic = []struct {
	prefix, name string
}{
	{"\x1f\x8b", "a gzip file"},
	{"PK\x03\x04", "a ZIP archive"},
	{"\x7fELF", "an ELF executable"},
	{"MZ", "a Windows executable"},
	{"%PDF-", "a PDF document"},
	{"\x89PNG\r\n\x1a\n", "a PNG image"},
	{"GIF87a", "a GIF image"},
	{"GIF89a", "a GIF image"},
	{"\xff\xd8\xff", "a JPEG image"},
	{"RIFF", "a RIFF file (WebP, WAV, AVI)"},
	{"\x00\x00\x01\x00", "an icon"},
	{"wOFF", "a WOFF font"},
	{"wOF2", "a WOFF2 font"},
	{"SQLite format 3\x00", "a SQLite database"},
	{"BZh", "a bzip2 file"},
	{"\xfd7zXZ\x00", "an xz file"},
	{"\x28\xb5\x2f\xfd", "a zstd file"},
}

// NotText reports why body cannot be a robots.txt file, or "" when it can:
// it opens like a known binary format, holds a NUL byte, or more than one
// byte in 20 is not valid UTF-8 (a Latin-1 file with a few accented
// characters is still text). Only the first MaxRobotsBytes are judged.
func NotText(body []byte) string {
	if len(body) > MaxRobotsBytes {
		body = body[:MaxRobotsBytes]
	}
	for _, m := range binaryMagic {
		if bytes.HasPrefix(body, []byte(m.prefix)) {
			return "it is " + m.name
		}
	}
	if i := bytes.IndexByte(body, 0); i >= 0 {
		return fmt.Sprintf("it holds a NUL byte at offset %d", i)
	}
	invalid := 0
	for rest := body; len(rest) > 0; {
		r, size := utf8.DecodeRune(rest)
		if r == utf8.RuneError && size <= 1 {
			invalid++
		}
		rest = rest[size:]
	}
	if invalid > 0 && invalid*20 > len(body) {
		return fmt.Sprintf("%d of its %d bytes are not UTF-8", invalid, len(body))
	}
	return ""
}

// capWarnings keeps the first max warnings and counts the rest in one more.
func capWarnings(ws []string, max int) []string {
	if len(ws) <= max {
		return ws
	}
	return append(ws[:max:max], fmt.Sprintf("and %d more warnings", len(ws)-max))
}
