package policy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// RobotsState says what the answer for /robots.txt means for the origin.
type RobotsState string

const (
	Parsed      RobotsState = "parsed"      // 2xx: the rules apply
	Unavailable RobotsState = "unavailable" // 4xx other than 429: allow all
	Unreachable RobotsState = "unreachable" // 429, 5xx, network error, timeout: disallow all (deferred)
	Off         RobotsState = "off"         // --no-robots: not asked
)

// Defaults of RobotsClient.
const (
	DefaultRobotsTimeout = 15 * time.Second
	MaxRobotsRedirects   = 5
	// MaxCacheAge is how long a parsed policy may stand in for an
	// unreachable robots.txt (RFC 9309 2.4).
	MaxCacheAge = 24 * time.Hour
	// DefaultRefresh is how long a policy is used before it is asked again.
	DefaultRefresh = time.Hour
	// DefaultRetryUnreachable is the first wait before asking an
	// unreachable robots.txt again; it doubles up to MaxRetryUnreachable.
	DefaultRetryUnreachable = time.Minute
	MaxRetryUnreachable     = 30 * time.Minute
)

// RobotsPolicy is what webgraph knows of one origin's robots.txt, for one
// agent. Its JSON form is the "robots" part of the discovery event. A
// RobotsPolicy is immutable once returned.
type RobotsPolicy struct {
	Origin    string      `json:"origin"`
	URL       string      `json:"url"` // the robots.txt URL asked
	Agent     string      `json:"agent"`
	Fetched   bool        `json:"fetched"`
	FetchedAt time.Time   `json:"fetched_at,omitzero"`
	Status    int         `json:"status,omitempty"`
	State     RobotsState `json:"state"`
	// Group is the group that applies: the agent token, "*", or "" for none.
	Group      string   `json:"group"`
	Rules      []string `json:"rules"` // that group's lines, verbatim
	CrawlDelay *float64 `json:"crawl_delay,omitempty"`
	Sitemaps   []string `json:"sitemaps"`
	Redirects  []string `json:"redirects,omitempty"`
	// For an unreachable origin: why, when to ask again, and whether a
	// cached policy (at most 24 h old) stands in.
	Reason      string    `json:"reason,omitempty"`
	NextAttempt time.Time `json:"next_attempt,omitzero"`
	Cached      bool      `json:"cached,omitempty"`
	CachedAt    time.Time `json:"cached_at,omitzero"`
	Warnings    []string  `json:"warnings"`
	// Err is the network failure that left the origin unreachable, when
	// one did (not saved): a link check tells an unknown host from a
	// slow one by it.
	Err error `json:"-"`

	robots *Robots // parsed rules; nil when none apply
	match  Match
	body   []byte // the file as read, to save and restore the policy
}

// Saved is what a crawl database keeps of a policy, to use it again when a
// crawl resumes.
type Saved struct {
	Policy RobotsPolicy `json:"policy"`
	Body   []byte       `json:"body,omitempty"`
}

// Save returns p in a form that Restore brings back.
func (p *RobotsPolicy) Save() Saved { return Saved{Policy: *p, Body: p.body} }

// Restore rebuilds the policy, parsing the saved file again.
func (s Saved) Restore() *RobotsPolicy {
	p := s.Policy
	if p.State == Parsed || (p.Cached && s.Body != nil) {
		p.setRobots(ParseRobots(s.Body))
		p.body = s.Body
		// setRobots appended the file's warnings again.
		p.Warnings = s.Policy.Warnings
	}
	return &p
}

// Deferred reports whether content requests to the origin must wait: its
// robots.txt is unreachable and no cached policy stands in.
func (p *RobotsPolicy) Deferred() bool { return p.State == Unreachable && !p.Cached }

// Verdict is the answer for one URL.
type Verdict struct {
	URL     string      `json:"url"`
	Agent   string      `json:"agent"`
	Allowed bool        `json:"allowed"`
	Group   string      `json:"group"`
	Rule    string      `json:"rule,omitempty"` // the deciding line, verbatim
	State   RobotsState `json:"state"`
	Reason  string      `json:"reason,omitempty"`
}

// Check decides whether u may be fetched under p.
func (p *RobotsPolicy) Check(u *url.URL) Verdict {
	v := Verdict{URL: u.String(), Agent: p.Agent, Group: p.Group, State: p.State, Allowed: true}
	path := u.EscapedPath()
	if u.RawQuery != "" {
		path += "?" + u.RawQuery
	}
	switch {
	case p.State == Off, p.State == Unavailable:
		return v
	case u.EscapedPath() == "/robots.txt":
		return v
	case p.Deferred():
		v.Allowed = false
		v.Reason = fmt.Sprintf("robots.txt unreachable (%s): every URL is disallowed until it can be read; next attempt %s", p.Reason, p.NextAttempt.Format(time.RFC3339))
		return v
	}
	allowed, rule := p.match.Group.Decide(path)
	v.Allowed = allowed
	if rule != nil {
		v.Rule = rule.Line
	}
	return v
}

