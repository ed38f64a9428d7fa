package policy

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// privateTTL is how long a host's addresses are trusted once looked up.
const privateTTL = time.Minute

// PrivateAddr reports whether ip is not on the public internet: loopback,
// private (RFC 1918, RFC 4193), link-local (cloud metadata services live
// there), shared address space (RFC 6598), unspecified or multicast.
func PrivateAddr(ip netip.Addr) bool {
	ip = ip.Unmap()
	return ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() ||
		netip.MustParsePrefix("100.64.0.0/10").Contains(ip)
}

// Network is how the gate learns where a host is, for --block-private: the
// addresses a name resolves to, and which of them are private. A nil
// *Network (the CLI's) is the system's resolver and PrivateAddr. It is a
// seam for tests, which serve "public" sites on loopback: nothing on the
// command line sets it.
type Network struct {
	// LookupHost returns host's addresses; nil means the system's
	// resolver. The gate's own connections go to the addresses it gives.
	LookupHost func(ctx context.Context, host string) ([]netip.Addr, error)
	// Public reports an address to be judged public although PrivateAddr
	// says otherwise (a loopback address standing in for the internet);
	// nil means none.
	Public func(netip.Addr) bool
}

// lookup resolves host through n.
func (n *Network) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if n != nil && n.LookupHost != nil {
		return n.LookupHost(ctx, host)
	}
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// private reports whether ip is private as n judges it.
func (n *Network) private(ip netip.Addr) bool {
	ip = ip.Unmap()
	return PrivateAddr(ip) && (n == nil || n.Public == nil || !n.Public(ip))
}

// privateHosts remembers which hosts resolve to a private address.
type privateHosts struct {
	net  *Network
	mu   sync.Mutex
	seen map[string]privateAnswer
}

type privateAnswer struct {
	addr string // the first private address; "" when none
	at   time.Time
}

// private returns a private address host resolves to, or "" when it has
// none (or does not resolve: the request will fail on its own).
func (p *privateHosts) private(ctx context.Context, host string) string {
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		if p.net.private(ip) {
			return ip.Unmap().String()
		}
		return ""
	}
	p.mu.Lock()
	a, ok := p.seen[host]
	p.mu.Unlock()
	if ok && time.Since(a.at) < privateTTL {
		return a.addr
	}
	a = privateAnswer{at: time.Now()}
	ips, err := p.net.lookup(ctx, host)
	for _, ip := range ips {
		if p.net.private(ip) {
			a.addr = ip.Unmap().String()
			break
		}
	}
	if err != nil && ctx.Err() != nil {
		return a.addr // not remembered: the caller gave up
	}
	p.mu.Lock()
	if p.seen == nil {
		p.seen = map[string]privateAnswer{}
	}
	p.seen[host] = a
	p.mu.Unlock()
	return a.addr
}

// AllPublic reports whether every host of origins resolves to public
// addresses only, as n judges them (nil: the system's resolver): a crawl of
// a public site, for which --block-private defaults to on. A host that does
// not resolve counts as public.
func AllPublic(ctx context.Context, n *Network, origins []string) bool {
	p := privateHosts{net: n}
	for _, o := range origins {
		u, err := parseOrigin(o)
		if err != nil {
			continue
		}
		if p.private(ctx, u) != "" {
			return false
		}
	}
	return true
}

// parseOrigin returns the host name of "scheme://host[:port]".
func parseOrigin(o string) (string, error) {
	u, err := url.Parse(o)
	if err != nil {
		return "", err
	}
	return u.Hostname(), nil
}

// PrivateAddrError is a connection the gate's transport refused under
// --block-private: host resolved, when it was dialled, to Addr, a private
// address, and host is not one the operator named.
type PrivateAddrError struct {
	Host string
	Addr string
}

func (e *PrivateAddrError) Error() string {
	return fmt.Sprintf("policy: %s is at %s, on a private network, and only the origins you named may be: --block-private refused the connection", e.Host, e.Addr)
}

// addrKey is "host:port" with the host in canonical form (lower case,
// IDNA), as a dial names it.
func addrKey(host, port string) string {
	return net.JoinHostPort(fetch.CanonicalHost(strings.Trim(host, "[]")), port)
}

