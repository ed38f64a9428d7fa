package fetch

import (
	"errors"
	"net"
	"net/netip"
	"net/url"
	"strings"

	"golang.org/x/net/idna"
)

// ErrNotHTTP is returned by Normalize for a URL whose scheme is not http or https.
var ErrNotHTTP = errors.New("fetch: not an http(s) URL")

// Normalize resolves ref against base (base may be nil for an absolute ref)
// and returns the URL in the normal form of RFC 3986 section 6: scheme and
// host lower-cased, the default port dropped, dot segments removed, percent
// escapes upper-cased and unreserved characters decoded, an empty path made
// "/", the fragment dropped. The query is kept as written: no parameter is
// dropped or reordered. Only http and https URLs are accepted.
//
// Normalize is idempotent: Normalize(Normalize(x)) == Normalize(x).
func Normalize(base *url.URL, ref string) (string, error) {
	ref = strings.TrimSpace(ref)
	if strings.HasPrefix(ref, "http://") || strings.HasPrefix(ref, "https://") {
		if s, ok := fastAbsolute(ref); ok {
			return s, nil // resolve.go
		}
	}
	return normalizeParsed(base, ref)
}

// normalizeParsed is Normalize through net/url, for any reference.
func normalizeParsed(base *url.URL, ref string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return "", err
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	return normalizeURL(u)
}

// NormalizeURL is Normalize for an already parsed absolute URL.
func NormalizeURL(u *url.URL) (string, error) { return normalizeURL(u) }

// NormalizeRoute is Normalize for a crawl that takes hash routes as pages
// (--hash-routes): a fragment that names a route of a hash-routed app
// ("#/lamps", "#!/about"; see HashRoute) is kept, with its escapes in the
// canonical form Normalize gives a query; any other fragment ("#section")
// is dropped as Normalize drops it. The empty route ("#/", "#!/") is the
// document itself and is dropped too. Without a route, NormalizeRoute and
// Normalize agree byte for byte.
//
// NormalizeRoute is idempotent: NormalizeRoute(NormalizeRoute(x)) == NormalizeRoute(x).
func NormalizeRoute(base *url.URL, ref string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return "", err
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	return NormalizeRouteURL(u)
}

// NormalizeRouteURL is NormalizeRoute for an already parsed absolute URL.
func NormalizeRouteURL(u *url.URL) (string, error) {
	n, err := normalizeURL(u)
	if err != nil {
		return "", err
	}
	if r := HashRoute(u); r != "" {
		n += "#" + r
	}
	return n, nil
}

// HashRoute returns the hash route u names, without the "#", with its
// escapes in canonical form: its fragment when that starts with "/" or "!/"
// (as written, before unescaping) and is more than that prefix; otherwise "".
// Hash-routed apps (docsify, AngularJS and their kin) show a page per route
// in one document, which a server never sees: the fragment stays in the
// browser.
func HashRoute(u *url.URL) string {
	if u.Fragment == "" && u.RawFragment == "" {
		return ""
	}
	f := strings.ReplaceAll(normalizeEscapes(u.EscapedFragment(), true), "#", "%23")
	if (strings.HasPrefix(f, "/") && f != "/") || (strings.HasPrefix(f, "!/") && f != "!/") {
		return f
	}
	return ""
}

// CanonicalHost returns a host name in the one form webgraph compares and
// records: lower case, and an internationalised name in its ASCII (punycode)
// form, so http://BÜCHER.example/ and http://xn--bcher-kva.example/ are one
// host. A name IDNA cannot convert (underscores, a bad label) is only
// lower-cased. IP literals are unchanged but for case.
func CanonicalHost(host string) string {
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			if a, err := idna.Lookup.ToASCII(host); err == nil && a != "" {
				return strings.ToLower(a)
			}
			break
		}
	}
	return strings.ToLower(host)
}

func normalizeURL(u *url.URL) (string, error) {
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", ErrNotHTTP
	}
	host := CanonicalHost(u.Hostname())
	if host == "" {
		return "", errors.New("fetch: URL has no host")
	}
	if strings.ContainsAny(host, "[]") {
		return "", errors.New("fetch: URL has a bad host")
	}
	port := u.Port()
	if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") {
		port = ""
	}
	if strings.Contains(host, ":") { // IPv6 literal
		if _, err := netip.ParseAddr(host); err != nil {
			return "", errors.New("fetch: URL has a bad IPv6 host")
		}
		host = "[" + host + "]"
	}
	if port != "" {
		host = net.JoinHostPort(strings.Trim(host, "[]"), port)
	}
	p := removeDotSegments(normalizeEscapes(u.EscapedPath(), false))
	if p == "" {
		p = "/"
	}
	var b strings.Builder
	b.WriteString(scheme)
	b.WriteString("://")
	if u.User != nil {
		b.WriteString(u.User.String())
		b.WriteByte('@')
	}
	b.WriteString(host)
	b.WriteString(p)
	if u.RawQuery != "" || u.ForceQuery {
		b.WriteByte('?')
		b.WriteString(normalizeEscapes(u.RawQuery, true))
	}
	return b.String(), nil
}

// CanonicalEscapes returns s with every percent escape in one canonical
// form: escapes of unreserved characters decoded, other escapes upper-cased,
// and control, space and non-ASCII octets escaped. Reserved characters,
// including '*' and '$', are left as they are. robots.txt matching compares
// rules and paths in this form.
func CanonicalEscapes(s string) string { return normalizeEscapes(s, true) }

// normalizeEscapes upper-cases the hex digits of every percent escape and
// decodes escapes of unreserved characters (ALPHA, DIGIT, "-", ".", "_", "~").
// Bytes that must be escaped in a path (space, quote, non-ASCII, …) are
// escaped. In a query, '+' and reserved characters are left exactly as they are.
func normalizeEscapes(s string, query bool) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && ishex(s[i+1]) && ishex(s[i+2]) {
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if unreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(upper(s[i+1]))
				b.WriteByte(upper(s[i+2]))
			}
			i += 2
			continue
		}
		if c == '%' || c <= ' ' || c >= 0x7f || c == '"' || c == '<' || c == '>' || c == '\\' || c == '^' || c == '`' || c == '{' || c == '|' || c == '}' || (!query && c == '#') {
			const hexdigits = "0123456789ABCDEF"
			b.WriteByte('%')
			b.WriteByte(hexdigits[c>>4])
			b.WriteByte(hexdigits[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// removeDotSegments applies RFC 3986 section 5.2.4 to an escaped absolute
// path. Empty segments ("//") are kept: they can name another resource.
func removeDotSegments(p string) string {
	if !strings.Contains(p, ".") {
		return p
	}
	segs := strings.Split(p, "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 1 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	r := strings.Join(out, "/")
	if !strings.HasPrefix(r, "/") {
		r = "/" + r
	}
	return r
}
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

func ishex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}
