package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

func TestRefusesWhatIsNotOurs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("my precious notes\n"), 0o644)

	other := filepath.Join(dir, "other.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE t (x); INSERT INTO t VALUES (1)`); err != nil {
		t.Fatal(err)
	}
	db.Close()

	corrupt := filepath.Join(dir, "corrupt.db")
	s, err := Open(context.Background(), corrupt, Create)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	b, _ := os.ReadFile(corrupt)
	for i := 100; i < len(b); i++ {
		b[i] = 0xA5 // scribble over everything after the header
	}
	os.WriteFile(corrupt, b, 0o644)

	tests := []struct {
		path string
		want error
	}{
		{text, ErrForeign},
		{other, ErrForeign},
		{corrupt, ErrCorrupt},
	}
	for _, tt := range tests {
		before, _ := os.ReadFile(tt.path)
		for _, mode := range []Mode{Create, Resume, Read} {
			if _, err := Open(context.Background(), tt.path, mode); !errors.Is(err, tt.want) {
				t.Errorf("Open(context.Background(), %s, %d) = %v; want %v", filepath.Base(tt.path), mode, err, tt.want)
			}
		}
		if after, _ := os.ReadFile(tt.path); !bytes.Equal(before, after) {
			t.Errorf("%s was changed by a refused Open", filepath.Base(tt.path))
		}
	}
	if _, err := Open(context.Background(), filepath.Join(dir, "absent.db"), Resume); !errors.Is(err, ErrNothingToResume) {
		t.Errorf("resume of a missing file = %v", err)
	}
	absent := filepath.Join(dir, "absent-read.db")
	if _, err := Open(context.Background(), absent, Read); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), absent) {
		t.Errorf("reading a missing file = %v; want fs.ErrNotExist naming it", err)
	}
	if _, err := os.Stat(absent); err == nil {
		t.Errorf("reading a missing file made %s", absent)
	}
}

func TestCreateRefusesAnExistingCrawl(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "c.db")
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.journal().Run(context.Background(), map[string]string{"event": "run"}, false); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := Open(context.Background(), path, Create); !errors.Is(err, ErrExists) {
		t.Errorf("Open(context.Background(), Create) on a crawl = %v; want ErrExists", err)
	}
	s, err = Open(context.Background(), path, Resume)
	if err != nil {
		t.Fatalf("Open(context.Background(), Resume) = %v", err)
	}
	s.Close()
}

// A database whose writer died mid-run (its WAL never checkpointed, the
// process gone) opens, and the crawl goes on: in-flight URLs are queued
// again, nothing completed is lost.
func TestResumeAfterCrash(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "live.db")
	s, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	th := policy.NewThrottle(0, nil)
	f, err := s.sqliteFrontier(context.Background(), th, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"http://h/a", "http://h/b", "http://h/c"} {
		f.Add(context.Background(), u, "h", discovery.Discovery{Via: discovery.ViaSeed})
	}
	a, _ := f.Next(context.Background())
	f.Complete(context.Background(), a, frontier.Result{State: "done", FinalURL: a.URL, Status: 200, Event: []byte(`{"event":"page"}`),
		Links: []frontier.Link{{To: "http://h/d", Anchor: "D", Side: "both", Kind: "page"}},
		Queue: []frontier.New{{URL: "http://h/d", Host: "h", Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: a.URL, Anchor: "D", Depth: 1}}}})
	b, _ := f.Next(context.Background()) // in flight when the process "dies"

	// Copy the files as they are on disk now, WAL included, while the
	// store is still open: what a killed process leaves behind.
	crashed := filepath.Join(dir, "crashed.db")
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if data, err := os.ReadFile(path + suffix); err == nil {
			os.WriteFile(crashed+suffix, data, 0o644)
		}
	}
	s.Close()

	r, err := Open(context.Background(), crashed, Resume)
	if err != nil {
		t.Fatalf("opening the crashed database: %v", err)
	}
	defer r.Close()
	rf, err := r.sqliteFrontier(context.Background(), th, 5)
	if err != nil {
		t.Fatal(err)
	}
	if st := rf.Stats(context.Background()); st.Queued != 3 || st.Seen != 4 {
		t.Errorf("after the crash: %+v; want 3 queued (b back from flight, c, d) of 4 seen", st)
	}
	var got []string
	for {
		it, err := rf.Next(context.Background())
		if err != nil {
			break
		}
		got = append(got, it.URL)
		if it.URL == "http://h/d" && (it.Citation.FoundOn != "http://h/a" || it.Citation.Anchor != "D") {
			t.Errorf("d lost its citation: %+v", it.Citation)
		}
		rf.Complete(context.Background(), it, frontier.Result{State: "done"})
	}
	if len(got) != 3 || got[0] != b.URL {
		t.Errorf("resumed queue = %q; want b first (it was in flight), then c and d", got)
	}
	links := 0
	r.Graph(context.Background(), func(Node) error { return nil }, func(Edge) error { links++; return nil })
	if links != 1 {
		t.Errorf("%d links; want the one recorded before the crash", links)
	}
}

