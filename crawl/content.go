package crawl

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"

	"github.com/webgraph/webgraph/content"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/frontier"
	"github.com/webgraph/webgraph/internal/safetext"
)

// templates are the crawl's sites' templates (content.Template), learned
// from the pages kept so far, each site's on its own.
type templates struct {
	mu    sync.Mutex
	sites map[string]*content.Template
}

func (t *templates) of(site string) *content.Template {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sites == nil {
		t.sites = map[string]*content.Template{}
	}
	tm := t.sites[site]
	if tm == nil {
		tm = &content.Template{}
		t.sites[site] = tm
	}
	return tm
}

// learnTemplates reads back what the crawl's database holds of the pages
// whose content was kept before this run (a resumed crawl's, the other
// workers' of a shared one), so that the templates go on from where they
// were.
func (c *Crawler) learnTemplates(ctx context.Context) {
	if !c.cfg.KeepContent {
		return
	}
	err := c.keptContent.ContentRuns(ctx, func(site string, runs []uint64) { c.templates.of(site).AddHashes(runs) })
	if err != nil {
		c.addWarning("the sites' templates could not be read back from the crawl's database; they are learned again from the pages this run keeps: " + err.Error())
	}
}

// siteOf is the site a page's template is learned for: its host.
func siteOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Host)
}

// extract takes a kept page's main content from the document its union
// handed over (docs/design.md, "Content"): the page is added to its site's
// template, then extracted with what the template knows, and its Markdown
// kept block by block with the hashes the template is learned from and
// those each block was written from (the pass at output). record lets the
// document go either way: HTML is never retained. It returns nil
// when the page has no content to keep, and says why in words when that
// is news to a reader.
func (c *Crawler) extract(p *union.Page) (*frontier.Content, string) {
	html, at := p.ContentHTML, p.ContentURL
	if html == "" {
		return nil, ""
	}
	base, err := url.Parse(at)
	if err != nil {
		return nil, ""
	}
	opts := content.Options{MaxBytes: int(c.cfg.MaxBody)}
	doc, err := content.Parse(html, base, opts)
	if err != nil {
		return nil, "content: the page could not be read for its main content: " + err.Error()
	}
	site := siteOf(p.FinalURL)
	runs := doc.BlockHashes()
	tmpl := c.templates.of(site)
	tmpl.AddHashes(runs)
	opts.Template = tmpl
	pg, err := doc.Extract(opts)
	if errors.Is(err, content.ErrNoContent) {
		return nil, "content: no main content found in the " + string(p.ContentSide) + " document; none kept"
	}
	if err != nil {
		return nil, "content: " + err.Error()
	}
	blocks := content.Blocks(pg.Markdown)
	kept := &frontier.Content{Side: string(p.ContentSide), Site: site, Title: safetext.Clean(pg.Title), Lang: pg.Lang, LangDetected: pg.LangDetected,
		Truncated: pg.Truncated, BlockRuns: doc.BlockRuns(blocks), Runs: runs}
	for _, b := range blocks {
		kept.Blocks = append(kept.Blocks, SafeMarkdown(b))
	}
	kept.Words = BlockWords(kept.Blocks)
	return kept, ""
}

// SafeMarkdown is md with every character a terminal would obey rather
// than show (C0 and C1 controls but tab and newline, bidirectional
// overrides and isolates) written as a visible escape (internal/safetext):
// Markdown holds the page's text, and a file or a terminal it reaches must
// show that text, never run it.
func SafeMarkdown(md string) string { return safetext.Clean(md) }

// BlockWords counts the words of Markdown blocks' text (content.BlockText,
// fetch.CountWords): a kept page's content words.
func BlockWords(blocks []string) int {
	n := 0
	for _, b := range blocks {
		n += fetch.CountWords(strings.Split(content.BlockText(b), "\n"))
	}
	return n
}
