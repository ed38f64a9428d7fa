// Package union fetches one URL both ways at once, a plain GET and a browser
// render, and merges the two under webgraph's refusal rules (docs/design.md,
// "The union"): downloads, missing pages, walls and block pages, login redirects
// and JavaScript shells are refused or dropped with words a person can read;
// otherwise the page's text is the rendered blocks followed by the plain
// blocks the render lacks.
package union

import (
	"context"
	"errors"
	"fmt"
	"index/suffixarray"
	"net/url"
	"strings"
	"sync"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/refuse"
)

// A Fetcher retrieves one URL one way. plain.Fetcher and rendered.Fetcher
// satisfy it. Fetch returns a non-nil Side even on error.
type Fetcher interface {
	Fetch(ctx context.Context, u *url.URL) (*fetch.Side, error)
}

// Mode selects which sides run.
type Mode string

const (
	ModeUnion    Mode = "union"    // both sides, merged (default)
	ModePlain    Mode = "plain"    // net/http only
	ModeRendered Mode = "rendered" // browser only
)

// ParseMode returns the Mode named s ("" is ModeUnion).
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case "", ModeUnion:
		return ModeUnion, nil
	case ModePlain, ModeRendered:
		return Mode(s), nil
	}
	return "", fmt.Errorf("union: unknown mode %q (union, plain or rendered)", s)
}

// Union fetches pages under one Mode. Plain must be set for ModeUnion and
// ModePlain, Rendered for ModeUnion and ModeRendered. A Union is safe for
// concurrent use when its Fetchers are.
type Union struct {
	Mode     Mode
	Plain    Fetcher
	Rendered Fetcher
	// HashRoutes takes hash routes ("#/lamps", "#!/about"; see
	// fetch.HashRoute) as pages of their own (--hash-routes): a link to
	// one keeps its route in its URL, and a URL with a route is fetched by
	// the rendered side alone (see Fetch). Default false: every fragment is
	// dropped from links, and a URL is fetched as it is.
	HashRoutes bool
}

// Dropped names a side that was left out of a kept page, and why.
type Dropped struct {
	Side   fetch.Name `json:"side"`
	Reason string     `json:"reason"`
}

// Link is a link found by one or both sides. Its URL is fragment-free, but
// for a Union with HashRoutes, where a link to a hash route keeps its route.
type Link struct {
	fetch.Link
	Found fetch.LinkSide
}

// Page is the merged result for one URL. Sides holds what each side that ran
// saw, refused or not.
type Page struct {
	URL       string
	FinalURL  string
	Status    int
	Title     string
	Blocks    []string
	Words     int
	Canonical string
	Links     []Link
	// DroppedLongURLs counts the distinct link URLs over fetch.MaxURLBytes
	// that the sides found and the union left out.
	DroppedLongURLs int
	// LinksCapped counts the links left unread past the cap on links read
	// from one page, on the side that left out the most (see
	// fetch.Side.LinksCapped); the page's warnings say so.
	LinksCapped int
	Sides       map[fetch.Name]*fetch.Side
	Used        []fetch.Name
	Dropped     []Dropped
	Warnings    []string
	// Refusal is set when the page is not kept; Fetch also returns it.
	Refusal *refuse.Refusal
	// ContentSide is the side whose document holds a kept page's main
	// content (see ContentSideOf): the rendered DOM when scripts added or
	// changed the text, the HTML as served otherwise.
	ContentSide fetch.Name
	// ContentHTML is that side's document, when the side kept it
	// (plain.Config.KeepHTML, rendered.Config.KeepDOM), and ContentURL
	// the URL it was read at. Whoever extracts the content clears it:
	// HTML is never retained. The plain side's Side.HTML is cleared once
	// handed over, whichever side was chosen.
	ContentHTML string
	ContentURL  string
}

// Text returns the page's blocks joined by newlines.
func (p *Page) Text() string { return strings.Join(p.Blocks, "\n") }

