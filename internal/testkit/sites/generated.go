package sites

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Generated serves an n-page site with no files: "/" is page 0 and "/p/i"
// page i; page i links to pages 2i+1 and 2i+2, so every page is reachable
// and the tree is about log2(n) deep. With js, each page's text and links
// are written by an inline script: only a browser sees them. robots.txt
// and sitemaps answer 404.
func Generated(n int, js bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i, ok := pageIndex(r.URL.Path, n)
		if !ok {
			http.NotFound(w, r)
			return
		}
		var links strings.Builder
		for _, c := range []int{2*i + 1, 2*i + 2} {
			if c < n {
				fmt.Fprintf(&links, `<li><a href="/p/%d">Page %d of the generated site</a></li>`, c, c)
			}
		}
		body := fmt.Sprintf(`<h1>Page %d</h1><p>This is page %d of a generated site with %d pages. It has enough words of its own to count as a readable page for every rule of webgraph's union.</p><ul>%s</ul>`, i, i, n, links.String())
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if js {
			fmt.Fprintf(w, `<!doctype html><html><head><title>Page %d</title></head><body><div id="root"></div><script>document.getElementById("root").innerHTML = %q;</script></body></html>`, i, body)
			return
		}
		fmt.Fprintf(w, `<!doctype html><html><head><title>Page %d</title></head><body>%s</body></html>`, i, body)
	})
}

// pageIndex is the page a generated site's path names: 0 for "/", i for
// "/p/i" with 0 < i < n; ok is false for any other path.
func pageIndex(path string, n int) (i int, ok bool) {
	if path == "/" {
		return 0, true
	}
	s, ok := strings.CutPrefix(path, "/p/")
	v, err := strconv.Atoi(s)
	if !ok || err != nil || v <= 0 || v >= n {
		return 0, false
	}
	return v, true
}
