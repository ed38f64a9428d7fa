package policy

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"sync"
	"time"
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

// privateHosts remembers which hosts resolve to a private address.
type privateHosts struct {
	resolve func(ctx context.Context, host string) ([]netip.Addr, error)
	mu      sync.Mutex
	seen    map[string]privateAnswer
}

type privateAnswer struct {
	addr string // the first private address; "" when none
	at   time.Time
}

// private returns a private address host resolves to, or "" when it has
// none (or does not resolve: the request will fail on its own).
func (p *privateHosts) private(ctx context.Context, host string) string {
	if ip, err := netip.ParseAddr(host); err == nil {
		if PrivateAddr(ip) {
			return ip.String()
		}
		return ""
	}
	p.mu.Lock()
	a, ok := p.seen[host]
	p.mu.Unlock()
	if ok && time.Since(a.at) < privateTTL {
		return a.addr
	}
	resolve := p.resolve
	if resolve == nil {
		resolve = func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		}
	}
	a = privateAnswer{at: time.Now()}
	ips, err := resolve(ctx, host)
	for _, ip := range ips {
		if PrivateAddr(ip) {
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
// addresses only: a crawl of a public site, for which --block-private
// defaults to on. A host that does not resolve counts as public.
func AllPublic(ctx context.Context, origins []string) bool {
	var p privateHosts
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