// RobotsClient fetches and caches robots.txt policies, one per origin. It is
// safe for concurrent use; the zero value is not: use NewRobotsClient.
type RobotsClient struct {
	// Agent is the product token rules are asked for (AgentToken).
	Agent     string
	UserAgent string
	// Timeout bounds one robots.txt fetch, redirects included.
	Timeout time.Duration
	// Refresh is how long a policy is used before it is asked again.
	Refresh time.Duration
	// Now is the clock (time.Now when nil); tests set it.
	Now func() time.Time
	// Shared, when set, is asked before robots.txt is fetched, so that the
	// processes sharing one crawl fetch each origin's robots.txt once.
	Shared SharedRobots
	// Elsewhere, when set, judges a robots.txt redirect to another host (a
	// moved domain: old.example/robots.txt → new.example/robots.txt): nil
	// lets it be followed, an error refuses it. Nil Elsewhere follows none:
	// such an origin is unreachable. The Gate sets it to its own rules.
	Elsewhere func(ctx context.Context, to *url.URL) error

	client *http.Client
	mu     sync.Mutex
	byOrig map[string]*originState
}

type originState struct {
	mu       sync.Mutex // held while fetching, so one origin is fetched once
	current  *RobotsPolicy
	good     *RobotsPolicy // the last parsed policy, for the 24 h cache
	failures int
}

// SharedRobots holds robots.txt policies for every process of one crawl.
// Once returns the policy of origin that a process fetched and shared, or
// calls fetch and shares its policy; one process at a time asks per origin.
type SharedRobots interface {
	Once(ctx context.Context, origin string, fetch func() *RobotsPolicy) *RobotsPolicy
}

// NewRobotsClient returns a client that asks as agent and identifies itself
// with userAgent. transport may be nil for NewTransport(nil): the
// environment's proxy, if any.
func NewRobotsClient(agent, userAgent string, transport http.RoundTripper) *RobotsClient {
	if transport == nil {
		transport = NewTransport(nil)
	}
	c := &RobotsClient{Agent: agent, UserAgent: userAgent, Timeout: DefaultRobotsTimeout, Refresh: DefaultRefresh, byOrig: map[string]*originState{}}
	c.client = &http.Client{
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			// Only the origin's own host (a change of scheme allowed) and
			// its www. twin (example.org ↔ www.example.org, the commonest
			// move of a site) are followed: a robots.txt that sends the
			// crawler elsewhere would make it request another host outside
			// that host's throttle and rules, and keep that host's answer
			// as this one's rules.
			if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
				return &robotsElsewhereError{To: req.URL.String(), Why: "not an http(s) URL"}
			}
			if from := via[0].URL; !homeHost(from, req.URL) {
				if c.Elsewhere == nil {
					return &robotsElsewhereError{To: req.URL.String(), Why: "webgraph follows robots.txt redirects only on the origin's own host here"}
				}
				if err := c.Elsewhere(req.Context(), req.URL); err != nil {
					return &robotsElsewhereError{To: req.URL.String(), Why: err.Error()}
				}
			}
			if len(via) > MaxRobotsRedirects {
				return errTooManyRobotsRedirects
			}
			return nil
		},
	}
	return c
}

var errTooManyRobotsRedirects = errors.New("more than 5 redirects")

// robotsElsewhereError is a robots.txt redirect to another host, not
// followed, and why.
type robotsElsewhereError struct{ To, Why string }

func (e *robotsElsewhereError) Error() string {
	return "robots.txt redirects to another host (" + e.To + "), not followed: " + e.Why
}

func (c *RobotsClient) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Origin returns the origin ("scheme://host[:port]") of u in normal form:
// scheme and host lower case, an internationalised host in its ASCII form,
// the scheme's default port dropped, as fetch.NormalizeURL writes URLs; so
// http://Example.COM:80/ and http://example.com/ are one origin.
func Origin(u *url.URL) string {
	var buf [64]byte
	return string(appendOrigin(buf[:0], u))
}

