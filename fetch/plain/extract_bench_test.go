package plain

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"syscall"
	"testing"
	"time"

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
		p := extract(f, textBlocks(root, f), u)
		readHead(f, docBase(f, u), http.Header{})
		if len(p.links) != 5000 {
			b.Fatal(len(p.links))
		}
	}
}

// densePage is a page as sites.Dense serves it (the site make bench-peers
// crawls against wget2): a title, a heading, a paragraph and k links.
func densePage(k int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<!doctype html><html><head><title>Page 7</title></head><body><h1>Page 7</h1><p>This is page 7 of a generated site with 2000 pages of %d links. It has enough words of its own to count as a readable page.</p><ul>`, k)
	for j := 1; j <= k; j++ {
		fmt.Fprintf(&b, `<li><a href="/p/%d">Page %d</a></li>`, 700+j, 700+j)
	}
	b.WriteString(`</ul></body></html>`)
	return b.Bytes()
}

// BenchmarkDensePage parses and reads one 100-link page, as the plain side
// did for each page of the dense site (the parse, the walk, the links), and
// scans and reads it, as it does now.
func BenchmarkDensePage(b *testing.B) {
	page := densePage(100)
	u, _ := url.Parse("http://127.0.0.1:8080/p/7")
	b.Run("parse", func(b *testing.B) {
		defer cpuPerOp(b)()
		for b.Loop() {
			if _, err := html.Parse(bytes.NewReader(page)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read", func(b *testing.B) {
		defer cpuPerOp(b)()
		for b.Loop() {
			root, err := html.Parse(bytes.NewReader(page))
			if err != nil {
				b.Fatal(err)
			}
			f := collect(root)
			p := extract(f, textBlocks(root, f), u)
			readHead(f, docBase(f, u), http.Header{})
			if len(p.links) != 100 {
				b.Fatal(len(p.links))
			}
		}
	})
	b.Run("scan", func(b *testing.B) {
		defer cpuPerOp(b)()
		for b.Loop() {
			f, blocks, ok := scan(page)
			if !ok {
				b.Fatal("scan left the page to the parser")
			}
			p := extract(f, blocks, u)
			readHead(f, docBase(f, u), http.Header{})
			if len(p.links) != 100 {
				b.Fatal(len(p.links))
			}
		}
	})
}

// BenchmarkDensePageRead is the read of one parsed 100-link page alone.
func BenchmarkDensePageRead(b *testing.B) {
	u, _ := url.Parse("http://127.0.0.1:8080/p/7")
	root, err := html.Parse(bytes.NewReader(densePage(100)))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		f := collect(root)
		p := extract(f, textBlocks(root, f), u)
		readHead(f, docBase(f, u), http.Header{})
		if len(p.links) != 100 {
			b.Fatal(len(p.links))
		}
	}
}

// cpuPerOp reports, when the function it returns is called, the process's
// CPU time (user and system, the collector's included) per iteration:
// on a crowded machine it moves less than the wall time.
func cpuPerOp(b *testing.B) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := cpu()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpu()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
