package policy

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// Purpose says why webgraph wants to request a URL; the gate applies the
// rules of that purpose (docs/design.md, "The gate").
type Purpose int

const (
	// Page is a URL popped from the frontier: scope and robots.txt. Its
	// throttle slot comes from the frontier's reservation (WaitSlot).
	Page Purpose = iota
	// Hop is a navigation of a page's main document (an HTTP redirect, a
	// meta refresh, a script navigation): scope and robots.txt, at every
	// hop; it rides on the page's slot.
	Hop
	// Subresource is any other request the browser makes for a page
	// (scripts, styles, XHR, iframes, workers) on any host: robots.txt of
	// that host only; it rides on the page's slot.
	Subresource
	// Sitemap is a sitemap document: approved origins only, robots.txt,
	// and a throttle slot of its own.
	Sitemap
	// Probe is a request for an in-scope URL that is not a page fetch (the
	// soft-404 probe, sitemaps --verify): scope, robots.txt, a slot of its
	// own.
	Probe
	// LinkCheck is a verification of a link target the crawl does not
	// fetch as a page, on any host: robots.txt and a slot of its own.
	LinkCheck
)

var purposeNames = [...]string{"page", "hop", "subresource", "sitemap", "probe", "link check"}

func (p Purpose) String() string { return purposeNames[p] }

// needsScope: which purposes must stay inside the approved origins/paths.
func (p Purpose) needsScope() bool { return p == Page || p == Hop || p == Probe }

// starts: which purposes start new work, refused after Stop. Hops and
// subresources belong to a page already on the wire, which finishes.
func (p Purpose) starts() bool { return p != Hop && p != Subresource }

// ownSlot: which purposes take a throttle slot of their own.
func (p Purpose) ownSlot() bool { return p == Sitemap || p == Probe || p == LinkCheck }

// GateConfig configures a Gate.
type GateConfig struct {
	// Scope says which URLs may be fetched as pages. Required.
	Scope *Scope
	// Robots asks robots.txt. Nil means robots.txt is off (--no-robots):
	// every URL is allowed by it, and that is said in the run summary.
	Robots *RobotsClient
	// Throttle spaces requests per host. Nil means no spacing.
	Throttle *Throttle
	// UserAgent is sent with the gate's own requests (Do).
	UserAgent string
	// Timeout bounds one request made through Do, redirects included. Zero
	// means DefaultRobotsTimeout.
	Timeout time.Duration
	// MaxRedirects bounds the hops Do follows. Zero means 10.
	MaxRedirects int
	// Transport carries Do's requests; nil means a transport of the gate's
	// own (NewTransport of Proxy).
	Transport http.RoundTripper
	// Proxy, when set and Transport is nil, carries every request Do makes;
	// nil means the environment's proxy (HTTP_PROXY, HTTPS_PROXY, NO_PROXY).
	Proxy *url.URL
	// BlockPrivate refuses every request to a host the operator did not
	// name (Scope.Named, with the named host's twin on the other default
	// port) whose name resolves to a private, loopback or link-local
	// address (PrivateAddr): a link check, a page's subresource, a
	// redirect hop of either, a seed redirect's landing (which then does
	// not join) and a joined origin's pages. It is asked before scope and
	// robots.txt, with its own cause (fetch.DeniedPrivate), and checked
	// again on the address each connection of Transport goes to. The
	// named origins are the operator's choice and are never refused.
	BlockPrivate bool
	// Network says where hosts are, for BlockPrivate; nil is the system's
	// resolver. A seam for tests (see Network).
	Network *Network
}

// Gate is the one place every request webgraph causes is asked about before
// it goes on the wire: scope, robots.txt of the request's own origin, and the
// host's throttle, by Purpose. Its refusals are *fetch.Denied. After Stop no
// request is allowed and every wait ends. A Gate is safe for concurrent use;
// build it with NewGate.
type Gate struct {
	cfg     GateConfig
	client  *http.Client
	private privateHosts
	allowed *privateAllowed // who may be on a private network

	stopCtx context.Context // ends at Stop
	stop    context.CancelFunc
}

