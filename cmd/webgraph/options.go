package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/settings"
)

// fetcher is what a command's fetch settings make before anything is
// fetched: the TLS configuration (its --ca-cert files read), the proxy
// and the operator's credentials. It is built once by newFetcher and never
// changed; withGate builds the gate on it, and the gate's union of both
// sides is built from that (gated.newUnion).
type fetcher struct {
	s       settings.Fetch
	proxy   *url.URL    // nil: the environment's proxy
	tls     *tls.Config // nil: the system's roots
	caCerts []*x509.Certificate
	// creds are --header and --cookie (Cookie holding every cookie);
	// nil when none was given.
	creds  http.Header
	stderr io.Writer // where the command's notes go
}

// newFetcher reads the fetch settings of cfg (checked by Validate) into a
// fetcher: the --ca-cert files, the TLS configuration, the proxy and the
// credentials.
func newFetcher(s settings.Fetch, sec settings.Secrets, proxy string, stderr io.Writer) (*fetcher, error) {
	f := &fetcher{s: s, stderr: stderr}
	certs, err := policy.LoadCACerts(s.CACert)
	if err != nil {
		return nil, usagef("--ca-cert %v", err)
	}
	f.caCerts = certs
	if f.tls, err = policy.TLSConfig(certs, s.Insecure); err != nil {
		return nil, err
	}
	if proxy != "" {
		if f.proxy, err = settings.ProxyURL(proxy); err != nil {
			return nil, usagef("%v", err)
		}
	}
	if f.creds, err = settings.Credentials(sec); err != nil {
		return nil, usagef("%v", err)
	}
	return f, nil
}

// fetcherOf is newFetcher for a command's Config.
func fetcherOf(cfg *settings.Config, stderr io.Writer) (*fetcher, error) {
	return newFetcher(cfg.Settings.Fetch, cfg.Secrets, cfg.Proxy(), stderr)
}

func (f *fetcher) identity() policy.Identity {
	return policy.Identity{Version: version, Contact: f.s.Contact}
}

// credentialNames returns the names of the credential headers, sorted:
// what a seed_redirect event says a joined origin will not get. Never the
// values.
func (f *fetcher) credentialNames() []string {
	out := slices.Collect(maps.Keys(f.creds))
	slices.Sort(out)
	return out
}

// tlsFlags are --ca-cert and --insecure for the commands that fetch without
// the fetch settings (robots, sitemaps).
type tlsFlags struct {
	caFiles  []string
	insecure bool
}

func (t *tlsFlags) register(fs *pflag.FlagSet) {
	fs.StringArrayVar(&t.caFiles, "ca-cert", nil, "also trust the CA certificates in the PEM `FILE`, besides the system's roots, on both sides (repeatable)")
	fs.BoolVar(&t.insecure, "insecure", false, "accept any TLS certificate on both sides (loudly reported; the default verifies them)")
}

// insecureWarning is said on stderr and in the run event under --insecure;
// each page's sides say it in the page's warnings.
const insecureWarning = "TLS certificates are NOT verified (--insecure) for the sites crawled: any server can stand in for them, on both sides; other hosts (link checks, a page's requests elsewhere) are verified"

// tlsReport says how servers' certificates are checked, for the run
// event; empty for the system's roots alone.
func (f *fetcher) tlsReport() string {
	switch {
	case f.s.Insecure:
		return "OFF (--insecure)"
	case len(f.s.CACert) > 0:
		return "system roots and --ca-cert " + strings.Join(f.s.CACert, ", ")
	}
	return ""
}

