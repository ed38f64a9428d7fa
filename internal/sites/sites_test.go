package sites

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
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
