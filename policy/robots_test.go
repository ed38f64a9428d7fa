package policy

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/temoto/robotstxt"
)

// decide parses body and returns the verdict for agent on path.
func decide(body, agent, path string) (bool, string, string) {
	m := ParseRobots([]byte(body)).ForAgent(agent)
	ok, rule := m.Group.Decide(path)
	line := ""
	if rule != nil {
		line = rule.Line
	}
	return ok, m.Name, line
}

// RFC 9309 2.2.1: the user-agent line.
func TestAgentMatching(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body, agent, path string
		allowed                 bool
		group                   string
	}{
		{"own group wins over *", "User-agent: *\nDisallow: /\n\nUser-agent: webgraph\nDisallow: /private", "webgraph", "/public", true, "webgraph"},
		{"case-insensitive", "User-agent: WebGraph\nDisallow: /x", "webgraph", "/x", false, "webgraph"},
		{"version after the token", "User-agent: webgraph/2.0\nDisallow: /x", "webgraph", "/x", false, "webgraph"},
		{"prefix is not a match (foo vs FooBot)", "User-agent: foo\nDisallow: /\n\nUser-agent: *\nDisallow: /star", "FooBot", "/page", true, "*"},
		{"longer token is not a match", "User-agent: webgraphx\nDisallow: /", "webgraph", "/page", true, ""},
		{"falls back to *", "User-agent: other\nDisallow: /\n\nUser-agent: *\nDisallow: /star", "webgraph", "/star/x", false, "*"},
		{"no group: allow all", "User-agent: other\nDisallow: /", "webgraph", "/x", true, ""},
		{"groups for one agent combine", "User-agent: webgraph\nDisallow: /a\n\nUser-agent: other\nDisallow: /\n\nUser-agent: webgraph\nDisallow: /b", "webgraph", "/b", false, "webgraph"},
		{"consecutive user-agent lines share a group", "User-agent: other\nUser-agent: webgraph\nDisallow: /shared", "webgraph", "/shared", false, "webgraph"},
		{"a group naming * and webgraph is ours", "User-agent: *\nUser-agent: webgraph\nDisallow: /both", "webgraph", "/both", false, "webgraph"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, group, _ := decide(tt.body, "webgraph", tt.path)
			if tt.agent != "webgraph" {
				ok, group, _ = decide(tt.body, tt.agent, tt.path)
			}
			if ok != tt.allowed || group != tt.group {
				t.Errorf("allowed=%v group=%q; want %v %q", ok, group, tt.allowed, tt.group)
			}
		})
	}
}

// RFC 9309 2.2.2 and 2.2.3: rules, special characters and precedence.
func TestRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, rules, path string
		allowed           bool
		rule              string
	}{
		{"no rule matches", "Disallow: /private", "/public", true, ""},
		{"prefix match", "Disallow: /private", "/private/x", false, "Disallow: /private"},
		{"longest match wins", "Disallow: /a\nAllow: /a/b", "/a/b/c", true, "Allow: /a/b"},
		{"longest match wins the other way", "Allow: /a\nDisallow: /a/b", "/a/b", false, "Disallow: /a/b"},
		{"tie: allow wins, allow first", "Allow: /p\nDisallow: /p", "/p", true, "Allow: /p"},
		{"tie: allow wins, disallow first", "Disallow: /p\nAllow: /p", "/p", true, "Allow: /p"},
		{"wildcard", "Disallow: /*.php", "/dir/index.php?x=1", false, "Disallow: /*.php"},
		{"end anchor", "Disallow: /*.php$", "/index.php", false, "Disallow: /*.php$"},
		{"end anchor does not match longer", "Disallow: /*.php$", "/index.php?x=1", true, ""},
		{"wildcard is anchored at the start", "Disallow: /fish*", "/a/fish", true, ""},
		{"wildcard ranked by pattern octets", "Allow: /dept/\nDisallow: /*/reports", "/dept/reports", false, "Disallow: /*/reports"},
		{"wildcard ranked by octets, shorter loses", "Allow: /dept/reports/\nDisallow: /*/reports", "/dept/reports/q1", true, "Allow: /dept/reports/"},
		{"a $ inside a pattern is literal", "Disallow: /a$b", "/a$b/c", false, "Disallow: /a$b"},
		{"case-sensitive paths", "Disallow: /Fish", "/fish", true, ""},
		{"percent-encoded rule matches plain path", "Disallow: /%7Efoo", "/~foo", false, "Disallow: /%7Efoo"},
		{"plain rule matches percent-encoded path", "Disallow: /~bar", "/%7ebar", false, "Disallow: /~bar"},
		{"UTF-8 rule matches the encoded URL", "Disallow: /ünïcode", "/%C3%BCn%C3%AFcode", false, "Disallow: /ünïcode"},
		{"escape case ignored", "Disallow: /a%2fb", "/a%2Fb", false, "Disallow: /a%2fb"},
		{"reserved escape stays distinct", "Disallow: /a%2Fb", "/a/b", true, ""},
		{"empty disallow matches nothing", "Disallow:", "/x", true, ""},
		{"query is part of the path", "Disallow: /search?q=", "/search?q=go", false, "Disallow: /search?q="},
		{"robots.txt always allowed", "Disallow: /", "/robots.txt", true, ""},
		{"# right after a value is a comment", "Disallow: /private#no space", "/private", false, "Disallow: /private#no space"},
		{"# comment does not widen the rule", "Disallow: /x#/y", "/xy", false, "Disallow: /x#/y"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, _, rule := decide("User-agent: *\n"+tt.rules, "webgraph", tt.path)
			if ok != tt.allowed || rule != tt.rule {
				t.Errorf("%q on %s: allowed=%v rule=%q; want %v %q", tt.rules, tt.path, ok, rule, tt.allowed, tt.rule)
			}
		})
	}
}

