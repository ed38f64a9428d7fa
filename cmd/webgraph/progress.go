package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/internal/safetext"
)

// progress tells a person on stderr what the crawl is doing: a summary
// before the first request, a live line on a terminal (a line every 10 s
// otherwise), and a summary at the end. Stdout stays pure JSON.
type progress struct {
	w        io.Writer // text, cleaned of control characters
	raw      io.Writer // the same stream, for our own line redrawing
	terminal bool

	mu       sync.Mutex
	started  time.Time
	pages    int
	ok       int
	causes   map[string]int
	queued   int
	disallow int
	dirty    bool
}

func newProgress(w io.Writer) *progress {
	sw := safetext.NewWriter(w)
	p := &progress{w: sw, raw: sw.Raw(), causes: map[string]int{}, started: time.Now()}
	if f, ok := p.raw.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

// observe updates the counts from one event and prints the summaries.
func (p *progress) observe(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch ev := ev.(type) {
	case *crawl.RunEvent:
		p.started = time.Now()
		fmt.Fprintf(p.w, "webgraph: crawling %s in %s mode\n", strings.Join(ev.Seeds, ", "), ev.Mode)
		fmt.Fprintf(p.w, "  approved origins: %s", strings.Join(ev.Origins, ", "))
		if len(ev.AllowPaths) > 0 {
			fmt.Fprintf(p.w, "; paths: %s", strings.Join(ev.AllowPaths, ", "))
		}
		l := ev.Limits
		pages := fmt.Sprint(l.MaxPages)
		if l.MaxPages < 0 {
			pages = "no"
		}
		budget := "no time budget"
		if l.TimeBudget != "" {
			budget = "time budget " + l.TimeBudget
		}
		fmt.Fprintf(p.w, "\n  limits: %s page ceiling, %s, depth %d, %d workers, %s per host, %s delay, %d bytes per response\n",
			pages, budget, l.Depth, l.Concurrency, l.HostInterval, l.Delay, l.MaxBody)
		fmt.Fprintf(p.w, "  identity: %s; robots.txt %s; retains %s\n", ev.Identity.UserAgent, ev.Robots, strings.Join(ev.Retains, ", "))
		for _, w := range ev.Warnings {
			fmt.Fprintf(p.w, "  warning: %s\n", w)
		}
	case *crawl.PageEvent:
		p.pages++
		if ev.OK {
			p.ok++
		} else {
			p.causes[ev.Cause]++
		}
		p.dirty = true
	case *crawl.DisallowedEvent:
		p.disallow++
		p.dirty = true
	case *crawl.FrontierEvent:
		p.queued = ev.Queued
	case *crawl.PausedEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: %s answered HTTP %d: host paused for %s (attempt %d of %d)\n", ev.Host, ev.Status, time.Duration(ev.PauseMS)*time.Millisecond, ev.Attempt, ev.MaxAttempts)
	case *crawl.DeferredEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: %s deferred: robots.txt unreachable (%s); next attempt %s\n", ev.Origin, ev.Reason, ev.NextAttempt.Format(time.Kitchen))
	case *crawl.WarningEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: warning: %s\n", ev.Words)
	case *crawl.DoneEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: done (%s) in %s: %s\n", ev.Stopped, (time.Duration(ev.ElapsedMS) * time.Millisecond).Round(time.Millisecond), p.line())
		fmt.Fprintf(p.w, "  sitemaps: %d advertised, %d live, %d dead; %d file URLs recorded, not fetched; %d left in the queue\n",
			ev.Sitemaps.Advertised, ev.Sitemaps.Live, ev.Sitemaps.Dead, len(ev.Skipped), ev.Pending)
	}
}

func (p *progress) clearLine() {
	if p.terminal {
		fmt.Fprint(p.raw, "\r\033[K")
	}
}

// line is the one-line state: pages, kept, refusals by cause, rate.
func (p *progress) line() string {
	var causes []string
	for c, n := range p.causes {
		causes = append(causes, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(causes)
	s := fmt.Sprintf("%d pages, %d kept, %d refused", p.pages, p.ok, p.pages-p.ok)
	if len(causes) > 0 {
		s += " (" + strings.Join(causes, ", ") + ")"
	}
	if p.disallow > 0 {
		s += fmt.Sprintf(", %d disallowed by robots.txt", p.disallow)
	}
	if secs := time.Since(p.started).Seconds(); secs > 0 {
		s += fmt.Sprintf(", %.1f pages/s", float64(p.pages)/secs)
	}
	return s
}

// start runs the live line until the returned func is called.
func (p *progress) start() (stop func()) {
	every := 10 * time.Second
	if p.terminal {
		every = 500 * time.Millisecond
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				p.mu.Lock()
				if p.dirty {
					p.dirty = false
					if p.terminal {
						p.clearLine()
						fmt.Fprintf(p.w, "%s, %d queued", p.line(), p.queued)
					} else {
						fmt.Fprintf(p.w, "webgraph: %s, %d queued\n", p.line(), p.queued)
					}
				}
				p.mu.Unlock()
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}