// appendOrigin appends Origin(u) to b. A map of origins is asked with
// string(appendOrigin(buf[:0], u)) on a buffer of the caller's stack,
// which allocates nothing: the scope asks once for each link a page queues.
func appendOrigin(b []byte, u *url.URL) []byte {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	host := fetch.CanonicalHost(u.Hostname())
	b = append(b, scheme...)
	b = append(b, "://"...)
	if strings.Contains(host, ":") { // an IPv6 literal
		b = append(b, '[')
		b = append(b, host...)
		b = append(b, ']')
	} else {
		b = append(b, host...)
	}
	if port != "" {
		b = append(b, ':')
		b = append(b, port...)
	}
	return b
}

// homeHost reports whether b is a's own host or its www. twin, on the same
// port (or each on its scheme's default port).
func homeHost(a, b *url.URL) bool {
	name := func(u *url.URL) string { return strings.TrimPrefix(fetch.CanonicalHost(u.Hostname()), "www.") }
	if name(a) != name(b) {
		return false
	}
	return a.Port() == b.Port() || (defaultPort(a) && defaultPort(b))
}

func defaultPort(u *url.URL) bool {
	p := u.Port()
	return p == "" || (p == "80" && u.Scheme == "http") || (p == "443" && u.Scheme == "https")
}

// HostKey returns u's host as the throttle, the frontier and deferrals key
// it: the host[:port] of Origin(u), so a host typed in capitals or with its
// default port is the same host as in every normalised URL.
func HostKey(u *url.URL) string {
	o := Origin(u)
	return o[strings.Index(o, "://")+3:]
}

// Policy returns the policy for u's origin, fetching /robots.txt when there
// is no fresh policy. It never returns nil; failures become an unreachable
// policy with the reason.
func (c *RobotsClient) Policy(ctx context.Context, u *url.URL) *RobotsPolicy {
	origin := Origin(u)
	c.mu.Lock()
	st := c.byOrig[origin]
	if st == nil {
		st = &originState{}
		c.byOrig[origin] = st
	}
	c.mu.Unlock()

	st.mu.Lock()
	defer st.mu.Unlock()
	now := c.now()
	if p := st.current; p != nil {
		if p.State == Unreachable && now.Before(p.NextAttempt) {
			return p
		}
		if p.State != Unreachable && now.Sub(p.FetchedAt) < c.Refresh {
			return p
		}
	}
	var p *RobotsPolicy
	if c.Shared != nil {
		p = c.Shared.Once(ctx, origin, func() *RobotsPolicy { return c.fetch(ctx, origin, now) })
	} else {
		p = c.fetch(ctx, origin, now)
	}
	if p.State == Unreachable && ctx.Err() != nil {
		// The caller gave up (a stop, a second Ctrl-C): that says nothing
		// of the site, so it is neither remembered nor counted.
		p.Reason = "not asked: " + context.Cause(ctx).Error()
		return p
	}
	switch {
	case p.State != Unreachable:
		st.failures = 0
		if p.State == Parsed {
			st.good = p
		}
	default:
		st.failures++
		wait := DefaultRetryUnreachable << min(st.failures-1, 10)
		p.NextAttempt = now.Add(min(wait, MaxRetryUnreachable))
		if g := st.good; g != nil && now.Sub(g.FetchedAt) <= MaxCacheAge {
			p.Cached, p.CachedAt = true, g.FetchedAt
			p.robots, p.match, p.body = g.robots, g.match, g.body
			p.Group, p.Rules, p.CrawlDelay, p.Sitemaps = g.Group, g.Rules, g.CrawlDelay, g.Sitemaps
			p.Warnings = append(p.Warnings, fmt.Sprintf("robots.txt unreachable (%s): using the policy fetched at %s", p.Reason, g.FetchedAt.Format(time.RFC3339)))
		}
	}
	st.current = p
	return p
}

// Cached returns the policy already known for u's origin without asking
// the network, or nil.
func (c *RobotsClient) Cached(u *url.URL) *RobotsPolicy {
	c.mu.Lock()
	st := c.byOrig[Origin(u)]
	c.mu.Unlock()
	if st == nil {
		return nil
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.current
}

// Store records a policy learned elsewhere (a resumed crawl's database), so
// that it is used while fresh.
func (c *RobotsClient) Store(p *RobotsPolicy) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.byOrig[p.Origin]
	if st == nil {
		st = &originState{}
		c.byOrig[p.Origin] = st
	}
	st.current = p
	if p.State == Parsed {
		st.good = p
	}
}

