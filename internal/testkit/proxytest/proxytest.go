// Package proxytest is a tiny logging HTTP forward proxy on loopback, for
// tests that prove webgraph's requests go through --proxy.
package proxytest

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
)

// Via is the header the proxy adds to every request it forwards, so that a
// server can tell a proxied request from a direct one.
const Via = "1.1 webgraph-proxytest"

// Proxy forwards plain-HTTP requests (absolute-URI GET, HEAD, …) to
// loopback hosts and records each one's URL. CONNECT, and any other host
// (a browser's own background requests), are refused: a test never reaches
// beyond 127.0.0.0/8. It is safe for concurrent use.
type Proxy struct {
	*httptest.Server
	mu   sync.Mutex
	urls []string
}

// Start starts a proxy on 127.0.0.1, closed when t ends.
func Start(t testing.TB) *Proxy {
	t.Helper()
	p := &Proxy{}
	tr := &http.Transport{Proxy: nil}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodConnect || !r.URL.IsAbs() {
			http.Error(w, "proxytest: only absolute-URI requests", http.StatusMethodNotAllowed)
			return
		}
		if ip := net.ParseIP(r.URL.Hostname()); ip == nil || !ip.IsLoopback() {
			http.Error(w, "proxytest: loopback hosts only", http.StatusForbidden)
			return
		}
		p.mu.Lock()
		p.urls = append(p.urls, r.Method+" "+r.URL.String())
		p.mu.Unlock()
		out, err := http.NewRequestWithContext(r.Context(), r.Method, r.URL.String(), r.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		out.Header = r.Header.Clone()
		out.Header.Del("Proxy-Connection")
		out.Header.Add("Via", Via)
		resp, err := tr.RoundTrip(out)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		for k, vs := range resp.Header {
			w.Header()[k] = vs
		}
		w.WriteHeader(resp.StatusCode)
		io.Copy(w, resp.Body)
	}))
	t.Cleanup(func() {
		p.Close()
		tr.CloseIdleConnections()
	})
	return p
}

// Requests returns "METHOD URL" for each request forwarded so far.
func (p *Proxy) Requests() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.urls)
}
