package plain

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

func TestDecodeText(t *testing.T) {
	t.Parallel()
	utf := []byte(`<html><head><meta charset="utf-8"><title>Café</title></head></html>`)
	if got, _ := decodeText(utf, "text/html; charset=utf-8"); &got[0] != &utf[0] {
		t.Errorf("valid UTF-8 was copied; want the body as it is")
	}
	utf16 := func(s string, le bool) []byte {
		var b []byte
		for _, r := range s { // (BMP only)
			if le {
				b = append(b, byte(r), byte(r>>8))
			} else {
				b = append(b, byte(r>>8), byte(r))
			}
		}
		return b
	}
	for _, tt := range []struct {
		name     string
		body     []byte
		ctype    string
		want     string // the text, whole (or, with contains, a part)
		contains bool
		encoding string
	}{
		{name: "invalid UTF-8 byte by byte", body: []byte("<p>caf\xe9 \xff</p>"), ctype: "text/html; charset=utf-8",
			want: "<p>caf\uFFFD \uFFFD</p>", encoding: "utf-8"},
		{name: "windows-1252 by meta", body: []byte("<meta charset=\"windows-1252\"><p>caf\xe9 \x80</p>"), ctype: "text/html",
			want: "café €", contains: true, encoding: "windows-1252"},
		{name: "the header beats the meta", body: []byte("<meta charset=\"windows-1252\"><p>caf\xe9</p>"), ctype: "text/html; charset=iso-8859-2",
			want: "café", contains: true, encoding: "iso-8859-2"},
		{name: "latin1 is windows-1252", body: []byte("<p>\x93quoted\x94</p>"), ctype: "text/html; charset=latin1",
			want: "“quoted”", contains: true, encoding: "windows-1252"},
		{name: "empty", body: nil, ctype: "", want: "", encoding: "windows-1252"},
		{name: "a UTF-8 BOM is dropped", body: []byte("\xef\xbb\xbf<p>hi</p>"), ctype: "text/html; charset=utf-8",
			want: "<p>hi</p>", encoding: "utf-8"},
		{name: "a UTF-8 BOM beats the header and the meta", body: []byte("\xef\xbb\xbf<meta charset=iso-8859-1><p>caf\xc3\xa9</p>"), ctype: "text/html; charset=windows-1252",
			want: "<meta charset=iso-8859-1><p>café</p>", encoding: "utf-8"},
		{name: "a UTF-16LE BOM beats the header", body: append([]byte{0xff, 0xfe}, utf16("<p>café</p>", true)...), ctype: "text/html; charset=utf-8",
			want: "<p>café</p>", encoding: "utf-16le"},
		{name: "a UTF-16BE BOM", body: append([]byte{0xfe, 0xff}, utf16("<p>café</p>", false)...), ctype: "text/html",
			want: "<p>café</p>", encoding: "utf-16be"},
		{name: "gbk is read as GB18030", body: []byte("<p>\x95\x34\xb2\x35\xd2\xb0\xbc\xd2 \x80</p>"), ctype: "text/html; charset=gbk",
			want: "<p>𠮷野家 €</p>", encoding: "gbk"},
		{name: "gb2312 by meta is read as GB18030", body: []byte("<meta charset=gb2312><p>\x95\x34\xb2\x35</p>"), ctype: "text/html",
			want: "<p>𠮷</p>", contains: true, encoding: "gbk"},
		{name: "x-user-defined by meta is windows-1252", body: []byte("<meta charset=x-user-defined><p>\x80</p>"), ctype: "text/html",
			want: "<p>€</p>", contains: true, encoding: "windows-1252"},
		{name: "a UTF-16 meta is UTF-8", body: []byte("<meta charset=utf-16le><p>caf\xc3\xa9</p>"), ctype: "text/html",
			want: "<p>café</p>", contains: true, encoding: "utf-8"},
		{name: "shift_jis by header", body: []byte("<p>\x93\x8c\x8b\x9e</p>"), ctype: "text/html; charset=Shift_JIS",
			want: "<p>東京</p>", encoding: "shift_jis"},
		{name: "the replacement encoding", body: []byte("<p>anything</p>"), ctype: "text/html; charset=iso-2022-kr",
			want: "\uFFFD", encoding: "replacement"},
	} {
		got, enc := decodeText(tt.body, tt.ctype)
		if tt.contains && !strings.Contains(string(got), tt.want) || !tt.contains && string(got) != tt.want {
			t.Errorf("%s: decoded to %q; want %q", tt.name, got, tt.want)
		}
		if enc != tt.encoding {
			t.Errorf("%s: encoding %q; want %q", tt.name, enc, tt.encoding)
		}
	}
}

func TestNotText(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		text string
		want bool
	}{
		{"a page", "<!doctype html><p>Just words,\tand a line.\r\n</p>", false},
		{"a stray control", "<p>" + strings.Repeat("words ", 20) + "\x1b</p>", false},
		{"NULs", strings.Repeat("a\x00", 100), true},
		{"binary", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x01\x02\x03\x04" + strings.Repeat("\x00\x7f\u0085\x10", 20), true},
		{"empty", "", false},
	} {
		if got := notText([]byte(tt.text)) != ""; got != tt.want {
			t.Errorf("%s: notText = %v; want %v", tt.name, got, tt.want)
		}
	}
}

