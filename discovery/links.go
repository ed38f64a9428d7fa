package discovery

import (
	"sync"

	"github.com/webgraph/webgraph/fetch"
)

// Link is a hyperlink found on a page, by one or both sides.
type Link struct {
	URL      string // absolute and normalised (a hash route kept under --hash-routes)
	Anchor   string
	Nofollow bool
	Side     fetch.LinkSide
}

// Candidate is a URL a page offers to the crawl, with its citation.
type Candidate struct {
	URL      string
	Kind     Kind
	Side     fetch.LinkSide
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
	out = AppendCandidates(out, foundOn, depth, links, sameSite)
	if len(out) == 0 {
		out = nil // all nofollow or unreadable: none, as before any was read
	}
	return out
}

// AppendCandidates is Candidates appending to dst, so that a caller may
// reuse one slice from page to page.
func AppendCandidates(dst []Candidate, foundOn string, depth int, links []Link, sameSite func(host string) bool) []Candidate {
	index := indexes.Get().(map[string]int)
	defer putIndex(index)
	for _, l := range links {
		if l.Nofollow {
			continue
		}
		if i, ok := index[l.URL]; ok {
			if dst[i].Citation.Anchor == "" {
				dst[i].Citation.Anchor = l.Anchor
			}
			continue
		}
		u, err := fetch.ParseURL(l.URL)
		if err != nil {
			continue
		}
		index[l.URL] = len(dst)
		dst = append(dst, Candidate{
			URL:      l.URL,
			Kind:     Classify(&u, sameSite),
			Side:     l.Side,
			Citation: Discovery{Via: ViaLink, FoundOn: foundOn, Anchor: l.Anchor, Depth: depth + 1},
		})
	}
	return dst
}

// indexes holds the maps Candidates finds a page's repeated URLs with, so
// that each page does not make one of its own.
var indexes = sync.Pool{New: func() any { return map[string]int{} }}

// putIndex empties m and gives it back, unless a page of very many links
// made it large: emptying a map costs as much as it once held.
func putIndex(m map[string]int) {
	if len(m) > maxPooledIndex {
		return
	}
	clear(m)
	indexes.Put(m)
}

// maxPooledIndex is the most URLs a map given back to indexes may hold.
const maxPooledIndex = 1024