// The parsing gaps of temoto/robotstxt that policy closes (RFC 9309 2.2:
// skip what does not parse, use what does).
func TestParsingGaps(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body, path string
		allowed          bool
		delay            *float64
	}{
		{"rule before the first user-agent is skipped, not fatal", "Disallow: /orphan\nUser-agent: *\nDisallow: /x", "/x", false, nil},
		{"the orphan rule applies to nobody", "Disallow: /orphan\nUser-agent: *\nDisallow: /x", "/orphan", true, nil},
		{"invalid crawl-delay is skipped, not fatal", "User-agent: *\nCrawl-delay: soon\nDisallow: /x", "/x", false, nil},
		{"crawl-delay does not end the group", "User-agent: webgraph\nCrawl-delay: 2\nDisallow: /x", "/x", false, ptr(2.0)},
		{"fractional crawl-delay", "User-agent: *\nCrawl-delay: 0.5", "/", true, ptr(0.5)},
		{"lines without a colon are skipped", "User-agent: *\nthis is not a rule\nDisallow: /x", "/x", false, nil},
		// Google's parser (and its RFC 9309 conformance cases) accept white
		// space as the separator after a known key.
		{"whitespace separator", "user-agent webgraph\ndisallow /x", "/x", false, nil},
		{"whitespace separator, tab", "User-agent\t*\nDisallow\t/y", "/y", false, nil},
		{"whitespace separator, allow wins", "User-agent *\nDisallow /\nAllow /open", "/open", true, nil},
		{"an unknown first word is not a key", "User-agent: *\nplease disallow /x", "/x", true, nil},
		{"CRLF line ends", "User-agent: *\r\nDisallow: /x\r\n", "/x", false, nil},
		{"BOM", "\xef\xbb\xbfUser-agent: *\nDisallow: /x", "/x", false, nil},
		{"keys are case-insensitive", "USER-AGENT: *\nDISALLOW: /x", "/x", false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ParseRobots([]byte(tt.body))
			m := r.ForAgent("webgraph")
			ok, _ := m.Group.Decide(tt.path)
			if ok != tt.allowed {
				t.Errorf("allowed=%v; want %v (warnings %q)", ok, tt.allowed, r.Warnings)
			}
			if tt.delay != nil && (m.Group.CrawlDelay == nil || *m.Group.CrawlDelay != *tt.delay) {
				t.Errorf("crawl-delay = %v; want %v", m.Group.CrawlDelay, *tt.delay)
			}
		})
	}
	// temoto rejects the whole file for the first and third cases above:
	for _, body := range []string{"Disallow: /orphan\nUser-agent: *\nDisallow: /x", "User-agent: *\nCrawl-delay: soon\nDisallow: /x"} {
		if _, err := robotstxt.FromString(body); err == nil {
			t.Logf("temoto now accepts %q: the gap may be closed upstream", body)
		}
	}
}

