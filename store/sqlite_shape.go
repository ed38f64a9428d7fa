package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// A SQLite file is webgraph's only when its schema is one webgraph writes:
// application_id and user_version are two numbers anyone can set, and a
// reader trusts the tables behind them. A table replaced by a view over an
// endless recursive query keeps every read of it busy forever; a trigger
// runs whatever it holds when a migration writes. So Open compares every
// object of the file (sqlite_schema) with the shape of the version the
// file says it is, for every version it migrates from, and refuses the file
// when they differ: no view, no trigger, no virtual table, no table or
// index of another program's, and each table's columns exactly as that
// version made them (name, type, NOT NULL, default, key, not generated).

// colShape is one column as PRAGMA table_xinfo gives it.
type colShape struct {
	name, typ, dflt string
	notNull, pk     int
	hidden          int // 0 for a stored column; generated and hidden ones differ
}

// tableShape is a table's columns and kind.
type tableShape struct {
	cols                 []colShape
	withoutRowid, strict bool
}

// versionShape is a schema version's tables and indexes.
type versionShape struct {
	tables   map[string]tableShape
	optional map[string]bool     // tables that version made on first use only
	indexes  map[string][]string // name → the definitions (normalised) that version wrote
	indexOn  map[string]string   // name → its table
}

// schemaV1 is the first release's schema (user_version 1), as its
// databases hold it: one row per link in links. It made kept, link_checks
// and pictures on first use (firstUseTables), and its queue index went by
// two names over its life.
const schemaV1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE urls (
	id       INTEGER PRIMARY KEY,
	url      TEXT NOT NULL UNIQUE,
	host     TEXT NOT NULL,
	state    TEXT NOT NULL,
	via      TEXT NOT NULL DEFAULT '',
	found_on TEXT NOT NULL DEFAULT '',
	anchor   TEXT NOT NULL DEFAULT '',
	depth    INTEGER NOT NULL DEFAULT 0,
	attempts INTEGER NOT NULL DEFAULT 0,
	in_sitemap INTEGER NOT NULL DEFAULT 0
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
	text           TEXT,
	event          TEXT NOT NULL
);
CREATE TABLE links (
	from_id INTEGER NOT NULL REFERENCES urls (id),
	to_url  TEXT NOT NULL,
	anchor  TEXT NOT NULL,
	side    TEXT NOT NULL,
	kind    TEXT NOT NULL,
	PRIMARY KEY (from_id, to_url)
) WITHOUT ROWID;
CREATE INDEX links_to ON links (to_url);
CREATE TABLE robots (origin TEXT PRIMARY KEY, fetched_at TEXT NOT NULL, policy TEXT NOT NULL);
CREATE TABLE runs (
	id         INTEGER PRIMARY KEY,
	started_at TEXT NOT NULL,
	resumed    INTEGER NOT NULL,
	run_event  TEXT NOT NULL,
	done_event TEXT
);
` + queueIndex + ";" + firstUseTables

// v1QueueIndexes are the other definitions the first release gave its
// queue's index (see migrateToV2, which drops them).
var v1QueueIndexes = []string{
	`CREATE INDEX urls_queue ON urls (host, state, id)`,
	`CREATE INDEX urls_queue ON urls (host, id) WHERE state = 'queued'`,
}

// schemaV2 is the second release's schema (user_version 2), as it created
// its databases. Later versions' shapes are this one's migrated (see
// shapes): a schema change is a migration and a new schema, and
// TestMigratedShapeIsCreatedShape holds the two to the same shape.
const schemaV2 = `
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
	event          TEXT NOT NULL -- the page event as written
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
` + queueIndex + ";" + firstUseTables

// shapes returns the shape of each version Open accepts, by version, made
// once by writing each schema into a database in memory and reading it
// back as a file's would be read: version 1 and 2 from their own schemas
// (what those releases created), each later version from version 2's with
// the migrations up to it applied (what Open makes of an older file).
var shapes = sync.OnceValues(func() (map[int]*versionShape, error) {
	v1, err := shapeOfSchema(schemaV1)
	if err != nil {
		return nil, fmt.Errorf("store: the shape of version 1: %w", err)
	}
	v1.optional = map[string]bool{"kept": true, "link_checks": true, "pictures": true}
	for _, q := range v1QueueIndexes {
		v1.indexes["urls_queue"] = append(v1.indexes["urls_queue"], normalSQL(q))
		v1.indexOn["urls_queue"] = "urls"
	}
	all := map[int]*versionShape{1: v1}
	for v := 2; v <= SchemaVersion; v++ {
		if all[v], err = migratedShape(v); err != nil {
			return nil, fmt.Errorf("store: the shape of version %d: %w", v, err)
		}
	}
	return all, nil
})

// migratedShape is the shape of a version-2 database migrated to version v.
func migratedShape(v int) (*versionShape, error) {
	return shapeOf(func(ctx context.Context, db *sql.DB) error {
		if _, err := db.ExecContext(ctx, schemaV2); err != nil {
			return err
		}
		for _, m := range migrations[1 : v-1] {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				return err
			}
			if err := m(ctx, tx); err != nil {
				tx.Rollback()
				return err
			}
			if err := tx.Commit(); err != nil {
				return err
			}
		}
		return nil
	})
}

// shapeOfSchema writes schema into a database in memory and reads its
// shape.
func shapeOfSchema(schema string) (*versionShape, error) {
	return shapeOf(func(ctx context.Context, db *sql.DB) error {
		_, err := db.ExecContext(ctx, schema)
		return err
	})
}

// shapeOf makes a database in memory with build and reads its shape.
func shapeOf(build func(context.Context, *sql.DB) error) (*versionShape, error) {
	db, err := sql.Open("sqlite", "file::memory:")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // one connection: one database in memory
	ctx := context.Background()
	if err := build(ctx, db); err != nil {
		return nil, err
	}
	objs, err := readObjects(ctx, db)
	if err != nil {
		return nil, err
	}
	v := &versionShape{tables: map[string]tableShape{}, indexes: map[string][]string{}, indexOn: map[string]string{}}
	for _, o := range objs {
		switch o.typ {
		case "table":
			t, err := readTable(ctx, db, o.name)
			if err != nil {
				return nil, err
			}
			v.tables[o.name] = t
		case "index":
			if o.sql != "" {
				v.indexes[o.name] = []string{normalSQL(o.sql)}
				v.indexOn[o.name] = o.table
			}
		}
	}
	return v, nil
}

// object is a row of sqlite_schema.
type object struct{ typ, name, table, sql string }

func readObjects(ctx context.Context, db *sql.DB) ([]object, error) {
	rows, err := db.QueryContext(ctx, `SELECT type, name, tbl_name, coalesce(sql, '') FROM main.sqlite_schema ORDER BY name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []object
	for rows.Next() {
		var o object
		if err := rows.Scan(&o.typ, &o.name, &o.table, &o.sql); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// readTable reads a table's shape. name comes from sqlite_schema and is
// passed as a parameter to the table-valued pragmas, never spliced.
func readTable(ctx context.Context, db *sql.DB, name string) (tableShape, error) {
	var t tableShape
	rows, err := db.QueryContext(ctx, `SELECT name, type, "notnull", coalesce(dflt_value, ''), pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid`, name)
	if err != nil {
		return t, err
	}
	defer rows.Close()
	for rows.Next() {
		var c colShape
		if err := rows.Scan(&c.name, &c.typ, &c.notNull, &c.dflt, &c.pk, &c.hidden); err != nil {
			return t, err
		}
		c.typ = strings.ToUpper(c.typ)
		t.cols = append(t.cols, c)
	}
	if err := rows.Err(); err != nil {
		return t, err
	}
	var wr, strict int
	if err := db.QueryRowContext(ctx, `SELECT wr, strict FROM pragma_table_list(?) WHERE schema = 'main'`, name).Scan(&wr, &strict); err != nil {
		return t, err
	}
	t.withoutRowid, t.strict = wr != 0, strict != 0
	return t, nil
}

// normalSQL is a definition with its white space collapsed and in lower
// case, so the same index written two ways compares equal.
func normalSQL(q string) string {
	q = strings.ToLower(strings.Join(strings.Fields(q), " "))
	return strings.ReplaceAll(strings.ReplaceAll(q, "( ", "("), " )", ")")
}

// checkShape compares the objects of db, a file that says it is of version,
// with that version's shape. It returns the first difference in words, or
// "" when the file is webgraph's.
func checkShape(ctx context.Context, db *sql.DB, version int) (string, error) {
	all, err := shapes()
	if err != nil {
		return "", err
	}
	want := all[version]
	if want == nil {
		return fmt.Sprintf("no shape is known for version %d", version), nil
	}
	objs, err := readObjects(ctx, db)
	if err != nil {
		return "", err
	}
	seen := map[string]bool{}
	for _, o := range objs {
		switch o.typ {
		case "view", "trigger":
			return fmt.Sprintf("it holds a %s (%q), which webgraph never makes", o.typ, o.name), nil
		case "table":
			if o.name == "sqlite_stat1" || o.name == "sqlite_stat4" {
				continue // ANALYZE's statistics: read by the planner alone
			}
			if strings.HasPrefix(strings.ToUpper(strings.TrimSpace(o.sql)), "CREATE VIRTUAL") {
				return fmt.Sprintf("its table %q is a virtual table, which webgraph never makes", o.name), nil
			}
			wt, ok := want.tables[o.name]
			if !ok {
				return fmt.Sprintf("it holds a table %q that webgraph's version %d does not have", o.name, version), nil
			}
			got, err := readTable(ctx, db, o.name)
			if err != nil {
				return "", err
			}
			if !slices.Equal(got.cols, wt.cols) || got.withoutRowid != wt.withoutRowid || got.strict != wt.strict {
				return fmt.Sprintf("its table %q is not as webgraph's version %d makes it (%s)", o.name, version, describeCols(got)), nil
			}
			seen[o.name] = true
		case "index":
			if o.sql == "" && strings.HasPrefix(o.name, "sqlite_autoindex_"+o.table+"_") && want.tables[o.table].cols != nil {
				continue // a UNIQUE or PRIMARY KEY constraint's own index
			}
			if want.indexOn[o.name] != o.table || !slices.Contains(want.indexes[o.name], normalSQL(o.sql)) {
				return fmt.Sprintf("it holds an index %q that webgraph's version %d does not make", o.name, version), nil
			}
		default:
			return fmt.Sprintf("it holds a %s %q, which webgraph never makes", o.typ, o.name), nil
		}
	}
	for name := range want.tables {
		if !seen[name] && !want.optional[name] {
			return fmt.Sprintf("its table %q is missing", name), nil
		}
	}
	return "", nil
}

// describeCols lists a table's columns for the refusal's words.
func describeCols(t tableShape) string {
	names := make([]string, len(t.cols))
	for i, c := range t.cols {
		names[i] = c.name
		if c.hidden != 0 {
			names[i] += " (generated)"
		}
	}
	return "columns " + strings.Join(names, ", ")
}

// ReadLimit is how long all the reads of a SQLite file opened to read
// (Read: diff, --baseline, graph, pages, report of a file given on the
// command line) may take together: 2 minutes, and a second more for each
// megabyte of the file and its write-ahead log. A crawl webgraph wrote is
// read well within it; a file crafted to keep its reader busy (which the
// shape check should already have refused) ends in a *ReadLimitError.
func ReadLimit(size int64) time.Duration {
	return 2*time.Minute + time.Duration(size>>20)*time.Second
}

// ReadLimitError reports reads of a file that went past ReadLimit.
type ReadLimitError struct {
	Path  string
	Limit time.Duration
}

func (e *ReadLimitError) Error() string {
	return fmt.Sprintf("store: reading %s took longer than %s, the bound for a file of its size: it may be a file crafted to keep its reader busy; stopped", e.Path, e.Limit)
}

// fileSize is the size of the database at path and of its write-ahead log.
func fileSize(path string) int64 {
	var n int64
	for _, p := range []string{path, path + "-wal"} {
		if fi, err := os.Stat(p); err == nil {
			n += fi.Size()
		}
	}
	return n
}

// boundReads ends every read of s once limit has passed from now, with a
// *ReadLimitError as the cause (see bound and Explain).
func (s *Store) boundReads(limit time.Duration) {
	s.readLimit, s.readFor = time.Now().Add(limit), limit
}

// Explain returns err, or, when the bound on reading the file ended it
// (see ReadLimit), the *ReadLimitError that names the file. Commands that
// read a file given on the command line pass their errors through it.
func (s *Store) Explain(err error) error {
	if err == nil || s == nil || s.readLimit.IsZero() || time.Now().Before(s.readLimit) {
		return err
	}
	var le *ReadLimitError
	if errors.As(err, &le) {
		return err
	}
	return &ReadLimitError{Path: s.path, Limit: s.readFor}
}
