package contentset

import (
	"context"
	"net/http/httptest"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
)

var browser = &browsertest.Shared{Config: rendered.Config{Timeout: 20 * time.Second}}

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m, browser)) }

// TestRenderedLabels renders every page marked rendered in a real Chromium,
// served by Handler, and checks that its label is the text the page's own
// scripts wrote: each line found in the rendered text, in order. Together
// with TestSet (the served HTML does not hold the label) it proves the
// "rendered" flag true, and that Handler serves what the scripts ask for.
func TestRenderedLabels(t *testing.T) {
	sites := loadSet(t)
	f := browser.Get(t)
	n := 0
	for _, s := range sites {
		ts := httptest.NewServer(s.Handler())
		t.Cleanup(ts.Close)
		for i := range s.Pages {
			p := &s.Pages[i]
			if !p.Rendered {
				continue
			}
			n++
			u, err := url.Parse(p.On(ts.URL))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			side, err := f.Fetch(ctx, u)
			cancel()
			if err != nil {
				t.Errorf("%s: render: %v", p.Name(), err)
				continue
			}
			text := side.Text()
			if miss := Locate(p.Want, text); miss != "" {
				t.Errorf("%s: the rendered page lacks its label from %q; rendered text:\n%.600s", p.Name(), miss, text)
			}
			if sc := Compare(p.Want, text); sc.F1() == 0 {
				t.Errorf("%s: rendered text shares nothing with the label", p.Name())
			}
		}
	}
	if n == 0 {
		t.Fatal("no rendered page in the set")
	}
	t.Logf("%d rendered pages hold their labels", n)
}
