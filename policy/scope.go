package policy

import (
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/webgraph/webgraph/fetch"
)

// Scope is the set of URLs a crawl may fetch as pages: its approved origins
// (the seeds' origins and those named by the operator; subdomains are never
// implied) and, when given, path prefixes and the operator's include and
// exclude regular expressions. Seeds are always in scope. A Scope is safe
// for concurrent use; build it with NewScope. Its origins grow only by Join
// (the origin a seed's own redirect lands on); the rest never changes.
type Scope struct {
	origins atomic.Pointer[approved] // replaced whole by Join
	named   map[string]bool          // the seeds' and --origin's: never changes
	joinMu  sync.Mutex
	paths   []string
	seeds   map[string]bool
	include []*regexp.Regexp
	exclude []*regexp.Regexp
}

// NewScope approves the origins of seeds and the extra origins
// ("scheme://host[:port]"), restricted to paths when paths is not empty, and
// to URLs that match one of include (when not empty) and none of exclude
// (Go regular expressions, unanchored, matched against the whole URL). It
// returns an error naming each origin, path or pattern that is malformed.
func NewScope(seeds []*url.URL, origins, paths, include, exclude []string) (*Scope, error) {
	approved := map[string]bool{}
	s := &Scope{paths: slices.Clone(paths), seeds: map[string]bool{}}
	var problems []string
	for _, u := range seeds {
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			problems = append(problems, fmt.Sprintf("seed %q is not an absolute http(s) URL", u))
			continue
		}
		approved[Origin(u)] = true
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
		approved[Origin(u)] = true
	}
	s.named = maps.Clone(approved)
	s.origins.Store(newApproved(approved))
	for _, p := range paths {
		if !strings.HasPrefix(p, "/") {
			problems = append(problems, fmt.Sprintf("allowed path %q must start with /", p))
		}
	}
	compile := func(flag string, patterns []string) []*regexp.Regexp {
		var out []*regexp.Regexp
		for _, p := range patterns {
			re, err := regexp.Compile(p)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s pattern %q: %v", flag, p, err))
				continue
			}
			out = append(out, re)
		}
		return out
	}
	s.include, s.exclude = compile("include", include), compile("exclude", exclude)
	if len(problems) > 0 {
		return nil, fmt.Errorf("policy: scope: %s", strings.Join(problems, "; "))
	}
	return s, nil
}

// ScopeVerdict is a Scope's answer for one URL.
type ScopeVerdict struct {
	// Allowed is true when the URL may be fetched as a page.
	Allowed bool
	// Filtered is true when the URL is on an approved origin and path but
	// the operator's include or exclude patterns turn it away.
	Filtered bool
	// Reason says why a URL is not allowed, in words for a person; empty
	// when it is.
	Reason string
}

// Judge says whether u may be fetched as a page, and why not: it must be on
// an approved origin, under one of the paths (when set), match one of the
// include patterns (when set) and none of the exclude patterns. Seeds are
// always in scope.
func (s *Scope) Judge(u *url.URL) ScopeVerdict {
	if !s.ApprovedOrigin(u) {
		return ScopeVerdict{Reason: "outside the approved origins"}
	}
	if len(s.paths) == 0 && len(s.include) == 0 && len(s.exclude) == 0 {
		return ScopeVerdict{Allowed: true}
	}
	if n, err := fetch.NormalizeURL(u); err == nil && s.seeds[n] {
		return ScopeVerdict{Allowed: true}
	}
	if len(s.paths) > 0 {
		p := u.EscapedPath()
		if !slices.ContainsFunc(s.paths, func(prefix string) bool { return strings.HasPrefix(p, prefix) }) {
			return ScopeVerdict{Reason: "outside the allowed paths"}
		}
	}
	raw := u.String()
	for _, re := range s.exclude {
		if re.MatchString(raw) {
			return ScopeVerdict{Filtered: true, Reason: "matches the exclude pattern " + re.String()}
		}
	}
	if len(s.include) > 0 && !slices.ContainsFunc(s.include, func(re *regexp.Regexp) bool { return re.MatchString(raw) }) {
		return ScopeVerdict{Filtered: true, Reason: "matches no include pattern"}
	}
	return ScopeVerdict{Allowed: true}
}