// Fetch runs the sides of u.Mode together and merges them. It returns the
// Page and, when the page is refused, a *refuse.Refusal (also in
// Page.Refusal). Other errors are the context's.
func (u *Union) Fetch(ctx context.Context, target *url.URL) (*Page, error) {
	mode := u.Mode
	if mode == "" {
		mode = ModeUnion
	}
	p := &Page{URL: target.String(), FinalURL: target.String(), Sides: map[fetch.Name]*fetch.Side{}}
	route := ""
	if u.HashRoutes {
		route = fetch.HashRoute(target)
	}

	switch {
	case route != "" && mode == ModeUnion:
		return u.fetchRoute(ctx, p, target, route)
	case mode == ModePlain:
		p.Sides[fetch.Plain], _ = u.Plain.Fetch(ctx, target)
	case mode == ModeRendered:
		p.Sides[fetch.Rendered], _ = u.Rendered.Fetch(ctx, target)
	default:
		p.Sides[fetch.Plain], p.Sides[fetch.Rendered] = u.both(ctx, target)
	}
	if err := ctx.Err(); err != nil {
		return p, err
	}
	decide(p, mode, u.HashRoutes)
	handOver(p)
	if p.Refusal != nil {
		return p, p.Refusal
	}
	return p, nil
}

// fetchRoute fetches a URL with a hash route in union mode. A server never
// sees a fragment: a plain fetch would get the route's document (a page of
// its own in the crawl), not the route, and its text would be another
// page's. So the render alone stands for the route, judged as a rendered
// crawl judges a page, and the page says, in Dropped, that the plain side
// was not fetched and why.
func (u *Union) fetchRoute(ctx context.Context, p *Page, target *url.URL, route string) (*Page, error) {
	p.Sides[fetch.Rendered], _ = u.Rendered.Fetch(ctx, target)
	if err := ctx.Err(); err != nil {
		return p, err
	}
	decide(p, ModeRendered, true)
	handOver(p)
	doc := *target
	doc.Fragment, doc.RawFragment = "", ""
	p.Dropped = append(p.Dropped, Dropped{Side: fetch.Plain, Reason: "hash route #" + route +
		": a server never sees a URL's fragment, so a plain fetch would get the document " + doc.String() + ", not this route; not fetched"})
	if p.Refusal != nil {
		return p, p.Refusal
	}
	return p, nil
}

// both starts the two sides together. When the plain side learns first that
// the answer is a file or a missing page, the render is cancelled: its text
// would be ignored anyway.
func (u *Union) both(ctx context.Context, target *url.URL) (plain, rendered *fetch.Side) {
	rctx, cancelRender := context.WithCancel(ctx)
	defer cancelRender()
	done := make(chan *fetch.Side, 1)
	go func() {
		s, _ := u.Rendered.Fetch(rctx, target)
		done <- s
	}()
	plain, _ = u.Plain.Fetch(ctx, target)
	if plain.Download || refuse.MissingStatus(plain.Status) {
		cancelRender()
	}
	rendered = <-done
	if rctx.Err() != nil && ctx.Err() == nil {
		rendered.Err = fmt.Errorf("rendered: cancelled: the plain side found %s", plainFinding(plain))
	}
	return plain, rendered
}

func plainFinding(s *fetch.Side) string {
	if s.Download {
		return "a file download"
	}
	return fmt.Sprintf("HTTP %d", s.Status)
}

// order is the order in which sides are reported and their text merged.
var order = []fetch.Name{fetch.Rendered, fetch.Plain}

