// Package audit says what JavaScript changed on a page: it sets the head
// fields the plain side read from the HTML as served against those the
// rendered side read from the live DOM, and names each difference with a
// finding from a closed set (docs/design.md, "What JavaScript changed"). It also
// decides what the page's robots directives allow: the stricter side wins.
package audit

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// Name names a finding; the values are the page event's "finding" field and
// may be given to --fail-on.
type Name string

// The closed set of findings.
const (
	TitleOnlyRendered       Name = "title_only_rendered"
	TitleChanged            Name = "title_changed"
	DescriptionOnlyRendered Name = "description_only_rendered"
	DescriptionChanged      Name = "description_changed"
	H1OnlyRendered          Name = "h1_only_rendered"
	H1Changed               Name = "h1_changed"
	CanonicalOnlyRendered   Name = "canonical_only_rendered"
	CanonicalMismatch       Name = "canonical_mismatch"
	NoindexOnlyPlain        Name = "noindex_only_plain"
	NoindexOnlyRendered     Name = "noindex_only_rendered"
	NofollowOnlyPlain       Name = "nofollow_only_plain"
	NofollowOnlyRendered    Name = "nofollow_only_rendered"
	HreflangChanged         Name = "hreflang_changed"
	StructuredDataChanged   Name = "structured_data_changed"
	LinksOnlyRendered       Name = "links_only_rendered"
	ContentOnlyRendered     Name = "content_only_rendered"
	JSErrors                Name = "js_errors"
	FailedRequests          Name = "failed_requests"
	BlockedResources        Name = "blocked_resources"
	JSRedirect              Name = "js_redirect"
	// CanonicalBroken is the crawl's finding, not a comparison of the two
	// sides: the page's canonical URL is a page the crawl refused (missing,
	// walled, disallowed, …). It is known only once that URL is fetched,
	// and the crawl adds it to the page's record then (see Finding.Detail).
	CanonicalBroken Name = "canonical_broken"
)

// Severity says how much a finding matters.
type Severity int

const (
	// Notice: worth a look; whether it matters depends on the site.
	Notice Severity = iota
	// Critical: a search engine will likely get the page wrong. The
	// finding's words say so first ("CRITICAL: ").
	Critical
)

// finding is one finding of the closed set: its name, the field of Fields
// (by its JSON name) whose difference it names, how much it matters, and
// what it means in one line, for a person deciding whether it matters.
type finding struct {
	name     Name
	field    string
	severity Severity
	words    string
}

// findings is the closed set, in the order findings are reported: the one
// table Names, ParseName, Words, Field and Severity read. Adding a finding
// is a constant above, a row here, and the comparison that finds it.
var findings = []finding{
	{TitleOnlyRendered, "title", Notice, "the title is written by JavaScript: the HTML as served has none"},
	{TitleChanged, "title", Notice, "JavaScript changes the title the HTML as served gives"},
	{DescriptionOnlyRendered, "description", Notice, "the meta description is written by JavaScript: the HTML as served has none"},
	{DescriptionChanged, "description", Notice, "JavaScript changes the meta description the HTML as served gives"},
	{H1OnlyRendered, "h1", Notice, "the first h1 is written by JavaScript: the HTML as served has none"},
	{H1Changed, "h1", Notice, "JavaScript changes the first h1 of the HTML as served"},
	{CanonicalOnlyRendered, "canonical", Notice, "the canonical link is added by JavaScript: crawlers that do not render see none"},
	{CanonicalMismatch, "canonical", Notice, "the canonical URL in the HTML as served differs from the rendered one: crawlers get two answers"},
	{NoindexOnlyPlain, "robots", Critical, "noindex only in the HTML as served; JavaScript removes it, but a search engine may never render the page to see that, and will drop it"},
	{NoindexOnlyRendered, "robots", Notice, "JavaScript adds noindex: crawlers that do not render will index a page meant to stay out"},
	{NofollowOnlyPlain, "robots", Notice, "nofollow only in the HTML as served; JavaScript removes it: crawlers that do not render will not follow its links"},
	{NofollowOnlyRendered, "robots", Notice, "JavaScript adds nofollow: crawlers that do not render will follow links meant not to be followed"},
	{HreflangChanged, "hreflang", Notice, "the hreflang alternates differ between the HTML as served and the rendered page"},
	{StructuredDataChanged, "structured_data", Notice, "the JSON-LD structured data types differ between the HTML as served and the rendered page"},
	{LinksOnlyRendered, "links", Notice, "some links exist only after JavaScript runs: crawlers that do not render cannot find their targets from here"},
	{ContentOnlyRendered, "words", Notice, "most of the text is written by JavaScript: the HTML as served has under half the rendered words"},
	{JSErrors, "console_errors", Notice, "the page's scripts logged errors or threw uncaught exceptions while rendering"},
	{FailedRequests, "failed_requests", Notice, "requests the page made while rendering failed (HTTP errors or network failures)"},
	{BlockedResources, "blocked_resources", Notice, "webgraph blocked requests the page made to render itself (robots.txt of their host, scope, a private address, WebSockets): the render may be incomplete"},
	{JSRedirect, "navigations", Notice, "a script sends the browser elsewhere (a new document, or the history API moving the URL): crawlers that do not run scripts stay on this URL"},
	{CanonicalBroken, "canonical", Critical, "the canonical URL names a page the crawl found missing or refused: search engines may ignore the canonical or drop the page with it"},
}

