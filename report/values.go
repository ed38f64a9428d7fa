package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html/template"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/safetext"
)

// shown is one side's value of a finding as a person reads it: words, a
// list, a two-column table, or several of them (a sentence and its list;
// one sentence and list for each reason a request was blocked). Nothing
// is ever shown as JSON.
type shown struct {
	// Text is the value in words, or the sentence that introduces the
	// list or table below it.
	Text string
	// Muted marks a Text that says there is nothing ("none", "not
	// applicable"), shown greyed.
	Muted bool
	// Lone is a single URL shown as the value.
	Lone *item
	List []item
	More int // list items left out
	// Table is a map, as two columns named Head.
	Table []pair
	Head  [2]string
	// Groups are further sentences, each with its list.
	Groups []shown
}

// item is one line of a list: words, a URL (shortened in the middle when
// long, whole on hover), and for a hop the URL it led to, then more words.
type item struct {
	Text string
	URL  string
	To   string
	Note string
}

// pair is one row of a two-column table.
type pair struct {
	Key   string
	Value item
}

// maxListed caps the items of a listed value.
const maxListed = 10

// shortURLRunes is the longest URL shown whole; a longer one keeps its
// start and end, with "…" between, and shows whole on hover.
const shortURLRunes = 80

// none is the value of a side that has nothing.
func none(words string) shown { return shown{Text: words, Muted: true} }

// showFinding shows one side's value of finding n (rendered says which
// side) in words, as each finding's values are shaped (audit.Finding).
// A value of a shape the finding does not give is shown by showAny.
func showFinding(n audit.Name, v any, rendered bool) shown {
	if v == nil {
		if !rendered {
			return none("not applicable: a plain fetch runs no script")
		}
		return none("none")
	}
	var s shown
	var ok bool
	switch n {
	case audit.TitleOnlyRendered, audit.TitleChanged, audit.DescriptionOnlyRendered, audit.DescriptionChanged,
		audit.H1OnlyRendered, audit.H1Changed:
		s, ok = showText(v)
	case audit.CanonicalOnlyRendered, audit.CanonicalMismatch:
		s, ok = showURL(v, "none")
	case audit.NoindexOnlyPlain, audit.NoindexOnlyRendered, audit.NofollowOnlyPlain, audit.NofollowOnlyRendered:
		s, ok = showWords(v, "no robots directives")
	case audit.HreflangChanged:
		s, ok = showHreflang(v)
	case audit.StructuredDataChanged:
		s, ok = showWords(v, "no JSON-LD types")
	case audit.LinksOnlyRendered:
		if rendered {
			s, ok = showLinks(v)
		} else {
			s, ok = showCount(v, "link", "links")
		}
	case audit.ContentOnlyRendered:
		s, ok = showCount(v, "word", "words")
	case audit.JSErrors:
		s, ok = showConsoleErrors(v)
	case audit.FailedRequests:
		s, ok = showFailed(v)
	case audit.BlockedResources:
		s, ok = showBlocked(v)
	case audit.JSRedirect:
		if rendered {
			s, ok = showNavigations(v)
		} else {
			s, ok = showURL(v, "none")
			if ok && s.Lone != nil {
				s.Text = "a crawler that does not render stays at"
			}
		}
	}
	if !ok {
		return showAny(v)
	}
	return s
}

// as decodes v (a finding's value as JSON gave it, or as audit made it)
// into the type the finding gives.
func as[T any](v any) (T, bool) {
	var out T
	if t, ok := v.(T); ok {
		return t, true
	}
	b, err := json.Marshal(v)
	if err != nil {
		return out, false
	}
	return out, json.Unmarshal(b, &out) == nil
}

func clean(s string) string { return safetext.Clean(s) }

func showText(v any) (shown, bool) {
	s, ok := v.(string)
	if !ok {
		return shown{}, false
	}
	if strings.TrimSpace(s) == "" {
		return none("none"), true
	}
	return shown{Text: clean(s)}, true
}

func showURL(v any, empty string) (shown, bool) {
	s, ok := v.(string)
	if !ok {
		return shown{}, false
	}
	if s == "" {
		return none(empty), true
	}
	return shown{Lone: &item{URL: clean(s)}}, true
}

