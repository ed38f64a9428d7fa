package audit

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

func side(n fetch.Name, edit func(s *fetch.Side)) *fetch.Side {
	s := &fetch.Side{Name: n, Status: 200, ContentType: "text/html", FinalURL: "http://site/p", Title: "T", Canonical: "http://site/p",
		Words: 40, Links: []fetch.Link{{URL: "http://site/a"}},
		Head: fetch.Head{Description: "D", H1: "H", Robots: []string{}, Hreflang: map[string]string{"en": "http://site/p"}, StructuredData: []string{"WebPage"}}}
	if edit != nil {
		edit(s)
	}
	return s
}

func TestFindings(t *testing.T) {
	tests := []struct {
		name            string
		plain, rendered func(s *fetch.Side)
		want            []Name
	}{
		{"same", nil, nil, nil},
		{"title only rendered", func(s *fetch.Side) { s.Title = "" }, nil, []Name{TitleOnlyRendered}},
		{"title changed", nil, func(s *fetch.Side) { s.Title = "U" }, []Name{TitleChanged}},
		{"description", func(s *fetch.Side) { s.Head.Description = "" }, nil, []Name{DescriptionOnlyRendered}},
		{"h1 changed", nil, func(s *fetch.Side) { s.Head.H1 = "X" }, []Name{H1Changed}},
		{"canonical mismatch", nil, func(s *fetch.Side) { s.Canonical = "http://site/q" }, []Name{CanonicalMismatch}},
		{"canonical only rendered", func(s *fetch.Side) { s.Canonical = "" }, nil, []Name{CanonicalOnlyRendered}},
		{"noindex only plain", func(s *fetch.Side) { s.Head.Robots = []string{"noindex"} }, nil, []Name{NoindexOnlyPlain}},
		{"none only rendered", nil, func(s *fetch.Side) { s.Head.Robots = []string{"none"} }, []Name{NoindexOnlyRendered, NofollowOnlyRendered}},
		{"hreflang", nil, func(s *fetch.Side) { s.Head.Hreflang = map[string]string{} }, []Name{HreflangChanged}},
		{"structured data", nil, func(s *fetch.Side) { s.Head.StructuredData = nil }, []Name{StructuredDataChanged}},
		{"links", nil, func(s *fetch.Side) { s.Links = append(s.Links, fetch.Link{URL: "http://site/b"}) }, []Name{LinksOnlyRendered}},
		{"content", func(s *fetch.Side) { s.Words = 3 }, nil, []Name{ContentOnlyRendered}},
		{"errors", nil, func(s *fetch.Side) { s.Head.ConsoleErrors = []fetch.ConsoleError{{Message: "x"}} }, []Name{JSErrors}},
		{"failed", nil, func(s *fetch.Side) { s.Head.FailedRequests = []fetch.FailedRequest{{URL: "u", Status: 404}} }, []Name{FailedRequests}},
		{"blocked", nil, func(s *fetch.Side) { s.BlockedResources = []fetch.BlockedResource{{URL: "u", Reason: "disallowed"}} }, []Name{BlockedResources}},
		{"redirect", nil, func(s *fetch.Side) {
			s.Redirects = []fetch.Redirect{{From: "a", To: "b", Status: 302, Via: fetch.ViaHTTP}, {From: "b", To: "c", Via: fetch.ViaScript}}
		}, []Name{JSRedirect}},
		{"meta refresh, followed without a browser too", nil, func(s *fetch.Side) {
			s.Redirects = []fetch.Redirect{{From: "a", To: "b", Via: fetch.ViaMeta}}
		}, nil},
		{"http redirect only", nil, func(s *fetch.Side) {
			s.Redirects = []fetch.Redirect{{From: "a", To: "b", Status: 301, Via: fetch.ViaHTTP}}
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Of(side(fetch.Plain, tt.plain), side(fetch.Rendered, tt.rendered))
			var got []Name
			for _, f := range a.Findings {
				got = append(got, f.Finding)
				if f.Words == "" {
					t.Errorf("%s has no words", f.Finding)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings = %v; want %v", got, tt.want)
			}
		})
	}
}

func TestNoindexOnlyPlainSaysCritical(t *testing.T) {
	a := Of(side(fetch.Plain, func(s *fetch.Side) { s.Head.Robots = []string{"noindex"} }), side(fetch.Rendered, nil))
	if len(a.Findings) != 1 || !strings.HasPrefix(a.Findings[0].Words, "CRITICAL") {
		t.Fatalf("findings = %+v; want one, critical", a.Findings)
	}
	if !a.Noindex() || a.Nofollow() {
		t.Errorf("Noindex=%v Nofollow=%v; want the stricter side (plain) to win: true, false", a.Noindex(), a.Nofollow())
	}
}

func TestOneSide(t *testing.T) {
	walled := side(fetch.Rendered, func(s *fetch.Side) { s.Status = 403; s.Title = "Forbidden" })
	a := Of(side(fetch.Plain, nil), walled)
	if a.Rendered != nil || len(a.Findings) != 0 {
		t.Errorf("a walled side was audited: rendered=%v findings=%v", a.Rendered, a.Findings)
	}
	b, _ := json.Marshal(a)
	if !strings.Contains(string(b), `"findings":[]`) || strings.Contains(string(b), "console_errors") {
		t.Errorf("JSON = %s; want findings [] and no rendered-only fields", b)
	}
	r := Of(nil, side(fetch.Rendered, nil))
	b, _ = json.Marshal(r)
	if !strings.Contains(string(b), `"console_errors":[]`) || !strings.Contains(string(b), `"navigations":[]`) {
		t.Errorf("rendered JSON = %s; want its script fields present, empty", b)
	}
}

func TestParseName(t *testing.T) {
	for _, n := range Names() {
		if got, err := ParseName(string(n)); err != nil || got != n {
			t.Errorf("ParseName(%q) = %q, %v", n, got, err)
		}
		if Words(n) == string(n) {
			t.Errorf("%s has no words of its own", n)
		}
	}
	var u *UnknownNameError
	if _, err := ParseName("missing"); err == nil || !errors.As(err, &u) {
		t.Errorf("ParseName(missing) = %v; want *UnknownNameError", err)
	}
}

// The table is the closed set: every Name constant declared in audit.go has
// exactly one row, in declaration order (the reporting order), and no row
// names anything else.
func TestTableHoldsEveryName(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "audit.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []Name
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Name" {
				continue
			}
			for _, val := range v.Values {
				s, err := strconv.Unquote(val.(*ast.BasicLit).Value)
				if err != nil {
					t.Fatal(err)
				}
				declared = append(declared, Name(s))
			}
		}
	}
	if len(declared) == 0 || !slices.Equal(Names(), declared) {
		t.Errorf("Names() = %v;\nwant the constants as declared: %v", Names(), declared)
	}
}

