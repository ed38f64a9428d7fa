package plain

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestEncodeQuery(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		encoding, href, want string
	}{
		{"shift_jis", "/search?q=東京", "/search?q=%93%8C%8B%9E"},
		{"shift_jis", "/東京?q=東京#東京", "/東京?q=%93%8C%8B%9E#東京"}, // path and fragment stay UTF-8 (fetch.Normalize writes them)
		{"shift_jis", "?q=café", "?q=caf%26%23233%3B"},        // é is not in Shift_JIS
		{"shift_jis", "?q=東京é東", "?q=%93%8C%8B%9E%26%23233%3B%93%8C"},
		{"gbk", "?q=中文", "?q=%D6%D0%CE%C4"},
		{"gbk", "?q=𠮷", "?q=%26%23134071%3B"}, // outside GBK: the GBK encoder writes no four-byte forms
		{"gb18030", "?q=𠮷", "?q=%954%B25"},    // GB18030's four bytes, printable ones as they are
		{"gbk", "?q=€", "?q=%80"},
		{"euc-kr", "?q=서울", "?q=%BC%AD%BF%EF"},
		{"iso-2022-jp", "?q=東京", "?q=%1B$BEl5~%1B(B"},
		{"windows-1252", "?q=café's", "?q=caf%E9%27s"},
		{"utf-8", "?q=東京", "?q=東京"},    // Normalize writes it in UTF-8
		{"utf-16le", "?q=東京", "?q=東京"}, // a UTF-16 document's URLs are UTF-8
		{"utf-8", "?q=it's", "?q=it%27s"},
		{"utf-8", "/it's?q=1", "/it's?q=1"}, // only the query's apostrophe
		{"shift_jis", "#frag?q=東京", "#frag?q=東京"},
		{"shift_jis", "/plain?q=ascii&x=%41", "/plain?q=ascii&x=%41"},
	} {
		if got := encodeQuery(tt.href, queryEncoding(tt.encoding)); got != tt.want {
			t.Errorf("encodeQuery(%q) in %s = %q; want %q", tt.href, tt.encoding, got, tt.want)
		}
	}
}

// TestLegacyQueryLinks: a Shift_JIS document's links, canonical, base and
// hreflang alternates carry their queries in Shift_JIS, as the browser
// sends them.
func TestLegacyQueryLinks(t *testing.T) {
	t.Parallel()
	doc := `<html><head><base href="/dir/?from=東京"><link rel=canonical href="/page?q=東京">
<link rel=alternate hreflang=ja href="/ja?q=東京"></head>
<body><a href="s?q=東京">s</a><a href="?q=京">same</a><a href="">self</a></body></html>`
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	f := collect(root)
	f.query = queryEncoding("shift_jis")
	u, _ := url.Parse("http://example.test/start?x=1")
	p := extract(f, textBlocks(root, f), u)
	base := docBase(f, u)
	hd := readHead(f, base, nil)
	want := []string{
		"http://example.test/dir/s?q=%93%8C%8B%9E",
		"http://example.test/dir/?q=%8B%9E",
		"http://example.test/dir/?from=%93%8C%8B%9E",
	}
	if len(p.links) != len(want) {
		t.Fatalf("links %+v; want %d", p.links, len(want))
	}
	for i, w := range want {
		if p.links[i].URL != w {
			t.Errorf("link %d = %q; want %q", i, p.links[i].URL, w)
		}
	}
	if p.canonical != "http://example.test/page?q=%93%8C%8B%9E" {
		t.Errorf("canonical = %q; want the query in Shift_JIS", p.canonical)
	}
	if got := hd.Hreflang["ja"]; got != "http://example.test/ja?q=%93%8C%8B%9E" {
		t.Errorf("hreflang ja = %q; want the query in Shift_JIS", got)
	}
}