// Allows reports whether u may be fetched as a page; see Judge.
func (s *Scope) Allows(u *url.URL) bool { return s.Judge(u).Allowed }

// ApprovedOrigin reports whether u is on an approved origin, whatever its
// path: where sitemaps may be fetched and credentials sent.
func (s *Scope) ApprovedOrigin(u *url.URL) bool {
	var buf [64]byte
	return s.origins.Load().origins[string(appendOrigin(buf[:0], u))]
}

// Named reports whether u is on an origin the operator named: a seed's
// (as typed) or one given as an extra origin, not one a seed's redirect
// joined. Only these receive the operator's credentials (--header,
// --cookie), and only these may be on a private network under
// --block-private (docs/design.md, "Scope grows only one way").
func (s *Scope) Named(u *url.URL) bool { return s.named[Origin(u)] }

// NamedOrigins returns the origins the operator named, sorted.
func (s *Scope) NamedOrigins() []string {
	out := slices.Collect(maps.Keys(s.named))
	slices.Sort(out)
	return out
}

// Join approves u's origin for the rest of the crawl, as the seeds' origins
// are, and reports whether it was new. It is meant for the origin a seed's
// own redirect lands on (http to https, apex to www, a moved domain); the
// caller says so. Other redirects never join.
func (s *Scope) Join(u *url.URL) bool {
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	o := Origin(u)
	s.joinMu.Lock()
	defer s.joinMu.Unlock()
	old := s.origins.Load().origins
	if old[o] {
		return false
	}
	next := maps.Clone(old)
	next[o] = true
	s.origins.Store(newApproved(next))
	return true
}

// approved is the approved origins, and the hosts SameSite answers for.
type approved struct {
	origins map[string]bool
	// hosts holds, for each origin, what follows each "://" in it (its
	// host[:port]): the hosts h for which the origin ends in "://"+h.
	hosts map[string]bool
}

func newApproved(origins map[string]bool) *approved {
	a := &approved{origins: origins, hosts: map[string]bool{}}
	for o := range origins {
		for rest := o; ; { // matches of "://" cannot overlap
			_, after, ok := strings.Cut(rest, "://")
			if !ok {
				break
			}
			a.hosts[after] = true
			rest = after
		}
	}
	return a
}

// SameSite reports whether host belongs to an approved origin (any scheme):
// whether an approved origin ends in "://" and host, in lower case.
func (s *Scope) SameSite(host string) bool {
	return s.origins.Load().hosts[strings.ToLower(host)]
}

// Origins returns the approved origins, sorted.
func (s *Scope) Origins() []string {
	origins := s.origins.Load().origins
	out := make([]string, 0, len(origins))
	for o := range origins {
		out = append(out, o)
	}
	slices.Sort(out)
	return out
}

// Paths returns the allowed path prefixes (none: every path).
func (s *Scope) Paths() []string { return append([]string{}, s.paths...) }

// Include returns the include patterns (none: every URL).
func (s *Scope) Include() []string { return patterns(s.include) }

// Exclude returns the exclude patterns.
func (s *Scope) Exclude() []string { return patterns(s.exclude) }

func patterns(res []*regexp.Regexp) []string {
	out := []string{}
	for _, re := range res {
		out = append(out, re.String())
	}
	return out
}

// Excluded reports whether u matches one of the operator's exclude
// patterns, as written or in normal form: a URL the operator named as not
// to be fetched, which also gets none of the operator's credentials when a
// page's own scripts ask for it (fetch('/logout')).
func (s *Scope) Excluded(u *url.URL) bool {
	raws := []string{u.String()}
	if n, err := fetch.NormalizeURL(u); err == nil {
		raws = append(raws, n)
	}
	for _, re := range s.exclude {
		for _, raw := range raws {
			if re.MatchString(raw) {
				return true
			}
		}
	}
	return false
}
