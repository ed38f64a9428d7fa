// Package crawldiff compares two crawls of the same sites, an old one (the
// baseline, such as the main branch's last crawl) and a new one, and says
// what got worse and what got better: pages added and lost; pages newly
// refused and no longer refused, by cause; links newly broken or
// unverifiable and links fixed, with the pages of the new crawl that link
// to them; audit findings new and resolved; title, canonical, robots and
// word-count changes of pages both crawls kept; and the sitemaps' inventory.
//
// It reads each crawl through a Source (a *store.Store, SQLite or
// PostgreSQL alike) and gives a Result: every change, sorted, which a Gate
// marks as failing or not, and which the writers of this package print for
// people, as JSON Lines, as Markdown and as GitHub workflow commands.
package crawldiff

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/refuse"
	"github.com/webgraph/webgraph/store"
)

// Source is one crawl as the comparison reads it; *store.Store satisfies it.
type Source interface {
	// Pages streams every fetched page with its page event.
	Pages(ctx context.Context, fn func(store.PageRow) error) error
	// Disallowed streams the URLs robots.txt kept the crawl from fetching.
	Disallowed(ctx context.Context, fn func(url string, c discovery.Discovery) error) error
	// LinkVerdicts returns the verdicts of the link checks (--check).
	LinkVerdicts(ctx context.Context) ([]*linkcheck.Event, error)
	// LinksTo returns up to limit pages linking to target, and their count.
	LinksTo(ctx context.Context, target string, limit int) ([]store.Inlink, int, error)
	// SitemapURLs streams every URL a sitemap listed.
	SitemapURLs(ctx context.Context, fn func(url string) error) error
}

// Kind says how a thing changed between the crawls; the values are the
// change event's "change" field.
type Kind string

const (
	New      Kind = "new"      // a problem the old crawl did not have
	Lost     Kind = "lost"     // a page or sitemap entry the old crawl had, absent now
	Changed  Kind = "changed"  // a field of a page both crawls kept
	Added    Kind = "added"    // a page or sitemap entry the old crawl did not have
	Resolved Kind = "resolved" // a problem of the old crawl that the new one does not have
	// Standing is a problem both crawls have. Only a Gate that asks for
	// any problem of a kind (a plain --fail-on CAUSE) lists them.
	Standing Kind = "standing"
)

// kindOrder is the order changes are listed in: what got worse first.
var kindOrder = map[Kind]int{New: 0, Lost: 1, Standing: 2, Changed: 3, Added: 4, Resolved: 5}

// What is what changed; the values are the change event's "what" field.
type What string

const (
	Page      What = "page"      // a kept page, added or lost
	Refusal   What = "refusal"   // a page refused (Name: the cause), robots.txt's disallowed included
	Link      What = "link"      // a link target (Name: broken or unverifiable)
	Finding   What = "finding"   // an audit finding (Name: the finding)
	Title     What = "title"     // a kept page's title
	Canonical What = "canonical" // a kept page's canonical URL
	Robots    What = "robots"    // a kept page's robots directives (noindex, nofollow)
	Words     What = "words"     // a kept page's word count, past Config.WordsChange
	Sitemap   What = "sitemap"   // a URL the sitemaps list
)

// The names of diff's events: the "event" field of each line it writes.
const (
	EventChange  = "change"
	EventSummary = "summary"
)

// Change is one thing that differs between the crawls: the "change" event.
// Every string in it but Event, Change, What and Name comes from the sites.
type Change struct {
	Event  string `json:"event"` // EventChange
	Change Kind   `json:"change"`
	What   What   `json:"what"`
	// Name is the refusal's cause, the finding or the link's verdict.
	Name string `json:"name,omitempty"`
	URL  string `json:"url"`
	// Words says what happened, for a person.
	Words string `json:"words,omitempty"`
	// Old and New are a changed field's values (strings, numbers or
	// booleans); absent for other changes.
	Old any `json:"old,omitempty"`
	New any `json:"new,omitempty"`
	// Citations are where the new crawl found the URL: every page that
	// links to a link target (at most Config.MaxCitations, MoreCitations
	// counts the rest), or the citation of a refused page.
	Citations     []linkcheck.Citation `json:"citations,omitempty"`
	MoreCitations int                  `json:"more_citations,omitempty"`
	// Gated says the change fails the Gate applied to the result.
	Gated bool `json:"gated"`
}

// Defaults of Config.
const (
	DefaultWordsChange  = 20
	DefaultMaxCitations = 20
)