func (c *RobotsClient) fetch(ctx context.Context, origin string, now time.Time) *RobotsPolicy {
	p := &RobotsPolicy{Origin: origin, URL: origin + "/robots.txt", Agent: c.Agent, FetchedAt: now, Rules: []string{}, Sitemaps: []string{}, Warnings: []string{}}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.URL, nil)
	if err != nil {
		p.State, p.Reason = Unreachable, err.Error()
		return p
	}
	req.Header.Set("User-Agent", c.UserAgent)
	resp, err := c.client.Do(req)
	var elsewhere *robotsElsewhereError
	if errors.As(err, &elsewhere) {
		// Not followed, so the origin's rules are unknown: like an
		// unreachable file, nothing of the origin is fetched until its own
		// host serves one (RFC 9309 lets a crawler decline redirects).
		p.Fetched, p.State, p.Redirects = true, Unreachable, []string{elsewhere.To}
		if resp != nil {
			p.Status = resp.StatusCode // the redirect's; its body is closed
		}
		p.Reason = elsewhere.Error() + "; so its rules cannot be read"
		return p
	}
	if err != nil {
		if errors.Is(err, errTooManyRobotsRedirects) {
			// RFC 9309 2.3.1.2: after five redirects, assume unavailable.
			p.Fetched, p.State = true, Unavailable
			p.Warnings = append(p.Warnings, "robots.txt redirected more than 5 times: treated as unavailable (allow all)")
			return p
		}
		p.State, p.Reason, p.Err = Unreachable, describeNetErr(err, c.Timeout), err
		return p
	}
	defer fetch.Close(resp)
	p.Fetched, p.Status = true, resp.StatusCode
	if final := resp.Request.URL.String(); final != p.URL {
		p.Redirects = append(p.Redirects, final)
	}
	switch s := resp.StatusCode; {
	case s >= 200 && s < 300:
		body, err := io.ReadAll(io.LimitReader(resp.Body, MaxRobotsBytes+1))
		if err != nil {
			p.State, p.Reason = Unreachable, "reading robots.txt: "+describeNetErr(err, c.Timeout)
			return p
		}
		if why := NotText(body); why != "" {
			// No rule of the site's can be read: like an unreachable
			// file, everything is disallowed until a readable one is served.
			p.State, p.Reason = Unreachable, "robots.txt is not text ("+why+"): its rules cannot be read, so the origin is treated as unreachable (disallow all)"
			return p
		}
		p.State = Parsed
		p.body = body
		p.setRobots(ParseRobots(body))
	case s == http.StatusTooManyRequests || s >= 500:
		p.State, p.Reason = Unreachable, fmt.Sprintf("HTTP %d %s", s, http.StatusText(s))
	case s >= 400:
		p.State = Unavailable
		if s == http.StatusUnauthorized || s == http.StatusForbidden {
			p.Warnings = append(p.Warnings, fmt.Sprintf("robots.txt answered HTTP %d %s: RFC 9309 treats it as unavailable (allow all), but the site may not want crawlers", s, http.StatusText(s)))
		}
	default:
		// 1xx, or a 3xx that was not followed: nothing usable.
		p.State = Unavailable
		p.Warnings = append(p.Warnings, fmt.Sprintf("robots.txt answered HTTP %d: treated as unavailable", s))
	}
	return p
}

// setRobots applies a parsed file to p for p.Agent.
func (p *RobotsPolicy) setRobots(r *Robots) {
	p.robots = r
	p.match = r.ForAgent(p.Agent)
	p.Group = p.match.Name
	if g := p.match.Group; g != nil {
		p.Rules = append([]string{}, g.Lines...)
		p.CrawlDelay = g.CrawlDelay
	}
	p.Sitemaps = append([]string{}, r.Sitemaps...)
	p.Warnings = append(p.Warnings, r.Warnings...)
}

// PolicyFromFile builds a policy from a local robots.txt, for checking a file
// before it is published.
func PolicyFromFile(origin, agent string, body []byte, now time.Time) *RobotsPolicy {
	p := &RobotsPolicy{Origin: origin, URL: origin + "/robots.txt", Agent: agent, Fetched: false, FetchedAt: now, State: Parsed, Rules: []string{}, Sitemaps: []string{}, Warnings: []string{}}
	p.setRobots(ParseRobots(body))
	return p
}

// OffPolicy is the policy of a run with robots.txt turned off.
func OffPolicy(origin, agent string) *RobotsPolicy {
	return &RobotsPolicy{Origin: origin, URL: origin + "/robots.txt", Agent: agent, State: Off, Rules: []string{}, Sitemaps: []string{},
		Warnings: []string{"robots.txt is OFF (--no-robots): this site's rules were not asked for and are not obeyed"}}
}

func describeNetErr(err error, timeout time.Duration) string {
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Sprintf("timed out after %s", timeout)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}
