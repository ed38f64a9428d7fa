package content

import (
	"errors"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/contentset"
	xhtml "golang.org/x/net/html"
)

var pageURL, _ = url.Parse("https://site.test/dir/page.html")

// article wraps paragraphs (HTML) in a page with the usual furniture, so
// that the extractor has a main content to find.
func article(paras ...string) string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><title>The story | Site</title></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header><main><article><h1>The story</h1>`)
	for _, p := range paras {
		b.WriteString(p)
	}
	b.WriteString(`<p>The ferry leaves the harbour at seven every morning and returns in the evening, carrying passengers, post and the island's bread.</p>
<p>Engineers repairing the pier expect to finish their work before the summer timetable begins, the harbour authority said on Tuesday.</p>
</article></main><footer><p>© Site. All rights reserved.</p></footer></body></html>`)
	return b.String()
}

// visibleText is the text of the paragraph p (HTML) as a browser shows it,
// spaces collapsed.
func visibleText(t *testing.T, p string) string {
	doc, err := xhtml.Parse(strings.NewReader("<body>" + p))
	if err != nil {
		t.Fatal(err)
	}
	return collapse(strings.Join(textBlocks(doc), " "))
}

// hostile is text of a page that Markdown would read as markup.
var hostile = []string{
	"# not a heading",
	"## nor this ##",
	"> not a quote",
	"1. not a list",
	"2) nor this",
	"- nor this",
	"+ nor this",
	"* nor this",
	"---",
	"***",
	"===",
	"title: front matter\n---",
	"```go\nfenced? no\n```",
	"~~~\ntilde fence\n~~~",
	"    four spaces of indent",
	"`code` and ``double`` and ```triple```",
	"[a link](https://evil.test/) and ![an image](https://evil.test/i.png)",
	"[ref]: https://evil.test/ \"title\"",
	"<!-- an HTML comment -->",
	"<script>alert(1)</script>",
	"<b>bold?</b> <img src=x onerror=alert(1)>",
	"<https://autolink.test/> and <mail@evil.test>",
	"https://bare.test/path_with_underscores_",
	"*emphasis* _emphasis_ **strong** __strong__ ~~strike~~",
	"a | table | row",
	"| a | b |\n|---|---|\n| c | d |",
	"back\\slash\\ and \\* escaped",
	"&amp; &lt; &#42; &#x2a; &copy; & plain",
	"line one  \nline two",
	"$math$ and $$display$$",
	"[^1] footnote? [x]: y",
	"\u00a0non-breaking\u00a0spaces\u00a0",
	"trailing #",
	"1986\\. a year",
	"<div>raw block</div>",
	"{{ template }} {% tag %} <?php echo 1; ?>",
}

// TestHostileTextEscaped: the page's text, whatever it holds, renders back
// (through a CommonMark renderer) as the same text, and never as markup.
func TestHostileTextEscaped(t *testing.T) {
	for _, h := range hostile {
		for _, wrap := range []string{"<p>%s</p>", "<ul><li>%s</li><li>second item</li></ul>", "<table><tr><th>head</th></tr><tr><td>%s</td></tr></table>",
			"<blockquote><p>%s</p></blockquote>", "<h2>%s</h2>", `<p><a href="/x">%s</a></p>`, "<pre><code>%s</code></pre>", "<p><code>%s</code></p>"} {
			para := strings.Replace(wrap, "%s", html.EscapeString(h), 1)
			p, err := Extract(article(para), pageURL, Options{})
			if err != nil {
				t.Fatalf("%q: %v", para, err)
			}
			checkRendered(t, para, p.Markdown)
		}
	}
}

// TestLineEndsAreSpaces: a paragraph whose HTML source wraps its text
// over several lines is one line of text, as a browser shows it; only a
// <br> is a line break in the Markdown.
func TestLineEndsAreSpaces(t *testing.T) {
	for _, c := range []struct {
		para string
		brs  int
	}{
		{"<p>The tide board\nhangs by the\r\nslipway, <em>under\nthe clock</em>.</p>", 0},
		{"<ul><li>The tide board\nhangs by the slipway.</li><li>second item</li></ul>", 0},
		{"<p>The tide board<br>hangs by the\nslipway.</p>", 1},
	} {
		p, err := Extract(article(c.para), pageURL, Options{})
		if err != nil {
			t.Fatal(err)
		}
		doc, err := renderMarkdown(p.Markdown)
		if err != nil {
			t.Fatal(err)
		}
		brs := 0
		walk(doc, func(n *xhtml.Node) bool {
			if n.Type == xhtml.ElementNode && n.Data == "br" {
				brs++
			}
			return true
		})
		if brs != c.brs {
			t.Errorf("%q: %d line breaks rendered; want %d:\n%s", c.para, brs, c.brs, p.Markdown)
		}
		checkRendered(t, c.para, p.Markdown)
	}
}

// checkRendered fails t unless md, rendered, shows the text of para and no
// markup of the page's.
func checkRendered(t *testing.T, para, md string) {
	t.Helper()
	doc, err := renderMarkdown(md)
	if err != nil {
		t.Fatal(err)
	}
	var raw, scripts int
	hrefs := []string{}
	walk(doc, func(n *xhtml.Node) bool {
		if n.Type == xhtml.CommentNode && strings.Contains(n.Data, "raw HTML omitted") {
			raw++
		}
		if n.Type == xhtml.ElementNode {
			switch n.Data {
			case "script", "img":
				if n.Data == "script" || !strings.HasPrefix(attr(n, "src"), "https://site.test/") {
					scripts++
				}
			case "a":
				hrefs = append(hrefs, attr(n, "href"))
			}
		}
		return true
	})
	if raw > 0 || scripts > 0 {
		t.Errorf("%q: the Markdown holds markup a renderer acts on:\n%s", para, md)
	}
	for _, h := range hrefs {
		if !strings.HasPrefix(h, "https://site.test/") && !strings.HasPrefix(h, "http://") && !strings.HasPrefix(h, "mailto:") {
			t.Errorf("%q: the Markdown links to %q, a target the page did not link:\n%s", para, h, md)
		}
	}
	if len(hrefs) > strings.Count(para, "<a ") {
		t.Errorf("%q: %d links rendered; the page has %d:\n%s", para, len(hrefs), strings.Count(para, "<a "), md)
	}
	got := collapse(strings.Join(textBlocks(doc), " "))
	want := visibleText(t, para)
	if !strings.Contains(got, want) {
		t.Errorf("%q: rendered text\n%q\ndoes not hold the page's text\n%q\nMarkdown:\n%s", para, got, want, md)
	}
}

// FuzzExtractText: any text in a paragraph renders back as itself.
func FuzzExtractText(f *testing.F) {
	for _, h := range hostile {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.ToValidUTF8(s, "\uFFFD") // documents reach Extract decoded
		para := "<p>" + html.EscapeString(s) + "</p>"
		p, err := Extract(article(para), pageURL, Options{})
		if err != nil {
			t.Fatalf("%v", err)
		}
		checkRendered(t, para, p.Markdown)
	})
}

// FuzzExtract: any document extracts without panicking, within MaxBytes,
// to Markdown with no markup of the page's and links only to web pages.
func FuzzExtract(f *testing.F) {
	f.Add(article("<p>plain</p>"))                                                        // an ordinary page
	f.Add("<template shadowrootmode=open><slot name=a></slot></template><p slot=a>x</p>") // a shadow root outside its host
	f.Add("<div><template shadowrootmode=open><p>in <slot>fallback</slot></p></template><b>light</b></div>")
	f.Add(strings.Repeat("<div>", 600) + "deep")                                        // deeper than the parser takes
	f.Add("<a href=javascript:alert(1)>x</a><img src=data:x alt=y><a href=//h/p>z</a>") // links a reader cannot follow
	f.Add("<table>" + strings.Repeat("<tr><td>a|b", 50) + "</table>")
	f.Add("<pre><code class=language-go>```\n</code></pre>")
	// Shapes the rules of our own read: a thread's posts, tab panels, a
	// title and its standfirst, an appendix.
	f.Add(`<title>T - F</title><h2>T</h2><div class="post a"><dl><dt>u</dt><dd>1 Jan 2024</dd></dl><div class="c">one post's words here</div></div><div class="post b"><dl><dt>v</dt><dd>2 Jan 2024</dd></dl><div class="c">a reply<blockquote><cite>u wrote:</cite>one</blockquote></div></div>`)
	f.Add(`<h1>P</h1><div role=tabpanel><div class=h3>D</div><p>words of the description</p></div><div role=tabpanel><table><tr><th>a</th><td>1</td></tr></table></div>`)
	f.Add(`<h1>A</h1><p class=dek>the standfirst of it all</p><div class=meta><time>1 May 2024</time></div><p>body text</p><h2>See also</h2><ul><li><a href=/x>x</a></li></ul><ol><li><a href=#r>↑</a> note</li></ol>`)
	f.Fuzz(func(t *testing.T, src string) {
		const max = 4096
		p, err := Extract(src, pageURL, Options{MaxBytes: max})
		if err != nil {
			var pe *ParseError
			if !errors.Is(err, ErrNoContent) && !errors.As(err, &pe) {
				t.Fatalf("error %v is neither ErrNoContent nor a *ParseError", err)
			}
			return
		}
		if len(p.Markdown) > max+1 {
			t.Errorf("Markdown of %d bytes; MaxBytes is %d", len(p.Markdown), max)
		}
		doc, err := renderMarkdown(p.Markdown)
		if err != nil {
			t.Fatal(err)
		}
		walk(doc, func(n *xhtml.Node) bool {
			if n.Type == xhtml.CommentNode && strings.Contains(n.Data, "raw HTML omitted") {
				t.Errorf("the Markdown holds raw HTML:\n%s", p.Markdown)
			}
			if n.Type == xhtml.ElementNode && n.Data == "a" {
				if h := attr(n, "href"); h != "" && !strings.HasPrefix(h, "http://") && !strings.HasPrefix(h, "https://") && !strings.HasPrefix(h, "mailto:") {
					t.Errorf("link to %q:\n%s", h, p.Markdown)
				}
			}
			if n.Type == xhtml.ElementNode && (n.Data == "img") {
				if h := attr(n, "src"); !strings.HasPrefix(h, "http://") && !strings.HasPrefix(h, "https://") {
					t.Errorf("image at %q:\n%s", h, p.Markdown)
				}
			}
			return true
		})
	})
}

