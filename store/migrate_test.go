package store

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// copyV1 copies testdata/v1.db, a crawl the previous release wrote (schema
// version 1: one row per link), into a directory of the test's, and
// returns its path.
func copyV1(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "v1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v1.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// graphLine is a line of testdata/v1-graph.jsonl: the previous release's
// `webgraph graph --format jsonl` of testdata/v1.db.
type graphLine struct {
	Type string `json:"type"`
	Node
	From   string `json:"from"`
	To     string `json:"to"`
	Anchor string `json:"anchor"`
	Side   string `json:"side"`
}

// TestMigrateV1 opens the previous release's database to read: it is
// migrated to this version in place, and its graph (every node with its
// kind and outcome, every edge in order) reads exactly as that release
// printed it.
func TestMigrateV1(t *testing.T) {
	t.Parallel()
	path := copyV1(t)
	s, err := Open(context.Background(), path, Read)
	if err != nil {
		t.Fatalf("opening the previous release's database: %v", err)
	}
	var got []graphLine
	err = s.Graph(context.Background(), func(n Node) error {
		got = append(got, graphLine{Type: "node", Node: n})
		return nil
	}, func(e Edge) error {
		got = append(got, graphLine{Type: "edge", From: e.From, To: e.To, Anchor: e.Anchor, Side: e.Side})
		return nil
	})
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("testdata", "v1-graph.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var want []graphLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var l graphLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		want = append(want, l)
	}
	if len(want) < 40 {
		t.Fatalf("the golden graph has %d lines; want the whole crawl", len(want))
	}
	if !reflect.DeepEqual(got, want) {
		for i := range max(len(got), len(want)) {
			var g, w graphLine
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("line %d: got %+v\nwant %+v", i+1, g, w)
			}
		}
	}

	// Migrated once: the file is now of this version, and opens again.
	s, err = Open(context.Background(), path, Resume)
	if err != nil {
		t.Fatalf("resuming the migrated database: %v", err)
	}
	var version int
	s.db.QueryRow(`PRAGMA user_version`).Scan(&version)
	var links int
	s.db.QueryRow(`SELECT COUNT(*) FROM sqlite_master WHERE name = 'links'`).Scan(&links)
	s.Close()
	if version != SchemaVersion || links != 0 {
		t.Errorf("after migrating: version %d, links table %d; want version %d and no links table", version, links, SchemaVersion)
	}
}

// TestNewerVersionRefused: a database written by a newer webgraph is refused
// in words, and left as it was.
func TestNewerVersionRefused(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "c.db")
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	s.db.Exec(`PRAGMA user_version = 99`)
	s.Close()
	for _, mode := range []Mode{Read, Resume} {
		_, err := Open(context.Background(), path, mode)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte("newer webgraph")) {
			t.Errorf("mode %d: %v; want a refusal naming a newer webgraph", mode, err)
		}
	}
}

// LinksTo reads who links to a URL from the pages' rows of links: on the
// previous release's crawl it gives the in-links that release's graph
// printed (ordered by page, limited, with the whole count), and on a crawl
// open to write it leaves the writer and the other reads their connections.
func TestLinksTo(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("testdata", "v1-graph.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	in := map[string][]Inlink{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		var l graphLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		if l.Type == "edge" {
			in[l.To] = append(in[l.To], Inlink{From: l.From, Anchor: l.Anchor})
		}
	}
	s, err := Open(context.Background(), copyV1(t), Resume)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	several := 0
	for target, want := range in {
		slices.SortFunc(want, func(a, b Inlink) int { return strings.Compare(a.From, b.From) })
		got, total, err := s.LinksTo(context.Background(), target, 2)
		if err != nil {
			t.Fatal(err)
		}
		if total != len(want) || !slices.Equal(got, want[:min(2, len(want))]) {
			t.Errorf("LinksTo(%s, 2) = %v, %d; want %v, %d", target, got, total, want[:min(2, len(want))], len(want))
		}
		if len(want) > 2 {
			several++
		}
	}
	if several == 0 {
		t.Fatal("no URL of the golden graph has more than two in-links: the limit is not tested")
	}
	if got, total, err := s.LinksTo(context.Background(), "http://nowhere.invalid/", 5); err != nil || total != 0 || len(got) != 0 {
		t.Errorf("LinksTo of a URL never met = %v, %d, %v; want none", got, total, err)
	}
	// The writer and a reader still have their connections.
	if err := s.SetMeta(context.Background(), "after", "links"); err != nil {
		t.Fatal(err)
	}
	if runs, err := s.Runs(context.Background()); err != nil || len(runs) == 0 {
		t.Errorf("Runs after LinksTo = %d, %v", len(runs), err)
	}
}

// Two commands reading the previous release's file at once: one migrates
// it, the other waits for that and migrates nothing; both read it.
func TestMigrateWhileAnotherReads(t *testing.T) {
	t.Parallel()
	path := copyV1(t)
	errs := make(chan error, 2)
	for range 2 {
		go func() {
			s, err := Open(context.Background(), path, Read)
			if err == nil {
				_, err = s.Runs(context.Background())
				s.Close()
			}
			errs <- err
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Errorf("a reader of the file being migrated: %v", err)
		}
	}
}
