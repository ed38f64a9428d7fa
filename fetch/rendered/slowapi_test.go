package rendered_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestSlowAPIUnderLoad renders, four at a time on a machine whose cores are
// busy, an app whose text comes from three calls to its API, each answered
// after 600 ms. Four such pages make more calls at once than a browser sends
// to one host, so some wait for a connection before they go out: a request
// still waiting for its response is not a stream, however long it waited,
// so every copy is read whole.
func TestSlowAPIUnderLoad(t *testing.T) {
	ts, _ := sites.Serve(t, "render")
	f := loaded(t, rendered.Config{})
	for i, s := range renderAll(t, f, ts.URL, repeat("/app.html", 8)) {
		got := text(s)
		if !strings.Contains(got, "A reader waits for them") || !strings.Contains(got, "Archive of the field notes") ||
			!strings.Contains(got, "Related") || strings.Contains(got, "Loading") {
			t.Errorf("copy %d (wait %s, %d words) was read before its API answered:\n%s", i, s.Wait, s.Words, got)
		}
		if !hasLink(s, ts.URL+"/next-notes.html") {
			t.Errorf("copy %d lacks the link the API gave", i)
		}
	}
}

// TestLongPollAfterItsHeaders renders a page whose long poll has sent its
// headers and then nothing: it is a stream a second after its headers, so
// the wait ends idle and names it. A poll the server has not begun to answer
// is no stream: it holds the wait to its cap.
func TestLongPollAfterItsHeaders(t *testing.T) {
	ts, h := sites.Serve(t, "render")
	f := browser.Get(t)
	sides := renderAll(t, f, ts.URL, []string{"/poll-open.html", "/poll-waiting.html"})
	open, waiting := sides[0], sides[1]
	if want := []fetch.OpenStream{{URL: ts.URL + "/stream/poll?open", Kind: "long_poll"}}; open.Wait != "idle" || !slices.Equal(open.OpenStreams, want) {
		t.Errorf("a poll whose headers came: wait %q, open streams %+v; want idle and %+v", open.Wait, open.OpenStreams, want)
	}
	if waiting.Wait != "cap" || len(waiting.OpenStreams) != 0 {
		t.Errorf("a poll not yet answered: wait %q, open streams %+v; want the cap, and no stream named", waiting.Wait, waiting.OpenStreams)
	}
	if n := h.RanOut(); n != 0 {
		t.Errorf("%d polls were held until the server gave up; want each closed with its page", n)
	}
}
