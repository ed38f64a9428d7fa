// Package warc archives the pages of a crawl in WARC 1.1 files
// (ISO 28500), one gzip member per record, so the archive opens in the
// tools crawl users already keep (pywb, warcio, OpenWayback), and reads such
// files back; and packages a WARC as a WACZ 1.1.1 file (wacz.go), which
// ReplayWeb.page opens. For each page it writes the plain side's request
// and response as served (but for credentials: see Writer.Redact); what the
// browser received for the page (its scripts, styles and data, each a
// response with its request), so that a replay tool rebuilds a page that
// scripts write; the rendered side's DOM snapshot as a resource record of
// its own URI (DOMURI); when a crawl took them, the page's two pictures
// (pictures.go); and a metadata record of the page's facts (PageURI). The
// records are built and serialised with github.com/nlnwa/gowarc.
package warc

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/nlnwa/gowarc/v2"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
)

// Writer appends WARC records to one file. It is safe for concurrent use;
// Close closes the file.
type Writer struct {
	mu       sync.Mutex
	f        *os.File
	now      func() time.Time
	secret   map[string]bool // header names whose values are not archived
	keepText bool            // page records hold the kept pages' text
	closed   bool
	// written are the subresources archived so far, by URL and payload
	// digest: one a page's scripts share with the last page's is not
	// written again (at most maxWritten are remembered).
	written map[string]bool
}

// Redacted is what a request record holds in place of a credential's value.
const Redacted = "[redacted by webgraph]"

// alwaysSecret are the request headers that carry credentials wherever
// they come from: their values never go into an archive.
var alwaysSecret = []string{"Authorization", "Proxy-Authorization", "Cookie"}

// Redact names more request headers (the operator's --header names) whose
// values the request records replace with Redacted, as they do those of
// Authorization, Proxy-Authorization and Cookie: a WARC is made to be
// shared, and credentials are not. Call it before the first WritePage.
func (w *Writer) Redact(names ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, n := range names {
		w.secret[textproto.CanonicalMIMEHeaderKey(n)] = true
	}
}

// redactRequest returns the request head with the values of secret headers
// replaced, and their continuation lines dropped. The request line and
// every other header are kept byte for byte.
func redactRequest(req []byte, secret map[string]bool) []byte {
	head, body, found := bytes.Cut(req, []byte("\r\n\r\n"))
	lines := bytes.Split(head, []byte("\r\n"))
	out := make([][]byte, 0, len(lines))
	dropping := false
	for i, l := range lines {
		if i > 0 && len(l) > 0 && (l[0] == ' ' || l[0] == '\t') {
			if !dropping {
				out = append(out, l)
			}
			continue
		}
		dropping = false
		if name, _, ok := bytes.Cut(l, []byte(":")); ok && i > 0 && secret[textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(string(name)))] {
			l = append(append([]byte{}, name...), ": "+Redacted...)
			dropping = true
		}
		out = append(out, l)
	}
	r := bytes.Join(out, []byte("\r\n"))
	if found {
		r = append(append(r, "\r\n\r\n"...), body...)
	}
	return r
}

// Create opens path for a new archive (appending when appendTo is set, as a
// resumed crawl does) and writes a warcinfo record naming software.
func Create(path string, appendTo bool, software string) (*Writer, error) {
	flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
	if appendTo {
		flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		return nil, fmt.Errorf("warc: %w", err)
	}
	w := &Writer{f: f, now: time.Now, secret: map[string]bool{}, written: map[string]bool{}}
	for _, n := range alwaysSecret {
		w.secret[n] = true
	}
	info := "software: " + headerValue(software) + "\r\nformat: WARC File Format 1.1\r\nconformsTo: https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/\r\n"
	err = w.write(gowarc.Warcinfo, []byte(info), map[string]string{
		gowarc.ContentType: "application/warc-fields",
	})
	if err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// Close closes the file; closing it again does nothing.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil
	}
	w.closed = true
	return w.f.Close()
}

