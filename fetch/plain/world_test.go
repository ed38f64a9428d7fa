package plain

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestWorldEncodings reads the pages of testdata/sites/world whose bytes
// only a browser's rules decode right: byte order marks against the header
// and the meta, GB18030 under a gbk label, Shift_JIS.
func TestWorldEncodings(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "world")
	f := New(Config{})
	defer f.Close()
	for _, tt := range []struct {
		path, title string
		text        []string // parts of the text
	}{
		{"/gbk.html", "名字里的生僻字", []string{"例如“䶮”和“𠮷”", "写成“€35”"}},
		{"/bom-utf8.html", "Marché du samedi", []string{"la place de l’église se remplit d’étals"}},
		{"/bom-utf16.html", "Marché du samedi (UTF-16)", []string{"la place de l’église se remplit d’étals"}},
		{"/sjis.html", "東京の古い駅舎", []string{"明治時代に建てられた赤れんがの駅舎は"}},
	} {
		s := fetchPath(t, f, ts.URL, tt.path)
		if s.Err != nil {
			t.Errorf("%s: %v", tt.path, s.Err)
			continue
		}
		if s.Title != tt.title {
			t.Errorf("%s: Title = %q; want %q", tt.path, s.Title, tt.title)
		}
		text := s.Text()
		for _, w := range tt.text {
			if !strings.Contains(text, w) {
				t.Errorf("%s: text lacks %q; got %q", tt.path, w, text)
			}
		}
		if strings.ContainsAny(text, "\uFFFD\uFEFF") {
			t.Errorf("%s: text holds U+FFFD or a byte order mark: %q", tt.path, text)
		}
		if len(s.Blocks) == 0 || s.Blocks[0] != tt.title && !strings.HasPrefix(tt.title, s.Blocks[0]) {
			t.Errorf("%s: the first block is %q; want the heading (a byte order mark is no block)", tt.path, s.Blocks)
		}
	}
}

// TestWorldShiftJISQuery: a Shift_JIS page's links carry their queries in
// Shift_JIS, and a character Shift_JIS lacks as "&#N;", percent-encoded.
func TestWorldShiftJISQuery(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "world")
	f := New(Config{})
	defer f.Close()
	s := fetchPath(t, f, ts.URL, "/sjis.html")
	var got []string
	for _, l := range s.Links {
		got = append(got, l.URL)
	}
	for _, w := range []string{ts.URL + "/search.html?q=%93%8C%8B%9E", ts.URL + "/search.html?q=caf%26%23233%3B&page=2"} {
		if !slices.Contains(got, w) {
			t.Errorf("links %q lack %q", got, w)
		}
	}
}

// TestWorldContentEncoding: br and zstd bodies are read decoded; a damaged
// one drops the side with a reason, never kept as the page's words.
func TestWorldContentEncoding(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "world")
	f := New(Config{KeepExchange: true})
	defer f.Close()
	for _, c := range []struct{ path, title string }{{"/br.html", "Bread before six (brotli)"}, {"/zstd.html", "Bread before six (zstd)"}} {
		s := fetchPath(t, f, ts.URL, c.path)
		if s.Err != nil || s.Title != c.title || s.Words < 60 {
			t.Errorf("%s: err %v, title %q, %d words; want the page read: %q, 80 words and more", c.path, s.Err, s.Title, s.Words, c.title)
		}
		if s.Exchange == nil || !bytes.Contains(s.Exchange.Body, []byte("<h1>"+c.title)) || bytes.Contains(s.Exchange.ResponseHead, []byte("Content-Encoding")) {
			t.Errorf("%s: the exchange keeps the body decoded and a head that names no Content-Encoding; got head %q", c.path, s.Exchange.ResponseHead)
		}
	}
	s := fetchPath(t, f, ts.URL, "/corrupt-br.html")
	if !errors.Is(s.Err, ErrUndecodable) || !strings.Contains(s.Err.Error(), `sent compressed as "br", does not decode`) {
		t.Errorf("damaged br: err %v; want ErrUndecodable saying the br body does not decode", s.Err)
	}
	if len(s.Blocks) != 0 || s.Words != 0 || s.Status != 200 {
		t.Errorf("damaged br: status %d, blocks %q; want status 200 and no text", s.Status, s.Blocks)
	}
}

// TestContentEncodingServed: gzip, deflate and stacked codings sent by a
// server are read decoded, the request asks for what a browser asks, and
// an unknown coding or a body that is not text drops the side.
func TestContentEncodingServed(t *testing.T) {
	t.Parallel()
	const page = "<!doctype html><title>Served</title><p>This page is sent compressed, and a reader without a browser reads it whole once its coding is undone: more than twenty words of it.</p>"
	var asked []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.Header.Get("Accept-Encoding"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		switch r.URL.Path {
		case "/gzip":
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(compress(t, page, "gzip"))
		case "/stacked":
			w.Header().Set("Content-Encoding", "gzip, br")
			w.Write(compress(t, page, "gzip", "br"))
		case "/unknown":
			w.Header().Set("Content-Encoding", "compress")
			w.Write([]byte(page))
		case "/unsaid":
			w.Write(compress(t, page+page+page, "gzip"))
		case "/error-page":
			w.Header().Set("Content-Encoding", "br")
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte("not brotli at all"))
		}
	}))
	defer ts.Close()
	f := New(Config{})
	defer f.Close()
	for _, p := range []string{"/gzip", "/stacked"} {
		if s := fetchPath(t, f, ts.URL, p); s.Err != nil || s.Title != "Served" || s.Words < 20 {
			t.Errorf("%s: err %v, title %q, %d words; want the page", p, s.Err, s.Title, s.Words)
		}
	}
	for p, want := range map[string]string{"/unknown": `"compress", a Content-Encoding webgraph does not read`, "/unsaid": "the body is not text"} {
		s := fetchPath(t, f, ts.URL, p)
		if !errors.Is(s.Err, ErrUndecodable) || !strings.Contains(s.Err.Error(), want) || len(s.Blocks) != 0 {
			t.Errorf("%s: err %v, blocks %q; want ErrUndecodable saying %q and no text", p, s.Err, s.Blocks, want)
		}
	}
	s := fetchPath(t, f, ts.URL, "/error-page")
	if s.Err != nil || s.Status != 404 || len(s.Warnings) == 0 {
		t.Errorf("error page: err %v, status %d, warnings %q; want its 404 kept, the body warned about", s.Err, s.Status, s.Warnings)
	}
	for _, a := range asked {
		if a != "gzip, deflate, br, zstd" {
			t.Errorf("Accept-Encoding %q; want what a browser sends", a)
		}
	}
}

