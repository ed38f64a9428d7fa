package memnet

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

// A request on memnet reaches its server, whose clock is the sender's: a
// request sent after a second of the bubble's time arrives at exactly that
// second. Hosts are told apart by host:port, and an address nothing serves
// is refused at once.
func TestServeAndDial(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		n := New(t)
		start := time.Now()
		var arrived time.Duration
		a := n.Serve("127.0.0.1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			arrived = time.Since(start)
			io.WriteString(w, "a "+r.URL.Path)
		}))
		b := n.Serve("b.test:8080", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "b "+r.URL.Path)
		}))
		client := &http.Client{Transport: n.Transport()}
		get := func(u string) (string, error) {
			resp, err := client.Get(u)
			if err != nil {
				return "", err
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			return string(body), err
		}
		time.Sleep(time.Second)
		if got, err := get(a + "/x"); got != "a /x" || err != nil {
			t.Errorf("GET %s/x = %q, %v; want %q", a, got, err, "a /x")
		}
		if arrived != time.Second {
			t.Errorf("the request sent at 1s arrived at %s; want 1s", arrived)
		}
		if got, err := get(b + "/y"); got != "b /y" || err != nil {
			t.Errorf("GET %s/y = %q, %v; want %q", b, got, err, "b /y")
		}
		if _, err := get("http://127.0.0.9/"); err == nil || !strings.Contains(err.Error(), "memnet serves nothing on 127.0.0.9:80") {
			t.Errorf("GET of an address nothing serves: %v; want it refused", err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := n.Dial(ctx, "tcp", "127.0.0.1:80"); err == nil {
			t.Error("Dial with an ended context succeeded")
		}
	})
}
