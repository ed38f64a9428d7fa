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
	"net/url"
	"os"
	"time"
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
// verified by the system's roots and the extra roots cas, or not verified
// at all when insecure (any certificate accepted, said by the caller).
// With neither it returns nil: the system's roots alone.
func TLSConfig(cas []*x509.Certificate, insecure bool) (*tls.Config, error) {
	if insecure {
		return &tls.Config{InsecureSkipVerify: true}, nil
	}
	if len(cas) == 0 {
		return nil, nil
	}
	pool, err := x509.SystemCertPool()
	if err != nil || pool == nil {
		pool = x509.NewCertPool() // no system roots readable: the extra ones alone
	}
	for _, c := range cas {
		pool.AddCert(c)
	}
	return &tls.Config{RootCAs: pool}, nil
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
