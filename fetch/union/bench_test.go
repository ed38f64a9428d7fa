package union

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// BenchmarkModes fetches the same JavaScript page under each mode. The union
// should cost little more than rendering alone, because the sides run
// together.
func BenchmarkModes(b *testing.B) {
	ts, _ := sites.Serve(b, "union")
	u, _ := url.Parse(ts.URL + "/app.html")
	p := plain.New(plain.Config{Timeout: 10 * time.Second})
	defer p.Close()
	r := browser.Get(b)
	for _, mode := range []Mode{ModePlain, ModeRendered, ModeUnion} {
		un := &Union{Mode: mode, Plain: p, Rendered: r}
		b.Run(string(mode), func(b *testing.B) {
			for b.Loop() {
				if _, err := un.Fetch(context.Background(), u); err != nil && mode != ModePlain {
					b.Fatal(err)
				}
			}
		})
	}
}