// Config tunes a comparison. The zero value takes the defaults.
type Config struct {
	// WordsChange is the least change of a kept page's word count that is
	// reported, in percent of the old count. Zero means
	// DefaultWordsChange; negative reports no word-count change.
	WordsChange int
	// MaxCitations caps the citations of each change. Zero means
	// DefaultMaxCitations.
	MaxCitations int
}

// Result is the comparison of two crawls.
type Result struct {
	// Changes lists every change, what got worse first (new, lost,
	// standing, changed, added, resolved), then by what, name and URL.
	Changes []Change
	// standing are the new crawl's problems that the old crawl had too,
	// which a Gate asking for any problem of a kind lists.
	standing []Change
}

// Summary counts a result's changes: the "summary" event.
type Summary struct {
	Event    string `json:"event,omitempty"` // EventSummary
	New      int    `json:"new"`
	Lost     int    `json:"lost"`
	Standing int    `json:"standing"`
	Changed  int    `json:"changed"`
	Added    int    `json:"added"`
	Resolved int    `json:"resolved"`
	// Gated counts the changes that fail the gate.
	Gated int `json:"gated"`
}

// Summary counts the result's changes.
func (r *Result) Summary() Summary {
	s := Summary{Event: EventSummary}
	for _, c := range r.Changes {
		switch c.Change {
		case New:
			s.New++
		case Lost:
			s.Lost++
		case Standing:
			s.Standing++
		case Changed:
			s.Changed++
		case Added:
			s.Added++
		case Resolved:
			s.Resolved++
		}
		if c.Gated {
			s.Gated++
		}
	}
	return s
}

// Gated returns the changes that fail the gate, in the result's order.
func (r *Result) Gated() []Change {
	var out []Change
	for _, c := range r.Changes {
		if c.Gated {
			out = append(out, c)
		}
	}
	return out
}

// page is what the comparison keeps of one page event.
type page struct {
	ok        bool
	cause     string
	words     string // the refusal's words
	title     string
	canonical string
	wordCount int
	noindex   bool
	nofollow  bool
	findings  map[string]string // finding → its words
	citation  discovery.Discovery
}

// pageEvent is the part of a stored page event the comparison reads.
type pageEvent struct {
	OK         bool                `json:"ok"`
	Cause      string              `json:"cause"`
	Error      string              `json:"error"`
	Title      string              `json:"title"`
	Canonical  string              `json:"canonical"`
	Words      int                 `json:"words"`
	Citation   discovery.Discovery `json:"citation"`
	RobotsMeta *struct {
		Noindex  bool `json:"noindex"`
		Nofollow bool `json:"nofollow"`
	} `json:"robots_meta"`
	Audit *struct {
		Findings []struct {
			Finding string `json:"finding"`
			Words   string `json:"words"`
		} `json:"findings"`
	} `json:"audit"`
}

// snapshot is one crawl read into memory: its pages (no text), its link
// verdicts and its sitemap inventory.
type snapshot struct {
	src      Source
	pages    map[string]*page
	verdicts map[string]*linkcheck.Event
	sitemap  map[string]bool
}

