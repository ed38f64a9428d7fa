package refuse

import (
	"net/url"
	"strings"
)

// loginPathMarkers are path segments that mark a login page. A segment
// matches when it equals a marker, case-insensitively ("/account/login",
// "/users/sign_in", "/auth", "/sso/start").
var loginPathMarkers = []string{
	"login", "log-in", "log_in", "logon",
	"signin", "sign-in", "sign_in",
	"auth", "authenticate", "authorize", "oauth", "oauth2",
	"sso", "cas", "saml",
	"session", "sessions",
}

// loginReturnParams are query parameters by which a login page is told where
// to send the reader back to. Compared case-insensitively.
var loginReturnParams = []string{
	"next", "return", "returnto", "return_to", "returnurl", "return_url",
	"redirect", "redirect_to", "redirect_uri", "redirect_url", "redirecturl",
	"continue", "dest", "destination", "goto", "target", "from", "service", "came_from",
}

// LoginWords is what a person reads for a login redirect.
func LoginWords(final string) string {
	return "login redirect: the site sent the request to its sign-in page (" + final + ")"
}

// IsLoginRedirect reports whether a fetch of asked that ended on final was
// sent to a login page: final's path has a segment that marks a login page
// ("login", "signin", "auth", "sso", …) and a query parameter by which a
// login page is told where to send the reader back ("next", "return_to",
// "redirect_uri", …) that points back at asked (absolute, or as a path
// relative to final).
func IsLoginRedirect(asked, final *url.URL) bool {
	if asked == nil || final == nil || sameDoc(asked, final) {
		return false
	}
	if !hasLoginSegment(final.Path) {
		return false
	}
	for key, vals := range final.Query() {
		if !isReturnParam(key) {
			continue
		}
		for _, v := range vals {
			if pointsBack(asked, final, v) {
				return true
			}
		}
	}
	return false
}

func hasLoginSegment(p string) bool {
	for _, seg := range strings.Split(strings.ToLower(p), "/") {
		seg = strings.TrimSuffix(strings.TrimSuffix(seg, ".html"), ".php")
		for _, m := range loginPathMarkers {
			if seg == m {
				return true
			}
		}
	}
	return false
}

func isReturnParam(k string) bool {
	k = strings.ToLower(k)
	for _, p := range loginReturnParams {
		if k == p {
			return true
		}
	}
	return false
}

// pointsBack reports whether the return value v names asked. A value may be
// absolute, host-relative, or escaped once more than the query needs.
func pointsBack(asked, final *url.URL, v string) bool {
	for range 2 {
		ref, err := url.Parse(v)
		if err == nil {
			r := final.ResolveReference(ref)
			if strings.EqualFold(r.Host, asked.Host) && samePath(r.Path, asked.Path) &&
				(ref.RawQuery == "" || r.RawQuery == asked.RawQuery) {
				return true
			}
		}
		un, err := url.QueryUnescape(v)
		if err != nil || un == v {
			return false
		}
		v = un
	}
	return false
}

func samePath(a, b string) bool {
	if a == "" {
		a = "/"
	}
	if b == "" {
		b = "/"
	}
	return a == b
}

func sameDoc(a, b *url.URL) bool {
	return strings.EqualFold(a.Host, b.Host) && samePath(a.Path, b.Path) && a.RawQuery == b.RawQuery
}
