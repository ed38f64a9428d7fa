package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// Defaults of SharedConfig.
const (
	// DefaultLease is how long a URL handed to a worker stays its own
	// without renewal; a worker renews its leases every third of it, so
	// only a dead worker's leases run out.
	DefaultLease = time.Minute
	// DefaultPoll is how often a waiting worker looks for URLs other
	// workers added. A worker waits only while it can take nothing and
	// others have URLs in flight: as a crawl's tree first widens, and when
	// its last pages are out (the others learn the crawl is over). Each
	// look is one small query.
	DefaultPoll = 50 * time.Millisecond
)

// Spacer says how far apart pages to one host start; *policy.Throttle
// satisfies it (max of --host-interval and the host's Crawl-delay).
type Spacer interface {
	Interval(host string) time.Duration
}

// SharedConfig configures a SharedFrontier.
type SharedConfig struct {
	// Worker names this worker in its leases. "" means host name, PID and a
	// random suffix.
	Worker string
	// Lease is how long a URL stays leased without renewal. Zero means
	// DefaultLease.
	Lease time.Duration
	// Poll is how often Next looks again while it waits. Zero means
	// DefaultPoll.
	Poll time.Duration
}

// SharedFrontier is a crawl frontier kept in PostgreSQL and shared by every
// worker process of the crawl, on any machine. A URL handed out is leased
// (FOR UPDATE SKIP LOCKED) to this worker until an expiry that a goroutine
// renews while the URL is in flight; a dead worker's leases run out and
// their URLs go back to the queue. Each host's next free slot is a row
// updated in the same transaction, so the spacing of pages to a host holds
// across workers. Memory holds nothing per URL. It satisfies crawl.Frontier,
// is safe for concurrent use, and must be closed.
type SharedFrontier struct {
	s        *Store
	sched    Spacer
	maxDepth int
	cfg      SharedConfig

	mu   sync.Mutex
	wake chan struct{}
	err  error

	// preparing bounds the origins prepared at once (SharedOrigins.Once):
	// each holds a connection while its preparation needs others.
	preparing chan struct{}

	stop chan struct{}
	done chan struct{}
}

// sharedFrontier returns the PostgreSQL database's frontier for one worker,
// and starts renewing its leases until Close or until ctx ends. It fails on
// a SQLite store.
func (s *Store) sharedFrontier(ctx context.Context, sched Spacer, maxDepth int, cfg SharedConfig) (*SharedFrontier, error) {
	if !s.pg {
		return nil, errors.New("store: a shared frontier needs a PostgreSQL database")
	}
	if cfg.Worker == "" {
		host, _ := os.Hostname()
		var b [4]byte
		rand.Read(b[:])
		cfg.Worker = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
	}
	if cfg.Lease <= 0 {
		cfg.Lease = DefaultLease
	}
	if cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	f := &SharedFrontier{s: s, sched: sched, maxDepth: maxDepth, cfg: cfg, wake: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{}),
		preparing: make(chan struct{}, maxPreparing)}
	go f.renew(ctx)
	return f, nil
}

// Worker returns the name this worker's leases carry.
func (f *SharedFrontier) Worker() string { return f.cfg.Worker }

// renewEvery is how often a worker renews its leases and its run's
// heartbeat: a third of the lease, and at least every second, so that a
// worker leaving the crawl learns soon whether the others are alive.
func (f *SharedFrontier) renewEvery() time.Duration { return min(f.cfg.Lease/3, time.Second) }

// renew extends this worker's leases and its run's life (see SharedJournal)
// every renewEvery until Close; each renewal is bounded by ctx.
func (f *SharedFrontier) renew(ctx context.Context) {
	defer close(f.done)
	every := f.renewEvery()
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-f.stop:
			return
		case <-t.C:
		}
		// One round trip renews both; it may take until the leases would
		// run out, past which it is too late anyway.
		rctx, cancel := context.WithTimeout(ctx, f.cfg.Lease*2/3)
		var err error
		for range 2 {
			_, err = f.s.db.ExecContext(rctx, `WITH leases AS (
					UPDATE urls SET lease_until = now() + $2 * interval '1 millisecond' WHERE lease_worker = $1)
				UPDATE runs SET alive_until = now() + $3 * interval '1 millisecond', beat_at = now() WHERE worker = $1 AND finished = 0`,
				f.cfg.Worker, f.cfg.Lease.Milliseconds(), aliveFor(f.cfg.Lease).Milliseconds())
			if !retryable(err) {
				break
			}
		}
		cancel()
		if err != nil && !retryable(err) {
			// A deadlock or serialisation failure with a worker's commit
			// (PostgreSQL undid the renewal) is tried again at once, then
			// at the next tick, well before the leases run out.
			f.fail(ctx, fmt.Errorf("store: renewing the leases of %s: %w", f.cfg.Worker, err))
		}
	}
}

