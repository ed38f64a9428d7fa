// Package crawl is webgraph's engine: workers pop URLs from the frontier, ask
// the gate, fetch each page through the union, record it and say so in the
// event stream. The files follow the phases: crawl.go (the workers and their
// lifetime), origin.go (an origin's one-time preparation), handle.go (one
// page), record.go (its record and event), summary.go (the run and done
// events); frontier.go holds the interfaces of the state they work on.
package crawl

import (
	"context"
	"errors"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
)

// Pages fetches one page through the union; *union.Union satisfies it.
type Pages interface {
	Fetch(ctx context.Context, u *url.URL) (*union.Page, error)
}

// BrowserMemory reports on the memory of the browser the crawl renders
// with; *rendered.Fetcher satisfies it. PeakRSS is its peak resident memory
// in bytes (0 when unknown); FewestTabs is the fewest tabs it rendered with
// because memory ran low (0 when it never did) and the tabs it was given.
type BrowserMemory interface {
	PeakRSS() int64
	FewestTabs() (fewest, of int)
	// PeakPSS is the most proportional set size (bytes) the browser's
	// process tree was seen to use, PSS reads it now (0: unknown), and
	// Recycles counts the browsers replaced for passing their memory limit.
	PeakPSS() int64
	PSS() int64
	Recycles() int
}

// Journal keeps a durable record of the run: *store.Journal satisfies it.
type Journal interface {
	Run(ctx context.Context, ev any, resumed bool) error
	Done(ctx context.Context, ev any) error
	Robots(ctx context.Context, p *policy.RobotsPolicy) error
	// JoinOrigin records that origin joined the approved origins through a
	// seed's redirect (ev says how), so a resumed crawl and every worker of
	// a shared one know of it; JoinedOrigins returns every such origin with
	// its event as recorded (JSON). A worker of a shared crawl approves one
	// only when its own seed's redirect leads there (see joinOrigins).
	JoinOrigin(ctx context.Context, origin string, ev any) error
	JoinedOrigins(ctx context.Context) (map[string]string, error)
}

// Origins shares an origin's one-time preparation (its sitemaps and the
// soft-404 probe) among the workers of one crawl: *store.SharedOrigins
// satisfies it. Once returns the record a worker prepared and shared; when
// none has, it calls prepare (other workers wait for it) and keeps the
// record when share is true. ran says whether prepare ran; an error is the
// store's.
// Records returns every origin's shared record, for the crawl's inventory.
type Origins interface {
	Once(ctx context.Context, origin string, prepare func() (rec []byte, share bool)) (rec []byte, ran bool, err error)
	Records(ctx context.Context) ([][]byte, error)
}

// Session is a Journal whose crawl several workers share: each worker's
// stream ends with its own share (a worker_done event) unless it is the
// last out, which writes the crawl's done. *store.SharedJournal satisfies
// it.
type Session interface {
	Journal
	// Worker names this worker.
	Worker() string
	// Leave records share as this worker's part and reports whether it is
	// the last worker out; exhausted says the crawl's frontier ran dry.
	Leave(ctx context.Context, share any, exhausted bool) (last bool, err error)
	// Tally reads the session's record, for the last worker out.
	Tally(ctx context.Context) (frontier.SessionTally, error)
}

// Crawler runs one crawl. Create it with New; Run may be called once.
type Crawler struct {
	cfg   Config
	pages Pages
	// The crawl's state, by job (frontier.go): one Frontier gives them all.
	queue       Queue
	seen        Seen
	recorder    Recorder
	canonicals  Canonicals
	sitemaps    Sitemaps
	keptContent KeptContent
	gate        *policy.Gate
	scope       *policy.Scope
	sink        Sink
	journal     Journal
	session     Session // journal, when it is one; else nil
	origins     Origins
	links       LinkChecker
	browser     BrowserMemory
	version     string

	stopOnce  sync.Once
	failOnce  sync.Once // the warning of failed, said once
	stopCh    chan struct{}
	reason    atomic.Value // StopReason; read it with stopReason
	linksDone atomic.Bool  // the link checks are finished

	emitMu sync.Mutex

	// fetching, when there are more workers than cfg.Concurrency (see
	// workers), holds one token per page from its being taken from the
	// frontier until its answer is off the network: so many at once.
	fetching chan struct{}

	started   atomic.Int64   // page fetches started (the request ceiling)
	prepared  sync.Map       // origin -> *originPrep
	judged    sync.Map       // origin -> struct{}: a recorded join this worker has judged (joinOrigins)
	routeDocs sync.Map       // document URL -> *routePrep, under Config.HashRoutes
	recording sync.WaitGroup // pages handed to a pipelined frontier, not yet said
	templates templates      // the sites' templates, under Config.KeepContent

	// mu guards what follows. Nothing here grows with the number of URLs:
	// per-URL state lives in the frontier (on disk with a database).
	mu           sync.Mutex
	kinds        discovery.Kinds
	skipped      []Skipped // at most MaxSkippedList
	done         DoneEvent
	identical    refuse.Identical
	deferredSaid map[string]time.Time
	pagesSince   int
	seedRefusals []string // the first seeds refused, in words, for a crawl that keeps nothing
	// skippedRoutes are the hash routes counted in done.HashRoutesSkipped,
	// at most MaxHashRoutesCounted.
	skippedRoutes map[string]struct{}
}

