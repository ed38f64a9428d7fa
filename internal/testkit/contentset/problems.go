package contentset

import (
	"bytes"
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The shape the set must keep (docs: testdata/content/README.md).
const (
	MinSitePages     = 5
	MinPages         = 60
	MinTemplates     = 12
	MinRenderedSites = 2
	MinRenderedPages = 10
	// MaxServedRecall is how much of a rendered page's label its served
	// HTML may show: the article must be written by the page's scripts.
	MaxServedRecall = 0.3
)

// Languages are the languages the set must hold, by primary subtag; one of
// each group.
var Languages = [][]string{
	{"en"}, {"zh"}, {"ja"}, {"ko"}, {"ar"}, {"he", "fa"},
	{"de"}, {"fr", "es"}, {"ru"}, {"th"},
}

// Problems lists what keeps sites from being the set an extractor is scored
// on: too few pages, sites, templates, languages or rendered pages; URLs
// used twice; pages whose declared language or title is missing or not
// their site's; and labels that are not their page's text (a static page
// must hold each line of its label, in order; a rendered page's served HTML
// must not hold its label).
func Problems(sites []*Site) []string {
	var out []string
	say := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	urls := make(map[string]string)
	templates := make(map[string]bool)
	langs := make(map[string]bool)
	pages, rendered, renderedSites := 0, 0, 0
	for _, s := range sites {
		if len(s.Pages) < MinSitePages {
			say("%s: %d pages, fewer than %d", s.Name, len(s.Pages), MinSitePages)
		}
		templates[s.Template] = true
		langs[primary(s.Lang)] = true
		some := false
		for i := range s.Pages {
			p := &s.Pages[i]
			pages++
			if other, dup := urls[p.URL]; dup {
				say("%s: url %s is also %s's", p.Name(), p.URL, other)
			}
			urls[p.URL] = p.Name()
			if p.Rendered {
				rendered++
				some = true
			}
			lang, title := head(p.HTML)
			if primary(lang) != primary(s.Lang) {
				say("%s: <html lang=%q>, but the site is %q", p.Name(), lang, s.Lang)
			}
			if title == "" {
				say("%s: no <title>", p.Name())
			}
			out = append(out, labelProblems(p)...)
		}
		if some {
			renderedSites++
		}
	}
	if pages < MinPages {
		say("%d pages in all, fewer than %d", pages, MinPages)
	}
	if len(templates) < MinTemplates {
		say("%d templates, fewer than %d", len(templates), MinTemplates)
	}
	for _, group := range Languages {
		found := false
		for _, l := range group {
			found = found || langs[l]
		}
		if !found {
			say("no site in %s", strings.Join(group, " or "))
		}
	}
	if renderedSites < MinRenderedSites || rendered < MinRenderedPages {
		say("%d rendered pages on %d sites, fewer than %d on %d", rendered, renderedSites, MinRenderedPages, MinRenderedSites)
	}
	return out
}

// labelProblems checks a page's label against its served text.
func labelProblems(p *Page) []string {
	text := PageText(p.HTML)
	if p.Rendered {
		if r, _ := Compare(p.Want, text).Recall(); r > MaxServedRecall {
			return []string{fmt.Sprintf("%s: rendered, but the served HTML shows %.2f of its label", p.Name(), r)}
		}
		return nil
	}
	if miss := Locate(p.Want, text); miss != "" {
		return []string{fmt.Sprintf("%s: a label line is not the page's text, after the lines before it: %q", p.Name(), miss)}
	}
	return nil
}

// MaxGap is how many page tokens Locate lets stand between two tokens of
// one label line: a reference mark ("[12]", "[nota 3]") a labeller leaves
// out of a paragraph.
const MaxGap = 3

// Locate finds each line of want in text, in order: the line's tokens, one
// after another with at most MaxGap tokens between two of them, after where
// the line before it ended. It returns the first line it cannot find (its
// first words), or "" when it finds them all.
func Locate(want, text string) string {
	have := Tokens(text)
	at := 0
	for line := range strings.SplitSeq(want, "\n") {
		toks := Tokens(line)
		if len(toks) == 0 {
			continue
		}
		end := -1
		for start := at; start < len(have) && end < 0; start++ {
			if have[start] != toks[0] {
				continue
			}
			end = follow(have, start, toks[1:])
		}
		if end < 0 {
			return strings.Join(toks[:min(len(toks), 8)], " ")
		}
		at = end
	}
	return ""
}

// follow matches rest in have after position i, each token within MaxGap
// tokens of the one before, and returns the position after the last, or -1.
func follow(have []string, i int, rest []string) int {
	for _, t := range rest {
		j := i + 1
		for j < len(have) && j <= i+1+MaxGap && have[j] != t {
			j++
		}
		if j >= len(have) || j > i+1+MaxGap {
			return -1
		}
		i = j
	}
	return i + 1
}

// head returns a page's declared language and its title.
func head(page []byte) (lang, title string) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return "", ""
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Html:
				for _, a := range n.Attr {
					if a.Key == "lang" {
						lang = a.Val
					}
				}
			case atom.Title:
				if title == "" && n.FirstChild != nil {
					title = strings.TrimSpace(n.FirstChild.Data)
				}
				return
			case atom.Body:
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return lang, title
}

// primary is a language tag's primary subtag, lower-cased: "zh-Hans" → "zh".
func primary(tag string) string {
	tag, _, _ = strings.Cut(tag, "-")
	return strings.ToLower(tag)
}
