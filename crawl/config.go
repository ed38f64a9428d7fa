package crawl

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/policy"
)

// Defaults of Config. DefaultDepth, DefaultHostInterval and DefaultDelay are
// the CLI's: Config has none for those fields (see Config).
const (
	DefaultConcurrency   = 4
	DefaultDepth         = 5
	DefaultMaxPages      = 1000
	DefaultHostInterval  = time.Second
	DefaultDelay         = 300 * time.Millisecond
	DefaultMaxRetries    = 3
	DefaultFrontierEvery = 50
)

// Config describes one crawl. New fills the zero fields whose comments name
// a default with it, and validates the rest. Depth, HostInterval and Delay
// have no default: their zero is a setting like any other (the seeds only,
// no spacing, no pause), so that none needs a second field to say "none";
// a caller that wants the usual politeness starts from DefaultDepth,
// DefaultHostInterval and DefaultDelay, as the CLI's flags do.
type Config struct {
	// Seeds are where the crawl starts. What may be fetched (the approved
	// origins and paths) is the gate's scope (Deps.Gate).
	Seeds []*url.URL
	// Mode is the Pages fetcher's (union.ModeUnion when empty): the
	// fetcher decides what is fetched; the mode is reported, and a plain
	// crawl has twice the workers (see Concurrency).
	Mode union.Mode
	// Depth is the most link hops from a seed: zero fetches the seeds
	// only; negative means no limit.
	Depth int
	// MaxPages is the request ceiling: at most this many page fetches.
	// Zero means DefaultMaxPages; negative means no ceiling.
	MaxPages int
	// TimeBudget stops popping new URLs after this long. Zero means none.
	TimeBudget time.Duration
	// Concurrency is how many pages are fetched at once (each with its
	// browser tab); a plain crawl parses and records as many more
	// meanwhile. Zero means DefaultConcurrency.
	Concurrency int
	// HostInterval spaces page fetches to one host (or the host's
	// Crawl-delay when larger); zero spaces them not at all.
	HostInterval time.Duration
	// Delay is the pause before each fetch, in each of the Concurrency
	// fetch slots; zero means none.
	Delay time.Duration
	// SitemapLimit caps the URLs taken from one origin's sitemaps.
	SitemapLimit int
	// MaxBody is reported in the run event (the fetchers enforce it).
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
	// MaxRetries bounds how often a page paused by 429/503 is retried.
	MaxRetries int
	// FrontierEvery emits a frontier event after this many pages.
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

// EffectiveDepth returns the depth limit the crawl applies (negative:
// none). It is Depth as given, which has no default.
func (c Config) EffectiveDepth() int { return c.Depth }

// EffectiveHostInterval returns the spacing of pages to one host the crawl
// applies. It is HostInterval as given, which has no default.
func (c Config) EffectiveHostInterval() time.Duration { return c.HostInterval }

// Validate reports whether c is a valid configuration (a *ConfigError when
// not), without changing it.
func (c Config) Validate() error { return c.fill() }

func (c *Config) fill() error {
	var problems []string
	if len(c.Seeds) == 0 {
		problems = append(problems, "no seed URL")
	}
	for _, s := range c.Seeds {
		if s.Scheme != "http" && s.Scheme != "https" || s.Host == "" {
			problems = append(problems, fmt.Sprintf("seed %q is not an absolute http(s) URL", s))
		}
	}
	if c.Mode == "" {
		c.Mode = union.ModeUnion
	}
	if c.MaxPages == 0 {
		c.MaxPages = DefaultMaxPages
	}
	if c.Concurrency == 0 {
		c.Concurrency = DefaultConcurrency
	}
	if c.Concurrency < 0 {
		problems = append(problems, "concurrency must be positive")
	}
	if c.HostInterval < 0 || c.Delay < 0 || c.TimeBudget < 0 {
		problems = append(problems, "intervals, delays and budgets cannot be negative")
	}
	if c.SitemapLimit <= 0 {
		c.SitemapLimit = discovery.DefaultSitemapLimit
	}
	if c.MaxBody <= 0 {
		c.MaxBody = 10 << 20
	}
	if c.MaxRetries <= 0 {
		c.MaxRetries = DefaultMaxRetries
	}
	if c.FrontierEvery <= 0 {
		c.FrontierEvery = DefaultFrontierEvery
	}
	if len(problems) > 0 {
		return &ConfigError{problems}
	}
	return nil
}
