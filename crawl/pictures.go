package crawl

import (
	"context"
	"fmt"
	"net/url"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
)

// Screenshots says which pages a crawl takes pictures of (--screenshots).
type Screenshots string

const (
	// ScreenshotsNone takes none; the default.
	ScreenshotsNone Screenshots = "none"
	// ScreenshotsFindings takes the pair for kept pages with an audit finding.
	ScreenshotsFindings Screenshots = "findings"
	// ScreenshotsAll takes the pair for every kept page.
	ScreenshotsAll Screenshots = "all"
)

// ParseScreenshots returns the Screenshots named s; "" is ScreenshotsNone.
func ParseScreenshots(s string) (Screenshots, error) {
	switch v := Screenshots(s); v {
	case "":
		return ScreenshotsNone, nil
	case ScreenshotsNone, ScreenshotsFindings, ScreenshotsAll:
		return v, nil
	}
	return "", fmt.Errorf("crawl: --screenshots %q: want none, findings or all", s)
}

func (s Screenshots) String() string { return string(s) }

// NoScripter takes the picture of a plain side's served HTML with scripts
// off; *rendered.Fetcher satisfies it.
type NoScripter interface {
	NoScriptOf(ctx context.Context, plain *fetch.Side) (*fetch.Picture, error)
}

// PictureSaver keeps a page's two pictures with the crawl, the page named by
// the URL the crawl asked for. Either picture may be nil.
type PictureSaver interface {
	SavePagePictures(ctx context.Context, pageURL string, rendered, noScript *fetch.Picture) error
}

// PicturePages takes the pair of pictures for the pages which says, around
// pages: the rendered side's own (rendered.Config.Pictures must be set, so
// that every render takes it) and the no-script one of the plain side's
// served HTML (plain.Config.KeepExchange must be set), which it puts in the
// plain side's Picture. A page that does not qualify loses its rendered
// picture. Pictures are saved with save before the page is returned, so a
// page recorded has its pictures stored. A picture that cannot be taken is a
// warning of the page; a save that fails is the page's error.
type PicturePages struct {
	Pages    Pages
	Which    Screenshots
	NoScript NoScripter
	Save     PictureSaver
}

// Fetch fetches u through p.Pages and takes its pictures.
func (p *PicturePages) Fetch(ctx context.Context, u *url.URL) (*union.Page, error) {
	pg, err := p.Pages.Fetch(ctx, u)
	if pg == nil || p.Which == ScreenshotsNone || p.Which == "" {
		return pg, err
	}
	ren, plain := pg.Sides[fetch.Rendered], pg.Sides[fetch.Plain]
	if !p.wanted(pg, plain, ren) {
		if ren != nil {
			ren.Picture = nil
		}
		return pg, err
	}
	if plain != nil && p.NoScript != nil {
		pic, perr := p.NoScript.NoScriptOf(ctx, plain)
		if perr != nil {
			pg.Warnings = append(pg.Warnings, "no-script picture: "+perr.Error())
		}
		plain.Picture = pic
	}
	var rp, np *fetch.Picture
	if ren != nil {
		rp = ren.Picture
	}
	if plain != nil {
		np = plain.Picture
	}
	if p.Save != nil && (rp != nil || np != nil) {
		if serr := p.Save.SavePagePictures(ctx, pg.URL, rp, np); serr != nil && err == nil {
			return pg, serr
		}
	}
	return pg, err
}

// wanted reports whether the page's pictures are to be kept: a kept page
// both sides fetched, and under ScreenshotsFindings one with a finding.
func (p *PicturePages) wanted(pg *union.Page, plain, ren *fetch.Side) bool {
	if pg.Refusal != nil || plain == nil || ren == nil || ren.Err != nil || plain.Err != nil {
		return false
	}
	if p.Which == ScreenshotsAll {
		return true
	}
	return len(audit.Of(plain, ren).Findings) > 0
}
