package crawl

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/policy"
)

// The CLI's defaults for Config's fields (Config itself has none: see
// Config).
const (
	DefaultConcurrency   = 4
	DefaultDepth         = 5
	DefaultMaxPages      = 1000
	DefaultHostInterval  = time.Second
	DefaultDelay         = 300 * time.Millisecond
	DefaultMaxRetries    = 3
	DefaultFrontierEvery = 50
)

// NoLimit is the value of Depth and MaxPages that sets no limit.
const NoLimit = -1

// Config describes one crawl. Each field means one thing, and its zero value
// is either a setting its comment names (Depth 0: the seeds only) or
// refused by Validate (MaxPages 0, Concurrency 0): New fills in nothing.
// The CLI's defaults are the Default constants; the limits that can be
// lifted take NoLimit.
type Config struct {
	// Seeds are where the crawl starts. What may be fetched (the approved
	// origins and paths) is the gate's scope (Deps.Gate).
	Seeds []*url.URL
	// Mode is the Pages fetcher's: the fetcher decides what is fetched;
	// the mode is reported, and a plain crawl has twice the workers (see
	// Concurrency). Required.
	Mode union.Mode
	// Depth is the most link hops from a seed: zero fetches the seeds
	// only; NoLimit sets none. Other negatives are refused.
	Depth int
	// MaxPages is the request ceiling: at most this many page fetches,
	// at least 1; NoLimit sets none.
	MaxPages int
	// TimeBudget stops popping new URLs after this long. Zero means none.
	TimeBudget time.Duration
	// Concurrency is how many pages are fetched at once (each with its
	// browser tab); a plain crawl parses and records as many more
	// meanwhile. At least 1.
	Concurrency int
	// HostInterval spaces page fetches to one host (or the host's
	// Crawl-delay when larger); zero spaces them not at all.
	HostInterval time.Duration
	// Delay is the pause before each fetch, in each of the Concurrency
	// fetch slots; zero means none.
	Delay time.Duration
	// SitemapLimit caps the URLs taken from one origin's sitemaps; at
	// least 1.
	SitemapLimit int
	// MaxBody is the fetchers' cap on a response's bytes, reported in the
	// run event (the fetchers enforce it); at least 1.
	MaxBody int64
	// Viewport is the render's window, WIDTHxHEIGHT, reported in the run
	// event (the rendered side lays pages out in it); empty when nothing
	// renders.
	Viewport string
	// KeepText retains page text in page events.
	KeepText bool
	// KeepContent extracts each kept page's main content as Markdown and
	// keeps it with the page's record (a database's table content),
	// bounded by MaxBody; the union must hand over the document it is read
	// from (plain.Config.KeepHTML, rendered.Config.KeepDOM). A frontier in
	// memory keeps no record of it.
	KeepContent bool
	// MaxRetries bounds how often a page paused by 429/503 is retried;
	// zero refuses it at the first pause.
	MaxRetries int
	// FrontierEvery emits a frontier event after this many pages; at
	// least 1.
	FrontierEvery int
	// SkipSoft404 turns off the soft-404 probe.
	SkipSoft404 bool
	Identity    policy.Identity
	// Resumed says this run continues a crawl from its database (DB).
	Resumed bool
	// KeptEarlier says an earlier run of a resumed crawl kept a page: this
	// run keeping none is then no failure (DoneEvent.Failure).
	KeptEarlier bool
	DB          string
	// SeedJoins are origins seeds' redirects approved before the crawl
	// began (the CLI follows seeds early when the browser must be told
	// which keys to trust); Run says and records them, and prepares each
	// origin, as if the seeds' own fetches had found them.
	SeedJoins []*SeedRedirectEvent
	// Credentials are the names of the headers the operator sends to the
	// origins they named (--header, and Cookie for --cookie), never their
	// values: a seed_redirect event lists them as what the joined origin
	// will not get.
	Credentials []string
	// AssumedSeeds are the seeds typed without a scheme, as typed and as
	// taken (the run event's seeds_typed).
	AssumedSeeds []policy.Seed
	// Warnings are said in the run event (e.g. settings changed on resume).
	Warnings []string

	// HashRoutes crawls hash routes ("#/lamps", "#!/about") as pages of
	// their own (--hash-routes; see hashroutes.go): Deps.Pages must then be
	// a union with HashRoutes set, whose links keep their routes. Default
	// false: fragments are dropped, and the done event counts the routes
	// linked (HashRoutesSkipped).
	HashRoutes bool
	// TLS says in the run event how servers' certificates are checked
	// beyond the system's roots ("OFF (--insecure)", extra CAs); empty
	// for the system's roots alone.
	TLS string
}

// ConfigError reports an invalid Config.
type ConfigError struct{ Problems []string }

func (e *ConfigError) Error() string { return "crawl: " + strings.Join(e.Problems, "; ") }

// Validate reports whether c is a valid configuration: a *ConfigError
// listing every problem when not.
func (c Config) Validate() error {
	var problems []string
	if len(c.Seeds) == 0 {
		problems = append(problems, "no seed URL")
	}
	for _, s := range c.Seeds {
		if s.Scheme != "http" && s.Scheme != "https" || s.Host == "" {
			problems = append(problems, fmt.Sprintf("seed %q is not an absolute http(s) URL", s))
		}
	}
	if _, err := union.ParseMode(string(c.Mode)); err != nil || c.Mode == "" {
		problems = append(problems, fmt.Sprintf("mode %q is not union, plain or rendered", c.Mode))
	}
	if c.Depth < NoLimit {
		problems = append(problems, "depth must be 0 or more, or NoLimit")
	}
	if c.MaxPages < 1 && c.MaxPages != NoLimit {
		problems = append(problems, "max pages must be at least 1, or NoLimit")
	}
	if c.Concurrency < 1 {
		problems = append(problems, "concurrency must be at least 1")
	}
	if c.HostInterval < 0 || c.Delay < 0 || c.TimeBudget < 0 {
		problems = append(problems, "intervals, delays and budgets cannot be negative")
	}
	if c.SitemapLimit < 1 {
		problems = append(problems, "the sitemap limit must be at least 1")
	}
	if c.MaxBody < 1 {
		problems = append(problems, "the body size cap must be at least 1 byte")
	}
	if c.MaxRetries < 0 {
		problems = append(problems, "max retries cannot be negative")
	}
	if c.FrontierEvery < 1 {
		problems = append(problems, "frontier events must come every 1 page or more")
	}
	if len(problems) > 0 {
		return &ConfigError{problems}
	}
	return nil
}
