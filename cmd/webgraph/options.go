package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/policy"
)

// fetchOptions are the flags every fetching command shares.
type fetchOptions struct {
	noRobots   bool
	mode       string
	contact    string
	chrome     string
	browserURL []string
	// sharedRobots, for a crawl shared by several workers, fetches each
	// origin's robots.txt once for all of them (nil: this process alone).
	sharedRobots policy.SharedRobots
	noSandbox    bool
	timeout      time.Duration
	maxBody      int64
	tabs         int          // browser tabs; 0: the rendered default
	archive      bool         // keep each side's exchange and DOM for a WARC archive
	gate         *policy.Gate // asked before every request; set by newGate
	// transport carries every plain HTTP request of the command: the
	// gate's, robots.txt's and the plain side's; set by newGate.
	transport *http.Transport
	creds     credentialFlags
	proxy     string   // --proxy as given
	proxyURL  *url.URL // parsed by validate; nil: the environment's proxy

	pictures *rendered.Pictures // take pictures (--screenshots, compare --html); nil: none
}

func (o *fetchOptions) register(fs *pflag.FlagSet) {
	fs.StringVar(&o.mode, "mode", "union", "which sides fetch, `MODE`: union, plain or rendered")
	fs.BoolVar(&o.noRobots, "no-robots", false, "do not ask robots.txt (loudly reported; the default obeys it)")
	fs.StringVar(&o.contact, "contact", os.Getenv("WEBGRAPH_CONTACT"), "operator `CONTACT` (URL or e-mail), sent in the User-Agent (default $WEBGRAPH_CONTACT)")
	fs.StringVar(&o.chrome, "chrome", "", "the Chrome or Chromium at `PATH` to start (default: chromium, chromium-browser, google-chrome or headless-shell on PATH)")
	fs.BoolVar(&o.noSandbox, "chrome-no-sandbox", os.Getenv("WEBGRAPH_CHROME_NO_SANDBOX") == "1", "start the browser without its sandbox, as an unprivileged user in a container needs (default $WEBGRAPH_CHROME_NO_SANDBOX=1)")
	fs.StringSliceVar(&o.browserURL, "browser-url", nil, "use the running Chrome at `URL` instead of starting one: ws://host:port/devtools/browser/… or http://host:9222 (repeatable or comma-separated: the tabs are spread over them)")
	fs.DurationVar(&o.timeout, "timeout", 20*time.Second, "time limit for one fetch, per side, a `DURATION`")
	fs.Int64Var(&o.maxBody, "max-body", plain.DefaultMaxBody, "read at most `N` bytes per response; a longer page is kept truncated with a warning")
	fs.StringVar(&o.proxy, "proxy", "", "send every request through the proxy at `URL`, http://, https:// or socks5:// (both sides, robots.txt, sitemaps and link checks; default: $HTTPS_PROXY, $HTTP_PROXY and $NO_PROXY)")
	o.creds.register(fs)
}

func (o *fetchOptions) identity() policy.Identity {
	return policy.Identity{Version: version, Contact: o.contact}
}

// validate checks the options before anything is fetched.
func (o *fetchOptions) validate() error {
	if _, err := union.ParseMode(o.mode); err != nil {
		return usagef("%v", err)
	}
	if o.timeout <= 0 {
		return usagef("--timeout must be positive")
	}
	if o.maxBody <= 0 {
		return usagef("--max-body must be positive")
	}
	if err := o.creds.parse(); err != nil {
		return err
	}
	return o.parseProxy()
}

// parseProxy checks --proxy. Its user and password, if any, are never shown.
func (o *fetchOptions) parseProxy() error {
	if o.proxy == "" {
		return nil
	}
	u, err := url.Parse(o.proxy)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "socks5") {
		return usagef("--proxy: want http://host:port, https://host:port or socks5://host:port")
	}
	if len(o.browserURL) > 0 && o.mode != "plain" {
		return usagef("--proxy cannot be applied to a running browser (--browser-url): start that browser with --proxy-server, or use --mode plain")
	}
	o.proxyURL = u
	return nil
}