// lookup returns n's row of the table; ok is false for a name outside the
// set.
func lookup(n Name) (f finding, ok bool) {
	for _, f := range findings {
		if f.name == n {
			return f, true
		}
	}
	return finding{}, false
}

// Names returns every finding name, in the order findings are reported. The
// slice is a new copy each call.
func Names() []Name {
	names := make([]Name, len(findings))
	for i, f := range findings {
		names[i] = f.name
	}
	return names
}

// UnknownNameError is ParseName's error for a name outside the set.
type UnknownNameError struct{ Name string }

func (e *UnknownNameError) Error() string {
	return fmt.Sprintf("audit: unknown finding %q", e.Name)
}

// ParseName returns the finding named s, or an *UnknownNameError.
func ParseName(s string) (Name, error) {
	if _, ok := lookup(Name(s)); ok {
		return Name(s), nil
	}
	return "", &UnknownNameError{Name: s}
}

// Words says in one line, for a person deciding whether it matters, what
// finding n means; a critical finding's words begin "CRITICAL: ". A name
// outside the set is its own words.
func Words(n Name) string {
	f, ok := lookup(n)
	switch {
	case !ok:
		return string(n)
	case f.severity == Critical:
		return "CRITICAL: " + f.words
	}
	return f.words
}

// Field returns the JSON name of the field of Fields (or Script) whose
// difference n names, e.g. "title" for TitleChanged: the row a field table
// shows the finding on. A name outside the set is its own field.
func (n Name) Field() string {
	if f, ok := lookup(n); ok {
		return f.field
	}
	return string(n)
}

// Severity returns how much n matters; Notice for a name outside the set.
func (n Name) Severity() Severity {
	f, _ := lookup(n)
	return f.severity
}

// Fields are one side's values of what the audit compares.
type Fields struct {
	Title          string            `json:"title"`
	Description    string            `json:"description"`
	H1             string            `json:"h1"`
	Canonical      string            `json:"canonical"`
	Robots         []string          `json:"robots"`
	Hreflang       map[string]string `json:"hreflang"`
	StructuredData []string          `json:"structured_data"`
	Links          int               `json:"links"`
	Words          int               `json:"words"`
	// Script is what only a render can tell; nil on the plain side.
	*Script
}

// Script is what a render recorded of the page's scripts at work.
type Script struct {
	ConsoleErrors    []fetch.ConsoleError    `json:"console_errors"`
	FailedRequests   []fetch.FailedRequest   `json:"failed_requests"`
	BlockedResources []fetch.BlockedResource `json:"blocked_resources"`
	// Navigations are the main document's script and meta-refresh hops
	// (fetch.Redirect.Via says which), the history API's included.
	Navigations []fetch.Redirect `json:"navigations"`
}

// Finding is one difference, with both sides' values.
type Finding struct {
	Finding  Name   `json:"finding"`
	Plain    any    `json:"plain"`
	Rendered any    `json:"rendered"`
	Words    string `json:"words"`
	// Detail is what the crawl learned beyond the two sides, for a
	// finding only the crawl can tell (CanonicalBroken: the canonical
	// URL and how the crawl refused it); empty otherwise.
	Detail string `json:"detail,omitempty"`
}

// Audit is a page's audit: each side's fields (nil when that side did not
// run or gave no usable page) and the findings, empty when the sides agree
// or only one side stands.
type Audit struct {
	Plain    *Fields   `json:"plain,omitempty"`
	Rendered *Fields   `json:"rendered,omitempty"`
	Findings []Finding `json:"findings"`
}

// Noindex reports whether either side's directives say noindex (the
// stricter side wins): the page's text is not retained.
func (a *Audit) Noindex() bool {
	return a != nil && (noindex(a.Plain) || noindex(a.Rendered))
}

// Nofollow reports whether either side's directives say nofollow: the page's
// links are recorded, not followed.
func (a *Audit) Nofollow() bool {
	return a != nil && (nofollow(a.Plain) || nofollow(a.Rendered))
}

// Has reports whether a holds finding n.
func (a *Audit) Has(n Name) bool {
	return a != nil && slices.ContainsFunc(a.Findings, func(f Finding) bool { return f.Finding == n })
}

func noindex(f *Fields) bool  { return f != nil && fetch.Noindex(f.Robots) }
func nofollow(f *Fields) bool { return f != nil && fetch.Nofollow(f.Robots) }

// MaxListed caps the values a finding lists (links only rendering found).
const MaxListed = 20

