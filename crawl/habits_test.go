package crawl

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/webgraph/webgraph/fetch/union"
)

// pathLogger serves h and records the path of every request, with whether
// it came from the browser (fetch-metadata headers), for counts from the
// server's side.
type pathLogger struct {
	mu    sync.Mutex
	paths []string
	plain []string // the requests without browser headers
	h     http.Handler
}

func (l *pathLogger) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	l.paths = append(l.paths, r.URL.Path)
	if r.Header.Get("Sec-Fetch-Mode") == "" {
		l.plain = append(l.plain, r.URL.Path)
	}
	l.mu.Unlock()
	l.h.ServeHTTP(w, r)
}

// pageRequests counts the plain requests for pages: every path but
// robots.txt, the sitemaps and the soft-404 probe.
func (l *pathLogger) pageRequests() (n int, paths []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range l.plain {
		switch {
		case p == "/robots.txt", p == "/sitemap.xml", p == "/sitemap_index.xml", strings.HasPrefix(p, "/webgraph-soft404-probe-"):
			continue
		}
		n++
		paths = append(paths, p)
	}
	return n, paths
}

// chain serves "/" and /p/1 … /p/n, each linking to the next, with enough
// words to be kept; robots.txt and sitemaps are missing, and any other path
// answers 200 with a "not found" page (so the soft-404 probe is made and
// fingerprinted).
func chain(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		words := `<p>A page of the chain with enough words of its own to be kept by the crawl in any mode, whatever else it holds.</p>`
		i := -1
		switch {
		case r.URL.Path == "/":
			i = 0
		case strings.HasPrefix(r.URL.Path, "/p/"):
			fmt.Sscanf(strings.TrimPrefix(r.URL.Path, "/p/"), "%d", &i)
		case r.URL.Path == "/robots.txt", strings.HasPrefix(r.URL.Path, "/sitemap"):
			http.NotFound(w, r)
			return
		}
		if i < 0 || i > n {
			fmt.Fprint(w, `<!doctype html><title>Not here</title><p>Nothing lives at this address, though the server answers 200 for it all the same, as some do.</p>`)
			return
		}
		fmt.Fprintf(w, `<!doctype html><title>Page %d</title>%s<a href="/p/%d">next</a>`, i, words, i+1)
	})
}

// --max-pages N means N page fetches: the soft-404 probe, robots.txt and the
// sitemaps are not pages and take no part of it. Counted from the server's
// log.
func TestMaxPagesCountsPages(t *testing.T) {
	for _, tc := range []struct {
		mode union.Mode
		max  int
	}{{union.ModePlain, 1}, {union.ModePlain, 7}, {union.ModeUnion, 1}} {
		t.Run(fmt.Sprintf("%s/%d", tc.mode, tc.max), func(t *testing.T) {
			log := &pathLogger{h: chain(50)}
			site := httptest.NewServer(log)
			defer site.Close()
			cfg := Config{Seeds: []*url.URL{mustURL(t, site.URL+"/")}, Depth: -1, Concurrency: 1, MaxPages: tc.max, Mode: tc.mode}
			rec, done := run(t, cfg, newPages(t, tc.mode, nil))
			n, paths := log.pageRequests()
			if n != tc.max {
				t.Errorf("the server was asked for %d pages (%v); want %d", n, paths, tc.max)
			}
			if done.Pages != tc.max || done.OK != tc.max || done.Failure != "" || done.Stopped != StopMaxPages {
				t.Errorf("done: %d pages, %d kept, stopped %q, failure %q; want %d kept, stopped by max-pages", done.Pages, done.OK, done.Stopped, done.Failure, tc.max)
			}
			var disc *DiscoveryEvent
			for _, d := range pagesOf[DiscoveryEvent](rec) {
				disc = d
			}
			if disc == nil || disc.Soft404 == nil || !disc.Soft404.Fingerprint {
				t.Errorf("discovery = %+v; want the soft-404 probe made (it is not a page)", disc)
			}
		})
	}
}
