package linkcheck

import (
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// isAnchorFragment reports whether a fragment names a place in a document.
// Empty fragments, and script routes ("#/path", "#!path") that single-page
// applications read, are not anchors and are not checked.
func isAnchorFragment(f string) bool {
	return f != "" && !strings.HasPrefix(f, "/") && !strings.HasPrefix(f, "!")
}

// judgeFragment gives a fragment target its verdict from the anchors of its
// page (the caller holds mu). Each side lists the ids and names of the
// document tree only, as the HTML standard finds a fragment's element: an id
// inside a shadow tree (declared in the HTML or attached by script) or
// inside an inert <template> is not a target. Without the page's anchors (the crawl did not
// fetch and keep it in this run) the remembered verdict stands, or none.
func (c *Checker) judgeFragment(t *target, now time.Time) *Event {
	sides, ok := c.anchors[t.page]
	if !ok {
		if old := c.old[t.url]; old != nil {
			cp := *old
			cp.Remembered = true
			return &cp
		}
		return nil
	}
	ev := &Event{URL: t.url, CheckedAt: now}
	names := []string{t.fragment}
	if dec, err := url.PathUnescape(t.fragment); err == nil && dec != t.fragment {
		names = append(names, dec)
	}
	var in []fetch.Name
	for _, side := range []fetch.Name{fetch.Plain, fetch.Rendered} {
		list, ran := sides[side]
		if !ran {
			continue
		}
		for _, n := range names {
			if _, found := slices.BinarySearch(list, n); found {
				in = append(in, side)
				break
			}
		}
	}
	switch {
	case len(in) == 2:
		ev.Verdict, ev.Side, ev.Reason = OK, "both", "the page has this id or name as served and as rendered"
	case len(in) == 1 && in[0] == fetch.Plain:
		ev.Verdict, ev.Side, ev.Reason = OK, string(fetch.Plain), "the page as served has this id or name"
		if _, ran := sides[fetch.Rendered]; ran {
			ev.Reason += "; the rendered page no longer does"
		}
	case len(in) == 1:
		ev.Verdict, ev.Side, ev.Reason = OK, string(fetch.Rendered), "only the rendered page has this id or name: scripts add it"
	case strings.EqualFold(t.fragment, "top"):
		ev.Verdict, ev.Reason = OK, "#top is the top of the document"
	default:
		ev.Verdict, ev.Reason = Broken, "missing fragment: no element of the document has id or name \""+t.fragment+"\" (one inside a shadow root or a <template> is not a target)"
	}
	return ev
}
