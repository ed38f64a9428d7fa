package plain

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"
)

// acceptEncoding is the Accept-Encoding the plain side sends: what a
// browser asks for. Every coding in it is undone by decodeContent; with the
// header set by the request, net/http leaves the body as sent.
const acceptEncoding = "gzip, deflate, br, zstd"

// maxZstdWindow bounds the window a zstd body may ask the decoder to keep:
// 8 MiB, the most a browser accepts for HTTP (RFC 9659), so a body cannot
// make the decoder hold more.
const maxZstdWindow = 8 << 20

// ErrUndecodable is wrapped by the error of a fetch whose body cannot be
// read as text: a Content-Encoding that is unknown or does not decode, or
// bytes that are not text. Such a side is dropped; its body is never kept
// as the page's words.
var ErrUndecodable = errors.New("plain: body not readable as text")

// undecodable returns the error of a fetch of pageURL whose body cannot be
// read: ErrUndecodable with why, in words.
func undecodable(pageURL, why string) error {
	return fmt.Errorf("%w: %s: %s", ErrUndecodable, pageURL, why)
}

// contentCodings returns the codings the Content-Encoding headers of h
// name, lower case, in the order the server applied them, "identity"
// left out.
func contentCodings(h http.Header) []string {
	var codings []string
	for _, v := range h.Values("Content-Encoding") {
		for _, c := range strings.Split(v, ",") {
			c = strings.ToLower(strings.TrimSpace(c))
			if c != "" && c != "identity" {
				codings = append(codings, c)
			}
		}
	}
	return codings
}

// codingError is a failure to undo a Content-Encoding.
type codingError struct {
	coding string
	err    error
}

func (e *codingError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("the server says the body is %q, a Content-Encoding webgraph does not read (it reads gzip, deflate, br and zstd)", e.coding)
	}
	return fmt.Sprintf("the body, sent compressed as %q, does not decode (%v): the server sent a damaged body or named the wrong Content-Encoding", e.coding, e.err)
}

func (e *codingError) Unwrap() error { return e.err }

// decodeContent returns a reader of r with codings (as contentCodings gives
// them) undone, the last applied first, and a func that releases the
// decoders. Errors reading it that come from a decoder are *codingError.
// Each decoder streams with bounded memory, so how much is read is bounded
// by how much the caller reads.
func decodeContent(r io.Reader, codings []string) (io.Reader, func(), error) {
	var closers []func()
	release := func() {
		for _, c := range closers {
			c()
		}
	}
	for i := len(codings) - 1; i >= 0; i-- {
		c := codings[i]
		var d io.Reader
		var err error
		switch c {
		case "gzip", "x-gzip":
			var z *gzip.Reader
			if z, err = gzip.NewReader(r); err == nil {
				d = z
				closers = append(closers, func() { z.Close() })
			}
		case "deflate":
			d, err = newDeflateReader(r)
		case "br":
			d = brotli.NewReader(r)
		case "zstd":
			var z *zstd.Decoder
			z, err = zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(maxZstdWindow))
			if err == nil {
				d = z
				closers = append(closers, z.Close)
			}
		default:
			release()
			return nil, func() {}, &codingError{coding: c}
		}
		if err != nil {
			release()
			return nil, func() {}, &codingError{coding: c, err: err}
		}
		r = codingReader{c, d}
	}
	return r, release, nil
}

// newDeflateReader reads HTTP's "deflate": a zlib stream, or, as some
// servers send it and browsers accept, a bare deflate stream.
func newDeflateReader(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	h, err := br.Peek(2)
	if err != nil && len(h) < 2 {
		return nil, fmt.Errorf("a deflate stream of %d bytes", len(h))
	}
	if h[0]&0x0f == 8 && (uint16(h[0])<<8|uint16(h[1]))%31 == 0 { // a zlib header
		return zlib.NewReader(br)
	}
	return flate.NewReader(br), nil
}

// codingReader marks the errors of a decoder as *codingError.
type codingReader struct {
	coding string
	r      io.Reader
}

func (c codingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF {
		var ce *codingError
		if !errors.As(err, &ce) {
			err = &codingError{coding: c.coding, err: err}
		}
	}
	return n, err
}

