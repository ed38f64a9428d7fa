package store

import (
	"context"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// Throttle spaces the pages to each host: the frontier of one process
// reserves its slots (frontier.Scheduler), a crawl shared by several
// processes keeps the slots in the database (Spacer) and shares the starts
// of requests (Share). *policy.Throttle satisfies it.
type Throttle interface {
	frontier.Scheduler
	Spacer
	Share(s policy.Starts)
}

// CrawlConfig says how this process works a crawl (OpenCrawl).
type CrawlConfig struct {
	// Throttle spaces the pages to each host. Required.
	Throttle Throttle
	// MaxDepth is the deepest a URL is queued; a negative value means no
	// limit.
	MaxDepth int
	// Lease is how long a URL handed to this process stays its own when
	// several processes share the crawl. Zero means DefaultLease; a crawl
	// that one process owns has no leases and ignores it.
	Lease time.Duration
}

// CrawlFrontier is the crawl's queue, seen set, page record, canonical
// claims, sitemap statistics and kept content as the database keeps them,
// whatever its engine; it satisfies crawl.Frontier and each of the small
// interfaces it is made of (store's assert_test.go checks it). Claim is
// for the callers that claim a canonical URL apart from a page's record.
type CrawlFrontier interface {
	Add(ctx context.Context, url, host string, c discovery.Discovery) bool
	MarkSeen(ctx context.Context, url string) bool
	Claim(ctx context.Context, canon, url string) string
	Defer(ctx context.Context, host string, until time.Time)
	Next(ctx context.Context) (frontier.Item, error)
	Retry(ctx context.Context, it frontier.Item)
	Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link
	CompleteThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, then func(firsts []frontier.Link, holder string, err error))
	Pause(ctx context.Context, host string, until time.Time)
	Sitemapped(ctx context.Context, url, host string, c discovery.Discovery) bool
	Summary(ctx context.Context, disallowed func(url string) bool, limit int, unlisted bool) frontier.SitemapSummary
	Stats(ctx context.Context) frontier.Stats
	Err() error
	BrokenCanonicals(ctx context.Context, amend func(b frontier.BrokenCanonical, event []byte) ([]byte, error)) ([]frontier.BrokenCanonical, error)
	ContentRuns(ctx context.Context, fn func(site string, runs []uint64)) error
}

// CrawlJournal records the crawl's runs, robots policies, approved origins
// and end; it satisfies crawl.Journal. A crawl shared by several processes
// gives one that also satisfies crawl.Session.
type CrawlJournal interface {
	Run(ctx context.Context, ev any, resumed bool) error
	Done(ctx context.Context, ev any) error
	Robots(ctx context.Context, p *policy.RobotsPolicy) error
	JoinOrigin(ctx context.Context, origin string, ev any) error
	JoinedOrigins(ctx context.Context) (map[string]string, error)
}

// CrawlOrigins shares each origin's one-time preparation among the
// processes of a crawl; it satisfies crawl.Origins.
type CrawlOrigins interface {
	Once(ctx context.Context, origin string, prepare func() (rec []byte, share bool)) (rec []byte, ran bool, err error)
	Records(ctx context.Context) ([][]byte, error)
}

// Crawl is a crawl's state in the database as this process works it.
// Close it when the crawl ends, before closing the Store.
type Crawl struct {
	Frontier CrawlFrontier
	Journal  CrawlJournal
	// Origins is nil when this process owns the crawl (a SQLite file):
	// then each origin is prepared by this process alone.
	Origins CrawlOrigins
	close   func(ctx context.Context) error
}

// Close ends this process's part in the crawl: a shared crawl's leases
// are no longer renewed and those still held are given back, under ctx
// (and for a moment after it ends: see SharedFrontier.Close). It does not
// close the Store.
func (c *Crawl) Close(ctx context.Context) error { return c.close(ctx) }

// OpenCrawl returns the crawl kept in the database for this process to
// work, whatever the engine: a SQLite file's crawl, which this process
// owns, or its share of a crawl kept in PostgreSQL, which several processes
// work at once (then the throttle's starts are shared through the database
// too, and the journal's runs are this worker's). ctx bounds the opening
// and, for a shared crawl, the renewal of this worker's leases.
func (s *Store) OpenCrawl(ctx context.Context, cfg CrawlConfig) (*Crawl, error) {
	if !s.pg {
		f, err := s.sqliteFrontier(ctx, cfg.Throttle, cfg.MaxDepth)
		if err != nil {
			return nil, err
		}
		return &Crawl{Frontier: f, Journal: s.journal(), close: func(context.Context) error { return nil }}, nil
	}
	cfg.Throttle.Share(s.starts())
	f, err := s.sharedFrontier(ctx, cfg.Throttle, cfg.MaxDepth, SharedConfig{Lease: cfg.Lease})
	if err != nil {
		return nil, err
	}
	return &Crawl{Frontier: f, Journal: f.Journal(), Origins: f.Origins(), close: f.Close}, nil
}