// Close stops renewing leases and gives back any this worker still holds
// (none, after a crawl that ended cleanly). It does not close the Store.
func (f *SharedFrontier) Close(ctx context.Context) error {
	close(f.stop)
	<-f.done
	// Given back even when ctx has ended (an interrupted crawl), though
	// not for long: the server may be what stalled.
	wait := 10 * time.Second
	if ctx.Err() != nil {
		wait = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wait)
	defer cancel()
	_, err := f.s.db.ExecContext(ctx, `UPDATE urls SET lease_worker = NULL, lease_until = NULL WHERE lease_worker = $1`, f.cfg.Worker)
	return err
}

// Err returns the first failed write; after it the crawl should stop.
func (f *SharedFrontier) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// fail keeps err as the frontier's error (see Err), unless ctx has ended:
// then the caller stopped, nothing failed, and what it did not write is
// queued still in the database.
func (f *SharedFrontier) fail(ctx context.Context, err error) {
	if ctx.Err() != nil {
		return
	}
	f.mu.Lock()
	if f.err == nil {
		f.err = err
	}
	f.mu.Unlock()
}

func (f *SharedFrontier) signal() {
	f.mu.Lock()
	close(f.wake)
	f.wake = make(chan struct{})
	f.mu.Unlock()
}

func (f *SharedFrontier) changed() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.wake
}

// write runs fn in a transaction under ctx; a failure is the frontier's
// error from then on (see Err).
func (f *SharedFrontier) write(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	err := f.s.pgWrite(ctx, fn)
	if err != nil {
		f.fail(ctx, err)
	}
	return err
}

// insertNew inserts the URLs not known yet, in URL order (so that two
// workers inserting the same URLs never wait on each other in a cycle),
// and counts the new queued ones in their hosts' rows. It returns how many
// were new.
func insertNew(ctx context.Context, tx *sql.Tx, news []frontier.New, state frontier.State, hostDelta map[string]int) (int, error) {
	if len(news) == 0 && len(hostDelta) == 0 {
		return 0, nil
	}
	n := 0
	if len(news) > 0 {
		var urls, hosts, vias, founds, anchors []string
		var depths []int64
		for _, x := range news {
			urls = append(urls, x.URL)
			hosts = append(hosts, x.Host)
			vias = append(vias, string(x.Citation.Via))
			founds = append(founds, x.Citation.FoundOn)
			anchors = append(anchors, x.Citation.Anchor)
			depths = append(depths, int64(x.Citation.Depth))
		}
		rows, err := tx.QueryContext(ctx, `INSERT INTO urls (url, host, state, via, found_on, anchor, depth)
			SELECT u, h, $7, v, f, a, d FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[]) AS n(u, h, v, f, a, d)
			ORDER BY u
			ON CONFLICT (url) DO NOTHING RETURNING host`, urls, hosts, vias, founds, anchors, depths, string(state))
		if err != nil {
			return 0, err
		}
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				rows.Close()
				return 0, err
			}
			n++
			if state == frontier.StateQueued {
				hostDelta[h]++
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return 0, err
		}
	}
	var hs []string
	var ds []int64
	for h, d := range hostDelta {
		if d != 0 {
			hs = append(hs, h)
		}
	}
	slices.Sort(hs) // one lock order for every worker
	for _, h := range hs {
		ds = append(ds, int64(hostDelta[h]))
	}
	if len(hs) > 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO hosts (host, queued) SELECT h, d FROM unnest($1::text[], $2::bigint[]) AS x(h, d) ORDER BY h
			ON CONFLICT (host) DO UPDATE SET queued = hosts.queued + EXCLUDED.queued`, hs, ds); err != nil {
			return 0, err
		}
	}
	return n, nil
}

func (f *SharedFrontier) tooDeep(c discovery.Discovery) bool {
	return f.maxDepth >= 0 && c.Depth > f.maxDepth
}

// Add queues url unless it was seen before or is too deep.
func (f *SharedFrontier) Add(ctx context.Context, url, host string, c discovery.Discovery) bool {
	if f.tooDeep(c) {
		return false
	}
	return f.insert(ctx, url, host, frontier.StateQueued, c)
}

func (f *SharedFrontier) insert(ctx context.Context, url, host string, state frontier.State, c discovery.Discovery) bool {
	var n int
	err := f.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		n, err = insertNew(ctx, tx, []frontier.New{{URL: url, Host: host, Citation: c}}, state, map[string]int{})
		return err
	})
	if err == nil && n == 1 {
		f.signal()
	}
	return err == nil && n == 1
}

// MarkSeen records url as seen without queueing it.
func (f *SharedFrontier) MarkSeen(ctx context.Context, url string) bool {
	return f.insert(ctx, url, "", frontier.StateSeen, discovery.Discovery{})
}

// Sitemapped records that a sitemap listed url, queueing it as Add does
// when it is new; it reports whether it was new.
func (f *SharedFrontier) Sitemapped(ctx context.Context, url, host string, c discovery.Discovery) bool {
	added := f.Add(ctx, url, host, c)
	f.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE urls SET in_sitemap = 1 WHERE url = $1`, url)
		return err
	})
	return added
}

