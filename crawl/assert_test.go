package crawl

import (
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/linkcheck"
)

// What the crawl needs of the parts it is given, checked at compile time
// for every implementation outside the store (store/assert_test.go checks
// the store's): the frontier in memory is each part of a Frontier
// (frontier.go), so the crawl never asks what kind it has; an optional
// interface found by a type assertion at run time (NoScripter, Session)
// would otherwise fail silently when a method's signature drifts.
var (
	_ Pages         = (*union.Union)(nil)
	_ Pages         = (*PicturePages)(nil)
	_ Frontier      = (*frontier.Memory)(nil)
	_ Queue         = (*frontier.Memory)(nil)
	_ Seen          = (*frontier.Memory)(nil)
	_ Recorder      = (*frontier.Memory)(nil)
	_ Canonicals    = (*frontier.Memory)(nil)
	_ Sitemaps      = (*frontier.Memory)(nil)
	_ KeptContent   = (*frontier.Memory)(nil)
	_ BrowserMemory = (*rendered.Fetcher)(nil)
	_ NoScripter    = (*rendered.Fetcher)(nil)
	_ LinkChecker   = (*linkcheck.Checker)(nil)
)
