package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"modernc.org/sqlite"
)

// sqliteReadOnly is SQLite's primary result code SQLITE_READONLY; its
// extended codes say why a connection opened read-only could not go on:
// a hot journal to roll back (SQLITE_READONLY_ROLLBACK), a WAL index to
// rebuild (SQLITE_READONLY_RECOVERY, SQLITE_READONLY_CANTINIT).
const sqliteReadOnly = 8

// Extended SQLITE_READONLY codes that mean "recovery needs a write".
var recoverCodes = map[int]bool{
	sqliteReadOnly | 1<<8: true, // SQLITE_READONLY_RECOVERY
	sqliteReadOnly | 3<<8: true, // SQLITE_READONLY_ROLLBACK
	sqliteReadOnly | 5<<8: true, // SQLITE_READONLY_CANTINIT
}

// needsWriteToRecover reports whether err is a read-only connection's
// refusal to read a database that a crash left needing recovery.
func needsWriteToRecover(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && recoverCodes[se.Code()]
}

// recoverOwn lets SQLite recover the database at path (roll back its hot
// journal, rebuild its WAL index) with a connection that may write and sets
// nothing, after checking from the file's own header that it is
// webgraph's: another program's file is left as it is, and refused.
func recoverOwn(ctx context.Context, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	head := make([]byte, 100) // the database header
	_, err = io.ReadFull(f, head)
	f.Close()
	if err != nil || binary.BigEndian.Uint32(head[68:72]) != ApplicationID {
		return fmt.Errorf("%w: %s was left mid-write by a process that was killed, and its header does not say it is webgraph's; refusing to recover it", ErrCorrupt, path)
	}
	db, err := sql.Open("sqlite", fileDSN(path, "_pragma=busy_timeout(5000)&_pragma=trusted_schema(0)"))
	if err != nil {
		return fmt.Errorf("store: opening %s: %w", path, err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_schema`).Scan(&n); err != nil {
		return fmt.Errorf("%w: %s: recovering what a killed process left: %v", ErrCorrupt, path, err)
	}
	return nil
}
