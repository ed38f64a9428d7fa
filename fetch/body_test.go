package fetch

import (
	"compress/gzip"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestCloseDrainsOnlyShortStatedBodies asks one server twice per case and
// counts its connections: a short body of stated length is read so that the
// second request reuses the first one's connection; any other body is
// closed unread, and a body that never ends must not hold Close.
func TestCloseDrainsOnlyShortStatedBodies(t *testing.T) {
	cases := []struct {
		name      string
		handler   func(w http.ResponseWriter, r *http.Request, stall <-chan struct{})
		wantConns int64
	}{
		{"a short 404 of stated length", func(w http.ResponseWriter, r *http.Request, _ <-chan struct{}) {
			http.NotFound(w, r)
		}, 1},
		{"a long body of stated length", func(w http.ResponseWriter, r *http.Request, _ <-chan struct{}) {
			body := strings.Repeat("x", DrainLimit+1)
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Write([]byte(body))
		}, 2},
		{"a body of unknown length that stalls", func(w http.ResponseWriter, r *http.Request, stall <-chan struct{}) {
			w.Header().Set("Content-Type", "application/zip")
			w.Write([]byte("PK"))
			w.(http.Flusher).Flush() // chunked: no length stated
			<-stall
		}, 2},
		{"a short body that stalls before its stated end", func(w http.ResponseWriter, r *http.Request, stall <-chan struct{}) {
			w.Header().Set("Content-Length", "100")
			w.Write([]byte("x"))
			w.(http.Flusher).Flush()
			<-stall
		}, 2},
		{"a compressed body net/http unpacks", func(w http.ResponseWriter, r *http.Request, stall <-chan struct{}) {
			w.Header().Set("Content-Encoding", "gzip")
			w.WriteHeader(http.StatusNotFound)
			zw := gzip.NewWriter(w)
			zw.Write([]byte("not found"))
			zw.Flush()
			w.(http.Flusher).Flush()
			<-stall // a stream of empty blocks would never end either
		}, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			stall := make(chan struct{})
			var conns atomic.Int64
			ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { tc.handler(w, r, stall) }))
			ts.Config.ConnState = func(_ net.Conn, s http.ConnState) {
				if s == http.StateNew {
					conns.Add(1)
				}
			}
			ts.Start()
			defer ts.Close()
			defer close(stall) // before ts.Close: the stalled handlers end
			client := &http.Client{Transport: &http.Transport{}}
			defer client.CloseIdleConnections()
			for range 2 {
				resp, err := client.Get(ts.URL + "/x")
				if err != nil {
					t.Fatal(err)
				}
				closed := make(chan struct{})
				go func() { Close(resp); close(closed) }()
				select {
				case <-closed:
				case <-time.After(10 * time.Second): // a hang, not a timing: Close must not wait on the server
					t.Fatal("Close waits for a body that does not end")
				}
			}
			if got := conns.Load(); got != tc.wantConns {
				t.Errorf("%d connections for two requests; want %d", got, tc.wantConns)
			}
		})
	}
}
