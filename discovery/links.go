package discovery

import "github.com/webgraph/webgraph/fetch"

// Link is a hyperlink found on a page, by one or both sides.
type Link struct {
	URL      string // absolute and normalised (a hash route kept under --hash-routes)
	Anchor   string
	Nofollow bool
	Side     string // "plain", "rendered" or "both"
}

// Candidate is a URL a page offers to the crawl, with its citation.
type Candidate struct {
	URL      string
	Kind     Kind
	Side     string
	Citation Discovery
}

// Candidates turns the links of the page at foundOn (reached at depth) into
// candidates at depth+1: nofollow links are skipped, each URL is listed
// once (its first anchor wins, else the first non-empty one), and each is
// given its kind. sameSite tells the site's own hosts from external ones.
func Candidates(foundOn string, depth int, links []Link, sameSite func(host string) bool) []Candidate {
	var out []Candidate
	if len(links) > 0 {
		out = make([]Candidate, 0, len(links))
	}
	index := make(map[string]int, len(links))
	for _, l := range links {
		if l.Nofollow {
			continue
		}
		if i, ok := index[l.URL]; ok {
			if out[i].Citation.Anchor == "" {
				out[i].Citation.Anchor = l.Anchor
			}
			continue
		}
		u, err := fetch.ParseURL(l.URL)
		if err != nil {
			continue
		}
		index[l.URL] = len(out)
		out = append(out, Candidate{
			URL:      l.URL,
			Kind:     Classify(&u, sameSite),
			Side:     l.Side,
			Citation: Discovery{Via: ViaLink, FoundOn: foundOn, Anchor: l.Anchor, Depth: depth + 1},
		})
	}
	if len(out) == 0 {
		out = nil // all nofollow or unreadable: none, as before any was read
	}
	return out
}
