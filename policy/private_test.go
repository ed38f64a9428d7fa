package policy

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

func TestPrivateAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "10.1.2.3": true, "172.16.0.1": true, "192.168.1.1": true, "169.254.169.254": true,
		"100.64.0.1": true, "0.0.0.0": true, "::1": true, "fe80::1": true, "fd00::1": true, "::ffff:10.0.0.1": true, "224.0.0.1": true,
		"93.184.215.14": false, "8.8.8.8": false, "2606:4700::1111": false, "100.128.0.1": false,
	} {
		if got := PrivateAddr(netip.MustParseAddr(addr)); got != want {
			t.Errorf("PrivateAddr(%s) = %v; want %v", addr, got, want)
		}
	}
}

// With BlockPrivate, a link check to a host outside the approved origins
// that is on a private network is refused before anything is sent — the
// host's log stays empty, robots.txt included — while the approved origin,
// itself on loopback, is asked as usual.
func TestGateBlocksPrivateHosts(t *testing.T) {
	t.Parallel()
	var approvedHits, privateHits atomic.Int32
	approved := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { approvedHits.Add(1) }))
	defer approved.Close()
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatal(err)
	}
	other := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { privateHits.Add(1) }))
	other.Listener.Close()
	other.Listener = ln
	other.Start()
	defer other.Close()

	seed, _ := url.Parse(approved.URL + "/")
	scope, err := NewScope([]*url.URL{seed}, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	resolve := func(ctx context.Context, host string) ([]netip.Addr, error) {
		if host == "metadata.example" {
			return []netip.Addr{netip.MustParseAddr("203.0.113.7"), netip.MustParseAddr("169.254.169.254")}, nil
		}
		return []netip.Addr{netip.MustParseAddr("203.0.113.8")}, nil
	}
	g := NewGate(GateConfig{Scope: scope, Robots: NewRobotsClient(AgentToken, "test", nil), UserAgent: "test", BlockPrivate: true,
		Network: &Network{LookupHost: resolve}})
	ctx := context.Background()
	for _, raw := range []string{other.URL + "/x", "http://metadata.example/latest/meta-data/"} {
		u, _ := url.Parse(raw)
		_, err := g.Do(ctx, http.MethodHead, u, LinkCheck, nil)
		var d *fetch.Denied
		if !errors.As(err, &d) || d.Cause != fetch.DeniedPrivate || !strings.Contains(d.Reason, "private network") {
			t.Errorf("link check of %s: %v; want refused as on a private network", raw, err)
		}
		if a := g.Ask(ctx, u, Subresource); a.Denied == nil {
			t.Errorf("a page's request for %s is allowed", raw)
		}
	}
	if n := privateHits.Load(); n != 0 {
		t.Errorf("the private host was asked %d times", n)
	}
	resp, err := g.Do(ctx, http.MethodGet, seed, Probe, nil)
	if err != nil {
		t.Fatalf("the approved origin on loopback was refused: %v", err)
	}
	resp.Body.Close()
	if approvedHits.Load() == 0 {
		t.Error("the approved origin was never asked")
	}
	if addr := g.private.private(ctx, "public.example"); addr != "" {
		t.Errorf("a public host is said to be on a private network (%s)", addr)
	}
}

// A robots.txt that redirects to another host (a moved domain) is judged like
// the gate's other requests: followed, in that host's throttle slot, when the
// gate allows it; not asked at all when --block-private refuses the host.
func TestRobotsRedirectElsewhereThroughTheGate(t *testing.T) {
	t.Parallel()
	for _, block := range []bool{false, true} {
		var newHits atomic.Int32
		ln, err := net.Listen("tcp", "127.0.0.2:0")
		if err != nil {
			t.Fatal(err)
		}
		moved := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			newHits.Add(1)
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		}))
		moved.Listener.Close()
		moved.Listener = ln
		moved.Start()
		old := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, moved.URL+r.URL.Path, http.StatusMovedPermanently)
		}))
		seed, _ := url.Parse(old.URL + "/")
		scope, err := NewScope([]*url.URL{seed}, nil, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		th := NewThrottle(0, nil)
		g := NewGate(GateConfig{Scope: scope, Robots: NewRobotsClient(AgentToken, "test", nil), Throttle: th, UserAgent: "test", BlockPrivate: block})
		p := g.Policy(context.Background(), seed)
		switch {
		case !block && (p.State != Parsed || newHits.Load() != 1 || p.Check(mustParse(t, old.URL+"/private/x")).Allowed):
			t.Errorf("followed through the gate: state %s (%s), %d asks of the new host; want its rules parsed, asked once", p.State, p.Reason, newHits.Load())
		case block && (p.State != Unreachable || newHits.Load() != 0 || !strings.Contains(p.Reason, "--block-private")):
			t.Errorf("refused by --block-private: state %s (%s), %d asks of the new host; want unreachable, not asked", p.State, p.Reason, newHits.Load())
		}
		old.Close()
		moved.Close()
	}
}
