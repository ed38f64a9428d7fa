package fetch

import "io"

// DrainLimit is how much of a response body that was not read Close reads
// before closing it. A short rest (an error page, a small file, robots.txt's
// 404) is read so that the connection carries the next request instead of
// a new one being opened, as net/http does itself for redirects; a longer
// one is not worth the wait, and its connection is closed.
const DrainLimit = 4 << 10

// Close reads at most DrainLimit bytes left in body, then closes it. The
// read ends with the request's context, like any read of the body.
func Close(body io.ReadCloser) error {
	io.CopyN(io.Discard, body, DrainLimit)
	return body.Close()
}
