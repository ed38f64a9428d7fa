// Package gcfloor lets a process's heap grow to a floor before the garbage
// collector runs, and collects as GOGC=100 does above it.
//
// Go's collector runs when the heap has grown by as much as was live after
// the last collection (GOGC=100), and at 4 MB at the least. A plain crawl
// holds 3–6 MB live and allocates about 180 KB for each page of 100 links
// it reads, so the collector ran every 20–30 pages, 78 times in a crawl of
// 2,000 such pages, for a quarter of its CPU (docs/performance.md, "Where a
// plain crawl's time goes"). Under a floor of 32 MB it runs 12 times, for
// at most 32 MB of heap not yet collected. A floor is a goal, not
// a limit: a process that holds more than half the floor live collects at
// twice what it holds, as without the floor, and never collects harder to
// stay under it (GOMEMLIMIT's failure, with a heap close to the limit, is a
// collector that never stops).
package gcfloor

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// minHeap is the runtime's smallest heap goal at GOGC=100; at GOGC=g it is
// minHeap*g/100.
const minHeap = 4 << 20

// tuner sets GOGC after each collection, from what it left live.
type tuner struct {
	floor  uint64
	mu     sync.Mutex
	off    bool
	sample []metrics.Sample
	after  func(cycle uint64, percent int) // tests: called after each setting, with the collection it followed
}

// Set makes the collector let the heap grow to floor bytes before it
// collects, and collect as GOGC=100 does once twice the live heap is more
// than that. It does nothing when GOGC or GOMEMLIMIT is set in the
// environment: the operator's choice stands. Stop undoes it.
func Set(floor uint64) (stop func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	t := set(floor, nil)
	return t.stop
}

func set(floor uint64, after func(uint64, int)) *tuner {
	t := &tuner{floor: floor, after: after, sample: []metrics.Sample{
		{Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}}
	debug.SetGCPercent(t.maxPercent()) // before the first collection: the floor is the runtime's own minimum
	t.arm()
	return t
}

// maxPercent is the GOGC at which the runtime's smallest heap goal is the
// floor. A higher GOGC would raise that minimum above the floor.
func (t *tuner) maxPercent() int {
	return max(100, int(t.floor*100/minHeap))
}

// arm has adjust run after the next collection: the runtime runs the
// cleanup of an object once a collection finds it unreachable.
func (t *tuner) arm() {
	runtime.AddCleanup(new(sentinel), func(t *tuner) { t.adjust() }, t)
}

type sentinel struct{ _ *int } // holds a pointer: never one of the runtime's tiny allocations, which share a block

// adjust sets GOGC for the next collection: the goal (live plus GOGC per
// cent of what the collector scans) is the floor while twice the live heap
// is below it, else twice the live heap (GOGC=100).
func (t *tuner) adjust() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.off {
		return
	}
	metrics.Read(t.sample)
	live := t.sample[0].Value.Uint64()
	scan := live + t.sample[1].Value.Uint64() + t.sample[2].Value.Uint64()
	percent := 100
	if 2*live < t.floor && scan > 0 {
		percent = min(t.maxPercent(), max(100, int((t.floor-live)*100/scan)))
	}
	debug.SetGCPercent(percent)
	t.arm()
	if t.after != nil {
		t.after(t.sample[3].Value.Uint64(), percent)
	}
}

// stop ends the tuning and sets GOGC=100.
func (t *tuner) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.off = true
	debug.SetGCPercent(100)
}
