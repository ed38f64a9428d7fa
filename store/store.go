// Package store keeps a crawl's state in a database, so that a crawl
// killed at any moment resumes from it: the URLs with their citations and
// states (the frontier and the seen set), the pages, the links (the web
// graph), robots policies, each run's events, link verdicts and pictures.
//
// One API, two engines, chosen by Open from the --db value; a caller never
// asks which one it has (a crawl's state is OpenCrawl's, whatever the
// engine):
//
//   - SQLite (a file; pure Go, modernc.org/sqlite, WAL), files sqlite_*.go:
//     one process crawls. One owner goroutine performs every write,
//     batching the operations that wait into one transaction; a caller is
//     told once its transaction is committed, so a page recorded is
//     durable against a killed process. Its frontier is a Frontier.
//   - PostgreSQL (a postgres:// URL), files pg_*.go: several processes
//     crawl together, each URL leased to one worker at a time. Each write
//     is a transaction of its own. Its frontier is a SharedFrontier.
//
// The reads (graph.go, read_diff.go, records.go) are shared; the queries
// whose text differs are each engine's own (dialect.go). Each engine's
// schema is made whole when a database is created (sqlite_schema.go,
// pg.go), and a database of an older version is migrated when opened. Every
// read and write takes its caller's context and returns an error; the
// Store keeps none. docs/design.md, "The store", says why it is cut this way.
package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	_ "modernc.org/sqlite"
)

// maxConns is how many connections a SQLite Store opens: one for the
// writer, one for whoever reads meanwhile (WAL lets it read the last commit
// while the writer writes).
const maxConns = 2

// Errors Open returns; each is wrapped with the path.
var (
	ErrForeign         = errors.New("store: not a webgraph database")
	ErrCorrupt         = errors.New("store: database is damaged")
	ErrVersion         = errors.New("store: database schema version is not supported")
	ErrExists          = errors.New("store: database already holds a crawl (use --resume to continue it)")
	ErrNothingToResume = errors.New("store: no crawl to resume in this database")
)

// Store is an open crawl database. Its methods are safe for concurrent use.
// Close it to stop the writer and close the file.
type Store struct {
	// readLimit, for a file opened to read, is when every read of it ends
	// (see boundReads); zero otherwise.
	readLimit time.Time
	readFor   time.Duration // the bound readLimit was set from
	db        *sql.DB
	path      string
	ops       chan op
	hurry     chan struct{} // see Hurry
	// wconn is the writer's own connection, raw its hot statements
	// below database/sql (nil when reading).
	wconn *sql.Conn
	raw   rawConn
	// patience is how long the writer waits for more operations (see
	// gather); commits counts its transactions, for tests.
	patience time.Duration
	commits  atomic.Int64
	done     chan struct{}
	stmts    map[string]*sql.Stmt // the frontier's hot statements, prepared once
	lock     *lockFile            // held while a crawl writes (nil when reading)
	pg       bool                 // PostgreSQL: no writer goroutine, $n parameters
	dialect  dialect              // the queries each engine writes its own way
	inlinks  struct {             // see inlinksConn (SQLite)
		once sync.Once
		conn *sql.Conn
		err  error
	}
}

