package plain

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"

	"github.com/webgraph/webgraph/fetch"
)

// The extraction as it was written with goquery selectors, one search of
// the whole tree each: the reference the one-walk extraction (collect) is
// held to. The text blocks come from a walk of their own, which did not
// change: the reference leaves them out. URLs are written as the walk
// writes them (encodeQuery, then fetch.Normalize), in UTF-8: the reference
// checks which elements are read, not how a query is encoded.

func refExtract(doc *goquery.Document, docURL *url.URL) page {
	var p page
	p.title = fetch.CollapseSpace(doc.FindMatcher(selTitle).First().Text())

	base := refDocBase(doc, docURL)

	doc.FindMatcher(selScript).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		switch t, _ := s.Attr("type"); strings.ToLower(strings.TrimSpace(t)) {
		case "", "text/javascript", "application/javascript", "module":
			p.scriptDriven = true
			return false
		}
		return true
	})

	if href, ok := doc.FindMatcher(selCanonical).First().Attr("href"); ok {
		if c, err := fetch.Normalize(base, encodeQuery(href, nil)); err == nil {
			p.canonical = c
		}
	}

	doc.FindMatcher(selLinks).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		href, _ := s.Attr("href")
		u, err := fetch.Normalize(base, encodeQuery(href, nil))
		if err != nil {
			return true
		}
		rel, _ := s.Attr("rel")
		p.links = append(p.links, fetch.Link{
			URL:      u,
			Fragment: fetch.Fragment(href),
			Anchor:   refAnchorText(s),
			Rel:      rel,
			Nofollow: hasToken(rel, "nofollow"),
		})
		return len(p.links) < MaxLinks
	})

	doc.FindMatcher(selAnchors).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if id, ok := s.Attr("id"); ok && id != "" {
			p.anchors = append(p.anchors, id)
		}
		if goquery.NodeName(s) == "a" {
			if name, ok := s.Attr("name"); ok && name != "" {
				p.anchors = append(p.anchors, name)
			}
		}
		return len(p.anchors) < fetch.MaxAnchors
	})
	return p
}

// anchorText is what a reader would click: the visible text, else an image's
// alt text, else the title or aria-label attribute.
func refAnchorText(s *goquery.Selection) string {
	if goquery.NodeName(s) == "area" {
		alt, _ := s.Attr("alt")
		return fetch.Anchor(alt)
	}
	if t := fetch.Anchor(s.Text()); t != "" {
		return t
	}
	if alt, ok := s.FindMatcher(selImgAlt).First().Attr("alt"); ok && strings.TrimSpace(alt) != "" {
		return fetch.Anchor(alt)
	}
	for _, a := range []string{"title", "aria-label"} {
		if v, _ := s.Attr(a); strings.TrimSpace(v) != "" {
			return fetch.Anchor(v)
		}
	}
	return ""
}

func refDocBase(doc *goquery.Document, docURL *url.URL) *url.URL {
	if href, ok := doc.FindMatcher(selBase).First().Attr("href"); ok {
		if b, err := docURL.Parse(encodeQuery(strings.TrimSpace(href), nil)); err == nil {
			return b
		}
	}
	return docURL
}

func refReadHead(doc *goquery.Document, base *url.URL, h http.Header) fetch.Head {
	var hd fetch.Head
	hd.Description = fetch.Clip(refMetaContent(doc, "description"), fetch.MaxHeadField)
	hd.H1 = fetch.Clip(doc.FindMatcher(selH1).First().Text(), fetch.MaxHeadField)

	var dirs []string
	doc.FindMatcher(selMeta).Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "robots", fetch.MetaAgent:
			c, _ := s.Attr("content")
			dirs = append(dirs, fetch.RobotsContent(c)...)
		}
	})
	dirs = append(dirs, fetch.XRobotsTag(h.Values("X-Robots-Tag"), fetch.MetaAgent)...)
	hd.Robots = fetch.CapDirectives(dirs)

	doc.FindMatcher(selHreflang).Each(func(_ int, s *goquery.Selection) {
		lang, _ := s.Attr("hreflang")
		href, _ := s.Attr("href")
		lang = strings.ToLower(fetch.Clip(lang, 35))
		u, err := fetch.Normalize(base, encodeQuery(href, nil))
		if lang == "" || err != nil || len(hd.Hreflang) >= fetch.MaxHreflang {
			return
		}
		if hd.Hreflang == nil {
			hd.Hreflang = map[string]string{}
		}
		hd.Hreflang[lang] = u
	})

	var ld []string
	doc.FindMatcher(selScript).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if t, _ := s.Attr("type"); strings.EqualFold(strings.TrimSpace(t), "application/ld+json") {
			ld = append(ld, s.Text())
		}
		return len(ld) < fetch.MaxJSONLDScripts
	})
	hd.StructuredData = fetch.JSONLDTypes(ld)
	return hd
}

