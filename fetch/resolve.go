package fetch

import (
	"net/url"
	"strings"
)

// This file is Normalize without net/url for the references most pages are
// made of: a path ("/p/2", "d.html") or an http(s) URL whose host is plain
// ASCII, written with characters that no step of Normalize changes. Such a
// reference is resolved by joining strings; anything else (escapes, dot
// segments, IP literals, user info, a scheme or host in capitals, a path
// starting "//") goes through net/url as before. Both ways give the same
// string, byte for byte: FuzzResolverMatchesNormalize holds them together.

// A Resolver normalises the references of one document against its base
// URL: Normalize(base, ref) for each, with the work on the base done once.
// It is not safe for concurrent use.
type Resolver struct {
	base   *url.URL
	origin string // base's scheme and authority as Normalize writes them; "" when base is not simple
	dir    string // base's path up to its last '/', when simple and origin is set; "" otherwise
}

// NewResolver returns a Resolver for references found in a document whose
// base URL is base (nil: only absolute references resolve).
func NewResolver(base *url.URL) *Resolver {
	r := &Resolver{base: base}
	if base == nil || base.User != nil || base.Opaque != "" {
		return r
	}
	o, ok := simpleOrigin(base.Scheme + "://" + base.Host)
	if !ok {
		return r
	}
	r.origin = o
	if p := base.EscapedPath(); strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "//") && simplePath(p) {
		r.dir = p[:strings.LastIndexByte(p, '/')+1]
	}
	return r
}

// Normalize returns Normalize(base, ref) for the Resolver's base.
func (r *Resolver) Normalize(ref string) (string, error) {
	if s, ok := r.fast(strings.TrimSpace(ref)); ok {
		return s, nil
	}
	return normalizeParsed(r.base, ref)
}

// fast resolves ref (trimmed) without net/url when it is simple enough.
func (r *Resolver) fast(ref string) (string, bool) {
	if ref == "" {
		return "", false
	}
	if strings.HasPrefix(ref, "http://") || strings.HasPrefix(ref, "https://") {
		return fastAbsolute(ref)
	}
	if r.origin == "" {
		return "", false
	}
	switch ref[0] {
	case '/':
		if len(ref) > 1 && ref[1] == '/' {
			return "", false // network-path reference: another host
		}
		rest, ok := simpleRest(ref)
		if !ok {
			return "", false
		}
		return r.origin + rest, true
	case '?', '#':
		return "", false // the base's path (and query): rare, left to net/url
	}
	if r.dir == "" {
		return "", false
	}
	// A relative path: its first segment must not read as a scheme.
	if i := strings.IndexAny(ref, ":/?#"); i >= 0 && ref[i] == ':' {
		return "", false
	}
	rest, ok := simpleRest(ref)
	if !ok {
		return "", false
	}
	return r.origin + r.dir + rest, true
}

// fastAbsolute is Normalize(nil, ref) for an absolute http(s) ref whose
// scheme and host are written as Normalize writes them.
func fastAbsolute(ref string) (string, bool) {
	start := strings.Index(ref, "://") + 3
	end := start
	for end < len(ref) && ref[end] != '/' && ref[end] != '?' && ref[end] != '#' {
		end++
	}
	origin, ok := simpleOrigin(ref[:end])
	if !ok {
		return "", false
	}
	rest := ref[end:]
	if rest == "" || rest[0] != '/' {
		// No path: Normalize makes it "/".
		rest, ok = simpleRest("/" + rest)
		if !ok {
			return "", false
		}
		return origin + rest, true
	}
	if len(rest) > 1 && rest[1] == '/' {
		return "", false // a path starting "//": left to net/url's reading
	}
	rest, ok = simpleRest(rest)
	if !ok {
		return "", false
	}
	if len(origin) == end && len(rest) == len(ref)-end {
		return ref, true // already in normal form: no new string
	}
	return origin + rest, true
}

// simpleOrigin returns "scheme://host[:port]" as Normalize writes it, when
// it is written so already but perhaps for a default port: a lower-case
// http or https, a host of lower-case ASCII letters, digits, '-' and '.'
// (no IP literal in brackets, no user info), and a port of digits.
func simpleOrigin(o string) (string, bool) {
	var scheme string
	switch {
	case strings.HasPrefix(o, "http://"):
		scheme = "http"
	case strings.HasPrefix(o, "https://"):
		scheme = "https"
	default:
		return "", false
	}
	hostport := o[len(scheme)+3:]
	host, port, hasPort := strings.Cut(hostport, ":")
	if host == "" || (hasPort && port == "") {
		return "", false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			return "", false
		}
	}
	for i := 0; i < len(port); i++ {
		if c := port[i]; c < '0' || c > '9' {
			return "", false
		}
	}
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		return o[:len(o)-len(port)-1], true
	}
	return o, true
}