// NewGate returns a gate with cfg's rules.
func NewGate(cfg GateConfig) *Gate {
	if cfg.Scope == nil {
		cfg.Scope, _ = NewScope(nil, nil, nil, nil, nil)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultRobotsTimeout
	}
	if cfg.MaxRedirects <= 0 {
		cfg.MaxRedirects = 10
	}
	if cfg.Transport == nil {
		cfg.Transport = NewTransport(cfg.Proxy)
	}
	g := &Gate{cfg: cfg, private: privateHosts{net: cfg.Network}, allowed: newPrivateAllowed(cfg.Scope.NamedOrigins())}
	if t, ok := cfg.Transport.(*http.Transport); ok {
		if cfg.BlockPrivate || (cfg.Network != nil && cfg.Network.LookupHost != nil) {
			g.guardTransport(t)
		}
		if t.TLSClientConfig != nil && t.TLSClientConfig.InsecureSkipVerify {
			g.narrowInsecure(t) // after the guard: its dial is the guarded one
		}
	}
	if cfg.Robots != nil && cfg.Robots.Elsewhere == nil {
		cfg.Robots.Elsewhere = g.robotsElsewhere
	}
	g.stopCtx, g.stop = context.WithCancel(context.Background())
	g.client = &http.Client{Transport: cfg.Transport, Timeout: cfg.Timeout, CheckRedirect: g.checkRedirect}
	return g
}

// Scope returns the gate's scope.
func (g *Gate) Scope() *Scope { return g.cfg.Scope }

// Throttle returns the gate's throttle (nil: none).
func (g *Gate) Throttle() *Throttle { return g.cfg.Throttle }

// RobotsOff reports whether robots.txt is not asked (--no-robots).
func (g *Gate) RobotsOff() bool { return g.cfg.Robots == nil }

// Stop makes every later Ask that would start new work (a page, a sitemap,
// a probe, a link check) refuse with fetch.DeniedStopped, and ends every wait
// started through the gate. A page already on the wire may finish: its hops
// and subresources are still answered. It may be called more than once.
func (g *Gate) Stop() { g.stop() }

// Stopped is closed by Stop.
func (g *Gate) Stopped() <-chan struct{} { return g.stopCtx.Done() }

// ErrStopped is returned by waits that Stop ended.
var ErrStopped = errors.New("policy: the crawl is stopping: no new request starts")

// Context returns a context that ends with ctx or with Stop, for waits and
// requests that must end when the crawl stops.
func (g *Gate) Context(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(g.stopCtx, func() { cancel(ErrStopped) })
	return ctx, func() { stop(); cancel(context.Canceled) }
}

// Policy returns the robots.txt policy of u's origin (the "off" policy when
// robots.txt is off). A policy not yet known is fetched, after taking a
// throttle slot of that host. Whatever the purpose, the policy's
// Crawl-delay is recorded in the throttle for u's host as it is learned:
// every request the gate spaces to that host keeps it.
func (g *Gate) Policy(ctx context.Context, u *url.URL) *RobotsPolicy {
	if g.cfg.Robots == nil {
		return OffPolicy(Origin(u), AgentToken)
	}
	host := HostKey(u)
	if g.cfg.Throttle != nil && g.cfg.Robots.Cached(u) == nil {
		if err := g.cfg.Throttle.Wait(ctx, host); err != nil {
			// The wait ended with ctx: robots.txt was not asked, and
			// nothing may be fetched without it.
			return &RobotsPolicy{Origin: Origin(u), URL: Origin(u) + "/robots.txt", Agent: g.cfg.Robots.Agent, State: Unreachable,
				Reason: "not asked: " + err.Error(), Rules: []string{}, Sitemaps: []string{}}
		}
	}
	rp := g.cfg.Robots.Policy(ctx, u)
	g.noteCrawlDelay(host, rp)
	return rp
}

// noteCrawlDelay records rp's Crawl-delay for host in the throttle. A
// policy that says nothing of the rules (unreachable, no cached stand-in)
// leaves the last one known in place.
func (g *Gate) noteCrawlDelay(host string, rp *RobotsPolicy) {
	if g.cfg.Throttle == nil || rp == nil || rp.Deferred() {
		return
	}
	g.cfg.Throttle.SetOriginCrawlDelay(host, rp.Origin, rp.CrawlDelay)
}

// CrawlDelay reports what the Crawl-delay recorded for u's host means: a
// warning when it is above CrawlDelayWarn, and a *CrawlDelayError when it
// is above MaxCrawlDelay, in which case the gate refuses the host's sitemaps,
// probes and link checks (DeniedDeferred) and the crawl defers its pages.
func (g *Gate) CrawlDelay(u *url.URL) (warning string, err error) {
	if g.cfg.Throttle == nil {
		return "", nil
	}
	return g.cfg.Throttle.CrawlDelay(HostKey(u))
}

// Cached returns the robots.txt policy already known for u's origin, without
// asking the network: nil when none (or when robots.txt is off).
func (g *Gate) Cached(u *url.URL) *RobotsPolicy {
	if g.cfg.Robots == nil {
		return nil
	}
	return g.cfg.Robots.Cached(u)
}

