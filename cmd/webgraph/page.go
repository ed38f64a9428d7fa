package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/content"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/refuse"
	"github.com/webgraph/webgraph/report"
	"github.com/webgraph/webgraph/settings"
)

// pageFlags are the flags of `webgraph page`: the fetch settings (see
// package settings), --config, --keep and --content.
type pageFlags struct {
	fs      *pflag.FlagSet
	set     *settingFlags
	keep    *string
	content *bool
}

func newPageFlags(stdout io.Writer) *pageFlags {
	fs := newFlagSet("page", "webgraph page URL [flags]",
		"Fetch one page through the union and print its page event as JSON, or with\n--content its main content as Markdown (nothing on stdout when it is refused).\nExit 0 when kept, 3 when refused, 4 when robots.txt disallows it, 1 when a\nkept page has no main content to print.\n\nThe fetch settings may be set in webgraph.toml (or --config FILE) under\ntheir flags' names; flags and the environment win over the file.\n", stdout)
	f := &pageFlags{fs: fs, set: registerSettings(fs, settings.Page)}
	f.keep = fs.String("keep", "text", "retain `WHAT` in the output: text or none")
	f.content = fs.Bool("content", false, "print the page's main content as Markdown instead of its page event")
	return f
}

func runPage(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newPageFlags(stdout)
	target, err := parseFlags(f.fs, args, stderr)
	if err != nil {
		return err
	}
	if *f.keep != "text" && *f.keep != "none" {
		return usagef("--keep must be text or none")
	}
	cfg, err := f.set.load(nil, nil, stderr)
	if err != nil {
		return err
	}
	if err := cfg.Validate(settings.Page); err != nil {
		return settingsError(err)
	}
	o, err := fetcherOf(cfg, stderr)
	if err != nil {
		return err
	}
	warnIdentity(stderr, o.identity())
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	seed := discovery.Discovery{Via: discovery.ViaSeed}

	g, ans := o.pageGate(ctx, target)
	if gerr := gateRefusal(target, ans); gerr != nil && *f.content {
		return gerr // said on stderr; nothing on stdout
	} else if gerr != nil {
		cause, words := refuse.Disallowed, gerr.Error()
		var r *refuse.Refusal
		if errors.As(gerr, &r) {
			cause, words = r.Cause, r.Words
		}
		ev := crawl.RefusedPageEvent(target.String(), seed, cause, words, policyWarnings(ans.Policy))
		if err := enc.Encode(ev); err != nil {
			return err
		}
		return gerr
	}
	p, ferr := g.fetchPage(ctx, target, unionUse{content: *f.content}, nil)
	if p == nil {
		return ferr
	}
	p.Warnings = append(policyWarnings(ans.Policy), p.Warnings...)
	ev := crawl.NewPageEvent(p, seed, crawl.PageKinds(p), *f.keep == "text")
	if *f.content {
		if ferr != nil {
			return ferr // refused: said on stderr; nothing on stdout
		}
		return printContent(p, &ev, cfg.Settings.MaxBody, stdout, stderr)
	}
	if err := enc.Encode(ev); err != nil {
		return err
	}
	return ferr
}

// fetchPage fetches target through the union the settings and use
// describe. It returns the page, refused or not, with the refusal as its
// error; a nil page means the fetch itself failed. then, when set, is
// given the union and the page (refused or not) before the union closes.
func (g *gated) fetchPage(ctx context.Context, target *url.URL, use unionUse, then func(*union.Union, *union.Page)) (*union.Page, error) {
	var joined []string
	for _, ev := range g.joinSeedsEarly(ctx, []*url.URL{target}) {
		words := seedJoinWords(ev)
		fmt.Fprintln(g.stderr, "webgraph:", safetext.Clean(words))
		joined = append(joined, words)
	}
	u, closeAll, err := g.newUnion(ctx, use)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	p, err := u.Fetch(ctx, target)
	for range crawl.MaxSeedJoins {
		// The URL given is the seed: where its own redirect lands is
		// where the site lives, and that origin joins (said below).
		ev := crawl.SeedRedirect(g.gate.Scope(), target.String(), p)
		if ev == nil {
			break
		}
		ev.CredentialsWithheld = g.credentialNames()
		words := seedJoinWords(ev)
		fmt.Fprintln(g.stderr, "webgraph:", safetext.Clean(words))
		joined = append(joined, words)
		p, err = u.Fetch(ctx, target)
	}
	var r *refuse.Refusal
	if err != nil && !errors.As(err, &r) {
		return nil, err
	}
	if p != nil {
		p.Warnings = append(joined, p.Warnings...)
		if then != nil {
			then(u, p)
		}
	}
	return p, err
}

