package settings

import (
	"errors"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/store"
)

// fields is the table of settings, one row each, in the order the saved
// record and `webgraph config` list them. To add a setting, add its field
// to Settings (saved with the crawl), Invocation (this run's) or Secrets,
// and its row here: the flag, its key in webgraph.toml and in the record,
// its default, help and rule all come from the row. TestEveryFieldHasARow
// fails for a field without one.
func fields() []field {
	return []field{
		list("seeds", func(c *Config) *[]string { return &c.Settings.Seeds },
			"the seed URLs: the command's arguments (and --seeds-file's)").noFlag().rule(checkSeeds),

		// What fetches, and how: crawl, page and compare.
		word("mode", union.ModeUnion, union.ParseMode, func(c *Config) *union.Mode { return &c.Settings.Mode },
			"which sides fetch, `MODE`: union, plain or rendered").of(Fetching),
		boolean("no-robots", func(c *Config) *bool { return &c.Settings.NoRobots },
			"do not ask robots.txt (loudly reported; the default obeys it)").of(Fetching),
		text("contact", "", func(c *Config) *string { return &c.Settings.Contact },
			"operator `CONTACT` (URL or e-mail), sent in the User-Agent (default $WEBGRAPH_CONTACT)").of(Fetching).env("WEBGRAPH_CONTACT"),
		text("chrome", "", func(c *Config) *string { return &c.Settings.Chrome },
			"the Chrome or Chromium at `PATH` to start (default: chromium, chromium-browser, google-chrome or headless-shell on PATH)").of(Fetching),
		boolean("chrome-no-sandbox", func(c *Config) *bool { return &c.Settings.ChromeNoSandbox },
			"start the browser without its sandbox, as an unprivileged user in a container needs (default $WEBGRAPH_CHROME_NO_SANDBOX=1)").of(Fetching).env("WEBGRAPH_CHROME_NO_SANDBOX"),
		list("browser-url", func(c *Config) *[]string { return &c.Settings.BrowserURL },
			"use the running Chrome at `URL` instead of starting one: ws://host:port/devtools/browser/… or http://host:9222 (repeatable or comma-separated: the tabs are spread over them)").of(Fetching).split(),
		duration("timeout", 20*time.Second, func(c *Config) *time.Duration { return &c.Settings.Timeout },
			"time limit for one fetch, per side, a `DURATION`").of(Fetching).rule(positive("timeout")),
		bytesize("max-body", plain.DefaultMaxBody, func(c *Config) *int64 { return &c.Settings.MaxBody },
			"read at most `N` bytes per response; a longer page is kept truncated with a warning").of(Fetching).rule(checkMaxBody),
		list("ca-cert", func(c *Config) *[]string { return &c.Settings.CACert },
			"also trust the CA certificates in the PEM `FILE`, besides the system's roots, on both sides (repeatable)").of(Fetching),
		boolean("insecure", func(c *Config) *bool { return &c.Settings.Insecure },
			"accept any TLS certificate on both sides (loudly reported; the default verifies them)").of(Fetching),
		word("viewport", rendered.DefaultViewport, parseViewport, func(c *Config) *rendered.Viewport { return &c.Settings.Viewport },
			"lay pages out in a browser window of `WIDTHxHEIGHT` CSS pixels, every tab alike (each side from 240 to 3840)").of(Fetching),
		word("block-private", BlockPrivateAuto, ParseBlockPrivate, func(c *Config) *BlockPrivate { return &c.Settings.BlockPrivate },
			"refuse every request to a host you did not name (link checks, a page's requests, where a seed redirects) that resolves to a private, loopback or link-local address: on, off, or `auto` (on when every origin you named is public)").of(Fetching),
		boolean("hash-routes", func(c *Config) *bool { return &c.Settings.HashRoutes },
			"take #/path and #!/path links (hash-routed apps: docsify, AngularJS) as pages of their own, rendered by the browser alone (default: every #fragment is dropped)").of(Fetching).rule(checkHashRoutes),

		// What the crawl takes, how far and how fast.
		integer("depth", crawl.DefaultDepth, func(c *Config) *int { return &c.Settings.Depth },
			"at most `N` link hops from a seed: 0 the seeds only, -1 no limit (other negatives are refused)").rule(checkDepth),
		integer("max-pages", crawl.DefaultMaxPages, func(c *Config) *int { return &c.Settings.MaxPages },
			"request ceiling: at most `N` page fetches, at least 1; -1 for none").rule(count("max-pages", true)),
		duration("time-budget", 0, func(c *Config) *time.Duration { return &c.Settings.TimeBudget },
			"stop popping new URLs after this `DURATION` (0: no budget; negative is refused)").rule(wait("time-budget")),
		integer("concurrency", crawl.DefaultConcurrency, func(c *Config) *int { return &c.Settings.Concurrency },
			"`N` pages fetched at once (and browser tabs), at least 1").rule(count("concurrency", false)),
		duration("host-interval", crawl.DefaultHostInterval, func(c *Config) *time.Duration { return &c.Settings.HostInterval },
			"least time (`DURATION`) between page fetches to one host (Crawl-delay wins when larger; 0: none)").rule(wait("host-interval")),
		duration("delay", crawl.DefaultDelay, func(c *Config) *time.Duration { return &c.Settings.Delay },
			"pause (`DURATION`) before each fetch, in each of the --concurrency slots (0: none)").rule(wait("delay")),
		list("origin", func(c *Config) *[]string { return &c.Settings.Origin },
			"extra approved `ORIGIN`, scheme://host[:port] (repeatable; subdomains are never implied)").split().rule(checkScope("origin")),
		list("allow-path", func(c *Config) *[]string { return &c.Settings.AllowPath },
			"only crawl paths starting with `PREFIX` (repeatable)").split().rule(checkScope("allow-path")),
		list("include", func(c *Config) *[]string { return &c.Settings.Include },
			"only queue URLs matching the regular expression `RE` (repeatable: any one may match; seeds are always fetched)").rule(checkScope("include")),
		list("exclude", func(c *Config) *[]string { return &c.Settings.Exclude },
			"never queue URLs matching the regular expression `RE` (repeatable; seeds are always fetched; excluded links are counted in done)").rule(checkScope("exclude")),
		integer("browser-memory", 0, func(c *Config) *int { return &c.Settings.BrowserMemoryMB },
			"recycle the browser webgraph started (stop it and start a new one, between pages, none lost) once its process tree uses more than `MB` megabytes of proportional set size, as a container's memory limit counts it (0: no limit)").rule(checkBrowserMemory),
		integer("sitemap-limit", discovery.DefaultSitemapLimit, func(c *Config) *int { return &c.Settings.SitemapLimit },
			"take at most `N` URLs from one origin's sitemaps, at least 1").rule(count("sitemap-limit", false)),
		word("keep", KeepContent, ParseKeep, func(c *Config) *Keep { return &c.Settings.Keep },
			"retain `WHAT`: content (each page's main content as Markdown, in the database), text (each page's whole text, in its event) or none (HTML is never retained)"),
		list("fail-on", func(c *Config) *[]string { return &c.Settings.FailOn },
			"exit 3, listing each URL with its citation, when pages are refused for any `CAUSE,…` (e.g. missing,wall,login_redirect); with --baseline, also new:CAUSE, new:FINDING, new:broken and lost").split().rule(checkFailOn),
		text("baseline", "", func(c *Config) *string { return &c.Settings.Baseline },
			"compare the crawl, when done, with the earlier crawl in `OLD.db` (a file or postgres:// URL): the done event tallies what is new and resolved, and --fail-on new:CAUSE, new:FINDING, new:broken or lost gate on it").
			redacted(func(c *Config) *string { return &c.Secrets.Baseline }, store.Redact).rule(checkBaseline),
		list("check", func(c *Config) *[]string { return &c.Settings.Check },
			"also verify link targets of each `KIND,…`: external (every external link, HEAD then GET, politely) and/or fragments (every #fragment against the page's ids and names, both sides)").split().rule(checkCheck),
		duration("recheck-after", linkcheck.DefaultRecheckAfter, func(c *Config) *time.Duration { return &c.Settings.RecheckAfter },
			"a link verdict the database holds from less than this `DURATION` ago is used again without asking (-1ns: always ask)").rule(checkRecheck),
		word("screenshots", crawl.ScreenshotsNone, parseScreenshots, func(c *Config) *crawl.Screenshots { return &c.Settings.Screenshots },
			"take `WHICH` pages' two pictures (as rendered, and as served with scripts off), stored in --db, written to --warc, shown by report: none, findings (pages with an audit finding) or all").rule(checkScreenshots),
		integer("screenshot-width", rendered.DefaultPictureWidth, func(c *Config) *int { return &c.Settings.ScreenshotWidth },
			"lay pages out `N` CSS pixels wide for their pictures").rule(checkPictureWidth),

		// This run's: never saved.
		text("db", "webgraph.db", func(c *Config) *string { return &c.Invocation.DB },
			"the crawl's database at `PATH`: a SQLite file, or a postgres:// URL that several workers share (start one with seeds, the others with --resume); refused if it already holds a crawl").
			in(Local).redacted(func(c *Config) *string { return &c.Secrets.DB }, store.Redact),
		boolean("resume", func(c *Config) *bool { return &c.Invocation.Resume },
			"continue the crawl in --db with its settings (flags given again override them)").in(Local).notInFile(),
		text("seeds-file", "", func(c *Config) *string { return &c.Invocation.SeedsFile },
			"also crawl the seed URLs in `FILE`, one a line (- reads stdin; blank lines and lines starting with # are skipped)").in(Local),
		text("out", "", func(c *Config) *string { return &c.Invocation.Out },
			"write the JSON Lines events to `FILE` instead of stdout (- is stdout)").in(Local).letter("o"),
		text("junit", "", func(c *Config) *string { return &c.Invocation.JUnit },
			"write a JUnit XML report to `FILE`: one test case per URL").in(Local),
		text("warc", "", func(c *Config) *string { return &c.Invocation.WARC },
			"archive every fetched page in the WARC `FILE` (gzip per record): the plain request and response, what the browser received for the page, and the rendered DOM").in(Local),
		text("wacz", "", func(c *Config) *string { return &c.Invocation.WACZ },
			"archive every fetched page as --warc does and package it, when the crawl ends, as the WACZ 1.1.1 `FILE` that ReplayWeb.page opens").in(Local),
		text("summary", "", func(c *Config) *string { return &c.Invocation.Summary },
			"write a Markdown summary of the crawl and its link verdicts to `FILE` (e.g. $GITHUB_STEP_SUMMARY); appended to when FILE exists").in(Local),
		duration("lease", store.DefaultLease, func(c *Config) *time.Duration { return &c.Invocation.Lease },
			"with a postgres:// --db: how long (`DURATION`) a URL in flight stays this worker's without renewal, so a dead worker's URLs return to the queue").in(Local).rule(positive("lease")),
		text("proxy", "", func(c *Config) *string { return &c.Invocation.Proxy },
			"send every request through the proxy at `URL`, http://, https:// or socks5:// (both sides, robots.txt, sitemaps and link checks; default: $HTTPS_PROXY, $HTTP_PROXY and $NO_PROXY)").
			of(Fetching).in(Local).redacted(func(c *Config) *string { return &c.Secrets.Proxy }, redactURL).rule(checkProxy),

		// Secrets: never written.
		list("header", func(c *Config) *[]string { return &c.Secrets.Header },
			"send the header `'NAME: VALUE'` with every request to a seed's origin or an --origin, never elsewhere, not even where a seed redirects (repeatable)").
			of(Fetching).in(Secret).shown(hideHeader).rule(checkHeaders),
		list("cookie", func(c *Config) *[]string { return &c.Secrets.Cookie },
			"send the cookie `'NAME=VALUE'` with every request to a seed's origin or an --origin, never elsewhere, not even where a seed redirects (repeatable)").
			of(Fetching).in(Secret).shown(hideCookie).rule(checkCookies),
	}
}