// metaContent returns the content of the first <meta name=NAME> (name case
// insensitive).
func refMetaContent(doc *goquery.Document, name string) string {
	var out string
	doc.FindMatcher(selMeta).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if n, _ := s.Attr("name"); strings.EqualFold(strings.TrimSpace(n), name) {
			out, _ = s.Attr("content")
			return false
		}
		return true
	})
	return out
}

// sameExtraction fails t when the one-walk extraction of doc differs from
// the selector-based one in any field. A document with a <template> is not
// compared: the walk reads declarative shadow roots in their hosts' place
// and leaves inert templates out, where selectors see every template's
// content as children (TestTemplates holds those).
func sameExtraction(t *testing.T, name string, doc []byte) {
	t.Helper()
	if bytes.Contains(bytes.ToLower(doc), []byte("<template")) {
		return
	}
	u, _ := url.Parse("http://example.test/dir/page.html")
	h := http.Header{"X-Robots-Tag": {"noarchive"}}
	root, err := html.Parse(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f := collect(root)
	gotPage, gotHead := extract(f, textBlocks(root, f), u), readHead(f, docBase(f, u), h)
	gotPage.blocks = nil

	gq := goquery.NewDocumentFromNode(root)
	wantPage, wantHead := refExtract(gq, u), refReadHead(gq, refDocBase(gq, u), h)
	if !reflect.DeepEqual(gotPage, wantPage) {
		t.Errorf("%s: extraction differs:\n got  %+v\n want %+v", name, gotPage, wantPage)
	}
	if !reflect.DeepEqual(gotHead, wantHead) {
		t.Errorf("%s: head differs:\n got  %+v\n want %+v", name, gotHead, wantHead)
	}
}

// The tricky cases, then every fixture page of testdata/sites.
var extractionCases = []string{
	`<title>One</title><title>Two</title><svg><title>Icon</title></svg><h1>A <b>b</b></h1><h1>c</h1>`,
	`<svg><title>Icon first</title></svg><title>Page</title>`,
	`<a href="/x">x</a><base href="/sub/"><a href="y">y</a><base href="/other/">`,
	`<base><base href="  http://[bad  "><a href="z">z</a>`,
	`<link rel="Alternate CANONICAL" href="/c1"><link rel="canonical" href="/c2"><link rel="canonical">`,
	"<link rel=\"x\tcanonical\" href=\"/tab\"><link rel=\"canonical\u00a0\" href=\"/nbsp\">",
	`<link rel="alternate" hreflang="EN" href="/en"><link rel="alternate" hreflang="en" href="/en2"><link rel="ALTERNATE" hreflang="" href="/x"><link rel="alternate" hreflang="de">`,
	`<meta name="Description " content="first"><meta name="description" content="second"><meta name="robots" content="noindex, nofollow"><meta name="webgraph" content="nofollow"><meta name="robots">`,
	`<script type="application/ld+json">{"@type":"Article"}</script><script type="text/x-template">t</script><script type=" MODULE ">m</script>`,
	`<script type="text/x-template"></script><script type="application/LD+json">{"@type":["A","B"]}</script>`,
	`<a href="/1" rel="NoFollow sponsored">one</a><a href>empty</a><area href="/map" alt="Map area"><a href="/img"><span></span><img src=i><img alt=" "><img alt="Picture"></a><a href="/t" title="Title"></a><a href="/l" aria-label="Label"> </a><a>no href</a>`,
	`<div id="a"><a name="n" id="both">x</a><a name="">y</a><p id="">z</p><span id=q></span></div>`,
	`<noscript><a href="/ns">ns</a></noscript><slot><a href="/in-slot" id="s">outside any shadow root</a></slot>`,
	`<table><tr><td>a</td><td>b</td></tr></table><p hidden>gone <a href="/hidden">h</a></p><math><a href="/m">m</a></math>`,
	`<a href="http://[::1">bad</a><a href="javascript:void(0)">js</a><a href="mailto:x@y">m</a><a href="#frag">f</a><a href="/p#sec">p</a>`,
	`<a href="%0X0">only links that do not resolve</a><a href="javascript:void(0)">js</a>`,
	``,
	`plain text only`,
}

func TestOneWalkExtractionMatchesSelectors(t *testing.T) {
	t.Parallel()
	for i, c := range extractionCases {
		sameExtraction(t, "case "+string(rune('A'+i)), []byte(c))
	}
	pages, err := filepath.Glob(filepath.Join("..", "..", "testdata", "sites", "*", "*.html"))
	if err != nil || len(pages) < 10 {
		t.Fatalf("fixture pages: %d (%v); want the fixture sites' pages", len(pages), err)
	}
	more, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "sites", "*", "*", "*.html"))
	for _, p := range append(pages, more...) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		sameExtraction(t, p, b)
	}
}

// FuzzExtract holds the one-walk extraction to the selector-based one on
// any document.
func FuzzExtract(f *testing.F) {
	for _, c := range extractionCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if strings.Count(doc, "<") > 2000 {
			return // deep trees are slow to compare, not different
		}
		sameExtraction(t, "fuzz", []byte(doc))
	})
}
