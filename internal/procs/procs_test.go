package procs

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// TestNext: the process takes every processor only while it keeps its one
// busy and the machine has one idle, and goes back to one once it needs
// less or the machine is crowded.
func TestNext(t *testing.T) {
	const w = time.Second
	// at is a window in which the process used own processors and the
	// machine, of ncpu, had idle of them idle.
	at := func(own, idle float64, ncpu int) reading {
		return reading{own: time.Duration(own * float64(w)), idle: uint64(idle / float64(ncpu) * 1000), total: 1000}
	}
	for _, c := range []struct {
		name      string
		cur, ncpu int
		r         reading
		want      int
	}{
		{"waiting, on one", 1, 8, at(0.1, 7.5, 8), 1},
		{"busy, the machine idle", 1, 8, at(0.95, 6, 8), 8},
		{"busy, two processors, one idle", 1, 2, at(0.95, 0.9, 2), 2},
		{"busy, the machine crowded", 1, 8, at(0.95, 0.2, 8), 1},
		{"busy, the machine barely idle", 1, 8, at(0.95, 0.4, 8), 1},
		{"half busy, on all", 8, 8, at(0.6, 1, 8), 8},
		{"settled, on all", 8, 8, at(0.3, 4, 8), 1},
		{"busy, on all, the machine now crowded", 8, 8, at(1.5, 0.1, 8), 1},
		{"busy, on all, the machine idle", 8, 8, at(1.5, 4, 8), 8},
		{"one processor only", 1, 1, at(0.95, 0.9, 1), 1},
		{"nothing counted", 1, 8, reading{own: w}, 1},
	} {
		if got := next(c.cur, c.ncpu, c.r, w); got != c.want {
			t.Errorf("%s: next(%d, %d, %+v) = %d; want %d", c.name, c.cur, c.ncpu, c.r, got, c.want)
		}
	}
}

func TestParseStat(t *testing.T) {
	for _, c := range []struct {
		in          string
		idle, total uint64
		bad         bool
	}{
		{"cpu  10 2 3 40 5 1 1 1 7 0\n", 45, 63, false}, // guest time (7) is in user already
		{"cpu 1 2 3 4\n", 4, 10, false},
		{"cpu0 1 2 3 4 5\n", 0, 0, true},
		{"cpu 1 x 3 4 5\n", 0, 0, true},
		{"cpu 1 2\n", 0, 0, true},
		{"", 0, 0, true},
	} {
		idle, total, err := parseStat([]byte(c.in))
		if (err != nil) != c.bad || idle != c.idle || total != c.total {
			t.Errorf("parseStat(%q) = %d, %d, %v; want %d, %d (error: %v)", c.in, idle, total, err, c.idle, c.total, c.bad)
		}
	}
}

// FuzzParseStat: a line written from any counts gives their idle and total
// sums, and any bytes never panic.
func FuzzParseStat(f *testing.F) {
	f.Add(uint32(10), uint32(40), uint32(5), []byte("cpu 1 2 3 4 5 6 7 8"))
	f.Fuzz(func(t *testing.T, user, idle, iowait uint32, junk []byte) {
		parseStat(junk)
		line := fmt.Sprintf("cpu %d 0 0 %d %d 0 0 0 99\n", user, idle, iowait)
		gi, gt, err := parseStat([]byte(line))
		wi, wt := uint64(idle)+uint64(iowait), uint64(user)+uint64(idle)+uint64(iowait)
		if err != nil || gi != wi || gt != wt {
			t.Errorf("parseStat(%q) = %d, %d, %v; want %d, %d", line, gi, gt, err, wi, wt)
		}
	})
}

// TestGovern: the process runs on one processor while governed (this test
// does nothing that could keep it busy) and on as many as before once the
// governor's context ends; with GOMAXPROCS in the environment it is left
// alone.
func TestGovern(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	if before < 2 {
		runtime.GOMAXPROCS(2)
		defer runtime.GOMAXPROCS(before)
	}
	want := runtime.GOMAXPROCS(0)
	ctx, cancel := context.WithCancel(context.Background())
	done := Govern(ctx)
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Errorf("governed, GOMAXPROCS = %d; want 1", got)
	}
	cancel()
	<-done
	if got := runtime.GOMAXPROCS(0); got != want {
		t.Errorf("after the governor, GOMAXPROCS = %d; want %d back", got, want)
	}

	t.Setenv("GOMAXPROCS", fmt.Sprint(want))
	ctx, cancel = context.WithCancel(context.Background())
	done = Govern(ctx)
	if got := runtime.GOMAXPROCS(0); got != want {
		t.Errorf("with GOMAXPROCS set, governed GOMAXPROCS = %d; want %d untouched", got, want)
	}
	cancel()
	<-done
}
