package sites

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// CA is a certificate authority made for one test: no system trusts it,
// so a client reaches a site it signed only when told to trust it
// (--ca-cert) or to trust anything (--insecure).
type CA struct {
	Cert *x509.Certificate
	key  *ecdsa.PrivateKey
	// PEM is Cert, PEM-encoded, as a --ca-cert file holds it.
	PEM []byte
}

// NewCA makes a CA valid from an hour ago for a day.
func NewCA(tb testing.TB) *CA {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatalf("sites: CA key: %v", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "webgraph test CA", Organization: []string{"webgraph tests"}},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
		BasicConstraintsValid: true,
		IsCA:                  true,
		MaxPathLenZero:        true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatalf("sites: CA certificate: %v", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		tb.Fatalf("sites: CA certificate: %v", err)
	}
	return &CA{Cert: cert, key: key, PEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
}

// Pool returns a pool holding the CA alone.
func (ca *CA) Pool() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(ca.Cert)
	return p
}

// File writes the CA's PEM to a file in the test's temporary directory and
// returns its path.
func (ca *CA) File(tb testing.TB) string {
	tb.Helper()
	p := filepath.Join(tb.TempDir(), "ca.pem")
	if err := os.WriteFile(p, ca.PEM, 0o644); err != nil {
		tb.Fatalf("sites: writing the CA: %v", err)
	}
	return p
}

// Leaf returns a server certificate signed by the CA for the given IP
// addresses and DNS names. The chain it presents is the leaf alone, as
// most servers present a root: the CA must be trusted, not sent.
func (ca *CA) Leaf(tb testing.TB, ips []net.IP, names ...string) tls.Certificate {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatalf("sites: leaf key: %v", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	if err != nil {
		tb.Fatalf("sites: serial: %v", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "webgraph test site"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IPAddresses:  ips,
		DNSNames:     names,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.Cert, &key.PublicKey, ca.key)
	if err != nil {
		tb.Fatalf("sites: leaf certificate: %v", err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// ServeTLS is Serve over TLS: the fixture site name on 127.0.0.1 with a
// certificate signed by ca for 127.0.0.1, ::1 and localhost, offering
// HTTP/2 and HTTP/1.1 (ALPN). Each Hit's Proto says which a request came
// in on.
func ServeTLS(tb testing.TB, name string, ca *CA) (*httptest.Server, *Handler) {
	tb.Helper()
	return ServeTLSOn(tb, name, "127.0.0.1", ca)
}

// ServeTLSOn is ServeTLS on another loopback address.
func ServeTLSOn(tb testing.TB, name, ip string, ca *CA) (*httptest.Server, *Handler) {
	tb.Helper()
	h := New(Dir(name))
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		tb.Fatalf("sites: listen on %s: %v", ip, err)
	}
	ts := httptest.NewUnstartedServer(h)
	ts.Listener.Close()
	ts.Listener = ln
	ts.EnableHTTP2 = true
	ts.TLS = &tls.Config{
		Certificates: []tls.Certificate{ca.Leaf(tb, []net.IP{net.ParseIP(ip), net.IPv6loopback}, "localhost")},
		NextProtos:   []string{"h2", "http/1.1"},
	}
	ts.StartTLS()
	tb.Cleanup(func() {
		ts.CloseClientConnections()
		ts.Close()
	})
	return ts, h
}
