package plain

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// scanMatchesTree fails t when scan accepts doc and reads from it anything
// other than the parsed tree gives: the page (text blocks, title, links with
// their anchor text, canonical, anchors), the head, the meta refresh. It
// returns whether scan accepted doc.
func scanMatchesTree(t *testing.T, name string, doc []byte) bool {
	t.Helper()
	u, _ := url.Parse("http://example.test/dir/page.html")
	h := http.Header{"X-Robots-Tag": {"noarchive"}}
	sf, sblocks, ok := scan(doc)
	if !ok {
		return false
	}
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tf := collect(root)
	want, wantHead := extract(tf, textBlocks(root, tf), u), readHead(tf, docBase(tf, u), h)
	got, gotHead := extract(sf, sblocks, u), readHead(sf, docBase(sf, u), h)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: %q\nscan differs from the tree:\n scan %+v\n tree %+v", name, doc, got, want)
	}
	if !reflect.DeepEqual(gotHead, wantHead) {
		t.Errorf("%s: %q\nscan's head differs from the tree's:\n scan %+v\n tree %+v", name, doc, gotHead, wantHead)
	}
	if sf.refresh != tf.refresh || sf.refreshed != tf.refreshed {
		t.Errorf("%s: %q\nscan's refresh %q (%v), the tree's %q (%v)", name, doc, sf.refresh, sf.refreshed, tf.refresh, tf.refreshed)
	}
	sf.release() // the next document's scan takes its elements from this one's slab, as a crawl's do
	return true
}

// A found given back holds nothing, and its slab none of the page's
// elements: the slab waits for the next page without keeping this one.
func TestReleaseEmptiesTheSlab(t *testing.T) {
	f, _, ok := scan(densePage(100))
	if !ok || f.slab == nil || len(*f.slab) == 0 {
		t.Fatalf("the dense page: read %v, its first slab %v", ok, f.slab)
	}
	sl, n := f.slab, len(*f.slab)
	f.release()
	if f.links != nil || f.title != nil || f.slab != nil {
		t.Errorf("a released found still names its elements: %d links, title %v", len(f.links), f.title)
	}
	if len(*sl) != 0 {
		t.Errorf("the released slab holds %d elements; want none", len(*sl))
	}
	for i, sn := range (*sl)[:n] {
		if !reflect.DeepEqual(sn, scanNode{}) {
			t.Fatalf("element %d of the released slab is %q, not empty", i, sn.el.Data)
		}
	}
}

// scanCases are documents scan reads (or must leave to the parser) where
// the tree is built other than the tags say: implied ends and starts,
// hidden and skipped elements, text before and after the body.
var scanCases = []string{
	`<!doctype html><html><head><title>T</title></head><body><h1>H</h1><p>One <a href="/a">a</a></p></body></html>`,
	`<p>one<p>two<div>three</div>four<ul><li>x<li>y</ul>`,
	`<dl><dt>a<dd>b<dt>c</dl><h1>x<h2>y</h2>`,
	`<li>a<div>b<li>c`, `<li><span>a<li>b`, `<li><b>a<li>b`, `<li><a href=/x>a<li>b`, `<ul><li>a<ul><li>b</ul></li></ul>`,
	`<p>a<b>b<p>c`, `<p><a href=/x>x<p>y`, `<a href=/1>1<a href=/2>2</a>`, `<p><span>a<div>b</div>`,
	`<h1>a</h2>b`, `<div>a<p>b</div>c`, `<div><span>a</div>b`, `</p>x`, `<p>a</li>b`,
	`<title>t</title>  text before the body<body>after`, `x<body hidden>y`, `<html hidden><p>gone`,
	`<head><meta name=description content=d></head> <link rel=canonical href=/c><body>b</body> after <p>x</p>`,
	`<body><p>a</body>b`, `<body><p>a</p></body>b</html> c`, `<body>a</body><p>b`,
	`<p hidden>gone <a href="/h">h<img alt="i"></a></p><div hidden><p>x</div>y<br hidden>z`,
	`<a href=/i><img src=x><img alt=""><img alt=second></a><a href=/s><script>var s</script>t</a>`,
	`<meta http-equiv=" Refresh " content="0; url=/next"><meta http-equiv=refresh content="1; url=/later">`,
	`<noscript><meta http-equiv=refresh content="0;url=/ns"></noscript><title>a</title><title>b</title>`,
	`<head><noscript><a href=/n>n</a></noscript></head><body><noscript>x</noscript>y`,
	`<script type="application/ld+json">{"@type":"Thing"}</script><script>x</script>`,
	`<span id=s>a</span><a name=n>b</a><my-el id=c>c</my-el></my-el><x-y>d</x-z>`,
	// The parser's search for an item to close walks past a <dialog> or a
	// <search> (not special to it), reopening the link it closes.
	`<li><a href=/x>a<dialog><li>b`, `<dt><a href=/y><search><dd>w2`,
	`<br>a<br/>b<hr>c<wbr>d<div/>e</div>`, "a\r\nb&amp;c&nbsp;d<p>\u00a0e\u3000f",
	`<table><tr><td>a</td></tr></table>`, `<template><a href=/t>t</a></template>`, `<svg><a href=/s>s</a></svg>`,
	`<pre>
code</pre>`, `<form><input></form>`, "<p>a\x00b",
	`<html><html lang=en>`, `<body><body id=b>`, `<head><head>`, `<b><b><b><b>x</b></b></b></b>y`,
	`<h1>a<p>b</h1>c`, `<p>a<h1>b</h1>`, `<h1><h2>x</h2>`, `<li>a<p>b</li>c`, `<dd>a<dt>b`,
	`<a HREF="/q?a=1&amp;b=2" Title='t' hidden>x</a><a href=/u/>u</a><a href=/v />v<p hidden/>w`,
	"<title>a &amp; b\r\nc</title><p>d &lt; e\rf</p><script>if (a < b) x = '</p>'</script>< g",
	"<!DOCTYPE html><!-- c --><!----><p>x</p><style>p{}</style  ><noscript></noscript>",
	strings.Repeat("<div>", 390) + "deep",
	`<form id=f><p>a<input name=q hidden><button>Go <a href=/b>b</a></button></form>c</form><p><button>x<p>y</button>`,
	`<iframe src=/f><a href=/in>in</a></iframe>after<head><iframe>x</iframe>`, `<p><form>x</form><button><p>a</button>`,
	`<div title="a &quot;q&quot; &lt;b&gt; &#39;c&#x27; &apos;d&nbsp;e &amp;">x</div><a href="/q?x=1&#38;y=2">y</a>`,
}

