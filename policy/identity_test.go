package policy

import "testing"

func TestUserAgent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id   Identity
		want string
	}{
		{Identity{Version: "1.2.3", Contact: "https://example.org/bot"}, "Mozilla/5.0 (compatible; webgraph/1.2.3; +https://example.org/bot)"},
		{Identity{Version: "1.2.3", Contact: "ops@example.org"}, "Mozilla/5.0 (compatible; webgraph/1.2.3; +ops@example.org)"},
		{Identity{}, "Mozilla/5.0 (compatible; webgraph/dev)"},
	}
	for _, tt := range tests {
		if got := tt.id.UserAgent(); got != tt.want {
			t.Errorf("%+v.UserAgent() = %q; want %q", tt.id, got, tt.want)
		}
	}
	if w := (Identity{}).Warnings(); len(w) != 1 {
		t.Errorf("Warnings() without contact = %v; want one warning", w)
	}
	if w := (Identity{Contact: "x@y"}).Warnings(); len(w) != 0 {
		t.Errorf("Warnings() with contact = %v; want none", w)
	}
}