func load(ctx context.Context, src Source) (*snapshot, error) {
	s := &snapshot{src: src, pages: map[string]*page{}, verdicts: map[string]*linkcheck.Event{}, sitemap: map[string]bool{}}
	err := src.Pages(ctx, func(r store.PageRow) error {
		var ev pageEvent
		if err := json.Unmarshal(r.Event, &ev); err != nil {
			return fmt.Errorf("crawldiff: the stored event of %s: %w", r.URL, err)
		}
		p := &page{ok: ev.OK, cause: ev.Cause, words: ev.Error, title: ev.Title, canonical: ev.Canonical,
			wordCount: ev.Words, citation: ev.Citation, findings: map[string]string{}}
		if ev.RobotsMeta != nil {
			p.noindex, p.nofollow = ev.RobotsMeta.Noindex, ev.RobotsMeta.Nofollow
		}
		if ev.Audit != nil {
			for _, f := range ev.Audit.Findings {
				p.findings[f.Finding] = f.Words
			}
		}
		s.pages[r.URL] = p
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	err = src.Disallowed(ctx, func(u string, c discovery.Discovery) error {
		if _, ok := s.pages[u]; !ok {
			s.pages[u] = &page{cause: string(refuse.Disallowed), words: "disallowed by robots.txt", citation: c}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	evs, err := src.LinkVerdicts(ctx)
	if err != nil {
		return nil, err
	}
	for _, ev := range evs {
		s.verdicts[ev.URL] = ev
	}
	if err := src.SitemapURLs(ctx, func(u string) error { s.sitemap[u] = true; return nil }); err != nil {
		return nil, err
	}
	return s, ctx.Err()
}

// linkVerdict is a same-site link target's verdict from its page: a page
// missing is a broken link; one behind a wall, a block page, a login or a
// failed fetch is unverifiable. Other refusals (a download, a thin page)
// are no fault of the link: "".
func linkVerdict(p *page) linkcheck.Verdict {
	switch {
	case p.ok:
		return linkcheck.OK
	case p.cause == string(refuse.Missing):
		return linkcheck.Broken
	case p.cause == string(refuse.Wall), p.cause == string(refuse.BlockPage), p.cause == string(refuse.LoginRedirect), p.cause == string(refuse.FetchError):
		return linkcheck.Unverifiable
	}
	return ""
}

// problem is a problem one crawl has: a refusal, a finding or a link.
type problem struct {
	what What
	name string
	url  string
}

// problems lists the crawl's problems, each as the change that names it.
func (s *snapshot) problems(ctx context.Context, max int) (map[problem]Change, error) {
	out := map[problem]Change{}
	for u, p := range s.pages {
		if !p.ok {
			c := Change{What: Refusal, Name: p.cause, URL: u, Words: p.words}
			switch {
			case p.citation.Via == discovery.ViaLink:
				c.Citations = []linkcheck.Citation{{FoundOn: p.citation.FoundOn, Anchor: p.citation.Anchor}}
			case p.citation.Via != "":
				c.Words += "; " + p.citation.Describe()
			}
			out[problem{Refusal, p.cause, u}] = c
		}
		for f, w := range p.findings {
			if p.ok {
				out[problem{Finding, f, u}] = Change{What: Finding, Name: f, URL: u, Words: w}
			}
		}
		if v := linkVerdict(p); v.Bad() {
			if _, checked := s.verdicts[u]; checked {
				continue
			}
			cites, more, err := s.citations(ctx, u, max)
			if err != nil {
				return nil, err
			}
			if len(cites) == 0 {
				continue // not linked: a seed or a sitemap's URL, not a link
			}
			out[problem{Link, string(v), u}] = Change{What: Link, Name: string(v), URL: u, Words: p.words, Citations: cites, MoreCitations: more}
		}
	}
	for u, ev := range s.verdicts {
		if ev.Verdict.Bad() {
			cites := ev.Citations
			if len(cites) > max {
				cites = cites[:max]
			}
			out[problem{Link, string(ev.Verdict), u}] = Change{What: Link, Name: string(ev.Verdict), URL: u, Words: ev.Reason,
				Citations: cites, MoreCitations: ev.MoreCitations + len(ev.Citations) - len(cites)}
		}
	}
	return out, nil
}

// citations returns the pages of the crawl that link to u.
func (s *snapshot) citations(ctx context.Context, u string, max int) ([]linkcheck.Citation, int, error) {
	in, total, err := s.src.LinksTo(ctx, u, max)
	if err != nil {
		return nil, 0, err
	}
	var out []linkcheck.Citation
	for _, l := range in {
		out = append(out, linkcheck.Citation{FoundOn: l.From, Anchor: l.Anchor})
	}
	return out, total - len(out), nil
}

// Compare reads both crawls and returns what changed from old to cur, the
// new crawl. Pages are matched by URL.
func Compare(ctx context.Context, old, cur Source, cfg Config) (*Result, error) {
	if cfg.WordsChange == 0 {
		cfg.WordsChange = DefaultWordsChange
	}
	if cfg.MaxCitations <= 0 {
		cfg.MaxCitations = DefaultMaxCitations
	}
	o, err := load(ctx, old)
	if err != nil {
		return nil, fmt.Errorf("crawldiff: reading the old crawl: %w", err)
	}
	n, err := load(ctx, cur)
	if err != nil {
		return nil, fmt.Errorf("crawldiff: reading the new crawl: %w", err)
	}
	r := &Result{}
	add := func(c Change) {
		c.Event = EventChange
		r.Changes = append(r.Changes, c)
	}
	op, err := o.problems(ctx, cfg.MaxCitations)
	if err != nil {
		return nil, fmt.Errorf("crawldiff: reading the old crawl: %w", err)
	}
	np, err := n.problems(ctx, cfg.MaxCitations)
	if err != nil {
		return nil, fmt.Errorf("crawldiff: reading the new crawl: %w", err)
	}
	for k, c := range np {
		if _, had := op[k]; had {
			c.Change, c.Event = Standing, EventChange
			r.standing = append(r.standing, c)
			continue
		}
		c.Change = New
		add(c)
	}
	for k, c := range op {
		if _, has := np[k]; has {
			continue
		}
		_, checked := o.verdicts[k.url]
		if c, ok := n.resolved(ctx, k, c, cfg.MaxCitations, checked); ok {
			add(c)
		}
	}
	for u, np := range n.pages {
		op, had := o.pages[u]
		switch {
		case np.ok && !had:
			add(Change{Change: Added, What: Page, URL: u, Words: np.title + "; " + np.citation.Describe()})
		case np.ok && op.ok:
			for _, c := range fieldChanges(u, op, np, cfg.WordsChange) {
				add(c)
			}
		}
	}
	for u, op := range o.pages {
		if _, has := n.pages[u]; !has && op.ok {
			add(Change{Change: Lost, What: Page, URL: u, Words: "kept by the old crawl, not fetched by the new one"})
		}
	}
	for u := range n.sitemap {
		if !o.sitemap[u] {
			add(Change{Change: Added, What: Sitemap, URL: u, Words: "listed in a sitemap now"})
		}
	}
	for u := range o.sitemap {
		if !n.sitemap[u] {
			add(Change{Change: Lost, What: Sitemap, URL: u, Words: "no longer listed in a sitemap"})
		}
	}
	sortChanges(r.Changes)
	sortChanges(r.standing)
	return r, nil
}

// resolved returns the change that says the old crawl's problem c is gone
// in the new crawl s, or false when s cannot tell: a finding of a page s
// did not keep, a link target s neither judged nor left unlinked, a link
// check's target (checked says the old crawl's verdict came from --check)
// that s did not check.
func (s *snapshot) resolved(ctx context.Context, k problem, c Change, max int, checked bool) (Change, bool) {
	c.Change, c.Citations, c.MoreCitations = Resolved, nil, 0
	p := s.pages[k.url]
	switch k.what {
	case Refusal:
		switch {
		case p == nil:
			c.Words = "no longer fetched"
		case p.ok:
			c.Words = "kept now"
		default:
			c.Words = "refused now for another cause: " + p.cause
		}
	case Finding:
		if p == nil || !p.ok {
			return c, false
		}
		c.Words = "no longer found"
	case Link:
		cites, more, err := s.citations(ctx, k.url, max)
		if err != nil {
			return c, false
		}
		c.Citations, c.MoreCitations = cites, more
		ev, checkedNow := s.verdicts[k.url]
		switch {
		case checkedNow:
			c.Words = "now " + string(ev.Verdict) + ": " + ev.Reason
		case p != nil && p.ok:
			c.Words = "the target is kept now"
		case p != nil && !linkVerdict(p).Bad() && linkVerdict(p) != "":
			c.Words = "the target answers now"
		case len(cites) == 0 && !checked:
			c.Words = "no longer linked"
		default:
			return c, false
		}
	}
	return c, true
}

// fieldChanges compares the fields of a page both crawls kept.
func fieldChanges(u string, o, n *page, wordsPct int) []Change {
	var out []Change
	ch := func(w What, words string, old, new any) {
		out = append(out, Change{Change: Changed, What: w, URL: u, Words: words, Old: old, New: new})
	}
	if o.title != n.title {
		ch(Title, "the title changed", o.title, n.title)
	}
	if o.canonical != n.canonical {
		ch(Canonical, "the canonical URL changed", o.canonical, n.canonical)
	}
	if o.noindex != n.noindex {
		ch(Robots, robotsWords("noindex", n.noindex), o.noindex, n.noindex)
	}
	if o.nofollow != n.nofollow {
		ch(Robots, robotsWords("nofollow", n.nofollow), o.nofollow, n.nofollow)
	}
	if wordsPct > 0 {
		d := n.wordCount - o.wordCount
		if d < 0 {
			d = -d
		}
		if d > 0 && d*100 >= wordsPct*max(o.wordCount, 1) {
			ch(Words, fmt.Sprintf("the word count changed by %d%%", d*100/max(o.wordCount, 1)), o.wordCount, n.wordCount)
		}
	}
	return out
}

func robotsWords(directive string, now bool) string {
	if now {
		return "the page says " + directive + " now"
	}
	return "the page no longer says " + directive
}

func sortChanges(cs []Change) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if kindOrder[a.Change] != kindOrder[b.Change] {
			return kindOrder[a.Change] < kindOrder[b.Change]
		}
		if a.What != b.What {
			return a.What < b.What
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.URL < b.URL
	})
}
