package policy

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"time"

	"github.com/webgraph/webgraph/fetch"
)

// NewTransport returns the transport for a command's plain HTTP requests
// (robots.txt, sitemaps, probes, link checks and the plain side's pages):
// one pool of connections, so that a host's robots.txt, sitemaps and pages
// share their connections and TLS handshakes. 10 seconds to connect or
// shake hands, HTTP/2 when the server offers it, and every request through
// proxy when it is set (loopback hosts included), else through the proxy
// the environment names (HTTP_PROXY, HTTPS_PROXY, NO_PROXY), as net/http
// does.
func NewTransport(proxy *url.URL) *http.Transport {
	return NewTransportTLS(proxy, nil)
}

// NewTransportTLS is NewTransport verifying servers by tc (see TLSConfig);
// nil verifies them by the system's roots alone. HTTP/2 is still offered:
// a Transport given its own TLS configuration speaks it only when told to
// (ForceAttemptHTTP2).
func NewTransportTLS(proxy *url.URL, tc *tls.Config) *http.Transport {
	return &http.Transport{Proxy: ProxyFunc(proxy), DialContext: (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		TLSClientConfig: tc, TLSHandshakeTimeout: 10 * time.Second, ForceAttemptHTTP2: true, MaxIdleConnsPerHost: 8, IdleConnTimeout: 90 * time.Second}
}

// ProxyFunc returns the http.Transport Proxy function for proxy: every
// request through it, or the environment's proxy when proxy is nil.
func ProxyFunc(proxy *url.URL) func(*http.Request) (*url.URL, error) {
	if proxy == nil {
		return http.ProxyFromEnvironment
	}
	return http.ProxyURL(proxy)
}

// CACertError reports a --ca-cert file that holds no usable certificate.
type CACertError struct {
	File   string
	Reason string
}

func (e *CACertError) Error() string { return e.File + ": " + e.Reason }

// LoadCACerts reads the PEM certificates of each file (one file may hold
// several). A file that cannot be read, holds no CERTIFICATE block, or
// holds one that does not parse is a *CACertError.
func LoadCACerts(files []string) ([]*x509.Certificate, error) {
	var certs []*x509.Certificate
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, &CACertError{File: f, Reason: err.Error()}
		}
		n := 0
		for {
			var block *pem.Block
			block, b = pem.Decode(b)
			if block == nil {
				break
			}
			if block.Type != "CERTIFICATE" {
				continue
			}
			c, err := x509.ParseCertificate(block.Bytes)
			if err != nil {
				return nil, &CACertError{File: f, Reason: "a CERTIFICATE block does not parse: " + err.Error()}
			}
			certs = append(certs, c)
			n++
		}
		if n == 0 {
			return nil, &CACertError{File: f, Reason: "no PEM certificate in it (want -----BEGIN CERTIFICATE-----)"}
		}
	}
	return certs, nil
}

// TLSConfig returns the TLS configuration of the plain requests: servers
// verified by the system's roots and the extra roots cas; with insecure,
// not verified at all (any certificate accepted, said by the caller),
// which a Gate narrows to its approved origins on the transport it is given
// (every other host is verified by the same roots). With neither it returns
// nil: the system's roots alone.
func TLSConfig(cas []*x509.Certificate, insecure bool) (*tls.Config, error) {
	if !insecure && len(cas) == 0 {
		return nil, nil
	}
	cfg := &tls.Config{InsecureSkipVerify: insecure}
	if len(cas) > 0 {
		pool, err := x509.SystemCertPool()
		if err != nil || pool == nil {
			pool = x509.NewCertPool() // no system roots readable: the extra ones alone
		}
		for _, c := range cas {
			pool.AddCert(c)
		}
		cfg.RootCAs = pool
	}
	return cfg, nil
}

