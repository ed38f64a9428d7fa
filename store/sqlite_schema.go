package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// SchemaVersion is the version of the SQLite schema below (PRAGMA
// user_version). A database of an older version is migrated when it is
// opened (see migrations); one of a newer version is refused.
const SchemaVersion = 4

// ApplicationID marks a SQLite file as webgraph's ("wgph").
const ApplicationID = 0x77677068

// schema is a new SQLite database, every table made at once: the
// content table (version 4 on) last.
//
// A URL is a row of urls from the moment the crawl meets it: queued,
// fetched or refused, or only linked (state "linked": a link's target the
// crawl did not queue, such as another site's page). A page's links are one
// row of outlinks: a JSON array of [target id, anchor, side, kind], in the
// targets' URL order, one entry per target. At a hundred links a page,
// one row per link was most of what the crawl wrote (docs/design.md, "The
// store").
const schema = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE urls (
	id       INTEGER PRIMARY KEY,
	url      TEXT NOT NULL UNIQUE,
	host     TEXT NOT NULL,
	state    TEXT NOT NULL, -- queued (in flight included), done, refused, disallowed, seen, linked
	via      TEXT NOT NULL DEFAULT '',
	found_on TEXT NOT NULL DEFAULT '',
	anchor   TEXT NOT NULL DEFAULT '',
	depth    INTEGER NOT NULL DEFAULT 0,
	attempts INTEGER NOT NULL DEFAULT 0,
	in_sitemap INTEGER NOT NULL DEFAULT 0, -- a sitemap listed it
	kind     TEXT NOT NULL DEFAULT ''      -- the URL kind of the first link to it; '' while nothing links to it
);
CREATE TABLE pages (
	url_id         INTEGER PRIMARY KEY REFERENCES urls (id),
	final_url      TEXT NOT NULL,
	ok             INTEGER NOT NULL,
	status         INTEGER NOT NULL,
	cause          TEXT NOT NULL,
	title          TEXT NOT NULL,
	words          INTEGER NOT NULL,
	plain_words    INTEGER,
	rendered_words INTEGER,
	text           TEXT, -- unused: a retained text is inside the event (older crawls wrote it here too)
	event          TEXT NOT NULL, -- the page event as written
	last_modified  TEXT -- the server's Last-Modified, RFC 3339 in UTC; NULL when it gave none
);
CREATE TABLE outlinks (
	from_id INTEGER PRIMARY KEY REFERENCES urls (id),
	links   TEXT NOT NULL -- JSON: [[to_id, anchor, side, kind], ...] in the targets' URL order
);
CREATE TABLE robots (origin TEXT PRIMARY KEY, fetched_at TEXT NOT NULL, policy TEXT NOT NULL);
CREATE TABLE runs (
	id         INTEGER PRIMARY KEY,
	started_at TEXT NOT NULL,
	resumed    INTEGER NOT NULL,
	run_event  TEXT NOT NULL,
	done_event TEXT
);
` + queueIndex + ";" + firstUseTables + contentTable

// contentTable holds each kept page's main content (--keep content),
// version 4 on: the Markdown block by block (a JSON array of strings); for
// each block, the hashes of the page's blocks of text it was written from
// (a count as a uvarint, then the hashes); and the hashes of all the
// page's blocks of text, from which a resumed crawl learns its sites'
// templates again and `webgraph content` tells the blocks a site repeats.
// Hashes are 8 bytes each, big-endian (docs/design.md, "Content").
const contentTable = `
CREATE TABLE content (
	url_id        INTEGER PRIMARY KEY REFERENCES urls (id),
	site          TEXT NOT NULL,    -- the host whose pages' template it counts in
	side          TEXT NOT NULL,    -- plain: the HTML as served; rendered: the DOM after scripts
	title         TEXT NOT NULL,
	lang          TEXT NOT NULL,    -- BCP 47; declared, else detected
	lang_detected INTEGER NOT NULL,
	words         INTEGER NOT NULL,
	truncated     INTEGER NOT NULL,
	blocks        TEXT NOT NULL,    -- JSON: the Markdown's blocks, in order
	block_runs    BLOB NOT NULL,    -- for each block, the hashes of the text blocks it was written from
	runs          BLOB NOT NULL     -- the page's text blocks' hashes
);
`

// firstUseTables are the tables the first release made on first use, not
// with the schema: a database it wrote may lack any of them (see
// migrateToV2).
const firstUseTables = `
CREATE TABLE kept (canon TEXT PRIMARY KEY, url TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE link_checks (
	target     TEXT PRIMARY KEY,
	verdict    TEXT NOT NULL,
	checked_at TEXT NOT NULL,
	event      TEXT NOT NULL
);
CREATE TABLE pictures (
	url    TEXT NOT NULL,
	side   TEXT NOT NULL, -- rendered: as rendered; plain: the HTML as served, scripts off
	type   TEXT NOT NULL, -- the image's media type
	width  INTEGER NOT NULL,
	height INTEGER NOT NULL,
	cut    INTEGER NOT NULL, -- the page was taller than the picture
	ms     INTEGER NOT NULL, -- what taking it cost
	data   BLOB NOT NULL,
	PRIMARY KEY (url, side)
);
`

// queueIndex is the index of the queue alone (a page done leaves it), in
// the queue's order: a host's URLs tried before first, then the others by
// id (see refill). A read of a host's next URLs then walks the index from
// its start and stops at the limit; an index in another order would have
// SQLite sort the host's whole queue first, a million URLs held in memory
// on every refill.
const queueIndex = `CREATE INDEX urls_ready ON urls (host, attempts DESC, id) WHERE state = 'queued'`

// migrations[v] turns a database of version v+1 into one of version v+2,
// inside the transaction Open gives it; the last one yields SchemaVersion.
var migrations = []func(ctx context.Context, tx *sql.Tx) error{
	migrateToV2,
	migrateToV3,
	migrateToV4,
}

// migrateToV4 takes a database of version 3 to version 4: the table of
// the pages' main content, empty (that release kept none).
func migrateToV4(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, contentTable); err != nil {
		return fmt.Errorf("taking the database to version 4: %w", err)
	}
	return nil
}

// migrateToV3 takes a database of version 2 to version 3: pages gain
// last_modified, NULL for the pages recorded before (that release did not
// keep the header).
func migrateToV3(ctx context.Context, tx *sql.Tx) error {
	if _, err := tx.ExecContext(ctx, `ALTER TABLE pages ADD COLUMN last_modified TEXT`); err != nil {
		return fmt.Errorf("taking the database to version 3: %w", err)
	}
	return nil
}

// migrateToV2 takes a database of the first release (version 1) to version
// 2: the tables that release made on first use (kept, link_checks,
// pictures) and the queue's index in its final order, if missing; the kind
// column of urls; a row of urls for every link target it lacked (state
// "linked"); and each page's links, one row per link in table links, as
// one row of outlinks.
func migrateToV2(ctx context.Context, tx *sql.Tx) error {
	steps := []string{
		strings.ReplaceAll(firstUseTables, "CREATE TABLE ", "CREATE TABLE IF NOT EXISTS "),
		`DROP INDEX IF EXISTS urls_queue`,
		`DROP INDEX IF EXISTS urls_ready`,
		queueIndex,
		`ALTER TABLE urls ADD COLUMN kind TEXT NOT NULL DEFAULT ''`,
		// The kind a graph node showed: its first link's, by page id.
		`UPDATE urls SET kind = (SELECT l.kind FROM links l WHERE l.to_url = urls.url ORDER BY l.from_id LIMIT 1)
			WHERE EXISTS (SELECT 1 FROM links l WHERE l.to_url = urls.url)`,
		// The targets no URL row had: the graph's not_fetched nodes.
		`INSERT INTO urls (url, host, state, kind)
			SELECT to_url, '', 'linked', MIN(kind) FROM links WHERE to_url NOT IN (SELECT url FROM urls) GROUP BY to_url ORDER BY to_url`,
		`CREATE TABLE outlinks (from_id INTEGER PRIMARY KEY REFERENCES urls (id), links TEXT NOT NULL)`,
		`INSERT INTO outlinks (from_id, links)
			SELECT l.from_id, json_group_array(json_array(t.id, l.anchor, l.side, l.kind) ORDER BY l.to_url)
			FROM links l JOIN urls t ON t.url = l.to_url GROUP BY l.from_id ORDER BY l.from_id`,
		`DROP TABLE links`,
	}
	for _, q := range steps {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("taking the database to version 2: %w", err)
		}
	}
	return nil
}

// migrate takes the database at path to SchemaVersion in one transaction:
// a process killed meanwhile leaves it as it was. db begins its
// transactions IMMEDIATE, so the version read inside is the one migrated
// from, even when another process migrated the file a moment before.
func migrate(ctx context.Context, db *sql.DB, path string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migrating %s: %w", path, err)
	}
	defer tx.Rollback()
	var from int
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&from); err != nil {
		return fmt.Errorf("store: migrating %s: %w", path, err)
	}
	if from >= SchemaVersion {
		return nil // migrated already
	}
	for v := from; v < SchemaVersion; v++ {
		if err := migrations[v-1](ctx, tx); err != nil {
			return fmt.Errorf("store: migrating %s from version %d: %w", path, from, err)
		}
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, SchemaVersion)); err != nil {
		return fmt.Errorf("store: migrating %s: %w", path, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE meta SET value = ? WHERE key = 'schema_version'`, fmt.Sprint(SchemaVersion)); err != nil {
		return fmt.Errorf("store: migrating %s: %w", path, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: migrating %s: %w", path, err)
	}
	return nil
}
