package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
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
)

// fetchOptions are the flags every fetching command shares.
type fetchOptions struct {
	noRobots   bool
	mode       union.Mode // as typed: validate checks it names a mode
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
	content      bool         // hand each kept page's document to the content extractor (--keep content)
	gate         *policy.Gate // asked before every request; set by newGate
	stderr       io.Writer    // where the command's notes go; set by newGate
	// transport carries every plain HTTP request of the command: the
	// gate's, robots.txt's and the plain side's; set by newGate.
	transport *http.Transport
	creds     credentialFlags
	proxy     string   // --proxy as given
	proxyURL  *url.URL // parsed by validate; nil: the environment's proxy
	// hashRoutes takes hash routes (#/lamps, #!/about) as pages of their
	// own, rendered alone (--hash-routes).
	hashRoutes bool
	caFiles    []string // --ca-cert as given
	insecure   bool
	tls        *tls.Config         // set by validate; nil: the system's roots
	caCerts    []*x509.Certificate // read from caFiles by validate
	// blockPrivate is --block-private: auto, on or off.
	blockPrivate string

	pictures *rendered.Pictures // take pictures (--screenshots, compare --html); nil: none

	viewport    string            // --viewport as given
	viewportVal rendered.Viewport // parsed by validate
}

func (o *fetchOptions) register(fs *pflag.FlagSet) {
	fs.StringVar((*string)(&o.mode), "mode", string(union.ModeUnion), "which sides fetch, `MODE`: union, plain or rendered")
	fs.BoolVar(&o.noRobots, "no-robots", false, "do not ask robots.txt (loudly reported; the default obeys it)")
	fs.StringVar(&o.contact, "contact", os.Getenv("WEBGRAPH_CONTACT"), "operator `CONTACT` (URL or e-mail), sent in the User-Agent (default $WEBGRAPH_CONTACT)")
	fs.StringVar(&o.chrome, "chrome", "", "the Chrome or Chromium at `PATH` to start (default: chromium, chromium-browser, google-chrome or headless-shell on PATH)")
	fs.BoolVar(&o.noSandbox, "chrome-no-sandbox", os.Getenv("WEBGRAPH_CHROME_NO_SANDBOX") == "1", "start the browser without its sandbox, as an unprivileged user in a container needs (default $WEBGRAPH_CHROME_NO_SANDBOX=1)")
	fs.StringSliceVar(&o.browserURL, "browser-url", nil, "use the running Chrome at `URL` instead of starting one: ws://host:port/devtools/browser/… or http://host:9222 (repeatable or comma-separated: the tabs are spread over them)")
	fs.DurationVar(&o.timeout, "timeout", 20*time.Second, "time limit for one fetch, per side, a `DURATION`")
	fs.Int64Var(&o.maxBody, "max-body", plain.DefaultMaxBody, "read at most `N` bytes per response; a longer page is kept truncated with a warning")
	fs.StringVar(&o.proxy, "proxy", "", "send every request through the proxy at `URL`, http://, https:// or socks5:// (both sides, robots.txt, sitemaps and link checks; default: $HTTPS_PROXY, $HTTP_PROXY and $NO_PROXY)")
	o.registerTLS(fs)
	fs.StringVar(&o.blockPrivate, "block-private", "auto", "refuse every request to a host you did not name (link checks, a page's requests, where a seed redirects) that resolves to a private, loopback or link-local address: on, off, or `auto` (on when every origin you named is public)")
	o.creds.register(fs)
	fs.StringVar(&o.viewport, "viewport", rendered.DefaultViewport.String(), "lay pages out in a browser window of `WIDTHxHEIGHT` CSS pixels, every tab alike (each side from 240 to 3840)")
	fs.BoolVar(&o.hashRoutes, "hash-routes", false, "take #/path and #!/path links (hash-routed apps: docsify, AngularJS) as pages of their own, rendered by the browser alone (default: every #fragment is dropped)")
}

func (o *fetchOptions) identity() policy.Identity {
	return policy.Identity{Version: version, Contact: o.contact}
}