// Commands is a set of the commands that read settings.
type Commands uint8

const (
	// Crawl is `webgraph crawl` (and `webgraph config`, which shows what
	// a crawl would use): every setting.
	Crawl Commands = 1 << iota
	// Page is `webgraph page`: the fetch settings.
	Page
	// Compare is `webgraph compare`: the fetch settings.
	Compare

	// Fetching are the commands that take the fetch settings.
	Fetching = Crawl | Page | Compare
)

// Part says where a setting's value lives and whether it is saved.
type Part uint8

const (
	// Stored settings are the crawl's (Settings): saved with it.
	Stored Part = iota
	// Local settings are this run's (Invocation): never saved.
	Local
	// Secret settings are credentials (Secrets): never written.
	Secret
)

// field is one setting: a row of the table.
type field struct {
	name, short, usage string
	part               Part
	takes              Commands
	envVar             string
	kind               kind
	flag               bool // given as a flag (seeds are the arguments)
	file               bool // may be set in webgraph.toml
	splits             bool // a list given comma-separated on the command line
	at                 func(*Config) any
	def                any
	parse              func(string) (any, error) // a word's
	whole              func(*Config) *string     // where a redacted value goes whole
	redact             func(string) string
	show               func(string) string // a secret list's element as it may be shown
	check              func(*Config) error
}

