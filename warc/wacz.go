package warc

import (
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"mime"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/nlnwa/gowarc/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
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

// index is what one pass over a WARC learns for its package.
type index struct {
	offsets []int64 // of every record, in order
	// lines are the CDXJ lines; cdx[i] is the line of the record
	// offsets[rec[i]].
	cdx   []CDXJ
	rec   []int
	lines [][]byte
	// pages counts the page lines written from page records;
	// pageRecords is set when the WARC had any page record.
	pages       int
	pageRecords bool
	hasText     bool
	// fallback are the pages of a WARC without page records.
	fallback          []pageLine
	mainURL, mainDate string
}

// pageLine is one line of pages.jsonl.
type pageLine struct {
	ID    string  `json:"id"`
	URL   string  `json:"url"`
	TS    string  `json:"ts"`
	Title string  `json:"title,omitempty"`
	Text  *string `json:"text,omitempty"`
}

// pagesHeader is the first line of pages.jsonl.
type pagesHeader struct {
	Format  string `json:"format"`
	ID      string `json:"id"`
	Title   string `json:"title"`
	HasText bool   `json:"hasText,omitempty"`
}

// maxPageRecord bounds the block of a page record read back (its text is
// at most --max-body characters).
const maxPageRecord = 64 << 20

// indexWARC reads every record of the package's WARC, digests checked:
// the replayable ones become index lines, page records of kept pages lines
// of pages (a temporary file), and HTML responses are remembered for a WARC
// without page records.
func indexWARC(d *dataFile, pages io.Writer) (*index, error) {
	ix := &index{}
	r, err := gowarc.NewWarcFileReader(d.f.Name(), 0, gowarc.WithBlockErrorPolicy(gowarc.ErrFail))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	enc := json.NewEncoder(pages)
	for {
		rec, off, v, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("the record at byte %d: %w", off, err)
		}
		if v != nil && !v.Valid() {
			rec.Close()
			return nil, fmt.Errorf("the record at byte %d: %s", off, v)
		}
		err = ix.add(rec, off, enc)
		rec.Close()
		if err != nil {
			return nil, fmt.Errorf("the record at byte %d: %w", off, err)
		}
	}
	if len(ix.offsets) == 0 {
		return nil, errors.New("no record")
	}
	if !equalOffsets(ix.offsets, d.starts) {
		return nil, fmt.Errorf("%d records read in %d gzip members", len(ix.offsets), len(d.starts))
	}
	if !ix.pageRecords && len(ix.fallback) > 0 {
		ix.mainURL, ix.mainDate = ix.fallback[0].URL, ix.fallback[0].TS
	}
	lengths := spans(d.starts, d.size)
	ix.lines = make([][]byte, 0, len(ix.cdx))
	for i := range ix.cdx {
		c := &ix.cdx[i]
		c.Offset, c.Length = d.starts[ix.rec[i]], lengths[ix.rec[i]]
		line, err := c.Line()
		if err != nil {
			return nil, err
		}
		ix.lines = append(ix.lines, line)
	}
	SortCDXJ(ix.lines)
	return ix, nil
}

// add learns one record at offset off.
func (ix *index) add(rec gowarc.WarcRecord, off int64, pages *json.Encoder) error {
	ix.offsets = append(ix.offsets, off)
	h := rec.WarcHeader()
	target := h.Get(gowarc.WarcTargetURI)
	date, err := time.Parse(time.RFC3339Nano, h.Get(gowarc.WarcDate))
	if err != nil {
		return fmt.Errorf("WARC-Date: %w", err)
	}
	typ := rec.Type()
	switch {
	case typ == gowarc.Metadata && strings.HasPrefix(target, PageURI("")):
		return ix.addPage(rec, pages)
	case typ&(gowarc.Response|gowarc.Resource|gowarc.Revisit) == 0 || SURT(target) == "" || !utf8.ValidString(target):
		return nil // not servable, or not a URI a JSON index can name
	}
	c := CDXJ{Key: SURT(target), Timestamp: Timestamp14(date), URL: target, Status: 200,
		Digest: h.Get(gowarc.WarcPayloadDigest), Filename: filepath.Base(waczWARC)}
	c.Mime = mediaType(h.Get(gowarc.ContentType))
	if typ == gowarc.Revisit {
		c.Mime = "warc/revisit"
	}
	if ph, ok := rec.Block().(gowarc.ProtocolHeaderBlock); ok && typ != gowarc.Resource {
		status, ctype, ok := parseResponseHead(ph.ProtocolHeaderBytes())
		if !ok {
			return nil // not an HTTP response: nothing a player can serve
		}
		c.Status = status
		if typ == gowarc.Response {
			c.Mime = ctype
		}
		if typ == gowarc.Response && status/100 == 2 && (ctype == "text/html" || ctype == "application/xhtml+xml") && !ix.pageRecords {
			ix.fallback = append(ix.fallback, pageLine{ID: pageID(target, date), URL: target,
				TS: date.UTC().Format(jsTime), Title: htmlTitle(rec.Block())})
		}
	}
	ix.cdx = append(ix.cdx, c)
	ix.rec = append(ix.rec, len(ix.offsets)-1)
	return nil
}