// decide applies the rules of docs/design.md ("The union"), in order, to the sides of p.
func decide(p *Page, mode Mode, routes bool) {
	asked, _ := url.Parse(p.URL)
	refuseWith := func(c refuse.Cause, words string, err error) {
		p.Refusal = &refuse.Refusal{URL: p.URL, Cause: c, Words: words, Err: err}
	}
	sides := make([]*fetch.Side, 0, 2)
	for _, n := range order {
		if s := p.Sides[n]; s != nil {
			sides = append(sides, s)
			p.Warnings = append(p.Warnings, prefixed(n, s.Warnings)...)
		}
	}

	// 1. Download: a file is never a page, whichever side saw it.
	for _, s := range sides {
		if s.Download {
			p.Status, p.FinalURL = s.Status, s.FinalURL
			refuseWith(refuse.Download, refuse.DownloadWords, nil)
			return
		}
	}
	// 2. Missing.
	for _, s := range sides {
		if cause, words, ok := refuse.StatusWords(s.Status); ok && cause == refuse.Missing {
			p.Status, p.FinalURL = s.Status, s.FinalURL
			refuseWith(refuse.Missing, words, nil)
			return
		}
	}
	// A navigation hop the gate refused was not followed, by either side.
	for _, s := range sides {
		var hop *fetch.HopError
		if errors.As(s.Err, &hop) {
			p.FinalURL = hop.To
			switch hop.Denied.Cause {
			case fetch.DeniedOutOfScope:
				refuseWith(refuse.OutOfScope, "out of scope: redirected to "+hop.To+", outside the approved origins and paths; not followed", s.Err)
				return
			case fetch.DeniedPrivate:
				refuseWith(refuse.OutOfScope, "out of scope: redirected to "+hop.To+": "+hop.Denied.Reason+"; not followed", s.Err)
				return
			case fetch.DeniedDisallowed:
				refuseWith(refuse.Disallowed, "disallowed: redirected to "+hop.To+", which robots.txt disallows ("+hop.Denied.Reason+"); not followed", s.Err)
				return
			}
		}
	}
	// 3. Walls, block pages and failed fetches drop their side.
	var alive []*fetch.Side
	var first *refuse.Refusal
	for _, s := range sides {
		if r := walled(p.URL, s); r != nil {
			p.Dropped = append(p.Dropped, Dropped{Side: s.Name, Reason: r.Words})
			if first == nil || (first.Cause == refuse.FetchError && r.Cause != refuse.FetchError) {
				first = r
			}
			continue
		}
		alive = append(alive, s)
	}
	if len(alive) == 0 {
		p.Refusal = first
		if first.Cause == refuse.FetchError && len(p.Dropped) > 1 {
			reasons := make([]string, len(p.Dropped))
			for i, d := range p.Dropped {
				reasons[i] = d.Reason
			}
			first.Words = strings.Join(reasons, "; ")
		}
		if last := sides[0]; last != nil {
			p.Status, p.FinalURL = last.Status, last.FinalURL
		}
		return
	}
	// 4. Login redirect, on any side still standing.
	for _, s := range alive {
		if final, err := url.Parse(s.FinalURL); err == nil && refuse.IsLoginRedirect(asked, final) {
			p.Status, p.FinalURL = s.Status, s.FinalURL
			refuseWith(refuse.LoginRedirect, refuse.LoginWords(s.FinalURL), nil)
			return
		}
	}
	// 5. JavaScript shell, and the survivor rule.
	if len(alive) == 1 {
		s := alive[0]
		shell := s.Name == fetch.Plain && s.ScriptDriven && s.Words < fetch.MinWords
		switch {
		case shell && mode == ModePlain:
			p.Status, p.FinalURL = s.Status, s.FinalURL
			refuseWith(refuse.JSShell, fmt.Sprintf("JavaScript shell: the page has %d words without a browser and its text is written by scripts", s.Words), nil)
			return
		case len(p.Dropped) > 0 && s.Words < fetch.MinWords:
			p.Status, p.FinalURL = s.Status, s.FinalURL
			refuseWith(refuse.TooThin, fmt.Sprintf("too thin: the %s side was dropped (%s) and the %s side has %d words of its own, under %d",
				p.Dropped[0].Side, p.Dropped[0].Reason, s.Name, s.Words, fetch.MinWords), nil)
			return
		}
	}
	// 6. Keep the page: the rendered blocks, then the plain blocks the
	// rendered text lacks; of one document only.
	keep(p, oneDocument(p, alive), routes)
}

