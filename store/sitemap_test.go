package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/policy"
)

// recorder is what both stores' frontiers do to record a page.
type recorder interface {
	Add(ctx context.Context, url, host string, c discovery.Discovery) bool
	Claim(ctx context.Context, canon, url string) string
	Complete(ctx context.Context, it frontier.Item, r frontier.Result) []frontier.Link
	Err() error
}

func recorderOf(t *testing.T, s *Store) recorder {
	t.Helper()
	th := policy.NewThrottle(0, nil)
	if s.pg {
		f, err := s.sharedFrontier(context.Background(), th, -1, SharedConfig{Poll: 10 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close(context.Background()) })
		return f
	}
	f, err := s.sqliteFrontier(context.Background(), th, -1)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// keptEvent is a page event as the crawl writes it, in the fields the
// sitemap read looks at.
func keptEvent(u string, noindex bool, duplicateOf string) []byte {
	dup := ""
	if duplicateOf != "" {
		dup = fmt.Sprintf(`,"duplicate_of":%q`, duplicateOf)
	}
	return fmt.Appendf(nil, `{"event":"page","url":%q,"final_url":%[1]q,"ok":true,"status":200,"robots_meta":{"noindex":%t,"nofollow":false}%s,"warnings":[]}`, u, noindex, dup)
}

// recordPage records one fetched page the way the crawl does: queued,
// claimed under the URL it is known by when kept, completed.
func recordPage(t *testing.T, f recorder, u, canon string, ok, noindex bool, modified time.Time) {
	t.Helper()
	f.Add(context.Background(), u, "x", discovery.Discovery{Via: discovery.ViaSeed})
	r := frontier.Result{State: frontier.StateDone, FinalURL: u, Status: 200, Title: "t", Words: 30, PlainWords: 30, RenderedWords: 30, LastModified: modified}
	switch {
	case !ok:
		r.State, r.Cause, r.Status = frontier.StateRefused, "missing", 404
		r.Event = []byte(fmt.Sprintf(`{"event":"page","url":%q,"final_url":%[1]q,"ok":false,"cause":"missing"}`, u))
	default:
		holder := f.Claim(context.Background(), canon, u)
		dup := ""
		if holder != u {
			dup = holder
		}
		r.Event = keptEvent(u, noindex, dup)
	}
	f.Complete(context.Background(), frontier.Item{URL: u, Host: "x"}, r)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
}

// The kept pages a sitemap lists, on both stores alike: each at the URL it
// is known by, with the Last-Modified its server gave (kept to the second,
// in UTC) or none, noindex said; refused pages and canonical duplicates
// left out; in the byte order of the URLs.
func TestKeptPagesOnBothStores(t *testing.T) {
	paris := time.FixedZone("CEST", 2*3600)
	modified := time.Date(2024, 5, 6, 9, 8, 9, 500, paris)
	for name, s := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			f := recorderOf(t, s)
			recordPage(t, f, "http://x/b", "http://x/B-canonical", true, false, time.Time{})
			recordPage(t, f, "http://x/a", "http://x/a", true, false, modified)
			recordPage(t, f, "http://x/c", "http://x/c", true, true, modified)
			recordPage(t, f, "http://x/d", "", false, false, modified)
			recordPage(t, f, "http://x/e", "http://x/B-canonical", true, false, modified) // a duplicate of /b
			// /r redirected to /a: its claim finds /a's own URL, so it
			// is recorded as kept too, and /a is listed once.
			f.Add(context.Background(), "http://x/r", "x", discovery.Discovery{Via: discovery.ViaLink})
			f.Claim(context.Background(), "http://x/a", "http://x/a")
			f.Complete(context.Background(), frontier.Item{URL: "http://x/r", Host: "x"}, frontier.Result{State: frontier.StateDone, FinalURL: "http://x/a", Status: 200,
				PlainWords: -1, RenderedWords: -1, Event: keptEvent("http://x/r", false, ""), LastModified: modified})
			// /q redirected to /q-final: its claim names it as asked.
			f.Add(context.Background(), "http://x/q", "x", discovery.Discovery{Via: discovery.ViaLink})
			f.Claim(context.Background(), "http://x/Q-canonical", "http://x/q")
			f.Complete(context.Background(), frontier.Item{URL: "http://x/q", Host: "x"}, frontier.Result{State: frontier.StateDone, FinalURL: "http://x/q-final", Status: 200,
				PlainWords: -1, RenderedWords: -1, Event: keptEvent("http://x/q", false, ""), LastModified: modified})
			// /s redirected to /s-final, claimed as crawls before named it:
			// by its final URL.
			f.Add(context.Background(), "http://x/s", "x", discovery.Discovery{Via: discovery.ViaLink})
			f.Claim(context.Background(), "http://x/S-canonical", "http://x/s-final")
			f.Complete(context.Background(), frontier.Item{URL: "http://x/s", Host: "x"}, frontier.Result{State: frontier.StateDone, FinalURL: "http://x/s-final", Status: 200,
				PlainWords: -1, RenderedWords: -1, Event: keptEvent("http://x/s", true, "")})
			var got []KeptPage
			if err := s.KeptPages(context.Background(), func(p KeptPage) error {
				got = append(got, p)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			want := []KeptPage{
				{URL: "http://x/B-canonical"},
				{URL: "http://x/Q-canonical", LastModified: time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)},
				{URL: "http://x/S-canonical", Noindex: true},
				{URL: "http://x/a", LastModified: time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)},
				{URL: "http://x/c", LastModified: time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC), Noindex: true},
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("KeptPages = %+v\nwant %+v", got, want)
			}
			stop := errors.New("enough")
			n := 0
			if err := s.KeptPages(context.Background(), func(KeptPage) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
				t.Errorf("KeptPages with fn failing: %v after %d pages; want fn's error after the first", err, n)
			}
		})
	}
}