// notTextByRange is notText as it was written first: the counts of a range
// over the text as a string.
func notTextByRange(text []byte) string {
	if len(text) > controlSample {
		text = text[:controlSample]
	}
	runes, controls := 0, 0
	for _, r := range string(text) {
		runes++
		if r < 0x20 && r != '\t' && r != '\n' && r != '\f' && r != '\r' || r >= 0x7f && r < 0xa0 {
			controls++
		}
	}
	if controls*maxControlShare <= runes {
		return ""
	}
	return fmt.Sprintf("the body is not text: %d of its first %d characters are control characters (binary data served as HTML, or a body compressed without a Content-Encoding to say so)", controls, runes)
}

var notTextCases = []string{
	"", "plain", "\x00", "\x00\x00a", strings.Repeat("a\x00", 100), "caf\u00e9 \u0085\u0085", "\xc2\x85\xc2", "\xff\xfe\x00\x01",
	strings.Repeat("\u0080", 3) + "abcdefghijklmnopqrstuvwxyz", strings.Repeat("\xe2\x82", 40), strings.Repeat("x", controlSample) + "\x00\x00",
	strings.Repeat("\u00e9", controlSample/2-1) + "\x01\x01\x01", "\x7f\x9f\xa0\t\n\f\r\v",
}

// TestNotTextCountsAsTheRange holds notText's byte loop to the range over
// the string it replaced, counts and words alike.
func TestNotTextCountsAsTheRange(t *testing.T) {
	for _, c := range notTextCases {
		if got, want := notText([]byte(c)), notTextByRange([]byte(c)); got != want {
			t.Errorf("notText(%q) = %q; the range gives %q", c, got, want)
		}
	}
	page := []byte(strings.Repeat("<p>words and more words</p>", 100))
	if n := testing.AllocsPerRun(10, func() { notText(page) }); n != 0 {
		t.Errorf("notText of a page costs %v allocations; want none", n)
	}
}

// FuzzNotText holds notText to the range over the string on any bytes.
func FuzzNotText(f *testing.F) {
	for _, c := range notTextCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := notText(b), notTextByRange(b); got != want {
			t.Fatalf("notText(%q) = %q; the range gives %q", b, got, want)
		}
	})
}

// compress returns text under the codings, applied in order.
func compress(t testing.TB, text string, codings ...string) []byte {
	t.Helper()
	b := []byte(text)
	for _, c := range codings {
		var buf bytes.Buffer
		var w io.WriteCloser
		switch c {
		case "gzip":
			w = gzip.NewWriter(&buf)
		case "deflate":
			w, _ = zlib.NewWriterLevel(&buf, zlib.DefaultCompression)
		case "raw-deflate":
			w, _ = flate.NewWriter(&buf, flate.DefaultCompression)
		case "br":
			w = brotli.NewWriter(&buf)
		case "zstd":
			w, _ = zstd.NewWriter(&buf)
		default:
			t.Fatalf("no coding %q", c)
		}
		w.Write(b)
		w.Close()
		b = buf.Bytes()
	}
	return b
}

func TestDecodeContent(t *testing.T) {
	t.Parallel()
	const text = "<!doctype html><title>Compressed</title><p>Sent compressed, read whole.</p>"
	for _, tt := range []struct {
		header string   // Content-Encoding
		apply  []string // how the body is made
	}{
		{"gzip", []string{"gzip"}},
		{"x-gzip", []string{"gzip"}},
		{"deflate", []string{"deflate"}},
		{"deflate", []string{"raw-deflate"}},
		{"br", []string{"br"}},
		{"zstd", []string{"zstd"}},
		{"gzip, br", []string{"gzip", "br"}},
		{"br, identity, zstd", []string{"br", "zstd"}},
		{"ZSTD", []string{"zstd"}},
		{"identity", nil},
		{"", nil},
	} {
		h := http.Header{}
		if tt.header != "" {
			h.Set("Content-Encoding", tt.header)
		}
		r, release, err := decodeContent(bytes.NewReader(compress(t, text, tt.apply...)), contentCodings(h))
		if err != nil {
			t.Errorf("%q: %v", tt.header, err)
			continue
		}
		got, err := io.ReadAll(iotest.HalfReader(r))
		release()
		if err != nil || string(got) != text {
			t.Errorf("%q (made %v): read %q, %v; want the text", tt.header, tt.apply, got, err)
		}
	}

	// Unknown and damaged codings are *codingError, in words.
	h := http.Header{"Content-Encoding": {"compress"}}
	_, _, err := decodeContent(strings.NewReader(text), contentCodings(h))
	var ce *codingError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), `"compress", a Content-Encoding webgraph does not read`) {
		t.Errorf("an unknown coding: error %v; want a *codingError naming it", err)
	}
	good := compress(t, strings.Repeat(text, 50), "br")
	bad := bytes.Clone(good)
	for i := len(bad) / 3; i < len(bad)/3+16; i++ {
		bad[i] ^= 0x5a
	}
	for name, tt := range map[string]struct {
		body   []byte
		coding string
	}{
		"damaged br":   {bad, "br"},
		"cut br":       {good[:len(good)/2], "br"},
		"not gzip":     {[]byte(text), "gzip"},
		"cut zstd":     {compress(t, strings.Repeat(text, 50), "zstd")[:40], "zstd"},
		"not deflate":  {[]byte("\x78\x9c\xff\xff\xff"), "deflate"},
		"gzip, not br": {compress(t, text, "gzip"), "br"},
	} {
		r, release, err := decodeContent(bytes.NewReader(tt.body), []string{tt.coding})
		if err == nil {
			_, err = io.ReadAll(r)
			release()
		}
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "does not decode") {
			t.Errorf("%s: error %v; want a *codingError saying it does not decode", name, err)
		}
	}
}

