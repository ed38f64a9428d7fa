package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/testkit/sitemaptest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// syntheticPage is one kept page of a crawl database built through the
// store's API (internal/testkit/keptcrawl).
type syntheticPage struct {
	URL      string    `json:"url"`
	Canon    string    `json:"canon"`
	Noindex  bool      `json:"noindex"`
	Modified time.Time `json:"modified"`
}

var (
	keptcrawlOnce sync.Once
	keptcrawlBin  string
	keptcrawlErr  error
)

// buildKeptCrawl makes a crawl database at path holding pages, each kept
// (and claimed under its canon) as a crawl records it, with
// internal/testkit/keptcrawl: built once, without the race detector, so
// that 50,000 pages take seconds whatever this test binary's build.
func buildKeptCrawl(t *testing.T, path string, pages []syntheticPage) {
	t.Helper()
	keptcrawlOnce.Do(func() {
		dir, err := os.MkdirTemp("", "keptcrawl-")
		if err != nil {
			keptcrawlErr = err
			return
		}
		keptcrawlBin = filepath.Join(dir, "keptcrawl")
		if out, err := exec.Command("go", "build", "-o", keptcrawlBin, "../../internal/testkit/keptcrawl").CombinedOutput(); err != nil {
			keptcrawlErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if keptcrawlErr != nil {
		t.Fatal(keptcrawlErr)
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, p := range pages {
		enc.Encode(p)
	}
	cmd := exec.Command(keptcrawlBin, "-db", path)
	cmd.Stdin = &in
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("keptcrawl: %v\n%s", err, out)
	}
}

// sitemapsWrite runs the built webgraph (without the race detector, as
// buildKeptCrawl) as `webgraph sitemaps ARGS`.
func sitemapsWrite(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(builtWebgraph(t), append([]string{"sitemaps"}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// validateWritten checks every file sitemaps --write wrote against the
// schema's rules and returns the URLs listed, in order, with their
// lastmods.
func validateWritten(t *testing.T, out sitemapsWritten) ([]string, map[string]string) {
	t.Helper()
	var locs []string
	lastmods := map[string]string{}
	for i, path := range out.Files {
		f, err := sitemaptest.Validate(path)
		if err != nil {
			t.Fatal(err)
		}
		if f.Index != (out.Index && i == 0) {
			t.Errorf("%s: index %v", path, f.Index)
		}
		if !f.Index {
			locs = append(locs, f.Locs...)
			for k, v := range f.Lastmods {
				lastmods[k] = v
			}
		}
	}
	return locs, lastmods
}

func decodeWritten(t *testing.T, stdout string) sitemapsWritten {
	t.Helper()
	var out sitemapsWritten
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || out.Event != "sitemaps_written" {
		t.Fatalf("stdout is not the sitemaps_written line (%v):\n%s", err, stdout)
	}
	return out
}

// A crawl of more than 50,000 kept pages writes an index and two files, as
// the protocol requires: canonical URLs, the noindex page left out, every
// lastmod the server gave; each file passes the schema's checks. (The
// files' reading back by discovery's parser, through the index, is
// discovery's TestWriteSitemapPastFiftyThousand and TestWriteSitemapIndex.)
func TestSitemapsWritePastFiftyThousand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "big.db")
	const site = "http://127.0.0.1:9"
	n := discovery.MaxSitemapFileURLs + 2
	day := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	pages := make([]syntheticPage, n)
	for i := range pages {
		u := fmt.Sprintf("%s/p/%06d", site, i)
		pages[i] = syntheticPage{URL: u, Canon: u, Modified: day.Add(time.Duration(i) * time.Second)}
	}
	pages[7].Canon = site + "/canonical/7"
	pages[8].Noindex = true
	pages[9].Modified = time.Time{}
	buildKeptCrawl(t, db, pages)

	stdout, stderr, code := sitemapsWrite(t, "--db", db, "--write", filepath.Join(dir, "out"))
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	out := decodeWritten(t, stdout)
	if !out.Index || len(out.Files) != 3 || out.URLs != n-1 || out.LeftOut["noindex"] != 1 || out.Base != site+"/" {
		t.Fatalf("wrote %+v; want an index of 2 files, %d URLs, 1 noindex left out, base %s/", out, n-1, site)
	}
	if !strings.Contains(stderr, "an index of 2 files") || !strings.Contains(stderr, "1 marked noindex") {
		t.Errorf("stderr does not say what was written:\n%s", stderr)
	}
	locs, lastmods := validateWritten(t, out)
	if len(locs) != n-1 || !slices.IsSorted(locs) {
		t.Errorf("%d URLs listed (sorted %v); want %d in order", len(locs), slices.IsSorted(locs), n-1)
	}
	index, err := sitemaptest.Validate(out.Files[0])
	if err != nil || !slices.Equal(index.Locs, []string{site + "/sitemap-1.xml", site + "/sitemap-2.xml"}) {
		t.Errorf("the index names %q (%v); want sitemap-1.xml and sitemap-2.xml where they are served", index.Locs, err)
	}
	for _, p := range pages {
		_, listed := slices.BinarySearch(locs, p.Canon)
		switch {
		case p.Noindex && listed:
			t.Errorf("%s is marked noindex and listed", p.URL)
		case !p.Noindex && !listed:
			t.Errorf("%s is not listed at %s", p.URL, p.Canon)
		case !p.Noindex && p.Modified.IsZero() && lastmods[p.Canon] != "":
			t.Errorf("%s: lastmod %s; the server gave none", p.Canon, lastmods[p.Canon])
		case !p.Noindex && !p.Modified.IsZero() && lastmods[p.Canon] != p.Modified.Format(time.RFC3339):
			t.Errorf("%s: lastmod %q; want %s", p.Canon, lastmods[p.Canon], p.Modified.Format(time.RFC3339))
		}
	}
}

// What --write refuses, in words: a crawl kept on several origins without
// --base, a --base below which nothing was kept, a URL given with --write,
// --write without --db, a file where the directory goes.
func TestSitemapsWriteRefusals(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "two.db")
	buildKeptCrawl(t, db, []syntheticPage{
		{URL: "http://127.0.0.2:8080/a", Canon: "http://127.0.0.2:8080/a"},
		{URL: "http://127.0.0.2:8080/b", Canon: "http://127.0.0.3:8080/b"},
	})
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, nil, 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--db", db, "--write", dir}, exitUsage, "2 origins, http://127.0.0.2:8080 (1), http://127.0.0.3:8080 (1)"},
		{[]string{"--db", db, "--write", dir, "--base", "http://127.0.0.4/"}, exitFailure, "kept no page a sitemap at http://127.0.0.4/ may list (2 not below the base URL)"},
		{[]string{"--db", db, "--write", dir, "http://127.0.0.2:8080/"}, exitUsage, "takes no URL"},
		{[]string{"--write", dir}, exitUsage, "name its database with --db"},
		{[]string{"--db", db}, exitUsage, "go with --write DIR"},
		{[]string{"--db", db, "--write", file}, exitUsage, "is a file"},
		{[]string{"--db", db, "--write", dir, "--base", "ftp://x/"}, exitUsage, "not an absolute http"},
	} {
		_, stderr, code := webgraph(t, append([]string{"sitemaps"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("sitemaps %q: exit %d\n%s\nwant exit %d saying %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*.xml*")); len(left) > 0 {
		t.Errorf("files written by refused runs: %v", left)
	}
	stdout, stderr, code := webgraph(t, "sitemaps", "--db", db, "--write", filepath.Join(dir, "one"), "--base", "http://127.0.0.2:8080/docs")
	if code != exitFailure {
		t.Errorf("a base below which nothing was kept: exit %d\n%s%s", code, stdout, stderr)
	}
	stdout, stderr, code = webgraph(t, "sitemaps", "--db", db, "--write", filepath.Join(dir, "one"), "--base", "http://127.0.0.3:8080")
	if code != exitOK {
		t.Fatalf("--base of the second origin: exit %d\n%s", code, stderr)
	}
	if locs, _ := validateWritten(t, decodeWritten(t, stdout)); !slices.Equal(locs, []string{"http://127.0.0.3:8080/b"}) {
		t.Errorf("--base http://127.0.0.3:8080 lists %q; want the page kept under that origin's canonical URL", locs)
	}
}

// A real crawl of the audit fixture site, through both sides: its sitemap
// lists each kept page once at the URL it is known by, leaves out every page
// whose robots directives say noindex on a side the crawl used (meta on
// either side, or X-Robots-Tag), and dates each page by the Last-Modified
// its server sent (the file's time).
func TestSitemapsWriteFromCrawl(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "audit")
	dir := t.TempDir()
	db := filepath.Join(dir, "audit.db")
	events := filepath.Join(dir, "events.jsonl")
	if _, stderr, code := webgraph(t, "crawl", "--db", db, "--out", events, "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := webgraph(t, "sitemaps", "--db", db, "--write", filepath.Join(dir, "out"))
	if code != exitOK {
		t.Fatalf("sitemaps --write: exit %d\n%s", code, stderr)
	}
	out := decodeWritten(t, stdout)
	locs, lastmods := validateWritten(t, out)

	data, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	noindex := 0
	for line := range strings.Lines(string(data)) {
		var ev crawl.PageEvent
		if json.Unmarshal([]byte(line), &ev); ev.Event != "page" || !ev.OK || ev.DuplicateOf != "" {
			continue
		}
		path := strings.TrimPrefix(ev.URL, ts.URL)
		if ev.RobotsMeta.Noindex {
			noindex++
			if slices.Contains(locs, ev.URL) {
				t.Errorf("%s says noindex (%v) and is listed", path, ev.Audit.Plain.Robots)
			}
			continue
		}
		if path == "/x-robots-tag.html" {
			t.Errorf("%s: its X-Robots-Tag says noindex to webgraph, and the event does not", path)
		}
		if ev.Canonical != "" && ev.Canonical != ev.URL {
			continue // listed at its canonical URL, or a duplicate of it
		}
		if !slices.Contains(locs, ev.URL) {
			t.Errorf("%s is kept and not listed", path)
			continue
		}
		info, err := os.Stat(filepath.Join(sites.Dir("audit"), filepath.FromSlash(strings.TrimPrefix(path, "/"))))
		if path == "/" {
			info, err = os.Stat(filepath.Join(sites.Dir("audit"), "index.html"))
		}
		if err != nil {
			t.Fatal(err)
		}
		if want := info.ModTime().UTC().Truncate(time.Second).Format(time.RFC3339); lastmods[ev.URL] != want {
			t.Errorf("%s: lastmod %q; want the file's time %s, which its server sent", path, lastmods[ev.URL], want)
		}
	}
	if noindex < 3 || out.LeftOut["noindex"] != noindex {
		t.Errorf("%d noindex pages in the crawl, %d left out; want the fixture's (at least 3) all left out", noindex, out.LeftOut["noindex"])
	}
	if dups := slices.Compact(slices.Clone(locs)); len(dups) != len(locs) {
		t.Errorf("a URL is listed twice: %q", locs)
	}
}