// TestMigrateV2 opens a crawl the previous release wrote (schema version
// 2, testdata/v2.db: the union fixture site, kept pages and refusals): its
// pages gain last_modified, empty for every page already recorded, and its
// kept pages read as they were; a page recorded after the migration keeps
// its Last-Modified.
func TestMigrateV2(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("testdata", "v2.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v2.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	var version, kept int
	before.QueryRow(`PRAGMA user_version`).Scan(&version)
	before.QueryRow(`SELECT COUNT(*) FROM kept`).Scan(&kept)
	before.Close()
	if version != 2 || kept < 10 {
		t.Fatalf("testdata/v2.db: version %d with %d kept pages; want a version 2 crawl that kept pages", version, kept)
	}

	s, err := Open(context.Background(), path, Resume)
	if err != nil {
		t.Fatalf("opening the previous release's database: %v", err)
	}
	defer s.Close()
	s.db.QueryRow(`PRAGMA user_version`).Scan(&version)
	if version != SchemaVersion {
		t.Errorf("after opening: version %d; want %d", version, SchemaVersion)
	}
	var pages []KeptPage
	if err := s.KeptPages(context.Background(), func(p KeptPage) error {
		pages = append(pages, p)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(pages) != kept {
		t.Errorf("%d kept pages read after migrating; want the %d the crawl kept", len(pages), kept)
	}
	for _, p := range pages {
		if !p.LastModified.IsZero() {
			t.Errorf("%s: last modified %v; a page recorded before the column has none", p.URL, p.LastModified)
		}
	}
	f := recorderOf(t, s)
	at := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	recordPage(t, f, "http://127.0.0.1:9/new", "http://127.0.0.1:9/new", true, false, at)
	var got time.Time
	s.KeptPages(context.Background(), func(p KeptPage) error {
		if p.URL == "http://127.0.0.1:9/new" {
			got = p.LastModified
		}
		return nil
	})
	if !got.Equal(at) {
		t.Errorf("a page recorded after migrating: last modified %v; want %v", got, at)
	}
}
