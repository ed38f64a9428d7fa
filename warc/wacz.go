package warc

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// WACZVersion is the version of the WACZ specification the packages follow.
const WACZVersion = "1.1.1"

// The paths of a WACZ package's files.
const (
	waczWARC       = "archive/data.warc.gz"
	waczIndex      = "indexes/index.cdxj"
	waczPages      = "pages/pages.jsonl"
	waczPackage    = "datapackage.json"
	waczPackageSum = "datapackage-digest.json"
)

// WACZOptions says what a package says of itself.
type WACZOptions struct {
	// Software names what made the package, e.g. "webgraph/1.4.0".
	Software string
	// Title is the collection's title; empty: none.
	Title string
	// Now is the clock of the package's created date; nil: time.Now.
	Now func() time.Time
}

// WACZSummary says what a package holds.
type WACZSummary struct {
	// Records counts the index's lines: the records a replay tool can
	// serve (responses, resources, revisits).
	Records int
	// Pages counts the page list's entries.
	Pages int
	// PageRecords is set when the pages came from webgraph's page records
	// (PageURI); otherwise they are the WARC's HTML responses, with their
	// titles and without text.
	PageRecords bool
}

// WriteWACZ packages the WARC file at warcPath as a WACZ 1.1.1 file at out
// (docs/design.md, "Archives"): the WARC as archive/data.warc.gz, stored,
// not compressed again, each record its own gzip member (a WARC written
// so, as webgraph writes them, is copied as it is; any other, gzipped
// otherwise or not at all, is compressed again record by record);
// indexes/index.cdxj, a line for each response, resource and
// revisit record with its place in the WARC, sorted; pages/pages.jsonl, the
// kept pages of webgraph's page records with their titles and text (a WARC
// without them lists its HTML responses); datapackage.json, naming each
// file with its size and SHA-256; and datapackage-digest.json, the
// SHA-256 of datapackage.json. The file is written beside out and renamed
// over it once complete, so a failure leaves no half package.
func WriteWACZ(warcPath, out string, opts WACZOptions) (*WACZSummary, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	dir := filepath.Dir(out)
	pages, err := os.CreateTemp(dir, ".webgraph-pages-*")
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	defer os.Remove(pages.Name())
	defer pages.Close()
	data, err := prepareData(warcPath, dir)
	if err != nil {
		return nil, err
	}
	defer data.close()
	ix, err := indexWARC(data, pages)
	if err != nil {
		return nil, fmt.Errorf("wacz: %s: %w", warcPath, err)
	}
	sum := &WACZSummary{Records: len(ix.lines), Pages: ix.pages, PageRecords: ix.pageRecords}
	if !ix.pageRecords {
		sum.Pages = len(ix.fallback)
	}

	tmp, err := os.CreateTemp(dir, ".webgraph-wacz-*")
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	defer os.Remove(tmp.Name()) // after the rename, nothing is there
	defer tmp.Close()
	zw := zip.NewWriter(tmp)
	p := &packager{zw: zw, created: opts.Now().UTC()}
	if err := p.stored(waczWARC, data); err != nil {
		return nil, err
	}
	if err := p.deflated(waczIndex, func(w io.Writer) error {
		for _, l := range ix.lines {
			if _, err := w.Write(l); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if err := p.deflated(waczPages, func(w io.Writer) error { return ix.writePages(w, pages) }); err != nil {
		return nil, err
	}
	if err := p.finish(opts, ix); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	return sum, nil
}

// resource is one file of a package as datapackage.json lists it.
type resource struct {
	Name  string `json:"name"`
	Path  string `json:"path"`
	Hash  string `json:"hash"`
	Bytes int64  `json:"bytes"`
}

// packager writes a package's files and remembers each one's size and hash.
type packager struct {
	zw        *zip.Writer
	created   time.Time
	resources []resource
}

// stored adds the WARC to the package uncompressed (its records are gzip
// members already: a replay tool reads one by its offset).
func (p *packager) stored(name string, d *dataFile) error {
	fh := &zip.FileHeader{Name: name, Method: zip.Store, CRC32: d.crc, CompressedSize64: uint64(d.size), UncompressedSize64: uint64(d.size)}
	//lint:ignore SA1019 CreateRaw writes these fields as they are and never reads Modified
	fh.ModifiedDate, fh.ModifiedTime = msDosTime(p.created)
	w, err := p.zw.CreateRaw(fh)
	if err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	if _, err := d.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	if _, err := io.Copy(w, d.f); err != nil {
		return fmt.Errorf("wacz: writing %s: %w", name, err)
	}
	p.resources = append(p.resources, resource{Name: filepath.Base(name), Path: name, Hash: "sha256:" + d.sha256, Bytes: d.size})
	return nil
}

// msDosTime is t as a ZIP header's date and time fields (two-second
// steps, years from 1980).
func msDosTime(t time.Time) (date, clock uint16) {
	t = t.UTC()
	if t.Year() < 1980 {
		t = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	date = uint16(t.Day() + int(t.Month())<<5 + (t.Year()-1980)<<9)
	clock = uint16(t.Second()/2 + t.Minute()<<5 + t.Hour()<<11)
	return date, clock
}

// deflated adds a file that fill writes, compressed.
func (p *packager) deflated(name string, fill func(io.Writer) error) error {
	fh := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: p.created}
	zf, err := p.zw.CreateHeader(fh)
	if err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	h := sha256.New()
	n := &countWriter{w: io.MultiWriter(zf, h)}
	if err := fill(n); err != nil {
		return fmt.Errorf("wacz: writing %s: %w", name, err)
	}
	p.resources = append(p.resources, resource{Name: filepath.Base(name), Path: name, Hash: "sha256:" + hex.EncodeToString(h.Sum(nil)), Bytes: n.n})
	return nil
}

// datapackage is datapackage.json.
type datapackage struct {
	Profile      string     `json:"profile"`
	WACZVersion  string     `json:"wacz_version"`
	Title        string     `json:"title,omitempty"`
	Created      string     `json:"created"`
	Software     string     `json:"software,omitempty"`
	MainPageURL  string     `json:"mainPageUrl,omitempty"`
	MainPageDate string     `json:"mainPageDate,omitempty"`
	Resources    []resource `json:"resources"`
}

// digestFile is datapackage-digest.json.
type digestFile struct {
	Path string `json:"path"`
	Hash string `json:"hash"`
}

// finish writes datapackage.json, naming the files written so far, and
// datapackage-digest.json.
func (p *packager) finish(opts WACZOptions, ix *index) error {
	dp := datapackage{Profile: "data-package", WACZVersion: WACZVersion, Title: opts.Title,
		Created: p.created.Format(time.RFC3339), Software: opts.Software,
		MainPageURL: ix.mainURL, MainPageDate: ix.mainDate, Resources: p.resources}
	js, err := json.MarshalIndent(dp, "", "  ")
	if err != nil {
		return err
	}
	if err := p.deflated(waczPackage, func(w io.Writer) error { _, err := w.Write(js); return err }); err != nil {
		return err
	}
	sum := sha256.Sum256(js)
	dg, err := json.MarshalIndent(digestFile{Path: waczPackage, Hash: "sha256:" + hex.EncodeToString(sum[:])}, "", "  ")
	if err != nil {
		return err
	}
	return p.deflated(waczPackageSum, func(w io.Writer) error { _, err := w.Write(dg); return err })
}

// UnpackWARC copies the WARC of the WACZ package at wacz (its
// archive/data.warc.gz, as WriteWACZ writes it) to the new file dst, so that
// a resumed crawl appends to it. A package that is not there is
// fs.ErrNotExist.
func UnpackWARC(wacz, dst string) error {
	zr, err := zip.OpenReader(wacz)
	if err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	defer zr.Close()
	src, err := zr.Open(waczWARC)
	if err != nil {
		return fmt.Errorf("wacz: %s: %w", wacz, err)
	}
	defer src.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	if _, err := io.Copy(out, src); err != nil {
		out.Close()
		os.Remove(dst)
		return fmt.Errorf("wacz: %s: %w", wacz, err)
	}
	return out.Close()
}
