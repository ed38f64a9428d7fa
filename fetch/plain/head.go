package plain

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// readHead reads the audit's fields from the HTML as served (what collect
// found in it) and the response header: description, first h1, robots
// directives (meta robots, meta webgraph, X-Robots-Tag), hreflang alternates
// and JSON-LD types. base resolves relative URLs (the document URL or its
// <base href>).
func readHead(f *found, base *url.URL, h http.Header) fetch.Head {
	var hd fetch.Head
	var dirs []string
	description, described := "", false
	for _, m := range f.metas {
		name, _ := attr(m, "name")
		c, _ := attr(m, "content")
		if !described && strings.EqualFold(strings.TrimSpace(name), "description") {
			description, described = c, true
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "robots", fetch.MetaAgent:
			dirs = append(dirs, fetch.RobotsContent(c)...)
		}
	}
	hd.Description = fetch.Clip(description, fetch.MaxHeadField)
	hd.H1 = fetch.Clip(f.text(f.h1), fetch.MaxHeadField)
	dirs = append(dirs, fetch.XRobotsTag(h.Values("X-Robots-Tag"), fetch.MetaAgent)...)
	hd.Robots = fetch.CapDirectives(dirs)

	for _, l := range f.hreflangs {
		lang, _ := attr(l, "hreflang")
		href, _ := attr(l, "href")
		lang = strings.ToLower(fetch.Clip(lang, 35))
		u, err := f.resolve(base, href)
		if lang == "" || err != nil || len(hd.Hreflang) >= fetch.MaxHreflang {
			continue
		}
		if hd.Hreflang == nil {
			hd.Hreflang = map[string]string{}
		}
		hd.Hreflang[lang] = u
	}

	var ld []string
	for _, s := range f.scripts {
		if t, _ := attr(s, "type"); strings.EqualFold(strings.TrimSpace(t), "application/ld+json") {
			ld = append(ld, f.text(s))
		}
		if len(ld) >= fetch.MaxJSONLDScripts {
			break
		}
	}
	hd.StructuredData = fetch.JSONLDTypes(ld)
	return hd
}