// showWords shows a list of words (robots directives, JSON-LD types) as
// one line.
func showWords(v any, empty string) (shown, bool) {
	words, ok := as[[]string](v)
	if !ok {
		return shown{}, false
	}
	if len(words) == 0 {
		return none(empty), true
	}
	for i, w := range words {
		words[i] = clean(w)
	}
	return shown{Text: strings.Join(words, ", ")}, true
}

func showCount(v any, one, many string) (shown, bool) {
	n, ok := as[int](v)
	if !ok {
		return shown{}, false
	}
	if n == 1 {
		return shown{Text: "1 " + one}, true
	}
	return shown{Text: fmt.Sprintf("%d %s", n, many)}, true
}

func showHreflang(v any) (shown, bool) {
	m, ok := as[map[string]string](v)
	if !ok {
		return shown{}, false
	}
	if len(m) == 0 {
		return none("no hreflang alternates"), true
	}
	s := shown{Head: [2]string{"language", "alternate URL"}}
	for _, lang := range slices.Sorted(maps.Keys(m)) {
		s.Table = append(s.Table, pair{Key: clean(lang), Value: item{URL: clean(m[lang])}})
	}
	return s, true
}

func showLinks(v any) (shown, bool) {
	urls, ok := as[[]string](v)
	if !ok {
		return shown{}, false
	}
	s := shown{Text: plural(len(urls), "link", "links") + " found only once JavaScript ran"}
	if len(urls) >= audit.MaxListed {
		s.Text = fmt.Sprintf("at least %d links found only once JavaScript ran (the first %d are kept)", len(urls), audit.MaxListed)
	}
	s.Text += ":"
	for _, u := range urls {
		s.List = append(s.List, item{URL: clean(u)})
	}
	s.cap()
	return s, true
}

func showConsoleErrors(v any) (shown, bool) {
	errs, ok := as[[]fetch.ConsoleError](v)
	if !ok {
		return shown{}, false
	}
	s := shown{Text: plural(len(errs), "error", "errors") + " while the page rendered:"}
	for _, e := range errs {
		it := item{Text: clean(e.Message)}
		if e.Source != "" {
			it.Note = " (from " + clean(e.Source) + ")"
		}
		s.List = append(s.List, it)
	}
	s.cap()
	return s, true
}

func showFailed(v any) (shown, bool) {
	reqs, ok := as[[]fetch.FailedRequest](v)
	if !ok {
		return shown{}, false
	}
	s := shown{Text: plural(len(reqs), "request", "requests") + " failed while the page rendered:"}
	for _, r := range reqs {
		it := item{URL: clean(r.URL)}
		switch {
		case r.Status != 0:
			it.Note = fmt.Sprintf(": HTTP %d", r.Status)
		case r.Error != "":
			it.Note = ": " + clean(r.Error)
		}
		s.List = append(s.List, it)
	}
	s.cap()
	return s, true
}

// blockedWhy says why requests of a denial cause (fetch.Denied*) were
// blocked, to follow "blocked because".
var blockedWhy = map[fetch.DenialCause]string{
	fetch.DeniedDisallowed: "their host's robots.txt disallows them for webgraph",
	fetch.DeniedDeferred:   "their host's robots.txt could not be read",
	fetch.DeniedOutOfScope: "they are outside what the crawl may fetch",
	fetch.DeniedType:       "a render for text never makes such requests",
	fetch.DeniedPopup:      "the page tried to open a new window",
	fetch.DeniedStopped:    "the crawl was stopping",
	fetch.DeniedTooLong:    "their URLs are longer than webgraph requests",
	fetch.DeniedPrivate:    "their host is on a private network the crawl was not told of (--block-private)",
}

// showBlocked says what was blocked and why: one sentence for each reason
// (and its detail), in the order the reasons first came, each with its
// URLs.
func showBlocked(v any) (shown, bool) {
	res, ok := as[[]fetch.BlockedResource](v)
	if !ok {
		return shown{}, false
	}
	type key struct {
		reason fetch.DenialCause
		detail string
	}
	var order []key
	byKey := map[key][]string{}
	for _, r := range res {
		k := key{r.Reason, r.Detail}
		if _, seen := byKey[k]; !seen {
			order = append(order, k)
		}
		byKey[k] = append(byKey[k], r.URL)
	}
	s := shown{Text: fmt.Sprintf("webgraph blocked %s the page made while rendering:", plural(len(res), "request", "requests"))}
	for _, k := range order {
		why := blockedWhy[k.reason]
		if why == "" {
			why = "of " + clean(strings.ReplaceAll(string(k.reason), "_", " "))
		}
		text := fmt.Sprintf("%s blocked because %s", plural(len(byKey[k]), "request", "requests"), why)
		if k.detail != "" {
			text += " (" + clean(k.detail) + ")"
		}
		g := shown{Text: text + ":"}
		for _, u := range byKey[k] {
			g.List = append(g.List, item{URL: clean(u)})
		}
		g.cap()
		s.Groups = append(s.Groups, g)
	}
	return s, true
}

