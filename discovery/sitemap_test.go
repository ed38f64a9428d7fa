package discovery

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

func gz(t testing.TB, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func getter(c *http.Client) Getter {
	return func(ctx context.Context, u string) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		return c.Do(req)
	}
}

func TestSitemapIndexWithGzipChild(t *testing.T) {
	t.Parallel()
	var ts *httptest.Server
	ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/advertised-index.xml":
			fmt.Fprintf(w, `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>%[1]s/pages.xml.gz</loc></sitemap><sitemap><loc>%[1]s/gone.xml</loc></sitemap></sitemapindex>`, ts.URL)
		case "/pages.xml.gz":
			w.Write(gz(t, fmt.Sprintf(`<urlset><url><loc>%[1]s/a</loc></url><url><loc> %[1]s/b </loc></url><url><loc>%[1]s/a</loc></url></urlset>`, ts.URL)))
		case "/sitemap.xml":
			// A 200 serving an HTML page is not a sitemap.
			fmt.Fprint(w, "<!doctype html><html><body><a href=/x>not a sitemap</a></body></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer ts.Close()
	root, _ := url.Parse(ts.URL + "/")
	attempts, urls := Sitemaps(context.Background(), getter(ts.Client()), root, []string{"/advertised-index.xml"}, SitemapOptions{})

	type row struct {
		path   string
		status int
		ok     bool
		n      int
		index  bool
		source SitemapSource
	}
	want := []row{
		{"/advertised-index.xml", 200, true, 2, true, SourceRobots},
		{"/sitemap.xml", 200, false, 0, false, SourceConventional},
		{"/sitemap_index.xml", 404, false, 0, false, SourceConventional},
		{"/pages.xml.gz", 200, true, 3, false, SourceIndex},
		{"/gone.xml", 404, false, 0, false, SourceIndex},
	}
	if len(attempts) != len(want) {
		t.Fatalf("got %d attempts: %+v; want %d", len(attempts), attempts, len(want))
	}
	for i, w := range want {
		a := attempts[i]
		if a.URL != ts.URL+w.path || a.Status != w.status || a.OK != w.ok || a.URLs != w.n || a.Index != w.index || a.Source != w.source {
			t.Errorf("attempt %d = %+v; want %+v", i, a, w)
		}
	}
	if !strings.Contains(attempts[1].Error, "not an XML sitemap") {
		t.Errorf("HTML sitemap error = %q", attempts[1].Error)
	}
	if len(urls) != 2 || urls[0].URL != ts.URL+"/a" || urls[1].URL != ts.URL+"/b" || urls[0].Sitemap != ts.URL+"/pages.xml.gz" {
		t.Errorf("urls = %+v; want /a and /b once each, from pages.xml.gz", urls)
	}
}

func TestSitemapSchemeReconciled(t *testing.T) {
	t.Parallel()
	var ts *httptest.Server
	ts = httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sitemap.xml" {
			host := strings.TrimPrefix(ts.URL, "https://")
			fmt.Fprintf(w, `<urlset><url><loc>http://%s/page</loc></url><url><loc>http://elsewhere.test/x</loc></url></urlset>`, host)
			return
		}
		http.NotFound(w, r)
	}))
	defer ts.Close()
	root, _ := url.Parse(ts.URL + "/")
	host := strings.TrimPrefix(ts.URL, "https://")
	// robots.txt advertised the sitemap with http:// on an https-only site.
	attempts, urls := Sitemaps(context.Background(), getter(ts.Client()), root, []string{"http://" + host + "/sitemap.xml"}, SitemapOptions{})
	if len(attempts) == 0 || attempts[0].URL != ts.URL+"/sitemap.xml" || !attempts[0].OK {
		t.Fatalf("attempts = %+v; want the https sitemap fetched", attempts)
	}
	if len(urls) != 2 || urls[0].URL != ts.URL+"/page" || urls[1].URL != "http://elsewhere.test/x" {
		t.Errorf("urls = %+v; want the own-host URL made https, another host left alone", urls)
	}
}

