package policy

import (
	"net/http"
	"os"
	"strings"
	"testing"
)

func TestNotText(t *testing.T) {
	t.Parallel()
	elf, err := os.ReadFile("/bin/ls")
	if err != nil {
		t.Skip("no /bin/ls to read:", err)
	}
	tests := []struct {
		name string
		body string
		want string // part of the reason; "" when the body is text
	}{
		{"robots.txt", "User-agent: *\nDisallow: /private/\n", ""},
		{"empty", "", ""},
		{"UTF-8 comment", "# Ça va très bien\nUser-agent: *\nDisallow:\n", ""},
		{"a little Latin-1", "# \xc7a va tr\xe8s bien, this line is long enough to carry two odd bytes\nUser-agent: *\nDisallow: /x\n", ""},
		{"BOM", "\xef\xbb\xbfUser-agent: *\n", ""},
		{"ELF", string(elf), "ELF"},
		{"gzip", "\x1f\x8b\x08\x00rest", "gzip"},
		{"PNG", "\x89PNG\r\n\x1a\n....", "PNG"},
		{"NUL", "User-agent: *\x00\nDisallow: /\n", "NUL"},
		{"UTF-16", "\xff\xfeU\x00s\x00e\x00r\x00", "NUL"},
		{"random bytes", strings.Repeat("\xfe\xa0\x91abc", 50), "not UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := NotText([]byte(tt.body))
			if (got == "") != (tt.want == "") || !strings.Contains(got, tt.want) {
				t.Errorf("NotText = %q; want %q", got, tt.want)
			}
		})
	}
}

func TestRobotsWarningsBounded(t *testing.T) {
	t.Parallel()
	body := "User-agent: *\nDisallow: /x\n" + strings.Repeat("this line has no colon\n", 5000)
	r := ParseRobots([]byte(body))
	if got, want := len(r.Warnings), MaxRobotsWarnings+1; got != want {
		t.Fatalf("%d warnings; want %d", got, want)
	}
	if last := r.Warnings[len(r.Warnings)-1]; last != "and 4980 more warnings" {
		t.Errorf("last warning = %q", last)
	}
}

// TestBinaryRobotsFromSite: a robots.txt answered with 200 but not text
// (here a gzip body without Content-Encoding) carries rules webgraph cannot
// read, so the origin is treated as unreachable: nothing is allowed.
func TestBinaryRobotsFromSite(t *testing.T) {
	t.Parallel()
	ts, _ := robotsServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\x0b-N-\xd2"))
	})
	c := NewRobotsClient(AgentToken, "test", nil)
	p := c.Policy(t.Context(), mustParse(t, ts.URL+"/"))
	if p.State != Unreachable || !p.Deferred() || !strings.Contains(p.Reason, "not text (it is a gzip file)") {
		t.Errorf("state %s, deferred %v, reason %q; want unreachable, deferred, saying it is not text", p.State, p.Deferred(), p.Reason)
	}
	if v := p.Check(mustParse(t, ts.URL+"/page")); v.Allowed {
		t.Errorf("a page is allowed under an unreadable robots.txt: %+v", v)
	}
}
