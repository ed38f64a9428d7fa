package sites

import (
	"fmt"
	"net/http"
	"strings"
)

// Dense serves an n-page site whose pages carry k links each, as real
// pages do (navigation, related lists): "/" is page 0 and "/p/i" page i;
// page i links first to its children k*i+1 … k*i+k (a k-ary tree, so every
// page is reachable), then, where the children run past n, to the first
// pages of the site, a navigation list every crawler has seen already. With
// n = 1000*1001+1 and k = 1,000, the first 1,001 pages each link to 1,000
// URLs met nowhere else: a million URLs on one host. robots.txt and
// sitemaps answer 404.
func Dense(n, k int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, ok := pageIndex(r.URL.Path, n)
		if !ok {
			http.NotFound(w, r)
			return
		}
		var b strings.Builder
		fmt.Fprintf(&b, `<!doctype html><html><head><title>Page %d</title></head><body><h1>Page %d</h1><p>This is page %d of a generated site with %d pages of %d links. It has enough words of its own to count as a readable page.</p><ul>`, i, i, i, n, k)
		nav := 1
		for j := 1; j <= k; j++ {
			c := k*i + j
			if c >= n || c <= 0 { // past the site's end (or overflowed): the navigation list
				c, nav = nav%n, nav+1
			}
			if c == 0 {
				b.WriteString(`<li><a href="/">Home</a></li>`)
				continue
			}
			fmt.Fprintf(&b, `<li><a href="/p/%d">Page %d</a></li>`, c, c)
		}
		b.WriteString(`</ul></body></html>`)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(b.String()))
	})
}