// Remember takes robots.txt policies learned earlier (a resumed crawl's
// database), so they are not asked for again while fresh; their
// Crawl-delays are recorded in the throttle as if just read.
func (g *Gate) Remember(saved []*RobotsPolicy) {
	if g.cfg.Robots == nil {
		return
	}
	for _, p := range saved {
		g.cfg.Robots.Store(p)
		if u, err := url.Parse(p.Origin); err == nil && u.Host != "" {
			g.noteCrawlDelay(HostKey(u), p)
		}
	}
}

// Answer is the gate's answer for one request: nil Denied means it may go.
// Policy and Verdict say what robots.txt said (absent when not asked).
type Answer struct {
	Denied  *fetch.Denied
	Policy  *RobotsPolicy
	Verdict Verdict
}

// Err returns the refusal as an error, or nil.
func (a Answer) Err() error {
	if a.Denied == nil {
		return nil
	}
	return a.Denied
}

// Ask answers whether a request for u, for purpose p, may go on the wire:
// not after Stop, a URL under fetch.MaxURLBytes, http(s), in scope when p
// needs it, and allowed by robots.txt of u's own origin. Scope and
// robots.txt judge both u as it will be sent and u in normal form (escapes
// of unreserved characters decoded, dot-segments removed), which is what the
// server resolves: both must allow it. It does not take a
// throttle slot; Do and WaitSlot do.
func (g *Gate) Ask(ctx context.Context, u *url.URL, p Purpose) Answer {
	deny := func(cause fetch.DenialCause, reason string) Answer {
		return Answer{Denied: &fetch.Denied{URL: u.String(), Cause: cause, Reason: reason}}
	}
	if p.starts() && g.stopCtx.Err() != nil {
		return deny(fetch.DeniedStopped, "the crawl is stopping")
	}
	raw := u.String()
	if len(raw) > fetch.MaxURLBytes {
		return Answer{Denied: &fetch.Denied{URL: raw[:256] + "…", Cause: fetch.DeniedTooLong, Reason: fmt.Sprintf("URL of %d bytes, over the %d-byte cap", len(raw), fetch.MaxURLBytes)}}
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return deny(fetch.DeniedOutOfScope, "not an http(s) URL")
	}
	// A private network is asked about first, and said as such: a seed
	// redirect's hop refused for it must not join the scope.
	if g.cfg.BlockPrivate && !g.allowed.url(u) {
		if addr := g.private.private(ctx, u.Hostname()); addr != "" {
			return deny(fetch.DeniedPrivate, PrivateWords(u.Hostname(), addr))
		}
	}
	if p == Sitemap && !g.cfg.Scope.ApprovedOrigin(u) {
		return deny(fetch.DeniedOutOfScope, "sitemaps are fetched only from approved origins")
	}
	// Scope and robots.txt judge the URL the server will resolve as well
	// as the one sent: /ok/%2e%2e/private is /private to the server.
	judged := []*url.URL{u}
	if n, err := fetch.NormalizeURL(u); err == nil && n != raw {
		if nu, err := url.Parse(n); err == nil {
			judged = append(judged, nu)
		}
	}
	if p.needsScope() {
		for _, j := range judged {
			if sv := g.cfg.Scope.Judge(j); !sv.Allowed {
				return deny(fetch.DeniedOutOfScope, sv.Reason)
			}
		}
	}
	rp := g.Policy(ctx, u)
	if p.ownSlot() && g.cfg.Throttle != nil {
		if _, err := g.cfg.Throttle.CrawlDelay(HostKey(u)); err != nil {
			return Answer{Policy: rp, Denied: &fetch.Denied{URL: raw, Cause: fetch.DeniedDeferred, Reason: err.Error(), Err: err}}
		}
	}
	v := rp.Check(u)
	for _, j := range judged[1:] {
		if jv := rp.Check(j); v.Allowed && !jv.Allowed {
			v = jv
			v.URL = raw
		}
	}
	a := Answer{Policy: rp, Verdict: v}
	if v.Allowed {
		return a
	}
	if rp.Deferred() {
		a.Denied = &fetch.Denied{URL: raw, Cause: fetch.DeniedDeferred, Reason: v.Reason, Err: rp.Err}
		return a
	}
	reason := "robots.txt of " + rp.Origin + " disallows it"
	if v.Rule != "" {
		reason += " (" + describeGroup(v.Group) + ": " + v.Rule + ")"
	}
	a.Denied = &fetch.Denied{URL: raw, Cause: fetch.DeniedDisallowed, Reason: reason}
	return a
}

// PrivateWords says that --block-private refuses host, found at addr on a
// private network.
func PrivateWords(host, addr string) string {
	if host == addr {
		return fmt.Sprintf("%s is on a private network, and only the origins you named may be: --block-private refuses it", host)
	}
	return fmt.Sprintf("%s is on a private network (%s), and only the origins you named may be: --block-private refuses it", host, addr)
}