func showNavigations(v any) (shown, bool) {
	hops, ok := as[[]fetch.Redirect](v)
	if !ok {
		return shown{}, false
	}
	s := shown{Text: "the browser was sent on by script or meta refresh:"}
	for _, h := range hops {
		s.List = append(s.List, item{URL: clean(h.From), To: clean(h.To)})
	}
	s.cap()
	return s, true
}

// cap keeps the first maxListed items and counts the rest.
func (s *shown) cap() {
	if len(s.List) > maxListed {
		s.More += len(s.List) - maxListed
		s.List = s.List[:maxListed]
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// showAny shows a value of any shape in words: text as text (a URL as a
// URL), a number or a yes/no as such, a list item by item, a map as a
// two-column table, and an object inside a list as "key: value" pairs.
func showAny(v any) shown {
	switch v := v.(type) {
	case nil:
		return none("none")
	case []any:
		if len(v) == 0 {
			return none("none")
		}
		s := shown{}
		for _, e := range v {
			s.List = append(s.List, anyItem(e))
		}
		s.cap()
		return s
	case map[string]any:
		if len(v) == 0 {
			return none("none")
		}
		s := shown{Head: [2]string{"", ""}}
		for _, k := range slices.SortedFunc(maps.Keys(v), cmp.Compare) {
			s.Table = append(s.Table, pair{Key: clean(k), Value: anyItem(v[k])})
		}
		return s
	}
	if b, ok := as[[]any](v); ok && b != nil {
		return showAny(b) // a typed slice: the same, once made plain
	}
	if m, ok := as[map[string]any](v); ok && m != nil {
		return showAny(m)
	}
	it := anyItem(v)
	if it.URL != "" {
		return shown{Lone: &it}
	}
	return shown{Text: it.Text}
}

// anyItem is one value as one line of words.
func anyItem(v any) item {
	switch v := v.(type) {
	case nil:
		return item{Text: "none"}
	case string:
		if looksLikeURL(v) {
			return item{URL: clean(v)}
		}
		return item{Text: clean(v)}
	case bool:
		return item{Text: map[bool]string{true: "yes", false: "no"}[v]}
	case float64:
		return item{Text: strconv.FormatFloat(v, 'f', -1, 64)}
	case []any:
		parts := make([]string, 0, len(v))
		for _, e := range v {
			parts = append(parts, anyText(e))
		}
		return item{Text: strings.Join(parts, ", ")}
	case map[string]any:
		parts := make([]string, 0, len(v))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			parts = append(parts, clean(k)+": "+anyText(v[k]))
		}
		return item{Text: strings.Join(parts, "; ")}
	}
	// Another Go type (a number, a struct): as JSON would give it, which
	// is one of the kinds above.
	var plain any
	if b, err := json.Marshal(v); err == nil && json.Unmarshal(b, &plain) == nil {
		return anyItem(plain)
	}
	return item{Text: clean(fmt.Sprint(v))}
}

func anyText(v any) string {
	it := anyItem(v)
	return strings.TrimSpace(it.Text + " " + it.URL + it.Note)
}

func looksLikeURL(s string) bool {
	return (strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")) && !strings.ContainsAny(s, " \t\n")
}

// shortURL shows u for a person: whole when short, else its start and
// end with "…" between; the whole URL on hover (title) either way, and
// breakable at its separators (wrapURL).
func shortURL(u string) template.HTML {
	r := []rune(u)
	short := u
	if len(r) > shortURLRunes {
		short = string(r[:shortURLRunes*9/16]) + "…" + string(r[len(r)-shortURLRunes*6/16:])
	}
	return template.HTML(`<span class="u" title="`+template.HTMLEscapeString(u)+`">`) + wrapURL(short) + "</span>"
}