// Defer holds every URL of host until until, for every worker.
func (f *SharedFrontier) Defer(ctx context.Context, host string, until time.Time) {
	f.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO hosts (host, deferred_until) VALUES ($1, now() + $2 * interval '1 millisecond')
			ON CONFLICT (host) DO UPDATE SET deferred_until = EXCLUDED.deferred_until`, host, time.Until(until).Milliseconds())
		return err
	})
	f.signal()
}

// Pause holds host for every worker until until, after a 429 or 503 asked
// for it: the host's next slot is no earlier, and no request to it starts
// before then (Starts). A shorter pause never cuts a longer one short.
func (f *SharedFrontier) Pause(ctx context.Context, host string, until time.Time) {
	f.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		// On the database's clock as the row is written (not the
		// transaction's start, which now() gives), and rounded up: the
		// pause must not end before the moment until names, or a worker
		// could ask the host a moment before the end it announced.
		left := time.Until(until)
		_, err := tx.ExecContext(ctx, `INSERT INTO hosts (host, paused_until) VALUES ($1, clock_timestamp() + $2 * interval '1 microsecond')
			ON CONFLICT (host) DO UPDATE SET paused_until = greatest(hosts.paused_until, EXCLUDED.paused_until)`, host, (left+time.Microsecond-1)/time.Microsecond)
		return err
	})
	f.signal()
}

// Next hands out the queued URL whose host's slot comes soonest (see
// frontier.Pop), leased to this worker. It waits while other workers have
// URLs in flight, looking again every Poll, and returns ErrExhausted only
// when no worker has anything queued or in flight.
func (f *SharedFrontier) Next(ctx context.Context) (frontier.Item, error) {
	if err := f.Err(); err != nil {
		return frontier.Item{}, err
	}
	return frontier.Pop(ctx, pgQueue{f}, f.changed, f.cfg.Poll)
}

// pgQueue is the shared frontier seen as a frontier.Queue.
type pgQueue struct{ f *SharedFrontier }

// Hosts reads the hosts that have a URL free to lease, with their slots
// (pauses included) and deferrals on the database's clock turned into this
// machine's, and the URLs leased by live workers.
func (q pgQueue) Hosts(ctx context.Context) ([]frontier.HostState, int, error) {
	db := q.f.s.db
	// The leases are counted and the queue read in one statement, so in
	// one snapshot: read apart, a URL leased in between (queued at the
	// count, leased at the read) made both look empty while it was in
	// flight, and a worker starting beside the first one left at once.
	base := time.Now()
	rows, err := db.QueryContext(ctx, `SELECT f.n, x.host, x.free, x.deferred
		FROM (SELECT COUNT(*) AS n FROM urls WHERE lease_worker IS NOT NULL AND lease_until >= now()) f
		LEFT JOIN LATERAL (SELECT h.host, EXTRACT(EPOCH FROM greatest(h.next_slot, h.paused_until) - now())::float8 AS free,
				EXTRACT(EPOCH FROM h.deferred_until - now())::float8 AS deferred
			FROM hosts h WHERE h.queued > 0 AND EXISTS (SELECT 1 FROM urls u WHERE u.host = h.host AND u.state = 'queued' AND (u.lease_until IS NULL OR u.lease_until < now()))) x ON true`)
	if err != nil {
		return nil, 0, fmt.Errorf("store: reading the hosts: %w", err)
	}
	defer rows.Close()
	var hosts []frontier.HostState
	var inFlight int
	for rows.Next() {
		var host sql.NullString
		var free, deferred sql.NullFloat64
		if err := rows.Scan(&inFlight, &host, &free, &deferred); err != nil {
			return nil, 0, err
		}
		if !host.Valid {
			continue // no host has a URL free to lease
		}
		h := frontier.HostState{Host: host.String, Queued: true}
		h.Free = base.Add(time.Duration(free.Float64 * float64(time.Second)))
		h.Deferred = base.Add(time.Duration(deferred.Float64 * float64(time.Second)))
		hosts = append(hosts, h)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	return hosts, inFlight, nil
}

// Take leases host's oldest free URL to this worker and takes the host's
// next slot (none before its pause ends), in one transaction that holds the host's row: two workers
// never get the same slot, and a URL another transaction holds is skipped.
func (q pgQueue) Take(caller context.Context, host string) (frontier.Item, bool, error) {
	ctx := caller
	f := q.f
	var it frontier.Item
	var ok bool
	err := f.s.pgWrite(ctx, func(ctx context.Context, tx *sql.Tx) error {
		ok = false
		var wait float64
		if err := tx.QueryRowContext(ctx, `SELECT EXTRACT(EPOCH FROM greatest(now(), next_slot, paused_until) - now())::float8 FROM hosts WHERE host = $1 FOR UPDATE`, host).Scan(&wait); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return nil
			}
			return err
		}
		it = frontier.Item{Host: host}
		var id int64
		var via string
		err := tx.QueryRowContext(ctx, `SELECT id, url, via, found_on, anchor, depth, attempts FROM urls
			WHERE host = $1 AND state = 'queued' AND (lease_until IS NULL OR lease_until < now())
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, host).Scan(&id, &it.URL, &via, &it.Citation.FoundOn, &it.Citation.Anchor, &it.Citation.Depth, &it.Attempts)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		it.Citation.Via = discovery.Via(via)
		if _, err := tx.ExecContext(ctx, `UPDATE urls SET lease_worker = $2, lease_until = now() + $3 * interval '1 millisecond' WHERE id = $1`,
			id, f.cfg.Worker, f.cfg.Lease.Milliseconds()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE hosts SET next_slot = greatest(now(), next_slot, paused_until) + $2 * interval '1 microsecond' WHERE host = $1`,
			host, f.sched.Interval(host).Microseconds()); err != nil {
			return err
		}
		it.Slot = time.Now().Add(time.Duration(wait * float64(time.Second)))
		ok = true
		return nil
	})
	if err != nil && caller.Err() != nil {
		// The caller stopped asking (the crawl is stopping): the
		// transaction was rolled back, nothing of the queue is lost, and
		// the store did not fail.
		return frontier.Item{}, false, caller.Err()
	}
	if err != nil {
		err = fmt.Errorf("store: leasing a URL of %s: %w", host, err)
		f.fail(ctx, err)
		return frontier.Item{}, false, err
	}
	return it, ok, nil
}

// Retry gives an in-flight item back to the queue, with its attempts.
func (f *SharedFrontier) Retry(ctx context.Context, it frontier.Item) {
	f.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE urls SET attempts = $2, lease_worker = NULL, lease_until = NULL WHERE url = $1 AND state = 'queued'`, it.URL, it.Attempts)
		return err
	})
	f.signal()
}