// tlsWarnings are what the run event and stderr say of --insecure and
// --ca-cert.
func (f *fetcher) tlsWarnings() []string {
	var ws []string
	if f.s.Insecure {
		ws = append(ws, insecureWarning)
		switch {
		case f.s.Mode == union.ModePlain:
		case len(f.s.BrowserURL) > 0:
			ws = append(ws, "--insecure with --browser-url: the running browser is told to ignore certificate errors while webgraph is connected (a browser-wide setting: every host, and its other tabs too)")
		case f.proxy != nil:
			ws = append(ws, "--insecure with --proxy: the browser's connections are the proxy's to make, so it is told to ignore certificate errors for every host")
		}
		return ws
	}
	if len(f.caCerts) > 0 && len(f.s.BrowserURL) > 0 && f.s.Mode != union.ModePlain {
		spki := make([]string, len(f.caCerts))
		for i, c := range f.caCerts {
			spki[i] = policy.SPKIHash(c)
		}
		ws = append(ws, "--ca-cert cannot be added to a running browser's trust (--browser-url): the plain side trusts it, the browser only what its own store does; "+
			"start that browser with --ignore-certificate-errors-spki-list="+strings.Join(spki, ",")+" (which Chromium matches only when the server sends that certificate in its chain), or trust the CA in its NSS store")
	}
	return ws
}

// browserInsecure reports whether the browser must be told to accept any
// certificate from every host (--insecure where its own keys cannot be
// pinned: a running browser, or one whose connections a proxy makes).
func (f *fetcher) browserInsecure() bool {
	return f.s.Insecure && (len(f.s.BrowserURL) > 0 || f.proxy != nil)
}

// gated is a fetcher with its gate, which every request of the command
// passes, and the transport the gate, robots.txt and the plain side share.
type gated struct {
	*fetcher
	gate      *policy.Gate
	transport *http.Transport
}

// withGate builds the gate every request of the command passes: scope,
// robots.txt (off under --no-robots, said on stderr; shared by the workers
// of a shared crawl when shared is set) and a throttle spacing requests to
// one host by interval.
func (f *fetcher) withGate(ctx context.Context, scope *policy.Scope, interval time.Duration, shared policy.SharedRobots) *gated {
	g := &gated{fetcher: f, transport: policy.NewTransportTLS(f.proxy, f.tls)}
	for _, w := range f.tlsWarnings() {
		fmt.Fprintln(f.stderr, "webgraph: warning:", w)
	}
	var robots *policy.RobotsClient
	if f.s.NoRobots {
		for _, w := range policy.OffPolicy("", policy.AgentToken).Warnings {
			fmt.Fprintln(f.stderr, "webgraph: warning:", w)
		}
	} else {
		robots = policy.NewRobotsClient(policy.AgentToken, f.identity().UserAgent(), g.transport)
		robots.Timeout = f.s.Timeout
		robots.Shared = shared
	}
	network, _ := ctx.Value(networkKey{}).(*policy.Network) // nil but in tests
	block := f.s.BlockPrivate == settings.BlockPrivateOn
	if f.s.BlockPrivate == settings.BlockPrivateAuto {
		// A crawl of a public site has no business on a private network;
		// one of an intranet or a loopback test site does. The origins
		// the operator named decide, never one a redirect joined.
		ctx, cancel := context.WithTimeout(ctx, f.s.Timeout)
		block = policy.AllPublic(ctx, network, scope.NamedOrigins())
		cancel()
	}
	g.gate = policy.NewGate(policy.GateConfig{Scope: scope, Robots: robots, Throttle: newThrottle(ctx, interval),
		UserAgent: f.identity().UserAgent(), Timeout: f.s.Timeout, Proxy: f.proxy, Transport: g.transport, BlockPrivate: block, Network: network})
	return g
}

// networkKey is the context key of a *policy.Network that tests give run, so
// that a site on loopback can stand for one on the internet (see
// policy.Network). Nothing on the command line reaches it.
type networkKey struct{}

// pageGate is withGate for a command that fetches one page: its origin is
// the scope, and the page's own answer is asked at once.
func (f *fetcher) pageGate(ctx context.Context, target *url.URL) (*gated, policy.Answer) {
	scope, err := policy.NewScope([]*url.URL{target}, nil, nil, nil, nil)
	if err != nil {
		return nil, policy.Answer{Denied: &fetch.Denied{URL: target.String(), Cause: fetch.DeniedOutOfScope, Reason: err.Error()}}
	}
	g := f.withGate(ctx, scope, 0, nil)
	return g, g.gate.Ask(ctx, target, policy.Page)
}

