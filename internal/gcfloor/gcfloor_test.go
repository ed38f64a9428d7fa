package gcfloor

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// These tests change the process's collector: none runs in parallel.

var sink []byte

func cycles() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// churn allocates n MB of garbage, a MB at a time.
func churn(n int) {
	for range n {
		sink = make([]byte, 1<<20)
	}
	sink = nil
}

// setting is a GOGC the tuner set after a collection.
type setting struct {
	cycle   uint64
	percent int
}

// settings follows the GOGC the tuner sets, one value a collection.
func settings(t *testing.T, floor uint64) (*tuner, <-chan setting) {
	t.Helper()
	ch := make(chan setting, 1000)
	runtime.GC()
	tu := set(floor, func(c uint64, p int) { ch <- setting{c, p} })
	t.Cleanup(tu.stop)
	return tu, ch
}

// next forces a collection and returns the GOGC the tuner set from what
// that collection (or a later one) left live. Settings from earlier
// collections are passed over; each comes with the next sentinel armed, so
// one more collection brings another.
func next(t *testing.T, ch <-chan setting) int {
	t.Helper()
	runtime.GC()
	want := cycles()
	for {
		select {
		case s := <-ch:
			if s.cycle >= want {
				return s.percent
			}
			runtime.GC()
		case <-time.After(time.Minute):
			t.Fatal("no setting a minute after a collection")
			return 0
		}
	}
}

// With little live, the collector lets the heap grow to the floor: 64 MB
// of garbage takes a handful of collections under a 32 MB floor, against
// one every 4 MB or so at GOGC=100.
func TestFloorCollectsLessOften(t *testing.T) {
	debug.SetGCPercent(100)
	runtime.GC()
	before := cycles()
	churn(64)
	plain := cycles() - before

	_, ch := settings(t, 32<<20)
	if p := next(t, ch); p <= 100 {
		t.Fatalf("GOGC with a small live heap = %d; want above 100", p)
	}
	before = cycles()
	churn(64)
	floored := cycles() - before
	if floored > 4 || floored*3 > plain {
		t.Errorf("64 MB of garbage: %d collections under the floor, %d at GOGC=100; want at most 4 and a third", floored, plain)
	}
}

// A live heap above half the floor is collected as GOGC=100 collects it:
// the floor never makes a large heap larger.
func TestFloorLeavesALargeHeapAlone(t *testing.T) {
	_, ch := settings(t, 16<<20)
	if p := next(t, ch); p <= 100 {
		t.Fatalf("GOGC with a small live heap = %d; want above 100", p)
	}
	held := make([][]byte, 24)
	for i := range held {
		held[i] = make([]byte, 1<<20)
		held[i][0] = 1
	}
	if p := next(t, ch); p != 100 {
		t.Errorf("GOGC with 24 MB live under a 16 MB floor = %d; want 100", p)
	}
	runtime.KeepAlive(held)
	held = nil
	if p := next(t, ch); p <= 100 {
		t.Errorf("GOGC once the 24 MB are garbage = %d; want above 100 again", p)
	}
}

// The runtime's smallest goal grows with GOGC (4 MB at 100): the tuner
// never sets a GOGC that would put it above the floor.
func TestFloorCapsGOGC(t *testing.T) {
	_, ch := settings(t, 32<<20)
	for range 3 {
		if p := next(t, ch); p > 800 {
			t.Errorf("GOGC = %d under a 32 MB floor; want at most 800 (a smallest goal of 32 MB)", p)
		}
	}
}

// GOGC or GOMEMLIMIT in the environment is the operator's choice: Set
// leaves the collector alone.
func TestEnvironmentWins(t *testing.T) {
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(name, func(t *testing.T) {
			t.Setenv(name, "100")
			debug.SetGCPercent(100)
			stop := Set(32 << 20)
			defer stop()
			if p := debug.SetGCPercent(100); p != 100 {
				t.Errorf("GOGC = %d after Set with %s in the environment; want 100", p, name)
			}
		})
	}
}
