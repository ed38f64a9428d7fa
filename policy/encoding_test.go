package policy

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// TestRobotsAndSitemapsAskOnlyGzip: robots.txt and sitemaps (through
// Gate.Do) ask for gzip alone, which net/http undoes, and never for br or
// zstd, which nothing on their path would: a server that answers as asked is
// read right.
func TestRobotsAndSitemapsAskOnlyGzip(t *testing.T) {
	t.Parallel()
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		io.WriteString(w, s)
		w.Close()
		return b.Bytes()
	}
	var mu sync.Mutex
	asked := map[string]string{}
	ts, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path] = r.Header.Get("Accept-Encoding")
		mu.Unlock()
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			w.Header().Set("Content-Encoding", "gzip")
		}
		switch r.URL.Path {
		case "/robots.txt":
			w.Write(gz("User-agent: *\nDisallow: /private\n"))
		case "/sitemap.xml":
			w.Write(gz(`<urlset><url><loc>` + "http://" + r.Host + `/a</loc></url></urlset>`))
		}
	})
	g := testGate(t, ts.URL+"/", nil)
	if v := g.cfg.Robots.Policy(context.Background(), mustParse(t, ts.URL+"/private")).Check(mustParse(t, ts.URL+"/private")); v.Allowed {
		t.Errorf("/private allowed; want the gzipped robots.txt read and obeyed")
	}
	resp, err := g.Do(context.Background(), http.MethodGet, mustParse(t, ts.URL+"/sitemap.xml"), Sitemap, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), "<loc>") {
		t.Errorf("sitemap body %q; want it read decoded", body)
	}
	for path, ae := range asked {
		if strings.Contains(ae, "br") || strings.Contains(ae, "zstd") {
			t.Errorf("%s asked with Accept-Encoding %q; want no coding nothing would undo", path, ae)
		}
	}
	if len(asked) != 2 {
		t.Errorf("asked for %v; want robots.txt and sitemap.xml", asked)
	}
}
