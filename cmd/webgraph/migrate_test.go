package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The previous release's database (store/testdata/v1.db) is migrated when
// it is first read: graph and pages print exactly what that release printed
// of it (store/testdata/v1-graph.jsonl, v1-pages.csv), and a crawl compared
// with itself shows no change.
func TestPreviousReleaseDatabase(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "store", "testdata", "v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "v1.db")
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"v1-graph.jsonl", []string{"graph", "--db", db, "--format", "jsonl"}},
		{"v1-pages.csv", []string{"pages", "--db", db}},
	} {
		want, err := os.ReadFile(filepath.Join("..", "..", "store", "testdata", c.golden))
		if err != nil {
			t.Fatal(err)
		}
		out, errOut, code := webgraph(t, c.args...)
		if code != exitOK || out != string(want) {
			t.Errorf("webgraph %v: exit %d; stdout differs from the previous release's %s:\n%s\nstderr:\n%s", c.args, code, c.golden, out, errOut)
		}
	}
	out, errOut, code := webgraph(t, "diff", db, db)
	if code != exitOK || len(out) < 12 || out[:12] != "0 new, 0 los" {
		t.Errorf("diff of the migrated crawl with itself: exit %d, stdout %q; stderr:\n%s", code, out, errOut)
	}
}