// newUnion builds the union fetcher the options ask for, starting a browser
// only when the mode renders. close releases everything it started. Call
// validate first.
func (o *fetchOptions) newUnion() (u *union.Union, close func(), err error) {
	mode, err := union.ParseMode(o.mode)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	ua := o.identity().UserAgent()
	u = &union.Union{Mode: mode}
	var closers []func()
	close = func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	if o.transport != nil {
		closers = append(closers, o.transport.CloseIdleConnections) // last: robots.txt and the gate use it too
	}
	if mode != union.ModeRendered {
		p := plain.New(plain.Config{UserAgent: ua, Timeout: o.timeout, MaxBody: o.maxBody, Gate: o.gate, KeepExchange: o.archive || o.pictures != nil,
			Credentials: o.creds.header, CredentialsFor: o.approvedOrigin, Proxy: o.proxyURL, Transport: o.transport})
		closers = append(closers, p.Close)
		u.Plain = p
	}
	if mode != union.ModePlain {
		r, err := rendered.New(rendered.Config{ExecPath: o.chrome, NoSandbox: o.noSandbox, BrowserURLs: o.browserURL, UserAgent: ua, Timeout: o.timeout, MaxText: int(o.maxBody), Tabs: o.tabs, Gate: o.gate, KeepDOM: o.archive, Pictures: o.pictures,
			Credentials: o.creds.header, CredentialsFor: o.approvedOrigin, Proxy: o.proxyURL})
		if err != nil {
			close()
			var pe *rendered.ProxyError
			if errors.As(err, &pe) {
				return nil, nil, usagef("--proxy %s", pe.Reason)
			}
			return nil, nil, err
		}
		closers = append(closers, func() { r.Close() })
		u.Rendered = r
	}
	return u, close, nil
}

// parseFlags parses args for a command that takes exactly one URL.
func parseFlags(fs *pflag.FlagSet, args []string) (*url.URL, error) {
	if err := parseCommandFlags(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() != 1 {
		return nil, usagef("%s takes one URL, got %d arguments", fs.Name(), fs.NArg())
	}
	return parseURL(fs.Arg(0))
}

// parseURL accepts an absolute http(s) URL.
func parseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, usagef("bad URL %q: %v", s, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, usagef("bad URL %q: want an absolute http:// or https:// URL", s)
	}
	return u, nil
}

// newGate builds the gate every request of the command passes: scope,
// robots.txt (off under --no-robots, said on stderr) and a throttle spacing
// requests to one host by interval. The fetchers built afterwards by
// newUnion ask it.
func (o *fetchOptions) newGate(scope *policy.Scope, interval time.Duration, stderr io.Writer) *policy.Gate {
	o.transport = policy.NewTransport(o.proxyURL)
	var robots *policy.RobotsClient
	if o.noRobots {
		for _, w := range policy.OffPolicy("", policy.AgentToken).Warnings {
			fmt.Fprintln(stderr, "webgraph: warning:", w)
		}
	} else {
		robots = policy.NewRobotsClient(policy.AgentToken, o.identity().UserAgent(), o.transport)
		robots.Timeout = o.timeout
		robots.Shared = o.sharedRobots
	}
	o.gate = policy.NewGate(policy.GateConfig{Scope: scope, Robots: robots, Throttle: policy.NewThrottle(interval, nil),
		UserAgent: o.identity().UserAgent(), Timeout: o.timeout, Proxy: o.proxyURL, Transport: o.transport})
	return o.gate
}

// pageGate is newGate for a command that fetches one page: its origin is
// the scope, and the page's own answer is asked at once.
func (o *fetchOptions) pageGate(ctx context.Context, target *url.URL, stderr io.Writer) policy.Answer {
	scope, err := policy.NewScope([]*url.URL{target}, nil, nil, nil, nil)
	if err != nil {
		return policy.Answer{Denied: &fetch.Denied{URL: target.String(), Cause: fetch.DeniedOutOfScope, Reason: err.Error()}}
	}
	return o.newGate(scope, 0, stderr).Ask(ctx, target, policy.Page)
}

func warnIdentity(stderr io.Writer, id policy.Identity) {
	for _, w := range id.Warnings() {
		fmt.Fprintln(stderr, "webgraph: warning:", w)
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, strings.TrimSuffix(word, "s"))
}
