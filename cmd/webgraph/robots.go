package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/policy"
)

// robotsOutput is what `webgraph robots` prints.
type robotsOutput struct {
	URL         string             `json:"url"`
	Agent       string             `json:"agent"`
	Allowed     bool               `json:"allowed"`
	Group       string             `json:"group"`
	Rule        string             `json:"rule,omitempty"`
	State       policy.RobotsState `json:"state"`
	Status      int                `json:"status,omitempty"`
	CrawlDelay  *float64           `json:"crawl_delay,omitempty"`
	Sitemaps    []string           `json:"sitemaps"`
	Rules       []string           `json:"rules"`
	Reason      string             `json:"reason,omitempty"`
	NextAttempt time.Time          `json:"next_attempt,omitzero"`
	Cached      bool               `json:"cached,omitempty"`
	Warnings    []string           `json:"warnings"`
}

// robotsFlags are the flags of `webgraph robots`.
type robotsFlags struct {
	fs                  *pflag.FlagSet
	agent, file, format *string
	contact             *string
	timeout             *time.Duration
	tls                 tlsFlags
}

func newRobotsFlags(stdout io.Writer) *robotsFlags {
	fs := newFlagSet("robots", "webgraph robots URL [flags]",
		"Show the robots.txt policy of URL's origin and the verdict for URL.\nExit 0 when allowed, 4 when disallowed.\n", stdout)
	f := &robotsFlags{fs: fs,
		agent:   fs.String("agent", policy.AgentToken, "product `TOKEN` to ask the rules for"),
		file:    fs.String("file", "", "evaluate the local robots.txt at `PATH` instead of fetching the site's (a file that is not text is refused, exit 1)"),
		format:  fs.String("format", "json", "output `FORMAT`: json or text"),
		contact: fs.String("contact", os.Getenv("WEBGRAPH_CONTACT"), "operator `CONTACT` (URL or e-mail), sent in the User-Agent (default $WEBGRAPH_CONTACT)"),
		timeout: fs.Duration("timeout", policy.DefaultRobotsTimeout, "time limit for fetching robots.txt, a `DURATION`"),
	}
	f.tls.register(fs)
	return f
}

func runRobots(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newRobotsFlags(stdout)
	agent, file, format, contact, timeout := f.agent, f.file, f.format, f.contact, f.timeout
	target, err := parseFlags(f.fs, args, stderr)
	if err != nil {
		return err
	}
	if *format != "json" && *format != "text" {
		return usagef("--format must be json or text")
	}
	if *timeout <= 0 {
		return usagef("--timeout must be positive")
	}
	if strings.TrimSpace(*agent) == "" {
		return usagef("--agent must not be empty")
	}
	var p *policy.RobotsPolicy
	if *file != "" {
		body, err := os.ReadFile(*file)
		if err != nil {
			return fmt.Errorf("robots: %w", err)
		}
		if why := policy.NotText(body); why != "" {
			return fmt.Errorf("robots: %s is not a robots.txt file: %s", *file, why)
		}
		p = policy.PolicyFromFile(policy.Origin(target), *agent, body, time.Now())
	} else {
		id := policy.Identity{Version: version, Contact: *contact}
		certs, err := policy.LoadCACerts(f.tls.caFiles)
		if err != nil {
			return usagef("--ca-cert %v", err)
		}
		tc, err := policy.TLSConfig(certs, f.tls.insecure)
		if err != nil {
			return err
		}
		if f.tls.insecure {
			fmt.Fprintln(stderr, "webgraph: warning:", insecureWarning)
		}
		c := policy.NewRobotsClient(*agent, id.UserAgent(), policy.NewTransportTLS(nil, tc))
		c.Timeout = *timeout
		p = c.Policy(ctx, target)
	}
	v := p.Check(target)
	out := robotsOutput{
		URL: v.URL, Agent: v.Agent, Allowed: v.Allowed, Group: v.Group, Rule: v.Rule, State: p.State, Status: p.Status,
		CrawlDelay: p.CrawlDelay, Sitemaps: p.Sitemaps, Rules: p.Rules, Reason: v.Reason, NextAttempt: p.NextAttempt,
		Cached: p.Cached, Warnings: p.Warnings,
	}
	if *format == "text" {
		writeRobotsText(stdout, p, out)
	} else {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	if !v.Allowed {
		return &policy.PageDisallowedError{Verdict: v, RobotsURL: p.URL, Alternative: policy.Alternative(target.Host)}
	}
	return nil
}

func writeRobotsText(w io.Writer, p *policy.RobotsPolicy, o robotsOutput) {
	w = safetext.NewWriter(w) // rules, sitemaps and warnings quote the site's file
	verdict := "ALLOWED"
	if !o.Allowed {
		verdict = "DISALLOWED"
	}
	fmt.Fprintf(w, "%s for %s: %s\n", verdict, o.Agent, o.URL)
	switch {
	case o.Reason != "":
		fmt.Fprintf(w, "  because:  %s\n", o.Reason)
	case o.Rule != "":
		fmt.Fprintf(w, "  rule:     %s\n", o.Rule)
	default:
		fmt.Fprintf(w, "  rule:     none matched\n")
	}
	source := p.URL
	if o.Status != 0 {
		source += fmt.Sprintf(" (HTTP %d)", o.Status)
	}
	fmt.Fprintf(w, "  file:     %s, %s\n", source, o.State)
	group := o.Group
	if group == "" {
		group = "none (no group names this agent or *)"
	}
	fmt.Fprintf(w, "  group:    %s\n", group)
	for _, r := range o.Rules {
		fmt.Fprintf(w, "            %s\n", r)
	}
	if o.CrawlDelay != nil {
		fmt.Fprintf(w, "  crawl-delay: %g s between page fetches\n", *o.CrawlDelay)
	}
	for _, s := range o.Sitemaps {
		fmt.Fprintf(w, "  sitemap:  %s\n", s)
	}
	for _, warn := range o.Warnings {
		fmt.Fprintf(w, "  warning:  %s\n", warn)
	}
}
