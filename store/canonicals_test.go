package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// canonicalFrontier is what the test asks of both stores' frontiers.
type canonicalFrontier interface {
	Add(ctx context.Context, url, host string, c discovery.Discovery) bool
	Next(ctx context.Context) (frontier.Item, error)
	Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link
	BrokenCanonicals(ctx context.Context, amend func(frontier.BrokenCanonical, []byte) ([]byte, error)) ([]frontier.BrokenCanonical, error)
}

// BrokenCanonicals finds, on both stores, the kept pages whose event names
// a refused or disallowed URL as canonical: not a page whose canonical URL
// is a page, or itself, or a refused page; once rewritten, never again. It
// reads them in batches, past canonicalBatch.
func TestBrokenCanonicalsOnBothStores(t *testing.T) {
	for name, s := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			var f canonicalFrontier
			th := policy.NewThrottle(0, nil)
			if s.pg {
				sf, err := s.sharedFrontier(context.Background(), th, -1, SharedConfig{Poll: 10 * time.Millisecond})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { sf.Close(context.Background()) })
				f = sf
			} else {
				lf, err := s.sqliteFrontier(context.Background(), th, -1)
				if err != nil {
					t.Fatal(err)
				}
				f = lf
			}
			const n = 2*canonicalBatch + 5
			event := func(u, canon string, ok bool) []byte {
				return []byte(fmt.Sprintf(`{"event":"page","url":%q,"final_url":%q,"ok":%v,"title":"<\"x\">","canonical":%q,"words":3,"text":"says \"canonical\":\"http://x/p/0\" in its text","audit":{"findings":[]}}`, u, u, ok, canon))
			}
			complete := func(u string, r frontier.Result) {
				t.Helper()
				f.Add(context.Background(), u, "x", discovery.Discovery{Via: discovery.ViaLink})
				it, err := f.Next(ctx)
				if err != nil || it.URL != u {
					t.Fatalf("Next = %s, %v; want %s", it.URL, err, u)
				}
				f.Complete(context.Background(), it, r)
			}
			want := map[string]frontier.State{}
			for i := range n {
				page, canon := fmt.Sprintf("http://x/p/%d", i), fmt.Sprintf("http://x/c/%d", i)
				complete(page, frontier.Result{State: frontier.StateDone, FinalURL: page, Status: 200, Event: event(page, canon, true)})
				switch i % 3 {
				case 0:
					complete(canon, frontier.Result{State: frontier.StateRefused, Cause: "missing", FinalURL: canon, Status: 404, Event: []byte(`{"event":"page","ok":false,"error":"HTTP 404"}`)})
					want[page] = frontier.StateRefused
				case 1:
					complete(canon, frontier.Result{State: frontier.StateDisallowed, Cause: "disallowed"})
					want[page] = frontier.StateDisallowed
				default:
					complete(canon, frontier.Result{State: frontier.StateDone, FinalURL: canon, Status: 200, Event: event(canon, canon, true)})
				}
			}
			// A refused page naming a refused URL, and a page naming itself
			// after its own refusal: neither is a kept page with a broken
			// canonical URL.
			complete("http://x/refused", frontier.Result{State: frontier.StateRefused, Cause: "wall", Event: event("http://x/refused", "http://x/c/0", false)})
			amend := func(b frontier.BrokenCanonical, ev []byte) ([]byte, error) {
				return []byte(strings.Replace(string(ev), `"findings":[]`, `"findings":[{"finding":"canonical_broken"}]`, 1)), nil
			}
			wantN := len(want)
			got, err := f.BrokenCanonicals(ctx, amend)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range got {
				if want[b.Page] != b.State {
					t.Errorf("%s: state %q; want %q", b.Page, b.State, want[b.Page])
				}
				if b.State == frontier.StateRefused && (b.Cause != "missing" || b.Words != "HTTP 404") {
					t.Errorf("%s: cause %q, words %q; want missing, HTTP 404", b.Page, b.Cause, b.Words)
				}
				delete(want, b.Page)
			}
			if len(want) != 0 || len(got) != wantN {
				t.Errorf("%d found, want %d; not found: %v", len(got), wantN, want)
			}
			if again, err := f.BrokenCanonicals(ctx, amend); err != nil || len(again) != 0 {
				t.Errorf("again: %d found, %v; want none: each page was rewritten", len(again), err)
			}
		})
	}
}

// BrokenCanonicals finds a page whose canonical URL is the crawl's only
// refused URL, or its only disallowed one, and none while the crawl has
// neither; a URL refused later is found by the next call.
func TestBrokenCanonicalsWithOneRefusal(t *testing.T) {
	refusals := map[string]frontier.Result{
		"refused":    {State: frontier.StateRefused, Cause: "missing", FinalURL: "http://x/cb", Status: 404, Event: []byte(`{"event":"page","ok":false,"error":"HTTP 404"}`)},
		"disallowed": {State: frontier.StateDisallowed, Cause: "disallowed"},
	}
	for kind, refusal := range refusals {
		for name, s := range bothStores(t) {
			t.Run(kind+"/"+name, func(t *testing.T) {
				ctx := context.Background()
				var f canonicalFrontier
				th := policy.NewThrottle(0, nil)
				if s.pg {
					sf, err := s.sharedFrontier(ctx, th, -1, SharedConfig{Poll: 10 * time.Millisecond})
					if err != nil {
						t.Fatal(err)
					}
					t.Cleanup(func() { sf.Close(context.Background()) })
					f = sf
				} else {
					lf, err := s.sqliteFrontier(ctx, th, -1)
					if err != nil {
						t.Fatal(err)
					}
					f = lf
				}
				complete := func(u string, r frontier.Result) {
					t.Helper()
					f.Add(ctx, u, "x", discovery.Discovery{Via: discovery.ViaLink})
					it, err := f.Next(ctx)
					if err != nil || it.URL != u {
						t.Fatalf("Next = %s, %v; want %s", it.URL, err, u)
					}
					f.Complete(ctx, it, r)
				}
				page := func(u, canon string) {
					t.Helper()
					ev := fmt.Sprintf(`{"event":"page","url":%q,"ok":true,"canonical":%q,"audit":{"findings":[]}}`, u, canon)
					complete(u, frontier.Result{State: frontier.StateDone, FinalURL: u, Status: 200, Event: []byte(ev)})
				}
				amend := func(b frontier.BrokenCanonical, ev []byte) ([]byte, error) {
					return []byte(strings.Replace(string(ev), `"findings":[]`, `"findings":[{"finding":"canonical_broken"}]`, 1)), nil
				}
				found := func(want ...string) {
					t.Helper()
					got, err := f.BrokenCanonicals(ctx, amend)
					if err != nil {
						t.Fatal(err)
					}
					var pages []string
					for _, b := range got {
						if b.State != refusal.State {
							t.Errorf("%s: state %q; want %q", b.Page, b.State, refusal.State)
						}
						pages = append(pages, b.Page)
					}
					if fmt.Sprint(pages) != fmt.Sprint(want) {
						t.Errorf("found %v; want %v", pages, want)
					}
				}
				page("http://x/a", "http://x/ca")
				page("http://x/b", "http://x/cb")
				page("http://x/ca", "http://x/ca")
				found() // each canonical URL a page or not fetched: none refused
				complete("http://x/cb", refusal)
				found("http://x/b")
				found() // rewritten once, never again
			})
		}
	}
}
