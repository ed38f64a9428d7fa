package rendered

import (
	"os"
	"testing"
	"time"
)

// TestSampleTreeReadsPSSPastTheLimit: the first reading of a tree reads its
// PSS; one less than pssEvery later reads the process table again (it is
// past tableEvery) and the RSS, but not the PSS, unless the RSS is past
// Config.MemoryLimit, when the PSS is read again and a recycle marked due
// (the PSS is never more than the RSS, so only then can it pass the limit).
// The tree is this test's own process.
func TestSampleTreeReadsPSSPastTheLimit(t *testing.T) {
	b := &browser{pid: os.Getpid()}
	for _, tc := range []struct {
		name  string
		limit int64
		again bool // whether the second reading reads the PSS
	}{
		{"no limit", 0, false},
		{"far above the RSS", 1 << 50, false},
		{"below the RSS", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &Fetcher{cfg: Config{MemoryLimit: tc.limit}}
			first := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			f.sampleTree(b, first)
			if f.pss.last.Load() <= 0 || f.PeakRSS() <= 0 {
				t.Fatalf("the first reading read PSS %d, peak RSS %d; want both", f.pss.last.Load(), f.PeakRSS())
			}
			if due := f.pss.due.Load(); due != (tc.limit > 0 && tc.limit < f.pss.last.Load()) {
				t.Errorf("after the first reading a recycle is due: %v, with the PSS at %d and the limit %d", due, f.pss.last.Load(), tc.limit)
			}
			f.pss.last.Store(0)
			f.pss.due.Store(false)
			second := first.Add(pssEvery - time.Millisecond)
			f.sampleTree(b, second)
			if second.Sub(first) >= tableEvery && !f.tableAt.Equal(second) {
				t.Errorf("the second reading, %s after the first, did not read the process table", second.Sub(first))
			}
			if read := f.pss.last.Load() > 0; read != tc.again {
				t.Errorf("the second reading, less than %s after the first, read the PSS: %v; want %v", pssEvery, read, tc.again)
			}
			if f.pss.due.Load() != tc.again {
				t.Errorf("after the second reading a recycle is due: %v; want %v", f.pss.due.Load(), tc.again)
			}
			f.pss.last.Store(0)
			f.sampleTree(b, first.Add(pssEvery))
			if f.pss.last.Load() <= 0 {
				t.Errorf("a reading %s after the first did not read the PSS", pssEvery)
			}
		})
	}
}
