package policy

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/proxytest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// serveCounting serves on ip (a loopback address) and counts the requests
// that reach it.
func serveCounting(t *testing.T, ip string, hits *atomic.Int32) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Write([]byte("ok"))
	}))
	s.Listener.Close()
	s.Listener = ln
	s.Start()
	t.Cleanup(s.Close)
	return s
}

// Under BlockPrivate, the transport a gate is given refuses a connection to
// a private address for a host the operator did not name, whatever the
// gate's own look-up said: a name that answered a public address to the
// gate's question and a private one when dialled reaches nothing. The
// named origin, itself private, and its twin on the other default port are
// reached; without BlockPrivate nothing is refused.
func TestTransportRefusesPrivateAtConnect(t *testing.T) {
	t.Parallel()
	var named, victim atomic.Int32
	seedSrv := serveCounting(t, "127.0.0.1", &named)
	victimSrv := serveCounting(t, "127.0.0.2", &victim)
	_, victimPort, _ := net.SplitHostPort(victimSrv.Listener.Addr().String())
	for _, block := range []bool{true, false} {
		var flips atomic.Int32
		if !block {
			flips.Store(1) // no question is asked of the gate: the dial is the first look-up
		}
		n := &Network{
			Public: func(ip netip.Addr) bool { return ip == netip.MustParseAddr("127.0.0.3") },
			LookupHost: func(ctx context.Context, host string) ([]netip.Addr, error) {
				if host != "flip.example" {
					return nil, errors.New("no such host")
				}
				if flips.Add(1) == 1 {
					return []netip.Addr{netip.MustParseAddr("127.0.0.3")}, nil
				}
				return []netip.Addr{netip.MustParseAddr("127.0.0.2")}, nil
			},
		}
		seed, _ := url.Parse(seedSrv.URL + "/")
		scope, err := NewScope([]*url.URL{seed}, nil, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGate(GateConfig{Scope: scope, UserAgent: "test", BlockPrivate: block, Network: n})
		victim.Store(0)
		flip, _ := url.Parse("http://flip.example:" + victimPort + "/")
		resp, err := g.Do(context.Background(), http.MethodGet, flip, LinkCheck, nil)
		var pe *PrivateAddrError
		switch {
		case block && (!errors.As(err, &pe) || pe.Host != "flip.example" || pe.Addr != "127.0.0.2" || victim.Load() != 0):
			t.Errorf("block: a link check of %s: %v (%d requests reached the private host); want refused at connect", flip, err, victim.Load())
		case !block && (err != nil || victim.Load() != 1):
			t.Errorf("no block: a link check of %s: %v (%d requests reached it); want it asked", flip, err, victim.Load())
		}
		if err == nil {
			resp.Body.Close()
		}
		if resp, err := g.Do(context.Background(), http.MethodGet, seed, Probe, nil); err != nil {
			t.Errorf("block %v: the named origin on loopback: %v", block, err)
		} else {
			resp.Body.Close()
		}
	}
	if named.Load() != 2 {
		t.Errorf("the named origin was asked %d times; want 2", named.Load())
	}
	a := newPrivateAllowed([]string{"http://intranet.example", "https://other.example:8443"})
	for hp, want := range map[[2]string]bool{
		{"intranet.example", "80"}: true, {"INTRANET.example", "443"}: true, {"intranet.example", "8080"}: false,
		{"other.example", "8443"}: true, {"other.example", "443"}: false, {"elsewhere.example", "80"}: false,
	} {
		if got := a.addr(hp[0], hp[1]); got != want {
			t.Errorf("may %s:%s be private = %v; want %v", hp[0], hp[1], got, want)
		}
	}
}

// A proxy on a private network is the operator's choice: under
// BlockPrivate the gate's requests reach the named origin through it.
func TestTransportAllowsPrivateProxy(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	site := serveCounting(t, "127.0.0.2", &hits)
	proxy := proxytest.Start(t)
	pu, _ := url.Parse(proxy.URL)
	seed, _ := url.Parse(site.URL + "/")
	scope, err := NewScope([]*url.URL{seed}, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGate(GateConfig{Scope: scope, UserAgent: "test", BlockPrivate: true, Proxy: pu})
	resp, err := g.Do(context.Background(), http.MethodGet, seed, Probe, nil)
	if err != nil {
		t.Fatalf("through the proxy on loopback: %v", err)
	}
	resp.Body.Close()
	if len(proxy.Requests()) != 1 || hits.Load() != 1 {
		t.Errorf("proxy saw %v, site %d requests; want one each", proxy.Requests(), hits.Load())
	}
}

// Through a proxy the transport shakes hands itself, and the name the
// connection asked for decides: under --insecure any certificate from an
// approved https origin, the others verified by the roots; an address
// (no name) only when an approved origin is an address.
func TestInsecureNarrowedThroughProxy(t *testing.T) {
	t.Parallel()
	ca := sites.NewCA(t) // trusted by nobody
	leaf, err := x509.ParseCertificate(ca.Leaf(t, nil, "approved.example", "other.example").Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		seeds []string
		name  string
		ok    bool
	}{
		{[]string{"https://approved.example/"}, "approved.example", true},
		{[]string{"https://approved.example/"}, "APPROVED.example", true},
		{[]string{"https://approved.example/"}, "other.example", false},
		{[]string{"http://other.example/"}, "other.example", false}, // not https: not meant for TLS
		{[]string{"https://approved.example/"}, "", false},
		{[]string{"https://127.0.0.1:8443/"}, "", true},
	} {
		var seeds []*url.URL
		for _, s := range tc.seeds {
			u, _ := url.Parse(s)
			seeds = append(seeds, u)
		}
		scope, err := NewScope(seeds, nil, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		tcfg, _ := TLSConfig(nil, true)
		tr := NewTransportTLS(nil, tcfg)
		NewGate(GateConfig{Scope: scope, UserAgent: "test", Transport: tr})
		err = tr.TLSClientConfig.VerifyConnection(tls.ConnectionState{ServerName: tc.name, PeerCertificates: []*x509.Certificate{leaf}})
		var ve *tls.CertificateVerificationError
		if (err == nil) != tc.ok || (err != nil && !errors.As(err, &ve)) {
			t.Errorf("seeds %v, a connection asking for %q: %v; want accepted %v", tc.seeds, tc.name, err, tc.ok)
		}
	}
}
