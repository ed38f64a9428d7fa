package policy

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// Scope is the set of URLs a crawl may fetch as pages: its approved origins
// (the seeds' origins and those named by the operator; subdomains are never
// implied) and, when given, path prefixes. Seeds are always in scope. A Scope
// is immutable and safe for concurrent use; build it with NewScope.
type Scope struct {
	origins map[string]bool
	paths   []string
	seeds   map[string]bool
}

// NewScope approves the origins of seeds and the extra origins
// ("scheme://host[:port]"), restricted to paths when paths is not empty. It
// returns an error naming each origin or path that is malformed.
func NewScope(seeds []*url.URL, origins, paths []string) (*Scope, error) {
	s := &Scope{origins: map[string]bool{}, paths: slices.Clone(paths), seeds: map[string]bool{}}
	var problems []string
	for _, u := range seeds {
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			problems = append(problems, fmt.Sprintf("seed %q is not an absolute http(s) URL", u))
			continue
		}
		s.origins[Origin(u)] = true
		if n, err := fetch.NormalizeURL(u); err == nil {
			s.seeds[n] = true
		}
	}
	for _, o := range origins {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			problems = append(problems, fmt.Sprintf("origin %q is not scheme://host[:port]", o))
			continue
		}
		s.origins[Origin(u)] = true
	}
	for _, p := range paths {
		if !strings.HasPrefix(p, "/") {
			problems = append(problems, fmt.Sprintf("allowed path %q must start with /", p))
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("policy: scope: %s", strings.Join(problems, "; "))
	}
	return s, nil
}

// Allows reports whether u may be fetched as a page: an approved origin and,
// when paths are set, one of their prefixes. Seeds are always in scope.
func (s *Scope) Allows(u *url.URL) bool {
	if !s.ApprovedOrigin(u) {
		return false
	}
	if len(s.paths) == 0 {
		return true
	}
	if n, err := fetch.NormalizeURL(u); err == nil && s.seeds[n] {
		return true
	}
	p := u.EscapedPath()
	for _, prefix := range s.paths {
		if strings.HasPrefix(p, prefix) {
			return true
		}
	}
	return false
}

// ApprovedOrigin reports whether u is on an approved origin, whatever its
// path: where sitemaps may be fetched and credentials sent.
func (s *Scope) ApprovedOrigin(u *url.URL) bool { return s.origins[Origin(u)] }

// SameSite reports whether host belongs to an approved origin (any scheme).
func (s *Scope) SameSite(host string) bool {
	host = strings.ToLower(host)
	for o := range s.origins {
		if strings.HasSuffix(o, "://"+host) {
			return true
		}
	}
	return false
}

// Origins returns the approved origins, sorted.
func (s *Scope) Origins() []string {
	out := make([]string, 0, len(s.origins))
	for o := range s.origins {
		out = append(out, o)
	}
	slices.Sort(out)
	return out
}

// Paths returns the allowed path prefixes (none: every path).
func (s *Scope) Paths() []string { return append([]string{}, s.paths...) }