// simpleRest returns the path and query of a reference that starts with
// its path (the fragment dropped), when Normalize would write them as they
// are: a path of characters no step escapes or unescapes and without dot
// segments, and a query without escapes or characters Normalize escapes.
// The fragment, which Normalize drops, must still parse: no '%' and no
// control character.
func simpleRest(ref string) (string, bool) {
	end := len(ref)
	if h := strings.IndexByte(ref, '#'); h >= 0 {
		for i := h + 1; i < len(ref); i++ {
			if c := ref[i]; c < ' ' || c == 0x7f || c == '%' {
				return "", false
			}
		}
		end = h
	}
	q := strings.IndexByte(ref[:end], '?')
	path := ref[:end]
	if q >= 0 {
		path = ref[:q]
		for i := q + 1; i < end; i++ {
			if !queryByte(ref[i]) {
				return "", false
			}
		}
	}
	if !simplePath(path) {
		return "", false
	}
	return ref[:end], true
}

// simplePath reports whether p is written with characters that Normalize
// and net/url leave as they are, and has no dot segments.
func simplePath(p string) bool {
	seg := 0 // where the current segment starts
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '/' {
			if s := p[seg:i]; s == "." || s == ".." {
				return false
			}
			seg = i + 1
			continue
		}
		if !pathByte(p[i]) {
			return false
		}
	}
	return true
}

// pathByte reports whether c stands for itself in a path through net/url
// and Normalize: unreserved, a sub-delimiter, ':' or '@'.
func pathByte(c byte) bool {
	if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
		return true
	}
	return strings.IndexByte("-._~!$&'()*+,;=:@", c) >= 0
}

// queryByte reports whether Normalize writes c in a query as it is (and
// it is not an escape's '%').
func queryByte(c byte) bool {
	return c > ' ' && c < 0x7f && strings.IndexByte("%\"<>\\^`{|}#", c) < 0
}

// ParseURL returns url.Parse(raw). For a URL as Normalize writes it (an
// http(s) URL of a plain host, a path of characters net/url keeps as they
// are, no escapes, no fragment), it builds the same url.URL from the
// string's parts without allocating; any other goes through url.Parse.
// FuzzParseURL holds the two to the same URL, field for field.
func ParseURL(raw string) (url.URL, error) {
	if u, ok := parseSimple(raw); ok {
		return u, nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return url.URL{}, err
	}
	return *u, nil
}

// parseSimple is ParseURL's way without url.Parse.
func parseSimple(raw string) (url.URL, bool) {
	var scheme string
	switch {
	case strings.HasPrefix(raw, "http://"):
		scheme = "http"
	case strings.HasPrefix(raw, "https://"):
		scheme = "https"
	default:
		return url.URL{}, false
	}
	rest := raw[len(scheme)+3:]
	end := 0
	for end < len(rest) && rest[end] != '/' && rest[end] != '?' && rest[end] != '#' {
		end++
	}
	host, port, hasPort := strings.Cut(rest[:end], ":")
	if host == "" || (hasPort && port == "") {
		return url.URL{}, false
	}
	for i := 0; i < len(host); i++ {
		c := host[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.') {
			return url.URL{}, false
		}
	}
	for i := 0; i < len(port); i++ {
		if c := port[i]; c < '0' || c > '9' {
			return url.URL{}, false
		}
	}
	u := url.URL{Scheme: scheme, Host: rest[:end]}
	rest = rest[end:]
	i := 0
	for ; i < len(rest) && rest[i] != '?'; i++ {
		if !keptInPath[rest[i]] {
			return url.URL{}, false
		}
	}
	u.Path = rest[:i]
	if i < len(rest) {
		q := rest[i+1:]
		for j := 0; j < len(q); j++ {
			if c := q[j]; c < ' ' || c == 0x7f || c == '#' {
				return url.URL{}, false
			}
		}
		u.RawQuery, u.ForceQuery = q, q == ""
	}
	return u, true
}

// keptInPath holds the bytes net/url keeps in a parsed URL's path as they
// are written (no escape, no RawPath): letters, digits and "-._~/$&+,;=:@".
var keptInPath = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range []byte("-._~/$&+,;=:@") {
		t[c] = true
	}
	return t
}()
