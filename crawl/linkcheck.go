package crawl

import (
	"context"
	"net/url"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/linkcheck"
)

// LinkChecker gives verdicts for link targets the crawl does not fetch as
// pages (--check); *linkcheck.Checker satisfies it. The crawl starts it,
// tells it every link and anchor of each kept page, and finishes it before
// the gate stops, so its checks run while pages are fetched and after.
type LinkChecker interface {
	Start(ctx context.Context)
	Cite(targetURL, fragment string, external bool, foundOn, anchor string)
	Anchors(urls []string, side fetch.Name, anchors []string)
	Finish(ctx context.Context) ([]*linkcheck.Event, linkcheck.Totals, error)
}

// citeLinks tells the link checker about a kept page: the links of each
// side it used (fragments included, which the merged list drops) and the
// anchors each side found.
func (c *Crawler) citeLinks(p *union.Page, asked string) {
	if c.links == nil || p.Refusal != nil {
		return
	}
	names := []string{asked, p.URL, p.FinalURL, p.Canonical}
	for _, n := range p.Used {
		s := p.Sides[n]
		if s == nil {
			continue
		}
		c.links.Anchors(names, n, s.Anchors)
		for _, l := range s.Links {
			u, err := url.Parse(l.URL)
			if err != nil {
				continue
			}
			external := discovery.Classify(u, c.scope.SameSite) == discovery.KindExternal
			c.links.Cite(l.URL, l.Fragment, external, p.FinalURL, l.Anchor)
		}
	}
}

// finishLinks waits for the link checks, emits their events and keeps
// their totals for the done event.
func (c *Crawler) finishLinks(ctx context.Context) {
	if c.links == nil {
		return
	}
	evs, tot, err := c.links.Finish(ctx)
	if err != nil {
		c.addWarning("the crawl database could not record link verdicts: " + err.Error())
	}
	for _, ev := range evs {
		c.emit(ev)
	}
	c.mu.Lock()
	c.done.Links = &tot
	c.mu.Unlock()
}