// oneDocument returns the alive sides that read the page's document. When
// the two sides ended on different documents, one of them followed a hop the
// other did not (a script's navigation only a browser runs; a meta refresh
// the render read before its delay ran out): the page is where the hops
// lead, and the side left behind read another document (a stub that says
// "this page has moved"), whose text is not the page's. That side is
// dropped, and says so. When neither went through where the other ended,
// the render stands: it is the page as a reader sees it.
func oneDocument(p *Page, alive []*fetch.Side) []*fetch.Side {
	if len(alive) != 2 {
		return alive
	}
	a, b := alive[0], alive[1]
	if document(a.FinalURL) == document(b.FinalURL) {
		return alive
	}
	stay, went := b, a // the render (first) stands, unless the other went on from it
	if _, on := passedThrough(b, a.FinalURL); on {
		if _, back := passedThrough(a, b.FinalURL); !back {
			stay, went = a, b
		}
	}
	hop, _ := passedThrough(went, stay.FinalURL)
	via := map[string]string{fetch.ViaHTTP: "by an HTTP redirect", fetch.ViaMeta: "by a meta refresh", fetch.ViaScript: "by a script"}[hop.Via]
	p.Dropped = append(p.Dropped, Dropped{Side: stay.Name, Reason: strings.TrimSpace("this side read "+stay.FinalURL+", but the page went on to "+went.FinalURL+
		" "+via) + ": the text it read is another document's"})
	return []*fetch.Side{went}
}

// document is the document raw names: its normalised URL without fragment.
func document(raw string) string {
	if n, err := fetch.Normalize(nil, raw); err == nil {
		return n
	}
	return raw
}

// passedThrough returns the hop of s's chain that left the document at,
// when s went through it.
func passedThrough(s *fetch.Side, at string) (fetch.Redirect, bool) {
	d := document(at)
	for _, h := range s.Redirects {
		if document(h.From) == d {
			return h, true
		}
	}
	return fetch.Redirect{}, false
}

// walled returns why side s cannot stand for the page, or nil when it can.
func walled(pageURL string, s *fetch.Side) *refuse.Refusal {
	if s.Err != nil {
		return &refuse.Refusal{URL: pageURL, Cause: refuse.FetchError, Words: fmt.Sprintf("%s fetch failed: %v", s.Name, s.Err), Err: s.Err}
	}
	if cause, words, ok := refuse.StatusWords(s.Status); ok && cause == refuse.Wall {
		return &refuse.Refusal{URL: pageURL, Cause: refuse.Wall, Words: words}
	}
	if s.Words <= refuse.BlockPageMaxWords { // (a longer page is no block page: spare joining its text)
		if phrase := refuse.BlockPhrase(s.Text(), s.Words); phrase != "" {
			return &refuse.Refusal{URL: pageURL, Cause: refuse.BlockPage, Words: refuse.BlockPageWords(phrase)}
		}
	}
	if s.Status < 200 || s.Status > 299 {
		return &refuse.Refusal{URL: pageURL, Cause: refuse.FetchError, Words: fmt.Sprintf("HTTP %d %s", s.Status, s.StatusText)}
	}
	return nil
}

// keep makes p the union of the alive sides: the rendered blocks in order,
// every one, then each plain block the rendered text lacks (does not contain
// anywhere, case-insensitively). Blocks are compared only across the sides,
// never within one: a page shows a line twice when its sidebar and its
// heading both say "Getting started", or its pager repeats a heading, and so
// does its text. The containment test goes through a suffix array of the
// rendered text, so a page of many blocks costs O(text + blocks·log(text))
// rather than blocks × text.
func keep(p *Page, alive []*fetch.Side, routes bool) {
	var rendered *suffixarray.Index
	if len(alive) > 1 && alive[0].Name == fetch.Rendered {
		rendered = suffixarray.New([]byte(strings.ToLower(alive[0].Text())))
	}
	for _, s := range alive {
		p.Used = append(p.Used, s.Name)
		if rendered == nil || s.Name != fetch.Plain {
			p.Blocks = append(p.Blocks, s.Blocks...)
			continue
		}
		for _, b := range s.Blocks {
			if !contains(rendered, strings.ToLower(b)) {
				p.Blocks = append(p.Blocks, b)
			}
		}
	}
	if len(alive) == 1 {
		p.Words = alive[0].Words // its blocks, every one kept: counted already
	} else {
		p.Words = fetch.CountWords(p.Blocks)
	}
	lead := alive[0]
	p.Status, p.FinalURL, p.Title, p.Canonical = lead.Status, lead.FinalURL, lead.Title, lead.Canonical
	for _, s := range alive[1:] {
		if p.Title == "" {
			p.Title = s.Title
		}
		if p.Canonical == "" {
			p.Canonical = s.Canonical
		}
	}
	p.Title = clip(p.Title, MaxTitle)
	p.ContentSide = ContentSideOf(alive)
	p.Links, p.DroppedLongURLs = mergeLinks(alive, routes)
	for _, s := range alive {
		p.LinksCapped = max(p.LinksCapped, s.LinksCapped)
	}
	if p.LinksCapped > 0 {
		p.Warnings = append(p.Warnings, fmt.Sprintf("links capped: the page has more links than the %d read from one page; %d were left unread, and the crawl does not follow them", MaxLinksRead, p.LinksCapped))
	}
}

