package store

import (
	"context"
	"maps"
	"path/filepath"
	"testing"
)

// The origins a seed's redirect approved are kept by either engine, apart
// from the other metadata, and read back with the events that said so.
func TestJoinedOrigins(t *testing.T) {
	for _, engine := range []string{"sqlite", "postgres"} {
		t.Run(engine, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "c.db")
			if engine == "postgres" {
				db = pg.DB(t)
			}
			s, err := Open(context.Background(), db, Create)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			j := s.journal()
			if got, err := j.JoinedOrigins(context.Background()); err != nil || len(got) != 0 {
				t.Fatalf("JoinedOrigins of a new crawl = %v, %v; want none", got, err)
			}
			if err := s.SetMeta(context.Background(), "joinedx", "not an origin"); err != nil {
				t.Fatal(err)
			}
			for _, o := range []string{"https://www.example.org", "http://127.0.0.2:8080", "https://www.example.org"} {
				if err := j.JoinOrigin(context.Background(), o, map[string]string{"origin": o}); err != nil {
					t.Fatalf("JoinOrigin(%s): %v", o, err)
				}
			}
			got, err := j.JoinedOrigins(context.Background())
			want := map[string]string{"http://127.0.0.2:8080": `{"origin":"http://127.0.0.2:8080"}`, "https://www.example.org": `{"origin":"https://www.example.org"}`}
			if err != nil || !maps.Equal(got, want) {
				t.Errorf("JoinedOrigins = %v, %v; want %v", got, err, want)
			}
		})
	}
}
