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

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/policy"
)

type sitemapsOutput struct {
	Event     string                     `json:"event"`
	Origin    string                     `json:"origin"`
	Robots    policy.RobotsState         `json:"robots"`
	Attempts  []discovery.SitemapAttempt `json:"attempts"`
	Inventory sitemapInventory           `json:"inventory"`
	URLs      []sitemapURL               `json:"urls,omitempty"`
}

type sitemapInventory struct {
	Advertised int  `json:"advertised"`
	Live       *int `json:"live,omitempty"` // with --verify
	Dead       *int `json:"dead,omitempty"`
	Disallowed *int `json:"disallowed,omitempty"`
}

type sitemapURL struct {
	URL     string `json:"url"`
	Sitemap string `json:"sitemap"`
	Status  int    `json:"status,omitempty"`
	Live    *bool  `json:"live,omitempty"`
	Error   string `json:"error,omitempty"`
}

func runSitemaps(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := pflag.NewFlagSet("sitemaps", pflag.ContinueOnError)
	verify := fs.Bool("verify", false, "fetch every advertised URL politely (plain GET, robots.txt obeyed) and count live and dead")
	list := fs.Bool("list", false, "list every advertised URL")
	limit := fs.Int("sitemap-limit", discovery.DefaultSitemapLimit, "most URLs taken from the sitemaps")
	interval := fs.Duration("host-interval", time.Second, "least time between requests to the host")
	timeout := fs.Duration("timeout", 20*time.Second, "time limit for one request")
	contact := fs.String("contact", os.Getenv("WEBGRAPH_CONTACT"), "operator URL or e-mail, sent in the User-Agent (default $WEBGRAPH_CONTACT)")
	noRobots := fs.Bool("no-robots", false, "do not ask robots.txt (loudly reported)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: webgraph sitemaps URL [flags]\n\nTry every sitemap of URL's origin (robots-advertised, conventional, index\nchildren) and report each attempt and the URL inventory as JSON.\n\n%s", fs.FlagUsages())
	}
	target, err := parseFlags(fs, args, stderr)
	if err != nil {
		return err
	}
	if *interval < 0 || *timeout <= 0 {
		return usagef("--host-interval must not be negative and --timeout must be positive")
	}
	id := policy.Identity{Version: version, Contact: *contact}
	warnIdentity(stderr, id)
	th := policy.NewThrottle(*interval, nil)
	client := &http.Client{Timeout: *timeout}
	get := func(ctx context.Context, u string) (*http.Response, error) {
		pu, err := url.Parse(u)
		if err != nil {
			return nil, err
		}
		if err := th.Wait(ctx, pu.Host); err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("User-Agent", id.UserAgent())
		return client.Do(req)
	}

	var rp *policy.RobotsPolicy
	if *noRobots {
		rp = policy.OffPolicy(policy.Origin(target), policy.AgentToken)
		fmt.Fprintln(stderr, "webgraph: warning:", rp.Warnings[0])
	} else {
		rc := policy.NewRobotsClient(policy.AgentToken, id.UserAgent(), nil)
		rc.Timeout = *timeout
		rp = rc.Policy(ctx, target)
		if rp.Deferred() {
			return &policy.PageDisallowedError{Verdict: rp.Check(target), RobotsURL: rp.URL}
		}
	}
	root, _ := url.Parse(policy.Origin(target) + "/")
	attempts, urls := discovery.Sitemaps(ctx, get, root, rp.Sitemaps, discovery.SitemapOptions{
		Limit: *limit, Allowed: func(u *url.URL) bool { return rp.Check(u).Allowed }})
	out := sitemapsOutput{Event: "sitemaps", Origin: policy.Origin(target), Robots: rp.State, Attempts: attempts,
		Inventory: sitemapInventory{Advertised: len(urls)}}
	if out.Attempts == nil {
		out.Attempts = []discovery.SitemapAttempt{}
	}
	if *verify {
		live, dead, disallowed := 0, 0, 0
		out.Inventory.Live, out.Inventory.Dead, out.Inventory.Disallowed = &live, &dead, &disallowed
		for i, s := range urls {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			row := sitemapURL{URL: s.URL, Sitemap: s.Sitemap}
			u, _ := url.Parse(s.URL)
			if v := rp.Check(u); !v.Allowed {
				disallowed++
				row.Error = "disallowed by robots.txt (" + v.Rule + "): not fetched"
			} else {
				ok := false
				resp, err := get(ctx, s.URL)
				if err != nil {
					row.Error = err.Error()
				} else {
					resp.Body.Close()
					row.Status = resp.StatusCode
					ok = resp.StatusCode/100 == 2
				}
				row.Live = &ok
				if ok {
					live++
				} else {
					dead++
				}
			}
			if *list || row.Live == nil || !*row.Live {
				out.URLs = append(out.URLs, row)
			}
			if (i+1)%50 == 0 {
				fmt.Fprintf(stderr, "webgraph: verified %d of %d\n", i+1, len(urls))
			}
		}
	} else if *list {
		for _, s := range urls {
			out.URLs = append(out.URLs, sitemapURL{URL: s.URL, Sitemap: s.Sitemap})
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
