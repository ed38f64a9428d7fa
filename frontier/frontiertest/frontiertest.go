// Package frontiertest holds the frontier's behaviour as tests that run
// against every implementation: the in-memory queue, and the SQLite and
// PostgreSQL stores. Each implementation's test calls Run with a function
// that opens an empty frontier.
package frontiertest

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// Frontier is what the tests call of a frontier.
type Frontier interface {
	Add(ctx context.Context, url, host string, c discovery.Discovery) bool
	MarkSeen(ctx context.Context, url string) bool
	Defer(ctx context.Context, host string, until time.Time)
	Next(ctx context.Context) (frontier.Item, error)
	Retry(ctx context.Context, it frontier.Item)
	Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link
	CompleteThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, then func(firsts []frontier.Link, holder string, err error))
	Sitemapped(ctx context.Context, url, host string, c discovery.Discovery) bool
	Summary(ctx context.Context, disallowed func(url string) bool, limit int, unlisted bool) frontier.SitemapSummary
	Stats(ctx context.Context) frontier.Stats
}

// Open returns an empty frontier that takes slots from th and refuses URLs
// deeper than maxDepth; the test's cleanup closes what it opened.
type Open func(t *testing.T, th *policy.Throttle, maxDepth int) Frontier

// Run runs every behaviour test against the frontiers open returns.
func Run(t *testing.T, open Open) {
	t.Run("NextPicksTheReadyHost", func(t *testing.T) { nextPicksTheReadyHost(t, open) })
	t.Run("SeenDepthAndExhaustion", func(t *testing.T) { seenDepthAndExhaustion(t, open) })
	t.Run("DeferredAndRetry", func(t *testing.T) { deferredAndRetry(t, open) })
	t.Run("ReadyHostsTakeTurns", func(t *testing.T) { readyHostsTakeTurns(t, open) })
	t.Run("SummaryCountsUnlistedOnRequest", func(t *testing.T) { summaryCountsUnlistedOnRequest(t, open) })
	t.Run("FirstsAreNewToTheWholeCrawl", func(t *testing.T) { firstsAreNewToTheWholeCrawl(t, open) })
	t.Run("CompleteThenKeepsOnePagePerCanonical", func(t *testing.T) { completeThenKeepsOnePagePerCanonical(t, open) })
}

// completeThenKeepsOnePagePerCanonical: CompleteThen records a page whose
// canonical URL no page holds yet and tells then its first links; a second
// page under the same canonical URL is not recorded, then is told the
// holder, and the page stays in flight until completed again (as the
// holder's duplicate, with no canonical URL).
func completeThenKeepsOnePagePerCanonical(t *testing.T, open Open) {
	m := open(t, policy.NewThrottle(0, nil), 5)
	m.Add(t.Context(), "http://a/old", "a", discovery.Discovery{})
	m.Add(t.Context(), "http://a/new", "a", discovery.Discovery{})
	type told struct {
		firsts []frontier.Link
		holder string
		err    error
	}
	complete := func(it frontier.Item, canon string) told {
		t.Helper()
		c := make(chan told, 1)
		m.CompleteThen(t.Context(), it, frontier.Result{State: frontier.StateDone, FinalURL: "http://a/new", Status: 200, Event: []byte(`{"event":"page"}`),
			Links: []frontier.Link{{To: "http://b/", Side: "both", Kind: "page"}}}, canon,
			func(firsts []frontier.Link, holder string, err error) { c <- told{firsts, holder, err} })
		return <-c
	}
	first, second := next(t, m), next(t, m)
	if got := complete(first, "http://a/new"); got.err != nil || got.holder != "" || len(got.firsts) != 1 {
		t.Errorf("the first page under http://a/new: then told %+v; want its one first link", got)
	}
	got := complete(second, "http://a/new")
	if got.err != nil || got.holder != first.URL || len(got.firsts) != 0 {
		t.Errorf("the second page under http://a/new: then told %+v; want the holder %s", got, first.URL)
	}
	if s := m.Stats(t.Context()); s.InFlight != 1 {
		t.Errorf("stats = %+v; want the second page still in flight", s)
	}
	if got := complete(second, ""); got.err != nil || got.holder != "" {
		t.Errorf("the second page again, with no canonical URL: then told %+v; want it recorded", got)
	}
	if s := m.Stats(t.Context()); s.InFlight != 0 || s.Queued != 0 {
		t.Errorf("stats = %+v; want nothing queued or in flight", s)
	}
}

