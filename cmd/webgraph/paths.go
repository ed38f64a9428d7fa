package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/store"
)

// output names a file a command will write: the flag that named it (for
// messages) and its path. A path of "" or "-" is no file.
type output struct {
	flag string
	path string
}

// checkOutputs refuses, as usage errors and before anything is fetched or
// written, output files that would destroy the database or cannot be
// written: a path that is the database db or one of its companion files
// (-wal, -shm, -journal, .lock), the same file as another output, any existing
// SQLite database, a directory, or a file in a directory that does not exist
// or is not writable.
func checkOutputs(db string, outs ...output) error {
	var seen []output
	for _, o := range outs {
		if o.path == "" || o.path == "-" {
			continue
		}
		for _, file := range store.Files(db) {
			if samePath(o.path, file.Path) {
				return usagef("%s %s is the crawl's database%s (--db %s); name another file", o.flag, o.path, companion(file.Role), db)
			}
		}
		for _, prev := range seen {
			if samePath(o.path, prev.path) {
				return usagef("%s and %s name the same file, %s", prev.flag, o.flag, o.path)
			}
		}
		seen = append(seen, o)
		if err := writable(o); err != nil {
			return err
		}
	}
	return nil
}

// companion names the role of one of the database's files in a message.
func companion(role string) string {
	if role == "" {
		return ""
	}
	return "'s " + role + " file"
}

// writable checks that o can be written without harm: what is there now is
// neither a directory nor a SQLite database and opens for writing, or
// nothing is there and its directory takes new files.
func writable(o output) error {
	if st, err := os.Stat(o.path); err == nil {
		if st.IsDir() {
			return usagef("%s %s is a directory; name a file", o.flag, o.path)
		}
		// A device or a named pipe (/dev/null, a FIFO a reader waits on)
		// is written where it is and not opened to check: opening a pipe
		// waits for the other end, and closing it would end a reader's
		// input.
		if !st.Mode().IsRegular() {
			return nil
		}
		if store.IsSQLite(o.path) {
			return usagef("%s %s is a database; webgraph does not overwrite it", o.flag, o.path)
		}
		// An existing file is written where it is: its directory need not
		// take new files. (Appending, as a resumed crawl does, is what an
		// append-only file allows.)
		f, err := os.OpenFile(o.path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return usagef("%s %s is not writable: %v", o.flag, o.path, errors.Unwrap(err))
		}
		f.Close()
		return nil
	}
	dir := filepath.Dir(o.path)
	st, err := os.Stat(dir)
	if err != nil {
		return usagef("%s %s: directory %s does not exist", o.flag, o.path, dir)
	}
	if !st.IsDir() {
		return usagef("%s %s: %s is not a directory", o.flag, o.path, dir)
	}
	probe, err := os.CreateTemp(dir, ".webgraph-probe-*")
	if err != nil {
		return usagef("%s %s: directory %s is not writable: %v", o.flag, o.path, dir, errors.Unwrap(err))
	}
	probe.Close()
	os.Remove(probe.Name()) // our own probe, made just above
	return nil
}

// samePath reports whether a and b name one file: the same file on disk
// when both exist, else the same absolute path once symbolic links in the
// directory are resolved.
func samePath(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return canonical(a) == canonical(b)
}

// canonical is path made absolute, its directory's symbolic links resolved.
func canonical(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	dir, base := filepath.Split(abs)
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	return filepath.Join(dir, base)
}

// writeFile writes the file o through write, whole or not at all: into a
// new temporary file beside it, renamed over o.path once write and the
// close succeed. On failure only that temporary file is removed; nothing
// webgraph did not create is deleted or truncated. Call checkOutputs first.
func writeFile(o output, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(o.path), "."+filepath.Base(o.path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
	}
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), o.path)
	}
	if err != nil {
		os.Remove(tmp.Name()) // the temporary file made above, never o.path
		return fmt.Errorf("%s %s: %w", o.flag, o.path, err)
	}
	return nil
}

// writeOutput runs write on stdout when path is "" or "-", else writes the
// file at path whole or not at all (writeFile); flag names it in errors.
func writeOutput(flag, path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		return write(stdout)
	}
	return writeFile(output{flag, path}, write)
}

// openForReading parses the flags of a command that reads a crawl
// database (graph, report, pages), checks its output files (see
// checkOutputs) and opens the database named by db.
func openForReading(ctx context.Context, fs *pflag.FlagSet, args []string, db *string, outFlag string, out *string) (*store.Store, error) {
	if err := parseCommandFlags(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() != 0 {
		return nil, usagef("%s takes no arguments; name the database with --db", fs.Name())
	}
	if err := checkOutputs(*db, output{outFlag, *out}); err != nil {
		return nil, err
	}
	return store.Open(ctx, *db, store.Read)
}