// narrowInsecure makes t, whose TLS configuration accepts any certificate
// (--insecure), accept any only from the approved origins: the operator
// meant those. Every other host (a link check, robots.txt or a sitemap
// elsewhere) is verified as without the flag, by t's roots. t shakes hands
// itself, knowing the host and port it dialled (an address has no name to
// send); through a proxy, where the transport does, the name the
// connection asked for (SNI) decides.
func (g *Gate) narrowInsecure(t *http.Transport) {
	base := t.TLSClientConfig.Clone()
	base.InsecureSkipVerify = false
	dial := t.DialContext
	if dial == nil {
		dial = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	}
	t.DialTLSContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		raw, err := dial(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		cfg := base.Clone()
		cfg.ServerName = host
		cfg.NextProtos = []string{"h2", "http/1.1"}
		cfg.InsecureSkipVerify = g.cfg.Scope.ApprovedOrigin(&url.URL{Scheme: "https", Host: net.JoinHostPort(host, port)})
		hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		tc := tls.Client(raw, cfg)
		if err := tc.HandshakeContext(hctx); err != nil {
			raw.Close()
			return nil, err
		}
		return tc, nil
	}
	t.TLSClientConfig.VerifyConnection = func(cs tls.ConnectionState) error {
		if g.approvedTLSName(cs.ServerName) {
			return nil
		}
		if cs.ServerName == "" {
			return &tls.CertificateVerificationError{UnverifiedCertificates: cs.PeerCertificates,
				Err: errors.New("an address reached through --proxy is not an approved origin, and has no name to verify its certificate by")}
		}
		opts := x509.VerifyOptions{Roots: base.RootCAs, DNSName: cs.ServerName, Intermediates: x509.NewCertPool()}
		if len(cs.PeerCertificates) == 0 {
			return &tls.CertificateVerificationError{Err: errors.New("no certificate")}
		}
		for _, c := range cs.PeerCertificates[1:] {
			opts.Intermediates.AddCert(c)
		}
		if _, err := cs.PeerCertificates[0].Verify(opts); err != nil {
			return &tls.CertificateVerificationError{UnverifiedCertificates: cs.PeerCertificates, Err: err}
		}
		return nil
	}
}

// approvedTLSName reports whether a TLS connection that asked for name (""
// for an address) may be to an approved https origin: one has that host
// name, or, for an address, one is an address.
func (g *Gate) approvedTLSName(name string) bool {
	for _, o := range g.cfg.Scope.Origins() {
		u, err := url.Parse(o)
		if err != nil || u.Scheme != "https" {
			continue
		}
		h := u.Hostname()
		if _, err := netip.ParseAddr(h); err == nil {
			if name == "" {
				return true
			}
			continue
		}
		if name != "" && fetch.CanonicalHost(h) == fetch.CanonicalHost(name) {
			return true
		}
	}
	return false
}

// SPKIHash returns the base64 SHA-256 of c's public key (its
// SubjectPublicKeyInfo), the form Chromium's
// --ignore-certificate-errors-spki-list takes.
func SPKIHash(c *x509.Certificate) string {
	sum := sha256.Sum256(c.RawSubjectPublicKeyInfo)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// LeafSPKI shakes hands with the TLS server at hostport, verifies it by tc
// for host (the host part of hostport), and returns the SPKIHash of the
// certificate it presented. Nothing is requested: the connection is closed
// after the handshake. It lets a browser that cannot be given extra roots
// accept that server's own key, once it was verified here.
func LeafSPKI(ctx context.Context, tc *tls.Config, hostport string) (string, error) {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		return "", err
	}
	cfg := &tls.Config{}
	if tc != nil {
		cfg = tc.Clone()
	}
	cfg.ServerName = host
	cfg.NextProtos = nil // (a Transport sharing tc adds its own)
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	d := tls.Dialer{NetDialer: &net.Dialer{}, Config: cfg}
	conn, err := d.DialContext(ctx, "tcp", hostport)
	if err != nil {
		return "", fmt.Errorf("TLS handshake with %s: %w", hostport, err)
	}
	defer conn.Close()
	certs := conn.(*tls.Conn).ConnectionState().PeerCertificates
	if len(certs) == 0 {
		return "", fmt.Errorf("TLS handshake with %s: no certificate", hostport)
	}
	return SPKIHash(certs[0]), nil
}
