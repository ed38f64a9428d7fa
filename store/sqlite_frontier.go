package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/refuse"
)

// Window is how many queued URLs of one host are held in memory; the rest
// wait on disk.
const Window = 64

// Frontier is a crawl frontier kept in the database: the queue and the seen
// set live on disk, and memory holds only per-host counts and a window of
// the next URLs of each host, so memory stays flat as the crawl grows. It
// satisfies crawl.Frontier and is safe for concurrent use.
type Frontier struct {
	s        *Store
	sched    frontier.Scheduler
	maxDepth int

	mu       sync.Mutex
	hosts    map[string]*hostQ
	queued   int
	seen     int
	inFlight int
	// handed are the URLs in flight. On disk they stay "queued" until
	// completed (a resumed crawl would queue them again anyway), so a
	// refill must skip them. They are at most the workers and the pages
	// waiting for the writer.
	handed map[string]bool
	wake   chan struct{}
	err    error // the first write that failed: the crawl must stop
	reads  int   // refills: reads of a host's queue from disk (for tests)

	// pending bounds the records waiting for the writer (see rowBudget).
	pending rowBudget
	// known are facts of URLs committed records queued or linked: a page
	// queueing or linking one again (the navigation every page repeats)
	// need not ask the database. The writer's goroutine alone uses it; it
	// is emptied when it reaches knownMax.
	known map[string]urlFacts
}

// RecordBudget is how many rows (URLs queued and links, one more for the
// page) the records waiting for the writer may hold together. A worker
// hands its page to the writer and fetches on (CompleteThen); were the
// pages waiting bounded only by their number, a site whose pages carry
// 1,000 links each would have the workers hold hundreds of them, each with
// its links, queue and parsed page: 430 MB at a million URLs. At 8,192 rows
// that crawl peaks at 56-58 MB (at 16,384, 63-66 MB); it is still 40
// pages of 100 links, most of a batch of the writer's.
const RecordBudget = 8192

// rowBudget is a count of rows held, up to RecordBudget; a caller waits
// for the rows it takes. Its zero value holds none.
type rowBudget struct {
	mu   sync.Mutex
	cond *sync.Cond // on mu, made on first wait
	used int
}

// take waits until n rows fit, takes them and returns how many it took: a
// record larger than the whole budget takes the whole budget, so it waits
// until nothing else is held and then goes alone. hurry is called before each wait: someone waits for the
// writer to commit.
func (b *rowBudget) take(n int, hurry func()) int {
	n = min(n, RecordBudget)
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.used+n > RecordBudget {
		if b.cond == nil {
			b.cond = sync.NewCond(&b.mu)
		}
		hurry()
		b.cond.Wait()
	}
	b.used += n
	return n
}

// give returns n rows taken.
func (b *rowBudget) give(n int) {
	b.mu.Lock()
	b.used -= n
	if b.cond != nil {
		b.cond.Broadcast()
	}
	b.mu.Unlock()
}

type hostQ struct {
	queued   int             // on disk, in the window included
	window   []frontier.Item // the next URLs, in queue order
	deferred time.Time
	// after, once set, is the highest id read among the URLs never tried
	// (see refill).
	after int64
	// tail says the window reaches the end of the host's queue: the last
	// refill read every queued URL there was, and every URL queued since
	// went into the window. A URL a page queues next then goes straight
	// into the window too (see enqueuedNew), rather than be read back from disk.
	tail bool
}

// queuedByHost counts each host's queued URLs, when a frontier opens.
const queuedByHost = `SELECT host, COUNT(*) FROM urls WHERE state = 'queued' GROUP BY host`

