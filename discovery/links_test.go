package discovery

import (
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// candidatesFresh is Candidates as first written: a map of its own per call.
func candidatesFresh(foundOn string, depth int, links []Link, sameSite func(string) bool) []Candidate {
	var out []Candidate
	index := map[string]int{}
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
		u, err := url.Parse(l.URL)
		if err != nil {
			continue
		}
		index[l.URL] = len(out)
		out = append(out, Candidate{URL: l.URL, Kind: Classify(u, sameSite), Side: l.Side,
			Citation: Discovery{Via: ViaLink, FoundOn: foundOn, Anchor: l.Anchor, Depth: depth + 1}})
	}
	return out
}

func site(host string) bool { return host == "127.0.0.1:8080" }

// linksOf reads a page's links from a compact form: URLs separated by
// spaces, each with an optional "|anchor" and a "!" before it for nofollow.
func linksOf(s string) []Link {
	var out []Link
	for f := range strings.FieldsSeq(s) {
		l := Link{Side: "plain"}
		if rest, ok := strings.CutPrefix(f, "!"); ok {
			l.Nofollow, f = true, rest
		}
		l.URL, l.Anchor, _ = strings.Cut(f, "|")
		out = append(out, l)
	}
	return out
}

var candidatePages = []string{
	"http://127.0.0.1:8080/a|A http://127.0.0.1:8080/b http://127.0.0.1:8080/a|again http://127.0.0.1:8080/b|B",
	"!http://127.0.0.1:8080/a|hidden http://127.0.0.1:8080/a|shown http://example.org/x.pdf|doc",
	"http://127.0.0.1:8080/c http://[::1 http://127.0.0.1:8080/feed.xml http://127.0.0.1:8080/c|late",
	"",
	"!http://127.0.0.1:8080/only-nofollow",
	"http://127.0.0.1:8080/a http://127.0.0.1:8080/b|second-page",
}

// TestCandidatesAsAFreshIndex holds Candidates, whose index of URLs is
// reused from page to page, to one made per page: pages in a row, one page
// of many links between them, each URL still listed once with its first
// anchor or else the first non-empty one.
func TestCandidatesAsAFreshIndex(t *testing.T) {
	var big strings.Builder
	for i := range 3 * maxPooledIndex {
		fmt.Fprintf(&big, "http://127.0.0.1:8080/p/%d|P%d ", i%(2*maxPooledIndex), i)
	}
	pages := append(append(slices.Clone(candidatePages), big.String()), candidatePages...)
	for round := range 2 {
		for i, p := range pages {
			links := linksOf(p)
			got := Candidates("http://127.0.0.1:8080/from", 2, links, site)
			want := candidatesFresh("http://127.0.0.1:8080/from", 2, links, site)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round %d, page %d: Candidates gives\n %+v\nwant\n %+v", round, i, got, want)
			}
		}
	}
	got := Candidates("http://127.0.0.1:8080/from", 0, linksOf(candidatePages[0]), site)
	if len(got) != 2 || got[0].Citation.Anchor != "A" || got[1].Citation.Anchor != "B" || got[1].Citation.Depth != 1 {
		t.Errorf("Candidates of the first page = %+v; want /a (A) and /b (B) at depth 1", got)
	}
}

// TestAppendCandidatesReused holds AppendCandidates, given the slice it
// gave for the page before (emptied, its room kept), to a fresh index: a
// URL met twice still finds its first entry, never one the slice held
// before, and the slice's own entries before dst's length stay as they were.
func TestAppendCandidatesReused(t *testing.T) {
	var dst []Candidate
	for round := range 2 {
		for i, p := range candidatePages {
			links := linksOf(p)
			dst = AppendCandidates(dst[:0], "http://127.0.0.1:8080/from", 1, links, site)
			want := candidatesFresh("http://127.0.0.1:8080/from", 1, links, site)
			if len(dst) != len(want) || (len(want) > 0 && !reflect.DeepEqual(dst, want)) {
				t.Errorf("round %d, page %d: AppendCandidates gives\n %+v\nwant\n %+v", round, i, dst, want)
			}
		}
	}
	head := []Candidate{{URL: "http://127.0.0.1:8080/kept", Citation: Discovery{Anchor: ""}}}
	got := AppendCandidates(head, "http://127.0.0.1:8080/from", 0, linksOf(candidatePages[0]), site)
	want := append([]Candidate{{URL: "http://127.0.0.1:8080/kept"}}, candidatesFresh("http://127.0.0.1:8080/from", 0, linksOf(candidatePages[0]), site)...)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("AppendCandidates after one entry gives\n %+v\nwant\n %+v", got, want)
	}
}

// FuzzCandidates holds Candidates to a fresh index for any two pages read
// one after the other.
func FuzzCandidates(f *testing.F) {
	for i := range candidatePages {
		f.Add(candidatePages[i], candidatePages[(i+1)%len(candidatePages)])
	}
	f.Fuzz(func(t *testing.T, first, second string) {
		for _, p := range []string{first, second, first} {
			links := linksOf(p)
			got := Candidates("http://127.0.0.1:8080/", 0, links, site)
			want := candidatesFresh("http://127.0.0.1:8080/", 0, links, site)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("page %q: Candidates gives %+v; want %+v", p, got, want)
			}
		}
	})
}
