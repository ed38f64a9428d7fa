package warc

import (
	"bytes"
	"io"
	"testing"
	"time"
	"unicode/utf8"
)

func TestSURT(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"https://www.Example.org/Index.html", "org,example)/index.html"},
		{"http://example.org", "org,example)/"},
		{"http://www2.example.org:80/a?b=2&a=1#frag", "org,example)/a?a=1&b=2"},
		{"https://example.org:8443/", "org,example:8443)/"},
		{"http://www.com/", "com,www)/"},
		{"http://127.0.0.1:8000/app.js", "1,0,0,127:8000)/app.js"},
		{"http://[::1]:8000/x", "[::1]:8000)/x"},
		{"urn:webgraph:dom:http://Example.org/A", "urn:webgraph:dom:http://example.org/a"},
		{"http://example.org/a b", "org,example)/a%20b"},
		{"http://example.org/A\r\nB", "http://example.org/a%0D%0Ab"}, // not a URL: kept whole
		{"http://example.org/é", "org,example)/%c3%a9"},
	} {
		if got := SURT(tc.in); got != tc.want {
			t.Errorf("SURT(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

func TestCDXJLine(t *testing.T) {
	t.Parallel()
	c := CDXJ{Key: SURT("http://a.example/x"), Timestamp: Timestamp14(time.Date(2026, 12, 3, 7, 21, 30, 5e8, time.UTC)),
		URL: "http://a.example/x", Mime: "text/html", Status: 200, Digest: "sha1:AAAA", Offset: 10, Length: 20, Filename: "data.warc.gz"}
	line, err := c.Line()
	if err != nil {
		t.Fatal(err)
	}
	want := `example,a)/x 20261203072130 {"url":"http://a.example/x","mime":"text/html","status":200,"digest":"sha1:AAAA","offset":10,"length":20,"filename":"data.warc.gz"}` + "\n"
	if string(line) != want {
		t.Errorf("line\n%s\nwant\n%s", line, want)
	}
	back, err := ParseCDXJ(bytes.TrimSuffix(line, []byte("\n")))
	if err != nil || back != c {
		t.Errorf("parsed back: %+v, %v; want %+v", back, err, c)
	}
}

// FuzzCDXJ: whatever the URI, its key holds no byte that would end the
// field or the line, and a line made for it parses back to the same entry;
// whatever the line, ParseCDXJ does not panic.
func FuzzCDXJ(f *testing.F) {
	f.Add("http://www.example.org/a?b=1&a=2", []byte(`org,example)/a?a=2&b=1 20261203072130 {"url":"http://www.example.org/a?b=1&a=2","filename":"x","offset":0,"length":1}`))
	f.Add("urn:webgraph:page:http://x/\x00\n", []byte("a b c"))    // control bytes in a URI
	f.Add("http://[::1/", []byte(`k 20261203072130 {"url":1}`))    // an unparsable URL, a wrong type
	f.Add("HTTP://EXAMPLE.ORG:443/", []byte(`k 2026120307213 {}`)) // a short timestamp
	f.Fuzz(func(t *testing.T, uri string, line []byte) {
		ParseCDXJ(line)
		key := SURT(uri)
		for i := 0; i < len(key); i++ {
			if key[i] <= ' ' || key[i] >= 0x7f {
				t.Fatalf("SURT(%q) = %q holds byte %#x", uri, key, key[i])
			}
		}
		if key == "" || !utf8.ValidString(uri) { // a bare fragment, bytes JSON cannot hold: not indexed
			return
		}
		c := CDXJ{Key: key, Timestamp: "20261203072130", URL: uri, Filename: "f", Length: 1}
		l, err := c.Line()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseCDXJ(bytes.TrimSuffix(l, []byte("\n")))
		if err != nil || back != c {
			t.Fatalf("line %q parsed back as %+v, %v", l, back, err)
		}
	})
}

// FuzzSplitRecords: whatever the bytes, splitting them into WARC records
// does not panic, and when it succeeds the records, put back together, are
// the input, each starting with a version line.
func FuzzSplitRecords(f *testing.F) {
	f.Add([]byte("WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 3\r\n\r\nabc\r\n\r\nWARC/1.0\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	f.Add([]byte("WARC/1.1\r\nContent-Length: 10\r\n\r\nabc"))         // a block cut short
	f.Add([]byte("WARC/1.1\r\nContent-Length: -1\r\n\r\n\r\n\r\n"))    // a negative length
	f.Add([]byte("GET / HTTP/1.1\r\n\r\n"))                            // not a record
	f.Add([]byte("WARC/1.1\r\ncontent-length:1\r\n\r\nx\r\n\r\njunk")) // junk after a record
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		err := splitRecords(bytes.NewReader(in), func(r io.Reader) error {
			var rec bytes.Buffer
			if _, err := io.Copy(&rec, r); err != nil {
				return err
			}
			if !bytes.HasPrefix(rec.Bytes(), []byte("WARC/")) {
				t.Fatalf("a record without its version line: %q", rec.Bytes())
			}
			out.Write(rec.Bytes())
			return nil
		})
		if err == nil && !bytes.Equal(out.Bytes(), in) {
			t.Fatalf("records %q; input %q", out.Bytes(), in)
		}
	})
}

// FuzzParseResponseHead: any head gives a three-digit status or none, and
// never a panic.
func FuzzParseResponseHead(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n"))
	f.Add([]byte("HTTP/1.1 99 Short\r\n"))
	f.Add([]byte("HTTP/2 404\r\nContent-Type\r\n"))
	f.Fuzz(func(t *testing.T, head []byte) {
		status, ctype, ok := parseResponseHead(head)
		if ok && (status < 0 || status > 999 || ctype == "") {
			t.Fatalf("status %d, type %q from %q", status, ctype, head)
		}
	})
}
