package discovery

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/sitemaptest"
)

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// readBack validates every file of res against the schema's rules and
// reads it with ParseSitemap; it returns the URLs listed, in order, and
// the index's locs (nil when there is no index).
func readBack(t *testing.T, res SitemapResult) (locs, index []string, lastmods map[string]string) {
	t.Helper()
	lastmods = map[string]string{}
	for i, path := range res.Files {
		f, err := sitemaptest.Validate(path)
		if err != nil {
			t.Fatal(err)
		}
		if f.Index != (res.Index && i == 0) {
			t.Errorf("%s: index %v; want %v", path, f.Index, res.Index && i == 0)
		}
		r, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ParseSitemap(r, MaxSitemapBytes)
		r.Close()
		if err != nil {
			t.Fatalf("ParseSitemap(%s): %v", path, err)
		}
		if !slices.Equal(doc.Locs, f.Locs) || doc.Index != f.Index {
			t.Errorf("%s: ParseSitemap read %d locs (index %v), the schema check %d (index %v)", path, len(doc.Locs), doc.Index, len(f.Locs), f.Index)
		}
		if f.Index {
			index = f.Locs
			continue
		}
		locs = append(locs, f.Locs...)
		for k, v := range f.Lastmods {
			lastmods[k] = v
		}
	}
	return locs, index, lastmods
}

// A handful of URLs, hostile ones among them, make one sitemap.xml: each URL
// percent-encoded where a URI must be and entity-escaped, read back as it
// was listed; lastmod in UTC to the second; what cannot be listed counted by
// reason.
func TestWriteSitemapOneFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w := &SitemapWriter{Dir: dir, Base: mustURL(t, "https://docs.example.org/")}
	paris := time.FixedZone("CEST", 2*3600)
	add := []struct {
		u       string
		lastmod time.Time
	}{
		{"https://docs.example.org/", time.Date(2024, 5, 6, 9, 8, 9, 999, paris)},
		{"https://docs.example.org/a?x=1&y=<b>'\"", time.Time{}},
		{"https://docs.example.org/caf\u00e9 menu", time.Time{}},
		{"https://docs.example.org/ctl\x01\x7f", time.Time{}},
		{"https://docs.example.org/already%20escaped", time.Time{}},
		{"https://docs.example.org/#/route", time.Time{}},
		{"https://other.example.org/x", time.Time{}},
		{"http://docs.example.org/wrong-scheme", time.Time{}},
		{"mailto:someone@example.org", time.Time{}},
		{"https://docs.example.org/" + strings.Repeat("x", MaxSitemapLoc), time.Time{}},
	}
	for _, a := range add {
		if err := w.Add(a.u, a.lastmod); err != nil {
			t.Fatal(err)
		}
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if res.Index || len(res.Files) != 1 || res.Files[0] != filepath.Join(dir, "sitemap.xml") || res.URLs != 5 {
		t.Fatalf("result %+v; want sitemap.xml alone with 5 URLs", res)
	}
	wantSkipped := map[string]int{SkipFragment: 1, SkipNotUnderBase: 2, SkipNotHTTP: 1, SkipTooLong: 1}
	if !maps(res.Skipped, wantSkipped) {
		t.Errorf("skipped %v; want %v", res.Skipped, wantSkipped)
	}
	locs, index, lastmods := readBack(t, res)
	want := []string{
		"https://docs.example.org/",
		"https://docs.example.org/a?x=1&y=%3Cb%3E'%22",
		"https://docs.example.org/caf%C3%A9%20menu",
		"https://docs.example.org/ctl%01%7F",
		"https://docs.example.org/already%20escaped",
	}
	if index != nil || !slices.Equal(locs, want) {
		t.Errorf("read back %q (index %q)\nwant %q", locs, index, want)
	}
	if got := lastmods["https://docs.example.org/"]; got != "2024-05-06T07:08:09Z" || len(lastmods) != 1 {
		t.Errorf("lastmods %v; want the first URL's, in UTC to the second", lastmods)
	}
	raw, _ := os.ReadFile(res.Files[0])
	if !strings.Contains(string(raw), "<loc>https://docs.example.org/a?x=1&amp;y=%3Cb%3E&apos;%22</loc>") {
		t.Errorf("the query is not entity-escaped as sitemaps.org says:\n%s", raw)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if st, err := os.Stat(res.Files[0]); err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("sitemap.xml mode %v (%v); want 0644, readable by the web server that serves it", st.Mode(), err)
	}
}

