package store

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

func TestPictures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	pics := []Picture{
		{Side: "plain", Type: "image/jpeg", Width: 1280, Height: 720, MS: 90, Data: []byte("served")},
		{Side: "rendered", Type: "image/jpeg", Width: 1280, Height: 2400, Cut: true, MS: 120, Data: []byte("rendered")},
	}
	if err := s.SavePictures(ctx, "http://site/a", pics); err != nil {
		t.Fatal(err)
	}
	// A page fetched again replaces its pictures.
	pics[1].Data = []byte("rendered again")
	if err := s.SavePictures(ctx, "http://site/a", pics); err != nil {
		t.Fatal(err)
	}
	s.Close()

	// They survive the process: a resumed crawl and a reader see them.
	for _, mode := range []Mode{Resume, Read} {
		s, err := Open(context.Background(), path, mode)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.PicturesOf(ctx, "http://site/a")
		s.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Side != "rendered" || !bytes.Equal(got[0].Data, []byte("rendered again")) || !got[0].Cut ||
			got[1].Side != "plain" || got[1].Width != 1280 || got[1].Height != 720 || got[1].MS != 90 {
			t.Errorf("mode %d: pictures %+v; want the rendered one (replaced, cut) then the plain one", mode, got)
		}
	}
}

// A database written before the pictures table existed: a reader finds no
// pictures and no error; a resumed crawl gains the table and saves.
func TestPicturesOldDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// The release before the first one with pictures made no such table.
	path := copyV1(t)
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`DROP TABLE pictures`); err != nil {
		t.Fatal(err)
	}
	raw.Close()

	r, err := Open(context.Background(), path, Read)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.PicturesOf(ctx, "http://site/a")
	r.Close()
	if err != nil || len(got) != 0 {
		t.Fatalf("PicturesOf on a database without the table = %v, %v; want none, no error", got, err)
	}

	s, err := Open(context.Background(), path, Resume)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.SavePictures(ctx, "http://site/a", []Picture{{Side: "rendered", Type: "image/jpeg", Data: []byte("x")}}); err != nil {
		t.Fatalf("SavePictures after resuming an old database: %v", err)
	}
	if got, err := s.PicturesOf(ctx, "http://site/a"); err != nil || len(got) != 1 {
		t.Errorf("PicturesOf = %v, %v; want the one saved", got, err)
	}
}
