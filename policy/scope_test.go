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
