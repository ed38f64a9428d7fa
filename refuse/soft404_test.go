package refuse

import "testing"

// The soft-404 fingerprint matches the probe's text whatever the title says
// when that text is specific (SpecificWords or more), and asks for the title
// too when it is not; a page of the same template with text of its own never
// matches.
func TestSoft404Matches(t *testing.T) {
	template := func(article ...string) []string {
		return append(append([]string{"Habits Docs Docs Blog"}, article...), "Copyright Habits Docs.")
	}
	missing := template("Page Not Found", "We could not find what you were looking for.",
		"Please contact the owner of the site that linked you to the original URL and let them know their link is broken.")
	specific := NewSoft404("http://x/webgraph-soft404-probe-1", "Page Not Found | Habits Docs", missing, 40)
	shell := NewSoft404("http://x/webgraph-soft404-probe-1", "Lamps", []string{"Loading…"}, 1)
	for _, tc := range []struct {
		name   string
		f      *Soft404
		url    string
		title  string
		blocks []string
		want   bool
	}{
		{"same text, same title", specific, "http://x/blog/lost", "Page Not Found | Habits Docs", missing, true},
		{"same text, the site's bare title", specific, "http://x/docs/lost", "Habits Docs", missing, true},
		{"same text quoting the path", specific, "http://x/docs/lost", "Habits Docs", append([]string{"Nothing at /docs/lost"}, missing...), true},
		{"same template, an article of its own", specific, "http://x/docs/intro", "Habits Docs", template("Introduction", "This introduction walks through the first habit."), false},
		{"same template, the missing page's words and more", specific, "http://x/docs/faq", "Habits Docs", append(missing, "An answer of its own."), false},
		{"a thin shell under its own title", shell, "http://x/lamps/brass", "Brass lamps", []string{"Loading…"}, false},
		{"a thin shell under the probe's title", shell, "http://x/lamps/none", "Lamps", []string{"Loading…"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.Matches(tc.url, tc.title, tc.blocks); got != tc.want {
				t.Errorf("Matches(%s, %q) = %v; want %v", tc.url, tc.title, got, tc.want)
			}
		})
	}
}
