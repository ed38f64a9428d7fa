package words_test

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/words"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

var browser = &browsertest.Shared{Config: rendered.Config{Timeout: 20 * time.Second}}

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m, browser)) }

// spaceless are the languages written without spaces between words: their
// count need only be a count a reader accepts, at least half of ICU's.
var spaceless = map[string]bool{"zh": true, "ja": true, "th": true, "lo": true, "km": true, "my": true}

// TestAgainstChromium holds Count to the browser's own word segmenter (ICU,
// through Intl.Segmenter) on the texts of testdata/sites/world/segment.json:
// within 15% of it for scripts written with spaces, and between half and
// twice it for scripts written without.
func TestAgainstChromium(t *testing.T) {
	ts, _ := sites.Serve(t, "world")
	f := browser.Get(t)
	u, _ := url.Parse(ts.URL + "/segment.html")
	s, err := f.Fetch(context.Background(), u)
	if err != nil {
		t.Fatalf("rendering segment.html: %v", err)
	}
	type result struct {
		ID, Lang, Text string
		ICU            int
		Segments       []string
	}
	var results []result
	done := false
	for _, b := range s.Blocks {
		if strings.HasPrefix(b, "segmented ") {
			done = true
		}
		if !strings.HasPrefix(b, "{") {
			continue
		}
		var r result
		if err := json.Unmarshal([]byte(b), &r); err != nil {
			t.Fatalf("block %q: %v", b, err)
		}
		results = append(results, r)
	}
	if !done || len(results) < 15 {
		t.Logf("wait %q, blocked %v, warnings %v, head %+v", s.Wait, s.BlockedResources, s.Warnings, s.Head)
		t.Fatalf("the page segmented %d texts (finished: %v); want every text of segment.json. Blocks: %q", len(results), done, s.Blocks)
	}
	for _, r := range results {
		got := words.Count(r.Text)
		ratio := float64(got) / float64(r.ICU)
		t.Logf("%-15s ICU %4d, Count %4d (%.2f)", r.ID, r.ICU, got, ratio)
		if r.ICU == 0 {
			t.Errorf("%s: ICU found no word in %q", r.ID, r.Text)
			continue
		}
		if spaceless[r.Lang] {
			if ratio < 0.5 || ratio > 2 {
				t.Errorf("%s: Count = %d, ICU %d; want between half and twice ICU's count", r.ID, got, r.ICU)
			}
			continue
		}
		if ratio < 0.85 || ratio > 1.15 {
			t.Errorf("%s: Count = %d, ICU %d; want within 15%%. ICU's words: %q", r.ID, got, r.ICU, r.Segments)
		}
	}
}
