package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/store"
)

// The crawl's shape, as site owners look for it first: pages by status, by
// depth, and the slowest. Each is a few rows whatever the crawl's size.
const (
	// SlowestPages is how many of the slowest pages are listed.
	SlowestPages = 10
	// deepest is the depth from which pages are counted together.
	deepest = 15
)

type shape struct {
	ByStatus []bar
	ByDepth  []bar
	Slowest  []slowPage
}

// slowPage is one of the slowest pages: the longer of its sides' times.
type slowPage struct {
	URL, Label  string
	MS          int64
	Plain, Rend string // each side's time in words; "-" for a side that did not run
	Status      int
	Refused     bool
}

// shapeTally gathers the shape page by page, in memory bounded by the
// number of statuses and depths.
type shapeTally struct {
	status  map[int]int
	depth   map[int]int
	slowest []slowPage // the SlowestPages slowest so far, slowest first
}

func newShapeTally() *shapeTally {
	return &shapeTally{status: map[int]int{}, depth: map[int]int{}}
}

func (t *shapeTally) add(p store.PageRow, ev *crawl.PageEvent) {
	t.status[p.Status]++
	t.depth[min(ev.Citation.Depth, deepest)]++
	sp := slowPage{URL: safetext.Clean(p.URL), Label: safetext.Clean(pageLabel(ev.Title, p.URL)), Status: p.Status, Refused: !p.OK, Plain: "-", Rend: "-"}
	if s, ok := ev.Sides[fetch.Plain]; ok {
		sp.MS, sp.Plain = max(sp.MS, s.MS), fmt.Sprintf("%d ms", s.MS)
	}
	if s, ok := ev.Sides[fetch.Rendered]; ok {
		sp.MS, sp.Rend = max(sp.MS, s.MS), fmt.Sprintf("%d ms", s.MS)
	}
	if len(t.slowest) == SlowestPages && sp.MS <= t.slowest[len(t.slowest)-1].MS {
		return
	}
	i, _ := slices.BinarySearchFunc(t.slowest, sp.MS, func(e slowPage, ms int64) int { return cmp.Compare(ms, e.MS) })
	t.slowest = slices.Insert(t.slowest, i, sp)
	if len(t.slowest) > SlowestPages {
		t.slowest = t.slowest[:SlowestPages]
	}
}

func (t *shapeTally) layout() shape {
	var sh shape
	statuses := make([]int, 0, len(t.status))
	for st := range t.status {
		statuses = append(statuses, st)
	}
	slices.Sort(statuses)
	for _, st := range statuses {
		label, color := fmt.Sprint(st), "#9e9e9e"
		switch {
		case st == 0:
			label = "no answer"
		case st < 300:
			color = "#2e7d32"
		case st < 400:
			color = "#1565c0"
		case st < 500:
			color = "#ef6c00"
		default:
			color = "#c62828"
		}
		sh.ByStatus = append(sh.ByStatus, bar{Label: label, Count: t.status[st], Color: color})
	}
	depths := make([]int, 0, len(t.depth))
	for d := range t.depth {
		depths = append(depths, d)
	}
	slices.Sort(depths)
	for _, d := range depths {
		label := fmt.Sprint(d)
		if d == deepest {
			label = fmt.Sprintf("%d or more", deepest)
		}
		sh.ByDepth = append(sh.ByDepth, bar{Label: label, Count: t.depth[d], Color: "#00838f"})
	}
	scaleBars(sh.ByStatus)
	scaleBars(sh.ByDepth)
	sh.Slowest = t.slowest
	return sh
}

// scaleBars sets each bar's width as its share of the largest, keeping
// their order.
func scaleBars(bs []bar) {
	most := 0
	for _, b := range bs {
		most = max(most, b.Count)
	}
	for i := range bs {
		if most > 0 && bs[i].Count > 0 {
			bs[i].Width = math.Max(100*float64(bs[i].Count)/float64(most), 0.5)
		}
	}
}