// Complete records an item's result, its page, its links and the URLs it
// queues, in one transaction, and returns the links whose targets the
// database had never seen, linked or queued. An item another worker
// completed first (this worker's lease had run out) is not recorded twice.
func (f *SharedFrontier) Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link {
	firsts, _ := f.complete(ctx, it, r)
	return firsts
}

// CompleteThen is Complete of a page known by canon (none when ""), in
// two transactions: the claim of canon for it.URL, then, when no other
// page holds it, the page's record. It calls then before it returns, with
// the page's first links, the page holding canon (nothing recorded: the
// item is still leased to this worker), or the error that kept the page
// from being recorded.
func (f *SharedFrontier) CompleteThen(ctx context.Context, it frontier.Item, r frontier.Result, canon string, then func(firsts []frontier.Link, holder string, err error)) {
	if canon != "" {
		holder, err := f.claim(ctx, canon, it.URL)
		if err != nil || holder != it.URL {
			then(nil, holder, err)
			return
		}
	}
	firsts, err := f.complete(ctx, it, r)
	then(firsts, "", err)
}

// complete is Complete, with the error that kept the item from being
// recorded (which Err gives from then on).
func (f *SharedFrontier) complete(ctx context.Context, it frontier.Item, r frontier.Result) ([]frontier.Link, error) {
	var firsts []frontier.Link
	err := f.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		firsts = firsts[:0]
		var id int64
		var host string
		err := tx.QueryRowContext(ctx, `UPDATE urls SET state = $2, lease_worker = NULL, lease_until = NULL, done_by = $3 WHERE url = $1 AND state = 'queued' RETURNING id, host`,
			it.URL, string(r.State), f.cfg.Worker).Scan(&id, &host)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // completed already, by another worker
		}
		if err != nil {
			return fmt.Errorf("store: completing %s: %w", it.URL, err)
		}
		if r.Event != nil {
			ok := 0
			if r.State == frontier.StateDone {
				ok = 1
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO pages (url_id, final_url, ok, status, cause, title, words, plain_words, rendered_words, text, event, last_modified)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (url_id) DO NOTHING`,
				id, r.FinalURL, ok, r.Status, string(r.Cause), r.Title, r.Words, nullWords(r.PlainWords), nullWords(r.RenderedWords), nil, string(r.Event), nullTime(r.LastModified)); err != nil {
				return err
			}
		}
		if c := r.Content; c != nil && r.State == frontier.StateDone {
			if _, err := tx.ExecContext(ctx, `INSERT INTO content (url_id, site, side, title, lang, lang_detected, words, truncated, blocks, block_runs, runs)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (url_id) DO NOTHING`, contentArgs(id, c)...); err != nil {
				return err
			}
		}
		if len(r.Links) > 0 {
			var tos, anchors, sides, kinds []string
			seen := map[string]bool{}
			for _, l := range r.Links {
				if seen[l.To] {
					continue
				}
				seen[l.To] = true
				tos = append(tos, l.To)
				anchors = append(anchors, l.Anchor)
				sides = append(sides, string(l.Side))
				kinds = append(kinds, string(l.Kind))
			}
			rows, err := tx.QueryContext(ctx, `SELECT t FROM unnest($1::text[]) AS x(t)
				WHERE NOT EXISTS (SELECT 1 FROM links WHERE to_url = x.t) AND NOT EXISTS (SELECT 1 FROM urls WHERE url = x.t)`, tos)
			if err != nil {
				return err
			}
			unknown := map[string]bool{}
			for rows.Next() {
				var t string
				if err := rows.Scan(&t); err != nil {
					rows.Close()
					return err
				}
				unknown[t] = true
			}
			rows.Close()
			for _, l := range r.Links {
				if unknown[l.To] {
					firsts = append(firsts, l)
					delete(unknown, l.To)
				}
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO links (from_id, to_url, anchor, side, kind)
				SELECT $1, t, a, s, k FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS x(t, a, s, k)
				ON CONFLICT DO NOTHING`, id, tos, anchors, sides, kinds); err != nil {
				return err
			}
		}
		var queue []frontier.New
		for _, n := range r.Queue {
			if !f.tooDeep(n.Citation) {
				queue = append(queue, n)
			}
		}
		_, err = insertNew(ctx, tx, queue, frontier.StateQueued, map[string]int{host: -1})
		return err
	})
	f.signal()
	return firsts, err
}

