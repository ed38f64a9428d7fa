package main

import (
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// The web's most common front door: http:// answering 301 to https:// on
// another host. The seed's redirect approves the https origin; both sides
// fetch it with the CA given by --ca-cert, and its pages are crawled.
func TestCrawlSeedRedirectToHTTPS(t *testing.T) {
	for _, mode := range []string{"plain", "union"} {
		t.Run(mode, func(t *testing.T) {
			if mode != "plain" {
				needBrowser(t)
			}
			ca := sites.NewCA(t)
			secure, h := sites.ServeTLSOn(t, "union", "127.0.0.2", ca)
			front := serveLogged(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, secure.URL+r.URL.Path, http.StatusMovedPermanently)
			})
			db := filepath.Join(t.TempDir(), "c.db")
			out, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", mode, "--ca-cert", ca.File(t), "--max-pages", "12",
				"--host-interval", "0", "--delay", "0", front.URL+"/")
			if code != exitOK {
				t.Fatalf("exit %d\n%s", code, errOut)
			}
			evs := events(t, out)
			joins := eventsNamed(evs, "seed_redirect")
			if len(joins) != 1 || joins[0]["origin"] != secure.URL {
				t.Fatalf("seed_redirect events %v; want one, joining %s", joins, secure.URL)
			}
			pages := pagesByURL(evs)
			seed := pages[front.URL+"/"]
			if seed == nil || seed["ok"] != true || !strings.HasPrefix(seed["final_url"].(string), "https://") {
				t.Fatalf("seed page %v; want kept on https", seed)
			}
			kept := 0
			for u, ev := range pages {
				if strings.HasPrefix(u, secure.URL) && ev["ok"] == true {
					kept++
				}
			}
			if kept == 0 {
				var seen []string
				for u, ev := range pages {
					seen = append(seen, fmt.Sprintf("%s ok=%v cause=%v error=%v", u, ev["ok"], ev["cause"], ev["error"]))
				}
				t.Errorf("no page of %s kept; pages:\n%s", secure.URL, strings.Join(seen, "\n"))
			}
			// Once for its own origin, once as where the http origin's
			// robots.txt redirects to (two origins, two policies).
			if n := h.Count("/robots.txt"); n < 1 || n > 2 {
				t.Errorf("the https origin's robots.txt was asked %d times; want 1 or 2", n)
			}
		})
	}
}
