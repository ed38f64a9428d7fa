package rendered

import (
	"testing"

	"github.com/chromedp/cdproto/network"
)

// TestArchivedHeads: a response's head says what the archived body is (the
// encodings the browser undid not named, Content-Length the body's), keeps
// each value of a repeated header (the browser joins them with newlines)
// on a line of its own under its name, and lets no other control character
// through; a request's head is HTTP/1.1 with its Host.
func TestArchivedHeads(t *testing.T) {
	t.Parallel()
	resp := &network.Response{Status: 404, Headers: network.Headers{
		"content-encoding": "br", "Transfer-Encoding": "chunked", "content-length": "10",
		"set-cookie": "a=1\nb=2", "x-evil": "v\r\nInjected: yes\x00\x7f", ":status": "404", "content-type": "text/html",
	}}
	want := "HTTP/1.1 404 Not Found\r\ncontent-type: text/html\r\nset-cookie: a=1\r\nset-cookie: b=2\r\nx-evil: v\r\nx-evil: Injected: yes\r\nContent-Length: 42\r\n\r\n"
	if got := string(responseHead(resp, 42)); got != want {
		t.Errorf("response head\n%q\nwant\n%q", got, want)
	}
	x := &exchange{method: "GET", url: "http://127.0.0.1:8000/a/b.js?v=1", reqHead: network.Headers{"Accept": "*/*", "Host": "other", ":authority": "x"}}
	if got, want := string(requestHead(x)), "GET /a/b.js?v=1 HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nAccept: */*\r\n\r\n"; got != want {
		t.Errorf("request head\n%q\nwant\n%q", got, want)
	}
}
