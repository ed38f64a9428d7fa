package contentset

import (
	"fmt"
	"strings"
	"testing"
)

// MaxBaselineF1 bounds how well a page's whole text may score: on public
// sets of news and blog pages it scores about 0.66, and a set whose pages
// are mostly article would not tell a good extractor from none.
const MaxBaselineF1 = 0.8

func loadSet(t *testing.T) []*Site {
	t.Helper()
	sites, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return sites
}

// TestSet checks the set in testdata/content is the one the extractor's
// figures are about: enough pages, sites, templates, languages and rendered
// pages, and every label the text of its page.
func TestSet(t *testing.T) {
	for _, p := range Problems(loadSet(t)) {
		t.Error(p)
	}
}

// TestBaseline scores each page's whole served text against its label: the
// figure an extractor must beat, and proof that the pages carry boilerplate
// enough to make extraction matter.
func TestBaseline(t *testing.T) {
	var all, static []Score
	var report strings.Builder
	for _, s := range loadSet(t) {
		var site []Score
		for i := range s.Pages {
			p := &s.Pages[i]
			sc := Compare(p.Want, PageText(p.HTML))
			site = append(site, sc)
			all = append(all, sc)
			if !p.Rendered {
				static = append(static, sc)
			}
		}
		sum := Summarize(site)
		fmt.Fprintf(&report, "%-16s %-16s %-3s pages %d  P %.3f R %.3f F1 %.3f\n", s.Name, s.Template, s.Lang, sum.Pages, sum.Precision, sum.Recall, sum.F1)
	}
	st, al := Summarize(static), Summarize(all)
	fmt.Fprintf(&report, "served pages (%d): P %.3f R %.3f F1 %.3f; all pages, rendered ones by their served HTML (%d): P %.3f R %.3f F1 %.3f",
		st.Pages, st.Precision, st.Recall, st.F1, al.Pages, al.Precision, al.Recall, al.F1)
	t.Log("whole page text against the labels:\n" + report.String())
	if st.F1 >= MaxBaselineF1 {
		t.Errorf("a page's whole text scores F1 %.3f on the served pages, not below %.2f: the pages hold too little boilerplate", st.F1, MaxBaselineF1)
	}
}

// TestProblemsFound proves each of Problems' checks can fail, on a small
// set built to break them.
func TestProblemsFound(t *testing.T) {
	site := func(name, template, lang string, pages ...Page) *Site {
		s := &Site{Name: name, Template: template, Lang: lang, BaseURL: BaseURL, Pages: pages}
		for i := range s.Pages {
			s.Pages[i].Site = s
		}
		return s
	}
	page := func(file, url, lang, body, want string, rendered bool) Page {
		html := `<html lang="` + lang + `"><head><title>T</title></head><body><nav>Home About</nav>` + body + `</body></html>`
		if lang == "" {
			html = `<html><body>` + body + `</body></html>`
		}
		return Page{File: file, URL: BaseURL + url, Rendered: rendered, HTML: []byte(html), Want: want}
	}
	good := "<p>The river rose two metres overnight.</p>"
	sites := []*Site{
		site("a", "blog", "en",
			page("1.html", "a/1", "en", good, "The river rose two metres overnight.", false),
			page("2.html", "a/1", "en", good, "The river rose two metres overnight.", false),   // same URL
			page("3.html", "a/3", "de", good, "The river rose two metres overnight.", false),   // another language
			page("4.html", "a/4", "", good, "The river rose two metres overnight.", false),     // no lang, no title
			page("5.html", "a/5", "en", good, "The river rose three metres overnight.", false), // not the page's text
			page("6.html", "a/6", "en", good, "The river rose two metres overnight.", true)),   // rendered, yet served
		site("b", "blog", "ja", page("1.html", "b/1", "ja", "<p>東京は晴れ。</p>", "東京は晴れ。", false)), // one page
	}
	got := strings.Join(Problems(sites), "\n")
	for _, want := range []string{
		"b: 1 pages, fewer than 5",
		"a/2.html: url http://site.test/a/1 is also a/1.html's",
		`a/3.html: <html lang="de">, but the site is "en"`,
		`a/4.html: <html lang="">`,
		"a/4.html: no <title>",
		`a/5.html: a label line is not the page's text, after the lines before it: "The river rose three metres overnight"`,
		"a/6.html: rendered, but the served HTML shows 1.00 of its label",
		"7 pages in all, fewer than 60",
		"1 templates, fewer than 12",
		"no site in zh", "no site in he or fa", "no site in fr or es",
		"1 rendered pages on 1 sites, fewer than 10 on 2",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Problems lacks %q; it says:\n%s", want, got)
		}
	}
	for _, wrong := range []string{"a/1.html", "no site in en", "no site in ja"} {
		if strings.Contains(got, wrong+":") || strings.Contains(got, wrong+"\n") || strings.HasSuffix(got, wrong) {
			t.Errorf("Problems blames %q, which is sound; it says:\n%s", wrong, got)
		}
	}
}
