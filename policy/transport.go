package policy

import (
	"net"
	"net/http"
	"net/url"
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
	return &http.Transport{Proxy: ProxyFunc(proxy), DialContext: (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout: 10 * time.Second, ForceAttemptHTTP2: true, MaxIdleConnsPerHost: 8, IdleConnTimeout: 90 * time.Second}
}

// ProxyFunc returns the http.Transport Proxy function for proxy: every
// request through it, or the environment's proxy when proxy is nil.
func ProxyFunc(proxy *url.URL) func(*http.Request) (*url.URL, error) {
	if proxy == nil {
		return http.ProxyFromEnvironment
	}
	return http.ProxyURL(proxy)
}
