package warc

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/nlnwa/gowarc/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

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
