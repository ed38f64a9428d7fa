package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/warc"
)

// TestWARCDecodedBody: a page served compressed (br, zstd) is archived with
// the body as read, decoded, under a head that no longer claims the
// Content-Encoding or the Content-Length of the body as sent; the archive's
// digests hold and webgraph warc reads it back.
func TestWARCDecodedBody(t *testing.T) {
	srv, _ := sites.Serve(t, "world")
	dir := t.TempDir()
	db, file := filepath.Join(dir, "crawl.db"), filepath.Join(dir, "crawl.warc.gz")
	_, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--depth", "0", "--db", db, "--warc", file,
		"--host-interval", "0", "--delay", "0", srv.URL+"/br.html", srv.URL+"/zstd.html")
	if code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	responses := map[string][]byte{}
	if err := warc.Read(file, func(r warc.Record) error {
		if r.Type == "response" {
			responses[r.TargetURI] = r.Block
		}
		return nil
	}); err != nil {
		t.Fatalf("reading the archive: %v", err)
	}
	for path, title := range map[string]string{"/br.html": "Bread before six (brotli)", "/zstd.html": "Bread before six (zstd)"} {
		block, ok := responses[srv.URL+path]
		head, body, _ := bytes.Cut(block, []byte("\r\n\r\n"))
		if !ok || !bytes.Contains(body, []byte("<title>"+title+"</title>")) {
			t.Errorf("%s: response block %q; want the decoded page", path, block)
		}
		if h := strings.ToLower(string(head)); strings.Contains(h, "content-encoding") || strings.Contains(h, "content-length") {
			t.Errorf("%s: the archived head %q claims the body as sent", path, head)
		}
	}
	lines, errOut, code := webgraph(t, "warc", file)
	if code != exitOK || !strings.Contains(lines, `"type":"response"`) {
		t.Fatalf("warc: exit %d\n%s%s", code, lines, errOut)
	}
}
