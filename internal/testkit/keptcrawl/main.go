// Command keptcrawl writes a crawl database of kept pages through the
// store's API, as a crawl records them: a seed whose record queues every
// page in one transaction, then each page's record handed to the writer
// without waiting, claimed under its canonical URL. It is a test fixture:
// tests of `sitemaps --write` build it and run it, so that a database of
// more than 50,000 pages is made in seconds by a binary without the race
// detector's instrumentation, whatever the test binary's.
//
//	keptcrawl -db PATH < pages.jsonl
//
// Each line of stdin is one page: {"url", "canon", "noindex", "modified"}
// (modified in RFC 3339; left out, or the zero time, for none). The first
// page's origin is the seed's.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"sync"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/store"
)

// Page is one line of stdin.
type Page struct {
	URL      string    `json:"url"`
	Canon    string    `json:"canon"`
	Noindex  bool      `json:"noindex"`
	Modified time.Time `json:"modified"`
}

func main() {
	db := flag.String("db", "", "the crawl database to create")
	flag.Parse()
	if err := run(*db); err != nil {
		fmt.Fprintln(os.Stderr, "keptcrawl:", err)
		os.Exit(1)
	}
}

func run(db string) error {
	ctx := context.Background()
	var pages []Page
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var p Page
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return err
		}
		pages = append(pages, p)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(pages) == 0 {
		return fmt.Errorf("no page on stdin")
	}
	st, err := store.Open(ctx, db, store.Create)
	if err != nil {
		return err
	}
	defer st.Close()
	cr, err := st.OpenCrawl(ctx, store.CrawlConfig{Throttle: policy.NewThrottle(0, nil), MaxDepth: -1})
	if err != nil {
		return err
	}
	defer cr.Close(ctx)
	if err := cr.Journal.Run(ctx, map[string]any{"event": "run", "seeds": []string{pages[0].URL}}, false); err != nil {
		return err
	}
	f := cr.Frontier
	u, err := url.Parse(pages[0].URL)
	if err != nil {
		return err
	}
	seed := frontier.Item{URL: u.Scheme + "://" + u.Host + "/seed", Host: u.Host}
	f.Add(ctx, seed.URL, seed.Host, discovery.Discovery{Via: discovery.ViaSeed})
	queue := make([]frontier.New, len(pages))
	for i, p := range pages {
		queue[i] = frontier.New{URL: p.URL, Host: u.Host, Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: seed.URL, Depth: 1}}
	}
	f.Complete(ctx, seed, frontier.Result{State: frontier.StateRefused, FinalURL: seed.URL, Status: 404, Cause: "missing", PlainWords: -1, RenderedWords: -1,
		Event: []byte(`{"event":"page","ok":false,"cause":"missing"}`), Queue: queue})
	var wg sync.WaitGroup
	for _, p := range pages {
		ev := fmt.Sprintf(`{"event":"page","url":%q,"final_url":%[1]q,"ok":true,"status":200,"robots_meta":{"noindex":%t,"nofollow":false},"warnings":[]}`, p.URL, p.Noindex)
		wg.Add(1)
		f.CompleteThen(ctx, frontier.Item{URL: p.URL, Host: u.Host}, frontier.Result{State: frontier.StateDone, FinalURL: p.URL, Status: 200, Title: "t", Words: 30,
			PlainWords: 30, RenderedWords: -1, Event: []byte(ev), LastModified: p.Modified}, p.Canon, func([]frontier.Link, string, error) { wg.Done() })
	}
	wg.Wait()
	return f.Err()
}