func TestSitemapLimits(t *testing.T) {
	t.Parallel()
	var ts *httptest.Server
	ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An index that lists 30 indexes: only 20 documents are fetched.
		fmt.Fprint(w, `<sitemapindex>`)
		for i := range 30 {
			fmt.Fprintf(w, `<sitemap><loc>%s/idx%d.xml</loc></sitemap>`, ts.URL, i)
		}
		fmt.Fprint(w, `</sitemapindex>`)
	}))
	defer ts.Close()
	root, _ := url.Parse(ts.URL + "/")
	attempts, _ := Sitemaps(context.Background(), getter(ts.Client()), root, nil, SitemapOptions{})
	if len(attempts) != MaxSitemapDocuments {
		t.Errorf("%d documents fetched; want %d", len(attempts), MaxSitemapDocuments)
	}

	big := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<urlset>`)
		for i := range 100 {
			fmt.Fprintf(w, `<url><loc>/p%d</loc></url>`, i)
		}
		fmt.Fprint(w, `</urlset>`)
	}))
	defer big.Close()
	root, _ = url.Parse(big.URL + "/")
	_, urls := Sitemaps(context.Background(), getter(big.Client()), root, nil, SitemapOptions{Limit: 10})
	if len(urls) != 10 {
		t.Errorf("%d URLs with a limit of 10", len(urls))
	}
}

func TestSitemapGzipBomb(t *testing.T) {
	t.Parallel()
	// 5 MiB of whitespace inside a urlset compresses to a few KB; the cap
	// here is 1 MiB (50 MB in use).
	var raw bytes.Buffer
	zw := gzip.NewWriter(&raw)
	zw.Write([]byte(`<urlset><url><loc>/first</loc></url>`))
	pad := bytes.Repeat([]byte(" "), 1<<20)
	for range 5 {
		zw.Write(pad)
	}
	zw.Write([]byte(`<url><loc>/after-the-limit</loc></url></urlset>`))
	zw.Close()
	bomb := raw.Bytes()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/sitemap.xml" {
			w.Write(bomb)
			return
		}
		http.NotFound(w, r)
	}))
	defer ts.Close()
	root, _ := url.Parse(ts.URL + "/")
	attempts, urls := Sitemaps(context.Background(), getter(ts.Client()), root, nil, SitemapOptions{MaxBytes: 1 << 20})
	if len(attempts) == 0 || !strings.Contains(attempts[0].Error, "larger than") {
		t.Fatalf("attempts = %+v; want the size cap named", attempts)
	}
	if len(urls) != 1 || !strings.HasSuffix(urls[0].URL, "/first") {
		t.Errorf("urls = %+v; want what came before the cap", urls)
	}
}

func TestSitemapDisallowedNotFetched(t *testing.T) {
	t.Parallel()
	var asked []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path)
		http.NotFound(w, r)
	}))
	defer ts.Close()
	root, _ := url.Parse(ts.URL + "/")
	gated := func(ctx context.Context, u string) (*http.Response, error) {
		if strings.HasSuffix(u, "/sitemap.xml") {
			return nil, fmt.Errorf("gate: %w", &fetch.Denied{URL: u, Cause: fetch.DeniedDisallowed, Reason: "Disallow: /sitemap.xml"})
		}
		return getter(ts.Client())(ctx, u)
	}
	attempts, _ := Sitemaps(context.Background(), gated, root, nil, SitemapOptions{})
	if len(attempts) != 2 || attempts[0].NotFetched != fetch.DeniedDisallowed || !strings.Contains(attempts[0].Error, "Disallow: /sitemap.xml") || len(asked) != 1 || asked[0] != "/sitemap_index.xml" {
		t.Errorf("attempts %+v, server asked %q", attempts, asked)
	}
}

// FuzzParseSitemap: never panics; every <loc> returned is trimmed and not empty.
func FuzzParseSitemap(f *testing.F) {
	f.Add(`<urlset><url><loc>http://a/</loc></url></urlset>`)                    // plain
	f.Add(`<sitemapindex><sitemap><loc> /s.xml </loc></sitemap></sitemapindex>`) // index, spaces
	f.Add(`<urlset><url><loc>http://a/<b>x</b></loc>`)                           // unclosed, nested
	f.Add(`<!doctype html><html><loc>no</loc></html>`)                           // HTML
	f.Add("\x1f\x8b\x08garbage")                                                 // a gzip header
	f.Fuzz(func(t *testing.T, s string) {
		doc, _ := ParseSitemap(strings.NewReader(s), 1<<20)
		if doc == nil {
			return
		}
		for _, l := range doc.Locs {
			if l == "" || l != strings.TrimSpace(l) {
				t.Fatalf("loc %q not trimmed or empty", l)
			}
		}
	})
}
