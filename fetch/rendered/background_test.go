package rendered

import (
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium calls Google's update, time and sign-in services on its own, past
// every flag that should stop it. The resolver rules catch those calls: here
// they are pointed at a listener of the test's, which must see them, so a
// rule list that misses what this Chromium does would fail. In webgraph the
// same rules resolve them to nothing.
func TestBackgroundHostsCaught(t *testing.T) {
	path := chromeForTest(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var caught atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			caught.Add(1)
			c.Close()
		}
	}()
	b, err := startBrowserVia(path, "webgraph-test", false, nil, ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer b.stop()
	tab, cancel := chromedp.NewContext(b.ctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for caught.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if caught.Load() == 0 {
		t.Error("no background call reached the rules' sink in 20 s: the rules no longer match what this browser calls, or it calls nothing")
	}
	if rules := resolverRules(""); !containsAll(rules, "MAP update.googleapis.com ~NOTFOUND", "MAP accounts.google.com ~NOTFOUND") {
		t.Errorf("webgraph's rules = %q; want the background hosts resolved to nothing", rules)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
