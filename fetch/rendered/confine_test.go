package rendered_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
)

// TestBrowserReachesNoHostAroundTheGate renders a page that reaches for
// host B (robots.txt: Disallow: /) by every way that is not a request the
// Fetch domain pauses: WebSockets by the constructor behind the page's own,
// in a worker and in a nested worker; WebRTC with a STUN server (UDP) and a
// TURN server over TCP; <link rel=preconnect> and dns-prefetch. Host B's
// listeners are the witnesses: not one TCP connection, not one UDP packet.
func TestBrowserReachesNoHostAroundTheGate(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("listen on 127.0.0.2: %v", err)
	}
	logB := &accessLog{}
	b := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logB.add(r.URL.Path)
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /\n")
			return
		}
		http.NotFound(w, r)
	}))
	b.Listener.Close()
	b.Listener = ln
	logB.watch(b)
	b.Start()
	t.Cleanup(b.Close)
	udp, err := net.ListenPacket("udp", "127.0.0.2:0")
	if err != nil {
		t.Fatalf("udp on 127.0.0.2: %v", err)
	}
	t.Cleanup(func() { udp.Close() })
	// The packets are counted until the test's own marker arrives: it is
	// sent after Close, so it is read after every packet the browser sent.
	const marker = "webgraph-test: the browser is gone"
	var packets atomic.Int64
	markerRead := make(chan struct{})
	go func() {
		buf := make([]byte, 2048)
		for {
			n, _, err := udp.ReadFrom(buf)
			if err != nil {
				return
			}
			if string(buf[:n]) == marker {
				close(markerRead)
				continue
			}
			packets.Add(1)
		}
	}()

	a, _ := serveHostile(t, b.URL)
	f := own(t, rendered.Config{Timeout: 15 * time.Second, Gate: newGate(t, a.URL+"/"), UserAgent: "webgraph-test"})
	closeF := closeOnce(t, f)
	s, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/reach.html?stun="+udp.LocalAddr().String()))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if want := "(scripts ran; peers none/none)"; !strings.HasSuffix(s.Title, want) {
		t.Errorf("title %q; want it to end %q: the workers answered, and no peer connection could be made", s.Title, want)
	}
	for _, br := range s.BlockedResources {
		t.Logf("blocked: %s %s (%s)", br.Reason, br.URL, br.Detail)
	}
	for _, p := range []string{"/ws-via-prototype-constructor", "/ws-in-worker", "/ws-in-nested-worker"} {
		br, ok := blockedBy(s, p)
		if !ok || br.Reason != fetch.DeniedType {
			t.Errorf("%s: listed %v as %q; want listed as %q", p, ok, br.Reason, fetch.DeniedType)
		}
	}
	// Host B's witnesses are read once the browser is gone and everything
	// it sent has been taken in.
	if err := closeF(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	drained(t, logB)
	mc, err := net.Dial("udp", udp.LocalAddr().String())
	if err != nil {
		t.Fatal(err)
	}
	_, err = mc.Write([]byte(marker))
	mc.Close()
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-markerRead:
	case <-time.After(waitLimit):
		t.Fatalf("the UDP witness did not read the test's own packet within %s", waitLimit)
	}
	if n, got := logB.accepted(), logB.get(); n != 0 || len(got) != 0 {
		t.Errorf("host B accepted %d connections and saw %q; want none at all", n, got)
	}
	if n := packets.Load(); n != 0 {
		t.Errorf("host B received %d UDP packets (STUN); want none", n)
	}
}

// On a running browser (--browser-url), the tab's workers are paused with
// its frames in one auto-attach and confined there: the WebSockets a page
// and its workers try never reach host B (its log as witness).
func TestRemoteBrowserWorkersConfined(t *testing.T) {
	logB := &accessLog{}
	b := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		logB.add(r.URL.Path)
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /\n")
			return
		}
		http.NotFound(w, r)
	}))
	logB.watch(b)
	b.Start()
	t.Cleanup(b.Close)
	ws, _ := runningChrome(t)
	a, _ := serveHostile(t, b.URL)
	f, err := rendered.New(rendered.Config{BrowserURLs: []string{ws}, Timeout: 15 * time.Second, Gate: newGate(t, a.URL+"/"), UserAgent: "webgraph-test"})
	if err != nil {
		t.Fatal(err)
	}
	closeF := closeOnce(t, f)
	if _, err := f.Fetch(context.Background(), mustURL(t, a.URL+"/reach.html?stun=127.0.0.1:9")); err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	if err := closeF(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	drained(t, logB)
	for _, p := range logB.get() {
		if strings.HasPrefix(p, "/ws-") {
			t.Errorf("host B saw %s: a WebSocket got out on a running browser", p)
		}
	}
}
