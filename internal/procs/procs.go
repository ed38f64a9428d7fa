// Package procs runs the process's Go code on as many processors as it
// uses and the machine has spare: one while it needs less than one, or
// while the machine has none to spare, and every processor otherwise.
//
// A crawl waits far more than it computes. Go's scheduler keeps a thread
// for each processor (GOMAXPROCS, the machine's CPUs by default) and wakes
// idle ones whenever work arrives, and each wake-up costs a system call and
// a context switch. On one processor a plain crawl of 2,000 pages took 16–19 %
// less CPU, and a union crawl's process tree (webgraph and its browser) 5 %
// less, for the same pages; a plain crawl that keeps more than one processor
// busy on an otherwise idle machine was 9 % slower on one
// (docs/performance.md, "One processor while one is enough"). So the
// process starts on one and takes them all only while it keeps that one
// busy and the machine has a processor idle.
package procs

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"time"
)

// Thresholds, in processors, over one window.
const (
	busy    = 0.8  // the process's own use past which it may take more
	spare   = 0.5  // idle processors the machine must have for that
	settled = 0.5  // the process's own use below which it goes back to one
	crowded = 0.25 // idle processors below which it goes back to one
)

// Window is how often the governor looks.
const Window = 500 * time.Millisecond

// reading is what one window saw: the process's CPU time and the
// machine's idle and total CPU time, each since the last window.
type reading struct {
	own         time.Duration // this process, every thread
	idle, total uint64        // the machine's, in clock ticks
}

// next returns how many processors to run on after a window that saw r,
// running on cur of ncpu.
func next(cur, ncpu int, r reading, window time.Duration) int {
	if ncpu <= 1 || r.total == 0 || window <= 0 {
		return cur
	}
	own := r.own.Seconds() / window.Seconds()
	idle := float64(r.idle) / float64(r.total) * float64(ncpu)
	switch {
	case cur == 1 && own > busy && idle > spare:
		return ncpu
	case cur > 1 && (own < settled || idle < crowded):
		return 1
	}
	return cur
}

// Govern sets GOMAXPROCS to one and, every Window until ctx ends, to what
// next says; once ctx ends (or /proc/stat can no longer be read) it puts
// back what was set before and closes the channel it returned. It does
// nothing (the channel is closed at once) when GOMAXPROCS is set in the
// environment (the operator's choice stands), on a machine of one
// processor, or where /proc/stat cannot be read.
func Govern(ctx context.Context) <-chan struct{} {
	done := make(chan struct{})
	ncpu := runtime.GOMAXPROCS(0)
	if os.Getenv("GOMAXPROCS") != "" || ncpu <= 1 {
		close(done)
		return done
	}
	idle, total, err := machine()
	if err != nil {
		close(done)
		return done
	}
	own := self()
	prev := runtime.GOMAXPROCS(1)
	go func() {
		defer close(done)
		defer runtime.GOMAXPROCS(prev)
		t := time.NewTicker(Window)
		defer t.Stop()
		cur := 1
		last := time.Now()
		for {
			select {
			case <-ctx.Done():
				return
			case now := <-t.C:
				i, n, err := machine()
				if err != nil {
					return // as Go set it, from now on
				}
				o := self()
				r := reading{own: o - own, idle: i - idle, total: n - total}
				if c := next(cur, ncpu, r, now.Sub(last)); c != cur {
					runtime.GOMAXPROCS(c)
					cur = c
				}
				own, idle, total, last = o, i, n, now
			}
		}
	}()
	return done
}

// self returns the CPU time the process has used, every thread.
func self() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// machine returns the machine's idle and total CPU time so far, in clock
// ticks, from the first line of /proc/stat.
func machine() (idle, total uint64, err error) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	line, err := bufio.NewReader(f).ReadBytes('\n')
	if err != nil {
		return 0, 0, err
	}
	return parseStat(line)
}

// parseStat reads a /proc/stat "cpu" line: user, nice, system, idle,
// iowait, irq, softirq, steal (and guest time, already counted in user).
// Idle is idle and iowait.
func parseStat(line []byte) (idle, total uint64, err error) {
	f := bytes.Fields(line)
	if len(f) < 5 || string(f[0]) != "cpu" {
		return 0, 0, fmt.Errorf("procs: unreadable /proc/stat line %q", bytes.TrimSpace(line))
	}
	for i, v := range f[1:min(len(f), 9)] {
		n, err := strconv.ParseUint(string(v), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("procs: unreadable /proc/stat line %q", bytes.TrimSpace(line))
		}
		total += n
		if i == 3 || i == 4 {
			idle += n
		}
	}
	return idle, total, nil
}
