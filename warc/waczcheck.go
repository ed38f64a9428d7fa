package warc

import (
	"archive/zip"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/nlnwa/gowarc/v2"
)

// WACZ is a WACZ package opened and checked by OpenWACZ. Close closes it;
// it is not safe for concurrent use.
type WACZ struct {
	f   *os.File
	zr  *zip.Reader
	arc map[string]*zip.File // archive/ files by base name
	// Index is the package's CDXJ index, in its order.
	Index []CDXJ
	// Pages are the entries of pages/pages.jsonl after its header.
	Pages []WACZPage
	// Package is datapackage.json.
	Package WACZPackage
}

// WACZPage is one entry of a package's page list.
type WACZPage struct {
	ID    string `json:"id"`
	URL   string `json:"url"`
	TS    string `json:"ts"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// WACZPackage is what datapackage.json says.
type WACZPackage struct {
	Profile      string     `json:"profile"`
	WACZVersion  string     `json:"wacz_version"`
	Created      string     `json:"created"`
	Software     string     `json:"software"`
	MainPageURL  string     `json:"mainPageUrl"`
	MainPageDate string     `json:"mainPageDate"`
	Resources    []resource `json:"resources"`
}

// maxWACZText bounds each of a package's small files read whole: the
// datapackage, its digest, the index and the page list.
const maxWACZText = 1 << 30

// OpenWACZ opens the WACZ file at path and checks it as a replay tool
// relies on it: the files WACZ 1.1.1 asks for; each WARC stored, not
// compressed again; every file but the two datapackage files listed in
// datapackage.json with its size and SHA-256, recomputed; the digest file's
// hash of datapackage.json; the index sorted, each line's key the SURT of
// its URL, and its offset and length holding exactly one gzip member with
// one record of that URL and time; and the page list a header and pages
// with a URL and an RFC 3339 ts, each page's URL in the index. The first
// fault found is the error.
func OpenWACZ(path string) (*WACZ, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	w := &WACZ{f: f, arc: map[string]*zip.File{}}
	if err := w.check(); err != nil {
		f.Close()
		return nil, fmt.Errorf("wacz: %s: %w", path, err)
	}
	return w, nil
}

// Close closes the file.
func (w *WACZ) Close() error { return w.f.Close() }

func (w *WACZ) check() error {
	st, err := w.f.Stat()
	if err != nil {
		return err
	}
	if w.zr, err = zip.NewReader(w.f, st.Size()); err != nil {
		return err
	}
	files := map[string]*zip.File{}
	for _, zf := range w.zr.File {
		if files[zf.Name] != nil {
			return fmt.Errorf("%s is in the package twice", zf.Name)
		}
		files[zf.Name] = zf
		if dir, base := path.Split(zf.Name); dir == "archive/" {
			if !strings.HasSuffix(base, ".warc.gz") && !strings.HasSuffix(base, ".warc") {
				return fmt.Errorf("%s is not named .warc or .warc.gz", zf.Name)
			}
			if zf.Method != zip.Store {
				return fmt.Errorf("%s is compressed in the ZIP (method %d); a WARC must be stored", zf.Name, zf.Method)
			}
			w.arc[base] = zf
		}
	}
	for _, need := range []string{waczPackage, waczPages} {
		if files[need] == nil {
			return fmt.Errorf("no %s", need)
		}
	}
	if len(w.arc) == 0 {
		return errors.New("no WARC in archive/")
	}
	pkg, err := readZipFile(files[waczPackage])
	if err != nil {
		return err
	}
	if err := w.checkPackage(pkg, files); err != nil {
		return err
	}
	if zf := files[waczPackageSum]; zf != nil {
		if err := checkDigestFile(zf, pkg); err != nil {
			return err
		}
	}
	var indexes int
	for _, zf := range w.zr.File {
		if dir, base := path.Split(zf.Name); dir == "indexes/" && (strings.HasSuffix(base, ".cdxj") || strings.HasSuffix(base, ".cdx")) {
			indexes++
			if err := w.checkIndex(zf); err != nil {
				return err
			}
		}
	}
	if indexes == 0 {
		return errors.New("no CDXJ index in indexes/")
	}
	return w.checkPages(files[waczPages])
}

// checkPackage checks datapackage.json against the files.
func (w *WACZ) checkPackage(pkg []byte, files map[string]*zip.File) error {
	if err := json.Unmarshal(pkg, &w.Package); err != nil {
		return fmt.Errorf("%s: %w", waczPackage, err)
	}
	p := &w.Package
	if p.Profile != "data-package" || p.WACZVersion != WACZVersion {
		return fmt.Errorf("%s: profile %q, wacz_version %q; want data-package, %s", waczPackage, p.Profile, p.WACZVersion, WACZVersion)
	}
	if _, err := time.Parse(time.RFC3339, p.Created); err != nil {
		return fmt.Errorf("%s: created: %w", waczPackage, err)
	}
	listed := map[string]bool{}
	for _, r := range p.Resources {
		zf := files[r.Path]
		if zf == nil {
			return fmt.Errorf("%s lists %s, which is not in the package", waczPackage, r.Path)
		}
		listed[r.Path] = true
		h := sha256.New()
		rc, err := zf.Open()
		if err != nil {
			return err
		}
		n, err := io.Copy(h, rc)
		rc.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", r.Path, err)
		}
		if n != r.Bytes {
			return fmt.Errorf("%s is %d bytes; %s says %d", r.Path, n, waczPackage, r.Bytes)
		}
		if got := "sha256:" + hex.EncodeToString(h.Sum(nil)); got != r.Hash {
			return fmt.Errorf("%s hashes to %s; %s says %s", r.Path, got, waczPackage, r.Hash)
		}
	}
	for name := range files {
		if name != waczPackage && name != waczPackageSum && !strings.HasSuffix(name, "/") && !listed[name] {
			return fmt.Errorf("%s is not listed in %s", name, waczPackage)
		}
	}
	return nil
}

// checkDigestFile checks that datapackage-digest.json hashes pkg.
func checkDigestFile(zf *zip.File, pkg []byte) error {
	b, err := readZipFile(zf)
	if err != nil {
		return err
	}
	var d digestFile
	if err := json.Unmarshal(b, &d); err != nil {
		return fmt.Errorf("%s: %w", waczPackageSum, err)
	}
	sum := sha256.Sum256(pkg)
	if want := "sha256:" + hex.EncodeToString(sum[:]); d.Path != waczPackage || d.Hash != want {
		return fmt.Errorf("%s names %q with %s; want %s with %s", waczPackageSum, d.Path, d.Hash, waczPackage, want)
	}
	return nil
}

// checkIndex reads one CDXJ index and checks each line and the record it
// points at.
func (w *WACZ) checkIndex(zf *zip.File) error {
	b, err := readZipFile(zf)
	if err != nil {
		return err
	}
	var prev []byte
	for n, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
		where := fmt.Sprintf("%s line %d", zf.Name, n+1)
		if len(line) == 0 {
			return fmt.Errorf("%s is empty", where)
		}
		if prev != nil && bytes.Compare(prev, line) > 0 {
			return fmt.Errorf("%s is out of order: %.80q after %.80q", where, line, prev)
		}
		prev = line
		c, err := ParseCDXJ(line)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		rec, err := w.Record(c)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		date, err := time.Parse(time.RFC3339Nano, rec.Date)
		switch {
		case err != nil:
			return fmt.Errorf("%s: the record's date: %w", where, err)
		case rec.TargetURI != c.URL:
			return fmt.Errorf("%s: the record at offset %d is of %q, not %q", where, c.Offset, rec.TargetURI, c.URL)
		case Timestamp14(date) != c.Timestamp[:14]:
			return fmt.Errorf("%s: the record at offset %d is of %s, not %s", where, c.Offset, Timestamp14(date), c.Timestamp)
		case rec.Type != "response" && rec.Type != "resource" && rec.Type != "revisit":
			return fmt.Errorf("%s: the record at offset %d is a %s record, which no replay tool serves", where, c.Offset, rec.Type)
		}
		w.Index = append(w.Index, c)
	}
	return nil
}

// Record reads the record that the index line c points at, digests
// checked; it must be all that its offset and length hold.
func (w *WACZ) Record(c CDXJ) (Record, error) {
	zf := w.arc[c.Filename]
	if zf == nil {
		return Record{}, fmt.Errorf("filename %q is not in archive/", c.Filename)
	}
	size := int64(zf.UncompressedSize64)
	if c.Offset < 0 || c.Length <= 0 || c.Offset > size || c.Length > size-c.Offset {
		return Record{}, fmt.Errorf("offset %d and length %d run past the end of %s (%d bytes)", c.Offset, c.Length, zf.Name, size)
	}
	start, err := zf.DataOffset()
	if err != nil {
		return Record{}, err
	}
	br := bufio.NewReader(io.NewSectionReader(w.f, start+c.Offset, c.Length))
	rec, _, v, err := gowarc.NewUnmarshaler(gowarc.WithBlockErrorPolicy(gowarc.ErrFail)).Unmarshal(br)
	if err != nil {
		return Record{}, fmt.Errorf("the record at offset %d: %w", c.Offset, err)
	}
	defer rec.Close()
	if v != nil && !v.Valid() {
		return Record{}, fmt.Errorf("the record at offset %d: %s", c.Offset, v)
	}
	out, err := toRecord(rec)
	if err != nil {
		return out, err
	}
	if rest, _ := io.Copy(io.Discard, br); rest > 0 {
		return out, fmt.Errorf("offset %d and length %d hold %d bytes more than the record", c.Offset, c.Length, rest)
	}
	return out, nil
}

// checkPages reads the page list: a header, then pages with a URL and a
// time, each in the index.
func (w *WACZ) checkPages(zf *zip.File) error {
	b, err := readZipFile(zf)
	if err != nil {
		return err
	}
	indexed := map[string]bool{}
	for _, c := range w.Index {
		indexed[c.URL] = true
	}
	lines := bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
	var head pagesHeader
	if err := json.Unmarshal(lines[0], &head); err != nil || head.Format == "" {
		return fmt.Errorf("%s: the first line is not a header with a format (%v)", zf.Name, err)
	}
	for n, line := range lines[1:] {
		var p WACZPage
		if err := json.Unmarshal(line, &p); err != nil {
			return fmt.Errorf("%s line %d: %w", zf.Name, n+2, err)
		}
		if p.URL == "" {
			return fmt.Errorf("%s line %d: no url", zf.Name, n+2)
		}
		if _, err := time.Parse(time.RFC3339Nano, p.TS); err != nil {
			return fmt.Errorf("%s line %d: ts: %w", zf.Name, n+2, err)
		}
		if u, _, _ := strings.Cut(p.URL, "#"); !indexed[u] {
			return fmt.Errorf("%s line %d: the page %s is not in the index", zf.Name, n+2, p.URL)
		}
		w.Pages = append(w.Pages, p)
	}
	return nil
}

// readZipFile reads a small file of the package whole.
func readZipFile(zf *zip.File) ([]byte, error) {
	rc, err := zf.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", zf.Name, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, maxWACZText+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", zf.Name, err)
	}
	if len(b) > maxWACZText {
		return nil, fmt.Errorf("%s is larger than %d bytes", zf.Name, maxWACZText)
	}
	return b, nil
}

// isZip reports whether the file at path starts as a ZIP file does.
func isZip(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [4]byte
	_, err = io.ReadFull(f, magic[:])
	return err == nil && string(magic[:]) == "PK\x03\x04"
}

// readWACZ checks the package at path and calls fn for every record of its
// WARCs, in the package's order.
func readWACZ(path string, fn func(Record) error) error {
	z, err := OpenWACZ(path)
	if err != nil {
		return err
	}
	defer z.Close()
	for _, zf := range z.zr.File {
		if z.arc[filepath.Base(zf.Name)] != zf {
			continue
		}
		rc, err := zf.Open()
		if err != nil {
			return fmt.Errorf("wacz: %s: %w", path, err)
		}
		r, err := gowarc.NewWarcFileReaderFromStream(rc, 0, gowarc.WithBlockErrorPolicy(gowarc.ErrFail))
		if err == nil {
			err = readAll(r, fn)
			r.Close()
		}
		rc.Close()
		if err != nil {
			return fmt.Errorf("wacz: %s: %s: %w", path, zf.Name, err)
		}
	}
	return nil
}
