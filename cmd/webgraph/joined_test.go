package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/webgraph/webgraph/policy"
)

// headerLog is a loopback server on its own address that logs, for every
// request, its path and the headers it came with: the witness of what
// reached the host.
type headerLog struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []loggedRequest
}

type loggedRequest struct {
	path   string
	header http.Header
}

func (h *headerLog) requests() []loggedRequest {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.reqs)
}

func (h *headerLog) paths() []string {
	var out []string
	for _, r := range h.requests() {
		out = append(out, r.path)
	}
	return out
}

// serveHeaders serves handler on ip (a loopback address), logging each
// request's path and headers.
func serveHeaders(t *testing.T, ip string, handler http.HandlerFunc) *headerLog {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	h := &headerLog{}
	h.Server = &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.reqs = append(h.reqs, loggedRequest{path: r.URL.Path, header: r.Header.Clone()})
		h.mu.Unlock()
		handler(w, r)
	})}}
	h.Start()
	t.Cleanup(h.Close)
	return h
}

// landing is a site on landIP whose every page is kept, with a sitemap,
// and a seed host on 127.0.0.1 that redirects every path but robots.txt to
// it: a seed's own redirect to another origin.
type landing struct {
	seed, land *headerLog
}

func newLanding(t *testing.T, landIP string) *landing {
	l := &landing{}
	l.land = serveHeaders(t, landIP, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nAllow: /\nSitemap: %s/sitemap.xml\n", l.land.URL)
		case "/sitemap.xml":
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprintf(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>%s/listed</loc></url></urlset>`, l.land.URL)
		case "/", "/inside", "/listed":
			htmlPage(w, "Inside", `<a href="/inside">Inside</a>`)
		default:
			http.NotFound(w, r)
		}
	})
	l.seed = serveHeaders(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, l.land.URL+r.URL.Path, http.StatusFound)
	})
	return l
}

// With --block-private on, a seed whose own redirect lands on a loopback
// host does not join that host to the crawl: the host is never asked
// (robots.txt, sitemaps, probe and pages included), no seed_redirect is
// said, and the seed is refused in words that name the flag.
func TestSeedRedirectToPrivateNotJoined(t *testing.T) {
	for _, mode := range []string{"plain", "union"} {
		t.Run(mode, func(t *testing.T) {
			if mode != "plain" {
				needBrowser(t)
			}
			l := newLanding(t, "127.0.0.2")
			out, errOut, code := webgraph(t, "crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", mode, "--block-private", "on",
				"--host-interval", "0", "--delay", "0", l.seed.URL+"/")
			if code != exitFailure {
				t.Errorf("exit %d; want 1 (nothing kept)\n%s", code, errOut)
			}
			if asked := l.land.paths(); len(asked) != 0 {
				t.Errorf("the private landing host was asked %v; --block-private must keep it out", asked)
			}
			evs := events(t, out)
			if joins := eventsNamed(evs, "seed_redirect"); len(joins) != 0 {
				t.Errorf("seed_redirect events %v; want none", joins)
			}
			if strings.Contains(errOut, "joins the approved origins") {
				t.Errorf("stderr says the private host joined:\n%s", errOut)
			}
			seed := pagesByURL(evs)[l.seed.URL+"/"]
			if seed == nil || seed["ok"] == true {
				t.Fatalf("seed page = %v; want refused", seed)
			}
			if why, _ := seed["error"].(string); !strings.Contains(why, "--block-private") || !strings.Contains(why, "127.0.0.2") {
				t.Errorf("seed refused as %v: %q; want words naming the host and --block-private", seed["cause"], why)
			}
		})
	}
}

// page and compare follow a seed's redirect as crawl does: with
// --block-private on, not to a private host. (sitemaps, which has no
// --block-private, is TestPublicSeedRedirectToPrivateNotJoined's.)
func TestOneURLCommandsKeepPrivateLandingOut(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		browser bool
	}{
		{"page", []string{"page", "--mode", "plain"}, false},
		{"page union", []string{"page"}, true},
		{"compare", []string{"compare"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.browser {
				needBrowser(t)
			}
			l := newLanding(t, "127.0.0.2")
			args := append(slices.Clone(tc.args), "--block-private", "on", l.seed.URL+"/")
			out, errOut, code := webgraph(t, args...)
			if asked := l.land.paths(); len(asked) != 0 {
				t.Errorf("exit %d: the private landing host was asked %v\n%s\n%s", code, asked, out, errOut)
			}
			if strings.Contains(out+errOut, "joins the approved origins") {
				t.Errorf("the private host is said to join:\n%s\n%s", out, errOut)
			}
			if code != exitRefused || !strings.Contains(out+errOut, "--block-private") {
				t.Errorf("exit %d; want 3, refused in words naming --block-private\n%s\n%s", code, out, errOut)
			}
		})
	}
}

// webgraphOn is webgraph with n as the network the gate sees (see
// policy.Network): names that resolve to loopback, and loopback addresses
// judged public.
func webgraphOn(t *testing.T, n *policy.Network, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.WithValue(context.Background(), networkKey{}, n), args, &out, &errb)
	code = exitCode(err, &errb)
	return out.String(), errb.String(), code
}

// fakeInternet is a network where public.example is 127.0.0.1, judged
// public, metadata.example is 127.0.0.2 (private, as a cloud's metadata
// service is), and rebind.example first answers 127.0.0.3 (judged public),
// then 127.0.0.2: a name that changes its answer between the gate's
// question and the connection.
type fakeInternet struct {
	mu      sync.Mutex
	rebinds int
}

func (f *fakeInternet) network() *policy.Network {
	public := map[netip.Addr]bool{netip.MustParseAddr("127.0.0.1"): true, netip.MustParseAddr("127.0.0.3"): true}
	return &policy.Network{
		Public: func(ip netip.Addr) bool { return public[ip] },
		LookupHost: func(ctx context.Context, host string) ([]netip.Addr, error) {
			switch host {
			case "public.example":
				return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
			case "metadata.example":
				return []netip.Addr{netip.MustParseAddr("127.0.0.2")}, nil
			case "rebind.example":
				f.mu.Lock()
				defer f.mu.Unlock()
				if f.rebinds++; f.rebinds == 1 {
					return []netip.Addr{netip.MustParseAddr("127.0.0.3")}, nil
				}
				return []netip.Addr{netip.MustParseAddr("127.0.0.2")}, nil
			}
			return nil, fmt.Errorf("no such host %s", host)
		},
	}
}

// portOf returns the port of a test server's URL.
func portOf(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Port()
}

// A public seed (auto: --block-private is on) that redirects to a private
// host, by address or by a name that resolves there, does not get it
// joined, whichever command follows it: the private host's log stays empty.
func TestPublicSeedRedirectToPrivateNotJoined(t *testing.T) {
	for _, to := range []string{"127.0.0.2", "metadata.example"} {
		for _, cmd := range []string{"crawl", "page", "sitemaps"} {
			t.Run(cmd+" to "+to, func(t *testing.T) {
				l := newLanding(t, "127.0.0.2")
				landing := "http://" + net.JoinHostPort(to, portOf(t, l.land.URL))
				seed := serveHeaders(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
					if r.URL.Path == "/robots.txt" {
						http.NotFound(w, r)
						return
					}
					http.Redirect(w, r, landing+r.URL.Path, http.StatusFound)
				})
				seedURL := "http://public.example:" + portOf(t, seed.URL) + "/"
				args := map[string][]string{
					"crawl":    {"crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", "plain", "--host-interval", "0", "--delay", "0"},
					"page":     {"page", "--mode", "plain"},
					"sitemaps": {"sitemaps", "--host-interval", "0"},
				}[cmd]
				out, errOut, code := webgraphOn(t, (&fakeInternet{}).network(), append(args, seedURL)...)
				if len(seed.requests()) == 0 {
					t.Fatalf("exit %d: the seed was never asked: the fake internet does not reach it\n%s\n%s", code, out, errOut)
				}
				if asked := l.land.paths(); len(asked) != 0 {
					t.Errorf("exit %d: the private host was asked %v\n%s\n%s", code, asked, out, errOut)
				}
				if strings.Contains(out+errOut, "joins the approved origins") || strings.Contains(out, `"seed_redirect"`) {
					t.Errorf("the private host is said to join:\n%s\n%s", out, errOut)
				}
				if cmd != "sitemaps" && !strings.Contains(out, "--block-private") {
					t.Errorf("the seed's refusal does not name --block-private:\n%s", out)
				}
			})
		}
	}
}

// A landing host whose name answers a public address when the gate asks and
// a private one when the connection is made is refused at the connection:
// its log stays empty, and the refusal names --block-private.
func TestRebindingLandingRefusedAtConnect(t *testing.T) {
	l := newLanding(t, "127.0.0.2")
	landing := "http://rebind.example:" + portOf(t, l.land.URL)
	seed := serveHeaders(t, "127.0.0.1", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, landing+r.URL.Path, http.StatusFound)
	})
	f := &fakeInternet{}
	out, errOut, code := webgraphOn(t, f.network(), "crawl", "--db", filepath.Join(t.TempDir(), "c.db"), "--mode", "plain",
		"--host-interval", "0", "--delay", "0", "http://public.example:"+portOf(t, seed.URL)+"/")
	f.mu.Lock()
	rebinds := f.rebinds
	f.mu.Unlock()
	if rebinds < 2 {
		t.Fatalf("rebind.example was looked up %d times; the test needs the gate's question and a connection\n%s", rebinds, errOut)
	}
	if asked := l.land.paths(); len(asked) != 0 {
		t.Errorf("exit %d: the host behind the changed answer was asked %v\n%s\n%s", code, asked, out, errOut)
	}
	if !strings.Contains(out+errOut, "--block-private refused the connection") {
		t.Errorf("nothing says --block-private refused the connection:\n%s\n%s", out, errOut)
	}
}
