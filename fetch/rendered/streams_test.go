package rendered_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestOpenStreamsDoNotHoldTheWait renders pages that keep an EventSource or
// a long poll open, and checks that the wait ends "idle" (not "cap") and
// names the streams left open; what arrives over a stream within the wait
// (an EventSource's first message, a long poll's first answer, 300 ms after
// load) is read.
func TestOpenStreamsDoNotHoldTheWait(t *testing.T) {
	ts, h := sites.Serve(t, "streams")
	h.MaxStall = 20 * time.Second
	f := browser.Get(t)
	tests := []struct {
		name, path string
		want       string // text that came over the stream
		open       []fetch.OpenStream
		blocked    []string // paths listed in BlockedResources
	}{
		{"event stream with a late message", "/events.html", sites.StreamMessage,
			[]fetch.OpenStream{{URL: ts.URL + "/stream/events?after=300", Kind: "eventsource"}}, nil},
		{"long poll answered late, then held", "/poll.html", sites.PollAnswer,
			[]fetch.OpenStream{{URL: ts.URL + "/stream/poll?open", Kind: "long_poll"}}, nil},
		{"silent event stream", "/live-1.html", "Live page 1",
			[]fetch.OpenStream{{URL: ts.URL + "/stream/events", Kind: "eventsource"}}, nil},
		// A WebSocket is never opened, so it is listed as blocked, not
		// open, and holds nothing.
		{"WebSockets", "/socket.html", "Chat, by WebSocket", nil,
			[]string{"/stream/socket", "/stream/socket-by-prototype"}},
	}
	t.Run("pages", func(t *testing.T) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()
				s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+tt.path))
				if err != nil {
					t.Fatalf("Fetch: %v", err)
				}
				if text := s.Text(); !strings.Contains(text, tt.want) {
					t.Errorf("text lacks %q; got:\n%s", tt.want, text)
				}
				if s.Wait != "idle" {
					t.Errorf("Wait = %q; want idle (an open stream must not hold the wait to its cap)", s.Wait)
				}
				if !slices.Equal(s.OpenStreams, tt.open) {
					t.Errorf("OpenStreams = %+v; want %+v", s.OpenStreams, tt.open)
				}
				for _, p := range tt.blocked {
					if br, ok := blockedBy(s, p); !ok || br.Reason != fetch.DeniedType {
						t.Errorf("%s: listed %v as %q; want listed as %q", p, ok, br.Reason, fetch.DeniedType)
					}
				}
			})
		}
	})
	// Every stream ended when its client went, none by the server's own
	// limit: the tab let go of the page once it was read.
	if n := h.RanOut(); n != 0 {
		t.Errorf("%d streams were held open until the server gave up; want every one closed by the browser", n)
	}
	for _, hit := range h.Hits() {
		if strings.HasPrefix(hit.Path, "/stream/socket") {
			t.Errorf("the server saw %s: a WebSocket reached it", hit.Path)
		}
	}
}

// TestPooledTabRunsNoMore renders a page that reloads itself every second,
// then lets the server hold one request for 2.5 s: a tab that went back to
// the pool still showing the page would have asked for it again by then.
func TestPooledTabRunsNoMore(t *testing.T) {
	ts, h := sites.Serve(t, "streams")
	f := own(t, rendered.Config{Tabs: 1, Timeout: 10 * time.Second})
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/refresh.html"))
	if err != nil || s.Title != "Refreshing" {
		t.Fatalf("Fetch: title %q, err %v", s.Title, err)
	}
	resp, err := http.Get(ts.URL + "/slow?ms=2500")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if n := h.Count("/refresh.html"); n != 1 {
		t.Errorf("the refreshing page was requested %d times; want once (the tab must not run it after its render)", n)
	}
	// The tab is reused: its next page renders as any other.
	s, err = f.Fetch(context.Background(), mustURL(t, ts.URL+"/live-2.html"))
	if err != nil || s.Title != "Live page 2" {
		t.Errorf("next page in the tab: title %q, err %v", s.Title, err)
	}
}