// seedJoinWords says that a seed's redirect approved another origin.
func seedJoinWords(ev *crawl.SeedRedirectEvent) string {
	hops := []string{ev.Seed}
	for _, h := range ev.Hops {
		hops = append(hops, h.To)
	}
	words := "the seed " + ev.Seed + " redirects to another origin (" + strings.Join(hops, " → ") + "): " + ev.Origin + " joins the approved origins"
	if len(ev.CredentialsWithheld) > 0 {
		words += "; it does not get the credentials of --header and --cookie (" + strings.Join(ev.CredentialsWithheld, ", ") + "), which go only to the origins you named: name it with --origin to send them"
	}
	return words
}

// compareFlags are the flags of `webgraph compare`: the fetch settings
// (see package settings), --config, and compare's own.
type compareFlags struct {
	fs     *pflag.FlagSet
	set    *settingFlags
	asJSON *bool
	html   *string
	width  *int
}

func newCompareFlags(stdout io.Writer) *compareFlags {
	fs := newFlagSet("compare", "webgraph compare URL [flags]",
		"Fetch one page plainly and rendered, and show what each side alone has.\nExit 0 when fetched, 3 when refused, 4 when robots.txt disallows it.\n\nThe fetch settings may be set in webgraph.toml (or --config FILE) under\ntheir flags' names (but mode: compare fetches both sides); flags and the\nenvironment win over the file.\n", stdout)
	f := &compareFlags{fs: fs, set: registerSettings(fs, settings.Compare)}
	f.asJSON = fs.Bool("json", false, "print JSON for machines instead of text for people")
	f.html = fs.String("html", "", "also write one self-contained HTML page to `FILE`: the page as rendered and as served with scripts off, side by side, its head fields and blocks")
	f.width = fs.Int("screenshot-width", rendered.DefaultPictureWidth, "with --html: lay the page out `N` CSS pixels wide for its pictures")
	return f
}

func runCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newCompareFlags(stdout)
	asJSON := f.asJSON
	target, err := parseFlags(f.fs, args, stderr)
	if err != nil {
		return err
	}
	cfg, err := f.set.load(nil, nil, stderr)
	if err != nil {
		return err
	}
	// compare fetches both sides: a mode given on the command line must
	// say so; one from the file or the environment is a crawl's.
	if m := cfg.Settings.Mode; m != union.ModeUnion && cfg.Source("mode").Kind == settings.FromFlag {
		return usagef("compare always fetches both sides; --mode %s does not apply", m)
	}
	both := *cfg
	both.Settings.Mode = union.ModeUnion
	if err := both.Validate(settings.Compare); err != nil {
		return settingsError(err)
	}
	if *f.html == "-" {
		return usagef("--html needs a file name")
	}
	if *f.width < 200 || *f.width > 4000 {
		return usagef("--screenshot-width must be between 200 and 4000")
	}
	o, err := fetcherOf(&both, stderr)
	if err != nil {
		return err
	}
	warnIdentity(stderr, o.identity())
	g, ans := o.pageGate(ctx, target)
	if err := gateRefusal(target, ans); err != nil {
		return err
	}
	fetchPage := func(ctx context.Context, target *url.URL) (*union.Page, error) {
		return g.fetchPage(ctx, target, unionUse{content: true}, nil) // the main content is compared too
	}
	if *f.html != "" {
		fetchPage = func(ctx context.Context, target *url.URL) (*union.Page, error) {
			return g.fetchWithPictures(ctx, target, *f.width)
		}
	}
	p, err := fetchPage(ctx, target)
	if p == nil {
		return err
	}
	c := union.Compare(p)
	var a *audit.Audit
	if p.Refusal == nil {
		a = audit.Of(p.Sides[fetch.Plain], p.Sides[fetch.Rendered])
	}
	mc := mainContentOf(p, both.Settings.MaxBody)
	if *f.html != "" {
		made := time.Now()
		if werr := writeFile(output{"--html", *f.html}, func(w io.Writer) error { return report.WriteCompare(w, p, c, a, made) }); werr != nil {
			return fmt.Errorf("compare: --html: %w", werr)
		}
		fmt.Fprintf(stderr, "webgraph: wrote %s\n", *f.html)
	}
	if *asJSON {
		if werr := writeCompareJSON(stdout, p, c, a, mc); werr != nil {
			return werr
		}
		return err
	}
	writeCompareText(stdout, p, c, a, mc)
	return err
}

