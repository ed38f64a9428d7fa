package plain

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/PuerkitoBio/goquery"

	"github.com/webgraph/webgraph/fetch"
)

// readHead reads the audit's fields from the HTML as served and the response
// header: description, first h1, robots directives (meta robots, meta
// webgraph, X-Robots-Tag), hreflang alternates and JSON-LD types. base
// resolves relative URLs (the document URL or its <base href>).
func readHead(doc *goquery.Document, base *url.URL, h http.Header) fetch.Head {
	var hd fetch.Head
	hd.Description = fetch.Clip(metaContent(doc, "description"), fetch.MaxHeadField)
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
		u, err := fetch.Normalize(base, href)
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
func metaContent(doc *goquery.Document, name string) string {
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
