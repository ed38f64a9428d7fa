package warc

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/refuse"
)

const site = "http://127.0.0.1:8000"

// exchange is a GET of u answered 200 with ctype and body.
func exchange(u, ctype, body string, at time.Time) fetch.Exchange {
	path := strings.TrimPrefix(u, site)
	return fetch.Exchange{
		Request:      []byte("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n"),
		ResponseHead: []byte("HTTP/1.1 200 OK\r\nContent-Type: " + ctype + "\r\n\r\n"),
		Body:         []byte(body), At: at,
	}
}

// samplePages are four pages as a crawl hands them to the writer: a
// script-written page with its script, data and pictures; a second one
// sharing the script, noindex; a refused page; and a page only the browser
// fetched (--mode rendered).
func samplePages(at time.Time) []*union.Page {
	shell := `<html><head><title>App</title></head><body><div id=root></div><script src="/app.js"></script></body></html>`
	app := func(u string) []fetch.Resource {
		return []fetch.Resource{
			{URL: u, Type: "Document", Main: true, Exchange: exchange(u, "text/html", shell, at)},
			{URL: site + "/app.js", Type: "Script", Exchange: exchange(site+"/app.js", "text/javascript", "fetch('/api/notes.json')", at.Add(time.Second))},
			{URL: site + "/api/notes.json", Type: "Fetch", Exchange: exchange(site+"/api/notes.json", "application/json", `{"note":"written by a script"}`, at.Add(2*time.Second))},
		}
	}
	plain := func(u string) *fetch.Side {
		ex := exchange(u, "text/html; charset=utf-8", shell, at)
		return &fetch.Side{Name: fetch.Plain, URL: u, FinalURL: u, Status: 200, Exchange: &ex}
	}
	u1, u2, u3, u4 := site+"/app.html", site+"/other.html", site+"/gone.html", site+"/rendered.html"
	noindex := &fetch.Side{Name: fetch.Rendered, URL: u2, FinalURL: u2, Status: 200, Resources: app(u2), Head: fetch.Head{Robots: []string{"noindex"}}}
	return []*union.Page{
		{URL: u1, FinalURL: u1, Status: 200, Title: "Trail planner", Blocks: []string{"Trail planner", "written by a script"}, Sides: map[fetch.Name]*fetch.Side{
			fetch.Plain: plain(u1),
			fetch.Rendered: {Name: fetch.Rendered, URL: u1, FinalURL: u1, Status: 200, DOM: "<html><body><p>written by a script</p></body></html>",
				Resources: app(u1), Unarchived: []fetch.Unarchived{{URL: site + "/big.js", Reason: "larger than --max-body"}},
				Picture: &fetch.Picture{Data: []byte("\x89PNG rendered"), Type: "image/png"}},
		}},
		{URL: u2, FinalURL: u2, Status: 200, Title: "Other", Blocks: []string{"secret words"}, Sides: map[fetch.Name]*fetch.Side{fetch.Plain: plain(u2), fetch.Rendered: noindex}},
		{URL: u3, FinalURL: u3, Status: 404, Refusal: &refuse.Refusal{URL: u3, Cause: refuse.Missing}, Sides: map[fetch.Name]*fetch.Side{fetch.Plain: plain(u3)}},
		{URL: u4, FinalURL: u4, Status: 200, Title: "Rendered", Blocks: []string{"only the browser"}, Sides: map[fetch.Name]*fetch.Side{
			fetch.Rendered: {Name: fetch.Rendered, URL: u4, FinalURL: u4, Status: 200, Resources: app(u4)[:1]},
		}},
	}
}

