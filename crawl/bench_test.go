package crawl

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// BenchmarkCrawlUnionJS crawls 100 pages whose text and links only a
// browser sees, in union mode, with 1, 2 and 4 tabs (and as many workers),
// with and without the rendered DOM serialised (dom=true: what --keep
// content asks of every render).
func BenchmarkCrawlUnionJS(b *testing.B) {
	ts := httptest.NewServer(sites.Generated(100, true))
	defer ts.Close()
	seed, _ := url.Parse(ts.URL + "/")
	for _, tabs := range []int{1, 2, 4} {
		for _, dom := range []bool{false, true} {
			b.Run(fmt.Sprintf("tabs=%d/dom=%v", tabs, dom), func(b *testing.B) {
				r, err := rendered.New(rendered.Config{Tabs: tabs, Timeout: 20 * time.Second, KeepDOM: dom})
				if err != nil {
					browsertest.Unavailable(b, err)
				}
				browser.Track(r)
				defer r.Close()
				p := plain.New(plain.Config{})
				defer p.Close()
				pages := &union.Union{Mode: union.ModeUnion, Plain: p, Rendered: r}
				var total time.Duration
				for b.Loop() {
					cfg := usual(Config{Seeds: []*url.URL{seed}, Concurrency: tabs, Depth: -1, SkipSoft404: true})
					c, err := New(cfg, Deps{Pages: pages, Sink: func(Event) {}, Gate: testGate(b, cfg)})
					if err != nil {
						b.Fatal(err)
					}
					start := time.Now()
					done := c.Run(context.Background())
					total += time.Since(start)
					if done.OK != 100 {
						b.Fatalf("kept %d pages; want 100 (causes %v)", done.OK, done.Causes)
					}
				}
				b.ReportMetric(float64(100*b.N)/total.Seconds(), "pages/s")
			})
		}
	}
}
