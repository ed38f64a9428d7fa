package union

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

// mergeLinksFresh is mergeLinks as first written: an index of its own per
// call.
func mergeLinksFresh(sides []*fetch.Side, routes bool) (links []Link, long int) {
	index := map[string]int{}
	tooLong := map[string]bool{}
	var out []Link
	for _, s := range sides {
		for _, l := range s.Links {
			if routes && l.Fragment != "" {
				l.URL = routeURL(l)
			}
			if len(l.URL) > fetch.MaxURLBytes {
				tooLong[l.URL] = true
				continue
			}
			i, ok := index[l.URL]
			if !ok {
				index[l.URL] = len(out)
				out = append(out, Link{Link: l, Found: s.Name.Found()})
				continue
			}
			m := &out[i]
			if m.Found != s.Name.Found() {
				m.Found = fetch.BothSides
			}
			if m.Anchor == "" {
				m.Anchor = l.Anchor
			}
			m.Nofollow = m.Nofollow && l.Nofollow
		}
	}
	return out, len(tooLong)
}

// sidesOf reads two sides' links from a compact form: "plain ; rendered",
// each URLs separated by spaces, with an optional "|anchor" and a "!"
// before a nofollow one.
func sidesOf(s string) []*fetch.Side {
	plain, rendered, _ := strings.Cut(s, ";")
	var sides []*fetch.Side
	for i, part := range []string{plain, rendered} {
		side := &fetch.Side{Name: fetch.Plain}
		if i == 1 {
			side.Name = fetch.Rendered
		}
		for f := range strings.FieldsSeq(part) {
			var l fetch.Link
			if rest, ok := strings.CutPrefix(f, "!"); ok {
				l.Nofollow, f = true, rest
			}
			l.URL, l.Anchor, _ = strings.Cut(f, "|")
			l.URL, l.Fragment, _ = strings.Cut(l.URL, "#")
			side.Links = append(side.Links, l)
		}
		sides = append(sides, side)
	}
	return sides
}

var mergePages = []string{
	"http://h/a|A http://h/b !http://h/a|again ; http://h/b|B http://h/c !http://h/a",
	"http://h/a#/route|R http://h/a#/other ; http://h/a",
	"; http://h/only-rendered|R http://h/only-rendered|twice",
	"",
	"http://h/" + strings.Repeat("x", fetch.MaxURLBytes) + " http://h/a|short",
	"http://h/a http://h/b|second ; http://h/a|late",
}

// TestMergeLinksAsAFreshIndex holds mergeLinks, whose index of URLs is
// reused from page to page, to one made per page: pages in a row, with and
// without routes, and one page of many links between them.
func TestMergeLinksAsAFreshIndex(t *testing.T) {
	var big strings.Builder
	for i := range 3 * maxPooledIndex {
		fmt.Fprintf(&big, "http://h/p/%d|P%d ", i%(2*maxPooledIndex), i)
	}
	pages := append(append(append([]string{}, mergePages...), big.String()), mergePages...)
	for _, routes := range []bool{false, true, false} {
		for i, p := range pages {
			got, gotLong := mergeLinks(sidesOf(p), routes)
			want, wantLong := mergeLinksFresh(sidesOf(p), routes)
			if !reflect.DeepEqual(got, want) || gotLong != wantLong {
				t.Errorf("routes %v, page %d: mergeLinks gives %+v (%d long); want %+v (%d)", routes, i, got, gotLong, want, wantLong)
			}
		}
	}
}

// FuzzMergeLinks holds mergeLinks to a fresh index for any pages read one
// after the other.
func FuzzMergeLinks(f *testing.F) {
	for i := range mergePages {
		f.Add(mergePages[i], mergePages[(i+1)%len(mergePages)], i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, first, second string, routes bool) {
		for _, p := range []string{first, second, first} {
			got, gotLong := mergeLinks(sidesOf(p), routes)
			want, wantLong := mergeLinksFresh(sidesOf(p), routes)
			if !reflect.DeepEqual(got, want) || gotLong != wantLong {
				t.Fatalf("page %q: mergeLinks gives %+v (%d long); want %+v (%d)", p, got, gotLong, want, wantLong)
			}
		}
	})
}
