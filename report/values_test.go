package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/fetch"
)

// side is a usable page as one side read it.
func side(name fetch.Name, mod func(s *fetch.Side)) *fetch.Side {
	s := &fetch.Side{Name: name, URL: "http://h.example/p", FinalURL: "http://h.example/p", Status: 200, Title: "A page", Words: 40,
		Canonical: "http://h.example/p", Head: fetch.Head{Description: "About it", H1: "A page", Robots: []string{}, Hreflang: map[string]string{"en": "http://h.example/p"},
			StructuredData: []string{"WebPage"}}}
	mod(s)
	return s
}

const longURL = "http://h.example/assets/a-very-long-path/that-goes-on/and-on/and-on/for-more-than-eighty-characters/bundle.js?v=1234567890"

// everyFinding makes, with audit.Of, pages whose two sides differ in every
// way the audit names, and returns each finding once, as a report reads it
// back from the event (through JSON).
func everyFinding(t *testing.T) map[audit.Name]audit.Finding {
	t.Helper()
	pairs := [][2]*fetch.Side{
		{ // one way of each pair of findings on a field...
			side(fetch.Plain, func(s *fetch.Side) {
				s.Title, s.Head.Description, s.Head.H1, s.Canonical = "", "", "", ""
				s.Head.Robots = []string{"noindex", "nofollow"}
				s.Words = 5
				s.Links = []fetch.Link{{URL: "http://h.example/a"}}
			}),
			side(fetch.Rendered, func(s *fetch.Side) {
				s.Head.Hreflang = map[string]string{"en": "http://h.example/p", "de": "http://h.example/de/p\u202e"}
				s.Head.StructuredData = []string{"Product", "WebPage"}
				s.Links = []fetch.Link{{URL: "http://h.example/a"}, {URL: "http://h.example/only-rendered"}, {URL: longURL}}
				s.Head.ConsoleErrors = []fetch.ConsoleError{{Message: `Uncaught TypeError: x is {"not":"a function"}`, Source: "http://h.example/app.js:3"}}
				s.Head.FailedRequests = []fetch.FailedRequest{{URL: "http://h.example/api/data", Status: 500}, {URL: "http://h.example/gone.js", Error: "net::ERR_CONNECTION_REFUSED"}}
				s.BlockedResources = []fetch.BlockedResource{
					{URL: "http://127.0.0.2:1/elsewhere.js", Reason: fetch.DeniedDisallowed, Detail: "Disallow: /"},
					{URL: "http://h.example/next.html", Reason: fetch.DeniedType, Detail: "prefetches are dropped"},
					{URL: longURL, Reason: fetch.DeniedDisallowed, Detail: "Disallow: /"},
				}
				s.Redirects = []fetch.Redirect{{From: "http://h.example/p", To: "http://h.example/moved", Status: 0}}
			}),
		},
		{ // ...and the other
			side(fetch.Plain, func(s *fetch.Side) {}),
			side(fetch.Rendered, func(s *fetch.Side) {
				s.Title, s.Head.Description, s.Head.H1, s.Canonical = "Another title", "Another description", "Another h1", "http://h.example/other"
				s.Head.Robots = []string{"noindex", "nofollow"}
			}),
		},
	}
	got := map[audit.Name]audit.Finding{}
	for _, p := range pairs {
		a := audit.Of(p[0], p[1])
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var back audit.Audit
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		for _, f := range back.Findings {
			got[f.Finding] = f
		}
	}
	// The one finding the crawl adds, not the comparison of the sides:
	// as crawl/canonicals.go writes it into the page's event.
	got[audit.CanonicalBroken] = audit.Finding{Finding: audit.CanonicalBroken, Words: audit.Words(audit.CanonicalBroken),
		Plain: "http://h.example/gone", Rendered: "http://h.example/gone",
		Detail: "http://h.example/gone: refused, missing: HTTP 404 Not Found"}
	for _, n := range audit.Names() {
		if _, ok := got[n]; !ok {
			t.Errorf("no sample of %s: give the pages above a difference that makes it", n)
		}
	}
	return got
}

var (
	tag    = regexp.MustCompile(`<[^>]*>`)
	inline = regexp.MustCompile(`<wbr>|</?span[^>]*>`) // inside a line of text
)

// visible is the text of html without its tags, entities decoded as a
// browser shows them.
func visible(html string) string {
	s := inline.ReplaceAllString(html, "")
	s = tag.ReplaceAllString(s, " ")
	return strings.NewReplacer("&lt;", "<", "&gt;", ">", "&#34;", `"`, "&quot;", `"`, "&#39;", "'", "&amp;", "&").Replace(s)
}

