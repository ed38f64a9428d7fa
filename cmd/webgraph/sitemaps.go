package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/settings"
)

type sitemapsOutput struct {
	Event  string `json:"event"`
	Origin string `json:"origin"`
	// SeedRedirects are the hops by which the URL given redirected to
	// another origin, whose sitemaps these are; absent when it did not.
	SeedRedirects []fetch.Redirect           `json:"seed_redirects,omitempty"`
	Robots        policy.RobotsState         `json:"robots"`
	Attempts      []discovery.SitemapAttempt `json:"attempts"`
	Inventory     sitemapInventory           `json:"inventory"`
	URLs          []sitemapURL               `json:"urls,omitempty"`
}

// sitemapInventory counts the advertised URLs; with --verify, by
// linkcheck's verdict on each (the verdicts of crawl --check): live is ok,
// dead is broken.
type sitemapInventory struct {
	Advertised   int  `json:"advertised"`
	Live         *int `json:"live,omitempty"` // with --verify
	Dead         *int `json:"dead,omitempty"`
	Unverifiable *int `json:"unverifiable,omitempty"` // asked, but no verdict the server stood behind (401, 403, 429, 5xx, a block page, a timeout…)
	Disallowed   *int `json:"disallowed,omitempty"`
	NotFetched   *int `json:"not_fetched,omitempty"` // another origin's URL, or one the gate refused otherwise
}

type sitemapURL struct {
	URL     string `json:"url"`
	Sitemap string `json:"sitemap"`
	Status  int    `json:"status,omitempty"`
	// Live is true for a URL judged ok, false for one judged broken, and
	// absent when there is no verdict either way.
	Live    *bool             `json:"live,omitempty"`
	Verdict linkcheck.Verdict `json:"verdict,omitempty"` // with --verify, for a URL asked
	Reason  string            `json:"reason,omitempty"`  // the verdict's words
	Error   string            `json:"error,omitempty"`
}

// sitemapsFlags are the flags of `webgraph sitemaps`.
type sitemapsFlags struct {
	fs                *pflag.FlagSet
	verify, list      *bool
	limit             *int
	interval, timeout *time.Duration
	contact           *string
	noRobots          *bool
	tls               tlsFlags
	// The other mode: a crawl's sitemap written (sitemapswrite.go).
	db, write, base *string
}

func newSitemapsFlags(stdout io.Writer) *sitemapsFlags {
	fs := newFlagSet("sitemaps", "webgraph sitemaps URL [flags]\n       webgraph sitemaps --db PATH --write DIR [--base URL]",
		"Try every sitemap of URL's origin (robots-advertised, conventional, index\nchildren) and report each attempt and the URL inventory as JSON.\nExit 0 when done, 3 when --verify found dead URLs.\n\nWith --write, write instead the sitemap of a crawl: DIR/sitemap.xml lists\nthe crawl's kept pages at their canonical URLs (none marked noindex), with\n<lastmod> where the server gave Last-Modified; past 50,000 URLs or 50 MB,\nsitemap.xml is an index of sitemap-1.xml, sitemap-2.xml, …\n", stdout)
	f := &sitemapsFlags{fs: fs,
		verify:   fs.Bool("verify", false, "fetch every advertised URL politely (plain GET, robots.txt obeyed), judge each as crawl --check does (live, dead or unverifiable), and exit 3 if any is dead"),
		list:     fs.Bool("list", false, "list every advertised URL"),
		limit:    fs.Int("sitemap-limit", discovery.DefaultSitemapLimit, "take at most `N` URLs from the sitemaps (at least 1)"),
		interval: fs.Duration("host-interval", time.Second, "least time (`DURATION`) between requests to the host (0: none)"),
		timeout:  fs.Duration("timeout", 20*time.Second, "time limit for one request, a `DURATION`"),
		contact:  fs.String("contact", os.Getenv("WEBGRAPH_CONTACT"), "operator `CONTACT` (URL or e-mail), sent in the User-Agent (default $WEBGRAPH_CONTACT)"),
		noRobots: fs.Bool("no-robots", false, "do not ask robots.txt (loudly reported)"),
	}
	f.tls.register(fs)
	f.db = fs.String("db", "", "with --write: the crawl's database at `PATH` (a file or postgres:// URL)")
	f.write = fs.String("write", "", "write the sitemap of the crawl in --db to the directory `DIR` (made if missing) instead of reading a site's")
	f.base = fs.String("base", "", "with --write: the `URL` of the directory the files will be served from; only URLs below it are listed (default: the root of the one origin the crawl kept pages on)")
	return f
}

