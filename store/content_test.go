package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// contentFrontier is the part of both engines' frontiers the test drives.
type contentFrontier interface {
	Add(ctx context.Context, url, host string, c discovery.Discovery) bool
	Next(ctx context.Context) (frontier.Item, error)
	Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link
}

// TestContentRecorded: a kept page's content is written with its record,
// on both engines, and read back whole, with the page's URLs and citation;
// a refused page's is never written; the template hashes read back as
// written; the content survives the store being closed and opened again.
func TestContentRecorded(t *testing.T) {
	t.Parallel()
	engines := map[string]func(t *testing.T) (string, func(s *Store) contentFrontier){
		"sqlite": func(t *testing.T) (string, func(s *Store) contentFrontier) {
			return filepath.Join(t.TempDir(), "c.db"), func(s *Store) contentFrontier {
				f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), 5)
				if err != nil {
					t.Fatal(err)
				}
				return f
			}
		},
		"postgres": func(t *testing.T) (string, func(s *Store) contentFrontier) {
			return pg.DB(t), func(s *Store) contentFrontier {
				f, err := s.sharedFrontier(context.Background(), policy.NewThrottle(0, nil), 5, SharedConfig{Poll: 10 * time.Millisecond})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { f.Close(context.Background()) })
				return f
			}
		},
	}
	for name, engine := range engines {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			db, frontierOf := engine(t)
			s, err := Open(context.Background(), db, Create)
			if err != nil {
				t.Fatal(err)
			}
			f := frontierOf(s)
			seed := discovery.Discovery{Via: discovery.ViaSeed}
			f.Add(context.Background(), "http://h/a", "h", seed)
			f.Add(context.Background(), "http://h/refused", "h", seed)
			kept := &frontier.Content{Side: "rendered", Site: "h", Title: "A \"title\"", Lang: "fr", LangDetected: true, Words: 7, Truncated: true,
				Blocks:    []string{"# A \\\"title\\\"", "```\ncode\n\nmore\n```", "Text with [a link](http://h/b)."},
				BlockRuns: [][]uint64{nil, {7}, {1 << 63, 42, 3}}, Runs: []uint64{1, 1 << 63, 42}}
			for range 2 {
				it, err := f.Next(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				r := frontier.Result{State: frontier.StateDone, FinalURL: it.URL + "/", Status: 200, Event: []byte(`{"event":"page"}`), Content: kept}
				if it.URL == "http://h/refused" {
					r.State, r.Cause, r.FinalURL = frontier.StateRefused, "wall", it.URL
				}
				f.Complete(context.Background(), it, r)
			}
			s.Close()

			r, err := Open(context.Background(), db, Read)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			var got []PageContent
			if err := r.Contents(context.Background(), func(pc PageContent) error { got = append(got, pc); return nil }); err != nil {
				t.Fatal(err)
			}
			want := *kept
			want.Runs = nil
			if len(got) != 1 || got[0].URL != "http://h/a" || got[0].FinalURL != "http://h/a/" || got[0].Citation != seed || !reflect.DeepEqual(got[0].Content, want) {
				t.Fatalf("contents = %+v; want the kept page's alone: %+v", got, want)
			}
			var rows int
			if err := r.db.QueryRow(`SELECT COUNT(*) FROM content`).Scan(&rows); err != nil || rows != 1 {
				t.Errorf("the content table holds %d rows (%v); want the kept page's alone", rows, err)
			}
			var runs [][]uint64
			if err := r.ContentRuns(context.Background(), func(site string, rs []uint64) {
				if site != "h" {
					t.Errorf("site %q; want h", site)
				}
				runs = append(runs, rs)
			}); err != nil {
				t.Fatal(err)
			}
			if len(runs) != 1 || !reflect.DeepEqual(runs[0], kept.Runs) {
				t.Errorf("runs = %v; want %v once", runs, kept.Runs)
			}
		})
	}
}

// TestContentMigrates: a database of version 2 or 3, as the releases
// before this one made it, opens; it is migrated, gains the content table
// (empty), and a resumed crawl records content in it.
func TestContentMigrates(t *testing.T) {
	t.Parallel()
	for _, version := range []int{2, 3} {
		path := filepath.Join(t.TempDir(), "old.db")
		raw, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(schemaV2); err != nil {
			t.Fatal(err)
		}
		if version == 3 { // version 3's databases are version 2's migrated (see shapes)
			tx, err := raw.Begin()
			if err != nil {
				t.Fatal(err)
			}
			if err := migrateToV3(context.Background(), tx); err != nil {
				t.Fatal(err)
			}
			if err := tx.Commit(); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := raw.Exec(fmt.Sprintf(`PRAGMA application_id = 2003267688; PRAGMA user_version = %[1]d;
			INSERT INTO meta (key, value) VALUES ('app', 'webgraph'), ('schema_version', '%[1]d');
			INSERT INTO runs (started_at, resumed, run_event) VALUES ('2025-01-01T00:00:00Z', 0, '{}');
			INSERT INTO urls (url, host, state) VALUES ('http://h/b', 'h', 'queued')`, version)); err != nil {
			t.Fatal(err)
		}
		raw.Close()
		s, err := Open(context.Background(), path, Resume)
		if err != nil {
			t.Fatalf("opening a version %d database: %v", version, err)
		}
		f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), 5)
		if err != nil {
			t.Fatal(err)
		}
		it, err := f.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		f.Complete(context.Background(), it, frontier.Result{State: frontier.StateDone, FinalURL: it.URL, Status: 200, Event: []byte(`{}`),
			Content: &frontier.Content{Side: "plain", Site: "h", Blocks: []string{"Words."}, Words: 1}})
		var got int
		s.db.QueryRow(`PRAGMA user_version`).Scan(&got)
		n := 0
		err = s.Contents(context.Background(), func(PageContent) error { n++; return nil })
		s.Close()
		if err != nil || got != SchemaVersion || n != 1 {
			t.Errorf("version %d after migrating: version %d, %d pages of content, %v; want version %d and the page recorded since", version, got, n, err, SchemaVersion)
		}
	}
}

// FuzzBlockRuns: any bytes in a block_runs column (a file is someone
// else's until shown otherwise) read as one list of hashes a block without
// panicking; what encodeBlockRuns wrote reads back as it was.
func FuzzBlockRuns(f *testing.F) {
	f.Add([]byte{}, 2)
	f.Add(encodeBlockRuns([][]uint64{nil, {1, 2}}, 2), 2)
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, 3) // a count past the bytes
	f.Fuzz(func(t *testing.T, b []byte, n int) {
		n = n & 0xff
		got := decodeBlockRuns(b, n)
		if len(got) != n {
			t.Fatalf("%d lists for %d blocks", len(got), n)
		}
		again := decodeBlockRuns(encodeBlockRuns(got, n), n)
		if !reflect.DeepEqual(again, got) {
			t.Errorf("decode(encode(%v)) = %v", got, again)
		}
	})
}
