package crawl

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// Every type with an EventName method, in this package and in linkcheck
// (whose verdicts pass through the stream), is one NewEvent makes from its
// name, and its name is in EventNames: a new event type added without its
// name and its case is caught here, not by a consumer that never saw it.
func TestEveryEventIsNamed(t *testing.T) {
	declared := map[string]bool{} // "pkg.Type"
	for _, dir := range []string{".", "../linkcheck"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Recv == nil || fn.Name.Name != "EventName" {
					continue
				}
				recv := fn.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				declared[f.Name.Name+"."+recv.(*ast.Ident).Name] = true
			}
		}
	}
	made := map[string]bool{}
	for _, name := range EventNames {
		ev := NewEvent(name)
		if ev == nil {
			t.Errorf("NewEvent(%q) = nil; every name in EventNames makes its event", name)
			continue
		}
		if ev.EventName() != name {
			t.Errorf("NewEvent(%q) is a %T named %q", name, ev, ev.EventName())
		}
		typ := reflect.TypeOf(ev).Elem()
		made[filepath.Base(typ.PkgPath())+"."+typ.Name()] = true
	}
	if len(made) != len(EventNames) {
		t.Errorf("EventNames %v make %d types; want one each", EventNames, len(made))
	}
	for typ := range declared {
		if !made[typ] {
			t.Errorf("%s has an EventName method but no name in EventNames makes it", typ)
		}
	}
	for typ := range made {
		if !declared[typ] {
			t.Errorf("%s is made by NewEvent but declares no EventName of its own", typ)
		}
	}
	if NewEvent("no such event") != nil {
		t.Error("NewEvent of an unknown name is not nil")
	}
	if len(declared) < 13 || !slices.Contains(EventNames, EventLink) {
		t.Errorf("found %d event types (%v); the parse missed some", len(declared), declared)
	}
}
