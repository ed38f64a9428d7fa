// Package memnet is a network in memory for tests that run in a synctest
// bubble: http.Servers listening by host:port on connections made with
// net.Pipe, and a transport that dials them.
//
// A loopback socket cannot be in a bubble (a read on one is not durably
// blocking, so the bubble's clock would never move). On memnet every wait
// of a request (the pipes' reads and writes, the transport's and the
// server's goroutines) is a channel operation of the bubble: the clock
// moves only when everything waits, and a server's time.Now is the moment
// the request was sent, exactly, however loaded the machine. Spacing and
// ordering can then be read off the servers' own logs.
//
// One caution: a goroutine blocked on a sync.Mutex is not durably blocked.
// Code under test that holds a mutex while it waits for the bubble's clock
// stalls the bubble (go test -timeout ends it, with every goroutine's
// stack), where channels would let it run.
package memnet

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// Net is a network of the servers started on it. Make it, serve on it and
// send on it inside one synctest.Test; its servers and idle connections are
// closed by t.Cleanup, inside the bubble. It is safe for concurrent use.
type Net struct {
	t     testing.TB
	mu    sync.Mutex
	hosts map[string]*listener
	tr    *http.Transport
}

// New returns an empty network, cleaned up when t ends.
func New(t testing.TB) *Net {
	n := &Net{t: t, hosts: map[string]*listener{}}
	n.tr = &http.Transport{DialContext: n.Dial}
	t.Cleanup(n.tr.CloseIdleConnections)
	return n
}

// Serve starts h on host (a name or an IP, with a port or on 80) and
// returns its base URL, "http://" + host.
func (n *Net) Serve(host string, h http.Handler) string {
	addr := host
	if _, _, err := net.SplitHostPort(host); err != nil {
		addr = net.JoinHostPort(strings.Trim(host, "[]"), "80")
	}
	ln := &listener{addr: addr, conns: make(chan net.Conn), done: make(chan struct{})}
	n.mu.Lock()
	if n.hosts[addr] != nil {
		n.mu.Unlock()
		n.t.Fatalf("memnet: %s is served twice", addr)
	}
	n.hosts[addr] = ln
	n.mu.Unlock()
	srv := &http.Server{Handler: h}
	served := make(chan struct{})
	go func() {
		defer close(served)
		srv.Serve(ln)
	}()
	n.t.Cleanup(func() {
		srv.Close()
		<-served
	})
	return "http://" + host
}

// Transport returns the network's transport: every request it sends goes
// to a server of n. Its idle connections are closed when the test ends.
func (n *Net) Transport() *http.Transport { return n.tr }

// Dial connects to a server of n. Any other address is refused, as nothing
// else exists on this network.
func (n *Net) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	n.mu.Lock()
	ln := n.hosts[addr]
	n.mu.Unlock()
	if ln == nil {
		return nil, &net.OpError{Op: "dial", Net: network, Err: errors.New("connection refused: memnet serves nothing on " + addr)}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	client, server := net.Pipe()
	select {
	case ln.conns <- server:
		return client, nil
	case <-ln.done:
		return nil, &net.OpError{Op: "dial", Net: network, Err: net.ErrClosed}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// listener hands the server ends of Net's pipes to an http.Server.
type listener struct {
	addr  string
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
}

func (l *listener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *listener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *listener) Addr() net.Addr { return addr(l.addr) }

type addr string

func (a addr) Network() string { return "memnet" }
func (a addr) String() string  { return string(a) }
