package policy

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// SeedError reports a seed that is neither an http(s) URL nor a host as
// people type one. Its message is meant for the person who typed it.
type SeedError struct {
	Seed   string
	Reason string
}

func (e *SeedError) Error() string {
	return fmt.Sprintf("%q is not a seed webgraph can crawl: %s", e.Seed, e.Reason)
}

// Seed is a seed URL and how it was typed.
type Seed struct {
	// URL is the absolute http(s) URL the crawl starts from.
	URL *url.URL
	// Typed is the text as given; Assumed says the scheme (and the path
	// "/", when none) was supplied by ParseSeed: the text was a bare host,
	// host:port or host/path.
	Typed   string
	Assumed bool
}

// ParseSeed reads a seed as people type it: an absolute http:// or https://
// URL, or a bare host, host:port or host/path, which becomes https://… (or
// http://… for localhost and loopback addresses, which rarely speak TLS).
// Anything else is a *SeedError that says what was wrong in words.
func ParseSeed(s string) (Seed, error) {
	typed := s
	s = strings.TrimSpace(s)
	bad := func(reason string) (Seed, error) { return Seed{}, &SeedError{Seed: typed, Reason: reason} }
	switch {
	case s == "":
		return bad("it is empty")
	case strings.ContainsAny(s, " \t\r\n"):
		return bad("it contains white space")
	case len(s) > fetch.MaxURLBytes:
		return bad(fmt.Sprintf("it is longer than %d bytes", fetch.MaxURLBytes))
	}
	if scheme, _, ok := strings.Cut(s, "://"); ok && isScheme(scheme) {
		u, err := url.Parse(s)
		if err != nil {
			return bad(urlProblem(err))
		}
		if sch := strings.ToLower(u.Scheme); sch != "http" && sch != "https" {
			return bad("webgraph crawls http:// and https:// URLs, not " + u.Scheme + "://")
		}
		if u.Hostname() == "" {
			return bad("the URL names no host")
		}
		return Seed{URL: u, Typed: typed}, nil
	}
	if i := strings.IndexByte(s, ':'); i >= 0 && isScheme(s[:i]) && (otherSchemes[strings.ToLower(s[:i])] || !looksLikeHost(s)) {
		// mailto:, javascript:, file: and their kind.
		return bad("webgraph crawls http:// and https:// URLs and host names, not " + s[:i] + ": URLs")
	}
	s = strings.TrimPrefix(s, "//")
	u, err := url.Parse("http://" + s)
	if err != nil {
		return bad(urlProblem(err))
	}
	switch {
	case u.User != nil:
		return bad("a host name does not carry a user name; give the full URL if that is what you mean")
	case u.Hostname() == "":
		return bad("it names no host")
	case !validHost(u.Hostname()):
		return bad("the host " + u.Hostname() + " is not a valid host name")
	}
	if !IsLocal(u.Hostname()) {
		u.Scheme = "https"
	}
	if u.Path == "" && u.RawPath == "" {
		u.Path = "/"
	}
	return Seed{URL: u, Typed: typed, Assumed: true}, nil
}

// IsLocal reports whether host (a name or an IP literal, without a port)
// is localhost or a loopback address: a bare seed on it is taken as http://.
func IsLocal(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// otherSchemes are schemes people paste that are not the web's pages.
var otherSchemes = map[string]bool{"mailto": true, "javascript": true, "data": true, "file": true, "tel": true, "about": true, "blob": true, "ftp": true, "ws": true, "wss": true}

// isScheme reports whether s has the shape of a URL scheme (RFC 3986: a
// letter, then letters, digits, "+", "-" or ".").
func isScheme(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// looksLikeHost reports whether s, which has a colon, reads as a host
// rather than a scheme: a dotted name (example.org:8080, example.org:http),
// a user name before an "@", or host:port, the port all digits up to the
// end or the first "/", "?" or "#".
func looksLikeHost(s string) bool {
	name, rest, _ := strings.Cut(s, ":")
	if strings.Contains(name, ".") {
		return true
	}
	if at := strings.IndexByte(s, '@'); at >= 0 && !strings.ContainsAny(s[:at], "/?#") {
		return true
	}
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		rest = rest[:end]
	}
	if rest == "" {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return false
		}
	}
	return true
}

// validHost accepts an IP literal or a host name of letters, digits,
// hyphens, underscores and dots (internationalised names as typed too).
func validHost(h string) bool {
	if net.ParseIP(strings.Trim(h, "[]")) != nil {
		return true
	}
	if strings.HasPrefix(h, ".") || strings.Contains(h, "..") {
		return false
	}
	for _, r := range h {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '.', r == '_', r >= 0x80:
		default:
			return false
		}
	}
	return true
}

// urlProblem says in words what url.Parse found wrong.
func urlProblem(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "invalid port"):
		return "its port is not a number"
	case strings.Contains(msg, "invalid character") && strings.Contains(msg, "host"):
		return "its host contains a character a host name cannot have"
	case strings.Contains(msg, "invalid URL escape"):
		return "it has a % that does not start an escape like %20"
	}
	return "it is not a well-formed URL (" + msg + ")"
}

// SeedJoin is an origin a seed's own redirect approved: the hop that left
// the approved origins, and the origin it landed on.
type SeedJoin struct {
	Hop    *fetch.HopError
	Origin string
}

// FollowSeed requests seed through the gate (as a Probe: scope, robots.txt,
// a throttle slot of its own) and follows its redirects. When a hop leaves
// the approved origins for an origin not yet approved, that origin joins the
// scope — a seed's own redirect decides where its site lives — and the
// request is made again, at most maxJoins times. It asks with HEAD: only where
// the answer comes from matters. It returns the URL the seed
// landed on and the origins that joined. A hop
// refused for another reason ends it with that refusal as the error.
func (g *Gate) FollowSeed(ctx context.Context, seed *url.URL, maxJoins int) (final *url.URL, joins []SeedJoin, err error) {
	for {
		resp, err := g.Do(ctx, http.MethodHead, seed, Probe, nil)
		if err == nil {
			final = resp.Request.URL
			fetch.Close(resp)
			return final, joins, nil
		}
		var hop *fetch.HopError
		if !errors.As(err, &hop) || hop.Denied.Cause != fetch.DeniedOutOfScope || len(joins) >= maxJoins {
			return nil, joins, err
		}
		to, perr := url.Parse(hop.To)
		if perr != nil || !g.cfg.Scope.Join(to) {
			return nil, joins, err
		}
		joins = append(joins, SeedJoin{Hop: hop, Origin: Origin(to)})
	}
}