func newField(name, usage string, k kind, def any, at func(*Config) any) field {
	return field{name: name, usage: usage, kind: k, def: def, at: at, takes: Crawl, flag: true, file: true}
}

func boolean(name string, at func(*Config) *bool, usage string) field {
	return newField(name, usage, boolKind, false, func(c *Config) any { return at(c) })
}

func integer(name string, def int, at func(*Config) *int, usage string) field {
	return newField(name, usage, intKind, def, func(c *Config) any { return at(c) })
}

func bytesize(name string, def int64, at func(*Config) *int64, usage string) field {
	return newField(name, usage, int64Kind, def, func(c *Config) any { return at(c) })
}

func duration(name string, def time.Duration, at func(*Config) *time.Duration, usage string) field {
	return newField(name, usage, durationKind, def, func(c *Config) any { return at(c) })
}

func text(name, def string, at func(*Config) *string, usage string) field {
	return newField(name, usage, stringKind, def, func(c *Config) any { return at(c) })
}

func list(name string, at func(*Config) *[]string, usage string) field {
	return newField(name, usage, listKind, []string{}, func(c *Config) any { return at(c) })
}

// word is a setting of a type T written as one word, which parse reads
// and T's String (or its own text) writes: a mode, a viewport. An empty
// word is refused, whatever parse makes of it: the zero value is no
// setting's.
func word[T any](name string, def T, parse func(string) (T, error), at func(*Config) *T, usage string) field {
	f := newField(name, usage, wordKind, def, func(c *Config) any { return at(c) })
	f.parse = func(s string) (any, error) {
		if s == "" {
			return nil, errors.New("takes a value, not an empty string")
		}
		v, err := parse(s)
		return v, err
	}
	return f
}