// jsTime is the form of a page's ts: RFC 3339 with milliseconds, which every
// JavaScript Date parses.
const jsTime = "2006-01-02T15:04:05.000Z07:00"

// addPage writes the line of a page record's page, when the page was kept
// and its document archived.
func (ix *index) addPage(rec gowarc.WarcRecord, pages *json.Encoder) error {
	ix.pageRecords = true
	ix.fallback = nil
	raw, err := rec.Block().RawBytes()
	if err != nil {
		return err
	}
	b, err := io.ReadAll(io.LimitReader(raw, maxPageRecord+1))
	if err != nil {
		return err
	}
	if len(b) > maxPageRecord {
		return fmt.Errorf("a page record larger than %d bytes", maxPageRecord)
	}
	var pr PageRecord
	if err := json.Unmarshal(b, &pr); err != nil {
		return fmt.Errorf("a page record: %w", err)
	}
	if !pr.Kept || pr.URL == "" || pr.Date == "" {
		return nil
	}
	date, err := time.Parse(time.RFC3339Nano, pr.Date)
	if err != nil {
		return fmt.Errorf("a page record's ts: %w", err)
	}
	line := pageLine{ID: pageID(pr.URL, date), URL: pr.URL, TS: date.UTC().Format(jsTime), Title: pr.Title, Text: pr.Text}
	if ix.pages == 0 {
		ix.mainURL, ix.mainDate = line.URL, line.TS
	}
	ix.pages++
	ix.hasText = ix.hasText || pr.Text != nil
	return pages.Encode(line)
}

// writePages writes pages.jsonl: its header, then the page lines in the
// temporary file pages (or the fallback's).
func (ix *index) writePages(w io.Writer, pages *os.File) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(pagesHeader{Format: "json-pages-1.0", ID: "pages", Title: "All Pages", HasText: ix.hasText}); err != nil {
		return err
	}
	if !ix.pageRecords {
		for _, l := range ix.fallback {
			if err := enc.Encode(l); err != nil {
				return err
			}
		}
		return nil
	}
	if _, err := pages.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, pages)
	return err
}

// pageID is a page's id in pages.jsonl: stable for a URL and time.
func pageID(u string, t time.Time) string {
	s := sha1.Sum([]byte(t.UTC().Format(time.RFC3339Nano) + " " + u))
	return hex.EncodeToString(s[:8])
}

// mediaType is the media type of a Content-Type, lower case, or "unk".
func mediaType(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt == "" {
		return "unk"
	}
	return mt
}

// parseResponseHead reads an HTTP response head: the status code and the
// media type of its Content-Type. ok is false when head is not one.
func parseResponseHead(head []byte) (status int, ctype string, ok bool) {
	tp := textproto.NewReader(bufio.NewReader(io.MultiReader(bytes.NewReader(head), strings.NewReader("\r\n\r\n"))))
	line, err := tp.ReadLine()
	if err != nil {
		return 0, "", false
	}
	proto, rest, _ := strings.Cut(line, " ")
	code, _, _ := strings.Cut(rest, " ")
	if !strings.HasPrefix(proto, "HTTP/") || len(code) != 3 || strings.Trim(code, "0123456789") != "" {
		return 0, "", false
	}
	status = int(code[0]-'0')*100 + int(code[1]-'0')*10 + int(code[2]-'0')
	hdr, _ := tp.ReadMIMEHeader() // a damaged header still has its status
	return status, mediaType(hdr.Get("Content-Type")), true
}

