package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/internal/safetext"
)

// progress tells a person on stderr what the crawl is doing: a summary
// before the first request, a live line on a terminal (a line every 10 s
// otherwise), and a summary at the end. Stdout stays pure JSON.
type progress struct {
	live  *liveLine
	every time.Duration // how often the state is drawn
	now   func() time.Time
	// queue reports the frontier's counts when the line is drawn; nil,
	// the counts come from the events alone.
	queue func() frontier.Stats

	mu       sync.Mutex
	w        io.Writer
	started  time.Time
	pages    int
	ok       int // kept, as done.ok counts them: duplicates apart
	dups     int // pages whose canonical URL another page holds
	causes   map[string]int
	queued   int
	maxPages int // the request ceiling; negative: none
	disallow int
	dirty    bool
}

func newProgress(w io.Writer) *progress {
	raw := w // the terminal itself, for our own carriage returns
	if sw, ok := w.(interface{ Raw() io.Writer }); ok {
		raw = sw.Raw()
	}
	live := newLiveLine(raw)
	p := &progress{w: safetext.NewWriter(w), live: live, causes: map[string]int{}, now: time.Now, every: 10 * time.Second, maxPages: -1}
	if live.terminal {
		p.every = 500 * time.Millisecond
	}
	p.started = p.now()
	return p
}

