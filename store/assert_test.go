package store

import (
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/policy"
)

// What the store's types promise to the packages that call them, checked at
// compile time. The crawl takes every frontier as the same small
// interfaces, with no optional one found at run time; it still finds a
// shared crawl's Session, and the frontier's Pop finds Waiter, by type
// assertions: without these lines a signature that drifted would silently
// turn the behaviour off.
var (
	// OpenCrawl's crawl, whatever the engine, is what the crawl takes.
	_ crawl.Frontier = CrawlFrontier(nil)
	_ crawl.Journal  = CrawlJournal(nil)
	_ crawl.Origins  = CrawlOrigins(nil)
	_ CrawlFrontier  = (*Frontier)(nil)
	_ CrawlFrontier  = (*SharedFrontier)(nil)
	_ CrawlJournal   = (*Journal)(nil)
	_ CrawlJournal   = (*SharedJournal)(nil)
	_ CrawlOrigins   = (*SharedOrigins)(nil)
	_ Throttle       = (*policy.Throttle)(nil)

	// Each engine's frontier is each part of a crawl.Frontier.
	_ crawl.Queue       = (*Frontier)(nil)
	_ crawl.Queue       = (*SharedFrontier)(nil)
	_ crawl.Seen        = (*Frontier)(nil)
	_ crawl.Seen        = (*SharedFrontier)(nil)
	_ crawl.Recorder    = (*Frontier)(nil)
	_ crawl.Recorder    = (*SharedFrontier)(nil)
	_ crawl.Canonicals  = (*Frontier)(nil)
	_ crawl.Canonicals  = (*SharedFrontier)(nil)
	_ crawl.Sitemaps    = (*Frontier)(nil)
	_ crawl.Sitemaps    = (*SharedFrontier)(nil)
	_ crawl.KeptContent = (*Frontier)(nil)
	_ crawl.KeptContent = (*SharedFrontier)(nil)
	_ crawl.Journal     = (*Journal)(nil)
	_ crawl.Journal     = (*SharedJournal)(nil)
	_ crawl.Session     = (*SharedJournal)(nil)
	_ crawl.Origins     = (*SharedOrigins)(nil)

	_ frontier.Queue  = sqliteQueue{}
	_ frontier.Waiter = sqliteQueue{}
	_ frontier.Queue  = pgQueue{}

	_ linkcheck.Store     = (*Store)(nil)
	_ policy.Starts       = (*Starts)(nil)
	_ policy.SharedRobots = (*SharedRobots)(nil)
	_ Spacer              = (*policy.Throttle)(nil)
)
