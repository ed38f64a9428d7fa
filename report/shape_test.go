package report

import (
	"fmt"
	"testing"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/store"
)

func TestShape(t *testing.T) {
	t.Parallel()
	sh := newShapeTally()
	for i := range 100 {
		ev := &crawl.PageEvent{Sides: map[fetch.Name]crawl.SideReport{fetch.Plain: {MS: int64(i)}, fetch.Rendered: {MS: int64(1000 - i*3)}}}
		ev.Citation.Depth = i % 20
		status := []int{200, 404, 0}[i%3]
		sh.add(store.PageRow{URL: fmt.Sprintf("http://h/%d", i), OK: status == 200, Status: status}, ev)
	}
	s := sh.layout()
	if len(s.Slowest) != SlowestPages || s.Slowest[0].MS != 1000 || s.Slowest[SlowestPages-1].MS != 1000-3*(SlowestPages-1) {
		t.Errorf("slowest %+v; want the %d slowest, slowest first", s.Slowest, SlowestPages)
	}
	if len(s.ByStatus) != 3 || s.ByStatus[0].Label != "no answer" || s.ByStatus[1].Label != "200" || s.ByStatus[2].Count != 33 {
		t.Errorf("by status %+v; want no answer, 200, 404 in order of code", s.ByStatus)
	}
	if n := len(s.ByDepth); n != deepest+1 || s.ByDepth[n-1].Label != "15 or more" || s.ByDepth[n-1].Count != 25 {
		t.Errorf("by depth %+v; want 0 to 14 and the deeper ones together", s.ByDepth)
	}
}