// firstsAreNewToTheWholeCrawl: a link is a first when its target was
// neither a URL of the crawl nor the target of an earlier link, however it
// is queued now (a target known only as a link, too deep the first time,
// is queued by a shallower page and is still not a first).
func firstsAreNewToTheWholeCrawl(t *testing.T, open Open) {
	m := open(t, policy.NewThrottle(0, nil), 1)
	m.Add(t.Context(), "http://a/", "a", discovery.Discovery{})
	home := next(t, m)
	page := func(to ...string) []frontier.Link {
		var ls []frontier.Link
		for _, u := range to {
			ls = append(ls, frontier.Link{To: u, Side: "both", Kind: "page"})
		}
		return ls
	}
	tos := func(ls []frontier.Link) []string {
		var out []string
		for _, l := range ls {
			out = append(out, l.To)
		}
		slices.Sort(out)
		return out
	}
	firsts := m.Complete(t.Context(), home, frontier.Result{State: frontier.StateDone, FinalURL: home.URL, Status: 200, Event: []byte(`{"event":"page"}`),
		Links: page("http://a/x", "http://b/external", "http://a/deep", "http://a/"),
		Queue: []frontier.New{
			{URL: "http://a/x", Host: "a", Citation: discovery.Discovery{Depth: 1}},
			{URL: "http://a/deep", Host: "a", Citation: discovery.Discovery{Depth: 2}}, // too deep: not queued
		}})
	if got, want := tos(firsts), []string{"http://a/deep", "http://a/x", "http://b/external"}; !slices.Equal(got, want) {
		t.Errorf("the first page's firsts = %v; want %v (everything but itself)", got, want)
	}
	var order []string
	for _, l := range firsts {
		order = append(order, l.To)
	}
	if want := []string{"http://a/x", "http://b/external", "http://a/deep"}; !slices.Equal(order, want) {
		t.Errorf("the first page's firsts come as %v; want the page's order %v", order, want)
	}
	x := next(t, m)
	firsts = m.Complete(t.Context(), x, frontier.Result{State: frontier.StateDone, FinalURL: x.URL, Status: 200, Event: []byte(`{"event":"page"}`),
		Links: page("http://a/", "http://a/x", "http://b/external", "http://a/deep", "http://a/new"),
		Queue: []frontier.New{
			{URL: "http://a/", Host: "a", Citation: discovery.Discovery{Depth: 1}},
			{URL: "http://a/deep", Host: "a", Citation: discovery.Discovery{Depth: 1}}, // linked before, queued now
			{URL: "http://a/new", Host: "a", Citation: discovery.Discovery{Depth: 1}},
		}})
	if got, want := tos(firsts), []string{"http://a/new"}; !slices.Equal(got, want) {
		t.Errorf("the second page's firsts = %v; want %v", got, want)
	}
	if s := m.Stats(t.Context()); s.Queued != 2 {
		t.Errorf("stats = %+v; want /deep and /new queued", s)
	}
}

func next(t *testing.T, f Frontier) frontier.Item {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	it, err := f.Next(ctx)
	if err != nil {
		t.Fatalf("Next: %v", err)
	}
	return it
}

func nextPicksTheReadyHost(t *testing.T, open Open) {
	m := open(t, policy.NewThrottle(time.Hour, nil), 5)
	m.Add(t.Context(), "http://a/1", "a", discovery.Discovery{Via: discovery.ViaSeed})
	m.Add(t.Context(), "http://a/2", "a", discovery.Discovery{Via: discovery.ViaLink, Depth: 1})
	m.Add(t.Context(), "http://b/1", "b", discovery.Discovery{Via: discovery.ViaSeed})

	first, second := next(t, m), next(t, m)
	if first.URL != "http://a/1" || second.URL != "http://b/1" {
		t.Errorf("popped %s then %s; want a/1, then b/1 (a's next slot is an hour away)", first.URL, second.URL)
	}
	third := next(t, m)
	if third.URL != "http://a/2" || time.Until(third.Slot) < 59*time.Minute {
		t.Errorf("third = %s at %s; want a/2 an hour out", third.URL, time.Until(third.Slot))
	}
	if third.Citation.Via != discovery.ViaLink || third.Citation.Depth != 1 {
		t.Errorf("third's citation = %+v; want the one it was added with", third.Citation)
	}
}