// MaxTitle caps a kept page's title, in runes; a longer one is cut.
const MaxTitle = 512

// MaxLinksRead is how many links each side reads from one page
// (plain.MaxLinks; the render holds to the same).
const MaxLinksRead = 10000

// clip returns s cut to at most n runes.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// mergeLinks lists each link URL once, in the order first seen, with the
// sides that found it. The anchor is the first non-empty one. URLs longer
// than fetch.MaxURLBytes are left out; long counts the distinct ones. With
// routes, a link to a hash route is listed by its URL with the route
// (fetch.NormalizeRoute): each route is a link of its own.
func mergeLinks(sides []*fetch.Side, routes bool) (links []Link, long int) {
	n := 0
	for _, s := range sides {
		n = max(n, len(s.Links))
	}
	var out []Link
	if n > 0 {
		out = make([]Link, 0, n)
	}
	index := indexes.Get().(map[string]int)
	defer putIndex(index)
	tooLong := map[string]bool{}
	for _, s := range sides {
		for _, l := range s.Links {
			if routes && l.Fragment != "" {
				l.URL = routeURL(l)
			}
			if len(l.URL) > fetch.MaxURLBytes {
				tooLong[l.URL] = true
				continue
			}
			i, ok := index[l.URL]
			if !ok {
				index[l.URL] = len(out)
				out = append(out, Link{Link: l, Found: s.Name.Found()})
				continue
			}
			m := &out[i]
			if m.Found != s.Name.Found() {
				m.Found = fetch.BothSides
			}
			if m.Anchor == "" {
				m.Anchor = l.Anchor
			}
			m.Nofollow = m.Nofollow && l.Nofollow
		}
	}
	if len(out) == 0 {
		out = nil // every link too long: none, as before any was read
	}
	return out, len(tooLong)
}

// indexes holds the maps mergeLinks finds a page's repeated URLs with, so
// that each page does not make one of its own.
var indexes = sync.Pool{New: func() any { return map[string]int{} }}

// putIndex empties m and gives it back, unless a page of very many links
// made it large: emptying a map costs as much as it once held.
func putIndex(m map[string]int) {
	if len(m) > maxPooledIndex {
		return
	}
	clear(m)
	indexes.Put(m)
}

// maxPooledIndex is the most URLs a map given back to indexes may hold.
const maxPooledIndex = 1024

// routeURL is the URL of link l with its hash route, when it names one;
// otherwise l.URL.
func routeURL(l fetch.Link) string {
	u, err := url.Parse(l.URL + "#" + l.Fragment)
	if err != nil {
		return l.URL
	}
	if r := fetch.HashRoute(u); r != "" {
		return l.URL + "#" + r
	}
	return l.URL
}

// contains reports whether the indexed text contains s, as strings.Contains
// would; a nil index is the empty text.
func contains(x *suffixarray.Index, s string) bool {
	return s == "" || (x != nil && len(x.Lookup([]byte(s), 1)) > 0)
}

func prefixed(n fetch.Name, ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = string(n) + ": " + w
	}
	return out
}
