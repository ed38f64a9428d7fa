package policy

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults of Throttle.
const (
	DefaultHostInterval = time.Second
	// MaxPause caps a pause asked for by Retry-After.
	MaxPause = 10 * time.Minute
	// FirstBackoff is the first pause after a 429 or 503 without Retry-After;
	// it doubles with each one in a row, up to MaxPause.
	FirstBackoff = 5 * time.Second
	// CrawlDelayWarn is the Crawl-delay above which webgraph warns.
	CrawlDelayWarn = 30 * time.Second
	// MaxCrawlDelay is the largest Crawl-delay webgraph crawls at; a host
	// asking for more is deferred with a warning.
	MaxCrawlDelay = 60 * time.Second
)

// Throttle spaces page fetches per host, across every worker: each page
// takes the host's next free slot, handed out under a lock, and slots are
// one interval apart, the interval being max(Interval, the host's
// Crawl-delay). A 429 or 503 pauses the host. It is safe for concurrent use;
// create it with NewThrottle.
type Throttle struct {
	interval time.Duration
	now      func() time.Time

	mu      sync.Mutex
	hosts   map[string]*hostSlot
	shared  Starts                          // nil: this process is the only one
	granted func(host string, at time.Time) // nil: no one asked (OnGrant)
}

// OnGrant makes t tell fn of each slot it grants, as WaitReserved (or Wait)
// returns it: the host, keyed as HostKey keys it, and the time by t's
// clock. A request t spaces is sent after its grant, and a host's grants
// are one interval apart, so this log is a witness of the spacing that
// needs no server's clock: tests read it. fn is called with t's lock held
// and must not call t. Call OnGrant before t is used.
func (t *Throttle) OnGrant(fn func(host string, at time.Time)) {
	t.mu.Lock()
	t.granted = fn
	t.mu.Unlock()
}

// grant tells OnGrant's fn of a slot of host granted now. t.mu is held.
func (t *Throttle) grant(host string) {
	if t.granted != nil {
		t.granted(strings.ToLower(host), t.now())
	}
}

// Starts records when requests to each host start, shared by every process
// working one crawl. Start waits until interval has passed since the last
// start to host by any of them, and records now as the last start, in one
// atomic step.
type Starts interface {
	Start(ctx context.Context, host string, interval time.Duration) error
}

// Share makes t space its hosts' requests across every process that shares
// s, as well as within this one. Call it before t is used.
func (t *Throttle) Share(s Starts) {
	t.mu.Lock()
	t.shared = s
	t.mu.Unlock()
}

type hostSlot struct {
	next time.Time // the next free slot
	// asked is the Crawl-delay, in seconds, that each origin on the host
	// asked for in its robots.txt ("" for SetCrawlDelay's); delay is the
	// largest of them that webgraph crawls at (at most MaxCrawlDelay).
	asked    map[string]float64
	delay    time.Duration
	paused   time.Time // no slot before this
	backoffs int       // 429/503 without Retry-After, in a row
	// gate serialises starts: a page starts only one interval after the
	// previous page to the host actually started, even if the goroutine
	// that held the earlier slot woke late.
	gate      chan struct{}
	lastStart time.Time
}

// NewThrottle returns a Throttle with interval between page fetches to one
// host (0 means none). now is the clock; nil means time.Now.
func NewThrottle(interval time.Duration, now func() time.Time) *Throttle {
	if now == nil {
		now = time.Now
	}
	return &Throttle{interval: interval, now: now, hosts: map[string]*hostSlot{}}
}

// slot returns host's slot, made on first use. Hosts are keyed in lower
// case: "LOCALHOST:8080" is "localhost:8080". Callers with a URL pass
// HostKey(u), which also drops the scheme's default port.
func (t *Throttle) slot(host string) *hostSlot {
	host = strings.ToLower(host)
	h := t.hosts[host]
	if h == nil {
		h = &hostSlot{gate: make(chan struct{}, 1), asked: map[string]float64{}}
		t.hosts[host] = h
	}
	return h
}

// SetCrawlDelay records a host's Crawl-delay in seconds (fractions allowed).
// It returns a warning when the delay is above CrawlDelayWarn, and a
// *CrawlDelayError (recording nothing) when it is above MaxCrawlDelay: such
// a host is deferred, not crawled at that pace.
func (t *Throttle) SetCrawlDelay(host string, seconds float64) (warning string, err error) {
	if tooSlow(seconds) {
		return "", &CrawlDelayError{Host: host, Seconds: seconds}
	}
	t.SetOriginCrawlDelay(host, "", &seconds)
	return t.CrawlDelay(host)
}

func tooSlow(seconds float64) bool { return seconds > MaxCrawlDelay.Seconds() || seconds != seconds }

// SetOriginCrawlDelay records the Crawl-delay that origin's robots.txt asks
// of host (nil: none, which forgets an earlier one). The host is spaced by
// the largest delay its origins ask for; a delay above MaxCrawlDelay is not
// crawled at, and CrawlDelay reports it. The gate calls it whenever it
// learns a policy.
func (t *Throttle) SetOriginCrawlDelay(host, origin string, seconds *float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	h := t.slot(host)
	if seconds == nil {
		delete(h.asked, origin)
	} else {
		h.asked[origin] = *seconds
	}
	h.delay = 0
	for _, s := range h.asked {
		if !tooSlow(s) {
			h.delay = max(h.delay, time.Duration(max(s, 0)*float64(time.Second)))
		}
	}
}

