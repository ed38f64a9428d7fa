package rendered

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// BenchmarkRead measures reading a loaded page alone (the wait asked for
// nothing): a small article, a page of 5,000 paragraphs and links with no
// shadow root, and the component page with its shadow roots.
func BenchmarkRead(b *testing.B) {
	union, _ := sites.Serve(b, "union")
	shadow, _ := sites.Serve(b, "shadow")
	var big strings.Builder
	big.WriteString("<!doctype html><title>Big</title><body>")
	for i := range 5000 {
		fmt.Fprintf(&big, "<div><p>Paragraph %d with <a href='/p/%d'>a link</a> and a few more words.</p><span></span></div>\n", i, i)
	}
	page := big.String()
	bigSrv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, page)
	}))
	defer bigSrv.Close()
	path, err := FindChrome("")
	if err != nil {
		b.Fatal(err)
	}
	br, err := startBrowser(path, "webgraph-bench", false)
	if err != nil {
		b.Fatal(err)
	}
	defer br.stop()
	cfg := Config{Timeout: 20 * time.Second, Quiet: 10 * time.Millisecond, WaitCap: DefaultWaitCap, MaxText: DefaultMaxText, UserAgent: "webgraph-bench"}
	for _, p := range []struct{ name, url string }{
		{"article", union.URL + "/article.html"},
		{"5000-paragraphs", bigSrv.URL + "/"},
		{"components", shadow.URL + "/component.html"},
	} {
		b.Run(p.name, func(b *testing.B) {
			t, err := newTab(br, cfg)
			if err != nil {
				b.Fatal(err)
			}
			defer t.close()
			if err := chromedp.Do(t.ctx, chromedp.Navigate(p.url)); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				ex, err := chromedp.Run(t.ctx, readPage(cfg, 0, 0))
				if err != nil || len(ex.Links) == 0 {
					b.Fatalf("read: %v, %d links", err, len(ex.Links))
				}
			}
		})
	}
}