// Summary sets the sitemap URLs against what the crawl found; with
// unlisted, it also counts the kept, linked pages no sitemap lists.
func (f *SharedFrontier) Summary(ctx context.Context, disallowed func(url string) bool, limit int, unlisted bool) frontier.SitemapSummary {
	s, err := f.s.sitemapSummary(ctx, disallowed, limit, unlisted)
	if err != nil {
		f.fail(ctx, err)
	}
	return s
}

// Stats returns a snapshot of the whole crawl's frontier, every worker's.
func (f *SharedFrontier) Stats(ctx context.Context) frontier.Stats {
	var s frontier.Stats
	err := f.s.db.QueryRowContext(ctx, `SELECT
		(SELECT COALESCE(SUM(queued), 0) FROM hosts),
		(SELECT COUNT(*) FROM urls),
		(SELECT COUNT(*) FROM urls WHERE lease_worker IS NOT NULL AND lease_until >= now()),
		(SELECT COALESCE(SUM(queued), 0) FROM hosts WHERE deferred_until > now())`).Scan(&s.Queued, &s.Seen, &s.InFlight, &s.Deferred)
	if err != nil {
		f.fail(ctx, fmt.Errorf("store: reading the frontier's counts: %w", err))
	}
	s.Queued -= s.InFlight
	return s
}

