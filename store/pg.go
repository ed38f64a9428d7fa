package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // the database/sql driver "pgx"
)

// pgSchema is the SQLite schema in PostgreSQL's words: the same tables and
// columns, plus what several processes need to share one crawl: a lease on
// each URL in flight (its worker and expiry) and the worker that recorded
// it; a row per host holding its next free slot, its queued count, its
// deferral and its pause; a row per origin holding its one-time preparation
// (sitemaps, the soft-404 probe) as the worker that did it shared it; and,
// for each run, its worker, its heartbeat and whether it has finished, so
// the last worker out of a session writes the crawl's done.
const pgSchema = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE urls (
	id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	url      TEXT NOT NULL UNIQUE,
	host     TEXT NOT NULL,
	state    TEXT NOT NULL, -- queued (leased included), done, refused, disallowed, seen
	via      TEXT NOT NULL DEFAULT '',
	found_on TEXT NOT NULL DEFAULT '',
	anchor   TEXT NOT NULL DEFAULT '',
	depth    INTEGER NOT NULL DEFAULT 0,
	attempts INTEGER NOT NULL DEFAULT 0,
	in_sitemap INTEGER NOT NULL DEFAULT 0,
	lease_worker TEXT,        -- the worker fetching it, while it is in flight
	lease_until  TIMESTAMPTZ, -- its lease ends then unless renewed
	done_by      TEXT         -- the worker that recorded its outcome
);
CREATE INDEX urls_queue ON urls (host, state, id);
CREATE INDEX urls_leased ON urls (lease_worker) WHERE lease_worker IS NOT NULL;
CREATE TABLE pages (
	url_id         BIGINT PRIMARY KEY REFERENCES urls (id),
	final_url      TEXT NOT NULL,
	ok             INTEGER NOT NULL,
	status         INTEGER NOT NULL,
	cause          TEXT NOT NULL,
	title          TEXT NOT NULL,
	words          INTEGER NOT NULL,
	plain_words    INTEGER,
	rendered_words INTEGER,
	text           TEXT,
	event          TEXT NOT NULL,
	last_modified  TEXT -- the server's Last-Modified, RFC 3339 in UTC; NULL when it gave none
);
CREATE TABLE links (
	from_id BIGINT NOT NULL REFERENCES urls (id),
	to_url  TEXT NOT NULL,
	anchor  TEXT NOT NULL,
	side    TEXT NOT NULL,
	kind    TEXT NOT NULL,
	PRIMARY KEY (from_id, to_url)
);
CREATE INDEX links_to ON links (to_url);
CREATE TABLE robots (origin TEXT PRIMARY KEY, fetched_at TEXT NOT NULL, policy TEXT NOT NULL);
CREATE TABLE runs (
	id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	started_at TEXT NOT NULL,
	resumed    INTEGER NOT NULL,
	run_event  TEXT NOT NULL,
	done_event TEXT,         -- the worker's worker_done, or the crawl's done (crawl_done)
	worker     TEXT,         -- the worker's name, as its leases and done_by carry it
	session    BIGINT,       -- the id of the first run of the workers that worked together
	alive_until TIMESTAMPTZ, -- the worker is dead if it has not renewed this by then
	beat_at    TIMESTAMPTZ,  -- its last renewal
	finished   INTEGER NOT NULL DEFAULT 0,
	finished_at TIMESTAMPTZ,
	crawl_done INTEGER NOT NULL DEFAULT 0 -- it wrote the session's done
);
CREATE INDEX runs_session ON runs (session);
CREATE TABLE origins (
	origin      TEXT PRIMARY KEY,
	worker      TEXT NOT NULL,        -- who prepared it
	prepared_at TIMESTAMPTZ NOT NULL,
	record      TEXT NOT NULL         -- sitemaps, the soft-404 probe's answer (the crawl's JSON)
);
CREATE TABLE hosts (
	host           TEXT PRIMARY KEY,
	queued         BIGINT NOT NULL DEFAULT 0,       -- URLs in state queued, leased or not
	next_slot      TIMESTAMPTZ NOT NULL DEFAULT 'epoch', -- no page starts before this
	deferred_until TIMESTAMPTZ NOT NULL DEFAULT 'epoch', -- robots.txt unreachable until then
	last_start     TIMESTAMPTZ NOT NULL DEFAULT 'epoch', -- the last request to it, by any worker
	paused_until   TIMESTAMPTZ NOT NULL DEFAULT 'epoch'  -- a 429 or 503 asked every worker to wait until then
);
` + pgFirstUseTables + pgContentTable

// pgContentTable is contentTable in PostgreSQL's words (revision 5 on).
const pgContentTable = `
CREATE TABLE content (
	url_id        BIGINT PRIMARY KEY REFERENCES urls (id),
	site          TEXT NOT NULL,
	side          TEXT NOT NULL,
	title         TEXT NOT NULL,
	lang          TEXT NOT NULL,
	lang_detected INTEGER NOT NULL,
	words         INTEGER NOT NULL,
	truncated     INTEGER NOT NULL,
	blocks        TEXT NOT NULL,
	block_runs    BYTEA NOT NULL,
	runs          BYTEA NOT NULL
);
`

// pgFirstUseTables are the tables revision 2 made on first use, not with
// the schema (see pgMigrate).
const pgFirstUseTables = `
CREATE TABLE kept (canon TEXT PRIMARY KEY, url TEXT NOT NULL);
CREATE TABLE link_checks (target TEXT PRIMARY KEY, verdict TEXT NOT NULL, checked_at TEXT NOT NULL, event TEXT NOT NULL);
CREATE TABLE pictures (
	url    TEXT NOT NULL,
	side   TEXT NOT NULL,
	type   TEXT NOT NULL,
	width  INTEGER NOT NULL,
	height INTEGER NOT NULL,
	cut    INTEGER NOT NULL,
	ms     INTEGER NOT NULL,
	data   BYTEA NOT NULL,
	PRIMARY KEY (url, side)
);
`

// pgLockKey is the advisory lock that serialises creating the schema.
const pgLockKey = 0x77677068

// pgRevision numbers pgSchema's versions. A crawl of an older revision
// (2, 3 or 4) is migrated when opened (pgMigrations); one of another revision
// is ErrVersion. (Its links keep one row per link: a shared crawl's workers
// insert them concurrently, and the reads of in-links use links_to.)
const pgRevision = 5

// pgSchemaVersion is the schema version a PostgreSQL crawl's meta row
// holds: the first one's, which its revisions extend.
const pgSchemaVersion = 1

// pgMigrations[r] takes a crawl of revision r+2 to revision r+3, under the
// schema's advisory lock, in the transaction that opens it; the last one
// yields pgRevision.
var pgMigrations = []func(ctx context.Context, tx *sql.Tx) error{
	// 2 → 3: the kept, link_checks and pictures tables, which revision 2
	// made on first use, are made with the schema.
	func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, strings.ReplaceAll(pgFirstUseTables, "CREATE TABLE ", "CREATE TABLE IF NOT EXISTS "))
		return err
	},
	// 3 → 4: pages gain last_modified, NULL for the pages recorded before.
	func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `ALTER TABLE pages ADD COLUMN IF NOT EXISTS last_modified TEXT`)
		return err
	},
	// 4 → 5: the table of the pages' main content, empty.
	func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, strings.ReplaceAll(pgContentTable, "CREATE TABLE ", "CREATE TABLE IF NOT EXISTS "))
		return err
	},
}

// pgMigrate takes a crawl of revision from to pgRevision, one migration
// after another, and records the revision reached.
func pgMigrate(ctx context.Context, tx *sql.Tx, from int) error {
	for r := from; r < pgRevision; r++ {
		if err := pgMigrations[r-2](ctx, tx); err != nil {
			return fmt.Errorf("from revision %d: %w", r, err)
		}
	}
	_, err := tx.ExecContext(ctx, `UPDATE meta SET value = $1 WHERE key = 'pg_revision'`, fmt.Sprint(pgRevision))
	return err
}

// Advisory lock classes (the first key of the two-key form, a space apart
// from pgLockKey's and the robots locks' one-key form).
const (
	pgLockOrigin  = 0x7767 // with hashtext(origin): one worker prepares it
	pgLockSession = 0x7768 // with 0: runs join and leave sessions one at a time
)

// isPostgres reports whether db names a PostgreSQL database (a postgres://
// or postgresql:// URL) rather than a SQLite file.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Redact returns db, the --db value, fit to be written anywhere (events,
// the runs table, messages): a postgres:// URL without its password, in
// the user part or as a password or sslpassword parameter, and a key=value
// connection string without its password values. A file path is returned
// as it is.
func Redact(db string) string {
	if isPostgres(db) {
		return redactURL(db)
	}
	return secretValue.ReplaceAllString(db, "${1}=xxxxx")
}

// secretValue matches a password in a key=value connection string: a bare
// value or a single-quoted one with backslash escapes.
var secretValue = regexp.MustCompile(`(?i)\b(password|sslpassword)\s*=\s*('(?:[^'\\]|\\.)*'?|[^\s]*)`)

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return strings.SplitN(raw, "://", 2)[0] + "://…"
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
	}
	if u.RawQuery != "" {
		parts := strings.Split(u.RawQuery, "&")
		for i, kv := range parts {
			k, _, _ := strings.Cut(kv, "=")
			if key, err := url.QueryUnescape(k); err == nil && (strings.EqualFold(key, "password") || strings.EqualFold(key, "sslpassword")) {
				parts[i] = k + "=xxxxx"
			}
		}
		u.RawQuery = strings.Join(parts, "&")
	}
	return u.String()
}