// WritePage archives p: the plain side's request and response, when it
// kept its Exchange; what the render received for the page, when it kept
// Resources (the page's own document only when the plain side has none);
// the rendered DOM, when it kept one; the pictures, when taken; and the
// page's record (PageURI), last. A page with none of these writes only its
// record.
//
// Pages are written one at a time, under the writer's lock: a page's records
// stay together, and the WARC library's record builder, which sets a global
// of its UUID package each time, is never run by two goroutines at once.
func (w *Writer) WritePage(p *union.Page) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	var doc document
	if s := p.Sides[fetch.Plain]; s != nil && s.Exchange != nil {
		ex := s.Exchange
		s.Exchange = nil // once written, let it go
		id, err := w.writeExchange(s.FinalURL, ex, s.Truncated || s.Download)
		if err != nil {
			return err
		}
		doc = document{target: s.FinalURL, id: id, date: ex.At}
	}
	if err := w.writeResources(p, &doc); err != nil {
		return err
	}
	if err := w.writeDOM(p, doc.target, doc.id); err != nil {
		return err
	}
	if err := w.writePictures(p, doc.target, doc.id); err != nil {
		return err
	}
	return w.writePageRecord(p, doc)
}

// document is the record a page is replayed from: its response.
type document struct {
	target, id string
	date       time.Time
}

// writeExchange writes a response record for ex at target and the request
// record concurrent to it (credentials redacted), and returns the
// response's id. truncated marks a body cut short (or never read).
// Called with w.mu held.
func (w *Writer) writeExchange(target string, ex *fetch.Exchange, truncated bool) (string, error) {
	responseID, requestID := newID(), newID()
	date := ex.At.UTC().Format(time.RFC3339Nano)
	resp := map[string]string{
		gowarc.WarcRecordID:     responseID,
		gowarc.WarcTargetURI:    target,
		gowarc.WarcDate:         date,
		gowarc.ContentType:      "application/http;msgtype=response",
		gowarc.WarcConcurrentTo: requestID,
	}
	if truncated {
		resp[gowarc.WarcTruncated] = "length"
	}
	block := append(append([]byte{}, ex.ResponseHead...), ex.Body...)
	if err := w.write(gowarc.Response, block, resp); err != nil {
		return "", err
	}
	err := w.write(gowarc.Request, redactRequest(ex.Request, w.secret), map[string]string{
		gowarc.WarcRecordID:     requestID,
		gowarc.WarcTargetURI:    target,
		gowarc.WarcDate:         date,
		gowarc.ContentType:      "application/http;msgtype=request",
		gowarc.WarcConcurrentTo: responseID,
	})
	return responseID, err
}

// DOMURI is the WARC-Target-URI of a page's rendered DOM: a URI of its own,
// so that a replay tool serves the snapshot when asked for it and never in
// place of the page, whose own URL replays what the server sent and the
// page's scripts.
func DOMURI(pageURL string) string { return "urn:webgraph:dom:" + pageURL }

// writeDOM archives the rendered side's DOM as a resource record at
// DOMURI, concurrent to the page's response when there is one.
func (w *Writer) writeDOM(p *union.Page, target, responseID string) error {
	s := p.Sides[fetch.Rendered]
	if s == nil || s.DOM == "" {
		return nil
	}
	if target == "" {
		target = s.FinalURL
	}
	h := map[string]string{
		gowarc.WarcRecordID:  newID(),
		gowarc.WarcTargetURI: DOMURI(target),
		gowarc.WarcDate:      w.now().UTC().Format(time.RFC3339Nano),
		gowarc.ContentType:   "text/html; charset=utf-8",
	}
	if responseID != "" {
		h[gowarc.WarcConcurrentTo] = responseID
	}
	if s.Truncated {
		h[gowarc.WarcTruncated] = "length"
	}
	err := w.write(gowarc.Resource, []byte(s.DOM), h)
	s.DOM = ""
	return err
}

// newID is a fresh WARC-Record-ID.
func newID() string { return "<urn:uuid:" + uuid.NewString() + ">" }