// sourceReader remembers the error its reader, the body as it comes off
// the network, returned: a decoder's error is the body's fault only when
// the network gave none.
type sourceReader struct {
	r   io.Reader
	err error
}

func (s *sourceReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

// decodeText returns body, an HTML document served with the Content-Type
// ctype, as UTF-8, and the name of its encoding (as the WHATWG Encoding
// Standard names it, lower case). The encoding is found as a browser finds
// it: a byte order mark (UTF-8, UTF-16LE, UTF-16BE) wins and is dropped;
// then the header's charset; then a <meta> charset in the first 1024 bytes;
// then a guess (UTF-8 when the first 1024 bytes are valid UTF-8, else
// windows-1252). Bytes not valid in the encoding become U+FFFD. A UTF-8 body
// that is valid, as most are, is returned as it is.
//
// Labels are those of the Encoding Standard (golang.org/x/text's htmlindex
// holds them all), and so are the decoders, but for one: "gbk" (and
// gb2312, x-gbk, …) is decoded as GB18030, as the standard's GBK decoder
// is, so characters outside GBK's two-byte table are read, not lost.
func decodeText(body []byte, ctype string) ([]byte, string) {
	name, bom := sniffEncoding(body, ctype)
	body = body[bom:]
	var e encoding.Encoding
	switch name {
	case "utf-8":
		if utf8.Valid(body) {
			return body, name
		}
		e = unicode.UTF8
	case "gbk", "gb18030":
		e = simplifiedchinese.GB18030
	default:
		var err error
		if e, err = htmlindex.Get(name); err != nil {
			e = unicode.UTF8
		}
	}
	out, err := e.NewDecoder().Bytes(body)
	if err != nil {
		return bytes.ToValidUTF8(body, []byte("\uFFFD")), name
	}
	return out, name
}

// sniffEncoding returns the name of body's encoding (see decodeText) and
// the length of its byte order mark, 0 when it has none.
func sniffEncoding(body []byte, ctype string) (name string, bom int) {
	switch {
	case bytes.HasPrefix(body, []byte{0xef, 0xbb, 0xbf}):
		return "utf-8", 3
	case bytes.HasPrefix(body, []byte{0xfe, 0xff}):
		return "utf-16be", 2
	case bytes.HasPrefix(body, []byte{0xff, 0xfe}):
		return "utf-16le", 2
	}
	if _, params, err := mime.ParseMediaType(ctype); err == nil {
		if _, name := charset.Lookup(params["charset"]); name != "" {
			return name, 0
		}
	}
	_, name, _ = charset.DetermineEncoding(body, "") // the meta prescan, else the guess
	if name == "x-user-defined" {
		name = "windows-1252" // as a <meta> naming it is read (the guess never does)
	}
	return name, 0
}

// maxControlShare is the share of control characters past which decoded
// text is taken for binary data: no page written for people has one in ten.
const maxControlShare = 10

// controlSample is how much of a decoded body notText looks at.
const controlSample = 64 << 10

// notText returns why text (UTF-8, as decodeText gives it) is clearly not
// text, or "" when it may be: more than one character in maxControlShare of
// its first controlSample bytes is NUL or another control character (tab,
// line feed, form feed and carriage return aside).
func notText(text []byte) string {
	if len(text) > controlSample {
		text = text[:controlSample]
	}
	runes, controls := 0, 0
	for i := 0; i < len(text); runes++ {
		r := rune(text[i])
		if r < utf8.RuneSelf {
			i++
		} else {
			var w int
			r, w = utf8.DecodeRune(text[i:]) // a bad byte is one U+FFFD, as ranging over the string reads it
			i += w
		}
		if r < 0x20 && r != '\t' && r != '\n' && r != '\f' && r != '\r' || r >= 0x7f && r < 0xa0 {
			controls++
		}
	}
	if controls*maxControlShare <= runes {
		return ""
	}
	return fmt.Sprintf("the body is not text: %d of its first %d characters are control characters (binary data served as HTML, or a body compressed without a Content-Encoding to say so)", controls, runes)
}