// One process owns a database at a time: a second Open for writing is
// refused naming the holder, reading is still allowed, and Close frees it.
func TestOneWriterAtATime(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "crawl.db")
	first, err := Open(context.Background(), path, Create)
	if err != nil {
		t.Fatal(err)
	}
	if err := first.SetMeta(context.Background(), "args", "[]"); err != nil {
		t.Fatal(err)
	}
	_, err = Open(context.Background(), path, Resume)
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) {
		t.Fatalf("second Open = %v; want ErrLocked naming this process", err)
	}
	r, err := Open(context.Background(), path, Read)
	if err != nil {
		t.Fatalf("reading a database in use: %v", err)
	}
	r.Close()
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(context.Background(), path, Resume)
	if err != nil {
		t.Fatalf("Open after Close = %v; want the lock free", err)
	}
	again.Close()
}

// Judged says whether the crawl recorded anything the gates would judge: a
// page, or else a URL robots.txt disallowed.
func TestJudged(t *testing.T) {
	t.Parallel()
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "j.db"), Create)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	f, err := s.sqliteFrontier(context.Background(), policy.NewThrottle(0, nil), 5)
	if err != nil {
		t.Fatal(err)
	}
	judged := func() bool {
		t.Helper()
		found, err := s.Judged(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return found
	}
	f.Add(context.Background(), "http://h/a", "h", discovery.Discovery{Via: discovery.ViaSeed})
	f.Add(context.Background(), "http://h/b", "h", discovery.Discovery{Via: discovery.ViaSeed})
	if judged() {
		t.Fatal("judged before any URL was")
	}
	a, _ := f.Next(context.Background())
	f.Complete(context.Background(), a, frontier.Result{State: "disallowed", Cause: "disallowed"})
	if !judged() {
		t.Fatal("a disallowed URL is not counted as judged")
	}
	b, _ := f.Next(context.Background())
	f.Complete(context.Background(), b, frontier.Result{State: "done", FinalURL: b.URL, Status: 200, Event: []byte(`{"event":"page"}`)})
	if !judged() {
		t.Fatal("a recorded page is not counted as judged")
	}
}

// The lock file is written, so it must be webgraph's own: a symbolic link
// or a hard link in its place is refused and the file it names is left as
// it was; a database reached through a symbolic link shares the lock of
// the file it names.
func TestLockFileIsOurs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	precious := filepath.Join(dir, "precious.txt")
	if err := os.WriteFile(precious, []byte("keep me"), 0o600); err != nil {
		t.Fatal(err)
	}
	soft, hard := filepath.Join(dir, "soft.db"), filepath.Join(dir, "hard.db")
	if err := os.Symlink(precious, soft+".lock"); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(precious, hard+".lock"); err != nil {
		t.Fatal(err)
	}
	for _, db := range []string{soft, hard} {
		if s, err := Open(context.Background(), db, Create); err == nil || errors.Is(err, ErrLocked) {
			if s != nil {
				s.Close()
			}
			t.Errorf("Open(context.Background(), %s) = %v; want a refusal of its lock file", db, err)
		}
		if b, _ := os.ReadFile(precious); string(b) != "keep me" {
			t.Fatalf("after Open(context.Background(), %s) the file the lock file names holds %q", db, b)
		}
	}

	real := filepath.Join(dir, "crawl.db")
	first, err := Open(context.Background(), real, Create)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if s, err := Open(context.Background(), link, Resume); !errors.Is(err, ErrLocked) {
		if s != nil {
			s.Close()
		}
		t.Errorf("Open through a symbolic link while the database is held = %v; want ErrLocked", err)
	}
}
