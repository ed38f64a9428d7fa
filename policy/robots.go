package policy

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// MaxRobotsBytes is how much of a robots.txt is parsed (RFC 9309 2.5: at
// least 500 KiB). Anything after it is ignored.
const MaxRobotsBytes = 500 << 10

// Rule is one allow or disallow line of a group.
type Rule struct {
	Allow   bool
	Pattern string // normalised: percent-escapes canonical, non-ASCII escaped
	Line    string // the line as written, for people
	LineNo  int
}

// Group is the set of lines that apply to one or more user agents.
type Group struct {
	Agents     []string // product tokens as written
	Rules      []Rule
	CrawlDelay *float64 // seconds; nil when the group sets none
	Lines      []string // the group's member lines, verbatim
}

// Robots is a parsed robots.txt. Parsing never fails: lines that do not
// parse are skipped and named in Warnings, as RFC 9309 asks.
type Robots struct {
	Groups   []*Group
	Sitemaps []string
	Warnings []string
}

// ParseRobots reads a robots.txt body (at most MaxRobotsBytes of it).
//
// It follows RFC 9309: keys are case-insensitive; '#' starts a comment
// wherever it stands; consecutive user-agent lines share one group; a group
// ends at the next user-agent line that follows a member line; Crawl-delay
// (not in the RFC) is a member line and does not end a group; rules before
// the first user-agent line belong to no group and are skipped; Sitemap
// lines belong to no group.
func ParseRobots(body []byte) *Robots {
	r := &Robots{}
	if len(body) > MaxRobotsBytes {
		body = body[:MaxRobotsBytes]
		if i := bytes.LastIndexAny(body, "\r\n"); i >= 0 {
			body = body[:i] // drop the cut line
		}
		r.Warnings = append(r.Warnings, fmt.Sprintf("robots.txt is larger than %d bytes: parsed the first %d", MaxRobotsBytes, MaxRobotsBytes))
	}
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")) // UTF-8 BOM
	var cur *Group
	inAgents := false // the last line was a user-agent line
	for n, raw := range strings.FieldsFunc(string(body), func(c rune) bool { return c == '\n' || c == '\r' }) {
		lineNo := n + 1
		line := raw
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		key, val, ok := splitLine(line)
		if !ok {
			r.Warnings = append(r.Warnings, fmt.Sprintf("line %d: no colon, skipped: %q", lineNo, raw))
			continue
		}
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		verbatim := strings.TrimSpace(raw)
		switch key {
		case "user-agent", "useragent", "user agent":
			if !inAgents {
				cur = &Group{}
				r.Groups = append(r.Groups, cur)
			}
			cur.Agents = append(cur.Agents, val)
			inAgents = true
		case "allow", "disallow":
			inAgents = false
			if cur == nil {
				r.Warnings = append(r.Warnings, fmt.Sprintf("line %d: %s before any user-agent line, skipped", lineNo, key))
				continue
			}
			cur.Lines = append(cur.Lines, verbatim)
			if val == "" {
				continue // "Disallow:" with no path matches nothing
			}
			cur.Rules = append(cur.Rules, Rule{Allow: key == "allow", Pattern: normalizePattern(val), Line: verbatim, LineNo: lineNo})
		case "crawl-delay":
			inAgents = false
			if cur == nil {
				r.Warnings = append(r.Warnings, fmt.Sprintf("line %d: crawl-delay before any user-agent line, skipped", lineNo))
				continue
			}
			d, err := strconv.ParseFloat(val, 64)
			if err != nil || d < 0 || d != d {
				r.Warnings = append(r.Warnings, fmt.Sprintf("line %d: crawl-delay %q is not a number of seconds, skipped", lineNo, val))
				continue
			}
			cur.Lines = append(cur.Lines, verbatim)
			cur.CrawlDelay = &d
		case "sitemap":
			if val != "" {
				r.Sitemaps = append(r.Sitemaps, val)
			}
		default:
			// Unknown keys (host, clean-param, …) are neither rules nor
			// errors, and do not end a group.
		}
	}
	r.Warnings = capWarnings(r.Warnings, MaxRobotsWarnings)
	return r
}

// productToken returns the leading product token of a user-agent value: the
// run of letters, '_' and '-' (RFC 9309 2.2.1), e.g. "Googlebot" of
// "Googlebot/2.1". "*" stays "*".
// splitLine splits a robots.txt line into key and value at its colon. As
// Google's parser and its RFC 9309 conformance cases do, a line without a
// colon whose first word is a known key ("disallow /", "user-agent FooBot")
// is split at the white space after that word instead.
func splitLine(line string) (key, val string, ok bool) {
	if key, val, ok = strings.Cut(line, ":"); ok {
		return key, val, true
	}
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return "", "", false
	}
	switch strings.ToLower(line[:i]) {
	case "user-agent", "useragent", "allow", "disallow", "crawl-delay", "sitemap":
		return line[:i], line[i+1:], true
	}
	return "", "", false
}

