package rendered

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"
)

// Memory marks: memory is low when less than a tenth of it (at least 256
// MiB) is available, and plentiful again above twice that.
const (
	lowMemoryShare = 10
	lowMemoryFloor = 256 << 20
)

// MemoryState is what a Fetcher learns of the machine's memory before it
// gives back a tab: Low means render with one tab fewer (down to one),
// Plenty means a tab given up earlier may come back. Neither holds between
// the marks.
type MemoryState struct{ Low, Plenty bool }

// machineMemory says how much memory is left: within the cgroup's limit
// when the process runs in a container that has one (cgroup v2), else on
// the machine (/proc/meminfo). Where neither can be read, memory is never
// low.
func machineMemory() MemoryState {
	avail, total, ok := cgroupMemory()
	if !ok {
		avail, total, ok = procMemory()
	}
	if !ok {
		return MemoryState{Plenty: true}
	}
	low := max(total/lowMemoryShare, lowMemoryFloor)
	return MemoryState{Low: avail < low, Plenty: avail > 2*low}
}

// cgroupMemory reads the cgroup v2 limit and use of this process's cgroup.
func cgroupMemory() (avail, total uint64, ok bool) {
	limit, err := os.ReadFile("/sys/fs/cgroup/memory.max")
	if err != nil {
		return 0, 0, false
	}
	total, err = strconv.ParseUint(string(bytes.TrimSpace(limit)), 10, 64)
	if err != nil { // "max": no limit
		return 0, 0, false
	}
	cur, err := os.ReadFile("/sys/fs/cgroup/memory.current")
	if err != nil {
		return 0, 0, false
	}
	used, err := strconv.ParseUint(string(bytes.TrimSpace(cur)), 10, 64)
	if err != nil || total == 0 {
		return 0, 0, false
	}
	// Cached files the kernel can drop do not count as used.
	if stat, err := os.ReadFile("/sys/fs/cgroup/memory.stat"); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(stat))
		for sc.Scan() {
			if v, ok := bytes.CutPrefix(sc.Bytes(), []byte("inactive_file ")); ok {
				if n, err := strconv.ParseUint(string(v), 10, 64); err == nil {
					used -= min(n, used)
				}
			}
		}
	}
	return total - min(used, total), total, true
}

// procMemory reads MemAvailable and MemTotal from /proc/meminfo.
func procMemory() (avail, total uint64, ok bool) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, 0, false
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) < 2 {
			continue
		}
		n, err := strconv.ParseUint(string(f[1]), 10, 64)
		if err != nil {
			continue
		}
		switch string(f[0]) {
		case "MemAvailable:":
			avail = n << 10
		case "MemTotal:":
			total = n << 10
		}
	}
	return avail, total, total > 0 && avail > 0
}

// memoryWatch asks about the machine's memory at most every so often.
type memoryWatch struct {
	read  func() MemoryState
	every time.Duration // 0: every time

	mu    sync.Mutex
	at    time.Time
	state MemoryState
}

func (w *memoryWatch) now() MemoryState {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.at.IsZero() || time.Since(w.at) >= w.every {
		w.state, w.at = w.read(), time.Now()
	}
	return w.state
}

// release gives back the caller's tab slot after a render. When the
// machine's memory is low it keeps the slot instead (down to one tab
// rendering) and closes an idle tab, so that the browser shrinks before
// the machine runs out; when memory is plentiful again, it also gives back
// a slot kept earlier. A closing fetcher always gives its slots back.
func (f *Fetcher) release() {
	mem := f.mem.now()
	f.mu.Lock()
	closing := false
	select {
	case <-f.closing:
		closing = true
	default:
	}
	switch {
	case mem.Low && !closing && f.held < cap(f.slots)-1:
		f.held++
		if tabs := cap(f.slots) - f.held; f.fewest == 0 || tabs < f.fewest {
			f.fewest = tabs
		}
		b := f.b
		f.mu.Unlock()
		if b != nil {
			b.closeIdle()
		}
		return
	case mem.Plenty && f.held > 0:
		f.held--
		f.mu.Unlock()
		<-f.slots // one kept earlier
		<-f.slots // the caller's
		return
	}
	f.mu.Unlock()
	<-f.slots
}

// FewestTabs returns the fewest tabs the fetcher rendered with because
// memory was low, and the tabs it was given; fewest is 0 when memory never
// ran low.
func (f *Fetcher) FewestTabs() (fewest, of int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.fewest, cap(f.slots)
}

// closeIdle closes one pooled tab, if any is idle: a no-script tab first.
func (b *browser) closeIdle() {
	if t := b.getQuietTab(); t != nil {
		t.close()
		return
	}
	b.mu.Lock()
	n := len(b.idle)
	if n == 0 {
		b.mu.Unlock()
		return
	}
	t := b.idle[n-1]
	b.idle = b.idle[:n-1]
	b.mu.Unlock()
	t.close()
}