// compareContent is what compare says of a kept page's main content: the
// side it is read from, its words, how many of them the HTML as served
// lacks, and whether that is most of them (the main content exists only
// after rendering).
type compareContent struct {
	Side               fetch.Name `json:"side"`
	Words              int        `json:"words"`
	WordsNotServed     int        `json:"words_not_served"`
	OnlyAfterRendering bool       `json:"only_after_rendering"`
	Error              string     `json:"error,omitempty"`
}

// mainContentOf extracts a kept page's main content, as a crawl would
// (one extractor: package content), and sets its text against the HTML as
// served; nil for a refused page.
func mainContentOf(p *union.Page, maxBody int64) *compareContent {
	if p.Refusal != nil || p.ContentSide == "" {
		return nil
	}
	mc := &compareContent{Side: p.ContentSide}
	base, err := url.Parse(p.ContentURL)
	if p.ContentHTML == "" || err != nil {
		mc.Error = "no document to read the main content from"
		return mc
	}
	pg, err := content.Extract(p.ContentHTML, base, content.Options{MaxBytes: int(maxBody)})
	p.ContentHTML = ""
	if err != nil {
		mc.Error = err.Error()
		return mc
	}
	var text []string
	for _, b := range content.Blocks(pg.Markdown) {
		text = append(text, strings.Split(content.BlockText(b), "\n")...)
	}
	mc.Words = fetch.CountWords(text)
	if mc.Side == fetch.Rendered {
		mc.WordsNotServed = union.WordsNotServed(p.Sides[fetch.Plain], text)
	}
	mc.OnlyAfterRendering = mc.Words > 0 && 2*mc.WordsNotServed > mc.Words
	return mc
}

// words says what compare found of the main content, for a person.
func (mc *compareContent) words() string {
	switch {
	case mc.Error != "":
		return "none found in the " + sideWords(mc.Side) + ": " + mc.Error
	case mc.Side == fetch.Plain:
		return plural(mc.Words, "word") + ", in the HTML as served"
	case mc.OnlyAfterRendering:
		return fmt.Sprintf("%s, read from the rendered DOM; %s of them are not in the HTML as served: the main content exists only after rendering",
			plural(mc.Words, "word"), strconv.Itoa(mc.WordsNotServed))
	}
	return fmt.Sprintf("%s, read from the rendered DOM (scripts added to the page); %s of them are not in the HTML as served",
		plural(mc.Words, "word"), strconv.Itoa(mc.WordsNotServed))
}

type compareSide struct {
	Status int    `json:"status,omitempty"`
	Words  int    `json:"words"`
	MS     int64  `json:"ms"`
	Wait   string `json:"wait,omitempty"`
	Error  string `json:"error,omitempty"`
}

type compareLink struct {
	URL    string `json:"url"`
	Anchor string `json:"anchor"`
}

