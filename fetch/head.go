package fetch

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"
)

// MetaAgent is the product token webgraph answers to in robots directives:
// <meta name="webgraph"> and "X-Robots-Tag: webgraph: …". It equals
// policy.AgentToken (fetch cannot import policy; a test holds them equal).
const MetaAgent = "webgraph"

// Caps on what a page's head may put into a Side: a hostile page can hold
// any number of tags, of any length.
const (
	MaxHeadField      = 1000    // runes of title, description, h1
	MaxDirectives     = 50      // robots directives kept per side
	MaxHreflang       = 200     // hreflang alternates kept per side
	MaxTypes          = 100     // distinct JSON-LD @types kept per side
	MaxJSONLDScripts  = 50      // JSON-LD scripts read per page
	MaxJSONLDBytes    = 1 << 20 // bytes of one JSON-LD script read
	MaxJSONLDDepth    = 64      // nesting walked inside one JSON-LD document
	MaxConsoleErrors  = 100     // console errors and exceptions kept per render
	MaxFailedRequests = 100     // failed subresource requests kept per render
)

// Head is what a side read from a page's head and markup beyond its text and
// links: the fields the audit compares (docs/design.md, "What
// JavaScript changed"). The plain side reads the HTML as served, the rendered side the
// live DOM after the wait. Title and canonical stay on Side. The zero value
// means nothing was read.
type Head struct {
	// Description is <meta name="description">'s content.
	Description string
	// H1 is the text of the first <h1>.
	H1 string
	// Robots are the robots directives that apply to webgraph, lower case,
	// in the order given: <meta name="robots">, <meta name="webgraph">,
	// then the X-Robots-Tag header's unscoped and webgraph-scoped
	// directives. At most MaxDirectives.
	Robots []string
	// Hreflang maps each <link rel="alternate" hreflang> language (lower
	// case) to its absolute URL. At most MaxHreflang entries.
	Hreflang map[string]string
	// StructuredData are the distinct JSON-LD @type values, sorted. At most
	// MaxTypes.
	StructuredData []string
	// ConsoleErrors are the console errors and uncaught exceptions of a
	// render, in order, at most MaxConsoleErrors. Rendered side only.
	ConsoleErrors []ConsoleError
	// FailedRequests are the subresource requests of a render that failed
	// (HTTP 4xx/5xx or a network error), at most MaxFailedRequests; the
	// requests webgraph itself blocked are not among them. Rendered side only.
	FailedRequests []FailedRequest
}

// ConsoleError is one console error or uncaught exception of a render.
type ConsoleError struct {
	Message string `json:"message"`
	// Source is where it came from: a script URL with line, or the
	// console API's kind.
	Source string `json:"source,omitempty"`
}

// FailedRequest is one subresource request of a render that failed: Status
// for an HTTP error answer, Error for a network failure.
type FailedRequest struct {
	URL    string `json:"url"`
	Status int    `json:"status,omitempty"`
	Error  string `json:"error,omitempty"`
}

// Clip collapses white space in s and cuts it to at most n runes.
func Clip(s string, n int) string {
	s = CollapseSpace(s)
	if utf8.RuneCountInString(s) > n { // counted as []rune(s) counts: a bad byte is one U+FFFD
		s = string([]rune(s)[:n])
	}
	return s
}

// RobotsContent splits the content of a robots meta tag into directives,
// lower case, empty ones dropped.
func RobotsContent(content string) []string {
	var out []string
	for _, d := range strings.Split(content, ",") {
		if d = strings.ToLower(CollapseSpace(d)); d != "" {
			out = append(out, d)
		}
	}
	return out
}

// robotsValued are the directives that carry a value after a colon; any
// other "name: …" in an X-Robots-Tag names the crawler it is for.
var robotsValued = []string{"max-snippet", "max-image-preview", "max-video-preview", "unavailable_after"}

// XRobotsTag returns the directives of X-Robots-Tag header values that apply
// to agent: those with no crawler named, and those after "agent:" (case
// insensitive). A crawler name applies to the directives after it in the
// same header value, until another name. Directives are lower case.
func XRobotsTag(values []string, agent string) []string {
	var out []string
	for _, v := range values {
		scope := ""
		for _, tok := range strings.Split(v, ",") {
			tok = strings.ToLower(CollapseSpace(tok))
			if name, rest, ok := strings.Cut(tok, ":"); ok && !slices.Contains(robotsValued, strings.TrimSpace(name)) {
				scope, tok = strings.TrimSpace(name), strings.TrimSpace(rest)
			}
			if tok == "" || (scope != "" && scope != strings.ToLower(agent)) {
				continue
			}
			out = append(out, tok)
		}
	}
	return out
}

// Noindex reports whether robots directives forbid keeping the page's text:
// "noindex" or "none".
func Noindex(directives []string) bool {
	return slices.Contains(directives, "noindex") || slices.Contains(directives, "none")
}

// Nofollow reports whether robots directives forbid following the page's
// links: "nofollow" or "none".
func Nofollow(directives []string) bool {
	return slices.Contains(directives, "nofollow") || slices.Contains(directives, "none")
}

// CapDirectives removes duplicates from d, keeping the first of each, and
// cuts it to MaxDirectives, each at most MaxHeadField runes.
func CapDirectives(d []string) []string {
	var out []string
	for _, x := range d {
		x = Clip(x, MaxHeadField)
		if !slices.Contains(out, x) && len(out) < MaxDirectives {
			out = append(out, x)
		}
	}
	return out
}

// JSONLDTypes returns the distinct @type values in JSON-LD documents
// (the text of <script type="application/ld+json"> elements), sorted. It
// reads at most MaxJSONLDScripts documents of MaxJSONLDBytes each, walks
// MaxJSONLDDepth levels deep, keeps MaxTypes types of MaxHeadField runes,
// and skips what does not parse.
func JSONLDTypes(docs []string) []string {
	seen := map[string]bool{}
	var walk func(v any, depth int)
	add := func(t any) {
		if s, ok := t.(string); ok {
			if s = Clip(s, MaxHeadField); s != "" && len(seen) < MaxTypes {
				seen[s] = true
			}
		}
	}
	walk = func(v any, depth int) {
		if depth > MaxJSONLDDepth {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			switch t := v["@type"].(type) {
			case []any:
				for _, x := range t {
					add(x)
				}
			default:
				add(t)
			}
			for _, x := range v {
				walk(x, depth+1)
			}
		case []any:
			for _, x := range v {
				walk(x, depth+1)
			}
		}
	}
	for i, d := range docs {
		if i >= MaxJSONLDScripts {
			break
		}
		if len(d) > MaxJSONLDBytes {
			continue // cut JSON does not parse
		}
		var v any
		if json.Unmarshal([]byte(d), &v) == nil {
			walk(v, 0)
		}
	}
	out := make([]string, 0, len(seen))
	for t := range seen {
		out = append(out, t)
	}
	slices.Sort(out)
	return out
}
