package policy

import (
	"net"
	"net/http"
	"net/url"
	"time"
)

// NewTransport returns the transport for webgraph's own requests (robots.txt,
// sitemaps, probes, link checks): 10 seconds to connect, and every request
// through proxy when it is set (loopback hosts included), else through the
// proxy the environment names (HTTP_PROXY, HTTPS_PROXY, NO_PROXY), as
// net/http does.
func NewTransport(proxy *url.URL) *http.Transport {
	return &http.Transport{Proxy: ProxyFunc(proxy), DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
		MaxIdleConnsPerHost: 4, IdleConnTimeout: 30 * time.Second}
}

// ProxyFunc returns the http.Transport Proxy function for proxy: every
// request through it, or the environment's proxy when proxy is nil.
func ProxyFunc(proxy *url.URL) func(*http.Request) (*url.URL, error) {
	if proxy == nil {
		return http.ProxyFromEnvironment
	}
	return http.ProxyURL(proxy)
}