func maps(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// Past MaxURLs URLs, or past MaxBytes bytes, the URLs go into several files
// and sitemap.xml is their index, naming each where it will be served; the
// files are read back in full by Sitemaps, the crawl's own reader, from a
// server of the directory; a second run replaces the first's files.
func TestWriteSitemapIndex(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		maxURLs  int
		maxBytes int64
		n, files int
	}{
		{"by count", 3, 0, 7, 3},   // then 6 URLs: 2 files
		{"by size", 0, 400, 12, 0}, // files: as many as the size makes
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			ts := httptest.NewServer(http.StripPrefix("/docs/", http.FileServer(http.Dir(dir))))
			defer ts.Close()
			base := mustURL(t, ts.URL+"/docs/")
			var want []string
			for run := range 2 {
				want = want[:0]
				w := &SitemapWriter{Dir: dir, Base: base, MaxURLs: tc.maxURLs, MaxBytes: tc.maxBytes}
				for i := range tc.n - run { // the second run lists one URL fewer
					u := fmt.Sprintf("%s/docs/page-%02d.html", ts.URL, i)
					want = append(want, u)
					if err := w.Add(u, time.Date(2024, 1, 1+i, 0, 0, 0, 0, time.UTC)); err != nil {
						t.Fatal(err)
					}
				}
				res, err := w.Close()
				if err != nil {
					t.Fatal(err)
				}
				if !res.Index || (tc.files > 0 && len(res.Files) != tc.files-run+1) || len(res.Files) < 3 {
					t.Fatalf("run %d: %d files, index %v; want an index and %d files", run, len(res.Files), res.Index, tc.files)
				}
				locs, index, _ := readBack(t, res)
				if !slices.Equal(locs, want) {
					t.Errorf("run %d: the files list %q; want %q", run, locs, want)
				}
				for i, loc := range index {
					if wantLoc := fmt.Sprintf("%s/docs/sitemap-%d.xml", ts.URL, i+1); loc != wantLoc {
						t.Errorf("index entry %d = %s; want %s", i, loc, wantLoc)
					}
				}
				for _, path := range res.Files {
					if st, _ := os.Stat(path); tc.maxBytes > 0 && st.Size() > tc.maxBytes && filepath.Base(path) != "sitemap.xml" {
						t.Errorf("%s: %d bytes; the limit is %d", path, st.Size(), tc.maxBytes)
					}
				}
				attempts, urls := Sitemaps(context.Background(), getter(ts.Client()), mustURL(t, ts.URL+"/"), []string{base.String() + "sitemap.xml"}, SitemapOptions{})
				var got []string
				for _, u := range urls {
					got = append(got, u.URL)
				}
				if !slices.Equal(got, want) {
					t.Errorf("run %d: Sitemaps read %q; want %q\nattempts %+v", run, got, want, attempts)
				}
				if len(attempts) == 0 || !attempts[0].Index || !attempts[0].OK {
					t.Errorf("run %d: attempts %+v; want the index read first", run, attempts)
				}
			}
		})
	}
}

// The protocol's own limits: 50,001 URLs make two files, 50,000 and 1, and
// an index; each file passes the schema's checks.
func TestWriteSitemapPastFiftyThousand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w := &SitemapWriter{Dir: dir, Base: mustURL(t, "https://big.example.org/")}
	n := MaxSitemapFileURLs + 1
	for i := range n {
		if err := w.Add(fmt.Sprintf("https://big.example.org/p/%d", i), time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Index || len(res.Files) != 3 || res.URLs != n {
		t.Fatalf("result: %d files, index %v, %d URLs; want an index of two files, %d URLs", len(res.Files), res.Index, res.URLs, n)
	}
	locs, index, _ := readBack(t, res)
	if len(locs) != n || len(index) != 2 {
		t.Errorf("read back %d URLs from %d files; want %d from 2", len(locs), len(index), n)
	}
	f, _ := sitemaptest.Validate(res.Files[1])
	if len(f.Locs) != MaxSitemapFileURLs {
		t.Errorf("the first file lists %d URLs; want %d", len(f.Locs), MaxSitemapFileURLs)
	}
}

// No URL to list: no file, and an error that says so.
func TestWriteSitemapEmpty(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	w := &SitemapWriter{Dir: dir, Base: mustURL(t, "https://h.example/")}
	w.Add("https://elsewhere.example/", time.Time{})
	if _, err := w.Close(); !errors.Is(err, ErrNoSitemapURLs) {
		t.Errorf("Close = %v; want ErrNoSitemapURLs", err)
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("files left: %v", left)
	}
}

// FuzzSitemapLoc: whatever URL a site gave, a sitemap that lists it passes
// the schema's checks and reads back as one URL that parses to the same
// host; one that is refused is counted.
func FuzzSitemapLoc(f *testing.F) {
	f.Add("https://h.example/a?x=1&y=2")      // an ampersand to escape
	f.Add("https://h.example/<script>'\"")    // markup and quotes
	f.Add("https://h.example/\u202e\x00\xff") // a bidi override, a NUL, a byte that is not UTF-8
	f.Add("https://h.example/%zz%")           // a broken escape
	f.Add("https://h.example/]]>")            // the end of a CDATA section
	f.Fuzz(func(t *testing.T, raw string) {
		dir := t.TempDir()
		w := &SitemapWriter{Dir: dir, Base: mustURL(t, "https://h.example/")}
		if err := w.Add(raw, time.Time{}); err != nil {
			t.Fatal(err)
		}
		res, err := w.Close()
		if errors.Is(err, ErrNoSitemapURLs) {
			if n := res.Skipped[SkipNotHTTP] + res.Skipped[SkipFragment] + res.Skipped[SkipNotUnderBase] + res.Skipped[SkipTooLong]; n != 1 {
				t.Fatalf("%q left out without a reason: %v", raw, res.Skipped)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		file, err := sitemaptest.Validate(res.Files[0])
		if err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		if len(file.Locs) != 1 {
			t.Fatalf("%q: %d locs", raw, len(file.Locs))
		}
		u, err := url.Parse(file.Locs[0])
		if err != nil || !strings.EqualFold(u.Host, "h.example") {
			t.Fatalf("%q listed as %q, host %v", raw, file.Locs[0], err)
		}
	})
}
