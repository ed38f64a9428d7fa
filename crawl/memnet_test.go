package crawl

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/testkit/memnet"
	"github.com/webgraph/webgraph/policy"
)

// memNet runs a crawl on memnet, in a synctest bubble: the crawl's waits
// (its throttle's timers, its channels, the pipes' reads) block durably,
// and the bubble's clock is the one clock. A server's time.Now is the
// moment the request was sent, exactly, however loaded the machine; a
// server that holds a request "for a moment" holds it while the crawl does
// everything it can do at once.
type memNet struct {
	*memnet.Net
	t *testing.T
}

func newMemNet(t *testing.T) *memNet { return &memNet{Net: memnet.New(t), t: t} }

// serve starts h on host and returns its base URL.
func (n *memNet) serve(host string, h http.Handler) string { return n.Serve(host, h) }

// gate is testGate with every request of the gate and of robots.txt carried
// by n.
func (n *memNet) gate(cfg Config, origins ...string) *policy.Gate {
	n.t.Helper()
	scope, err := policy.NewScope(cfg.Seeds, origins, nil, nil, nil)
	if err != nil {
		n.t.Fatal(err)
	}
	return policy.NewGate(policy.GateConfig{Scope: scope, Robots: policy.NewRobotsClient(policy.AgentToken, "webgraph-test", n.Transport()),
		Throttle: policy.NewThrottle(cfg.HostInterval, nil), UserAgent: "webgraph-test", Transport: n.Transport()})
}

// pages is newPages in plain mode, its fetches carried by n and asking gate.
func (n *memNet) pages(gate *policy.Gate) *union.Union {
	p := plain.New(plain.Config{UserAgent: "webgraph-test", Timeout: 10 * time.Second, Transport: n.Transport(), Gate: gate})
	n.t.Cleanup(p.Close)
	return &union.Union{Mode: union.ModePlain, Plain: p}
}

// seed parses base+path.
func (n *memNet) seed(base, path string) *url.URL {
	n.t.Helper()
	u, err := url.Parse(base + path)
	if err != nil {
		n.t.Fatal(err)
	}
	return u
}