func productToken(v string) string {
	if strings.HasPrefix(v, "*") {
		return "*"
	}
	end := 0
	for end < len(v) {
		c := v[end]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-') {
			break
		}
		end++
	}
	return v[:end]
}

// Match is the group that applies to an agent: Name is the agent token that
// matched ("*" for the catch-all), and Group merges every group naming it
// (RFC 9309 2.2.1). Group is nil when no group applies (everything allowed).
type Match struct {
	Name  string
	Group *Group
}

// ForAgent returns the group for agent, matched case-insensitively against
// whole product tokens, falling back to "*".
func (r *Robots) ForAgent(agent string) Match {
	agent = strings.ToLower(productToken(agent))
	var exact, star []*Group
	for _, g := range r.Groups {
		isExact, isStar := false, false
		for _, a := range g.Agents {
			switch t := strings.ToLower(productToken(a)); {
			case t == "*":
				isStar = true
			case t != "" && t == agent:
				isExact = true
			}
		}
		if isExact {
			exact = append(exact, g)
		} else if isStar {
			star = append(star, g)
		}
	}
	switch {
	case len(exact) > 0:
		return Match{Name: agent, Group: merge(exact)}
	case len(star) > 0:
		return Match{Name: "*", Group: merge(star)}
	}
	return Match{}
}

func merge(gs []*Group) *Group {
	if len(gs) == 1 {
		return gs[0]
	}
	m := &Group{}
	for _, g := range gs {
		m.Agents = append(m.Agents, g.Agents...)
		m.Rules = append(m.Rules, g.Rules...)
		m.Lines = append(m.Lines, g.Lines...)
		if g.CrawlDelay != nil && (m.CrawlDelay == nil || *g.CrawlDelay > *m.CrawlDelay) {
			m.CrawlDelay = g.CrawlDelay
		}
	}
	return m
}

// Decide returns whether path (the URL's path and query, escaped as in the
// URL) is allowed by g, and the deciding rule (nil when none matched). The
// longest matching pattern wins, counted in octets; between an allow and a
// disallow of equal length, allow wins (RFC 9309 2.2.2). /robots.txt is
// always allowed.
func (g *Group) Decide(path string) (bool, *Rule) {
	if g == nil {
		return true, nil
	}
	if path == "" {
		path = "/"
	}
	if path == "/robots.txt" {
		return true, nil
	}
	p := normalizePath(path)
	var best *Rule
	for i := range g.Rules {
		r := &g.Rules[i]
		if !matchPattern(r.Pattern, p) {
			continue
		}
		if best == nil || len(r.Pattern) > len(best.Pattern) || (len(r.Pattern) == len(best.Pattern) && r.Allow && !best.Allow) {
			best = r
		}
	}
	if best == nil {
		return true, nil
	}
	return best.Allow, best
}

// matchPattern matches a normalised pattern against a normalised path from
// its start: '*' matches any run of characters, and '$' at the very end
// anchors the match at the path's end. A '$' elsewhere is a literal.
func matchPattern(pat, path string) bool {
	anchored := strings.HasSuffix(pat, "$")
	if anchored {
		pat = pat[:len(pat)-1]
	}
	parts := strings.Split(pat, "*")
	if !strings.HasPrefix(path, parts[0]) {
		return false
	}
	pos := len(parts[0])
	if len(parts) == 1 {
		return !anchored || pos == len(path)
	}
	for _, part := range parts[1 : len(parts)-1] {
		i := strings.Index(path[pos:], part)
		if i < 0 {
			return false
		}
		pos += i + len(part)
	}
	last := parts[len(parts)-1]
	if anchored {
		return len(path)-pos >= len(last) && strings.HasSuffix(path, last)
	}
	return strings.Contains(path[pos:], last)
}

// normalizePattern and normalizePath bring rules and paths to one form
// before comparing (RFC 9309 2.2.2): escapes of unreserved characters are
// decoded, other escapes upper-cased, and octets outside printable ASCII
// percent-encoded, so "/%7Efoo" and "/~foo" compare equal and a UTF-8 rule
// matches its percent-encoded URL.
func normalizePattern(s string) string { return fetch.CanonicalEscapes(s) }
func normalizePath(s string) string    { return fetch.CanonicalEscapes(s) }