// observe updates the counts from one event and prints the summaries.
func (p *progress) observe(ev crawl.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch ev := ev.(type) {
	case *crawl.RunEvent:
		p.started = p.now()
		p.maxPages = ev.Limits.MaxPages
		p.queued = len(ev.Seeds) // until the frontier says otherwise
		fmt.Fprintf(p.w, "webgraph: crawling %s in %s mode\n", strings.Join(ev.Seeds, ", "), ev.Mode)
		fmt.Fprintf(p.w, "  approved origins: %s", strings.Join(ev.Origins, ", "))
		if len(ev.AllowPaths) > 0 {
			fmt.Fprintf(p.w, "; paths: %s", strings.Join(ev.AllowPaths, ", "))
		}
		if len(ev.Include) > 0 {
			fmt.Fprintf(p.w, "; include: %q", ev.Include)
		}
		if len(ev.Exclude) > 0 {
			fmt.Fprintf(p.w, "; exclude: %q", ev.Exclude)
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
		fmt.Fprintf(p.w, "\n  limits: %s page ceiling, %s, depth %d, %d at once, %s per host, %s delay, %d bytes per response\n",
			pages, budget, l.Depth, l.Concurrency, l.HostInterval, l.Delay, l.MaxBody)
		fmt.Fprintf(p.w, "  identity: %s; robots.txt %s; retains %s\n", ev.Identity.UserAgent, ev.Robots, strings.Join(ev.Retains, ", "))
		for _, w := range ev.Warnings {
			fmt.Fprintf(p.w, "  warning: %s\n", w)
		}
	case *crawl.PageEvent:
		p.pages++
		p.queued = max(p.queued-1, 0)
		switch {
		case ev.OK && ev.DuplicateOf != "":
			p.dups++
		case ev.OK:
			p.ok++
		default:
			p.causes[ev.Cause]++
		}
		p.dirty = true
	case *crawl.DisallowedEvent:
		p.disallow++
		p.dirty = true
	case *crawl.FrontierEvent:
		p.queued = ev.Queued
	case *crawl.DiscoveryEvent:
		if !ev.Shared { // another worker queued those
			p.queued += ev.FromSitemap
		}
	case *crawl.PausedEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: %s answered HTTP %d: host paused for %s (attempt %d of %d)\n", ev.Host, ev.Status, time.Duration(ev.PauseMS)*time.Millisecond, ev.Attempt, ev.MaxAttempts)
	case *crawl.DeferredEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: %s deferred: robots.txt unreachable (%s); next attempt %s\n", ev.Origin, ev.Reason, ev.NextAttempt.Format(time.Kitchen))
	case *crawl.SeedRedirectEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: %s\n", safetext.Clean(seedJoinWords(ev)))
	case *crawl.WarningEvent:
		p.clearLine()
		fmt.Fprintf(p.w, "webgraph: warning: %s\n", ev.Words)
	case *crawl.DoneEvent:
		p.clearLine()
		p.dirty = false
		if ev.Workers > 1 {
			// The last worker out of a shared crawl: the line is the crawl's.
			fmt.Fprintf(p.w, "webgraph: done (%s) in %s: this worker %s\n", ev.Stopped, (time.Duration(ev.ElapsedMS) * time.Millisecond).Round(time.Millisecond), p.line())
			dups := ""
			if ev.Duplicates > 0 {
				dups = ", " + plural(ev.Duplicates, "duplicate")
			}
			fmt.Fprintf(p.w, "  the crawl, %d workers: %d pages, %d kept%s, %d refused\n", ev.Workers, ev.Pages, ev.OK, dups, ev.Refused)
		} else {
			fmt.Fprintf(p.w, "webgraph: done (%s) in %s: %s\n", ev.Stopped, (time.Duration(ev.ElapsedMS) * time.Millisecond).Round(time.Millisecond), p.line())
		}
		fmt.Fprintf(p.w, "  sitemaps: %d advertised, %d live, %d dead; %d file URLs recorded, not fetched; %d left in the queue\n",
			ev.Sitemaps.Advertised, ev.Sitemaps.Live, ev.Sitemaps.Dead, len(ev.Skipped), ev.Pending)
		if ev.BrowserPeakPSSMB != nil {
			fmt.Fprintf(p.w, "  browser memory: %d MB at most (PSS)", *ev.BrowserPeakPSSMB)
			if ev.BrowserPSSMB != nil {
				fmt.Fprintf(p.w, ", %d MB at the end", *ev.BrowserPSSMB)
			}
			if ev.BrowserRecycles > 0 {
				fmt.Fprintf(p.w, "; recycled %s past --browser-memory", plural(ev.BrowserRecycles, "time"))
			}
			fmt.Fprintln(p.w)
		}
	case *crawl.WorkerDoneEvent:
		p.clearLine()
		p.dirty = false
		fmt.Fprintf(p.w, "webgraph: this worker's share done (%s) in %s: %s\n", ev.Stopped, (time.Duration(ev.ElapsedMS) * time.Millisecond).Round(time.Millisecond), p.line())
		fmt.Fprintf(p.w, "  %d left in the crawl's queue; the last worker out writes the crawl's done\n", ev.Pending)
	}
}

func (p *progress) clearLine() { p.live.clear() }

// line is the one-line state: pages, kept, refusals by cause, rate.
func (p *progress) line() string {
	var causes []string
	for c, n := range p.causes {
		causes = append(causes, fmt.Sprintf("%s %d", c, n))
	}
	sort.Strings(causes)
	s := fmt.Sprintf("%d pages, %d kept", p.pages, p.ok)
	if p.dups > 0 {
		s += ", " + plural(p.dups, "duplicate")
	}
	s += fmt.Sprintf(", %d refused", p.pages-p.ok-p.dups)
	if len(causes) > 0 {
		s += " (" + strings.Join(causes, ", ") + ")"
	}
	if p.disallow > 0 {
		s += fmt.Sprintf(", %d disallowed by robots.txt", p.disallow)
	}
	if secs := p.now().Sub(p.started).Seconds(); secs > 0 {
		s += fmt.Sprintf(", %.1f pages/s", float64(p.pages)/secs)
	}
	return s
}

// status is the live state: a bar with an estimate when the end is known
// (the pages left are the queue, capped by --max-pages), then the counts.
func (p *progress) status(queued int) string {
	total := p.pages + queued
	if p.maxPages >= 0 {
		total = min(total, p.maxPages)
	}
	head := ""
	if total > 0 && total >= p.pages {
		head = meter(p.pages, total, p.now().Sub(p.started)) + " · "
	}
	return head + p.line() + fmt.Sprintf(", %d queued", queued)
}

// draw shows the state now if it changed.
func (p *progress) draw() {
	queued := -1
	if p.queue != nil {
		queued = p.queue().Queued // asked outside p.mu: the frontier has its own lock
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.dirty {
		return
	}
	p.dirty = false
	if queued < 0 {
		queued = p.queued
	}
	if p.live.terminal {
		p.live.draw(p.status(queued))
	} else {
		p.live.draw("webgraph: " + p.status(queued))
	}
}

// start draws the state every p.every until the returned func is called.
func (p *progress) start() (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(p.every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				p.draw()
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// liveLine is a status line for a person: on a terminal it is redrawn in
// place, cut to the terminal's width so it never wraps; elsewhere each
// state is a line of its own. It is not safe for concurrent use.
type liveLine struct {
	w        io.Writer
	terminal bool
	// width reports the terminal's columns; 0 means unknown.
	width func() int
	drawn bool // a live line is on the screen
}

// newLiveLine makes a live line on w, a terminal when w is one.
func newLiveLine(w io.Writer) *liveLine {
	l := &liveLine{w: w, width: func() int { return 0 }}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		l.terminal = true
		l.width = func() int {
			cols, _, err := term.GetSize(int(f.Fd()))
			if err != nil {
				return 0
			}
			return cols
		}
	}
	return l
}

// defaultColumns is the width assumed for a terminal that does not say.
const defaultColumns = 80

// draw shows s: on a terminal it replaces the live line (carriage return,
// clear to the end of the line), cut to one column less than the width so
// the cursor never wraps to a new row.
func (l *liveLine) draw(s string) {
	if !l.terminal {
		fmt.Fprintln(l.w, safetext.Clean(s))
		return
	}
	cols := l.width()
	if cols <= 0 {
		cols = defaultColumns
	}
	fmt.Fprint(l.w, "\r\033[K"+cut(safetext.Clean(s), cols-1))
	l.drawn = true
}

// clear removes the live line, so that a whole line can be printed.
func (l *liveLine) clear() {
	if l.terminal && l.drawn {
		fmt.Fprint(l.w, "\r\033[K")
		l.drawn = false
	}
}

// cut shortens s to at most n runes, marking a cut with "…". It counts
// runes, so a multi-byte character is never split.
func cut(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// meter draws done of total as a bar with the share and an estimate of the
// time left at the pace so far: "[#####·····] 12/24  50%  ETA 8s".
func meter(done, total int, elapsed time.Duration) string {
	const cells = 20
	if total <= 0 {
		return ""
	}
	done = min(done, total)
	full := done * cells / total
	s := fmt.Sprintf("[%s%s] %d/%d %3d%%", strings.Repeat("#", full), strings.Repeat("·", cells-full), done, total, done*100/total)
	if done > 0 && done < total && elapsed > 0 {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		s += " ETA " + roughDuration(left)
	}
	return s
}

// roughDuration rounds d for a person: "8s", "4m10s", "2h5m".
func roughDuration(d time.Duration) string {
	switch {
	case d < time.Minute:
		return d.Round(time.Second).String()
	case d < time.Hour:
		d = d.Round(time.Second)
	default:
		d = d.Round(time.Minute)
	}
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	return s
}