// approvedOrigin reports whether u may receive the operator's credentials:
// an origin the operator named (a seed as typed, --origin), never one a
// seed's redirect joined, and not a URL --exclude names (a page's own
// fetch('/logout') goes without them).
func (g *gated) approvedOrigin(u *url.URL) bool {
	return g.gate.Scope().Named(u) && !g.gate.Scope().Excluded(u)
}

// joinSeedsEarly follows each seed's redirects before the browser starts
// when the browser must be told which servers' keys to trust (--ca-cert or
// --insecure on a browser webgraph starts): an origin a seed's redirect lands on then
// joins in time for browserTrust to verify its key. Elsewhere it does
// nothing; the seed's own fetch approves such an origin. It returns the
// joins, for the crawl to say and record.
func (g *gated) joinSeedsEarly(ctx context.Context, seeds []*url.URL) []*crawl.SeedRedirectEvent {
	if (len(g.caCerts) == 0 && !g.s.Insecure) || len(g.s.BrowserURL) > 0 || g.s.Mode == union.ModePlain {
		return nil
	}
	var evs []*crawl.SeedRedirectEvent
	for _, seed := range seeds {
		_, joins, _ := g.gate.FollowSeed(ctx, seed, crawl.MaxSeedJoins)
		for _, j := range joins {
			evs = append(evs, &crawl.SeedRedirectEvent{Event: crawl.EventSeedRedirect, Seed: seed.String(), Origin: j.Origin,
				Hops: []fetch.Redirect{{From: j.Hop.From, To: j.Hop.To}}, CredentialsWithheld: g.credentialNames()})
		}
	}
	return evs
}

// browserTrust returns the public keys a browser webgraph starts is to
// accept whatever their certificates say, each https origin in scope's own:
//
//   - under --insecure, the key each presents, unverified: the browser then
//     accepts any certificate from the sites crawled and verifies every
//     other host (browserInsecure says when it cannot be told so);
//   - with --ca-cert, each --ca-cert certificate's key and, since Chromium
//     matches them only against the chain a server sends (a root is seldom
//     sent), each origin's own key once verified here by the system's roots
//     and --ca-cert.
//
// An origin whose key cannot be read (or verified) is said on stderr and
// left out: the browser will refuse it as the plain side does.
func (g *gated) browserTrust(ctx context.Context) []string {
	if (len(g.caCerts) == 0 && !g.s.Insecure) || len(g.s.BrowserURL) > 0 || g.browserInsecure() {
		return nil
	}
	var spki []string
	for _, c := range g.caCerts {
		spki = append(spki, policy.SPKIHash(c))
	}
	if g.proxy != nil {
		return spki // through a proxy, the browser's TLS is not this process's to try
	}
	tc, flag := g.tls, "--ca-cert"
	if g.s.Insecure {
		tc, flag = &tls.Config{InsecureSkipVerify: true}, "--insecure"
	}
	for _, origin := range g.gate.Scope().Origins() {
		u, err := url.Parse(origin)
		if err != nil || u.Scheme != "https" {
			continue
		}
		port := u.Port()
		if port == "" {
			port = "443"
		}
		key, err := policy.LeafSPKI(ctx, tc, net.JoinHostPort(u.Hostname(), port))
		if err != nil {
			fmt.Fprintf(g.stderr, "webgraph: warning: %s: the browser is not told to trust %s: %v\n", flag, origin, err)
			continue
		}
		spki = append(spki, key)
	}
	return spki
}

// insecureRendered is the rendered side under --insecure with the origins'
// own keys pinned (browserTrust): it says on each page, as the browser
// told to accept any certificate would, that the sites' certificates were
// not verified.
type insecureRendered struct{ *rendered.Fetcher }

// Fetch is rendered.Fetcher's, with rendered.InsecureWarning said.
func (r insecureRendered) Fetch(ctx context.Context, u *url.URL) (*fetch.Side, error) {
	s, err := r.Fetcher.Fetch(ctx, u)
	if s != nil {
		s.Warnings = append([]string{rendered.InsecureWarning}, s.Warnings...)
	}
	return s, err
}

