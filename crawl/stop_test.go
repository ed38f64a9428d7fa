package crawl

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/fetch/union"
)

// The first Ctrl-C during the seeds' preparation prepares no further
// origin: the seeds after it are queued (for a resume) but their hosts are
// never asked, not even for robots.txt.
func TestStopEndsSeedPreparation(t *testing.T) {
	var c *Crawler
	var asked [3]atomic.Int32
	var seeds []*url.URL
	for i, ip := range []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"} {
		ln, err := net.Listen("tcp", ip+":0")
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			asked[i].Add(1)
			if i == 0 && r.URL.Path == "/robots.txt" {
				c.Stop() // the operator's Ctrl-C, while the first seed is prepared
			}
			http.NotFound(w, r)
		}))
		ts.Listener.Close()
		ts.Listener = ln
		ts.Start()
		defer ts.Close()
		seeds = append(seeds, mustURL(t, ts.URL+"/"))
	}
	cfg := usual(Config{Seeds: seeds, Depth: DefaultDepth, Concurrency: 1, Mode: union.ModePlain})
	rec := &recorder{}
	var err error
	c, err = New(cfg, Deps{Pages: newPages(t, union.ModePlain, nil), Sink: rec.sink, Gate: testGate(t, cfg), Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	done := c.Run(context.Background())
	got := fmt.Sprint(asked[0].Load(), asked[1].Load(), asked[2].Load())
	if got != "1 0 0" {
		t.Errorf("requests per host %s; want 1 0 0 (the first seed's robots.txt, then nothing)", got)
	}
	if done.Stopped != StopInterrupted || done.Pending != 3 {
		t.Errorf("done: stopped %q, pending %d; want interrupted with the 3 seeds queued", done.Stopped, done.Pending)
	}
}
