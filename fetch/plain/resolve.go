package plain

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/webgraph/webgraph/fetch"
)

// queryEncoding returns the encoding the query of a URL in a document of
// the named encoding is written in, as the URL standard says a browser
// writes it (the document's encoding, but UTF-8 for UTF-16 and
// "replacement"), or nil for UTF-8. A "gbk" document's queries are written
// by the GBK encoder: characters outside GBK are not given GB18030's
// four-byte forms.
func queryEncoding(name string) encoding.Encoding {
	switch name {
	case "", "utf-8", "utf-16be", "utf-16le", "replacement":
		return nil
	}
	e, err := htmlindex.Get(name)
	if err != nil {
		return nil
	}
	return e
}

// resolve returns href, a URL written in the document f was collected
// from, resolved against base and normalised (fetch.Normalize), its query
// first written as the browser writes it (see encodeQuery).
func (f *found) resolve(base *url.URL, href string) (string, error) {
	if f.resolver == nil || f.resolverBase != base {
		f.resolver, f.resolverBase = fetch.NewResolver(base), base
	}
	return f.resolver.Normalize(encodeQuery(href, f.query))
}

// encodeQuery returns href with its query written as a browser writes the
// query of a URL it parses in a document (the URL standard's query state):
// each character outside ASCII in enc (nil: UTF-8), its bytes
// percent-encoded, and a character enc cannot write as "&#N;" (its code
// point in decimal) percent-encoded; and the apostrophe percent-encoded, as
// in the query of every http(s) URL. The path and fragment are left to
// fetch.Normalize, which writes them in UTF-8 whatever the document's
// encoding, as browsers do. Where nothing changes, href is returned as it
// is.
func encodeQuery(href string, enc encoding.Encoding) string {
	q := strings.IndexByte(href, '?')
	if q < 0 {
		return href
	}
	end := len(href)
	if h := strings.IndexByte(href, '#'); h >= 0 {
		if h < q {
			return href // the '?' is in the fragment
		}
		end = h
	}
	query := href[q+1 : end]
	if !needsEncoding(query, enc != nil) {
		return href
	}
	var b strings.Builder
	b.Grow(len(href) + 16)
	b.WriteString(href[:q+1])
	for i := 0; i < len(query); {
		c := query[i]
		if c < utf8.RuneSelf {
			if c == '\'' {
				b.WriteString("%27")
			} else {
				b.WriteByte(c)
			}
			i++
			continue
		}
		j := i
		for j < len(query) && query[j] >= utf8.RuneSelf {
			j++
		}
		if enc == nil {
			b.WriteString(query[i:j]) // fetch.Normalize percent-encodes it as UTF-8
		} else {
			writeEncoded(&b, query[i:j], enc)
		}
		i = j
	}
	b.WriteString(href[end:])
	return b.String()
}

// needsEncoding reports whether encodeQuery changes query: an apostrophe,
// or, in a legacy encoding, a character outside ASCII.
func needsEncoding(query string, legacy bool) bool {
	for i := 0; i < len(query); i++ {
		if query[i] == '\'' || legacy && query[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// writeEncoded writes s, characters outside ASCII, in enc, percent-encoded.
// A run enc can write is written whole (a stateful encoding such as
// ISO-2022-JP shifts once for it); otherwise each character on its own, one
// it cannot write as "%26%23N%3B".
func writeEncoded(b *strings.Builder, s string, enc encoding.Encoding) {
	if out, err := enc.NewEncoder().String(s); err == nil {
		percentEncode(b, out)
		return
	}
	for _, r := range s {
		out, err := enc.NewEncoder().String(string(r))
		if err != nil || r == utf8.RuneError {
			b.WriteString("%26%23")
			b.WriteString(strconv.Itoa(int(r)))
			b.WriteString("%3B")
			continue
		}
		percentEncode(b, out)
	}
}

// percentEncode writes the bytes of s, each outside printable ASCII or one
// of the query's reserved few as %XX.
func percentEncode(b *strings.Builder, s string) {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte("\"#<>'%", c) >= 0 {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
}