// unionUse is what a command asks of its union beyond the fetch settings.
type unionUse struct {
	tabs     int                // browser tabs; 0: the rendered default
	archive  bool               // keep each side's exchange and DOM for a WARC archive
	content  bool               // hand each kept page's document over to the content extractor (--keep content)
	pictures *rendered.Pictures // take pictures (--screenshots, compare --html); nil: none
	// memoryLimit recycles the browser past this many bytes of PSS
	// (--browser-memory); 0: never.
	memoryLimit int64
}

// newUnion builds the union fetcher the settings ask for, asking the gate,
// starting a browser only when the mode renders. close releases everything
// it started.
func (g *gated) newUnion(ctx context.Context, use unionUse) (u *union.Union, close func(), err error) {
	mode := g.s.Mode
	ua := g.identity().UserAgent()
	u = &union.Union{Mode: mode, HashRoutes: g.s.HashRoutes}
	var closers []func()
	close = func() {
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	closers = append(closers, g.transport.CloseIdleConnections) // last: robots.txt and the gate use it too
	if mode != union.ModeRendered {
		p := plain.New(plain.Config{UserAgent: ua, Timeout: g.s.Timeout, MaxBody: g.s.MaxBody, Gate: g.gate, KeepExchange: use.archive || use.pictures != nil, KeepHTML: use.content, TLS: g.tls, Insecure: g.s.Insecure,
			Credentials: g.creds, CredentialsFor: g.approvedOrigin, Proxy: g.proxy, Transport: g.transport})
		closers = append(closers, p.Close)
		u.Plain = p
	}
	if mode != union.ModePlain {
		r, err := rendered.New(rendered.Config{ExecPath: g.s.Chrome, NoSandbox: g.s.ChromeNoSandbox, BrowserURLs: g.s.BrowserURL, UserAgent: ua, Timeout: g.s.Timeout, MaxText: int(g.s.MaxBody), Tabs: use.tabs, Gate: g.gate, KeepDOM: use.archive || use.content, Archive: archiveResources(use.archive, g.s.MaxBody), Pictures: use.pictures, Viewport: g.s.Viewport, MemoryLimit: use.memoryLimit,
			Credentials: g.creds, CredentialsFor: g.approvedOrigin, Proxy: g.proxy, TrustSPKI: g.browserTrust(ctx), Insecure: g.browserInsecure()})
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
		if g.s.Insecure && !g.browserInsecure() {
			u.Rendered = insecureRendered{r}
		}
	}
	return u, close, nil
}

// parseFlags parses args for a command that takes exactly one URL, typed
// as people type it (see parseSeed).
func parseFlags(fs *pflag.FlagSet, args []string, stderr io.Writer) (*url.URL, error) {
	if err := parseCommandFlags(fs, args); err != nil {
		return nil, err
	}
	return urlArg(fs, stderr)
}

// urlArg returns the one URL argument of the parsed fs, as parseFlags does.
func urlArg(fs *pflag.FlagSet, stderr io.Writer) (*url.URL, error) {
	if fs.NArg() != 1 {
		return nil, usagef("%s takes one URL, got %d arguments", fs.Name(), fs.NArg())
	}
	seed, err := parseSeed(fs.Arg(0))
	if err != nil {
		return nil, err
	}
	sayAssumed(stderr, seed)
	return seed.URL, nil
}

// parseSeed accepts an absolute http(s) URL, or a host as people type it
// (example.org, localhost:8080, example.org/docs), which becomes https://…
// (http:// on loopback); anything else is a usage error in words.
func parseSeed(s string) (policy.Seed, error) {
	seed, err := policy.ParseSeed(s)
	if err != nil {
		return seed, usagef("%v", err)
	}
	return seed, nil
}

// parseURL is parseSeed's URL.
func parseURL(s string) (*url.URL, error) {
	seed, err := parseSeed(s)
	return seed.URL, err
}

// sayAssumed says, once, the URL a seed typed without a scheme was taken as.
func sayAssumed(stderr io.Writer, seed policy.Seed) {
	if seed.Assumed {
		fmt.Fprintf(stderr, "webgraph: %s taken as %s\n", safetext.Clean(seed.Typed), safetext.Clean(seed.URL.String()))
	}
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