// Deps are what a Crawler works with; the CLI builds them from flags.
type Deps struct {
	Pages    Pages
	Frontier Frontier // nil: a frontier.Memory over the gate's throttle
	// Gate is asked before every request the crawl causes; its scope is the
	// crawl's and its throttle spaces the pages. Required: the fetchers
	// must have been built with the same gate.
	Gate *policy.Gate
	Sink Sink
	// Journal, if set, records the run, its robots policies and its end.
	// When it is also a Session, the crawl is shared with other workers and
	// only the last one out ends its stream with the crawl's done.
	Journal Journal
	// Origins, if set, makes each origin's sitemaps and soft-404 probe
	// once for every worker sharing the crawl, rather than once per Crawler.
	Origins Origins
	// Links, if set, checks link targets (--check): external URLs and
	// #fragments. It must use the same gate.
	Links LinkChecker
	// Browser, if set, is asked for the browser's peak memory at the end
	// (the done event's browser_peak_rss_mb).
	Browser BrowserMemory
	Version string
}

// New checks cfg and returns a Crawler. It returns a *ConfigError for an
// invalid configuration.
func New(cfg Config, d Deps) (*Crawler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if d.Pages == nil || d.Sink == nil || d.Gate == nil || d.Gate.Throttle() == nil {
		return nil, &ConfigError{[]string{"Deps.Pages, Deps.Sink and Deps.Gate (with a throttle) are required"}}
	}
	c := &Crawler{cfg: cfg, pages: d.Pages, sink: d.Sink, journal: d.Journal, origins: d.Origins, links: d.Links, browser: d.Browser, version: d.Version, gate: d.Gate, scope: d.Gate.Scope(), stopCh: make(chan struct{}),
		kinds: discovery.Kinds{}, deferredSaid: map[string]time.Time{}, skippedRoutes: map[string]struct{}{}}
	front := d.Frontier
	if front == nil {
		front = frontier.NewMemory(d.Gate.Throttle(), cfg.Depth)
	}
	c.queue, c.seen, c.recorder, c.canonicals, c.sitemaps, c.keptContent = front, front, front, front, front, front
	c.session, _ = c.journal.(Session)
	c.done = DoneEvent{Event: EventDone, Causes: map[string]int{}, Skipped: []Skipped{}, Warnings: []string{}, Findings: audit.NewTally()}
	for _, cause := range refuse.Causes() {
		c.done.Causes[string(cause)] = 0
	}
	return c, nil
}

// Stop asks the crawl to finish: no new URL is popped and no new request
// starts (the gate is stopped, so every wait ends), pages already on the
// wire complete, and Run returns with StopInterrupted. Safe to call more than
// once.
func (c *Crawler) Stop() { c.stop(StopInterrupted) }

// When the frontier is exhausted and links are being checked, the gate stays
// open until the checks are done (Run stops it); any other stop during them
// stops the gate at once and becomes the crawl's reason.
func (c *Crawler) stop(reason StopReason) {
	c.stopOnce.Do(func() {
		c.reason.Store(reason)
		close(c.stopCh)
	})
	if reason == StopExhausted && c.links != nil && !c.linksDone.Load() {
		return
	}
	if reason == StopMaxPages {
		// The ceiling pops no further URL, but the pages counted within it
		// go on; Run stops the gate once they are done.
		return
	}
	if reason != StopExhausted && c.stopReason() == StopExhausted {
		c.reason.Store(reason)
	}
	c.gate.Stop()
}

// halted reports whether the crawl stopped for a reason that ends even the
// pages not yet on the wire (an interrupt, the time budget, a failure). The
// request ceiling does not: a page counted within it is fetched.
func (c *Crawler) halted() bool {
	if !c.stopped() {
		return false
	}
	return c.stopReason() != StopMaxPages
}

// stopReason is why the crawl stopped; "" while it runs.
func (c *Crawler) stopReason() StopReason {
	r, _ := c.reason.Load().(StopReason)
	return r
}

func (c *Crawler) stopped() bool {
	select {
	case <-c.stopCh:
		return true
	default:
		return false
	}
}

