package crawl

import (
	"time"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/policy"
)

// Sink receives the crawl's events (Event), in order, one at a time: *RunEvent,
// *DiscoveryEvent, *FrontierEvent, *PageEvent, *DisallowedEvent,
// *DeferredEvent, *PausedEvent, *WarningEvent, *linkcheck.Event (with
// Deps.Links), and last *DoneEvent, or *WorkerDoneEvent for a worker that
// shared its crawl and was not the last out. The crawl never calls it from
// two goroutines at once.
type Sink func(event Event)

// Limits is the run event's list of limits.
type Limits struct {
	MaxPages     int    `json:"max_pages"` // -1: no ceiling
	TimeBudget   string `json:"time_budget,omitempty"`
	MaxBody      int64  `json:"max_body"`
	Concurrency  int    `json:"concurrency"`
	Depth        int    `json:"depth"` // -1: no limit
	HostInterval string `json:"host_interval"`
	Delay        string `json:"delay"`
	SitemapLimit int    `json:"sitemap_limit"`
	MaxRetries   int    `json:"max_retries"`
	Viewport     string `json:"viewport,omitempty"` // the render's window, WIDTHxHEIGHT; absent when nothing renders
}

// IdentityReport is who the crawl says it is.
type IdentityReport struct {
	UserAgent  string `json:"user_agent"`
	AgentToken string `json:"agent_token"`
	Contact    string `json:"contact,omitempty"`
}

// RunEvent comes before the first content request.
type RunEvent struct {
	Event      string         `json:"event"`
	Version    string         `json:"version"`
	Resumed    bool           `json:"resumed,omitempty"` // a killed or interrupted crawl continues
	DB         string         `json:"db,omitempty"`      // the crawl's database
	Seeds      []string       `json:"seeds"`
	SeedsTyped []SeedTyped    `json:"seeds_typed,omitempty"` // seeds given without a scheme, and the URLs they were taken as
	Origins    []string       `json:"origins"`
	AllowPaths []string       `json:"allow_paths"`
	Include    []string       `json:"include,omitempty"` // URL patterns a page must match one of
	Exclude    []string       `json:"exclude,omitempty"` // URL patterns no page may match
	Mode       union.Mode     `json:"mode"`
	Limits     Limits         `json:"limits"`
	Identity   IdentityReport `json:"identity"`
	Robots     string         `json:"robots"`        // "obeyed" or "OFF"
	TLS        string         `json:"tls,omitempty"` // Config.TLS; absent: the system's roots
	Retains    []string       `json:"retains"`       // what is kept of each page
	Warnings   []string       `json:"warnings"`      // empty when none

	// HashRoutes says hash routes (#/…, #!/…) are crawled as pages of
	// their own (--hash-routes); absent when they are not.
	HashRoutes bool `json:"hash_routes,omitempty"`
}

// SeedTyped is a seed given as a bare host (or host:port, host/path) and
// the URL webgraph took it as.
type SeedTyped struct {
	Typed string `json:"typed"`
	URL   string `json:"url"`
}

// Soft404 reports an origin's soft-404 probe.
type Soft404 struct {
	Probe       string `json:"probe"`
	Status      int    `json:"status,omitempty"`
	Fingerprint bool   `json:"fingerprint"` // the host answered 200: pages like it are missing
	Error       string `json:"error,omitempty"`
}

// DiscoveryEvent comes once per origin, before its first page.
type DiscoveryEvent struct {
	Event       string                     `json:"event"`
	Origin      string                     `json:"origin"`
	Robots      *policy.RobotsPolicy       `json:"robots"`
	Sitemaps    []discovery.SitemapAttempt `json:"sitemaps"`
	FromSitemap int                        `json:"from_sitemap"`
	Soft404     *Soft404                   `json:"soft404,omitempty"`
	// Shared says the sitemaps and the probe are another worker's of the
	// same crawl, read from its database: this worker requested none of them.
	Shared bool `json:"shared,omitempty"`
}

// FrontierEvent comes every Config.FrontierEvery pages and before done.
type FrontierEvent struct {
	Event           string          `json:"event"`
	Queued          int             `json:"queued"`
	Seen            int             `json:"seen"`
	InFlight        int             `json:"in_flight"`
	Deferred        int             `json:"deferred"`
	Pages           int             `json:"pages"`
	DiscoveredKinds discovery.Kinds `json:"discovered_kinds"`
	// Findings counts the audit's findings so far, every name present.
	Findings audit.Tally `json:"findings"`
}