// headerValue makes s safe as one WARC header value: a site's URL or
// string can carry no CR, LF or other control character into the header,
// where it would end the field and start another. Such bytes are
// percent-encoded.
func headerValue(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// write builds one record (w.mu held) with the given header fields (values made safe),
// digests and Content-Length added, and appends it as its own gzip member.
func (w *Writer) write(kind gowarc.RecordType, block []byte, header map[string]string) error {
	b := gowarc.NewRecordBuilder(kind,
		gowarc.WithAddMissingDigest(true), gowarc.WithAddMissingContentLength(true),
		gowarc.WithAddMissingRecordId(true), gowarc.WithDefaultDigestEncoding(gowarc.Base32))
	if _, err := b.Write(block); err != nil {
		return fmt.Errorf("warc: %w", err)
	}
	if _, ok := header[gowarc.WarcDate]; !ok {
		header[gowarc.WarcDate] = w.now().UTC().Format(time.RFC3339Nano)
	}
	for _, k := range []string{gowarc.WarcRecordID, gowarc.WarcTargetURI, gowarc.WarcDate, gowarc.ContentType,
		gowarc.WarcConcurrentTo, gowarc.WarcRefersTo, gowarc.WarcTruncated} {
		if v, ok := header[k]; ok {
			b.AddWarcHeader(k, headerValue(v))
		}
	}
	rec, _, err := b.Build()
	if err != nil {
		return fmt.Errorf("warc: building a %s record: %w", kind, err)
	}
	defer rec.Close()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, _, err := gowarc.NewMarshaler().Marshal(zw, rec, 0); err != nil {
		return fmt.Errorf("warc: writing a %s record: %w", kind, err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("warc: %w", err)
	}
	if _, err := w.f.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("warc: %w", err)
	}
	return nil
}

// Record is one record read back from an archive.
type Record struct {
	Type          string `json:"type"`
	ID            string `json:"id"`
	TargetURI     string `json:"target_uri,omitempty"`
	Date          string `json:"date"`
	ContentType   string `json:"content_type,omitempty"`
	Length        int64  `json:"length"`
	PayloadDigest string `json:"payload_digest,omitempty"`
	ConcurrentTo  string `json:"concurrent_to,omitempty"`
	RefersTo      string `json:"refers_to,omitempty"`
	Truncated     string `json:"truncated,omitempty"`
	// Block is the record's content block: the HTTP message of a request
	// or response, the HTML of a DOM snapshot.
	Block []byte `json:"-"`
}

// Read calls fn for every record of the archive at path, in order, with
// digests checked: a WARC file, or a WACZ package (its WARCs, once the
// package passed OpenWACZ's checks). It stops at the first error, fn's or
// the file's.
func Read(path string, fn func(Record) error) error {
	if isZip(path) {
		return readWACZ(path, fn)
	}
	r, err := gowarc.NewWarcFileReader(path, 0, gowarc.WithBlockErrorPolicy(gowarc.ErrFail))
	if err != nil {
		return fmt.Errorf("warc: %w", err)
	}
	defer r.Close()
	if err := readAll(r, fn); err != nil {
		return fmt.Errorf("warc: %s: %w", path, err)
	}
	return nil
}

// readAll calls fn for every record r reads.
func readAll(r *gowarc.WarcFileReader, fn func(Record) error) error {
	for {
		rec, _, v, err := r.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		if v != nil && !v.Valid() {
			rec.Close()
			return errors.New(v.String())
		}
		out, err := toRecord(rec)
		rec.Close()
		if err != nil {
			return err
		}
		if err := fn(out); err != nil {
			return err
		}
	}
}

// toRecord reads rec, its block included.
func toRecord(rec gowarc.WarcRecord) (Record, error) {
	h := rec.WarcHeader()
	out := Record{Type: rec.Type().String(), ID: h.Get(gowarc.WarcRecordID), TargetURI: h.Get(gowarc.WarcTargetURI),
		Date: h.Get(gowarc.WarcDate), ContentType: h.Get(gowarc.ContentType), PayloadDigest: h.Get(gowarc.WarcPayloadDigest),
		ConcurrentTo: h.Get(gowarc.WarcConcurrentTo), RefersTo: h.Get(gowarc.WarcRefersTo), Truncated: h.Get(gowarc.WarcTruncated)}
	out.Length, _ = rec.ContentLength()
	raw, err := rec.Block().RawBytes()
	if err == nil {
		out.Block, err = io.ReadAll(raw)
	}
	if err != nil {
		return out, fmt.Errorf("reading the %s record %s: %w", out.Type, out.ID, err)
	}
	return out, nil
}