// portOf is u's port, or its scheme's.
func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if strings.EqualFold(u.Scheme, "https") {
		return "443"
	}
	return "80"
}

// privateAllowed is the set of host:port a crawl under --block-private may
// reach on a private network: the origins the operator named, each with
// its twin on the other default port (http://h/ and https://h/ are one
// host), and the proxies requests were sent through. Nothing else: not a
// seed redirect's landing, a link check or a page's request elsewhere.
type privateAllowed struct {
	named   map[string]bool
	mu      sync.Mutex
	proxies map[string]bool
}

func newPrivateAllowed(origins []string) *privateAllowed {
	a := &privateAllowed{named: map[string]bool{}, proxies: map[string]bool{}}
	for _, o := range origins {
		u, err := url.Parse(o)
		if err != nil || u.Hostname() == "" {
			continue
		}
		port := portOf(u)
		a.named[addrKey(u.Hostname(), port)] = true
		switch port {
		case "80":
			a.named[addrKey(u.Hostname(), "443")] = true
		case "443":
			a.named[addrKey(u.Hostname(), "80")] = true
		}
	}
	return a
}

// url reports whether u's host and port may be private.
func (a *privateAllowed) url(u *url.URL) bool { return a.named[addrKey(u.Hostname(), portOf(u))] }

// addr reports whether a dial of host:port may reach a private address.
func (a *privateAllowed) addr(host, port string) bool {
	k := addrKey(host, port)
	if a.named[k] {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.proxies[k]
}

// proxy notes a proxy requests go through: the connection to it is the
// operator's choice, wherever it is.
func (a *privateAllowed) proxy(u *url.URL) {
	if u == nil || u.Hostname() == "" {
		return
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"https": "443", "socks5": "1080"}[strings.ToLower(u.Scheme)]
		if port == "" {
			port = "80"
		}
	}
	a.mu.Lock()
	a.proxies[addrKey(u.Hostname(), port)] = true
	a.mu.Unlock()
}

type dialHostKey struct{}

// guardTransport makes t refuse under --block-private, when it connects,
// any private address for a host that may not be private (see
// privateAllowed), and makes it connect where the gate's Network says
// hosts are. The check is made on
// the address the connection goes to, after every lookup, so a name that
// answers one address to the gate's question and another when dialled
// cannot slip by. Proxies t uses are allowed.
func (g *Gate) guardTransport(t *http.Transport) {
	proxy := t.Proxy
	if proxy != nil {
		t.Proxy = func(r *http.Request) (*url.URL, error) {
			u, err := proxy(r)
			g.allowed.proxy(u)
			return u, err
		}
	}
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second,
		ControlContext: func(ctx context.Context, network, address string, _ syscall.RawConn) error {
			host, _ := ctx.Value(dialHostKey{}).(string)
			if host == "" {
				return nil // a dial the guard does not judge (an allowed host)
			}
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("policy: dialling %s: %w", address, err)
			}
			if g.cfg.Network.private(ap.Addr()) {
				return &PrivateAddrError{Host: host, Addr: ap.Addr().Unmap().String()}
			}
			return nil
		}}
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if g.cfg.BlockPrivate && !g.allowed.addr(host, port) {
			ctx = context.WithValue(ctx, dialHostKey{}, host)
		}
		n := g.cfg.Network
		if n == nil || n.LookupHost == nil {
			return d.DialContext(ctx, network, addr)
		}
		if _, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
			return d.DialContext(ctx, network, addr)
		}
		ips, err := n.LookupHost(ctx, host)
		if err != nil {
			return nil, &net.DNSError{Err: err.Error(), Name: host, IsNotFound: true}
		}
		var first error
		for _, ip := range ips {
			c, err := d.DialContext(ctx, network, net.JoinHostPort(ip.String(), port))
			if err == nil {
				return c, nil
			}
			first = errors.Join(first, err)
		}
		if first == nil {
			first = &net.DNSError{Err: "no address", Name: host, IsNotFound: true}
		}
		return nil, first
	}
}