// redact is Redact of a PostgreSQL URL, for the store's messages.
func redact(raw string) string { return redactURL(raw) }

// openPostgres opens the crawl kept in the PostgreSQL database at dsn. A
// database holding tables that are not webgraph's is refused with
// ErrForeign and never written to; an empty one is given the schema (under
// Create); a webgraph database of another version is ErrVersion. Unlike a
// SQLite file, several processes may hold it open at once: that is how
// workers share a crawl.
func openPostgres(ctx context.Context, dsn string, mode Mode) (*Store, error) {
	name := redact(dsn)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", name, err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	db.SetConnMaxIdleTime(time.Minute)
	s := &Store{db: db, path: name, pg: true, dialect: pgDialect}
	if err := s.pgPrepare(ctx, mode, name); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// pgPrepare checks what the database holds and creates the schema when it
// is empty and mode is Create, all under an advisory lock, so that workers
// starting together see one schema.
func (s *Store) pgPrepare(ctx context.Context, mode Mode, name string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: opening %s: %w", name, err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, pgLockKey); err != nil {
		return fmt.Errorf("store: opening %s: %w", name, err)
	}
	var tables int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()`).Scan(&tables); err != nil {
		return fmt.Errorf("store: opening %s: %w", name, err)
	}
	var hasMeta bool
	if err := tx.QueryRowContext(ctx, `SELECT to_regclass('meta') IS NOT NULL`).Scan(&hasMeta); err != nil {
		return fmt.Errorf("store: opening %s: %w", name, err)
	}
	switch {
	case tables == 0 && mode != Create:
		return fmt.Errorf("%w: %s", ErrNothingToResume, name)
	case tables == 0:
		if _, err := tx.ExecContext(ctx, pgSchema); err != nil {
			return fmt.Errorf("store: creating %s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('app', 'webgraph'), ('schema_version', $1), ('pg_revision', $2)`, fmt.Sprint(pgSchemaVersion), fmt.Sprint(pgRevision)); err != nil {
			return fmt.Errorf("store: creating %s: %w", name, err)
		}
		return tx.Commit()
	case !hasMeta:
		return fmt.Errorf("%w: %s holds tables of another program; refusing to touch it", ErrForeign, name)
	}
	var app, version, revision string
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE((SELECT value FROM meta WHERE key = 'app'), ''), COALESCE((SELECT value FROM meta WHERE key = 'schema_version'), ''),
		COALESCE((SELECT value FROM meta WHERE key = 'pg_revision'), '1')`).Scan(&app, &version, &revision); err != nil {
		return fmt.Errorf("%w: %s holds a table named meta that is not webgraph's (%v); refusing to touch it", ErrForeign, name, err)
	}
	if app != "webgraph" {
		return fmt.Errorf("%w: %s holds tables of another program; refusing to touch it", ErrForeign, name)
	}
	if version != fmt.Sprint(pgSchemaVersion) {
		return fmt.Errorf("%w: %s has version %s; this webgraph reads version %d", ErrVersion, name, version, pgSchemaVersion)
	}
	if revision == "2" || revision == "3" || revision == "4" {
		from, _ := strconv.Atoi(revision)
		if err := pgMigrate(ctx, tx, from); err != nil {
			return fmt.Errorf("store: migrating %s to PostgreSQL revision %d: %w", name, pgRevision, err)
		}
		revision = fmt.Sprint(pgRevision)
	}
	if revision != fmt.Sprint(pgRevision) {
		return fmt.Errorf("%w: %s has PostgreSQL revision %s; this webgraph reads revision %d", ErrVersion, name, revision, pgRevision)
	}
	if mode == Create {
		var runs int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM runs`).Scan(&runs); err != nil {
			return fmt.Errorf("%w: %s: %v", ErrCorrupt, name, err)
		}
		if runs > 0 {
			return fmt.Errorf("%w: %s", ErrExists, name)
		}
	}
	return tx.Commit()
}

// pgWrite runs fn in a transaction of its own and commits it, trying again
// when PostgreSQL chose it as a deadlock's or a serialisation conflict's
// victim (another worker's transaction won).
func (s *Store) pgWrite(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	var err error
	for attempt := range 8 {
		if attempt > 0 {
			t := time.NewTimer(time.Duration(attempt*attempt) * 5 * time.Millisecond)
			select {
			case <-t.C:
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			}
		}
		err = s.pgTry(ctx, fn)
		if !retryable(err) {
			return err
		}
	}
	return err
}

func (s *Store) pgTry(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := fn(ctx, tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// retryable reports a deadlock or serialisation failure.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}
