package sites

import (
	"fmt"
	"net/http"
	"strings"
)

// TemplatedFooter and TemplatedNav are text every page of a Templated site
// repeats; TemplatedOwn(i) is a sentence page i alone holds.
const (
	TemplatedFooter = "Harbour Almanac is written by volunteers of the harbour society. All rights reserved."
	TemplatedNav    = "Almanac home"
)

// TemplatedOwn is the sentence of page i's own.
func TemplatedOwn(i int) string {
	return fmt.Sprintf("Entry %d of the almanac records the tide, the wind and the boats that came in on day %d of the season.", i, i)
}

// Templated serves an n-page site built from one template, as a CMS serves
// one: on every page a header with the site's navigation, a "was this
// helpful" line and a footer inside the article's element, and a footer
// below it; between them the page's own article, whose paragraphs differ
// from page to page. "/" is page 0 and "/p/i" page i; page i links to
// pages 2i+1 and 2i+2. robots.txt and sitemaps answer 404.
func Templated(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, ok := pageIndex(r.URL.Path, n)
		if !ok {
			http.NotFound(w, r)
			return
		}
		var links strings.Builder
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n {
				fmt.Fprintf(&links, `<li><a href="/p/%d">Entry %d</a></li>`, c, c)
			}
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><title>Entry %[1]d · Harbour Almanac</title></head><body>
<header><a href="/">%[2]s</a><nav><ul><li><a href="/p/1">Tides</a></li><li><a href="/p/2">Winds</a></li><li><a href="/p/3">Boats</a></li></ul></nav></header>
<main><article><h1>Entry %[1]d</h1>
<p>%[3]s</p>
<p>The harbour master wrote on day %[1]d that the %[4]s pontoon needed new fenders before the next spring tide, and that the crews agreed to fit them.</p>
<ul>%[5]s</ul>
<p class="helpful">Was this entry helpful? Tell the volunteers at the harbour office.</p>
</article></main>
<footer><p>%[6]s</p></footer></body></html>`, i, TemplatedNav, TemplatedOwn(i), []string{"north", "south", "east", "west"}[i%4], links.String(), TemplatedFooter)
	})
}
