package store

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
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
	s, err := Open(path, Read)
	if err != nil {
		t.Fatalf("opening the previous release's database: %v", err)
	}
	var got []graphLine
	err = s.Graph(func(n Node) error {
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
	s, err = Open(path, Resume)
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
	s, err := Open(path, Create)
	if err != nil {
		t.Fatal(err)
	}
	s.db.Exec(`PRAGMA user_version = 99`)
	s.Close()
	for _, mode := range []Mode{Read, Resume} {
		_, err := Open(path, mode)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte("newer webgraph")) {
			t.Errorf("mode %d: %v; want a refusal naming a newer webgraph", mode, err)
		}
	}
}