func TestScanMatchesTree(t *testing.T) {
	t.Parallel()
	for i, c := range scanCases {
		scanMatchesTree(t, "case "+string(rune('A'+i)), []byte(c))
	}
	pages, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "sites", "*", "*.html"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "sites", "*", "*", "*.html"))
	pages = append(pages, more...)
	if len(pages) < 10 {
		t.Fatalf("fixture pages: %d; want the fixture sites' pages", len(pages))
	}
	scanned := 0
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if scanMatchesTree(t, p, b) {
			scanned++
		}
	}
	t.Logf("scan read %d of %d fixture pages; the parser the rest", scanned, len(pages))
}

// TestScanReads holds scan to reading, not leaving to the parser, the pages
// it is for: the dense site's and plain articles.
func TestScanReads(t *testing.T) {
	big := strings.Replace(string(densePage(100)), "<ul>", "<p title='a &amp; b'>"+strings.Repeat("Long text &amp; more\r\n", 4000)+"</p><ul>", 1)
	if len(big) <= maxShared {
		t.Fatalf("the large page is %d bytes, not over %d", len(big), maxShared)
	}
	for _, doc := range []string{
		string(densePage(100)),
		big, // read into copies, not substrings
		`<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>An article</title>
  <link rel="canonical" href="/article">
  <meta name="description" content="About things">
  <script src="/app.js" defer></script>
</head>
<body>
  <header><nav><ul><li><a href="/">Home</a><li><a href="/about">About</a></ul></nav></header>
  <main><article><h1>Title</h1><p>First <em>paragraph</em>.<p>Second, <a href="/more"><img src="x.png" alt="more"></a></article></main>
  <footer><p>&copy; us</footer>
</body>
</html>`,
	} {
		if !scanMatchesTree(t, "page", []byte(doc)) {
			t.Errorf("scan left to the parser a page it is for:\n%s", doc)
		}
	}
}

// TestScanLeavesToTheParser holds scan to giving up where the parser
// builds the tree other than the tags say and scan does not follow it.
func TestScanLeavesToTheParser(t *testing.T) {
	for _, doc := range []string{
		`<table><tr><td>a</td></tr></table>`, `<template><a href=/t>t</a></template>`,
		`<svg><a href=/s>s</a></svg>`, `<math><mi>x</mi></math>`, "<pre>\ncode</pre>",
		`<form><form>`, `<button><button>`, "<p>a\x00b", `<html><html lang=en>`, `<body><body id=b>`,
		`<a href=/1>1<a href=/2>2</a>`, `<p><a href=/x>x<p>y`, `<p><span>a<div>b</div>`,
		`<li><b>a<li>b`, `<div><span>a</div>b`, `</p>x`, `<p>a</li>b`,
		strings.Repeat("<div>", 600),     // the parser refuses it
		manyAttributes(maxScanAttrs + 1), // their check grows with their square; the parser's does not
		`<p a="1"b=2>`, `<a href=x=y>`, "<a href='&notit;'>", "<a href='&copy'>", "<a href='&#;'>", `<!-- a -- b -->`, `<?xml?>`, `<script><!--</script>-->`,
	} {
		if _, _, ok := scan([]byte(doc)); ok {
			t.Errorf("scan read %q; want it left to the parser", doc)
		}
	}
}

