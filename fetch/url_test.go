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

func TestNormalizeRoute(t *testing.T) {
	t.Parallel()
	base, _ := url.Parse("http://Example.COM/docs/index.html")
	tests := []struct{ name, ref, want string }{
		{"route kept", "#/lamps", "http://example.com/docs/index.html#/lamps"},
		{"hashbang route kept", "#!/about", "http://example.com/docs/index.html#!/about"},
		{"route on another document", "/other/#/weather?id=2", "http://example.com/other/#/weather?id=2"},
		{"section fragment dropped", "#section", "http://example.com/docs/index.html"},
		{"bang without slash dropped", "#!about", "http://example.com/docs/index.html"},
		{"empty route is the document", "#/", "http://example.com/docs/index.html"},
		{"empty hashbang route is the document", "/#!/", "http://example.com/"},
		{"empty fragment dropped", "#", "http://example.com/docs/index.html"},
		{"route escapes canonical", "#/%7elamps/%c3%a9", "http://example.com/docs/index.html#/~lamps/%C3%A9"},
		{"route space and non-ASCII escaped", "#/a b/é", "http://example.com/docs/index.html#/a%20b/%C3%A9"},
		{"second hash escaped", "#/a#b", "http://example.com/docs/index.html#/a%23b"},
		{"escaped slash is no route", "#%2Flamps", "http://example.com/docs/index.html"},
		{"route query kept as written", "#/s?b=2&a=1", "http://example.com/docs/index.html#/s?b=2&a=1"},
		{"host and path still normalised", "HTTP://Example.com:80/a/../b#/x", "http://example.com/b#/x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := NormalizeRoute(base, tt.ref)
			if err != nil {
				t.Fatalf("NormalizeRoute(%q) error: %v", tt.ref, err)
			}
			if got != tt.want {
				t.Errorf("NormalizeRoute(%q) = %q; want %q", tt.ref, got, tt.want)
			}
			// Normalize drops every fragment, routes included, as before.
			plain, err := Normalize(base, tt.ref)
			if err != nil || strings.Contains(plain, "#") {
				t.Errorf("Normalize(%q) = %q, %v; want no fragment", tt.ref, plain, err)
			}
		})
	}
}

// FuzzNormalizeRoute checks NormalizeRoute as FuzzNormalize checks
// Normalize, and that it differs from Normalize only by a route.
func FuzzNormalizeRoute(f *testing.F) {
	for _, s := range []string{
		"#/lamps", "#!/about", "http://a/#/x#y", "#/%7e%2F%zz é", "#section", "#/", "#!/",
		"/p?q=1#/r?s=2", "#%2Fx", "http://[::1]:80/a/./b#!/c/../d",
	} {
		f.Add(s)
	}
	base, _ := url.Parse("http://base.example/dir/page")
	f.Fuzz(func(t *testing.T, ref string) {
		n, err := NormalizeRoute(base, ref)
		if err != nil {
			return
		}
		n2, err := NormalizeRoute(nil, n)
		if err != nil {
			t.Fatalf("NormalizeRoute(NormalizeRoute(%q)=%q) error: %v", ref, n, err)
		}
		if n2 != n {
			t.Fatalf("not idempotent: %q -> %q -> %q", ref, n, n2)
		}
		plain, err := Normalize(base, ref)
		if err != nil {
			t.Fatalf("NormalizeRoute(%q) = %q but Normalize fails: %v", ref, n, err)
		}
		doc, route, has := strings.Cut(n, "#")
		if doc != plain {
			t.Fatalf("NormalizeRoute(%q) = %q; its document is not Normalize's %q", ref, n, plain)
		}
		if has && !strings.HasPrefix(route, "/") && !strings.HasPrefix(route, "!/") {
			t.Fatalf("NormalizeRoute(%q) = %q keeps a fragment that is no route", ref, n)
		}
	})
}
