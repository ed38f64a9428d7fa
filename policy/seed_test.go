package policy

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestParseSeed(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		assumed  bool
	}{
		{"https://example.org/docs?x=1", "https://example.org/docs?x=1", false},
		{"HTTP://Example.org", "http://Example.org", false}, // the host as given: normalised later, like any URL's
		{"example.org", "https://example.org/", true},
		{"  www.example.org/docs/  ", "https://www.example.org/docs/", true},
		{"example.org:8443", "https://example.org:8443/", true},
		{"localhost:8080", "http://localhost:8080/", true},
		{"LOCALHOST:8080/app", "http://LOCALHOST:8080/app", true},
		{"app.localhost", "http://app.localhost/", true},
		{"127.0.0.1:3000", "http://127.0.0.1:3000/", true},
		{"127.0.0.2", "http://127.0.0.2/", true},
		{"[::1]:8080", "http://[::1]:8080/", true},
		{"//example.org/x", "https://example.org/x", true},
		{"intranet", "https://intranet/", true},
		{"bücher.example", "https://b%C3%BCcher.example/", true}, // url.URL's own escape; CanonicalHost makes it punycode
	} {
		got, err := ParseSeed(tt.in)
		if err != nil {
			t.Errorf("ParseSeed(%q): %v", tt.in, err)
			continue
		}
		if got.URL.String() != tt.want || got.Assumed != tt.assumed || got.Typed != tt.in {
			t.Errorf("ParseSeed(%q) = %s (assumed %v, typed %q); want %s (assumed %v)", tt.in, got.URL, got.Assumed, got.Typed, tt.want, tt.assumed)
		}
	}
}

func TestParseSeedRefusals(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "empty"},
		{"   ", "empty"},
		{"ftp://example.org/file", "not ftp://"},
		{"file:///etc/passwd", "not file://"},
		{"mailto:someone@example.org", "not mailto: URLs"},
		{"javascript:alert(1)", "not javascript: URLs"},
		{"exa mple.org", "white space"},
		{"example.org:http", "not a number"},
		{"user:pw@example.org", "user name"},
		{"https:///path", "names no host"},
		{"ex!ample.org", "not a valid host name"},
		{"a..b", "not a valid host name"},
		{"example.org/%zz", "does not start an escape"},
		{"http://" + strings.Repeat("a", 9000) + ".org/", "longer than"},
	} {
		_, err := ParseSeed(tt.in)
		var se *SeedError
		if !errors.As(err, &se) {
			t.Errorf("ParseSeed(%q) = %v; want a *SeedError", tt.in, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "first path segment") {
			t.Errorf("ParseSeed(%q) = %q; want words with %q, not a Go parse error", tt.in, err, tt.want)
		}
	}
}

// FuzzParseSeed: whatever is typed, ParseSeed either refuses it in words or
// returns an absolute http(s) URL with a host, which NewScope accepts.
func FuzzParseSeed(f *testing.F) {
	for _, s := range []string{"example.org", "localhost:8080/x", "https://a.b/c", "[::1]:80", "mailto:x@y", "a b", "%", "//x", "1.2.3.4:99999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		seed, err := ParseSeed(s)
		if err != nil {
			var se *SeedError
			if !errors.As(err, &se) {
				t.Fatalf("ParseSeed(%q) error %T; want *SeedError", s, err)
			}
			return
		}
		u := seed.URL
		if sch := strings.ToLower(u.Scheme); (sch != "http" && sch != "https") || u.Hostname() == "" {
			t.Fatalf("ParseSeed(%q) = %q: not an absolute http(s) URL", s, u)
		}
		if _, err := NewScope([]*url.URL{u}, nil, nil, nil, nil); err != nil {
			t.Fatalf("ParseSeed(%q) = %q, which NewScope refuses: %v", s, u, err)
		}
	})
}

func TestScopeJoin(t *testing.T) {
	seed, _ := url.Parse("http://127.0.0.1:8080/")
	s, err := NewScope([]*url.URL{seed}, nil, []string{"/docs/"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	moved, _ := url.Parse("https://WWW.example.org/docs/a")
	if s.Allows(moved) {
		t.Fatalf("%s allowed before its origin joined", moved)
	}
	if !s.Join(moved) {
		t.Fatal("Join of a new origin = false; want true")
	}
	if s.Join(moved) {
		t.Error("Join of an approved origin = true; want false")
	}
	if !s.Allows(moved) {
		t.Errorf("%s not allowed after its origin joined", moved)
	}
	outside, _ := url.Parse("https://www.example.org/blog/")
	if s.Allows(outside) {
		t.Errorf("%s allowed: a joined origin keeps the allowed paths", outside)
	}
	sub, _ := url.Parse("https://cdn.www.example.org/docs/")
	if s.Allows(sub) {
		t.Errorf("%s allowed: subdomains are never implied", sub)
	}
	if got := strings.Join(s.Origins(), " "); got != "http://127.0.0.1:8080 https://www.example.org" {
		t.Errorf("Origins() = %s", got)
	}
	if s.Join(&url.URL{Scheme: "ftp", Host: "x"}) {
		t.Error("Join of an ftp URL = true")
	}
}
