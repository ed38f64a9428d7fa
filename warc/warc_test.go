package warc

import (
	"net/textproto"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
)

// TestRoundTrip writes one page's records and reads them back: request and
// response linked both ways, the DOM a resource of its own URI concurrent
// to the response, the page's record last, digests that check, and a
// target URI that cannot smuggle a header in.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "a.warc.gz")
	w, err := Create(path, false, "webgraph/test\r\nWARC-Type: evil")
	if err != nil {
		t.Fatal(err)
	}
	evil := "http://127.0.0.1/a\r\nWARC-Type: revisit"
	p := &union.Page{URL: evil, FinalURL: evil, Title: "A", Sides: map[fetch.Name]*fetch.Side{
		fetch.Plain: {Name: fetch.Plain, FinalURL: evil, Exchange: &fetch.Exchange{
			Request:      []byte("GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
			ResponseHead: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"),
			Body:         []byte("<p>plain</p>"), At: time.Date(2026, 12, 3, 7, 21, 30, 0, time.UTC)}},
		fetch.Rendered: {Name: fetch.Rendered, FinalURL: evil, DOM: "<html><body><p>rendered</p></body></html>"},
	}}
	if err := w.WritePage(p); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var recs []Record
	if err := Read(path, func(r Record) error { recs = append(recs, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 5 {
		t.Fatalf("%d records; want warcinfo, response, request, resource, metadata: %+v", len(recs), recs)
	}
	info, resp, req, dom, page := recs[0], recs[1], recs[2], recs[3], recs[4]
	if info.Type != "warcinfo" || resp.Type != "response" || req.Type != "request" || dom.Type != "resource" || page.Type != "metadata" {
		t.Errorf("types = %s %s %s %s %s", info.Type, resp.Type, req.Type, dom.Type, page.Type)
	}
	if strings.Contains(string(info.Block), "\nWARC-Type") {
		t.Errorf("warcinfo block carries an injected field: %q", info.Block)
	}
	want := "http://127.0.0.1/a%0D%0AWARC-Type: revisit"
	for _, r := range []Record{resp, req} {
		if r.TargetURI != want {
			t.Errorf("%s target = %q; want %q", r.Type, r.TargetURI, want)
		}
	}
	if dom.TargetURI != DOMURI(want) || page.TargetURI != PageURI(want) {
		t.Errorf("DOM at %q, page record at %q; want %q, %q", dom.TargetURI, page.TargetURI, DOMURI(want), PageURI(want))
	}
	if resp.ConcurrentTo != req.ID || req.ConcurrentTo != resp.ID || dom.ConcurrentTo != resp.ID || page.ConcurrentTo != resp.ID {
		t.Errorf("links: response→%s request→%s DOM→%s page→%s; ids %s %s", resp.ConcurrentTo, req.ConcurrentTo, dom.ConcurrentTo, page.ConcurrentTo, resp.ID, req.ID)
	}
	if !strings.HasPrefix(resp.PayloadDigest, "sha1:") || len(resp.PayloadDigest) != 5+32 {
		t.Errorf("payload digest = %q; want sha1 in base32", resp.PayloadDigest)
	}
	if !strings.HasSuffix(string(resp.Block), "<p>plain</p>") || string(dom.Block) != "<html><body><p>rendered</p></body></html>" {
		t.Errorf("blocks: response %q DOM %q", resp.Block, dom.Block)
	}
	if p.Sides[fetch.Plain].Exchange != nil || p.Sides[fetch.Rendered].DOM != "" {
		t.Error("the page still holds what was archived")
	}
}

func TestHeaderValue(t *testing.T) {
	t.Parallel()
	if got := headerValue("a\r\nb\x00c\x7fd é"); got != "a%0D%0Ab%00c%7Fd é" {
		t.Errorf("headerValue = %q", got)
	}
}

// Credentials never go into a request record: Authorization, Cookie and
// the headers named with Redact keep their names and lose their values;
// every other line is kept as sent.
//
// Not parallel: the WARC library sets a global of its UUID package as it
// builds a record, which one Writer serialises but two at once would race on.
func TestRequestCredentialsRedacted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.warc.gz")
	w, err := Create(path, false, "webgraph/test")
	if err != nil {
		t.Fatal(err)
	}
	w.Redact("x-staging-token")
	req := "GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer tok-secret-1\r\nx-STAGING-token: tok-secret-2\r\n" +
		"Cookie: session=tok-secret-3\r\n\tfolded=tok-secret-4\r\nAccept: text/html\r\n\r\n"
	p := &union.Page{URL: "http://127.0.0.1/a", Sides: map[fetch.Name]*fetch.Side{
		fetch.Plain: {Name: fetch.Plain, FinalURL: "http://127.0.0.1/a", Exchange: &fetch.Exchange{
			Request: []byte(req), ResponseHead: []byte("HTTP/1.1 200 OK\r\n\r\n"), Body: []byte("ok"), At: time.Now()}},
	}}
	if err := w.WritePage(p); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var block string
	if err := Read(path, func(r Record) error {
		if r.Type == "request" {
			block = string(r.Block)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := "GET /a HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: " + Redacted + "\r\nx-STAGING-token: " + Redacted + "\r\n" +
		"Cookie: " + Redacted + "\r\nAccept: text/html\r\n\r\n"
	if block != want {
		t.Errorf("request record:\n%q\nwant\n%q", block, want)
	}
	if strings.Contains(block, "tok-secret") {
		t.Errorf("a credential is in the archive: %q", block)
	}
}

// FuzzRedactRequest: whatever the request head, every line of a secret
// header in the record carries the marker and nothing else, and no folded
// continuation of it survives.
func FuzzRedactRequest(f *testing.F) {
	f.Add([]byte("GET / HTTP/1.1\r\nHost: h\r\nCookie: a=b\r\n c=d\r\nAccept: */*\r\n\r\nbody"))
	f.Add([]byte("GET / HTTP/1.1\r\nauthorization : Bearer x\r\n\r\n"))
	f.Add([]byte("Cookie: first-line\r\n\r\n"))
	secret := map[string]bool{"Authorization": true, "Cookie": true, "Proxy-Authorization": true, "X-Token": true}
	f.Fuzz(func(t *testing.T, req []byte) {
		out := redactRequest(req, secret)
		head, _, _ := strings.Cut(string(out), "\r\n\r\n")
		redacted := false
		for i, l := range strings.Split(head, "\r\n") {
			if i > 0 && len(l) > 0 && (l[0] == ' ' || l[0] == '\t') {
				if redacted {
					t.Fatalf("a continuation of a secret header survives: %q in %q", l, out)
				}
				continue
			}
			redacted = false
			name, value, ok := strings.Cut(l, ":")
			if i == 0 || !ok || !secret[textproto.CanonicalMIMEHeaderKey(strings.TrimSpace(name))] {
				continue
			}
			if strings.TrimSpace(value) != Redacted {
				t.Fatalf("secret header kept its value: %q in %q", l, out)
			}
			redacted = true
		}
	})
}
