package warc

import (
	"bytes"
	"path/filepath"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
)

// TestPictures writes a page with its two pictures: each a resource record
// of its own URI holding the image as given, concurrent to the page's
// response.
//
// Not parallel: the WARC library sets a global of its UUID package for every
// record it builds, so two Writers at once (two tests) race on it.
func TestPictures(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.warc.gz")
	w, err := Create(path, false, "webgraph/test")
	if err != nil {
		t.Fatal(err)
	}
	page := "http://127.0.0.1/app.html"
	ren := &fetch.Picture{Data: []byte("\xff\xd8rendered"), Type: "image/jpeg", Width: 640, Height: 360}
	ns := &fetch.Picture{Data: []byte("\xff\xd8served"), Type: "image/jpeg", Width: 640, Height: 360}
	p := &union.Page{URL: page, FinalURL: page, Sides: map[fetch.Name]*fetch.Side{
		fetch.Plain: {Name: fetch.Plain, FinalURL: page, Picture: ns, Exchange: &fetch.Exchange{
			Request:      []byte("GET /app.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
			ResponseHead: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"),
			Body:         []byte("<div id=root></div>"), At: time.Now()}},
		fetch.Rendered: {Name: fetch.Rendered, FinalURL: page, Picture: ren},
	}}
	if err := w.WritePage(p); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	byType := map[string][]Record{}
	if err := Read(path, func(r Record) error { byType[r.Type] = append(byType[r.Type], r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(byType["response"]) != 1 || len(byType["resource"]) != 2 {
		t.Fatalf("records %v; want one response and two resources", byType)
	}
	resp, a, b := byType["response"][0], byType["resource"][0], byType["resource"][1]
	for _, r := range []struct {
		rec  Record
		uri  string
		data []byte
	}{{a, PictureURI("rendered", page), ren.Data}, {b, PictureURI("noscript", page), ns.Data}} {
		if r.rec.TargetURI != r.uri || r.rec.ContentType != "image/jpeg" || !bytes.Equal(r.rec.Block, r.data) {
			t.Errorf("resource %s: target %q, type %q, block %q; want %q, image/jpeg, %q", r.rec.ID, r.rec.TargetURI, r.rec.ContentType, r.rec.Block, r.uri, r.data)
		}
		if r.rec.ConcurrentTo != resp.ID {
			t.Errorf("resource %s concurrent to %q; want the response %q", r.rec.ID, r.rec.ConcurrentTo, resp.ID)
		}
	}
}