func describeGroup(g string) string {
	if g == "" {
		return "no group"
	}
	return "user-agent " + g
}

// Navigate answers a main-document hop (Purpose Hop). It satisfies the
// fetchers' Gate interfaces.
func (g *Gate) Navigate(ctx context.Context, u *url.URL) error { return g.Ask(ctx, u, Hop).Err() }

// Subresource answers a request the browser makes for a page (Purpose
// Subresource). It satisfies the rendered fetcher's Gate interface.
func (g *Gate) Subresource(ctx context.Context, u *url.URL) error {
	return g.Ask(ctx, u, Subresource).Err()
}

// WaitSlot waits for host's slot reserved at at (see Throttle.WaitReserved),
// ending early with the stop. Without a throttle it returns at once.
func (g *Gate) WaitSlot(ctx context.Context, host string, at time.Time) (release func(), err error) {
	if g.cfg.Throttle == nil {
		return func() {}, nil
	}
	ctx, cancel := g.Context(ctx)
	defer cancel()
	release, err = g.cfg.Throttle.WaitReserved(ctx, host, at)
	if err != nil && context.Cause(ctx) == ErrStopped {
		err = ErrStopped
	}
	return release, err
}

// Do sends one request for purpose p (Sitemap, Probe or LinkCheck) after
// asking the gate and taking a throttle slot of the request's host; each
// redirect hop is asked again (scope by purpose, robots.txt of the hop's own
// origin), and a hop to another host takes a slot there, while one on the
// same host rides on the first slot. A refusal comes back as an error
// wrapping *fetch.Denied; the response is the caller's to close.
func (g *Gate) Do(ctx context.Context, method string, u *url.URL, p Purpose, header http.Header) (*http.Response, error) {
	if a := g.Ask(ctx, u, p); a.Denied != nil {
		return nil, a.Denied
	}
	if g.cfg.Throttle != nil && p.ownSlot() {
		ctx2, cancel := g.Context(ctx)
		err := g.cfg.Throttle.Wait(ctx2, HostKey(u))
		cancel()
		if err != nil {
			return nil, fmt.Errorf("policy: waiting for %s's slot: %w", HostKey(u), err)
		}
	}
	req, err := http.NewRequestWithContext(withPurpose(ctx, p), method, u.String(), nil)
	if err != nil {
		return nil, err
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	req.Header.Set("User-Agent", g.cfg.UserAgent)
	return g.client.Do(req)
}

type purposeKey struct{}

func withPurpose(ctx context.Context, p Purpose) context.Context {
	return context.WithValue(ctx, purposeKey{}, p)
}

func (g *Gate) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= g.cfg.MaxRedirects {
		return fmt.Errorf("policy: more than %d redirects", g.cfg.MaxRedirects)
	}
	p, _ := req.Context().Value(purposeKey{}).(Purpose)
	hop := p
	if p == Probe {
		hop = Hop
	}
	from := via[len(via)-1].URL
	if a := g.Ask(req.Context(), req.URL, hop); a.Denied != nil {
		return &fetch.HopError{From: from.String(), To: req.URL.String(), Denied: a.Denied}
	}
	// A hop to another host is a request to that host: it takes a slot
	// there (its interval, its Crawl-delay) as the first request did.
	if host := HostKey(req.URL); g.cfg.Throttle != nil && p.ownSlot() && host != HostKey(from) {
		ctx, cancel := g.Context(req.Context())
		err := g.cfg.Throttle.Wait(ctx, host)
		cancel()
		if err != nil {
			return fmt.Errorf("policy: waiting for %s's slot: %w", host, err)
		}
	}
	return nil
}

// robotsElsewhere judges a robots.txt redirect to another host like the
// gate's other requests: http(s) only, not a private address under
// --block-private, and a throttle slot of that host. robots.txt itself is
// never disallowed, so no other rule applies.
func (g *Gate) robotsElsewhere(ctx context.Context, to *url.URL) error {
	if g.cfg.BlockPrivate && !g.allowed.url(to) {
		if addr := g.private.private(ctx, to.Hostname()); addr != "" {
			return errors.New(PrivateWords(to.Hostname(), addr))
		}
	}
	if g.cfg.Throttle != nil {
		wctx, cancel := g.Context(ctx)
		defer cancel()
		if err := g.cfg.Throttle.Wait(wctx, HostKey(to)); err != nil {
			return fmt.Errorf("waiting for %s's slot: %w", HostKey(to), err)
		}
	}
	return nil
}
