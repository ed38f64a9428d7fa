package rendered

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// BenchmarkTab compares rendering a small page in a reused tab against
// opening a new tab for each page, with the default 500 ms quiet window and
// with a 10 ms one (which shows the browser's own cost).
func BenchmarkTab(b *testing.B) {
	ts, _ := sites.Serve(b, "union")
	u, _ := url.Parse(ts.URL + "/article.html")
	path, err := FindChrome("")
	if err != nil {
		b.Fatal(err)
	}
	br, err := startBrowser(path, "webgraph-bench", false)
	if err != nil {
		b.Fatal(err)
	}
	defer br.stop()
	for _, quiet := range []time.Duration{10 * time.Millisecond, DefaultQuiet} {
		cfg := Config{Timeout: 20 * time.Second, Quiet: quiet, WaitCap: DefaultWaitCap, MaxText: DefaultMaxText, UserAgent: "webgraph-bench"}
		b.Run("reused/quiet="+quiet.String(), func(b *testing.B) {
			t, err := newTab(br, cfg)
			if err != nil {
				b.Fatal(err)
			}
			defer t.close()
			for b.Loop() {
				renderOnce(b, t, u, cfg)
			}
		})
		b.Run("new/quiet="+quiet.String(), func(b *testing.B) {
			for b.Loop() {
				t, err := newTab(br, cfg)
				if err != nil {
					b.Fatal(err)
				}
				renderOnce(b, t, u, cfg)
				t.close()
			}
		})
	}
}

func renderOnce(b *testing.B, t *tab, u *url.URL, cfg Config) {
	s := &fetch.Side{Name: fetch.Rendered, URL: u.String()}
	if err := t.render(context.Background(), u, cfg, s); err != nil || s.Words < 20 {
		b.Fatalf("render: err=%v words=%d", err, s.Words)
	}
}
