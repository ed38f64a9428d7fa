package main

import (
	"crypto/tls"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// serveTLSCounting serves a page over TLS on ip with a certificate an
// unknown CA signed for ip, counting the requests that get through the
// handshake.
func serveTLSCounting(t *testing.T, ip string, ca *sites.CA, handler http.HandlerFunc) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		handler(w, r)
	}))
	s.Listener.Close()
	s.Listener = ln
	s.TLS = &tls.Config{Certificates: []tls.Certificate{ca.Leaf(t, []net.IP{net.ParseIP(ip)})}}
	s.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshakes
	s.StartTLS()
	t.Cleanup(s.Close)
	return s, &hits
}

// --insecure is for the hosts the operator meant: any certificate is
// accepted from the approved origins (the seeds', --origin's, and those a
// seed's redirect joined), while a link check of another host verifies
// its certificate as without the flag: the other host's log stays empty
// (the handshake fails before a request) and the link is broken, saying
// why.
func TestInsecureOnlyForApprovedOrigins(t *testing.T) {
	ca := sites.NewCA(t) // trusted by nobody
	other, otherHits := serveTLSCounting(t, "127.0.0.3", ca, func(w http.ResponseWriter, r *http.Request) { htmlPage(w, "Other", "") })
	var home *httptest.Server
	home, homeHits := serveTLSCounting(t, "127.0.0.2", ca, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/":
			htmlPage(w, "Home", `<a href="`+other.URL+`/page">another site</a>`)
		default:
			http.NotFound(w, r)
		}
	})
	seed, _ := serveTLSCounting(t, "127.0.0.1", ca, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, home.URL+r.URL.Path, http.StatusMovedPermanently)
	})
	out, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", "plain", "--insecure", "--check", "external",
		"--host-interval", "0", "--delay", "0", seed.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	if homeHits.Load() == 0 || !strings.Contains(out, `"final_url":"`+home.URL+`/"`) {
		t.Errorf("the origin the seed's redirect joined was not read under --insecure (%d requests)\n%s", homeHits.Load(), out)
	}
	if n := otherHits.Load(); n != 0 {
		t.Errorf("another host's unverified certificate was accepted: %d requests reached it", n)
	}
	var link map[string]any
	for _, ev := range eventsNamed(events(t, out), "link") {
		if ev["url"] == other.URL+"/page" {
			link = ev
		}
	}
	if link == nil || link["verdict"] != "broken" || !strings.Contains(link["reason"].(string), "certificate") {
		t.Errorf("the link to another host = %v; want broken, its certificate unverified", link)
	}
}

// In the browser too, --insecure is for the sites crawled: the page of the
// approved origin renders (its own key accepted, said in the page's
// warnings), while a script it asks of another host whose certificate
// nobody vouches for is not fetched: the browser refuses the handshake, and
// that host's log stays empty (--no-robots, so that the gate does not keep
// the request back for want of the host's robots.txt).
func TestInsecureBrowserOnlyForApprovedOrigins(t *testing.T) {
	needBrowser(t)
	ca := sites.NewCA(t)
	other, otherHits := serveTLSCounting(t, "127.0.0.3", ca, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, "document.title = 'script ran';")
	})
	site, siteHits := serveTLSCounting(t, "127.0.0.1", ca, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		htmlPage(w, "Home", `<script src="`+other.URL+`/s.js"></script>`)
	})
	out, errOut, code := webgraph(t, "page", "--insecure", "--no-robots", site.URL+"/")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	ev := decodePage(t, out)
	if r := ev.Sides["rendered"]; r.Error != "" || r.Words < 20 || siteHits.Load() < 2 {
		t.Errorf("the approved origin was not rendered under --insecure: %+v (%d requests)", r, siteHits.Load())
	}
	if !strings.Contains(strings.Join(ev.Warnings, " "), "rendered: TLS certificates are NOT verified (--insecure)") {
		t.Errorf("the page's warnings %q do not say the browser accepted the site's certificate", ev.Warnings)
	}
	if n := otherHits.Load(); n != 0 {
		t.Errorf("the browser accepted another host's unverified certificate: %d requests reached it", n)
	}
}

// --ca-cert trusts its CA, for every host as the system's roots are, and
// nothing else: an origin a seed's redirect joins whose certificate another
// CA signed is trusted by neither side (the browser is not given its key,
// which could not be verified, and says so), so its log stays empty
// (--no-robots: its robots.txt, unreadable, would keep the pages back).
func TestCACertTrustsItsCAOnly(t *testing.T) {
	needBrowser(t)
	ours, theirs := sites.NewCA(t), sites.NewCA(t)
	joined, joinedHits := serveTLSCounting(t, "127.0.0.2", theirs, func(w http.ResponseWriter, r *http.Request) { htmlPage(w, "Joined", "") })
	seed, _ := serveTLSCounting(t, "127.0.0.1", ours, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, joined.URL+r.URL.Path, http.StatusFound)
	})
	out, errOut, _ := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--ca-cert", ours.File(t), "--no-robots",
		"--host-interval", "0", "--delay", "0", seed.URL+"/")
	if !strings.Contains(out, `"seed_redirect"`) {
		t.Fatalf("the seed's redirect did not join %s:\n%s\n%s", joined.URL, out, errOut)
	}
	if n := joinedHits.Load(); n != 0 {
		t.Errorf("a certificate --ca-cert did not sign was accepted: %d requests reached the joined origin", n)
	}
	if !strings.Contains(errOut, "the browser is not told to trust "+joined.URL) {
		t.Errorf("stderr does not say the browser is not told to trust %s:\n%s", joined.URL, errOut)
	}
}