// validate checks the options before anything is fetched.
func (o *fetchOptions) validate() error {
	if _, err := union.ParseMode(string(o.mode)); err != nil {
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
	v, err := parseViewport(o.viewport)
	if err != nil {
		return err
	}
	o.viewportVal = v
	if o.hashRoutes && o.mode == union.ModePlain {
		return usagef("--hash-routes needs the browser: a server never sees a #fragment, so --mode plain cannot fetch a hash route")
	}
	if err := o.parseTLS(); err != nil {
		return err
	}
	switch o.blockPrivate {
	case "auto", "on", "off":
	default:
		return usagef("--block-private must be auto, on or off")
	}
	return o.parseProxy()
}

// parseViewport reads --viewport: WIDTHxHEIGHT in CSS pixels, each side
// within rendered's bounds.
func parseViewport(s string) (rendered.Viewport, error) {
	w, h, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	width, werr := strconv.Atoi(w)
	height, herr := strconv.Atoi(h)
	if !ok || werr != nil || herr != nil {
		return rendered.Viewport{}, usagef("--viewport %q: want WIDTHxHEIGHT in CSS pixels, such as %s", s, rendered.DefaultViewport)
	}
	v := rendered.Viewport{Width: width, Height: height}
	if err := v.Check(); err != nil {
		var ve *rendered.ViewportError
		if errors.As(err, &ve) {
			return v, usagef("--viewport %s: %s", v, ve.Reason)
		}
		return v, usagef("--viewport %v", err)
	}
	return v, nil
}

// registerTLS adds --ca-cert and --insecure, which every command that
// fetches takes.
func (o *fetchOptions) registerTLS(fs *pflag.FlagSet) {
	fs.StringArrayVar(&o.caFiles, "ca-cert", nil, "also trust the CA certificates in the PEM `FILE`, besides the system's roots, on both sides (repeatable)")
	fs.BoolVar(&o.insecure, "insecure", false, "accept any TLS certificate on both sides (loudly reported; the default verifies them)")
}

// insecureWarning is said on stderr and in the run event under --insecure;
// each page's sides say it in the page's warnings.
const insecureWarning = "TLS certificates are NOT verified (--insecure) for the sites crawled: any server can stand in for them, on both sides; other hosts (link checks, a page's requests elsewhere) are verified"

// parseTLS reads --ca-cert's files and builds the TLS configuration of
// every plain request.
func (o *fetchOptions) parseTLS() error {
	certs, err := policy.LoadCACerts(o.caFiles)
	if err != nil {
		return usagef("--ca-cert %v", err)
	}
	o.caCerts = certs
	if o.tls, err = policy.TLSConfig(certs, o.insecure); err != nil {
		return err
	}
	return nil
}

// tlsReport says how servers' certificates are checked, for the run
// event; empty for the system's roots alone.
func (o *fetchOptions) tlsReport() string {
	switch {
	case o.insecure:
		return "OFF (--insecure)"
	case len(o.caFiles) > 0:
		return "system roots and --ca-cert " + strings.Join(o.caFiles, ", ")
	}
	return ""
}

// tlsWarnings are what the run event and stderr say of --insecure and
// --ca-cert.
func (o *fetchOptions) tlsWarnings() []string {
	var ws []string
	if o.insecure {
		ws = append(ws, insecureWarning)
		switch {
		case o.mode == union.ModePlain:
		case len(o.browserURL) > 0:
			ws = append(ws, "--insecure with --browser-url: the running browser is told to ignore certificate errors while webgraph is connected (a browser-wide setting: every host, and its other tabs too)")
		case o.proxyURL != nil:
			ws = append(ws, "--insecure with --proxy: the browser's connections are the proxy's to make, so it is told to ignore certificate errors for every host")
		}
		return ws
	}
	if len(o.caCerts) > 0 && len(o.browserURL) > 0 && o.mode != union.ModePlain {
		spki := make([]string, len(o.caCerts))
		for i, c := range o.caCerts {
			spki[i] = policy.SPKIHash(c)
		}
		ws = append(ws, "--ca-cert cannot be added to a running browser's trust (--browser-url): the plain side trusts it, the browser only what its own store does; "+
			"start that browser with --ignore-certificate-errors-spki-list="+strings.Join(spki, ",")+" (which Chromium matches only when the server sends that certificate in its chain), or trust the CA in its NSS store")
	}
	return ws
}

// joinSeedsEarly follows each seed's redirects before the browser starts
// when the browser must be told which servers' keys to trust (--ca-cert or
// --insecure on a browser webgraph starts): an origin a seed's redirect lands on then
// joins in time for browserTrust to verify its key. Elsewhere it does
// nothing; the seed's own fetch approves such an origin. It returns the
// joins, for the crawl to say and record.
func (o *fetchOptions) joinSeedsEarly(ctx context.Context, seeds []*url.URL) []*crawl.SeedRedirectEvent {
	if (len(o.caCerts) == 0 && !o.insecure) || len(o.browserURL) > 0 || o.gate == nil || o.mode == union.ModePlain {
		return nil
	}
	var evs []*crawl.SeedRedirectEvent
	for _, seed := range seeds {
		_, joins, _ := o.gate.FollowSeed(ctx, seed, crawl.MaxSeedJoins)
		for _, j := range joins {
			evs = append(evs, &crawl.SeedRedirectEvent{Event: crawl.EventSeedRedirect, Seed: seed.String(), Origin: j.Origin,
				Hops: []fetch.Redirect{{From: j.Hop.From, To: j.Hop.To}}, CredentialsWithheld: o.creds.names()})
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
func (o *fetchOptions) browserTrust(ctx context.Context) []string {
	if (len(o.caCerts) == 0 && !o.insecure) || len(o.browserURL) > 0 || o.browserInsecure() {
		return nil
	}
	var spki []string
	for _, c := range o.caCerts {
		spki = append(spki, policy.SPKIHash(c))
	}
	if o.gate == nil || o.stderr == nil || o.proxyURL != nil {
		return spki // through a proxy, the browser's TLS is not this process's to try
	}
	tc, flag := o.tls, "--ca-cert"
	if o.insecure {
		tc, flag = &tls.Config{InsecureSkipVerify: true}, "--insecure"
	}
	for _, origin := range o.gate.Scope().Origins() {
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
			fmt.Fprintf(o.stderr, "webgraph: warning: %s: the browser is not told to trust %s: %v\n", flag, origin, err)
			continue
		}
		spki = append(spki, key)
	}
	return spki
}

// browserInsecure reports whether the browser must be told to accept any
// certificate from every host (--insecure where its own keys cannot be
// pinned: a running browser, or one whose connections a proxy makes).
func (o *fetchOptions) browserInsecure() bool {
	return o.insecure && (len(o.browserURL) > 0 || o.proxyURL != nil)
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

// parseProxy checks --proxy. Its user and password, if any, are never shown.
func (o *fetchOptions) parseProxy() error {
	if o.proxy == "" {
		return nil
	}
	u, err := url.Parse(o.proxy)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "socks5") {
		return usagef("--proxy: want http://host:port, https://host:port or socks5://host:port")
	}
	if len(o.browserURL) > 0 && o.mode != union.ModePlain {
		return usagef("--proxy cannot be applied to a running browser (--browser-url): start that browser with --proxy-server, or use --mode plain")
	}
	o.proxyURL = u
	return nil
}

// newUnion builds the union fetcher the options ask for, starting a browser
// only when the mode renders. close releases everything it started. Call
// validate first.
func (o *fetchOptions) newUnion(ctx context.Context) (u *union.Union, close func(), err error) {
	mode, err := union.ParseMode(string(o.mode))
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	ua := o.identity().UserAgent()
	u = &union.Union{Mode: mode, HashRoutes: o.hashRoutes}
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
		p := plain.New(plain.Config{UserAgent: ua, Timeout: o.timeout, MaxBody: o.maxBody, Gate: o.gate, KeepExchange: o.archive || o.pictures != nil, KeepHTML: o.content, TLS: o.tls, Insecure: o.insecure,
			Credentials: o.creds.header, CredentialsFor: o.approvedOrigin, Proxy: o.proxyURL, Transport: o.transport})
		closers = append(closers, p.Close)
		u.Plain = p
	}
	if mode != union.ModePlain {
		r, err := rendered.New(rendered.Config{ExecPath: o.chrome, NoSandbox: o.noSandbox, BrowserURLs: o.browserURL, UserAgent: ua, Timeout: o.timeout, MaxText: int(o.maxBody), Tabs: o.tabs, Gate: o.gate, KeepDOM: o.archive || o.content, Archive: o.archiveResources(), Pictures: o.pictures, Viewport: o.viewportVal,
			Credentials: o.creds.header, CredentialsFor: o.approvedOrigin, Proxy: o.proxyURL, TrustSPKI: o.browserTrust(ctx), Insecure: o.browserInsecure()})
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
		if o.insecure && !o.browserInsecure() {
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

// newGate builds the gate every request of the command passes: scope,
// robots.txt (off under --no-robots, said on stderr) and a throttle spacing
// requests to one host by interval. The fetchers built afterwards by
// newUnion ask it.
func (o *fetchOptions) newGate(ctx context.Context, scope *policy.Scope, interval time.Duration, stderr io.Writer) *policy.Gate {
	o.stderr = stderr
	o.transport = policy.NewTransportTLS(o.proxyURL, o.tls)
	for _, w := range o.tlsWarnings() {
		fmt.Fprintln(stderr, "webgraph: warning:", w)
	}
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
	network, _ := ctx.Value(networkKey{}).(*policy.Network) // nil but in tests
	block := o.blockPrivate == "on"
	if o.blockPrivate == "auto" || o.blockPrivate == "" {
		// A crawl of a public site has no business on a private network;
		// one of an intranet or a loopback test site does. The origins
		// the operator named decide, never one a redirect joined.
		ctx, cancel := context.WithTimeout(ctx, o.timeout)
		block = policy.AllPublic(ctx, network, scope.NamedOrigins())
		cancel()
	}
	o.gate = policy.NewGate(policy.GateConfig{Scope: scope, Robots: robots, Throttle: policy.NewThrottle(interval, nil),
		UserAgent: o.identity().UserAgent(), Timeout: o.timeout, Proxy: o.proxyURL, Transport: o.transport, BlockPrivate: block, Network: network})
	return o.gate
}

// networkKey is the context key of a *policy.Network that tests give run, so
// that a site on loopback can stand for one on the internet (see
// policy.Network). Nothing on the command line reaches it.
type networkKey struct{}

// pageGate is newGate for a command that fetches one page: its origin is
// the scope, and the page's own answer is asked at once.
func (o *fetchOptions) pageGate(ctx context.Context, target *url.URL, stderr io.Writer) policy.Answer {
	scope, err := policy.NewScope([]*url.URL{target}, nil, nil, nil, nil)
	if err != nil {
		return policy.Answer{Denied: &fetch.Denied{URL: target.String(), Cause: fetch.DeniedOutOfScope, Reason: err.Error()}}
	}
	return o.newGate(ctx, scope, 0, stderr).Ask(ctx, target, policy.Page)
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
