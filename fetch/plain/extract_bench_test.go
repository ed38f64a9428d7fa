package plain

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"golang.org/x/net/html"
)

// BenchmarkExtract reads a parsed page of 5,000 paragraphs and links, as
// the plain side does after parsing: the one walk, the text, the head.
func BenchmarkExtract(b *testing.B) {
	var doc bytes.Buffer
	doc.WriteString("<!doctype html><title>Big</title><body>")
	for i := range 5000 {
		fmt.Fprintf(&doc, "<div id=d%d><p>Paragraph %d with <a href='/p/%d'>a link</a> and a few more words.</p></div>\n", i, i, i)
	}
	root, err := html.Parse(&doc)
	if err != nil {
		b.Fatal(err)
	}
	u, _ := url.Parse("http://example.test/")
	for b.Loop() {
		f := collect(root)
		p := extract(root, f, u)
		readHead(f, docBase(f, u), http.Header{})
		if len(p.links) != 5000 {
			b.Fatal(len(p.links))
		}
	}
}