func TestReadBody(t *testing.T) {
	t.Parallel()
	body := bytes.Repeat([]byte("0123456789"), 1000)
	for _, c := range []struct {
		name          string
		length, limit int64
		want          int
	}{
		{"length told", int64(len(body)), 1 << 20, len(body)},
		{"length unknown", -1, 1 << 20, len(body)},
		{"length understated", 100, 1 << 20, len(body)},
		{"length overstated", 1 << 19, 1 << 20, len(body)},
		{"limit", -1, 4097, 4097},
		{"limit with length told", int64(len(body)), 4097, 4097},
		{"length absurd", math.MaxInt64, 1 << 20, len(body)},
		{"length at the limit", 1 << 20, 1 << 20, len(body)},
	} {
		got, err := readBody(iotest.HalfReader(bytes.NewReader(body)), c.length, c.limit)
		if err != nil || len(got) != c.want || !bytes.Equal(got, body[:c.want]) {
			t.Errorf("%s: read %d bytes (%v); want the first %d", c.name, len(got), err, c.want)
		}
	}
	_, err := readBody(iotest.TimeoutReader(bytes.NewReader(body)), -1, 1<<20)
	if err == nil {
		t.Errorf("a failing read returned no error")
	}
}

// TestReadBodyOfUnknownLengthAllocatesOnce holds a page of 5 KB sent in
// chunks (no length told) to one buffer, the reader aside.
func TestReadBodyOfUnknownLengthAllocatesOnce(t *testing.T) {
	body := bytes.Repeat([]byte("<li><a href=/p/1>Page 1</a></li>"), 5<<10/32)
	r := bytes.NewReader(body)
	n := testing.AllocsPerRun(20, func() {
		r.Reset(body)
		if b, err := readBody(r, -1, 1<<20); err != nil || len(b) != len(body) {
			t.Fatalf("read %d bytes (%v); want %d", len(b), err, len(body))
		}
	})
	if n > 2 {
		t.Errorf("reading %d bytes of unknown length costs %v allocations; want the buffer and the limiting reader", len(body), n)
	}
}

// FuzzDecode holds the decoding of a body (its Content-Encoding undone,
// read to a cap, its charset found, its text judged) to never panicking,
// never reading past the cap, and always giving valid UTF-8.
func FuzzDecode(f *testing.F) {
	const limit = 1 << 16
	page := "<!doctype html><meta charset=utf-8><p>café</p>"
	f.Add([]byte(page), "text/html", "")                                    // plain UTF-8
	f.Add(compress(f, page, "gzip"), "text/html; charset=utf-8", "gzip")    // gzip
	f.Add(compress(f, page, "gzip", "br"), "text/html", "gzip, br")         // stacked
	f.Add(compress(f, page, "zstd"), "text/html", "zstd")                   // zstd
	f.Add(compress(f, page, "raw-deflate"), "text/html", "deflate")         // bare deflate
	f.Add(compress(f, strings.Repeat("a", 1<<20), "br"), "text/html", "br") // expands past the cap
	f.Add([]byte("\xff\xfe<\x00p\x00>\x00"), "text/html; charset=gbk", "")  // a BOM against the header
	f.Add([]byte("<p>\x95\x34\xb2\x35</p>"), "text/html; charset=gbk", "")  // four-byte GB18030
	f.Add([]byte("\x1f\x8b\x08binary"), "text/html", "compress")            // an unknown coding
	f.Fuzz(func(t *testing.T, body []byte, ctype, coding string) {
		h := http.Header{"Content-Encoding": {coding}}
		r, release, err := decodeContent(bytes.NewReader(body), contentCodings(h))
		if err != nil {
			return
		}
		defer release()
		b, err := readBody(r, -1, limit+1)
		if len(b) > limit+1 {
			t.Fatalf("read %d bytes; want at most %d", len(b), limit+1)
		}
		if err != nil {
			var ce *codingError
			if !errors.As(err, &ce) {
				t.Fatalf("a decoder's error %v is not a *codingError", err)
			}
			return
		}
		text, _ := decodeText(b, ctype)
		if !utf8.Valid(text) {
			t.Fatalf("decodeText gave invalid UTF-8 for %q (%q)", b, ctype)
		}
		notText(text)
	})
}
