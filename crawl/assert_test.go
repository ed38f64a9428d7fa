package crawl

import (
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/linkcheck"
)

// What the crawl needs of the parts it is given, checked at compile time
// for every implementation outside the store (store/assert_test.go checks
// the store's): an optional interface found by a type assertion at run
// time would otherwise fail silently when a method's signature drifts.
var (
	_ Pages         = (*union.Union)(nil)
	_ Pages         = (*PicturePages)(nil)
	_ Frontier      = (*frontier.Memory)(nil)
	_ BrowserMemory = (*rendered.Fetcher)(nil)
	_ NoScripter    = (*rendered.Fetcher)(nil)
	_ LinkChecker   = (*linkcheck.Checker)(nil)
)
