// Package settings holds what a crawl is set to do as one typed value.
//
// A Config is three values: Settings, what the crawl is (saved with it as
// versioned JSON and read back by --resume); Invocation, what belongs to
// one run of the command (the database, the output files, the proxy) and
// is never saved; and Secrets, the credentials, which are never written
// anywhere. Every setting is one row of the table in fields.go: its name
// (the flag's, the key in webgraph.toml and in the saved JSON), its
// default, its help, the commands that take it and its rule. Flags, the
// environment, webgraph.toml and a resumed crawl's record are layers that
// fill the same Config (layers.go); nothing else reads a setting.
//
// See docs/design.md, "Settings".
package settings

import (
	"fmt"
	"strings"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
)

// Fetch are the settings of every command that fetches pages: crawl, page
// and compare. Each field is the flag of its name (see fields.go, where its
// default and rule are); Config.Validate refuses the zero value of a word
// (Mode, Viewport, BlockPrivate) and of Timeout and MaxBody. The zero
// value of the others is the flag's off or none: robots obeyed, no
// contact, the browser found on PATH and started with its sandbox, no
// extra CA, certificates verified, fragments dropped.
type Fetch struct {
	Mode            union.Mode
	NoRobots        bool
	Contact         string
	Chrome          string
	ChromeNoSandbox bool
	BrowserURL      []string
	// Timeout is one fetch's limit, per side; positive.
	Timeout time.Duration
	// MaxBody is the most bytes read of a response; positive.
	MaxBody      int64
	CACert       []string
	Insecure     bool
	Viewport     rendered.Viewport
	BlockPrivate BlockPrivate
	HashRoutes   bool
}

// Settings are a crawl's settings: what it fetches and how. They are saved
// with the crawl (Encode) and read back when it resumes (Decode). They hold
// no secret: Baseline is the redacted form of --baseline (store.Redact),
// and Secrets.Baseline holds it whole when it has a password.
type Settings struct {
	Fetch
	// Seeds are the seed URLs as typed (the arguments, then --seeds-file's).
	Seeds []string
	// Depth is the most link hops from a seed: 0 the seeds only,
	// crawl.NoLimit none.
	Depth int
	// MaxPages is the request ceiling, at least 1, or crawl.NoLimit.
	MaxPages int
	// TimeBudget stops popping new URLs after this long; 0 means no budget.
	TimeBudget time.Duration
	// Concurrency is how many pages are fetched at once; at least 1.
	Concurrency int
	// HostInterval spaces page fetches to one host; 0 spaces them not at
	// all.
	HostInterval time.Duration
	// Delay is the pause before each fetch; 0 means none.
	Delay time.Duration
	// Origin, AllowPath, Include and Exclude widen or narrow the scope
	// the seeds give; none leaves it as they give it.
	Origin    []string
	AllowPath []string
	Include   []string
	Exclude   []string
	// BrowserMemoryMB is the most memory, in MB of proportional set size,
	// the browser webgraph started may use before it is recycled between
	// pages; 0 sets no limit.
	BrowserMemoryMB int
	// SitemapLimit caps the URLs taken from one origin's sitemaps; at
	// least 1.
	SitemapLimit int
	// Keep is what is retained of each page; the zero value is refused.
	Keep Keep
	// FailOn, Baseline and Check are the gates, the comparison and the
	// link checks; none (or "") asks for none.
	FailOn   []string
	Baseline string
	Check    []string
	// RecheckAfter is how old a stored link verdict may be to be used
	// again; negative means always ask, 0 is refused.
	RecheckAfter time.Duration
	// Screenshots says which pages' pictures are taken; the zero value
	// is refused (crawl.ScreenshotsNone takes none).
	Screenshots crawl.Screenshots
	// ScreenshotWidth is the pictures' layout width, 200 to 4000.
	ScreenshotWidth int
}

