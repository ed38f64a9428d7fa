package crawl

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// contentFrontier is a frontier in memory that keeps what each page's
// result said of its content.
type contentFrontier struct {
	*frontier.Memory
	mu      sync.Mutex
	content map[string]*frontier.Content
	done    map[string]bool
}

func (f *contentFrontier) Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link {
	f.note(it, r)
	return f.Memory.Complete(ctx, it, r)
}

func (f *contentFrontier) CompleteThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, then func([]frontier.Link, string, error)) {
	f.Memory.CompleteThen(ctx, it, r, canon, func(firsts []frontier.Link, holder string, err error) {
		if holder == "" && err == nil {
			f.note(it, r)
		}
		then(firsts, holder, err)
	})
}

func (f *contentFrontier) note(it frontier.Item, r frontier.Result) {
	f.mu.Lock()
	f.content[it.URL] = r.Content
	f.done[it.URL] = r.State == frontier.StateDone
	f.mu.Unlock()
}

// keptPages remembers every page the union returned.
type keptPages struct {
	Pages
	mu    sync.Mutex
	pages []*union.Page
}

func (k *keptPages) Fetch(ctx context.Context, u *url.URL) (*union.Page, error) {
	p, err := k.Pages.Fetch(ctx, u)
	k.mu.Lock()
	k.pages = append(k.pages, p)
	k.mu.Unlock()
	return p, err
}

// TestCrawlKeepsContent: under KeepContent every kept page's result
// carries its main content, block by block with its hashes, the template
// its site repeats left out once learned; a noindex page and a refused one
// carry none; and no page keeps the document it was read from.
func TestCrawlKeepsContent(t *testing.T) {
	tmpl := sites.Templated(8)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/p/7" {
			fmt.Fprint(w, `<!doctype html><html><head><title>Hidden</title><meta name="robots" content="noindex"></head><body><main><p>`+
				strings.Repeat("Words of a page that asks not to be kept. ", 10)+`</p><a href="/gone">gone</a></main></body></html>`)
			return
		}
		tmpl.ServeHTTP(w, r)
	}))
	defer ts.Close()
	seed, _ := url.Parse(ts.URL + "/")
	cfg := usual(Config{Seeds: []*url.URL{seed}, Concurrency: 1, Depth: -1, SkipSoft404: true, Mode: union.ModePlain, KeepContent: true})
	gate := testGate(t, cfg)
	p := plain.New(plain.Config{Timeout: 10 * time.Second, KeepHTML: true})
	defer p.Close()
	pages := &keptPages{Pages: &union.Union{Mode: union.ModePlain, Plain: p}}
	front := &contentFrontier{Memory: frontier.NewMemory(gate.Throttle(), -1), content: map[string]*frontier.Content{}, done: map[string]bool{}}
	c, err := New(cfg, Deps{Pages: pages, Frontier: front, Sink: func(Event) {}, Gate: gate})
	if err != nil {
		t.Fatal(err)
	}
	c.Run(context.Background())

	if !front.done[ts.URL+"/p/7"] || front.content[ts.URL+"/p/7"] != nil {
		t.Errorf("the noindex page: kept %v, content %+v; want kept, no content", front.done[ts.URL+"/p/7"], front.content[ts.URL+"/p/7"])
	}
	if front.done[ts.URL+"/gone"] || front.content[ts.URL+"/gone"] != nil {
		t.Errorf("the refused page has content: %+v", front.content[ts.URL+"/gone"])
	}
	helpful := 0
	for i := range 7 {
		u := ts.URL + "/"
		if i > 0 {
			u = fmt.Sprintf("%s/p/%d", ts.URL, i)
		}
		kc := front.content[u]
		if kc == nil {
			t.Errorf("%s: no content kept", u)
			continue
		}
		md := strings.Join(kc.Blocks, "\n\n")
		if kc.Side != string(fetch.Plain) || kc.Site != strings.TrimPrefix(ts.URL, "http://") || kc.Words < 20 || kc.Title == "" ||
			len(kc.BlockRuns) != len(kc.Blocks) || len(kc.Runs) == 0 || !strings.Contains(md, sites.TemplatedOwn(i)) {
			t.Errorf("%s: content %+v", u, kc)
		}
		if strings.Contains(md, "Was this entry helpful") {
			helpful++
		}
	}
	// The line every page repeats inside its article is template once
	// three pages hold it: the first pages alone keep it.
	if helpful == 0 || helpful > 3 {
		t.Errorf("%d pages kept the line the template holds; want the first ones, at most 3", helpful)
	}
	for _, pg := range pages.pages {
		if pg.ContentHTML != "" || pg.Sides[fetch.Plain] != nil && pg.Sides[fetch.Plain].HTML != "" {
			t.Errorf("%s: the page still holds its document after its record", pg.URL)
		}
	}
}