// Each row's field is one the audit compares (a JSON name of Fields or of
// Script), and only a critical finding's words say so.
func TestTableRows(t *testing.T) {
	compared := map[string]bool{}
	for _, typ := range []reflect.Type{reflect.TypeFor[Fields](), reflect.TypeFor[Script]()} {
		for f := range typ.Fields() {
			if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" {
				compared[name] = true
			}
		}
	}
	for _, n := range Names() {
		if !compared[n.Field()] {
			t.Errorf("%s: field %q is not a field the audit compares", n, n.Field())
		}
		if critical := strings.HasPrefix(Words(n), "CRITICAL: "); critical != (n.Severity() == Critical) {
			t.Errorf("%s: severity %v, words %q; want the words to say CRITICAL exactly when it is", n, n.Severity(), Words(n))
		}
	}
	if NoindexOnlyPlain.Severity() != Critical || TitleChanged.Severity() != Notice {
		t.Errorf("severities: noindex_only_plain %v, title_changed %v; want critical, notice", NoindexOnlyPlain.Severity(), TitleChanged.Severity())
	}
	if n := Name("nope"); n.Field() != "nope" || Words(n) != "nope" || n.Severity() != Notice {
		t.Errorf("a name outside the set: field %q, words %q, severity %v; want its own name twice, and notice", n.Field(), Words(n), n.Severity())
	}
}
