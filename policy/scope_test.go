package policy

import (
	"net/url"
	"strings"
	"testing"
)

func TestScopeIncludeExclude(t *testing.T) {
	t.Parallel()
	seed := mustParse(t, "http://127.0.0.1:8080/private/start")
	scope, err := NewScope([]*url.URL{seed}, nil, nil, []string{`/docs/`, `/blog/\d+$`}, []string{`\.pdf$`, `/docs/old/`})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, url string
		allowed   bool
		filtered  bool
	}{
		{"seed always in scope", "http://127.0.0.1:8080/private/start", true, false},
		{"matches an include", "http://127.0.0.1:8080/docs/intro", true, false},
		{"matches the other include", "http://127.0.0.1:8080/blog/42", true, false},
		{"matches no include", "http://127.0.0.1:8080/about", false, true},
		{"include anchored by its own $", "http://127.0.0.1:8080/blog/42/comments", false, true},
		{"excluded although included", "http://127.0.0.1:8080/docs/old/a", false, true},
		{"exclude on the query too", "http://127.0.0.1:8080/docs/x?f=a.pdf", false, true},
		{"another origin is not a filter's business", "http://127.0.0.2:8080/docs/intro", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			v := scope.Judge(mustParse(t, tt.url))
			if v.Allowed != tt.allowed || v.Filtered != tt.filtered {
				t.Errorf("Judge(%s) = %+v; want allowed %v, filtered %v", tt.url, v, tt.allowed, tt.filtered)
			}
			if v.Allowed != scope.Allows(mustParse(t, tt.url)) {
				t.Errorf("Allows(%s) disagrees with Judge", tt.url)
			}
			if !v.Allowed && v.Reason == "" {
				t.Errorf("Judge(%s) refuses without a reason", tt.url)
			}
		})
	}
}

func TestScopeBadPatterns(t *testing.T) {
	t.Parallel()
	seed := mustParse(t, "http://127.0.0.1:8080/")
	_, err := NewScope([]*url.URL{seed}, nil, nil, []string{`(`}, []string{`[z-a]`})
	if err == nil {
		t.Fatal("NewScope accepted malformed patterns")
	}
	for _, want := range []string{`include pattern "("`, `exclude pattern "[z-a]"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}

func TestGateNamesTheExcludePattern(t *testing.T) {
	t.Parallel()
	seed := mustParse(t, "http://127.0.0.1:8080/")
	scope, err := NewScope([]*url.URL{seed}, nil, nil, nil, []string{`/private/`})
	if err != nil {
		t.Fatal(err)
	}
	g := NewGate(GateConfig{Scope: scope, UserAgent: "webgraph-test"})
	a := g.Ask(t.Context(), mustParse(t, "http://127.0.0.1:8080/private/x"), Page)
	if a.Denied == nil || !strings.Contains(a.Denied.Reason, "/private/") {
		t.Fatalf("Ask for an excluded URL = %+v; want it denied naming the pattern", a.Denied)
	}
}

// sameSiteByScan is SameSite as a scan of the origins: an approved origin
// ends in "://" and the host, in lower case.
func sameSiteByScan(s *Scope, host string) bool {
	host = strings.ToLower(host)
	for _, o := range s.Origins() {
		if strings.HasSuffix(o, "://"+host) {
			return true
		}
	}
	return false
}

var sameSiteHosts = []string{
	"127.0.0.1:8080", "127.0.0.1", "127.0.0.1:80", "EXAMPLE.org", "example.org", "www.example.org", "xample.org",
	"[::1]:8080", "[::1]", "", ":8080", "//example.org", "http://example.org", "example.org:443", "ex\u212aample.org",
	"b\u00dcCHER.example", "b\u00fccher.example", "xn--bcher-kva.example",
}

// TestSameSiteAnswersAsTheScan holds SameSite's lookup to the scan of every
// origin it replaced, for seeds, extra origins and a joined origin.
func TestSameSiteAnswersAsTheScan(t *testing.T) {
	seed := mustParse(t, "http://127.0.0.1:8080/")
	s, err := NewScope([]*url.URL{seed}, []string{"https://EXAMPLE.org", "http://b\u00fccher.example", "http://[::1]:8080"}, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func() {
		t.Helper()
		for _, h := range sameSiteHosts {
			if got, want := s.SameSite(h), sameSiteByScan(s, h); got != want {
				t.Errorf("SameSite(%q) = %v; the scan of %v says %v", h, got, s.Origins(), want)
			}
		}
	}
	check()
	if !s.SameSite("Example.ORG") || s.SameSite("www.example.org") || s.SameSite("127.0.0.1") {
		t.Errorf("SameSite: the case-blind host, not a subdomain, not another port")
	}
	s.Join(mustParse(t, "https://www.example.org/moved"))
	check()
	if !s.SameSite("www.example.org") {
		t.Errorf("SameSite(www.example.org) = false after its origin joined")
	}
}

// FuzzSameSite holds SameSite to the scan for any origin and host.
func FuzzSameSite(f *testing.F) {
	for _, h := range sameSiteHosts {
		f.Add("https://example.org", h)
	}
	f.Add("http://a://b", "b")
	f.Add("http://a://b", "a://b")
	f.Fuzz(func(t *testing.T, origin, host string) {
		seed := mustParse(t, "http://127.0.0.1:8080/")
		s, err := NewScope([]*url.URL{seed}, []string{origin}, nil, nil, nil)
		if err != nil {
			s, _ = NewScope([]*url.URL{seed}, nil, nil, nil, nil)
		}
		if u, err := url.Parse(origin); err == nil {
			s.Join(u)
		}
		if got, want := s.SameSite(host), sameSiteByScan(s, host); got != want {
			t.Fatalf("SameSite(%q) = %v; the scan of %v says %v", host, got, s.Origins(), want)
		}
	})
}
