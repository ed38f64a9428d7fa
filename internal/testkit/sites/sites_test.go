package sites

import (
	"context"
	"crypto/tls"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// RanOut tells a stall the client hung up on from one held for all of
// MaxStall, for /stall and /endless alike.
func TestRanOut(t *testing.T) {
	h := New(t.TempDir())
	h.MaxStall = time.Minute
	ts := httptest.NewServer(h)
	defer ts.Close()

	get := func(path string, hangUp bool) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+path, nil)
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		defer resp.Body.Close()
		if hangUp {
			io.ReadFull(resp.Body, make([]byte, 10))
			cancel()
			return
		}
		io.Copy(io.Discard, resp.Body)
	}

	get("/stall", true)
	get("/endless", true)
	if n := h.RanOut(); n != 0 {
		t.Errorf("after two hang-ups RanOut = %d; want 0", n)
	}
	h.MaxStall = 50 * time.Millisecond
	get("/stall", false)
	get("/endless", false)
	if n := h.RanOut(); n != 2 {
		t.Errorf("after two responses held to the end RanOut = %d; want 2", n)
	}
}

// A client that trusts the CA reaches the site over HTTP/2 or HTTP/1.1 as
// it offers, and the handler records which; one that does not is refused.
func TestServeTLS(t *testing.T) {
	ca := NewCA(t)
	ts, h := ServeTLS(t, "union", ca)
	get := func(tr *http.Transport) error {
		c := &http.Client{Transport: tr}
		defer c.CloseIdleConnections()
		resp, err := c.Get(ts.URL + "/")
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	}
	if err := get(&http.Transport{}); err == nil {
		t.Fatal("a client without the CA reached the site")
	}
	if err := get(&http.Transport{TLSClientConfig: &tls.Config{RootCAs: ca.Pool()}, ForceAttemptHTTP2: true}); err != nil {
		t.Fatal(err)
	}
	if err := get(&http.Transport{TLSClientConfig: &tls.Config{RootCAs: ca.Pool()}}); err != nil {
		t.Fatal(err)
	}
	var protos []string
	for _, hit := range h.Hits() {
		protos = append(protos, hit.Proto)
	}
	if len(protos) != 2 || protos[0] != "HTTP/2.0" || protos[1] != "HTTP/1.1" {
		t.Errorf("protocols seen = %q; want HTTP/2.0 then HTTP/1.1", protos)
	}
}

// TestDirFindsEveryFixture: Dir names the fixture folders of testdata/sites
// from wherever this package sits in the tree (a move once left every
// fixture site answering 404).
func TestDirFindsEveryFixture(t *testing.T) {
	for _, name := range []string{"union", "audit", "shadow", "baseline-v1"} {
		if _, err := os.Stat(filepath.Join(Dir(name), "index.html")); err != nil {
			t.Errorf("Dir(%q): %v", name, err)
		}
	}
}