// Starts is the record of when requests to each host last started, kept in
// the hosts table and shared by every worker of the crawl; it satisfies
// policy.Starts. Memory holds nothing.
type Starts struct{ s *Store }

// starts returns the PostgreSQL database's shared record of starts.
func (s *Store) starts() *Starts { return &Starts{s: s} }

// Start waits until interval has passed since the last start to host by any
// worker, and until the host's pause (SharedFrontier.Pause) has ended, then
// records now, in one statement: of two workers arriving together, one goes
// and the other waits an interval. A worker that took its slot before
// another worker paused the host waits too.
func (st *Starts) Start(ctx context.Context, host string, interval time.Duration) error {
	for {
		var went bool
		var wait float64
		err := st.s.db.QueryRowContext(ctx, `WITH claim AS (
				INSERT INTO hosts (host, last_start) VALUES ($1, clock_timestamp())
				ON CONFLICT (host) DO UPDATE SET last_start = EXCLUDED.last_start
				WHERE hosts.last_start <= EXCLUDED.last_start - $2 * interval '1 microsecond' AND hosts.paused_until <= EXCLUDED.last_start
				RETURNING 1)
			SELECT EXISTS (SELECT 1 FROM claim),
				COALESCE((SELECT EXTRACT(EPOCH FROM greatest(last_start + $2 * interval '1 microsecond', paused_until) - clock_timestamp())::float8 FROM hosts WHERE host = $1), 0)`,
			host, interval.Microseconds()).Scan(&went, &wait)
		if err != nil {
			return fmt.Errorf("store: the start of a request to %s: %w", host, err)
		}
		if went {
			return nil
		}
		d := max(time.Duration(wait*float64(time.Second)), time.Millisecond)
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
	}
}

// SharedRobots keeps robots.txt policies in the robots table for every
// worker of the crawl; it satisfies policy.SharedRobots.
type SharedRobots struct{ s *Store }

// SharedRobots returns the robots.txt policies a crawl shared by several
// workers keeps in its PostgreSQL database, or nil for a SQLite crawl.
func (s *Store) SharedRobots() policy.SharedRobots {
	if !s.pg {
		return nil // one process's crawl: its gate asks robots.txt itself
	}
	return &SharedRobots{s: s}
}

// Once returns origin's policy as a worker fetched and shared it, when it
// was fetched (not unreachable) and is younger than policy.MaxCacheAge;
// otherwise it calls fetch under a lock on origin, so the other workers
// wait for this one, and shares the result.
func (r *SharedRobots) Once(ctx context.Context, origin string, fetch func() *policy.RobotsPolicy) *policy.RobotsPolicy {
	var p *policy.RobotsPolicy
	err := r.s.pgTry(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtext('robots ' || $1))`, origin); err != nil {
			return err
		}
		var raw string
		err := tx.QueryRowContext(ctx, `SELECT policy FROM robots WHERE origin = $1`, origin).Scan(&raw)
		if err == nil {
			var saved policy.Saved
			if json.Unmarshal([]byte(raw), &saved) == nil && saved.Policy.State != policy.Unreachable &&
				time.Since(saved.Policy.FetchedAt) < policy.MaxCacheAge {
				p = saved.Restore()
				return nil
			}
		} else if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		p = fetch()
		if p.State == policy.Unreachable {
			return nil // not shared: each worker's retries are its own
		}
		b, err := json.Marshal(p.Save())
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO robots (origin, fetched_at, policy) VALUES ($1, $2, $3)
			ON CONFLICT (origin) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, policy = EXCLUDED.policy`,
			p.Origin, p.FetchedAt.UTC().Format(time.RFC3339Nano), string(b))
		return err
	})
	if err != nil && p == nil {
		return fetch() // the database failed: ask the site rather than stall
	}
	return p
}