func runSitemaps(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newSitemapsFlags(stdout)
	verify, list, limit, interval, timeout, contact, noRobots := f.verify, f.list, f.limit, f.interval, f.timeout, f.contact, f.noRobots
	if err := parseCommandFlags(f.fs, args); err != nil {
		return err
	}
	if *f.write != "" || *f.db != "" || *f.base != "" {
		return runSitemapsWrite(ctx, f, stdout, stderr)
	}
	target, err := urlArg(f.fs, stderr)
	if err != nil {
		return err
	}
	if *timeout <= 0 {
		return usagef("--timeout must be positive")
	}
	if err := settings.CheckWait("host-interval", *interval); err != nil {
		return usagef("%v", err)
	}
	if err := settings.CheckCount("sitemap-limit", *limit, false); err != nil {
		return usagef("%v", err)
	}
	o, err := newFetcher(settings.Fetch{NoRobots: *noRobots, Contact: *contact, Timeout: *timeout, CACert: f.tls.caFiles, Insecure: f.tls.insecure,
		Mode: union.ModePlain, BlockPrivate: settings.BlockPrivateAuto}, settings.Secrets{}, "", stderr)
	if err != nil {
		return err
	}
	warnIdentity(stderr, o.identity())
	scope, err := policy.NewScope([]*url.URL{target}, nil, nil, nil, nil)
	if err != nil {
		return usagef("%v", err)
	}
	gate := o.withGate(ctx, scope, *interval, nil).gate
	var seedHops []fetch.Redirect
	if final, joins, err := gate.FollowSeed(ctx, target, crawl.MaxSeedJoins); err == nil && len(joins) > 0 {
		// The site lives where the URL's own redirect lands: its
		// sitemaps are the ones to read.
		for _, j := range joins {
			seedHops = append(seedHops, fetch.Redirect{From: j.Hop.From, To: j.Hop.To})
			fmt.Fprintf(stderr, "webgraph: %s redirects to %s: reading the sitemaps of %s\n", safetext.Clean(j.Hop.From), safetext.Clean(j.Hop.To), safetext.Clean(j.Origin))
		}
		target = final
	}
	rp := gate.Policy(ctx, target)
	if rp.Deferred() {
		return gateRefusal(target, gate.Ask(ctx, target, policy.Page))
	}
	get := func(ctx context.Context, raw string) (*http.Response, error) {
		u, err := url.Parse(raw)
		if err != nil {
			return nil, err
		}
		return gate.Do(ctx, http.MethodGet, u, policy.Sitemap, nil)
	}
	root, _ := url.Parse(policy.Origin(target) + "/")
	attempts, urls := discovery.Sitemaps(ctx, get, root, rp.Sitemaps, discovery.SitemapOptions{Limit: *limit})
	out := sitemapsOutput{Event: "sitemaps", Origin: policy.Origin(target), SeedRedirects: seedHops, Robots: rp.State, Attempts: attempts,
		Inventory: sitemapInventory{Advertised: len(urls)}}
	if out.Attempts == nil {
		out.Attempts = []discovery.SitemapAttempt{}
	}
	var deadErr error // with --verify, when dead URLs were found
	if *verify {
		bar := newLiveLine(stderr)
		began, drawn := time.Now(), time.Time{}
		fmt.Fprintf(stderr, "webgraph: verifying %s, one request per %s\n", plural(len(urls), "URL"), *interval)
		targets := make([]string, len(urls))
		for i, s := range urls {
			targets[i] = s.URL
		}
		i := 0
		t, err := linkcheck.Verify(ctx, gate, targets, *timeout, func(v linkcheck.Verification, t linkcheck.Tally) {
			row := sitemapURL{URL: v.URL, Sitemap: urls[i].Sitemap, Status: v.Status, Verdict: v.Verdict, Reason: v.Reason, Error: v.Error}
			if v.Asked && v.Verdict != linkcheck.Unverifiable {
				isLive := v.Verdict == linkcheck.OK
				row.Live = &isLive
			}
			if *list || row.Live == nil || !*row.Live {
				out.URLs = append(out.URLs, row)
			}
			i++
			// On a terminal the bar is redrawn as it moves; elsewhere a line
			// every 10 s, so a log shows the run is alive.
			if now := time.Now(); (bar.terminal && now.Sub(drawn) >= 200*time.Millisecond) || now.Sub(drawn) >= 10*time.Second || i == len(urls) {
				drawn = now
				bar.draw(fmt.Sprintf("webgraph: verifying %s · %d live, %d dead, %d unverifiable", meter(i, len(urls), now.Sub(began)), t.Live, t.Dead, t.Unverifiable))
			}
		})
		if err != nil {
			return err
		}
		bar.clear()
		out.Inventory.Live, out.Inventory.Dead, out.Inventory.Unverifiable = &t.Live, &t.Dead, &t.Unverifiable
		out.Inventory.Disallowed, out.Inventory.NotFetched = &t.Disallowed, &t.NotFetched
		fmt.Fprintf(stderr, "webgraph: verified %s: %d live, %d dead, %d unverifiable, %d disallowed by robots.txt, %d not fetched\n",
			plural(len(urls), "URL"), t.Live, t.Dead, t.Unverifiable, t.Disallowed, t.NotFetched)
		if t.Dead > 0 {
			deadErr = &deadURLsError{Origin: out.Origin, Dead: t.Dead, Verified: t.Live + t.Dead + t.Unverifiable}
		}
	} else if *list {
		for _, s := range urls {
			out.URLs = append(out.URLs, sitemapURL{URL: s.URL, Sitemap: s.Sitemap})
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return err
	}
	return deadErr
}

// deadURLsError is the result of `sitemaps --verify` when URLs the
// sitemaps advertise are dead (broken, in crawl --check's words): exit 3,
// as a refused page is. An unverifiable URL does not fail it.
type deadURLsError struct {
	Origin   string
	Dead     int // URLs judged broken (linkcheck.Broken): 404, 410, another 4xx, an unknown host, a refused connection, a TLS failure
	Verified int // URLs asked
}

func (e *deadURLsError) Error() string {
	return fmt.Sprintf("sitemaps: %s of %d verified on %s are dead", plural(e.Dead, "URL"), e.Verified, e.Origin)
}