// DisallowedEvent is a URL robots.txt disallows; it is not fetched.
type DisallowedEvent struct {
	Event    string              `json:"event"`
	URL      string              `json:"url"`
	Citation discovery.Discovery `json:"citation"`
	Robots   string              `json:"robots"` // the robots.txt URL
	Group    string              `json:"group"`
	Rule     string              `json:"rule,omitempty"`
	Reason   string              `json:"reason,omitempty"`
}

// DeferredEvent says an origin's content requests wait: its robots.txt is
// unreachable and no cached policy stands in.
type DeferredEvent struct {
	Event       string    `json:"event"`
	Origin      string    `json:"origin"`
	Reason      string    `json:"reason"`
	NextAttempt time.Time `json:"next_attempt"`
	Cached      bool      `json:"cached"`
	Queued      int       `json:"queued"`
}

// PausedEvent says a host answered 429 or 503 and is paused.
type PausedEvent struct {
	Event       string `json:"event"`
	Host        string `json:"host"`
	URL         string `json:"url"`
	Status      int    `json:"status"`
	RetryAfter  string `json:"retry_after,omitempty"`
	PauseMS     int64  `json:"pause_ms"`
	Attempt     int    `json:"attempt"`
	MaxAttempts int    `json:"max_attempts"`
}

// WarningEvent is said once, as it happens.
type WarningEvent struct {
	Event string   `json:"event"`
	Words string   `json:"words"`
	URLs  []string `json:"urls,omitempty"`
}

// FindingEvent says a finding the crawl learned of a page after the page's
// own event: canonical_broken, known once the page's canonical URL was
// fetched and refused. It comes before the done event; the page's record
// (its stored event, which CI gates, diff and the report read) holds the
// finding from then on, and done counts it.
type FindingEvent struct {
	Event string `json:"event"`
	URL   string `json:"url"` // the page the finding is on
	audit.Finding
}

// Skipped is a same-site file URL recorded, not fetched.
type Skipped struct {
	URL      string              `json:"url"`
	Kind     discovery.Kind      `json:"kind"`
	Citation discovery.Discovery `json:"citation"`
}

// Inventory is what the sitemaps claimed, against what the crawl found.
type Inventory struct {
	Advertised int `json:"advertised"`
	Live       int `json:"live"`      // fetched and kept
	Dead       int `json:"dead"`      // fetched: missing or failed
	Refused    int `json:"refused"`   // fetched and refused for another cause
	Unchecked  int `json:"unchecked"` // not fetched (limits, robots, stop)
}

// Coverage sets the sitemaps against the links: sitemap URLs no page linked
// to, pages kept and linked that no sitemap lists, and sitemap URLs that
// robots.txt disallows. Lists are capped at MaxCoverageList URLs; the counts
// are whole.
type Coverage struct {
	SitemapNeverLinked     int      `json:"sitemap_never_linked"`
	SitemapNeverLinkedURLs []string `json:"sitemap_never_linked_urls"`
	LinkedNotInSitemap     int      `json:"linked_not_in_sitemap"`
	LinkedNotInSitemapURLs []string `json:"linked_not_in_sitemap_urls"`
	SitemapDisallowed      int      `json:"sitemap_disallowed"`
	SitemapDisallowedURLs  []string `json:"sitemap_disallowed_urls"`
	SitemapsFound          bool     `json:"sitemaps_found"`
}

// MaxCoverageList caps each list in Coverage; MaxSkippedList caps the file
// URLs listed in the done event (SkippedTotal counts them all).
const (
	MaxCoverageList = 1000
	MaxSkippedList  = 10000
)

// StopReason says why a crawl ended: the done event's "stopped" field. The
// values are stable.
type StopReason string

const (
	StopExhausted   StopReason = "exhausted"   // nothing was left that could be fetched
	StopMaxPages    StopReason = "max-pages"   // the request ceiling (Config.MaxPages) was reached
	StopTimeBudget  StopReason = "time-budget" // Config.TimeBudget ran out
	StopInterrupted StopReason = "interrupted" // Stop was called, or Run's context ended
	StopFailure     StopReason = "failure"     // the crawl's record could not be kept
)