func writeCompareJSON(w io.Writer, p *union.Page, c union.Comparison, a *audit.Audit, mc *compareContent) error {
	out := struct {
		Event         string                     `json:"event"`
		URL           string                     `json:"url"`
		OK            bool                       `json:"ok"`
		Cause         string                     `json:"cause,omitempty"`
		Error         string                     `json:"error,omitempty"`
		Sides         map[fetch.Name]compareSide `json:"sides"`
		OnlyPlain     []string                   `json:"only_plain"`
		OnlyRendered  []string                   `json:"only_rendered"`
		Both          []string                   `json:"both"`
		RenderedLinks []compareLink              `json:"links_only_rendered"`
		Audit         *audit.Audit               `json:"audit,omitempty"`
		Content       *compareContent            `json:"content,omitempty"`
	}{Audit: a, Content: mc, Event: "compare", URL: p.URL, OK: p.Refusal == nil, Sides: map[fetch.Name]compareSide{},
		OnlyPlain: nonNil(c.OnlyPlain), OnlyRendered: nonNil(c.OnlyRendered), Both: nonNil(c.Both), RenderedLinks: []compareLink{}}
	if p.Refusal != nil {
		out.Cause, out.Error = string(p.Refusal.Cause), p.Refusal.Words
	}
	for n, s := range p.Sides {
		cs := compareSide{Status: s.Status, Words: s.Words, MS: s.Elapsed.Milliseconds(), Wait: s.Wait}
		if s.Err != nil {
			cs.Error = s.Err.Error()
		}
		out.Sides[n] = cs
	}
	for _, l := range c.RenderedLinks {
		out.RenderedLinks = append(out.RenderedLinks, compareLink{URL: l.URL, Anchor: l.Anchor})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func writeCompareText(w io.Writer, p *union.Page, c union.Comparison, a *audit.Audit, mc *compareContent) {
	w = safetext.NewWriter(w) // blocks, titles and anchors are the site's
	fmt.Fprintf(w, "%s\n", p.URL)
	for _, n := range []fetch.Name{fetch.Plain, fetch.Rendered} {
		s := p.Sides[n]
		if s == nil {
			for _, d := range p.Dropped { // not fetched at all (a hash route's plain side)
				if d.Side == n {
					fmt.Fprintf(w, "  %-9s not fetched: %s\n", string(n)+":", d.Reason)
				}
			}
			continue
		}
		line := fmt.Sprintf("  %-9s HTTP %d, %s, %d ms", string(n)+":", s.Status, plural(s.Words, "word"), s.Elapsed.Milliseconds())
		if s.Wait != "" {
			line += ", wait ended by " + s.Wait
		}
		if s.Err != nil {
			line += ", error: " + s.Err.Error()
		}
		fmt.Fprintln(w, line)
	}
	refused := p.Refusal != nil
	if refused {
		fmt.Fprintf(w, "  verdict:  refused (%s): %s\n", p.Refusal.Cause, p.Refusal.Words)
		if len(c.OnlyRendered)+len(c.OnlyPlain)+len(c.Both)+len(c.RenderedLinks) == 0 {
			fmt.Fprintf(w, "\nNothing to compare: the page was refused and neither side has text or links.\n")
			return
		}
		fmt.Fprintf(w, "\nThe page was refused, so its fields are not audited; what each side read:\n")
	} else {
		fmt.Fprintf(w, "  verdict:  kept, %s from %s\n", plural(p.Words, "word"), report.SidesInWords(p.Used))
		if mc != nil {
			fmt.Fprintf(w, "  content:  %s\n", mc.words())
		}
		a.WriteTable(w)
	}
	section := func(title string, blocks []string, mark string) {
		if refused && len(blocks) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s (%s):\n", title, plural(len(blocks), "block"))
		for _, b := range blocks {
			fmt.Fprintf(w, "  %s %s\n", mark, b)
		}
	}
	section("Only in rendered", c.OnlyRendered, "+")
	section("Only in plain", c.OnlyPlain, "-")
	section("In both", c.Both, "=")
	if refused && len(c.RenderedLinks) == 0 {
		return
	}
	fmt.Fprintf(w, "\nLinks only rendering found (%d):\n", len(c.RenderedLinks))
	for _, l := range c.RenderedLinks {
		fmt.Fprintf(w, "  %s  %q\n", l.URL, l.Anchor)
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// gateRefusal turns the gate's refusal of a single page into the command's
// error: a site that could not be reached at all is a fetch_error refusal
// (exit 3), robots.txt a *policy.PageDisallowedError (exit 4), anything
// else a refusal with the gate's words.
func gateRefusal(target *url.URL, a policy.Answer) error {
	d, rp := a.Denied, a.Policy
	switch {
	case d == nil:
		return nil
	case d.Cause == fetch.DeniedDeferred && rp != nil && rp.Status == 0:
		return &refuse.Refusal{URL: target.String(), Cause: refuse.FetchError,
			Words: "could not reach the site: " + rp.Reason + plain.CertHint(rp.Err), Err: d}
	case (d.Cause == fetch.DeniedDisallowed || d.Cause == fetch.DeniedDeferred) && rp != nil:
		return &policy.PageDisallowedError{Verdict: a.Verdict, RobotsURL: rp.URL, Alternative: policy.Alternative(target.Host)}
	}
	return &refuse.Refusal{URL: target.String(), Cause: refuse.OutOfScope, Words: d.Error(), Err: d}
}

func policyWarnings(rp *policy.RobotsPolicy) []string {
	if rp == nil {
		return nil
	}
	return slices.Clone(rp.Warnings)
}

// fetchWithPictures is fetchPage for compare --html: the render takes its
// picture, and the plain side's served HTML is shown with scripts off for
// the other, put in the plain side's Picture. A picture that cannot be
// taken is a warning of the page.
func (g *gated) fetchWithPictures(ctx context.Context, target *url.URL, width int) (*union.Page, error) {
	return g.fetchPage(ctx, target, unionUse{content: true, pictures: &rendered.Pictures{Width: width}}, func(u *union.Union, p *union.Page) {
		ns, ok := u.Rendered.(crawl.NoScripter)
		if !ok || p.Sides[fetch.Plain] == nil {
			return
		}
		pic, perr := ns.NoScriptOf(ctx, p.Sides[fetch.Plain])
		if perr != nil {
			p.Warnings = append(p.Warnings, "no-script picture: "+perr.Error())
		}
		p.Sides[fetch.Plain].Picture = pic
	})
}

// printContent writes a kept page's main content as Markdown on stdout, read
// from the side the union chose (no site template: one page is all there
// is), and says on stderr which side and how many words. A page whose
// robots directives say noindex, or with no main content, prints nothing
// and is an error.
func printContent(p *union.Page, ev *crawl.PageEvent, maxBody int64, stdout, stderr io.Writer) error {
	if ev.RobotsMeta != nil && ev.RobotsMeta.Noindex {
		return fmt.Errorf("page: %s: noindex: the page's robots directives ask that its text not be kept; its content is not printed", p.URL)
	}
	base, err := url.Parse(p.ContentURL)
	if p.ContentHTML == "" || err != nil {
		return fmt.Errorf("page: %s: no document to read its main content from", p.URL)
	}
	pg, err := content.Extract(p.ContentHTML, base, content.Options{MaxBytes: int(maxBody)})
	p.ContentHTML = ""
	if errors.Is(err, content.ErrNoContent) {
		return fmt.Errorf("page: %s: no main content found in the %s", p.URL, sideWords(p.ContentSide))
	}
	if err != nil {
		return fmt.Errorf("page: %s: %w", p.URL, err)
	}
	md := crawl.SafeMarkdown(pg.Markdown)
	if _, err := io.WriteString(stdout, md); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "webgraph: page --content: %d words, from the %s\n", crawl.BlockWords(content.Blocks(md)), sideWords(p.ContentSide))
	return nil
}

// sideWords names a side's document for a person.
func sideWords(side fetch.Name) string {
	if side == fetch.Rendered {
		return "rendered document (the DOM after scripts ran)"
	}
	return "plain document (the HTML as served)"
}
