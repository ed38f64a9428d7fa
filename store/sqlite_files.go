package store

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
)

// sqliteHeader begins every SQLite database file.
const sqliteHeader = "SQLite format 3\x00"

// File is one file a SQLite crawl database uses.
type File struct {
	Path string
	Role string // "" for the database itself, else "wal", "shm", "journal" or "lock"
}

// Files returns every file the SQLite crawl database at db uses: the
// database, its write-ahead log and shared memory, its rollback journal,
// and its lock file; and, when db is a symbolic link, the same names
// beside the file it points to (where the lock is taken: see lock). A
// PostgreSQL crawl uses none.
func Files(db string) []File {
	if isPostgres(db) {
		return nil
	}
	bases := []string{db}
	if real, err := filepath.EvalSymlinks(db); err == nil && real != db {
		bases = append(bases, real)
	}
	var out []File
	for _, b := range bases {
		out = append(out, File{b, ""}, File{b + "-wal", "wal"}, File{b + "-shm", "shm"}, File{b + "-journal", "journal"}, File{b + ".lock", "lock"})
	}
	return out
}

// IsFile reports whether db, a --db value, names a file on this machine
// (a path), rather than a database on a server (a postgres:// URL): what
// a caller needs to know of it to make its directory, compare it with
// another path or show it relative to a workspace.
func IsFile(db string) bool { return !isPostgres(db) }

// IsSQLite reports whether the file at path begins as a SQLite database
// does (the check Open makes before it reads a file).
func IsSQLite(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	n, _ := io.ReadFull(f, head)
	return n == len(head) && bytes.Equal(head, []byte(sqliteHeader))
}
