package fetch

import (
	"io"
	"net/http"
	"time"
)

// DrainLimit is the longest body Close reads before closing it, and
// DrainWait how long it waits for it.
const (
	DrainLimit = 4 << 10
	DrainWait  = 100 * time.Millisecond
)

// Close closes resp's body. When the rest is a short body whose length
// the answer states (an error page, robots.txt's 404, a small file), sent
// over HTTP/1.1 as it is, Close reads it first: the connection then carries
// the next request instead of a new one being opened (on a real site, a new
// TLS handshake), as net/http does itself for redirects. Nothing else is
// read: not a longer body, not one of unknown length, not one that net/http
// decompresses (a few bytes can inflate to nothing for ever), and not over
// HTTP/2, where closing a body ends only its stream. A server sends such a
// body with its headers; one that makes Close wait more than DrainWait
// loses the connection instead.
func Close(resp *http.Response) error {
	if resp.ProtoMajor == 1 && !resp.Uncompressed && resp.ContentLength >= 0 && resp.ContentLength <= DrainLimit {
		// Closing the body ends a read that waits on the server.
		t := time.AfterFunc(DrainWait, func() { resp.Body.Close() })
		io.CopyN(io.Discard, resp.Body, DrainLimit)
		t.Stop()
	}
	return resp.Body.Close()
}
