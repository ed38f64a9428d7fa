package store

import (
	"encoding/json"
	"testing"

	"github.com/webgraph/webgraph/frontier"
)

// FuzzLinkJSON: whatever a site writes as an anchor, an entry of
// outlinks.links is valid JSON that reads back as the anchor (each byte of
// invalid UTF-8 as U+FFFD, as encoding/json writes it).
func FuzzLinkJSON(f *testing.F) {
	for _, s := range []string{"", "Read on", `a "quoted" \ back`, "tab\tnew\nline\x00", "\xff\xfe bad", "é ☃ \u2028", "</script>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, anchor string) {
		b := appendLinkJSON(nil, 42, frontier.Link{To: "http://h/", Anchor: anchor, Side: "both", Kind: "page"})
		var got []any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%q: %v", b, err)
		}
		var want string // what encoding/json makes of it: each invalid byte is U+FFFD
		m, _ := json.Marshal(anchor)
		json.Unmarshal(m, &want)
		if len(got) != 4 || got[0] != float64(42) || got[1] != want || got[2] != "both" || got[3] != "page" {
			t.Fatalf("%q read back as %q; want [42 %q both page]", b, got, want)
		}
	})
}