// zstdBomb returns a zstd frame of n blocks, each 128 KiB of the byte c
// written as one RLE block: 4 bytes a block, so 32 KiB expands to 1 GiB.
func zstdBomb(n int, c byte) []byte {
	b := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38} // magic; no content size; a 128 KiB window
	for i := 0; i < n; i++ {
		h := uint32(128<<10)<<3 | 1<<1 // RLE block of 128 KiB
		if i == n-1 {
			h |= 1 // the last
		}
		b = binary.LittleEndian.AppendUint32(b, h)[:len(b)+3]
		b = append(b, c)
	}
	return b
}

// TestDecompressionBomb: a small body that expands to gigabytes is read to
// --max-body and no further, kept truncated with the usual warning, in
// bounded memory.
func TestDecompressionBomb(t *testing.T) {
	// Two zstd frames: the page's start, then 4 GiB of "a" in 128 KiB.
	bomb := append(compress(t, "<!doctype html><title>Bomb</title><p>", "zstd"), zstdBomb(4<<13, 'a')...)
	line := []byte("<p>" + strings.Repeat("a word of the bomb ", 50) + "</p>\n")
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		var zw interface {
			io.WriteCloser
			Flush() error
		}
		switch r.URL.Path {
		case "/zstd":
			w.Header().Set("Content-Encoding", "zstd")
			w.Write(bomb)
			return
		case "/gzip":
			w.Header().Set("Content-Encoding", "gzip")
			zw, _ = gzip.NewWriterLevel(w, gzip.BestCompression)
		case "/br":
			w.Header().Set("Content-Encoding", "br")
			zw = brotli.NewWriterLevel(w, 5)
		}
		// Compressed as it goes, flushed every 64 KiB of text, until the
		// client stops reading (or 4 GiB).
		io.WriteString(zw, "<!doctype html><title>Bomb</title>")
		for n := 0; n < 4<<30; n += len(line) {
			if _, err := zw.Write(line); err != nil {
				return
			}
			if n%(64<<10) < len(line) && zw.Flush() != nil {
				return
			}
		}
		zw.Close()
	}))
	defer ts.Close()
	const max = 1 << 20
	f := New(Config{MaxBody: max, KeepExchange: true})
	defer f.Close()
	for _, p := range []string{"/zstd", "/gzip", "/br"} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s := fetchPath(t, f, ts.URL, p)
		runtime.ReadMemStats(&after)
		if s.Err != nil || !s.Truncated || s.Exchange == nil || len(s.Exchange.Body) != max || s.Title != "Bomb" {
			t.Fatalf("%s: err %v, truncated %v, title %q; want %d bytes read and the page kept truncated", p, s.Err, s.Truncated, s.Title, max)
		}
		if !slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.Contains(w, "body larger than") }) {
			t.Errorf("%s: warnings %q; want the truncation said", p, s.Warnings)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 256<<20 {
			t.Errorf("%s: the fetch allocated %d MiB; want it bounded near --max-body", p, grew>>20)
		}
	}
}

// TestKeepHTML: asked to, the plain side keeps the document as decoded
// (a Shift_JIS page as UTF-8 text), the one it ended on after a meta
// refresh; not asked, it keeps none.
func TestKeepHTML(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "world")
	keep := New(Config{KeepHTML: true})
	defer keep.Close()
	s := fetchPath(t, keep, ts.URL, "/sjis.html")
	if s.Err != nil {
		t.Fatal(s.Err)
	}
	if !strings.Contains(s.HTML, "明治時代に建てられた赤れんがの駅舎は") || !strings.Contains(s.HTML, "<title>東京の古い駅舎</title>") {
		t.Errorf("HTML kept is not the page decoded: %.200q", s.HTML)
	}
	plain := New(Config{})
	defer plain.Close()
	if s := fetchPath(t, plain, ts.URL, "/sjis.html"); s.HTML != "" {
		t.Errorf("HTML kept without KeepHTML: %.80q", s.HTML)
	}

	rs, _ := refreshSite(t, map[string]string{"/stub": refreshPage("0; url=/dest", "This page has moved."), "/dest": destination})
	s = fetchPath(t, keep, rs.URL, "/stub")
	if s.Err != nil || s.FinalURL != rs.URL+"/dest" {
		t.Fatalf("refresh: final %s, %v", s.FinalURL, s.Err)
	}
	if strings.Contains(s.HTML, "This page has moved") || !strings.Contains(s.HTML, "Destination") {
		t.Errorf("after a meta refresh, HTML kept is not the destination's: %.200q", s.HTML)
	}
}