// Invocation are the values that belong to one run of a command, not to
// the crawl: they are never saved, and a resumed crawl is given them again
// (or takes their defaults). DB and Proxy are redacted; Secrets holds them
// whole when they have a password.
type Invocation struct {
	DB        string
	Out       string
	JUnit     string
	WARC      string
	WACZ      string
	Summary   string
	Lease     time.Duration
	SeedsFile string
	Resume    bool
	Proxy     string
}

// Secrets are the credentials a command is given: never saved, never
// printed, never in an event. Header and Cookie are --header and --cookie
// as given; DB, Proxy and Baseline are those values whole, set only when
// they hold a password (their redacted forms are in Invocation and
// Settings).
type Secrets struct {
	Header   []string
	Cookie   []string
	DB       string
	Proxy    string
	Baseline string
}

// Config is everything a command is given: the crawl's Settings, this
// run's Invocation and the Secrets, with where each value came from. Build
// one with Load; it is a plain value, read and never changed by what is
// built from it.
type Config struct {
	Settings   Settings
	Invocation Invocation
	Secrets    Secrets

	// from says where each setting's value came from, by name.
	from map[string]Source
	// layers are the places values came from, kept so that Resume can
	// set the stored crawl's settings between them.
	layers layers
	// file is the settings file read; "" when none was.
	file string
}

// File returns the settings file read, as given; "" when none was.
func (c *Config) File() string { return c.file }

// DB returns the crawl's database as given: the redacted Invocation.DB, or
// the whole value when it has a password.
func (c *Config) DB() string { return whole(c.Secrets.DB, c.Invocation.DB) }

// Proxy returns --proxy as given, its password included.
func (c *Config) Proxy() string { return whole(c.Secrets.Proxy, c.Invocation.Proxy) }

// Baseline returns --baseline as given, its password included.
func (c *Config) Baseline() string { return whole(c.Secrets.Baseline, c.Settings.Baseline) }

// Withheld reports whether s is a redacted value whose password was left
// out: a stored --baseline of a resumed crawl, which must be given again
// whole to be opened.
func Withheld(s string) bool {
	return strings.Contains(s, ":xxxxx@") || strings.Contains(strings.ToLower(s), "password=xxxxx")
}

func whole(secret, redacted string) string {
	if secret != "" {
		return secret
	}
	return redacted
}

// Keep is what a crawl retains of each page beside its links and outcome.
// The zero value is not a Keep; ParseKeep names them.
type Keep string

const (
	// KeepContent retains each kept page's main content as Markdown, in
	// the crawl's database (docs/design.md, "Content").
	KeepContent Keep = "content"
	// KeepText retains each page's whole text, in its event.
	KeepText Keep = "text"
	// KeepNone retains no text.
	KeepNone Keep = "none"
)

// ParseKeep returns the Keep named s.
func ParseKeep(s string) (Keep, error) {
	switch k := Keep(s); k {
	case KeepContent, KeepText, KeepNone:
		return k, nil
	}
	return "", fmt.Errorf("must be content, text or none")
}

// Text reports whether pages' whole text is retained.
func (k Keep) Text() bool { return k == KeepText }

// Content reports whether kept pages' main content is retained.
func (k Keep) Content() bool { return k == KeepContent }

func (k Keep) String() string { return string(k) }

// BlockPrivate is --block-private: whether requests to hosts the operator
// did not name that resolve to private, loopback or link-local addresses
// are refused. The zero value is not a BlockPrivate.
type BlockPrivate string

const (
	// BlockPrivateAuto refuses them when every origin the operator named
	// is public.
	BlockPrivateAuto BlockPrivate = "auto"
	// BlockPrivateOn always refuses them.
	BlockPrivateOn BlockPrivate = "on"
	// BlockPrivateOff never does.
	BlockPrivateOff BlockPrivate = "off"
)

// ParseBlockPrivate returns the BlockPrivate named s.
func ParseBlockPrivate(s string) (BlockPrivate, error) {
	switch b := BlockPrivate(s); b {
	case BlockPrivateAuto, BlockPrivateOn, BlockPrivateOff:
		return b, nil
	}
	return "", fmt.Errorf("must be auto, on or off")
}

func (b BlockPrivate) String() string { return string(b) }