// writeSample writes samplePages to a WARC in dir and returns its path.
func writeSample(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "crawl.warc.gz")
	w, err := Create(path, false, "webgraph/test")
	if err != nil {
		t.Fatal(err)
	}
	w.KeepText(true)
	for _, p := range samplePages(time.Date(2026, 12, 3, 7, 21, 30, 0, time.UTC)) {
		if err := w.WritePage(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestWACZ packages a crawl's WARC and opens it as a player would: the
// files, their hashes, an index of every servable record pointing at it,
// and the kept pages with their titles and, where the crawl keeps it,
// their text.
//
// Not parallel: the WARC library sets a global of its UUID package for
// every record it builds (see TestPictures).
func TestWACZ(t *testing.T) {
	dir := t.TempDir()
	src := writeSample(t, dir)
	out := filepath.Join(dir, "crawl.wacz")
	now := time.Date(2026, 12, 4, 8, 0, 0, 0, time.UTC)
	sum, err := WriteWACZ(src, out, WACZOptions{Software: "webgraph/test", Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	if !sum.PageRecords || sum.Pages != 3 {
		t.Errorf("summary %+v; want 3 pages from page records", sum)
	}
	z, err := OpenWACZ(out)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()

	if z.Package.Created != "2026-12-04T08:00:00Z" || z.Package.Software != "webgraph/test" || z.Package.MainPageURL != site+"/app.html" {
		t.Errorf("datapackage: %+v", z.Package)
	}
	var paths []string
	for _, r := range z.Package.Resources {
		paths = append(paths, r.Path)
	}
	if want := []string{"archive/data.warc.gz", "indexes/index.cdxj", "pages/pages.jsonl"}; !slices.Equal(paths, want) {
		t.Errorf("resources %v; want %v", paths, want)
	}

	byURL := map[string][]CDXJ{}
	for _, c := range z.Index {
		byURL[c.URL] = append(byURL[c.URL], c)
	}
	for _, tc := range []struct {
		url, mime string
		n         int
	}{
		{site + "/app.html", "text/html", 1},     // the plain response; the render's document is not written again
		{site + "/app.js", "text/javascript", 1}, // shared by two pages, archived once
		{site + "/api/notes.json", "application/json", 1},
		{site + "/rendered.html", "text/html", 1}, // the render's document, the plain side having none
		{DOMURI(site + "/app.html"), "text/html", 1},
		{PictureURI("rendered", site+"/app.html"), "image/png", 1},
		{site + "/gone.html", "text/html", 1}, // archived, refused or not
	} {
		got := byURL[tc.url]
		if len(got) != tc.n || got[0].Mime != tc.mime || got[0].Status != 200 {
			t.Errorf("index lines of %s: %+v; want %d of %s, 200", tc.url, got, tc.n, tc.mime)
		}
	}
	for u := range byURL {
		if strings.HasPrefix(u, PageURI("")) {
			t.Errorf("a page record is in the index: %s", u)
		}
	}
	rec, err := z.Record(byURL[site+"/api/notes.json"][0])
	if err != nil || rec.Type != "response" || !strings.HasSuffix(string(rec.Block), `{"note":"written by a script"}`) {
		t.Errorf("the data's record: %v, %s %q", err, rec.Type, rec.Block)
	}

	want := []WACZPage{
		{URL: site + "/app.html", TS: "2026-12-03T07:21:30.000Z", Title: "Trail planner", Text: "Trail planner\nwritten by a script"},
		{URL: site + "/other.html", TS: "2026-12-03T07:21:30.000Z", Title: "Other"},
		{URL: site + "/rendered.html", TS: "2026-12-03T07:21:30.000Z", Title: "Rendered", Text: "only the browser"},
	}
	for i := range z.Pages {
		z.Pages[i].ID = ""
	}
	if !slices.Equal(z.Pages, want) {
		t.Errorf("pages:\n%+v\nwant\n%+v", z.Pages, want)
	}
	// Read takes the package for its WARC.
	count := func(path string) (n int) {
		if err := Read(path, func(Record) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if a, b := count(src), count(out); a != b || a < 10 {
		t.Errorf("the WARC holds %d records, the package %d", a, b)
	}
	zr, err := zip.OpenReader(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if !f.Modified.Equal(now) {
			t.Errorf("%s is dated %s; want the package's creation, %s", f.Name, f.Modified, now)
		}
	}
	zr.Close()
	head := firstLine(t, out, "pages/pages.jsonl")
	if !strings.Contains(head, `"format":"json-pages-1.0"`) || !strings.Contains(head, `"hasText":true`) {
		t.Errorf("pages.jsonl header %s", head)
	}
}

// firstLine returns the first line of the file name in the ZIP at path.
func firstLine(t *testing.T, path, name string) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	rc, err := zr.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	b, _ := io.ReadAll(rc)
	line, _, _ := strings.Cut(string(b), "\n")
	return line
}

// TestWACZFromOtherWARCs: a WARC uncompressed, or whose records share a
// gzip member, is compressed again record by record, and nothing is lost;
// a WARC without page records lists its HTML responses, with titles.
func TestWACZFromOtherWARCs(t *testing.T) {
	dir := t.TempDir()
	src := writeSample(t, dir)
	members := readMembers(t, src)

	plainWARC := filepath.Join(dir, "plain.warc")
	if err := os.WriteFile(plainWARC, bytes.Join(members, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "plain.wacz")
	if _, err := WriteWACZ(plainWARC, out, WACZOptions{}); err != nil {
		t.Fatal(err)
	}
	z, err := OpenWACZ(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(z.Index) != 8 || len(z.Pages) != 3 {
		t.Errorf("from an uncompressed WARC: %d index lines, %d pages; want 8, 3", len(z.Index), len(z.Pages))
	}
	z.Close()

	var one bytes.Buffer
	zw := gzip.NewWriter(&one)
	zw.Write(bytes.Join(members, nil))
	zw.Close()
	oneMember := filepath.Join(dir, "one.warc.gz")
	if err := os.WriteFile(oneMember, one.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(dir, "one.wacz")
	if _, err := WriteWACZ(oneMember, out, WACZOptions{}); err != nil {
		t.Fatal(err)
	}
	if z, err = OpenWACZ(out); err != nil {
		t.Fatal(err)
	}
	if len(z.Index) != 8 || len(z.Pages) != 3 {
		t.Errorf("from a WARC in one gzip member: %d index lines, %d pages; want 8, 3", len(z.Index), len(z.Pages))
	}
	z.Close()

	var noPages bytes.Buffer
	for _, m := range members {
		if !bytes.Contains(m, []byte("WARC-Type: metadata")) {
			gz := gzip.NewWriter(&noPages)
			gz.Write(m)
			gz.Close()
		}
	}
	old := filepath.Join(dir, "old.warc.gz")
	if err := os.WriteFile(old, noPages.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(dir, "old.wacz")
	sum, err := WriteWACZ(old, out, WACZOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if z, err = OpenWACZ(out); err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var titles []string
	for _, p := range z.Pages {
		titles = append(titles, p.URL+" "+p.Title)
	}
	// Every HTML response, a 200 refused page's too: without page records
	// nothing says which pages were kept.
	want := []string{site + "/app.html App", site + "/other.html App", site + "/gone.html App", site + "/rendered.html App"}
	if sum.PageRecords || !slices.Equal(titles, want) {
		t.Errorf("pages of a WARC without page records (%+v): %q; want %q", sum, titles, want)
	}
}

// readMembers returns the decompressed records of a WARC written one
// gzip member per record.
func readMembers(t *testing.T, path string) [][]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	starts, size, _, err := gzipMembers(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for i, l := range spans(starts, size) {
		zr, err := gzip.NewReader(bytes.NewReader(b[starts[i] : starts[i]+l]))
		if err != nil {
			t.Fatal(err)
		}
		m, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// TestOpenWACZFindsFaults breaks a good package one way at a time: each
// fault is found, with words that point at it.
func TestOpenWACZFindsFaults(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.wacz")
	if _, err := WriteWACZ(writeSample(t, dir), good, WACZOptions{}); err != nil {
		t.Fatal(err)
	}
	files := unzip(t, good)
	index := files["indexes/index.cdxj"]
	lines := bytes.Split(bytes.TrimSuffix(index, []byte("\n")), []byte("\n"))
	swapped := append([][]byte{lines[1], lines[0]}, lines[2:]...)
	var first CDXJ
	json.Unmarshal(lines[0][bytes.IndexByte(lines[0], '{'):], &first)

	for _, tc := range []struct {
		name   string
		change func(map[string][]byte)
		method func(name string) uint16
		want   string
	}{
		{"a file changed after its hash", func(f map[string][]byte) { f["pages/pages.jsonl"] = append(f["pages/pages.jsonl"], ' ') }, nil, "pages/pages.jsonl is"},
		{"the datapackage changed after its digest", func(f map[string][]byte) {
			f["datapackage.json"] = bytes.Replace(f["datapackage.json"], []byte(`"profile"`), []byte(` "profile"`), 1)
		}, nil, "datapackage-digest.json names"},
		{"no page list", func(f map[string][]byte) { delete(f, "pages/pages.jsonl") }, nil, "no pages/pages.jsonl"},
		{"the WARC deflated", nil, func(name string) uint16 {
			if strings.HasPrefix(name, "archive/") {
				return zip.Deflate
			}
			return zip.Store
		}, "a WARC must be stored"},
		{"an index out of order", indexIs(bytes.Join(swapped, []byte("\n"))), nil, "out of order"},
		{"an offset into the middle of a record", indexIs(bytes.Replace(index, []byte(`"offset":`+itoa(first.Offset)), []byte(`"offset":`+itoa(first.Offset+1)), 1)), nil, "the record at offset"},
		{"a length past a record", indexIs(bytes.Replace(index, []byte(`"length":`+itoa(first.Length)), []byte(`"length":`+itoa(first.Length+40)), 1)), nil, "bytes more than the record"},
		{"a key not of its URL", indexIs(append([]byte("aaa"), index...)), nil, "is not the SURT"},
		{"a page not in the index", func(f map[string][]byte) {
			f["pages/pages.jsonl"] = append(f["pages/pages.jsonl"], `{"url":"http://127.0.0.1:8000/nowhere","ts":"2026-12-03T07:21:30Z"}`+"\n"...)
		}, nil, "is not in the index"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := map[string][]byte{}
			for k, v := range files {
				f[k] = v
			}
			if tc.change != nil {
				tc.change(f)
			}
			if tc.name != "a file changed after its hash" && tc.name != "the datapackage changed after its digest" && tc.name != "no page list" {
				rehash(t, f)
			}
			path := filepath.Join(t.TempDir(), "bad.wacz")
			rezip(t, path, f, tc.method)
			z, err := OpenWACZ(path)
			if err == nil {
				z.Close()
				t.Fatal("OpenWACZ found nothing wrong")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q; want it to say %q", err, tc.want)
			}
		})
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// indexIs replaces the index.
func indexIs(b []byte) func(map[string][]byte) {
	return func(f map[string][]byte) { f["indexes/index.cdxj"] = b }
}

// unzip returns every file of the ZIP at path.
func unzip(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], err = io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// rehash makes the datapackage and its digest say what the files are now,
// so that a test's one fault is the one found.
func rehash(t *testing.T, f map[string][]byte) {
	t.Helper()
	var dp datapackage
	if err := json.Unmarshal(f["datapackage.json"], &dp); err != nil {
		t.Fatal(err)
	}
	dp.Resources = dp.Resources[:0]
	for _, name := range []string{"archive/data.warc.gz", "indexes/index.cdxj", "pages/pages.jsonl"} {
		if b, ok := f[name]; ok {
			dp.Resources = append(dp.Resources, resource{Name: filepath.Base(name), Path: name, Hash: sha256Hex(b), Bytes: int64(len(b))})
		}
	}
	f["datapackage.json"], _ = json.Marshal(dp)
	f["datapackage-digest.json"], _ = json.Marshal(digestFile{Path: "datapackage.json", Hash: sha256Hex(f["datapackage.json"])})
}

// rezip writes files as a ZIP at path, each file stored or as method says.
func rezip(t *testing.T, path string, files map[string][]byte, method func(string) uint16) {
	t.Helper()
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	zw := zip.NewWriter(out)
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		m := uint16(zip.Store)
		if method != nil {
			m = method(name)
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: m})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(files[name])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(s[:])
}