// TestBounded: pages built to exhaust an extractor are read within bounds:
// each extracts (its text found), its Markdown within MaxBytes, and its
// allocations within a fixed multiple of its size.
func TestBounded(t *testing.T) {
	row := "<tr><td>cell | one</td><td>cell `two`</td></tr>"
	tests := []struct {
		name, src string
		max       int
		want      string // text the Markdown must hold
	}{
		{"50,000 nested elements", "<html><body><article>" + strings.Repeat("<div><span>", 25000) + "<p>Deep words are still words of the page, read in place.</p>" + strings.Repeat("</span></div>", 25000) + "</article></body></html>", 0, "Deep words are still words"},
		{"one enormous text node", "<html><body><article><p>" + strings.Repeat("word ", 1_600_000) + "</p></article></body></html>", 0, "word word"},
		{"a table of 10,000 rows", "<html><body><article><p>The table below lists every sailing of the year, cell by cell, as the harbour authority published it.</p><table><tr><th>a</th><th>b</th></tr>" + strings.Repeat(row, 10000) + "</table></article></body></html>", 0, `cell \| one`},
		{"cut at MaxBytes", "<html><body><article><p>" + strings.Repeat("word ", 1_600_000) + "</p></article></body></html>", 1 << 20, "word word"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			p, err := Extract(tt.src, pageURL, Options{MaxBytes: tt.max})
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			max := tt.max
			if max == 0 {
				max = DefaultMaxBytes
			}
			if len(p.Markdown) > max+1 {
				t.Errorf("Markdown of %d bytes; MaxBytes is %d", len(p.Markdown), max)
			}
			if tt.max > 0 && !p.Truncated {
				t.Errorf("Truncated = false for a page over MaxBytes")
			}
			if !strings.Contains(p.Markdown, tt.want) {
				t.Errorf("Markdown (%d bytes) does not hold %q: %.300q", len(p.Markdown), tt.want, p.Markdown)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(120*len(tt.src))+64<<20 {
				t.Errorf("allocated %d MB for a page of %d MB", alloc>>20, len(tt.src)>>20)
			} else {
				t.Logf("allocated %d MB for a page of %.1f MB; %d words", alloc>>20, float64(len(tt.src))/(1<<20), p.Words)
			}
		})
	}
}

// BenchmarkExtract extracts the plain pages of the labelled set, one
// after another (docs/performance.md, "Content extraction").
func BenchmarkExtract(b *testing.B) {
	sets, err := contentset.Load()
	if err != nil {
		b.Fatal(err)
	}
	dev, err := contentset.LoadFS(os.DirFS(filepath.Join(contentset.Dir(), "_dev")))
	if err != nil {
		b.Fatal(err)
	}
	var pages []*contentset.Page
	for _, s := range append(sets, dev...) {
		for i := range s.Pages {
			if !s.Pages[i].Rendered {
				pages = append(pages, &s.Pages[i])
			}
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := pages[i%len(pages)]
		u, _ := url.Parse(p.URL)
		Extract(string(p.HTML), u, Options{})
	}
}