func TestSizeLimit(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /early\n")
	for b.Len() < MaxRobotsBytes {
		b.WriteString("# padding padding padding padding padding padding padding padding\n")
	}
	b.WriteString("Disallow: /late\n")
	r := ParseRobots([]byte(b.String()))
	g := r.ForAgent("webgraph").Group
	if ok, _ := g.Decide("/early"); ok {
		t.Error("/early allowed; the rule before the limit must apply")
	}
	if ok, _ := g.Decide("/late"); !ok {
		t.Error("/late disallowed; a rule after 500 KiB must be ignored")
	}
	if len(r.Warnings) == 0 {
		t.Error("no warning for the oversized file")
	}
}

func TestSitemaps(t *testing.T) {
	t.Parallel()
	r := ParseRobots([]byte("Sitemap: http://s/a.xml\nUser-agent: *\nDisallow: /x\nSitemap: http://s/b.xml # the second\n"))
	if got := strings.Join(r.Sitemaps, " "); got != "http://s/a.xml http://s/b.xml" {
		t.Errorf("Sitemaps = %q", got)
	}
}

// TestAgreesWithTemoto compares verdicts with temoto/robotstxt, an
// independent implementation, on files where its known gaps cannot apply:
// one "*" group, plain prefixes, no ties, no escapes.
func TestAgreesWithTemoto(t *testing.T) {
	t.Parallel()
	patterns := []string{"/", "/a", "/ab", "/a/", "/a/b", "/a/b/c", "/b", "/b/a", "/abc/d", "/c"}
	paths := []string{"/", "/a", "/ab", "/abc", "/a/b", "/a/b/c/d", "/b", "/b/a/x", "/abc/d", "/c/x", "/d"}
	rng := rand.New(rand.NewPCG(9309, 1))
	for i := range 3000 {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for _, j := range rng.Perm(len(patterns))[:1+rng.IntN(5)] {
			verb := "Disallow"
			if rng.IntN(2) == 0 {
				verb = "Allow"
			}
			fmt.Fprintf(&b, "%s: %s\n", verb, patterns[j])
		}
		body := b.String()
		theirs, err := robotstxt.FromString(body)
		if err != nil {
			t.Fatalf("temoto rejects %q: %v", body, err)
		}
		for _, p := range paths {
			ours, _, _ := decide(body, "webgraph", p)
			if want := theirs.TestAgent(p, "webgraph"); ours != want {
				t.Fatalf("case %d: %q on %s: ours %v, temoto %v", i, body, p, ours, want)
			}
		}
	}
}

// FuzzRobots: parsing never panics, verdicts are deterministic, and
// /robots.txt is always allowed.
func FuzzRobots(f *testing.F) {
	f.Add("User-agent: *\nDisallow: /", "/x")                                  // everything disallowed
	f.Add("User-agent: webgraph\nAllow: /a$\nDisallow: /*b*c$", "/abc")        // wildcards and anchors
	f.Add("Disallow: /x\nCrawl-delay: nope\nUser-agent: *\nAllow: /%7e", "/~") // orphans and escapes
	f.Add("User-agent: *\nDisallow: /ü#c\nSitemap: ::", "/%C3%BC")             // UTF-8 and junk
	f.Add("\x00\xff\n:\n::::\nUser-agent:\nDisallow: ****$$$", "/$")           // garbage
	f.Fuzz(func(t *testing.T, body, path string) {
		r := ParseRobots([]byte(body))
		m := r.ForAgent(AgentToken)
		a1, r1 := m.Group.Decide(path)
		a2, r2 := ParseRobots([]byte(body)).ForAgent(AgentToken).Group.Decide(path)
		if a1 != a2 || (r1 == nil) != (r2 == nil) || (r1 != nil && r1.Line != r2.Line) {
			t.Fatalf("not deterministic: %v %v vs %v %v", a1, r1, a2, r2)
		}
		if ok, _ := m.Group.Decide("/robots.txt"); !ok {
			t.Fatal("/robots.txt disallowed")
		}
	})
}

func ptr[T any](v T) *T { return &v }
