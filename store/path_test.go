package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestAnyPath opens databases whose names a URI would read as a fragment,
// a query, an escape or a separator: each must be exactly the file named.
func TestAnyPath(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"crawl#1.db", "what?.db", "100%25.db", "50%.db", "with space.db", "a&b=c.db"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			s, err := Open(context.Background(), path, Create)
			if err != nil {
				t.Fatalf("Open(context.Background(), %q): %v", name, err)
			}
			if err := s.SetMeta(context.Background(), "k", "v"); err != nil {
				t.Fatal(err)
			}
			s.Close()
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%q was not created: %v", name, err)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if e.Name() != name && e.Name() != name+"-wal" && e.Name() != name+"-shm" && e.Name() != name+".lock" {
					t.Errorf("Open(context.Background(), %q) also made %q", name, e.Name())
				}
			}
			r, err := Open(context.Background(), path, Read)
			if err != nil {
				t.Fatalf("reading %q again: %v", name, err)
			}
			if v, err := r.Meta(context.Background(), "k"); err != nil || v != "v" {
				t.Errorf("Meta = %q, %v; want v", v, err)
			}
			r.Close()
		})
	}
}

// Files names the database's companions, and those beside the file a
// symbolic link names; IsSQLite knows a database from other files.
func TestFilesAndIsSQLite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	real := filepath.Join(dir, "real.db")
	s, err := Open(context.Background(), real, Create)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range Files(link) {
		got[f.Path] = f.Role
	}
	for path, role := range map[string]string{link: "", link + "-wal": "wal", real: "", real + ".lock": "lock", real + "-journal": "journal"} {
		if r, ok := got[path]; !ok || r != role {
			t.Errorf("Files(%s): %s is %q, %v; want %q", link, path, r, ok, role)
		}
	}
	if Files("postgres://h/db") != nil {
		t.Error("a PostgreSQL crawl uses files")
	}
	if !IsSQLite(real) || !IsSQLite(link) {
		t.Error("IsSQLite does not know a database")
	}
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("SQLite format 3"), 0o644) // one byte short of the header
	if IsSQLite(text) || IsSQLite(filepath.Join(dir, "absent")) {
		t.Error("IsSQLite takes a text file or a missing one for a database")
	}
}