func (c *Crawler) emit(ev Event) {
	c.emitMu.Lock()
	defer c.emitMu.Unlock()
	c.sink(ev)
}

// Run crawls until the frontier is exhausted, the request ceiling or time
// budget is reached, Stop is called, or ctx ends. ctx bounds everything the
// crawl does, its record in the frontier and journal included: Stop ends a
// crawl gently (the pages in flight are finished and recorded, and so is
// its end), while a ctx that ends cancels the pages in flight and the
// writes still waiting. It emits the done event and returns it.
func (c *Crawler) Run(ctx context.Context) *DoneEvent {
	start := time.Now()
	if c.session == nil {
		// A resumed crawl keeps the origins its seeds' redirects
		// approved: its database is its own (one process at a time).
		c.joinOrigins(ctx)
	}
	run := c.runEvent()
	c.emit(run)
	if c.journal != nil {
		if err := c.journal.Run(ctx, run, c.cfg.Resumed); err != nil {
			c.addWarning("the crawl database could not record the run: " + err.Error())
			c.stop(StopFailure)
		}
	}

	// A worker blocked in Next must wake when the crawl stops.
	popCtx, cancelPop := context.WithCancel(ctx)
	defer cancelPop()
	go func() {
		select {
		case <-c.stopCh:
			cancelPop()
		case <-popCtx.Done():
		}
	}()
	if c.cfg.TimeBudget > 0 {
		t := time.AfterFunc(c.cfg.TimeBudget, func() { c.stop(StopTimeBudget) })
		defer t.Stop()
	}

	for _, ev := range c.cfg.SeedJoins {
		c.joined(ctx, ev)
	}
	if c.session != nil {
		c.joinOrigins(ctx) // each judged here, said after the run event
	}
	for _, s := range c.cfg.Seeds {
		if ctx.Err() != nil {
			break
		}
		if n, err := c.normalize(s); err == nil && c.seen.Add(ctx, n, policy.HostKey(s), discovery.Discovery{Via: discovery.ViaSeed}) {
			c.tally(discovery.KindPage, 1)
		}
		if !c.stopped() {
			// After the first Ctrl-C the seeds are still queued (a resume
			// finds them) but no origin is prepared: that asks its host.
			c.prepare(ctx, s)
		}
	}

	if c.links != nil {
		c.links.Start(ctx)
	}
	c.learnTemplates(ctx)
	var wg sync.WaitGroup
	if c.workers() > c.cfg.Concurrency {
		c.fetching = make(chan struct{}, c.cfg.Concurrency)
	}
	for range c.workers() {
		wg.Go(func() { c.worker(ctx, popCtx) })
	}
	wg.Wait()
	if c.stopReason() == StopMaxPages {
		c.gate.Stop() // the pages within the ceiling are done
	}
	c.recording.Wait() // pages still being committed
	if ctx.Err() != nil {
		c.stop(StopInterrupted)
	}
	c.finishLinks(ctx)
	c.linksDone.Store(true)
	c.stop(StopExhausted) // no-op when a reason was already set
	return c.finish(ctx, start)
}

// workers is how many pages are worked on at once. --concurrency is how
// many are fetched at once: a browser's tab is busy until its page is read,
// so a worker is a tab; but a plain page's answer is off the network long
// before it is parsed and recorded, so a plain crawl has twice the workers
// and lets the next request out meanwhile (see fetching).
func (c *Crawler) workers() int {
	if c.cfg.Mode == union.ModePlain {
		return 2 * c.cfg.Concurrency
	}
	return c.cfg.Concurrency
}

func (c *Crawler) worker(ctx, popCtx context.Context) {
	for !c.stopped() && ctx.Err() == nil {
		received := func() {}
		if c.fetching != nil {
			select {
			case c.fetching <- struct{}{}:
			case <-popCtx.Done():
				return
			}
			var once sync.Once
			received = func() { once.Do(func() { <-c.fetching }) }
		}
		it, err := c.queue.Next(popCtx)
		switch {
		case errors.Is(err, frontier.ErrExhausted), errors.Is(err, frontier.ErrOnlyDeferred):
			received()
			c.stop(StopExhausted)
			return
		case err != nil && popCtx.Err() == nil:
			received()
			c.failed(err)
			return
		case err != nil:
			received()
			return
		}
		c.handle(ctx, it, received)
		received()
		if err := c.recorder.Err(); err != nil {
			c.failed(err)
			return
		}
	}
}

// failed stops the crawl because its record could not be kept; that
// outranks a frontier found exhausted meanwhile (a page's record can fail
// after the last URL was handed out).
func (c *Crawler) failed(err error) {
	c.failOnce.Do(func() {
		c.addWarning("the crawl stopped: its state could not be kept: " + err.Error())
	})
	c.stop(StopFailure)
}
