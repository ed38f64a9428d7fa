package sites

import (
	"net"
	"net/http/httptest"
	"testing"
)

// Serve starts the fixture site name on 127.0.0.1 and closes it when the test
// ends. It returns the server and its handler (for request counts).
func Serve(tb testing.TB, name string) (*httptest.Server, *Handler) {
	tb.Helper()
	return ServeOn(tb, name, "127.0.0.1")
}

// ServeOn is Serve on another loopback address, such as 127.0.0.2, so that
// one machine can hold several hosts.
func ServeOn(tb testing.TB, name, ip string) (*httptest.Server, *Handler) {
	tb.Helper()
	h := New(Dir(name))
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		tb.Fatalf("sites: listen on %s: %v", ip, err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	tb.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	return ts, h
}