// manyAttributes is a paragraph whose tag has n distinct attributes.
func manyAttributes(n int) string {
	var b strings.Builder
	b.WriteString("<p")
	for i := range n {
		fmt.Fprintf(&b, " a%d", i)
	}
	b.WriteString(">x</p>")
	return b.String()
}

// FuzzScanMatchesTree holds scan to the parsed tree's answer on any
// document it accepts.
func FuzzScanMatchesTree(f *testing.F) {
	for _, c := range scanCases {
		f.Add(c)
	}
	for _, c := range extractionCases {
		f.Add(c)
	}
	f.Add(string(densePage(3)))
	pages, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "sites", "*", "*.html"))
	for _, p := range pages {
		if b, err := os.ReadFile(p); err == nil && len(b) < 8<<10 {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if strings.Count(doc, "<") > 2000 {
			return // deep trees are slow to compare, not different
		}
		scanMatchesTree(t, "fuzz", []byte(doc))
	})
}

// scanVocabulary is what FuzzScanTokens writes documents of: the tags scan
// reads, in and out of order, with the text and attributes it reads, and a
// few it leaves to the parser.
var scanVocabulary = []string{
	"<p>", "</p>", "<div>", "</div>", "<li>", "</li>", "<ul>", "</ul>", "<ol>", "</ol>",
	"<dl>", "</dl>", "<dd>", "</dd>", "<dt>", "</dt>", "<h1>", "</h1>", "<h2>", "</h2>",
	"<a href=/x>", "<a href='/y?a=1&amp;b=2' rel=nofollow>", "<a id=i name=n href=#f title=T>", "</a>",
	"<b>", "</b>", "<em>", "</em>", "<i>", "</i>", "<span>", "</span>", "<x-y>", "</x-y>",
	"<section>", "</section>", "<nav>", "</nav>", "<center>", "</center>", "<canvas>", "</canvas>",
	"<br>", "<br/>", "<hr>", "<img alt=pic>", "<img src=x>", "<wbr>",
	"text", "more words", " ", "\n", "\r\n", "&amp;", "&lt;x&gt;", "\u00a0",
	"<html>", "<html lang=en id=top>", "</html>", "<head>", "</head>", "<body>", "<body class=b>", "</body>",
	"<title>T &amp; t</title>", "<meta name=description content=d>", "<meta name=robots content=noindex>",
	"<meta http-equiv=refresh content=\"0;url=/r\">", "<base href=/b/>", "<link rel=canonical href=/c>",
	"<link rel=alternate hreflang=de href=/de>", "<script>var a = '<p>'</script>",
	"<script type=application/ld+json>{\"@type\":\"Thing\"}</script>", "<style>p{}</style>",
	"<noscript><a href=/n>n</a></noscript>", "<p hidden>", "<div hidden>", "<span hidden>", "<h1 id=h>",
	"<!-- c -->", "<!doctype html>", "<table>", "<td>", "<svg>", "<pre>", "<template>", "</br>",
	"<form>", "</form>", "<input name=q>", "<button>", "</button>", "<iframe src=/f>x<a href=/i>i</a></iframe>",
	"<a href=\"/?a=&quot;b&quot;&#39;\">", "<dialog>", "</dialog>", "<search>", "</search>",
}

// FuzzScanTokens holds scan to the parsed tree's answer on documents
// written from scanVocabulary, most of which scan reads (FuzzScanMatchesTree
// finds few such documents in arbitrary bytes).
func FuzzScanTokens(f *testing.F) {
	f.Add([]byte{0, 4, 6, 47, 48, 1, 8, 9, 47, 8, 3})
	f.Add([]byte{58, 61, 64, 63, 66, 0, 22, 47, 23, 24, 25, 26, 48, 27, 1})
	f.Fuzz(func(t *testing.T, picks []byte) {
		if len(picks) > 400 {
			return
		}
		var doc strings.Builder
		for _, p := range picks {
			doc.WriteString(scanVocabulary[int(p)%len(scanVocabulary)])
		}
		scanMatchesTree(t, "tokens", []byte(doc.String()))
	})
}