// CrawlDelay reports what host's recorded Crawl-delays mean for a crawl: a
// warning when the host is spaced by more than CrawlDelayWarn, and a
// *CrawlDelayError when one of its origins asks for more than MaxCrawlDelay
// (the host is to be deferred, not crawled at that pace).
func (t *Throttle) CrawlDelay(host string) (warning string, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	h := t.slot(host)
	for _, s := range h.asked {
		if tooSlow(s) {
			return "", &CrawlDelayError{Host: host, Seconds: s}
		}
	}
	if h.delay > CrawlDelayWarn {
		return fmt.Sprintf("%s asks for Crawl-delay: %g (one page every %s): the crawl of this host will be slow", host, h.delay.Seconds(), h.delay), nil
	}
	return "", nil
}

// CrawlDelayError reports a Crawl-delay above MaxCrawlDelay.
type CrawlDelayError struct {
	Host    string
	Seconds float64
}

func (e *CrawlDelayError) Error() string {
	return fmt.Sprintf("%s asks for Crawl-delay: %g, above webgraph's cap of %s: the host is deferred, not crawled", e.Host, e.Seconds, MaxCrawlDelay)
}

// Interval returns the spacing of page fetches to host.
func (t *Throttle) Interval(host string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return max(t.interval, t.slot(host).delay)
}

// Ready returns when host's next slot is free, without taking it. The time
// may be in the past (the zero time for a host never asked): the slot is
// free now.
func (t *Throttle) Ready(host string) time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	h := t.slot(host)
	return latest(h.next, h.paused)
}

// Reserve takes host's next free slot and returns its time.
func (t *Throttle) Reserve(host string) time.Time {
	t.mu.Lock()
	defer t.mu.Unlock()
	h := t.slot(host)
	at := latest(t.now(), h.next, h.paused)
	h.next = at.Add(max(t.interval, h.delay))
	return at
}

// Wait takes host's next free slot and waits for it (see WaitReserved), and
// counts the page as started when it returns. For requests whose send time
// is not known more precisely.
func (t *Throttle) Wait(ctx context.Context, host string) error {
	release, err := t.WaitReserved(ctx, host, t.Reserve(host))
	if err != nil {
		return err
	}
	release()
	return nil
}

// WaitReserved waits for a slot taken earlier with Reserve: until at, and
// until one interval has passed since the previous page to host started.
// The caller then sends its request and calls release as the request goes
// out (at the latest when the fetch ends; calls after the first do
// nothing): the next page to host waits one interval from that moment, so
// the spacing holds where the server sees it, even when a worker is slow to
// send. Until release, no other page to host starts. On error, nothing is
// held.
func (t *Throttle) WaitReserved(ctx context.Context, host string, at time.Time) (release func(), err error) {
	if err := SleepUntil(ctx, at, t.now); err != nil {
		return nil, err
	}
	t.mu.Lock()
	h := t.slot(host)
	unspaced := t.interval == 0 && h.delay == 0 && !h.paused.After(t.now()) && t.shared == nil
	if unspaced {
		t.grant(host)
	}
	t.mu.Unlock()
	if unspaced {
		// No interval to keep (--host-interval 0, no Crawl-delay, no
		// pause): pages to the host need not wait for each other's send.
		return func() {
			t.mu.Lock()
			h.lastStart = latest(h.lastStart, t.now())
			t.mu.Unlock()
		}, nil
	}
	select {
	case h.gate <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	// Until one interval past the previous start and the end of any pause:
	// a pause that comes while this page waits (another worker's page was
	// answered 429) holds it too.
	var interval time.Duration
	var shared Starts
	for {
		t.mu.Lock()
		interval = max(t.interval, h.delay)
		earliest := latest(h.lastStart.Add(interval), h.paused)
		shared = t.shared
		t.mu.Unlock()
		if !earliest.After(t.now()) {
			break
		}
		if err := SleepUntil(ctx, earliest, t.now); err != nil {
			<-h.gate
			return nil, err
		}
	}
	if shared != nil {
		if err := shared.Start(ctx, strings.ToLower(host), interval); err != nil {
			<-h.gate
			return nil, err
		}
	}
	t.mu.Lock()
	t.grant(host)
	t.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			t.mu.Lock()
			h.lastStart = t.now()
			t.mu.Unlock()
			<-h.gate
		})
	}, nil
}

// Pause stops handing out slots for host after a 429 or 503: for
// Retry-After when the answer gave one (seconds or an HTTP date, capped at
// MaxPause), else for a backoff that doubles from FirstBackoff with each
// such pause in a row (Succeeded resets it). It returns how long the host is paused.
func (t *Throttle) Pause(host, retryAfter string) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	h := t.slot(host)
	d, ok := ParseRetryAfter(retryAfter, now)
	if !ok {
		h.backoffs++
		d = FirstBackoff << min(h.backoffs-1, 16)
	}
	d = min(d, MaxPause)
	until := now.Add(d)
	if until.After(h.paused) {
		h.paused = until
	}
	return d
}

// Succeeded resets host's backoff after a page that was not paused.
func (t *Throttle) Succeeded(host string) {
	t.mu.Lock()
	t.slot(host).backoffs = 0
	t.mu.Unlock()
}

// ParseRetryAfter reads a Retry-After value: delay seconds, or an HTTP date.
// ok is false when v is empty or unreadable.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		return min(time.Duration(secs)*time.Second, MaxPause), true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(at.Sub(now), 0), true
	}
	return 0, false
}

// SleepUntil waits until at (by the clock now), or until ctx ends.
func SleepUntil(ctx context.Context, at time.Time, now func() time.Time) error {
	d := at.Sub(now())
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func latest(ts ...time.Time) time.Time {
	m := ts[0]
	for _, t := range ts[1:] {
		if t.After(m) {
			m = t
		}
	}
	return m
}