// Of audits a page from its two sides; either may be nil. A side counts when
// it produced an HTML page with a 2xx status.
func Of(plain, rendered *fetch.Side) *Audit {
	a := &Audit{Findings: []Finding{}}
	if usable(plain) {
		a.Plain = fieldsOf(plain)
	}
	if usable(rendered) {
		a.Rendered = fieldsOf(rendered)
		h := rendered.Head
		a.Rendered.Script = &Script{
			ConsoleErrors:    nonNil(h.ConsoleErrors),
			FailedRequests:   nonNil(h.FailedRequests),
			BlockedResources: nonNil(rendered.BlockedResources),
			Navigations:      []fetch.Redirect{},
		}
		for _, r := range rendered.Redirects {
			if r.Status == 0 {
				a.Rendered.Navigations = append(a.Rendered.Navigations, r)
			}
		}
	}
	if a.Plain != nil && a.Rendered != nil {
		a.Findings = compare(a.Plain, a.Rendered, plain, rendered)
	}
	return a
}

func usable(s *fetch.Side) bool {
	return s.Usable() && s.Status/100 == 2
}

func fieldsOf(s *fetch.Side) *Fields {
	h := s.Head
	return &Fields{
		Title: s.Title, Description: h.Description, H1: h.H1, Canonical: s.Canonical,
		Robots: nonNil(h.Robots), Hreflang: nonNilMap(h.Hreflang), StructuredData: nonNil(h.StructuredData),
		Links: len(s.Links), Words: s.Words,
	}
}

func compare(p, r *Fields, ps, rs *fetch.Side) []Finding {
	out := []Finding{}
	add := func(n Name, pv, rv any) {
		out = append(out, Finding{Finding: n, Plain: pv, Rendered: rv, Words: Words(n)})
	}
	text := func(pv, rv string, only, changed Name) {
		switch {
		case pv == rv:
		case pv == "":
			add(only, pv, rv)
		default:
			add(changed, pv, rv)
		}
	}
	text(p.Title, r.Title, TitleOnlyRendered, TitleChanged)
	text(p.Description, r.Description, DescriptionOnlyRendered, DescriptionChanged)
	text(p.H1, r.H1, H1OnlyRendered, H1Changed)
	text(p.Canonical, r.Canonical, CanonicalOnlyRendered, CanonicalMismatch)
	if pn, rn := noindex(p), noindex(r); pn != rn {
		add(map[bool]Name{true: NoindexOnlyPlain, false: NoindexOnlyRendered}[pn], p.Robots, r.Robots)
	}
	if pn, rn := nofollow(p), nofollow(r); pn != rn {
		add(map[bool]Name{true: NofollowOnlyPlain, false: NofollowOnlyRendered}[pn], p.Robots, r.Robots)
	}
	if !maps.Equal(p.Hreflang, r.Hreflang) {
		add(HreflangChanged, p.Hreflang, r.Hreflang)
	}
	if !slices.Equal(p.StructuredData, r.StructuredData) {
		add(StructuredDataChanged, p.StructuredData, r.StructuredData)
	}
	if only := onlyRendered(ps.Links, rs.Links); len(only) > 0 {
		add(LinksOnlyRendered, p.Links, only)
	}
	if r.Words >= fetch.MinWords && 2*p.Words < r.Words {
		add(ContentOnlyRendered, p.Words, r.Words)
	}
	if len(r.ConsoleErrors) > 0 {
		add(JSErrors, nil, r.ConsoleErrors)
	}
	if len(r.FailedRequests) > 0 {
		add(FailedRequests, nil, r.FailedRequests)
	}
	if len(r.BlockedResources) > 0 {
		add(BlockedResources, nil, r.BlockedResources)
	}
	// A meta refresh is followed without a browser too (the plain side
	// does): only a script's hop is one a crawler that does not render
	// misses.
	if slices.ContainsFunc(r.Navigations, func(h fetch.Redirect) bool { return h.Via != fetch.ViaMeta }) {
		add(JSRedirect, ps.FinalURL, r.Navigations)
	}
	return out
}

// onlyRendered lists the link URLs the rendered side found and the plain side
// did not, in order, at most MaxListed.
func onlyRendered(plain, rendered []fetch.Link) []string {
	have := make(map[string]bool, len(plain))
	for _, l := range plain {
		have[l.URL] = true
	}
	out := []string{}
	for _, l := range rendered {
		if !have[l.URL] && !slices.Contains(out, l.URL) {
			have[l.URL] = true
			if len(out) < MaxListed {
				out = append(out, l.URL)
			}
		}
	}
	return out
}

// Tally counts findings by name, every name present, zeros included.
type Tally map[Name]int

// NewTally returns a Tally with every name at zero.
func NewTally() Tally {
	t := Tally{}
	for _, n := range Names() {
		t[n] = 0
	}
	return t
}

// Add counts a's findings.
func (t Tally) Add(a *Audit) {
	if a == nil {
		return
	}
	for _, f := range a.Findings {
		t[f.Finding]++
	}
}

// String lists the non-zero counts, for people: "title_changed 2, js_errors 1".
func (t Tally) String() string {
	var parts []string
	for _, n := range Names() {
		if t[n] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", n, t[n]))
		}
	}
	return strings.Join(parts, ", ")
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