// Every finding's two values, as the report shows them: words and lists a
// person reads, never JSON; what was blocked said with why and the URLs
// listed; maps as two-column tables; long URLs shortened in the middle and
// whole on hover.
func TestEveryFindingInWords(t *testing.T) {
	t.Parallel()
	findings := everyFinding(t)
	want := map[audit.Name][]string{
		audit.TitleChanged:          {"A page", "Another title"},
		audit.TitleOnlyRendered:     {"none", "A page"},
		audit.CanonicalMismatch:     {"http://h.example/p", "http://h.example/other"},
		audit.NoindexOnlyPlain:      {"noindex, nofollow", "no robots directives"},
		audit.HreflangChanged:       {"language", "alternate URL", "de", `http://h.example/de/p\u202e`, "en"},
		audit.StructuredDataChanged: {"WebPage", "Product, WebPage"},
		audit.LinksOnlyRendered:     {"1 link", "2 links found only once JavaScript ran:", "http://h.example/only-rendered"},
		audit.ContentOnlyRendered:   {"5 words", "40 words"},
		audit.JSErrors:              {"not applicable", "1 error while the page rendered:", `Uncaught TypeError: x is {"not":"a function"}`, "(from http://h.example/app.js:3)"},
		audit.FailedRequests:        {"2 requests failed", "http://h.example/api/data: HTTP 500", "http://h.example/gone.js: net::ERR_CONNECTION_REFUSED"},
		audit.BlockedResources: {"webgraph blocked 3 requests the page made while rendering:",
			"2 requests blocked because their host's robots.txt disallows them for webgraph (Disallow: /):", "http://127.0.0.2:1/elsewhere.js",
			"1 request blocked because a render for text never makes such requests (prefetches are dropped):", "http://h.example/next.html"},
		audit.JSRedirect: {"a crawler that does not render stays at", "http://h.example/p → http://h.example/moved"},
	}
	for _, n := range audit.Names() {
		f, ok := findings[n]
		if !ok {
			continue
		}
		var html bytes.Buffer
		for _, v := range []shown{showFinding(n, f.Plain, false), showFinding(n, f.Rendered, true)} {
			if err := page().ExecuteTemplate(&html, "value", v); err != nil {
				t.Fatal(err)
			}
			html.WriteString("\n")
		}
		text := strings.Join(strings.Fields(visible(html.String())), " ")
		if text == "" {
			t.Errorf("%s: shows nothing", n)
		}
		// The one finding whose value quotes a script's own words may hold
		// braces; no other value may look like JSON or a Go map.
		if n != audit.JSErrors {
			for _, never := range []string{`{"`, `[{`, `":`, "map[", `{}`, `[]`} {
				if strings.Contains(text, never) {
					t.Errorf("%s: the reader sees %q:\n%s", n, never, text)
				}
			}
		}
		for _, w := range want[n] {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the reader does not see %q in:\n%s", n, w, text)
			}
		}
		if n == audit.BlockedResources || n == audit.LinksOnlyRendered {
			if strings.Contains(text, longURL) || !strings.Contains(html.String(), `title="`+attr(longURL)+`"`) {
				t.Errorf("%s: a long URL is not shortened in the middle with the whole on hover:\n%s", n, html.String())
			}
			if start := string([]rune(longURL)[:shortURLRunes*9/16]) + "…"; !strings.Contains(text, start) {
				t.Errorf("%s: the long URL's start is not shown:\n%s", n, text)
			}
		}
		if n == audit.HreflangChanged && !strings.Contains(html.String(), `<table class="pairs">`) {
			t.Errorf("%s: the alternates are not a table:\n%s", n, html.String())
		}
	}
}

// attr is s as html/template writes it in an attribute.
func attr(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&#34;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// A value of a shape no finding gives (a future field, an older crawl's) is
// still words: lists item by item, maps as tables, objects as pairs.
func TestAnyValueInWords(t *testing.T) {
	t.Parallel()
	var v any
	json.Unmarshal([]byte(`{"b":[{"url":"http://h.example/x","n":2,"ok":true}],"a":"http://h.example/a","c":null}`), &v)
	var many []any
	for i := range 14 {
		many = append(many, fmt.Sprintf("http://h.example/%d", i))
	}
	for _, tc := range []struct {
		v    any
		want []string
	}{
		{v, []string{"a", "http://h.example/a", "b", "n: 2; ok: yes; url: http://h.example/x", "c", "none"}},
		{many, []string{"http://h.example/0", "http://h.example/9", "and 4 more"}},
		{[]fetch.BlockedResource{{URL: "http://h.example/z", Reason: "new_reason"}}, []string{"reason: new_reason; url: http://h.example/z"}},
		{3.5, []string{"3.5"}},
	} {
		var html bytes.Buffer
		if err := page().ExecuteTemplate(&html, "value", showAny(tc.v)); err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(visible(html.String())), " ")
		for _, never := range []string{`{"`, `[{`, "map["} {
			if strings.Contains(text, never) {
				t.Errorf("showAny(%v): the reader sees %q: %s", tc.v, never, text)
			}
		}
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("showAny(%v) = %s; want %q", tc.v, text, w)
			}
		}
		if slices.Contains(tc.want, "and 4 more") && strings.Contains(text, "http://h.example/10") {
			t.Errorf("showAny(14 URLs) lists past %d: %s", maxListed, text)
		}
	}
	// A blocked request of a reason this report does not know is still a
	// sentence, with the reason in words.
	s := showFinding(audit.BlockedResources, []any{map[string]any{"url": "http://h.example/q", "reason": "some_new_cause"}}, true)
	if len(s.Groups) != 1 || !strings.Contains(s.Groups[0].Text, "of some new cause") {
		t.Errorf("an unknown reason: %+v", s)
	}
}

// Every cause the gate denies a request for is said in words, not as the
// cause's name: a new cause without its sentence fails here.
func TestBlockedWhySaysEveryCause(t *testing.T) {
	for _, c := range fetch.DenialCauses() {
		if blockedWhy[c] == "" {
			t.Errorf("blocked_resources of cause %q would be shown by its name; blockedWhy has no sentence for it", c)
		}
	}
}