// maxTitleScan bounds how much of an HTML payload is read for its title.
const maxTitleScan = 512 << 10

// htmlTitle returns the text of the first <title> of an HTML payload, its
// white space collapsed, or "".
func htmlTitle(b gowarc.Block) string {
	pb, ok := b.(gowarc.PayloadBlock)
	if !ok {
		return ""
	}
	r, err := pb.PayloadBytes()
	if err != nil {
		return ""
	}
	z := html.NewTokenizer(io.LimitReader(r, maxTitleScan))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return ""
		case html.StartTagToken:
			if name, _ := z.TagName(); atom.Lookup(name) == atom.Title {
				if z.Next() == html.TextToken {
					return strings.Join(strings.Fields(string(z.Text())), " ")
				}
				return ""
			}
		}
	}
}

// dataFile is the WARC as the package stores it: one gzip member per
// record, with the members' offsets, its CRC-32, SHA-256 and size.
type dataFile struct {
	f      *os.File
	temp   bool // made for the package, removed after
	starts []int64
	crc    uint32
	sha256 string
	size   int64
}

func (d *dataFile) close() {
	d.f.Close()
	if d.temp {
		os.Remove(d.f.Name())
	}
}

// prepareData returns the WARC at path as a package stores it: the file
// itself when each of its gzip members holds one record, else a temporary
// copy in dir that the records of path, decompressed, are written to one
// gzip member each.
func prepareData(path, dir string) (*dataFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	d := &dataFile{f: f}
	crc, sum := crc32.NewIEEE(), sha256.New()
	var magic [2]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		f.Close()
		return nil, fmt.Errorf("wacz: %s: not a WARC (%w)", path, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, fmt.Errorf("wacz: %w", err)
	}
	if magic == [2]byte{0x1f, 0x8b} {
		var perRecord bool
		d.starts, d.size, perRecord, err = gzipMembers(io.TeeReader(f, io.MultiWriter(crc, sum)))
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("wacz: %s: %w", path, err)
		}
		if perRecord {
			d.crc, d.sha256 = crc.Sum32(), hex.EncodeToString(sum.Sum(nil))
			return d, nil
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			f.Close()
			return nil, fmt.Errorf("wacz: %w", err)
		}
	}
	defer f.Close()
	var in io.Reader = bufio.NewReaderSize(f, 64<<10)
	if magic == [2]byte{0x1f, 0x8b} {
		zr, err := gzip.NewReader(in) // every member, one after the other
		if err != nil {
			return nil, fmt.Errorf("wacz: %s: %w", path, err)
		}
		in = zr
	}
	out, err := recompress(in, dir)
	if err != nil {
		return nil, fmt.Errorf("wacz: %s: %w", path, err)
	}
	return out, nil
}