// hot are the statements the frontier runs for every page.
var hot = map[string]string{
	"insertURL": `INSERT OR IGNORE INTO urls (url, host, state, via, found_on, anchor, depth, kind) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
	// upgrade queues (or marks seen) a URL known only as a link's target.
	"upgrade":      `UPDATE urls SET host = ?, state = ?, via = ?, found_on = ?, anchor = ?, depth = ? WHERE url = ? AND state = 'linked' RETURNING id`,
	"insertLinked": `INSERT OR IGNORE INTO urls (url, host, state, kind) VALUES (?, '', 'linked', ?)`,
	"lookup":       `SELECT id, kind FROM urls WHERE url = ?`,
	"setKind":      `UPDATE urls SET kind = ? WHERE id = ? AND kind = ''`,
	"complete":     `UPDATE urls SET state = ? WHERE url = ? RETURNING id`,
	"completeID":   `UPDATE urls SET state = ? WHERE id = ?`,
	"insertPage":   `INSERT OR REPLACE INTO pages (url_id, final_url, ok, status, cause, title, words, plain_words, rendered_words, text, event, last_modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	"insertLinks":  `INSERT OR REPLACE INTO outlinks (from_id, links) VALUES (?, ?)`,
	"insertContent": `INSERT OR REPLACE INTO content (url_id, site, side, title, lang, lang_detected, words, truncated, blocks, block_runs, runs)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
	"claim":       `INSERT OR IGNORE INTO kept (canon, url) VALUES (?, ?)`,
	"holder":      `SELECT url FROM kept WHERE canon = ?`,
	"refill":      `SELECT id, url, via, found_on, anchor, depth, attempts FROM urls WHERE host = ? AND state = 'queued' ORDER BY attempts DESC, id LIMIT ?`,
	"retry":       `UPDATE urls SET state = 'queued', attempts = ? WHERE url = ?`,
	"sitemapped":  `UPDATE urls SET in_sitemap = 1 WHERE url = ? AND state != 'linked'`,
	"refillAfter": `SELECT id, url, via, found_on, anchor, depth, attempts FROM urls WHERE host = ? AND state = 'queued' AND id > ? AND attempts = 0 ORDER BY id LIMIT ?`,
}

// stmt returns the prepared statement name bound to tx.
func (s *Store) stmt(tx *sql.Tx, name string) *sql.Stmt { return tx.Stmt(s.stmts[name]) }

type op struct {
	// fn runs in the transaction tx, whose context ctx its statements use.
	fn    func(ctx context.Context, tx *sql.Tx) error
	reply chan error // told the outcome, unless after is set
	// after, when set, is told the outcome instead, on the writer's
	// goroutine: it must be quick.
	after func(error)
	// waits says the sender waits for the outcome: commit without delay.
	waits bool
}

// answer tells an operation's sender its outcome.
func (o op) answer(err error) {
	if o.after != nil {
		o.after(err)
		return
	}
	o.reply <- err
}

// Mode says how Open treats what is at path.
type Mode int

const (
	// Create makes a new database; an existing crawl there is ErrExists.
	Create Mode = iota
	// Resume opens an existing crawl; none there is ErrNothingToResume.
	Resume
	// Read opens an existing database to read (graph, report).
	Read
)

// Open opens or creates the crawl database at path. A file that is not a
// webgraph database (another program's SQLite file, or not SQLite at all)
// is refused with ErrForeign and never written to; a damaged one with
// ErrCorrupt.
//
// A path that is a postgres:// (or postgresql://) URL opens a crawl kept in
// that PostgreSQL database instead, which several processes may work at
// once (see openPostgres); its errors are the same.
//
// ctx bounds the opening (for PostgreSQL, the wait for the schema's lock);
// each operation after it is bounded by the context its caller gives.
func Open(ctx context.Context, path string, mode Mode) (s *Store, err error) {
	if isPostgres(path) {
		return openPostgres(ctx, path, mode)
	}
	var lk *lockFile
	if mode != Read {
		if lk, err = lock(path); err != nil {
			return nil, err
		}
		defer func() {
			if err != nil {
				lk.release()
			}
		}()
	}
	exists, err := check(path)
	if err != nil {
		return nil, err
	}
	version := SchemaVersion
	switch {
	case !exists && mode == Read:
		return nil, fmt.Errorf("store: no crawl in %s: %w", path, fs.ErrNotExist)
	case !exists && mode != Create:
		return nil, fmt.Errorf("%w: %s", ErrNothingToResume, path)
	}
	if exists {
		// Look before touching: a read-only connection, no pragmas that
		// write (journal_mode=WAL would rewrite a foreign file's header).
		ro, err := sql.Open("sqlite", fileDSN(path, "mode=ro&_pragma=busy_timeout(5000)&_pragma=trusted_schema(0)"))
		if err != nil {
			return nil, fmt.Errorf("store: opening %s: %w", path, err)
		}
		version, err = verify(ctx, ro, path)
		if err != nil && mode != Read && needsWriteToRecover(err) {
			// A process killed mid-write left a journal that only a
			// connection that may write can roll back (or a WAL index to
			// rebuild). This process holds the file's lock, and the file
			// says it is webgraph's: let SQLite recover it, then look again.
			ro.Close()
			if rerr := recoverOwn(ctx, path); rerr != nil {
				return nil, rerr
			}
			if ro, err = sql.Open("sqlite", fileDSN(path, "mode=ro&_pragma=busy_timeout(5000)&_pragma=trusted_schema(0)")); err != nil {
				return nil, fmt.Errorf("store: opening %s: %w", path, err)
			}
			version, err = verify(ctx, ro, path)
		}
		if err == nil && mode == Create {
			var n int
			if err = ro.QueryRowContext(ctx, `SELECT COUNT(*) FROM runs`).Scan(&n); err == nil && n > 0 {
				err = fmt.Errorf("%w: %s", ErrExists, path)
			}
		}
		ro.Close()
		if err != nil {
			return nil, err
		}
	}
	dsn := fileDSN(path, "_pragma=busy_timeout(5000)&_pragma=trusted_schema(0)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-500)")
	if version < SchemaVersion {
		if err := upgrade(ctx, path, dsn, mode); err != nil {
			return nil, err
		}
	}
	if mode == Read {
		// Someone else's file, maybe: read-only, no function of its schema
		// trusted, and every read bounded (boundReads).
		dsn = fileDSN(path, "mode=ro&_pragma=busy_timeout(5000)&_pragma=trusted_schema(0)")
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	db.SetMaxOpenConns(maxConns)
	s = &Store{db: db, path: path, dialect: sqliteDialect, lock: lk, ops: make(chan op, 256), hurry: make(chan struct{}, 1), patience: patience, done: make(chan struct{})}
	if mode == Read {
		s.boundReads(ReadLimit(fileSize(path)))
	}
	if !exists {
		// One transaction: a process killed while creating leaves no half
		// database (which the next run would refuse as not webgraph's),
		// and one commit is quicker than one per table.
		if _, err := db.Exec("BEGIN IMMEDIATE;" + schema + fmt.Sprintf(`PRAGMA application_id = %d; PRAGMA user_version = %d;
			INSERT INTO meta (key, value) VALUES ('app', 'webgraph'), ('schema_version', '%d'); COMMIT;`, ApplicationID, SchemaVersion, SchemaVersion)); err != nil {
			db.Close()
			return nil, fmt.Errorf("store: creating %s: %w", path, err)
		}
	} else if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	if mode != Read {
		s.stmts = map[string]*sql.Stmt{}
		for name, q := range hot {
			st, err := db.Prepare(q)
			if err != nil {
				db.Close()
				return nil, fmt.Errorf("store: preparing %s: %w", name, err)
			}
			s.stmts[name] = st
		}
		if s.wconn, err = db.Conn(ctx); err != nil {
			db.Close()
			return nil, fmt.Errorf("store: opening %s: %w", path, err)
		}
	}
	// The writer lives until Close, past the opening: its context carries
	// ctx's values but not its end. Each write's caller bounds its own wait
	// (write, writeThen); what it has queued is committed.
	go s.writer(context.WithoutCancel(ctx))
	return s, nil
}

// fileDSN is the SQLite URI of the file at path with query: the path is
// percent-escaped, so a name with '#', '?', '%' or spaces opens exactly
// that file.
func fileDSN(path, query string) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + query
}

// check reports whether path holds something, refusing what is not SQLite.
func check(path string) (bool, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	defer f.Close()
	head := make([]byte, 16)
	n, err := io.ReadFull(f, head)
	if n == 0 && (err == io.EOF || err == io.ErrUnexpectedEOF) {
		return false, nil // an empty file: ours to create
	}
	if !bytes.Equal(head[:n], []byte(sqliteHeader)[:n]) || n < len(sqliteHeader) {
		return false, fmt.Errorf("%w: %s is not a SQLite database; refusing to touch it", ErrForeign, path)
	}
	return true, nil
}

// verify checks that db is a sound webgraph database of this version or
// of one this webgraph migrates, and returns its version.
func verify(ctx context.Context, db *sql.DB, path string) (int, error) {
	var app, version int
	if err := db.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&app); err != nil {
		return 0, fmt.Errorf("%w: %s: %w", ErrCorrupt, path, err)
	}
	if app != ApplicationID {
		return 0, fmt.Errorf("%w: %s is a SQLite database of another program (application_id %#x); refusing to touch it", ErrForeign, path, app)
	}
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return 0, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	switch {
	case version > SchemaVersion:
		return 0, fmt.Errorf("%w: %s has version %d, written by a newer webgraph; this one reads versions 1 to %d", ErrVersion, path, version, SchemaVersion)
	case version < 1:
		return 0, fmt.Errorf("%w: %s has version %d; this webgraph reads versions 1 to %d", ErrVersion, path, version, SchemaVersion)
	}
	// Its objects before anything reads a table (see sqlite_shape.go).
	diff, err := checkShape(ctx, db, version)
	if (err != nil || diff != "") && migratedSince(ctx, db, version) {
		// Another command migrated the file between the two reads (each
		// its own snapshot): its objects are a later version's. Look again.
		return verify(ctx, db, path)
	}
	if err != nil {
		return 0, fmt.Errorf("%w: %s: %v", ErrCorrupt, path, err)
	}
	if diff != "" {
		return 0, fmt.Errorf("%w: %s is marked as webgraph's, but webgraph did not write it: %s; refusing to read it", ErrForeign, path, diff)
	}
	var check string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&check); err != nil || check != "ok" {
		return 0, fmt.Errorf("%w: %s: quick_check says %q (%v)", ErrCorrupt, path, check, err)
	}
	return version, nil
}

// migratedSince reports whether db's version is now past version: a
// migration committed meanwhile. The version only grows, so verify looks
// again at most once per version.
func migratedSince(ctx context.Context, db *sql.DB, version int) bool {
	var now int
	return db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&now) == nil && now > version
}

// upgrade migrates the database at path to SchemaVersion. To
// read, it holds the database's lock meanwhile: a crawl still writing it
// (an older webgraph's) makes the read fail rather than the crawl. Another
// command reading the same file may be migrating it: then upgrade waits for
// that (up to upgradeWait) and migrates nothing.
func upgrade(ctx context.Context, path, dsn string, mode Mode) error {
	if mode == Read {
		var lk *lockFile
		var err error
		for deadline := time.Now().Add(upgradeWait); ; {
			if lk, err = lock(path); err == nil {
				break
			}
			if v, verr := versionOf(ctx, path); verr == nil && v == SchemaVersion {
				return nil // migrated by the one that held the lock
			}
			if time.Now().After(deadline) || !pause(ctx, 100*time.Millisecond) {
				return fmt.Errorf("%w (it was written by an older webgraph and must be migrated to version %d first, which needs the crawl writing it to end)", err, SchemaVersion)
			}
		}
		defer lk.release()
	}
	db, err := sql.Open("sqlite", dsn+"&_txlock=immediate")
	if err != nil {
		return fmt.Errorf("store: opening %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	return migrate(ctx, db, path)
}

// upgradeWait is how long a command that reads waits for another one
// migrating the same file.
const upgradeWait = time.Minute

// versionOf reads the schema version of the database at path.
func versionOf(ctx context.Context, path string) (int, error) {
	ro, err := sql.Open("sqlite", fileDSN(path, "mode=ro&_pragma=busy_timeout(5000)&_pragma=trusted_schema(0)"))
	if err != nil {
		return 0, err
	}
	defer ro.Close()
	var v int
	err = ro.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&v)
	return v, err
}

// pause waits d, or less if ctx ends first, and reports whether it waited
// the whole time.
func pause(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// writer is the one goroutine that writes: it takes every operation
// waiting (see gather), runs them in one transaction and commits. Should
// one of them fail, the transaction is rolled back and each runs again in
// its own, so that one failure undoes nothing of the others. (Savepoints
// would do that too, but they copy every page an operation touches first:
// a third of a plain crawl's writing.) Operations must therefore be safe to
// run twice. Its transactions run under ctx.
func (s *Store) writer(ctx context.Context) {
	defer close(s.done)
	for first := range s.ops {
		batch := s.gather(first)
		if err := s.commit(ctx, batch); err == nil || len(batch) == 1 {
			for _, o := range batch {
				o.answer(err)
			}
			continue
		}
		for _, o := range batch {
			o.answer(s.commit(ctx, []op{o}))
		}
	}
}

// maxBatch bounds the operations committed together (past 64 pages a
// commit saves little more, and the pages it holds take memory), and
// patience how long the writer waits for more while no one needs the commit
// yet (the delay a page's event may take beyond its fetch).
const (
	maxBatch = 64
	patience = 20 * time.Millisecond
)

// gather returns first with the operations queued behind it. Every commit
// rewrites each database page it touches, so a few large commits write far
// less than many small ones. The writer therefore waits for more, up to
// patience, while no one needs the commit yet: it commits at once for an
// operation whose sender waits (write), and when a worker has nothing to
// fetch until the pages being recorded queue their links (hurry). Under a
// politeness interval the workers wait for their slots instead, with URLs
// to spare, and the commit waits out its patience.
func (s *Store) gather(first op) []op {
	batch := []op{first}
	waits := first.waits
	var timeout <-chan time.Time
	for len(batch) < maxBatch {
		var o op
		var ok bool
		select {
		case o, ok = <-s.ops:
		default:
			if waits {
				return batch // a sender waits
			}
			if timeout == nil {
				t := time.NewTimer(s.patience)
				defer t.Stop()
				timeout = t.C
			}
			select {
			case o, ok = <-s.ops:
			case <-s.hurry:
				waits = true // take what is queued, then commit
				continue
			case <-timeout:
				waits = true
				continue
			}
		}
		if !ok {
			return batch
		}
		batch = append(batch, o)
		waits = waits || o.waits
	}
	return batch
}

// Hurry asks the writer to commit what it has gathered now rather than wait
// for more: someone is idle until it is committed.
func (s *Store) Hurry() {
	select {
	case s.hurry <- struct{}{}:
	default:
	}
}

// commit runs ops in one transaction under ctx and commits it; on the
// first failure it rolls back and returns that failure.
func (s *Store) commit(ctx context.Context, ops []op) error {
	s.commits.Add(1)
	var tx *sql.Tx
	var err error
	if s.wconn != nil {
		tx, err = s.wconn.BeginTx(ctx, nil)
	} else {
		tx, err = s.db.BeginTx(ctx, nil) // read-only: the write fails in SQLite
	}
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	for _, o := range ops {
		if err := o.fn(ctx, tx); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		if s.wconn != nil { // a failed COMMIT may leave SQLite inside the transaction
			s.wconn.ExecContext(ctx, "ROLLBACK")
		}
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// write runs fn in a transaction and waits for the commit: on SQLite the
// writer's (fn is given the transaction's context), on PostgreSQL one of
// its own under ctx. ctx bounds the wait for the writer to take fn; once
// taken, fn is committed or fails.
func (s *Store) write(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	if s.pg {
		return s.pgWrite(ctx, fn)
	}
	o := op{fn: fn, reply: make(chan error, 1), waits: true}
	select {
	case s.ops <- o:
	case <-ctx.Done():
		return ctx.Err()
	}
	return <-o.reply
}

// writeThen queues fn for the writer's transaction and returns at once;
// after is told the outcome once the transaction is committed (or fn
// failed), on the writer's goroutine, or ctx's error on the caller's when
// ctx ends before the writer takes fn. Unlike write, it lets the caller go
// on while the writer gathers many callers' work into one commit; waits
// says the caller waits for after all the same, so the commit should not.
func (s *Store) writeThen(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error, after func(error), waits bool) {
	if s.pg {
		after(s.pgWrite(ctx, fn))
		return
	}
	select {
	case s.ops <- op{fn: fn, after: after, waits: waits}:
	case <-ctx.Done():
		after(ctx.Err())
	}
}

// Close stops the writer after the operations sent so far, and closes the
// database.
func (s *Store) Close() error {
	if s.pg {
		return s.db.Close()
	}
	close(s.ops)
	<-s.done
	if s.wconn != nil {
		s.wconn.Raw(func(any) error { s.raw.close(); return nil })
		s.wconn.Close()
	}
	if s.inlinks.conn != nil {
		s.inlinks.conn.Close()
	}
	err := s.db.Close()
	s.lock.release()
	return err
}

// Path returns the database's file name, or its PostgreSQL URL without the
// password.
func (s *Store) Path() string { return s.path }

// q returns query, written with ? parameters, in the database's own
// parameter style.
func (s *Store) q(query string) string {
	if !s.pg {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// bound returns ctx, ended also when the reads of a file opened to read
// must end (see boundReads); for a store opened to crawl, ctx itself.
func (s *Store) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.readLimit.IsZero() {
		return ctx, noCancel
	}
	return context.WithDeadlineCause(ctx, s.readLimit, &ReadLimitError{Path: s.path, Limit: s.readFor})
}

func noCancel() {}
