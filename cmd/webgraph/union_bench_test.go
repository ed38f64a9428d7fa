package main

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/webgraph/webgraph/internal/gcfloor"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// BenchmarkCrawlUnionInProcess is the union crawl BenchmarkUnionVsTunedLoop
// (bench/) sets against the tuned chromedp loop, 201 script-written pages at
// --concurrency 8 with no spacing, inside the test process, so that
// -cpuprofile sees webgraph's own process: the browser's memory readings,
// the protocol messages it decodes, the crawl. The browser is the first
// chromium on PATH, as for the crawl.
func BenchmarkCrawlUnionInProcess(b *testing.B) {
	const pages = 201
	defer gcfloor.Set(gcFloor)() // as main sets it
	ts := httptest.NewServer(sites.Generated(pages, true))
	defer ts.Close()
	for b.Loop() {
		dir := b.TempDir()
		var out bytes.Buffer
		err := run(b.Context(), []string{"crawl", "--db", filepath.Join(dir, "crawl.db"), "--mode", "union", "--host-interval", "0", "--delay", "0",
			"--concurrency", "8", "--depth", "20", "--keep", "none", "--out", filepath.Join(dir, "events.jsonl"), ts.URL + "/"}, &out, &out)
		if err != nil {
			b.Fatalf("crawl: %v\n%s", err, out.String())
		}
		if ev, _ := os.ReadFile(filepath.Join(dir, "events.jsonl")); !bytes.Contains(ev, fmt.Appendf(nil, `"ok":%d,`, pages)) {
			b.Fatalf("the crawl did not keep all %d pages", pages)
		}
	}
}
