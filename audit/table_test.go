package audit

import (
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
)

// TestFieldOfEveryNameIsARow: every finding is filed under a row the table has,
// so no finding is left without its field.
func TestFieldOfEveryNameIsARow(t *testing.T) {
	rows := map[string]bool{}
	for _, f := range append(HeadFields(), ScriptFields()...) {
		if rows[f.Name] {
			t.Errorf("row %q listed twice", f.Name)
		}
		rows[f.Name] = true
	}
	for _, n := range Names() {
		if !rows[n.Field()] {
			t.Errorf("%s is filed under %q, which is no row of the table", n, n.Field())
		}
	}
}

func TestFieldValues(t *testing.T) {
	f := &Fields{Title: "T", Robots: []string{"noindex", "nofollow"}, Hreflang: map[string]string{"fr": "http://site/fr", "de": "http://site/de"},
		StructuredData: []string{"WebPage", "Article"}, Links: 3, Words: 120,
		Script: &Script{ConsoleErrors: []fetch.ConsoleError{{Message: "x"}, {Message: "y"}}}}
	want := map[string]string{"title": "T", "description": "", "robots": "noindex, nofollow", "hreflang": "de=http://site/de fr=http://site/fr",
		"structured_data": "WebPage, Article", "links": "3", "words": "120", "console_errors": "2", "failed_requests": "0", "navigations": "0"}
	for _, fl := range append(HeadFields(), ScriptFields()...) {
		if w, ok := want[fl.Name]; ok && fl.Value(f) != w {
			t.Errorf("%s = %q; want %q", fl.Name, fl.Value(f), w)
		}
	}
	for _, fl := range ScriptFields() {
		if v := fl.Value(&Fields{}); v != "" {
			t.Errorf("%s of a side without a render = %q; want empty", fl.Name, v)
		}
	}
}

func TestDescribe(t *testing.T) {
	f := Finding{Finding: TitleChanged, Plain: "Old", Rendered: strings.Repeat("é", 301), Words: Words(TitleChanged)}
	got := f.Describe()
	want := Words(TitleChanged) + ` (plain "Old", rendered "` + strings.Repeat("é", 299) + "…)"
	if got != want {
		t.Errorf("Describe = %q;\nwant       %q", got, want)
	}
	if got := (Finding{Finding: JSErrors, Words: "w"}).Describe(); got != "w (plain null, rendered null)" {
		t.Errorf("Describe without values = %q", got)
	}
}

func TestWriteTable(t *testing.T) {
	long := "A title the script wrote\tthat runs on and on past the width of one cell"
	a := Of(side(fetch.Plain, nil), side(fetch.Rendered, func(s *fetch.Side) {
		s.Title = long
		s.Head.ConsoleErrors = []fetch.ConsoleError{{Message: "boom", Source: "app.js:1"}}
	}))
	var b strings.Builder
	a.WriteTable(&b)
	got := b.String()
	for _, want := range []string{
		"\nWhat JavaScript changed (2 findings):\n",
		"  field              plain             rendered                                           finding\n",
		"  title              T                 A title the script wrote that runs on and on pas…  title_changed\n",
		"  description        D                 D                                                  \n",
		"  canonical          http://site/p     http://site/p ",
		"  hreflang           en=http://site/p",
		"  console_errors     -                 1                                                  js_errors\n",
		"  navigations        -                 0 ",
		"  title_changed: " + Words(TitleChanged) + "\n      plain:    \"T\"\n      rendered: \"A title the script wrote\\tthat runs",
		"  js_errors: " + Words(JSErrors) + "\n      rendered: [{\"message\":\"boom\",\"source\":\"app.js:1\"}]\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "only one side") {
		t.Errorf("both sides gave a page, but the table says one did not:\n%s", got)
	}

	// One side only: the other's cells say so, and the render's rows stay
	// away when there was no render.
	b.Reset()
	Of(side(fetch.Plain, nil), nil).WriteTable(&b)
	got = b.String()
	for _, want := range []string{"(0 findings)", "only one side gave a page", "  title            T                 (no page)  \n"} {
		if !strings.Contains(got, want) {
			t.Errorf("one-sided table lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "console_errors") {
		t.Errorf("a table without a render lists the render's rows:\n%s", got)
	}
	b.Reset()
	(*Audit)(nil).WriteTable(&b)
	if b.Len() != 0 {
		t.Errorf("a nil audit wrote %q", b.String())
	}
}
