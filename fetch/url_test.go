package fetch

import (
	"net/url"
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	t.Parallel()
	base, _ := url.Parse("http://Example.COM:80/a/b/c.html?x=1")
	tests := []struct{ name, ref, want string }{
		{"absolute lower-cased", "HTTP://WWW.Example.com/Path", "http://www.example.com/Path"},
		{"default port dropped", "https://example.com:443/", "https://example.com/"},
		{"other port kept", "http://example.com:8080", "http://example.com:8080/"},
		{"relative", "d.html", "http://example.com/a/b/d.html"},
		{"dot segments", "../../x/./y/../z", "http://example.com/x/z"},
		{"fragment dropped", "#top", "http://example.com/a/b/c.html?x=1"},
		{"query kept in order", "/s?b=2&a=1&b=3", "http://example.com/s?b=2&a=1&b=3"},
		{"escape case", "/%7efoo/%2fbar%3a", "http://example.com/~foo/%2Fbar%3A"},
		{"space escaped", "/a b", "http://example.com/a%20b"},
		{"non-ascii escaped", "/é", "http://example.com/%C3%A9"},
		{"empty segments kept", "/a//b/../c", "http://example.com/a//c"},
		{"trailing slash kept", "/dir/", "http://example.com/dir/"},
		{"ipv6", "http://[::1]:80/x", "http://[::1]/x"},
		{"plus in query kept", "/s?q=a+b%20c", "http://example.com/s?q=a+b%20c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := Normalize(base, tt.ref)
			if err != nil {
				t.Fatalf("Normalize(%q) error: %v", tt.ref, err)
			}
			if got != tt.want {
				t.Errorf("Normalize(%q) = %q; want %q", tt.ref, got, tt.want)
			}
		})
	}
	for _, bad := range []string{"mailto:a@b.c", "javascript:void(0)", "ftp://x/y", "http:///nohost"} {
		if got, err := Normalize(nil, bad); err == nil {
			t.Errorf("Normalize(%q) = %q; want an error", bad, got)
		}
	}
}

// FuzzNormalize checks the properties of Normalize on arbitrary input: it
// never panics, its output is absolute http(s), and it is idempotent.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"http://example.com/",           // plain
		"HTTP://EXAMPLE.com:80/a/../b",  // case, port, dots
		"https://x/%7e%2F?q=%41#frag",   // escapes
		"http://[::1]:8080/a//b/./c/..", // ipv6, empty segment
		"/relative/path?x",              // relative to the base
		"http://a/%zz",                  // a bad escape
		"http://a/é ü",                  // non-ASCII and space
		"http://BÜCHER.example/",        // an internationalised host
	} {
		f.Add(s)
	}
	base, _ := url.Parse("http://base.example/dir/page")
	f.Fuzz(func(t *testing.T, ref string) {
		n, err := Normalize(base, ref)
		if err != nil {
			return
		}
		if !strings.HasPrefix(n, "http://") && !strings.HasPrefix(n, "https://") {
			t.Fatalf("Normalize(%q) = %q: not absolute http(s)", ref, n)
		}
		n2, err := Normalize(nil, n)
		if err != nil {
			t.Fatalf("Normalize(Normalize(%q)=%q) error: %v", ref, n, err)
		}
		if n2 != n {
			t.Fatalf("not idempotent: %q -> %q -> %q", ref, n, n2)
		}
	})
}

// An internationalised host name and its punycode form are one host.
func TestInternationalHost(t *testing.T) {
	t.Parallel()
	a, err := Normalize(nil, "http://BÜCHER.example/x")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Normalize(nil, "http://xn--bcher-kva.example/x")
	if err != nil {
		t.Fatal(err)
	}
	if a != b || a != "http://xn--bcher-kva.example/x" {
		t.Errorf("Normalize: %q and %q; want both http://xn--bcher-kva.example/x", a, b)
	}
	if got := CanonicalHost("under_score.Example"); got != "under_score.example" {
		t.Errorf("CanonicalHost(under_score.Example) = %q", got)
	}
}