// of says which commands take the setting (Crawl alone by default).
func (f field) of(c Commands) field { f.takes = c; return f }

// in says where the setting lives (Stored by default).
func (f field) in(p Part) field { f.part = p; return f }

// env names the environment variable that sets it.
func (f field) env(name string) field { f.envVar = name; return f }

// letter gives its flag a one-letter form.
func (f field) letter(s string) field { f.short = s; return f }

// split takes its flag's argument as a comma-separated list.
func (f field) split() field { f.splits = true; return f }

// rule is what a value must be, checked by Validate; its error is written
// for the command line (naming --flag), and Validate says where the value
// came from.
func (f field) rule(check func(*Config) error) field { f.check = check; return f }

// redacted keeps the setting's value redacted by redact, and the whole
// value, when it differs (it holds a password), at whole in Secrets.
func (f field) redacted(whole func(*Config) *string, redact func(string) string) field {
	f.whole, f.redact = whole, redact
	return f
}

// shown redacts each element of a secret list where it is shown.
func (f field) shown(show func(string) string) field { f.show = show; return f }

// noFlag: the setting is given otherwise (the seeds are the arguments).
func (f field) noFlag() field { f.flag = false; return f }

// notInFile: the setting is this run's choice alone (--resume).
func (f field) notInFile() field { f.file = false; return f }

// lookup returns the row named name.
func lookup(name string) (field, bool) {
	for _, f := range fields() {
		if f.name == name {
			return f, true
		}
	}
	return field{}, false
}