// sqliteFrontier returns the database's frontier. A URL in flight stays "queued"
// on disk until its page is recorded, so a crawl killed mid-page queues it
// again when it resumes.
func (s *Store) sqliteFrontier(ctx context.Context, sched frontier.Scheduler, maxDepth int) (*Frontier, error) {
	if s.pg {
		return nil, errors.New("store: a PostgreSQL crawl is worked through SharedFrontier")
	}
	f := &Frontier{s: s, sched: sched, maxDepth: maxDepth, hosts: map[string]*hostQ{}, handed: map[string]bool{}, wake: make(chan struct{}), known: map[string]urlFacts{}}
	rows, err := s.db.QueryContext(ctx, queuedByHost)
	if err != nil {
		return nil, fmt.Errorf("store: reading the queue: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var h string
		var n int
		if err := rows.Scan(&h, &n); err != nil {
			return nil, err
		}
		f.hosts[h] = &hostQ{queued: n}
		f.queued += n
	}
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM urls WHERE state != 'linked'`).Scan(&f.seen); err != nil {
		return nil, err
	}
	return f, rows.Err()
}

// Err returns the first failed write; after it the frontier's record is
// incomplete and the crawl should stop.
func (f *Frontier) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// fail keeps err as the frontier's error (see Err), unless ctx has ended:
// then the caller stopped, nothing failed, and what it did not write is
// queued still on disk, for a resumed crawl.
func (f *Frontier) fail(ctx context.Context, err error) {
	if ctx.Err() != nil {
		return
	}
	f.mu.Lock()
	if f.err == nil {
		f.err = err
	}
	f.mu.Unlock()
}

func (f *Frontier) signal() {
	close(f.wake)
	f.wake = make(chan struct{})
}

// Add queues url unless it was seen before or is too deep.
func (f *Frontier) Add(ctx context.Context, url, host string, c discovery.Discovery) bool {
	if f.maxDepth >= 0 && c.Depth > f.maxDepth {
		return false
	}
	return f.insert(ctx, url, host, frontier.StateQueued, c)
}

// insert adds url in state unless it is known, reporting whether it was
// new. A URL queued is counted once committed, on the writer's goroutine,
// in commit order with the URLs pages queue (see enqueuedNew): counted later, it
// could be passed over by a window that took a newer URL meanwhile.
func (f *Frontier) insert(ctx context.Context, url, host string, state frontier.State, c discovery.Discovery) bool {
	var added, raised bool
	done := make(chan error, 1)
	f.s.writeThen(ctx, func(ctx context.Context, tx *sql.Tx) error {
		r, err := f.s.stmt(tx, "insertURL").ExecContext(ctx, url, host, string(state), string(c.Via), c.FoundOn, c.Anchor, c.Depth, "")
		if err != nil {
			return err
		}
		n, _ := r.RowsAffected()
		added, raised = n == 1, false
		if added {
			return nil
		}
		// Known only as a link's target: queued (or seen) from now on.
		var id int64
		err = f.s.stmt(tx, "upgrade").QueryRowContext(ctx, host, string(state), string(c.Via), c.FoundOn, c.Anchor, c.Depth, url).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		added, raised = err == nil, err == nil
		return err
	}, func(err error) {
		if err == nil && added && state == frontier.StateQueued {
			f.mu.Lock()
			if raised {
				f.enqueuedOld(host)
				f.signal()
			} else {
				f.enqueued(host, 1)
			}
			f.mu.Unlock()
		}
		done <- err
	}, true)
	if err := <-done; err != nil {
		f.fail(ctx, err)
		return false
	}
	return added
}

// enqueued counts n new queued URLs of host. The window is refilled from
// disk when it runs dry, so it needs no copy of them. Called with f.mu held.
func (f *Frontier) enqueued(host string, n int) {
	q := f.hosts[host]
	if q == nil {
		q = &hostQ{}
		f.hosts[host] = q
	}
	q.queued += n
	f.queued += n
	f.seen += n
	if n > 0 {
		q.tail = false // on disk only, past what the window holds
	}
	f.signal()
}

// enqueuedOld counts a URL of host queued that was known as a link's
// target only: its id is older than the window's, so the next refill reads
// the host's queue from its start. Called with f.mu held; the caller
// signals.
func (f *Frontier) enqueuedOld(host string) {
	q := f.hosts[host]
	if q == nil {
		q = &hostQ{}
		f.hosts[host] = q
	}
	q.queued++
	f.queued++
	f.seen++
	q.after, q.tail = 0, false
}

// enqueuedNew counts a URL a page queued, it, new on disk, and puts it at the end
// of its host's window when the window reaches the end of the queue and has
// room: it is then the next URL in queue order after the window's (its id
// is the highest yet), and the window need not read it back. A URL a
// refill read already (committed, not yet counted) is only counted. Called
// with f.mu held; the caller signals.
func (f *Frontier) enqueuedNew(it frontier.Item) {
	q := f.hosts[it.Host]
	if q == nil {
		q = &hostQ{}
		f.hosts[it.Host] = q
	}
	q.queued++
	f.queued++
	f.seen++
	switch {
	case it.ID <= q.after: // in the window or handed out already
	case q.tail && len(q.window) < Window:
		q.window = append(q.window, it)
		q.after = it.ID
	default:
		q.tail = false
	}
}

// Sitemapped records that a sitemap listed url, queueing it as Add does
// when it is new; it reports whether it was new.
func (f *Frontier) Sitemapped(ctx context.Context, url, host string, c discovery.Discovery) bool {
	added := f.Add(ctx, url, host, c)
	if err := f.s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := f.s.stmt(tx, "sitemapped").ExecContext(ctx, url)
		return err
	}); err != nil {
		f.fail(ctx, err)
	}
	return added
}

// MarkSeen records url as seen without queueing it.
func (f *Frontier) MarkSeen(ctx context.Context, url string) bool {
	added := f.insert(ctx, url, "", frontier.StateSeen, discovery.Discovery{})
	if added {
		f.mu.Lock()
		f.seen++
		f.mu.Unlock()
	}
	return added
}

// Defer holds every URL of host until until (in memory: ctx is unused).
func (f *Frontier) Defer(_ context.Context, host string, until time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.hosts[host]
	if q == nil {
		q = &hostQ{}
		f.hosts[host] = q
	}
	q.deferred = until
	f.signal()
}

// Pause does nothing: a SQLite crawl is one process's, whose throttle holds
// a host's pause already.
func (f *Frontier) Pause(context.Context, string, time.Time) {}

// Next hands out the queued URL whose host's slot comes soonest (see
// frontier.Pop), marking it in flight.
func (f *Frontier) Next(ctx context.Context) (frontier.Item, error) {
	if err := f.Err(); err != nil {
		return frontier.Item{}, err
	}
	return frontier.Pop(ctx, sqliteQueue{f}, f.changed, 0)
}

// changed returns a channel closed at the next change.
func (f *Frontier) changed() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.wake
}

// sqliteQueue is the SQLite frontier seen as a frontier.Queue: the hosts'
// counts and windows are in memory, the URLs on disk.
type sqliteQueue struct{ f *Frontier }

func (q sqliteQueue) Hosts(context.Context) ([]frontier.HostState, int, error) {
	f := q.f
	f.mu.Lock()
	defer f.mu.Unlock()
	hosts := make([]frontier.HostState, 0, len(f.hosts))
	for host, hq := range f.hosts {
		if hq.queued > 0 {
			hosts = append(hosts, frontier.HostState{Host: host, Queued: true, Deferred: hq.deferred, Free: f.sched.Ready(host)})
		}
	}
	return hosts, f.inFlight, nil
}

// Waiting asks the writer to commit the pages it holds: their links may be
// what the idle worker waits for.
func (q sqliteQueue) Waiting() { q.f.s.Hurry() }

func (q sqliteQueue) Take(ctx context.Context, host string) (frontier.Item, bool, error) {
	f := q.f
	f.mu.Lock()
	defer f.mu.Unlock()
	hq := f.hosts[host]
	if hq == nil || hq.queued == 0 {
		return frontier.Item{}, false, nil
	}
	if len(hq.window) == 0 {
		if err := f.refill(ctx, host, hq); err != nil {
			if ctx.Err() == nil {
				f.err = err
			}
			return frontier.Item{}, false, err
		}
	}
	if len(hq.window) == 0 { // the count was off; trust the disk
		f.queued -= hq.queued
		hq.queued = 0
		return frontier.Item{}, false, nil
	}
	it := hq.window[0]
	f.handed[it.URL] = true
	hq.window = hq.window[1:]
	hq.queued--
	f.queued--
	f.inFlight++
	// Fewer URLs queued than in flight: the next ones to take are in the
	// links of the pages in flight, so the writer should record those now
	// rather than gather more (a crawl's first levels, the tail of a
	// site). Waiting until a worker is idle would cost each level of the
	// site's tree a whole batch's commit.
	if f.queued < f.inFlight {
		f.s.Hurry()
	}
	it.Slot = f.sched.Reserve(host)
	return it, true, nil
}

// refill reads the next Window queued URLs of host from disk. Called with
// f.mu held.
//
// The queue's order is the URLs tried before first (a resumed crawl's
// retries), then the others by id. Until a read reaches the URLs never
// tried, it reads them all from the start, skipping those in flight. After
// that it reads on from the highest id it has read: every queued URL below
// it is in flight or in the window, and a URL tried again in this run is
// put back in the window (Retry), so the read need not pass over the many
// URLs that wait for the writer to record them.
func (f *Frontier) refill(ctx context.Context, host string, q *hostQ) error {
	var rows *sql.Rows
	var err error
	f.reads++
	limit := Window
	if q.after > 0 {
		rows, err = f.s.stmts["refillAfter"].QueryContext(ctx, host, q.after, limit)
	} else {
		limit += len(f.handed)
		rows, err = f.s.stmts["refill"].QueryContext(ctx, host, limit)
	}
	if err != nil {
		return fmt.Errorf("store: reading the queue of %s: %w", host, err)
	}
	defer rows.Close()
	read := 0
	q.tail = false
	for rows.Next() {
		read++
		it := frontier.Item{Host: host}
		var via string
		if err := rows.Scan(&it.ID, &it.URL, &via, &it.Citation.FoundOn, &it.Citation.Anchor, &it.Citation.Depth, &it.Attempts); err != nil {
			return err
		}
		if it.Attempts == 0 {
			q.after = max(q.after, it.ID)
		}
		if f.handed[it.URL] {
			continue // in flight
		}
		it.Citation.Via = discovery.Via(via)
		q.window = append(q.window, it)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	q.tail = read < limit // the read reached the end of the queue
	return nil
}

// Retry puts an in-flight item back at the front of its host's queue.
func (f *Frontier) Retry(ctx context.Context, it frontier.Item) {
	if err := f.s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := f.s.stmt(tx, "retry").ExecContext(ctx, it.Attempts, it.URL)
		return err
	}); err != nil {
		f.fail(ctx, err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.handed, it.URL)
	q := f.hosts[it.Host]
	it.Slot = time.Time{}
	q.window = append([]frontier.Item{it}, q.window...)
	q.queued++
	f.queued++
	f.inFlight--
	f.signal()
}

// Complete records an item's result, its page, its links and the URLs it
// queues, in one transaction, and returns the links whose targets the
// database had never seen, linked or queued.
func (f *Frontier) Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link {
	done := make(chan []frontier.Link, 1)
	f.completeThen(ctx, it, r, "", true, func(firsts []frontier.Link, _ string, _ error) { done <- firsts })
	return <-done
}

// CompleteThen is Complete without the wait: it returns at once, and then
// runs on its own goroutine once the record is committed, or has failed
// (err, which Err gives from then on), so that the writer can commit many
// pages at once while the workers fetch on. The URL stays in flight until
// then. It waits first while the records waiting for the writer hold
// RecordBudget rows, so that memory does not follow the pages' links.
//
// With canon set, the page is kept only if it is the first to claim that
// canonical URL (by the URL it was asked as, it.URL), in the same
// transaction. When another page holds it,
// nothing is written, the item stays in flight, and then is given the
// holder: complete it again, as that page's duplicate, without a claim.
func (f *Frontier) CompleteThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, then func(firsts []frontier.Link, holder string, err error)) {
	f.completeThen(ctx, it, r, canon, false, then)
}

// completeThen is CompleteThen; waits says the caller waits for then.
func (f *Frontier) completeThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, waits bool, then func(firsts []frontier.Link, holder string, err error)) {
	var fresh []frontier.Item  // the URLs queued that were new, in id order
	var raised []frontier.Item // the URLs queued that were known as links' targets only
	w := pageWrites.Get().(*pageWrite)
	var firsts []frontier.Link
	var holder string
	fn := func(ctx context.Context, _ *sql.Tx) error {
		return f.s.rawWrite(func(rc *rawConn) error {
			firsts, holder = firsts[:0], ""
			fresh, raised = fresh[:0], raised[:0]
			w.reset()
			if canon != "" {
				h, err := rc.claim(ctx, canon, it.URL)
				if err != nil {
					return err
				}
				if h != it.URL {
					holder = h // nothing written: the claim was ignored
					return nil
				}
			}
			id := it.ID
			if id != 0 {
				if _, err := rc.exec(ctx, "completeID", string(r.State), id); err != nil {
					return fmt.Errorf("store: completing %s: %w", it.URL, err)
				}
			} else {
				v, err := rc.queryRow(ctx, "complete", string(r.State), it.URL)
				if err != nil {
					return fmt.Errorf("store: completing %s: %w", it.URL, err)
				}
				id, _ = v.(int64)
			}
			if r.Event != nil {
				if _, err := rc.exec(ctx, "insertPage", id, r.FinalURL, r.State == frontier.StateDone, r.Status, string(r.Cause), r.Title, r.Words,
					nullWords(r.PlainWords), nullWords(r.RenderedWords), nil, string(r.Event), nullTime(r.LastModified)); err != nil {
					return err
				}
			}
			if c := r.Content; c != nil && r.State == frontier.StateDone {
				if _, err := rc.exec(ctx, "insertContent", contentArgs(id, c)...); err != nil {
					return err
				}
			}
			// The URLs go in before the links: a URL the page queues
			// that is new to the crawl makes its links firsts.
			kinds := func(u string) string { // the kind of the first link to u, the map made once asked
				if !w.kindsFor {
					w.kinds, w.kindsFor = firstKinds(r.Links, w.kinds), true
				}
				return w.kinds[u]
			}
			for _, n := range r.Queue {
				if f.maxDepth >= 0 && n.Citation.Depth > f.maxDepth {
					continue
				}
				if _, dup := w.queued[n.URL]; dup {
					continue
				}
				facts, cached, err := f.queueURL(ctx, rc, n, kinds)
				if err != nil {
					return err
				}
				w.queued[n.URL] = facts
				if !cached { // what the cache gave, it holds already
					w.learned = append(w.learned, learned{n.URL, urlFacts{id: facts.id, queued: true, linked: facts.linked}})
				}
				it := frontier.Item{URL: n.URL, Host: n.Host, Citation: n.Citation, ID: facts.id}
				switch {
				case facts.fresh:
					fresh = append(fresh, it)
				case facts.raised:
					raised = append(raised, it)
				}
			}
			var err error
			firsts, err = f.writeLinks(ctx, rc, w, id, r.Links, firsts)
			return err
		})
	}
	rows := f.pending.take(1+len(r.Queue)+len(r.Links), f.s.Hurry)
	f.s.writeThen(ctx, fn, func(err error) {
		f.pending.give(rows)
		if err == nil && holder != "" {
			pageWrites.Put(w)
			go then(nil, holder, nil)
			return
		}
		f.mu.Lock()
		if err != nil {
			if f.err == nil && ctx.Err() == nil {
				f.err = err
			}
			fresh, raised = nil, nil
			firsts = nil
		}
		for _, it := range fresh {
			f.enqueuedNew(it)
		}
		for _, it := range raised {
			f.enqueuedOld(it.Host)
		}
		if err == nil {
			f.learn(w)
		}
		delete(f.handed, it.URL)
		f.inFlight--
		f.signal()
		f.mu.Unlock()
		pageWrites.Put(w)
		go then(firsts, "", err)
	}, waits)
}

// Summary sets the sitemap URLs against what the crawl found, streaming
// from the database; with unlisted, it also counts the kept, linked pages
// no sitemap lists.
func (f *Frontier) Summary(ctx context.Context, disallowed func(url string) bool, limit int, unlisted bool) frontier.SitemapSummary {
	s, err := f.s.sitemapSummary(ctx, disallowed, limit, unlisted)
	if err != nil {
		f.fail(ctx, err)
	}
	return s
}

// sitemapSummary sets the sitemap URLs against the crawl's pages and links.
// The unlisted pages are a scan of every URL the crawl met, with a probe of
// the links for each: at 20,000 pages it was most of the done event's time,
// for a count a crawl without sitemaps throws away.
func (st *Store) sitemapSummary(ctx context.Context, disallowed func(url string) bool, limit int, unlisted bool) (frontier.SitemapSummary, error) {
	var s frontier.SitemapSummary
	rows, err := st.db.QueryContext(ctx, st.dialect.sitemapURLs)
	if err != nil {
		return s, fmt.Errorf("store: reading sitemap URLs: %w", err)
	}
	for rows.Next() {
		var u, state, cause string
		var linked bool
		if rows.Scan(&u, &state, &cause, &linked) != nil {
			break
		}
		s.Count(frontier.State(state), refuse.Cause(cause))
		if !linked {
			s.NeverLinked.Add(u, limit)
		}
		if st := frontier.State(state); st == frontier.StateDisallowed || (st == frontier.StateQueued && disallowed(u)) {
			s.Disallowed.Add(u, limit)
		}
	}
	rows.Close()
	if !unlisted {
		return s, nil
	}
	rows, err = st.db.QueryContext(ctx, st.dialect.unlisted)
	if err != nil {
		return s, fmt.Errorf("store: reading sitemap URLs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		if rows.Scan(&u) == nil {
			s.NotInSitemap.Add(u, limit)
		}
	}
	return s, rows.Err()
}

// nullTime is t as the pages table keeps it: RFC 3339 in UTC, or NULL for
// the zero time.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(time.RFC3339)
}

func nullWords(n int) any {
	if n < 0 {
		return nil
	}
	return n
}

// Stats returns a snapshot (from memory: ctx is unused).
func (f *Frontier) Stats(context.Context) frontier.Stats {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := frontier.Stats{Queued: f.queued, Seen: f.seen, InFlight: f.inFlight}
	now := time.Now()
	for _, q := range f.hosts {
		if now.Before(q.deferred) {
			s.Deferred += q.queued
		}
	}
	return s
}
