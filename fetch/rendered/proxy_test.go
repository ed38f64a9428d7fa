package rendered_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/proxytest"
)

// TestRenderThroughProxy renders a page on loopback with Config.Proxy: the
// page and its script reach the site through the proxy (the proxy's log
// and the site's Via header say so), none around it.
func TestRenderThroughProxy(t *testing.T) {
	proxy := proxytest.Start(t)
	site := &headerLog{}
	var mu sync.Mutex
	var direct []string
	a := listenOn(t, "127.0.0.1:0", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Via") != proxytest.Via {
			mu.Lock()
			direct = append(direct, r.URL.Path)
			mu.Unlock()
		}
		site.add(r)
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, `<!doctype html><title>proxied</title><p>A page rendered through a proxy.</p><script src="/s.js"></script>`)
		case "/s.js":
			w.Header().Set("Content-Type", "text/javascript")
			fmt.Fprint(w, `document.title += " (script ran)";`)
		default:
			http.NotFound(w, r)
		}
	}))
	f := own(t, rendered.Config{Timeout: 15 * time.Second, UserAgent: "webgraph-test", Proxy: mustURL(t, proxy.URL)})
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if s.Title != "proxied (script ran)" {
		t.Errorf("title %q; want the page and its script through the proxy", s.Title)
	}
	waitFor(site, "/", "/s.js")
	got := proxy.Requests()
	t.Logf("proxy log: %q", got)
	for _, want := range []string{"GET " + a.URL + "/", "GET " + a.URL + "/s.js"} {
		if !slices.Contains(got, want) {
			t.Errorf("the proxy never forwarded %s", want)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(direct) > 0 {
		t.Errorf("the site was asked around the proxy for %q", direct)
	}
}

func TestProxyRefusedForRemoteBrowser(t *testing.T) {
	_, err := rendered.New(rendered.Config{BrowserURL: "ws://127.0.0.1:1/devtools/browser/x", Proxy: mustURL(t, "http://user:pw@127.0.0.1:3128")})
	var pe *rendered.ProxyError
	if !errors.As(err, &pe) {
		t.Fatalf("New = %v; want a *rendered.ProxyError", err)
	}
	if strings.Contains(err.Error(), "pw") {
		t.Errorf("the error shows the proxy's password: %v", err)
	}
}
