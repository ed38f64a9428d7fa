package crawl

import (
	"testing"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/testkit/contentset"
)

// BenchmarkExtract measures what --keep content adds to each page a crawl
// keeps: the pages of the labelled set as served (23 KB on average), each
// parsed, added to its site's template, extracted and cut into blocks with
// their hashes (Crawler.extract).
func BenchmarkExtract(b *testing.B) {
	set, err := contentset.Load()
	if err != nil {
		b.Fatal(err)
	}
	var pages []*contentset.Page
	bytes := 0
	for _, s := range set {
		for i := range s.Pages {
			if !s.Pages[i].Rendered {
				pages = append(pages, &s.Pages[i])
				bytes += len(s.Pages[i].HTML)
			}
		}
	}
	c := &Crawler{}
	b.SetBytes(int64(bytes / len(pages)))
	b.ResetTimer()
	n := 0
	for b.Loop() {
		p := pages[n%len(pages)]
		n++
		pg := &union.Page{URL: p.URL, FinalURL: p.URL, ContentSide: fetch.Plain, ContentHTML: string(p.HTML), ContentURL: p.URL}
		if kept, why := c.extract(pg); kept == nil {
			b.Fatalf("%s: no content: %s", p.Name(), why)
		}
	}
}
