package rendered

import (
	"sync"
	"sync/atomic"

	"github.com/webgraph/webgraph/internal/proctree"
)

// pssWatch follows the proportional set size of the browser webgraph
// started (its whole process tree; shared pages counted once, split among
// the processes that share them, as a container's memory limit sees it),
// and recycles the browser once it passes Config.MemoryLimit.
//
// Every render and every tab being emptied reads-holds gen from the moment
// it has its slot until it gives the slot back (enter, leave). A recycle
// write-holds it: it waits for the renders in progress to end, keeps new
// ones waiting, replaces the browser and lets them go on in the new one,
// so no page is rendered across the change and none is lost.
type pssWatch struct {
	gen      sync.RWMutex
	due      atomic.Bool  // a reading passed the limit: recycle before the next render
	peak     atomic.Int64 // the most seen, in bytes
	last     atomic.Int64 // the latest reading, in bytes
	recycles atomic.Int64
}

// enter is said by a caller that has just taken a slot: a recycle that is
// due happens first, and none happens until leave.
func (f *Fetcher) enter() {
	if f.pss.due.Load() {
		f.recycle()
	}
	f.pss.gen.RLock()
}

// leave gives back what enter and the slot hold.
func (f *Fetcher) leave() {
	f.pss.gen.RUnlock()
	f.release()
}

// recycle replaces the browser with a new one once no render is in
// progress, unless another caller did already. The caller holds a slot
// but not gen.
func (f *Fetcher) recycle() {
	f.pss.gen.Lock()
	defer f.pss.gen.Unlock()
	if !f.pss.due.CompareAndSwap(true, false) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed || f.b == nil {
		return
	}
	f.b.stop()
	b, err := f.launch()
	if err != nil {
		f.b, f.closed = nil, true // as a failed restart: the renders that follow fail with ErrClosed
		return
	}
	f.b = b
	f.pss.last.Store(0)
	f.pss.recycles.Add(1)
}

// notePSS keeps a reading of the browser tree's proportional set size
// (sampleTree decides how often), and marks a recycle due past the limit.
func (f *Fetcher) notePSS(pss int64) {
	if pss <= 0 {
		return
	}
	f.pss.last.Store(pss)
	raise(&f.pss.peak, pss)
	if f.cfg.MemoryLimit > 0 && pss > f.cfg.MemoryLimit {
		f.pss.due.Store(true)
	}
}

// PeakPSS returns the most proportional set size the browser webgraph
// started was seen to use, in bytes, across restarts and recycles; 0 for a
// remote browser.
func (f *Fetcher) PeakPSS() int64 {
	if f.spread != nil {
		return 0
	}
	f.sampling.Lock() // a reading in progress
	defer f.sampling.Unlock()
	return f.pss.peak.Load()
}

// PSS reads the browser's proportional set size now, in bytes (0 when it
// cannot be read: a remote browser, or one already stopped).
func (f *Fetcher) PSS() int64 {
	if f.spread != nil {
		return 0
	}
	f.mu.Lock()
	b := f.b
	f.mu.Unlock()
	if b == nil || b.pid <= 0 {
		return 0
	}
	pss, err := proctree.PSS(b.pid)
	if err != nil {
		return 0
	}
	raise(&f.pss.peak, pss)
	return pss
}

// Recycles returns how many times the browser was recycled for passing
// Config.MemoryLimit.
func (f *Fetcher) Recycles() int { return int(f.pss.recycles.Load()) }