// DoneEvent ends the stream. When several workers share a crawl, the last
// one out writes it for the whole session (the workers that worked
// together): pages and refusals are those the database recorded, the other
// counts are summed over the workers' shares, the queue, sitemaps and
// coverage are the crawl's.
type DoneEvent struct {
	Event           string         `json:"event"`
	Stopped         StopReason     `json:"stopped"`
	Pages           int            `json:"pages"`
	OK              int            `json:"ok"`
	Refused         int            `json:"refused"`
	Causes          map[string]int `json:"causes"` // refused pages by cause, and disallowed URLs
	Disallowed      int            `json:"disallowed"`
	Duplicates      int            `json:"duplicates"` // pages whose canonical URL another kept page stands for; not in ok
	OutOfScopeLinks int            `json:"out_of_scope_links"`
	ExcludedLinks   int            `json:"excluded_links"` // page links turned away by --include/--exclude
	Pending         int            `json:"pending"`        // queued, not fetched
	Deferred        int            `json:"deferred"`       // of those, held by unreachable robots.txt
	Skipped         []Skipped      `json:"skipped"`        // the first MaxSkippedList
	SkippedTotal    int            `json:"skipped_total"`  // all same-site file URLs found
	Sitemaps        Inventory      `json:"sitemaps"`
	Coverage        Coverage       `json:"coverage"`
	// Findings counts the audit's findings over kept pages, every name present.
	Findings        audit.Tally     `json:"findings"`
	DiscoveredKinds discovery.Kinds `json:"discovered_kinds"`
	// Links totals the link verdicts (--check): absent when no link was checked.
	Links     *linkcheck.Totals `json:"links,omitempty"`
	Warnings  []string          `json:"warnings"`
	ElapsedMS int64             `json:"elapsed_ms"`
	// BrowserPeakRSSMB is the most resident memory the browser's process
	// tree was seen to use, in MB; absent when no browser webgraph started
	// rendered pages.
	BrowserPeakRSSMB *int64 `json:"browser_peak_rss_mb,omitempty"`
	// BrowserPeakPSSMB and BrowserPSSMB are the most proportional set size
	// the browser's process tree was seen to use and what it used at the
	// end, in MB (shared pages counted once, as a container's memory limit
	// counts them); absent as BrowserPeakRSSMB is. In a shared crawl's done,
	// the peak is the most of any worker's and the end this worker's.
	BrowserPeakPSSMB *int64 `json:"browser_peak_pss_mb,omitempty"`
	BrowserPSSMB     *int64 `json:"browser_pss_mb,omitempty"`
	// BrowserRecycles counts the times the browser was replaced between
	// pages for passing --browser-memory.
	BrowserRecycles int `json:"browser_recycles,omitempty"`
	DroppedLongURLs int `json:"dropped_long_urls"` // link URLs over fetch.MaxURLBytes left out, over all pages
	// LinksCapped counts the pages with more links than a page is read for
	// (10,000), and LinksPastCap the links they left unread, over all
	// pages: each such page says so in its warnings.
	LinksCapped  int `json:"links_capped"`
	LinksPastCap int `json:"links_past_cap"`
	// Workers counts the workers whose runs the event sums up; absent for a
	// crawl of one process on SQLite.
	Workers int `json:"workers,omitempty"`
	// Failure says in one sentence why a crawl that kept no page failed
	// (every seed refused, with the cause; or nothing reachable); absent
	// when a page was kept, or the crawl was interrupted.
	Failure string `json:"failure,omitempty"`

	// HashRoutesSkipped counts the distinct hash routes (#/…, #!/…) in
	// scope that kept pages linked to and a crawl without --hash-routes did
	// not crawl (at most MaxHashRoutesCounted); absent when none, and with
	// --hash-routes.
	HashRoutesSkipped int `json:"hash_routes_skipped,omitempty"`
}

// WorkerDoneEvent ends the stream of a worker that shared its crawl with
// others and was not the last out: its own share, in the done event's
// fields (pending, sitemaps and coverage are the crawl's as it left), and
// its name. The crawl's done is in the last worker's stream.
type WorkerDoneEvent struct {
	DoneEvent
	Worker string `json:"worker"`
}
