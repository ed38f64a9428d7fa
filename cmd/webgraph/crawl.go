package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/policy"
)

func runCrawl(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("crawl", pflag.ContinueOnError)
	var o fetchOptions
	o.register(fs)
	out := fs.String("out", "", "write the JSON Lines events to FILE instead of stdout")
	depth := fs.Int("depth", crawl.DefaultDepth, "most link hops from a seed (-1: no limit)")
	maxPages := fs.Int("max-pages", crawl.DefaultMaxPages, "request ceiling: most page fetches (-1: none)")
	budget := fs.Duration("time-budget", 0, "stop popping new URLs after this long (0: none)")
	concurrency := fs.Int("concurrency", crawl.DefaultConcurrency, "workers (and browser tabs)")
	hostInterval := fs.Duration("host-interval", crawl.DefaultHostInterval, "least time between page fetches to one host (Crawl-delay wins when larger)")
	delay := fs.Duration("delay", crawl.DefaultDelay, "each worker's pause before each fetch")
	origins := fs.StringSlice("origin", nil, "extra approved origin, scheme://host[:port] (repeatable; subdomains are never implied)")
	allowPaths := fs.StringSlice("allow-path", nil, "only crawl paths starting with this prefix (repeatable)")
	sitemapLimit := fs.Int("sitemap-limit", 50000, "most URLs taken from one origin's sitemaps")
	keep := fs.String("keep", "text", "retain page text in page events: text or none (HTML is never retained)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: webgraph crawl URL [URL...] [flags]\n\nCrawl the sites of the seed URLs politely, through the union of plain and\nrendered fetches. Events go to stdout as JSON Lines; progress goes to stderr.\nThe first Ctrl-C finishes the pages in flight; a second aborts.\n\n%s", fs.FlagUsages())
	}
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return err
		}
		return usagef("%v", err)
	}
	if fs.NArg() == 0 {
		return usagef("crawl takes at least one seed URL")
	}
	var seeds []*url.URL
	for _, a := range fs.Args() {
		u, err := parseURL(a)
		if err != nil {
			return err
		}
		seeds = append(seeds, u)
	}
	if *keep != "text" && *keep != "none" {
		return usagef("--keep must be text or none")
	}
	if err := o.validate(); err != nil {
		return err
	}
	cfg := crawl.Config{
		Seeds: seeds, Origins: *origins, AllowPaths: *allowPaths, Mode: o.mode,
		Depth: *depth, MaxPages: *maxPages, TimeBudget: *budget, Concurrency: *concurrency,
		HostInterval: *hostInterval, NoHostInterval: *hostInterval == 0,
		Delay: *delay, NoDelay: *delay == 0,
		SitemapLimit: *sitemapLimit, MaxBody: o.maxBody, KeepText: *keep == "text",
		IgnoreRobots: o.noRobots, Identity: o.identity(),
	}
	cfg.SeedsOnly = *depth == 0
	if err := cfg.Validate(); err != nil {
		return usagef("%v", err)
	}

	w := stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return fmt.Errorf("crawl: %w", err)
		}
		defer f.Close()
		w = f
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	prog := newProgress(stderr)
	var writeErr error
	sink := func(ev any) {
		prog.observe(ev)
		if writeErr == nil {
			writeErr = enc.Encode(ev)
		}
	}

	o.tabs = *concurrency
	o.follow = crawl.InScope(cfg)
	pages, closeAll, err := o.newUnion()
	if err != nil {
		return err
	}
	defer closeAll()
	c, err := crawl.New(cfg, crawl.Deps{
		Pages:   pages,
		Robots:  o.robotsClient(),
		Sink:    sink,
		Version: version,
	})
	if err != nil {
		return usagef("%v", err)
	}
	onInterrupt(ctx, func() {
		fmt.Fprintln(stderr, "\nwebgraph: interrupted: finishing the pages in flight (press Ctrl-C again to abort)")
		c.Stop()
	})
	stopProgress := prog.start()
	c.Run(ctx)
	stopProgress()
	if writeErr != nil {
		return fmt.Errorf("crawl: writing events: %w", writeErr)
	}
	return nil
}

// robotsClient returns the client the crawl asks robots.txt with.
func (o *fetchOptions) robotsClient() *policy.RobotsClient {
	c := policy.NewRobotsClient(policy.AgentToken, o.identity().UserAgent(), nil)
	c.Timeout = o.timeout
	return c
}
