package warc

import (
	"time"

	"github.com/nlnwa/gowarc/v2"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
)

// PictureURI is the WARC-Target-URI of a page's picture: its own URI, so that
// a replay tool never serves the image as the page, naming the side
// ("rendered" or "noscript") and the page's URL.
func PictureURI(side, pageURL string) string {
	return "urn:webgraph:screenshot:" + side + ":" + pageURL
}

// writePictures archives the page's two pictures, when it has them
// (crawl --screenshots), as resource records concurrent to the page's
// response record (responseID; when the page has none, each to the other):
// WARC 1.1 allows WARC-Concurrent-To, not WARC-Refers-To, in a resource.
// Called with w.mu held.
func (w *Writer) writePictures(p *union.Page, pageURL, responseID string) error {
	type shot struct {
		side string
		pic  *fetch.Picture
	}
	var shots []shot
	if s := p.Sides[fetch.Rendered]; s != nil && s.Picture != nil {
		shots = append(shots, shot{"rendered", s.Picture})
	}
	if s := p.Sides[fetch.Plain]; s != nil && s.Picture != nil {
		shots = append(shots, shot{"noscript", s.Picture})
	}
	if len(shots) == 0 {
		return nil
	}
	if pageURL == "" {
		pageURL = p.FinalURL
	}
	ids := make([]string, len(shots))
	for i := range shots {
		ids[i] = newID()
	}
	date := w.now().UTC().Format(time.RFC3339Nano)
	for i, s := range shots {
		h := map[string]string{
			gowarc.WarcRecordID:  ids[i],
			gowarc.WarcTargetURI: PictureURI(s.side, pageURL),
			gowarc.WarcDate:      date,
			gowarc.ContentType:   s.pic.Type,
		}
		switch {
		case responseID != "":
			h[gowarc.WarcConcurrentTo] = responseID
		case len(shots) == 2:
			h[gowarc.WarcConcurrentTo] = ids[1-i]
		}
		if err := w.write(gowarc.Resource, s.pic.Data, h); err != nil {
			return err
		}
	}
	return nil
}
