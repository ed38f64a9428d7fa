package fetch

import (
	"net/url"
	"reflect"
	"testing"
)

// resolverBases are the document URLs the Resolver tests resolve against:
// simple ones (the fast path's), and ones only net/url reads right.
var resolverBases = []string{
	"http://example.com/a/b/c.html?x=1",
	"https://example.com:443/dir/",
	"http://127.0.0.1:8080/p/12",
	"http://example.com",
	"http://Example.COM:80/a/b",
	"http://user:pw@example.com/a/",
	"http://[::1]:8080/x/y",
	"http://example.com/a%20b/c",
	"http://example.com//double/x",
	"http://example.com/a/./b/../c",
	"https://bücher.example/ü/",
	"http://example.com:/a/",
}

// resolverRefs are references as pages write them, including every shape
// the fast path declines.
var resolverRefs = []string{
	"/p/2", "/", "d.html", "sub/d.html", "sub/", "/a//b", "/a?b=1&c=2", "/a?", "/a??x", "/a#frag", "/a?b#c",
	"?q=1", "#top", "", "  /trimmed  ", "//other.example/x", "./x", "../x", "/a/./b", "/a/../b", "/a/.", "/a/..",
	"a:b", "a/b:c", "mailto:a@b.c", "javascript:void(0)", "HTTP://EXAMPLE.com/x", "http://example.com", "http://example.com?q",
	"http://example.com#f", "http://example.com:80/x", "https://example.com:443/x", "https://example.com:8443/x",
	"http://example.com:/x", "http://example.com:8x/x", "http://ex_ample.com/x", "http://[::1]/x", "http://u@example.com/x",
	"http://example.com//x", "http://example.com/a/../b", "http:///x", "http://example.com/%7e", "/%41", "/a b",
	"/é", "/a?é", "/a?b c", "/a?x=%zz", "/a#%zz", "/a#b\x01", "/a\x01", "/a?'q'", "/a|b", "/a\\b", "/a!$&'()*+,;=:@b",
	"/q?a=<b>", "/q?{x}", "http://EXAMPLE.com/x", "http://example.com.:81/x", "http://a..b/x", "https://x/?#", "/~user/",
}

func TestResolverMatchesNormalize(t *testing.T) {
	t.Parallel()
	for _, b := range resolverBases {
		base, err := url.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		r := NewResolver(base)
		for _, ref := range resolverRefs {
			got, gerr := r.Normalize(ref)
			want, werr := normalizeParsed(base, ref)
			if got != want || (gerr == nil) != (werr == nil) {
				t.Errorf("base %q, ref %q: Resolver gives %q, %v; net/url %q, %v", b, ref, got, gerr, want, werr)
			}
			got, gerr = Normalize(base, ref)
			if got != want || (gerr == nil) != (werr == nil) {
				t.Errorf("base %q, ref %q: Normalize gives %q, %v; net/url %q, %v", b, ref, got, gerr, want, werr)
			}
		}
	}
}

// TestResolverTakesTheFastPath holds the common references to the path
// without net/url: the reason the Resolver exists.
func TestResolverTakesTheFastPath(t *testing.T) {
	base, _ := url.Parse("http://127.0.0.1:8080/p/12")
	r := NewResolver(base)
	for ref, want := range map[string]string{
		"/p/2":                        "http://127.0.0.1:8080/p/2",
		"13":                          "http://127.0.0.1:8080/p/13",
		"/s?q=a+b&x=1#top":            "http://127.0.0.1:8080/s?q=a+b&x=1",
		"http://127.0.0.1:8080/about": "http://127.0.0.1:8080/about",
		"https://example.com:443":     "https://example.com/",
	} {
		got, ok := r.fast(ref)
		if !ok || got != want {
			t.Errorf("fast(%q) = %q, %v; want %q, true", ref, got, ok, want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { r.fast("http://127.0.0.1:8080/about") }); n != 0 {
		t.Errorf("a URL in normal form costs %v allocations; want none", n)
	}
}

// FuzzResolverMatchesNormalize holds the Resolver (and Normalize's own
// fast path) to net/url's reading, byte for byte, for any base and
// reference.
func FuzzResolverMatchesNormalize(f *testing.F) {
	for _, b := range resolverBases {
		for _, ref := range resolverRefs[:12] {
			f.Add(b, ref)
		}
	}
	f.Fuzz(func(t *testing.T, b, ref string) {
		base, err := url.Parse(b)
		if err != nil || !base.IsAbs() {
			base = nil
		}
		want, werr := normalizeParsed(base, ref)
		got, gerr := NewResolver(base).Normalize(ref)
		if got != want || (gerr == nil) != (werr == nil) {
			t.Fatalf("base %q, ref %q: Resolver gives %q, %v; net/url %q, %v", b, ref, got, gerr, want, werr)
		}
		got, gerr = Normalize(base, ref)
		if got != want || (gerr == nil) != (werr == nil) {
			t.Fatalf("base %q, ref %q: Normalize gives %q, %v; net/url %q, %v", b, ref, got, gerr, want, werr)
		}
	})
}

// FuzzParseURL holds ParseURL's way without net/url to url.Parse, field for
// field.
func FuzzParseURL(f *testing.F) {
	for _, s := range []string{
		"http://127.0.0.1:8080/p/2", "https://example.com/", "http://example.com", "http://example.com?q", "http://example.com/a?",
		"http://example.com/a??", "http://example.com/a?b=c&d=%20", "http://Example.com:80/A/b;c=d/e:f@g$h&i+j,k",
		"http://example.com/a!b", "http://example.com/a%20b", "http://example.com/#/route", "http://[::1]:80/", "http://u@h/",
		"http://h:8x/", "http://h:/", "http:///x", "ftp://h/", "http://h/a b", "http://h/?a\x01",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		want, werr := url.Parse(raw)
		got, gerr := ParseURL(raw)
		if werr != nil {
			if gerr == nil {
				t.Fatalf("ParseURL(%q) = %#v; url.Parse fails: %v", raw, got, werr)
			}
			return
		}
		if gerr != nil || !reflect.DeepEqual(got, *want) {
			t.Fatalf("ParseURL(%q) = %#v, %v; url.Parse gives %#v", raw, got, gerr, *want)
		}
		if got.String() != want.String() || got.EscapedPath() != want.EscapedPath() {
			t.Fatalf("ParseURL(%q) writes %q (path %q); url.Parse's %q (path %q)", raw, got.String(), got.EscapedPath(), want.String(), want.EscapedPath())
		}
	})
}

func TestParseURLAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { ParseURL("http://127.0.0.1:8080/p/2?x=1") }); n != 0 {
		t.Errorf("ParseURL of a normal URL costs %v allocations; want none", n)
	}
}
