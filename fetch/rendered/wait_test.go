package rendered_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
)

// waitLimit bounds every wait of these tests for something the browser does
// on its own time (a tab to close, a connection to end). It is generous: the
// waits end as soon as their condition holds, and a loaded machine running
// browsers side by side can take seconds.
const waitLimit = 30 * time.Second

// eventually looks at cond every 50 ms until it returns nil, and fails the
// test with cond's last error if that does not happen within waitLimit.
// cond's error says what is still wrong.
func eventually(t *testing.T, cond func() error) {
	t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		err := cond()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("still, after %s: %v", waitLimit, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// closeOnce returns f's Close as a function that closes it once, and closes
// it at the test's end if the test did not: a test that checks what is left
// after Close calls it, one that fails before still closes the browser.
func closeOnce(t *testing.T, f *rendered.Fetcher) func() error {
	closeF := sync.OnceValue(f.Close)
	t.Cleanup(func() { closeF() })
	return closeF
}

// watch makes l follow the connections of ts, which must not be started
// yet, so that drained can tell when l is complete.
func (l *accessLog) watch(ts *httptest.Server) {
	l.mu.Lock()
	l.open = map[net.Conn]bool{}
	l.addr = ts.Listener.Addr().String()
	l.mu.Unlock()
	ts.Config.ConnState = func(c net.Conn, s http.ConnState) {
		l.mu.Lock()
		defer l.mu.Unlock()
		switch s {
		case http.StateNew:
			l.open[c] = true
			l.peers = append(l.peers, c.RemoteAddr().String())
		case http.StateClosed, http.StateHijacked:
			delete(l.open, c)
		}
	}
}

// accepted returns how many connections the watched server accepted, less
// drained's own.
func (l *accessLog) accepted() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, p := range l.peers {
		if !l.markers[p] {
			n++
		}
	}
	return n
}

// drained waits until the servers behind logs (each watched) have accepted
// every connection made to them and none is open any more. It is called
// after the fetcher's Close, when nothing of webgraph's is left in the
// browser to ask for anything (its own browser has exited; on a running
// browser its browser context is gone, and that context's connections with
// it). A connection of drained's own, made then, is accepted after every
// earlier one (a listener accepts in order); once it is, and every
// connection is closed, each request that reached a server was read and
// logged: what a log lacks was never asked for. (The gate's robots.txt
// client keeps no connection open; see newGate.)
func drained(t *testing.T, logs ...*accessLog) {
	t.Helper()
	for _, l := range logs {
		l.mu.Lock()
		addr := l.addr
		l.mu.Unlock()
		if addr == "" {
			t.Fatal("drained: the log's server is not watched")
		}
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("drained: %v", err)
		}
		marker := c.LocalAddr().String()
		c.Close()
		l.mu.Lock()
		if l.markers == nil {
			l.markers = map[string]bool{}
		}
		l.markers[marker] = true
		l.mu.Unlock()
		eventually(t, func() error {
			l.mu.Lock()
			defer l.mu.Unlock()
			if !slices.Contains(l.peers, marker) {
				return fmt.Errorf("the server at %s has not accepted a connection made after Close", addr)
			}
			if n := len(l.open); n > 0 {
				return fmt.Errorf("%d connection(s) to the server at %s still open after Close (its log so far: %q)", n, addr, l.paths)
			}
			return nil
		})
	}
}