func seenDepthAndExhaustion(t *testing.T, open Open) {
	m := open(t, policy.NewThrottle(0, nil), 1)
	if !m.Add(t.Context(), "http://a/", "a", discovery.Discovery{}) || m.Add(t.Context(), "http://a/", "a", discovery.Discovery{Depth: 1}) {
		t.Error("a URL was queued twice")
	}
	if m.Add(t.Context(), "http://a/deep", "a", discovery.Discovery{Depth: 2}) {
		t.Error("a URL deeper than the limit was queued")
	}
	if !m.MarkSeen(t.Context(), "http://a/redirected") || m.MarkSeen(t.Context(), "http://a/redirected") || m.Add(t.Context(), "http://a/redirected", "a", discovery.Discovery{}) {
		t.Error("MarkSeen did not record the URL")
	}
	it := next(t, m)
	// While a page is in flight, Next waits for its links: it looks, finds
	// nothing it can take, and waits for a change. The page is completed
	// only once the waiting Next has said it waits.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wait := newWaitSignal(ctx)
	type popped struct {
		it  frontier.Item
		err error
	}
	got := make(chan popped, 1)
	go func() {
		n, err := m.Next(wait)
		got <- popped{n, err}
	}()
	select {
	case <-wait.waiting:
	case p := <-got:
		t.Fatalf("Next returned (%q, %v) while a page was in flight and nothing was queued; want it to wait", p.it.URL, p.err)
	case <-ctx.Done():
		t.Fatal("Next neither returned nor waited while a page was in flight")
	}
	firsts := m.Complete(t.Context(), it, frontier.Result{State: frontier.StateDone, FinalURL: it.URL, Status: 200, Event: []byte(`{"event":"page"}`),
		Links: []frontier.Link{{To: "http://a/linked", Side: "both", Kind: "page"}, {To: "http://a/", Side: "both", Kind: "page"}},
		Queue: []frontier.New{{URL: "http://a/linked", Host: "a", Citation: discovery.Discovery{Depth: 1}}}})
	if len(firsts) != 1 || firsts[0].To != "http://a/linked" {
		t.Errorf("first-seen links = %+v; want only the new one", firsts)
	}
	p := <-got
	if p.err != nil {
		t.Fatalf("waiting Next: %v; want the link added while it waited", p.err)
	}
	linked := p.it
	if linked.URL != "http://a/linked" {
		t.Errorf("waiting Next got %q; want the link added while it waited", linked.URL)
	}
	if s := m.Stats(t.Context()); s.InFlight != 1 || s.Queued != 0 || s.Seen != 3 {
		t.Errorf("stats = %+v; want 1 in flight, 0 queued, 3 seen", s)
	}
	m.Complete(t.Context(), linked, frontier.Result{State: frontier.StateDone})
	if _, err := m.Next(context.Background()); !errors.Is(err, frontier.ErrExhausted) {
		t.Errorf("Next on an empty frontier = %v; want ErrExhausted", err)
	}
}

func deferredAndRetry(t *testing.T, open Open) {
	m := open(t, policy.NewThrottle(0, nil), 5)
	m.Add(t.Context(), "http://a/1", "a", discovery.Discovery{})
	m.Add(t.Context(), "http://a/2", "a", discovery.Discovery{})
	it := next(t, m)
	it.Attempts = 1
	m.Retry(t.Context(), it)
	back := next(t, m)
	if back.URL != "http://a/1" || back.Attempts != 1 {
		t.Errorf("after Retry: %s attempts %d; want a/1 back first, attempts kept", back.URL, back.Attempts)
	}
	m.Defer(t.Context(), "a", time.Now().Add(time.Hour))
	m.Retry(t.Context(), back)
	if _, err := m.Next(context.Background()); !errors.Is(err, frontier.ErrOnlyDeferred) {
		t.Errorf("Next with only a deferred host = %v; want ErrOnlyDeferred", err)
	}
	if s := m.Stats(t.Context()); s.Deferred != 2 || s.Queued != 2 {
		t.Errorf("stats = %+v; want 2 queued, both deferred", s)
	}
}

