package crawl

import (
	"context"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
)

// The crawl's state is kept apart by job, each an interface of what the
// crawl calls (docs/design.md, "The frontier"): the queue it pops from, the
// set of URLs it has seen, the record of its pages, the canonical URLs it
// checks, the sitemap statistics and the content it kept. One value gives
// them all (Frontier): *frontier.Memory, or a crawl kept in a database
// (store.Crawl's frontier, whatever the engine). Every method that can
// touch a database takes a context; none is optional, so the crawl never
// asks what kind of frontier it has. crawl's and store's assert_test.go
// hold every implementation to them at compile time.

// Queue hands out the URLs to fetch, each host's as its throttle allows.
type Queue interface {
	// Next hands out the queued URL whose host's slot comes soonest,
	// marking it in flight; it waits while nothing is free, and returns
	// frontier.ErrExhausted when nothing is queued or in flight.
	Next(ctx context.Context) (frontier.Item, error)
	// Retry puts an item in flight back at the front of its host's queue.
	Retry(ctx context.Context, it frontier.Item)
	// Defer holds every URL of host until until (its robots.txt is
	// unreachable).
	Defer(ctx context.Context, host string, until time.Time)
	// Pause holds host until until for every process working the crawl,
	// after a 429 or 503 asked for it. A frontier of one process does
	// nothing: the gate's throttle holds the pause already.
	Pause(ctx context.Context, host string, until time.Time)
	// Stats counts the URLs queued, seen, in flight and deferred.
	Stats(ctx context.Context) frontier.Stats
}

// Seen is the set of URLs the crawl has met: a URL is queued once.
type Seen interface {
	// Add queues url (of host) with its citation unless it was seen
	// before or is too deep, and reports whether it was queued.
	Add(ctx context.Context, url, host string, c discovery.Discovery) bool
	// MarkSeen records url as seen without queueing it (a redirect's
	// target), reporting whether it was new.
	MarkSeen(ctx context.Context, url string) bool
	// Sitemapped is Add for a URL a sitemap lists; it also marks it as
	// listed, whether or not it was new.
	Sitemapped(ctx context.Context, url, host string, c discovery.Discovery) bool
}

// Recorder records each page with its links and the URLs it queues, and
// says when its record could not be kept.
type Recorder interface {
	// Complete finishes an item with its result in one piece (a durable
	// frontier records the page, its links and its new URLs atomically) and
	// returns the links whose targets were never seen before.
	Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link
	// CompleteThen is Complete of a page known by canon (its canonical
	// URL, else its final URL; "" for none): one kept page per canonical
	// URL, whatever order the crawl meets them in. It claims canon for
	// it.URL unless another page holds it, and records the page only then.
	// then is told once the record is durable: the page's first links; or
	// the page holding canon (nothing was recorded, and the item is still
	// in flight: complete it again as that page's duplicate, with no
	// canon); or the error that kept the page from being recorded. A
	// database frontier may return before then runs (its writer commits
	// many pages at once while the workers fetch on); a frontier in memory
	// calls then before it returns.
	CompleteThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, then func(firsts []frontier.Link, holder string, err error))
	// Err returns the error that stopped the frontier keeping its record
	// (a database write failed), or nil; the crawl stops on it. It stays
	// once set, so that the methods above, which a worker calls in the
	// middle of a page, need return none: the worker looks once per page.
	// A frontier in memory never fails.
	Err() error
}

// Canonicals checks the canonical URLs the crawl's kept pages name, once
// its pages are all recorded. BrokenCanonicals finds the pages whose
// canonical URL the crawl refused and whose record does not say so yet,
// and has amend rewrite each one's stored event to say so (see
// store.BrokenCanonicals). A frontier in memory keeps no page records and
// finds none.
type Canonicals interface {
	BrokenCanonicals(ctx context.Context, amend func(b frontier.BrokenCanonical, event []byte) ([]byte, error)) ([]frontier.BrokenCanonical, error)
}

// Sitemaps sets the sitemap URLs against the crawl's pages and links.
type Sitemaps interface {
	// Summary counts the sitemap URLs the crawl kept, refused or never
	// linked; with unlisted, it also counts the kept, linked pages no
	// sitemap lists (a crawl that found no sitemap has no use for that
	// count).
	Summary(ctx context.Context, disallowed func(url string) bool, limit int, unlisted bool) frontier.SitemapSummary
}

// KeptContent gives what the crawl kept of its pages' main content:
// ContentRuns calls fn with the site and the hashes of the blocks of text
// of every page whose content is kept, from which a resumed crawl (or a
// worker joining a shared one) learns its sites' templates again. A
// frontier in memory keeps no content and calls fn for none.
type KeptContent interface {
	ContentRuns(ctx context.Context, fn func(site string, runs []uint64)) error
}

// Frontier is every part of the crawl's state, as one value gives them.
type Frontier interface {
	Queue
	Seen
	Recorder
	Canonicals
	Sitemaps
	KeptContent
}