// equalOffsets reports whether two lists of offsets are the same.
func equalOffsets(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// spans returns the length of each span that starts at starts[i] and ends
// where the next begins (the last at end).
func spans(starts []int64, end int64) []int64 {
	out := make([]int64, len(starts))
	for i, s := range starts {
		next := end
		if i+1 < len(starts) {
			next = starts[i+1]
		}
		out[i] = next - s
	}
	return out
}

// gzipMembers reads r, a sequence of gzip members, to its end and returns
// where each member starts, r's size, and whether each member holds one
// WARC record and nothing more.
func gzipMembers(r io.Reader) (starts []int64, size int64, perRecord bool, err error) {
	cr := &countReader{r: r}
	br := bufio.NewReaderSize(cr, 64<<10)
	var zr *gzip.Reader
	perRecord = true
	for {
		at := cr.n - int64(br.Buffered())
		if _, err := br.Peek(1); errors.Is(err, io.EOF) {
			return starts, at, perRecord, nil
		} else if err != nil {
			return nil, 0, false, err
		}
		if zr == nil {
			zr, err = gzip.NewReader(br)
		} else {
			err = zr.Reset(br)
		}
		if err != nil {
			return nil, 0, false, fmt.Errorf("at byte %d: %w", at, err)
		}
		zr.Multistream(false)
		n := 0
		if err := splitRecords(zr, func(rec io.Reader) error {
			n++
			_, err := io.Copy(io.Discard, rec)
			return err
		}); err != nil {
			return nil, 0, false, fmt.Errorf("the gzip member at byte %d: %w", at, err)
		}
		perRecord = perRecord && n == 1
		starts = append(starts, at)
	}
}

// maxRecordHeader bounds a WARC record's header.
const maxRecordHeader = 1 << 20

// splitRecords reads r, WARC records one after the other, and calls each
// with a reader of one whole record (header, block and the blank lines that
// end it), which it must read to its end. It stops at the first error:
// each's, or a record that is not one (no WARC/ version line, a header
// over maxRecordHeader bytes, no Content-Length, a block cut short, no
// blank lines after it).
func splitRecords(r io.Reader, each func(io.Reader) error) error {
	br := bufio.NewReader(r)
	for n := 1; ; n++ {
		if _, err := br.Peek(1); errors.Is(err, io.EOF) {
			if n == 1 {
				return errors.New("no record")
			}
			return nil
		}
		var head bytes.Buffer
		length := int64(-1)
		for first := true; ; first = false {
			line, err := readLine(br, maxRecordHeader-head.Len())
			if err != nil {
				return fmt.Errorf("record %d: its header: %w", n, err)
			}
			head.Write(line)
			if first && !bytes.HasPrefix(line, []byte("WARC/")) {
				return fmt.Errorf("record %d does not start with a WARC/ version line", n)
			}
			text := strings.TrimRight(string(line), "\r\n")
			if text == "" {
				break
			}
			if name, value, ok := strings.Cut(text, ":"); ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
				v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
				if err != nil || v < 0 {
					return fmt.Errorf("record %d: Content-Length %q", n, value)
				}
				length = v
			}
		}
		if length < 0 {
			return fmt.Errorf("record %d has no Content-Length", n)
		}
		body := &io.LimitedReader{R: br, N: length}
		end := &recordEnd{r: br, n: n}
		if err := each(io.MultiReader(&head, body, end)); err != nil {
			return err
		}
		if body.N > 0 || !end.done {
			return fmt.Errorf("record %d: its block is cut short", n)
		}
	}
}

// readLine reads one line, its newline included, of at most max bytes.
func readLine(br *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		part, err := br.ReadSlice('\n')
		if len(line)+len(part) > max {
			return nil, fmt.Errorf("longer than %d bytes", maxRecordHeader)
		}
		line = append(line, part...)
		switch {
		case err == nil:
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return nil, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}

// recordEnd reads the blank lines that end a record, and fails when they
// are not there.
type recordEnd struct {
	r    *bufio.Reader
	n    int
	done bool   // the blank lines were read
	left []byte // and these of them are still to be given
}

func (e *recordEnd) Read(p []byte) (int, error) {
	if !e.done {
		var end [4]byte
		if _, err := io.ReadFull(e.r, end[:]); err != nil || string(end[:]) != "\r\n\r\n" {
			return 0, fmt.Errorf("record %d does not end with a blank line after its block", e.n)
		}
		e.done, e.left = true, end[:]
	}
	if len(e.left) == 0 {
		return 0, io.EOF
	}
	n := copy(p, e.left)
	e.left = e.left[n:]
	return n, nil
}

// recompress writes the records read from r into a temporary file in dir,
// each a gzip member of its own, and returns it.
func recompress(r io.Reader, dir string) (*dataFile, error) {
	out, err := os.CreateTemp(dir, ".webgraph-warc-*")
	if err != nil {
		return nil, err
	}
	d := &dataFile{f: out, temp: true}
	crc, sum := crc32.NewIEEE(), sha256.New()
	cw := &countWriter{w: io.MultiWriter(out, crc, sum)}
	bw := bufio.NewWriterSize(cw, 64<<10)
	zw := gzip.NewWriter(bw)
	err = splitRecords(r, func(rec io.Reader) error {
		if err := bw.Flush(); err != nil {
			return err
		}
		d.starts = append(d.starts, cw.n)
		zw.Reset(bw)
		if _, err := io.Copy(zw, rec); err != nil {
			return err
		}
		return zw.Close()
	})
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		d.close()
		return nil, err
	}
	d.size, d.crc, d.sha256 = cw.n, crc.Sum32(), hex.EncodeToString(sum.Sum(nil))
	return d, nil
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
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
