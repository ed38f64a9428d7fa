package warc

import (
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"github.com/nlnwa/gowarc/v2"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
)

// PageURI is the WARC-Target-URI of a page's record: the metadata record
// that says what the page was (PageRecord). A URI of its own, which no replay
// tool serves in place of the page.
func PageURI(pageURL string) string { return "urn:webgraph:page:" + pageURL }

// PageRecord is the JSON block of a page's record (PageURI): what a WACZ's
// page list is made of.
type PageRecord struct {
	// URL is where the page's document is archived (its response record's
	// WARC-Target-URI); Date that record's WARC-Date. Both are empty when
	// no document was archived.
	URL  string `json:"url"`
	Date string `json:"ts,omitempty"`
	// Asked is the URL the crawl asked for, when it is not URL.
	Asked string `json:"asked,omitempty"`
	Title string `json:"title,omitempty"`
	// Kept is set for a page the crawl kept; Refused is the refusal's
	// cause for one it did not.
	Kept    bool   `json:"kept"`
	Refused string `json:"refused,omitempty"`
	// Text is the page's text as the crawl kept it: only for a kept page,
	// when the crawl retains text (--keep text or content) and neither side's robots
	// directives say noindex.
	Text *string `json:"text,omitempty"`
	// Unarchived lists what the render received and the archive does not
	// hold.
	Unarchived []fetch.Unarchived `json:"unarchived,omitempty"`
}

// KeepText makes the page records of kept pages hold their text (as
// PageRecord.Text says), for the search of a WACZ's page list. Call it
// before the first WritePage.
func (w *Writer) KeepText(keep bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.keepText = keep
}

// maxWritten bounds Writer.written: past it, a subresource already archived
// is archived again rather than the set growing.
const maxWritten = 200_000

// writeResources archives what the render received for the page, each a
// response with its request. The page's own document is written only when
// doc is empty (no plain response), and then becomes doc; a subresource
// already archived with the same body is not written again. Called with
// w.mu held.
func (w *Writer) writeResources(p *union.Page, doc *document) error {
	s := p.Sides[fetch.Rendered]
	if s == nil {
		return nil
	}
	for i := range s.Resources {
		r := &s.Resources[i]
		if r.Main {
			if doc.id != "" {
				continue // the plain response stands for the page
			}
			id, err := w.writeExchange(r.URL, &r.Exchange, false)
			if err != nil {
				return err
			}
			*doc = document{target: r.URL, id: id, date: r.At}
			continue
		}
		sum := sha1.Sum(r.Body)
		key := r.URL + " " + hex.EncodeToString(sum[:])
		if w.written[key] {
			continue
		}
		if _, err := w.writeExchange(r.URL, &r.Exchange, false); err != nil {
			return err
		}
		if len(w.written) < maxWritten {
			w.written[key] = true
		}
	}
	s.Resources = nil // once written, let them go
	return nil
}

// writePageRecord writes the page's record (PageURI), concurrent to its
// document's response when there is one. Called with w.mu held.
func (w *Writer) writePageRecord(p *union.Page, doc document) error {
	rec := PageRecord{URL: doc.target, Title: p.Title, Kept: p.Refusal == nil}
	if before, _, _ := strings.Cut(p.FinalURL, "#"); doc.target == "" || before == doc.target {
		// A hash route's page keeps its fragment: the document replays,
		// and its scripts read the route.
		rec.URL = p.FinalURL
	}
	if !doc.date.IsZero() {
		rec.Date = doc.date.UTC().Format(time.RFC3339Nano)
	}
	if p.URL != rec.URL {
		rec.Asked = headerValue(p.URL)
	}
	// As its response record has it, so the page list finds it in the index.
	rec.URL = headerValue(rec.URL)
	if p.Refusal != nil {
		rec.Refused = string(p.Refusal.Cause)
	}
	if w.keepText && rec.Kept && !noindex(p) {
		t := p.Text()
		rec.Text = &t
	}
	if s := p.Sides[fetch.Rendered]; s != nil {
		rec.Unarchived = s.Unarchived
	}
	block, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	h := map[string]string{
		gowarc.WarcRecordID:  newID(),
		gowarc.WarcTargetURI: PageURI(rec.URL),
		gowarc.ContentType:   "application/json",
	}
	if doc.id != "" {
		h[gowarc.WarcConcurrentTo] = doc.id
	}
	return w.write(gowarc.Metadata, block, h)
}

// noindex reports whether either usable side's robots directives say
// noindex: the page's text is not retained.
func noindex(p *union.Page) bool {
	for _, s := range p.Sides {
		if s.Usable() && fetch.Noindex(s.Head.Robots) {
			return true
		}
	}
	return false
}
