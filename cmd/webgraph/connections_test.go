package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A crawl keeps one connection to a host through its robots.txt, sitemaps,
// soft-404 probe, pages and error answers: they share one pool, and a short
// error page is read to its end rather than cost the connection. (On a real
// site each new connection is a TLS handshake, for the site as for us.)
func TestCrawlKeepsItsConnection(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var conns int
	var asked []string
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		words := strings.Repeat("enough words of its own to count as a readable page ", 4)
		switch r.URL.Path {
		case "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<html><head><title>Home</title></head><body><p>%s</p><a href="/a">A</a> <a href="/gone">Gone</a> <a href="/missing">Missing</a> <a href="/moved">Moved</a></body></html>`, words)
		case "/a", "/b":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<html><head><title>%s</title></head><body><p>%s</p></body></html>`, r.URL.Path, words)
		case "/moved":
			http.Redirect(w, r, "/b", http.StatusMovedPermanently)
		case "/gone":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusGone)
			fmt.Fprint(w, `<html><body><p>This page is gone.</p></body></html>`)
		default: // robots.txt, the sitemaps, the probe and /missing: a plain-text 404
			http.NotFound(w, r)
		}
	}))
	ts.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			mu.Lock()
			conns++
			mu.Unlock()
		}
	}
	ts.Start()
	defer ts.Close()

	db := filepath.Join(t.TempDir(), "crawl.db")
	_, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--concurrency", "1", "--host-interval", "0", "--delay", "0", ts.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, want := range []string{"/robots.txt", "/sitemap.xml", "/", "/a", "/gone", "/missing", "/moved", "/b"} {
		if !strings.Contains(" "+strings.Join(asked, " ")+" ", " "+want+" ") {
			t.Fatalf("%s was not asked for; asked: %v", want, asked)
		}
	}
	if conns != 1 {
		t.Errorf("%d connections for %d requests, one at a time; want 1", conns, len(asked))
	}
}