func readyHostsTakeTurns(t *testing.T, open Open) {
	m := open(t, policy.NewThrottle(0, nil), 5)
	for _, u := range []string{"http://b/1", "http://b/2", "http://b/3"} {
		m.Add(t.Context(), u, "b", discovery.Discovery{})
	}
	for _, u := range []string{"http://c/1", "http://c/2"} {
		m.Add(t.Context(), u, "c", discovery.Discovery{})
	}
	var got []string
	for range 5 {
		it := next(t, m)
		got = append(got, it.URL)
		m.Complete(t.Context(), it, frontier.Result{State: frontier.StateDone})
	}
	want := []string{"http://b/1", "http://c/1", "http://b/2", "http://c/2", "http://b/3"}
	if !slices.Equal(got, want) {
		t.Errorf("order = %q; want the ready hosts in turn %q", got, want)
	}
}

// The sitemap summary sets the listed URLs against the crawl; the kept,
// linked pages no sitemap lists are counted only when asked for.
func summaryCountsUnlistedOnRequest(t *testing.T, open Open) {
	m := open(t, policy.NewThrottle(0, nil), 5)
	m.Add(t.Context(), "http://a/", "a", discovery.Discovery{Via: discovery.ViaSeed})
	m.Sitemapped(t.Context(), "http://a/listed", "a", discovery.Discovery{Via: discovery.ViaSitemap, Depth: 1})
	for range 3 {
		it := next(t, m)
		r := frontier.Result{State: frontier.StateDone, FinalURL: it.URL, Status: 200, Event: []byte(`{"event":"page"}`)}
		if it.URL == "http://a/" {
			r.Links = []frontier.Link{{To: "http://a/unlisted", Side: "both", Kind: "page"}}
			r.Queue = []frontier.New{{URL: "http://a/unlisted", Host: "a", Citation: discovery.Discovery{Via: discovery.ViaLink, Depth: 1}}}
		}
		m.Complete(t.Context(), it, r)
	}
	none := func(string) bool { return false }
	with, without := m.Summary(t.Context(), none, 10, true), m.Summary(t.Context(), none, 10, false)
	if with.NotInSitemap.Count != 1 || !slices.Equal(with.NotInSitemap.URLs, []string{"http://a/unlisted"}) {
		t.Errorf("unlisted pages = %+v; want http://a/unlisted", with.NotInSitemap)
	}
	if without.NotInSitemap.Count != 0 || len(without.NotInSitemap.URLs) != 0 {
		t.Errorf("unlisted pages not asked for, but counted: %+v", without.NotInSitemap)
	}
	for _, s := range []frontier.SitemapSummary{with, without} {
		if s.Live != 1 || s.NeverLinked.Count != 1 || s.NeverLinked.URLs[0] != "http://a/listed" {
			t.Errorf("summary = %+v; want the listed page live and never linked", s)
		}
	}
}

// waitSignal is a context that tells when a frontier's Next starts to wait
// for a change: frontier.Pop looks at the queue first and touches its
// context only to wait (the select of its wait asks for Done); the stores'
// own reads of the queue ask for Done from their database code, which is
// not package frontier. By the time Done is asked from package frontier,
// Pop has taken the channel that the next change closes and found nothing
// to take, so whatever changes the frontier from then on wakes it. Nothing
// is timed: the test learns that Next waits from Next itself.
type waitSignal struct {
	context.Context
	waiting chan struct{} // closed at the first wait
	once    sync.Once
}

func newWaitSignal(ctx context.Context) *waitSignal {
	return &waitSignal{Context: ctx, waiting: make(chan struct{})}
}

// frontierPkg is the prefix of the functions of package frontier (and not
// of frontiertest, whose path goes on with a slash).
const frontierPkg = "github.com/webgraph/webgraph/frontier."

func (w *waitSignal) Done() <-chan struct{} {
	pc := make([]uintptr, 1)
	if runtime.Callers(2, pc) == 1 { // the caller of Done
		frame, _ := runtime.CallersFrames(pc).Next()
		if strings.HasPrefix(frame.Function, frontierPkg) {
			w.once.Do(func() { close(w.waiting) })
		}
	}
	return w.Context.Done()
}
