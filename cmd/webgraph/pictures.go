package main

import (
	"context"
	"time"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/store"
)

// The pictures a crawl keeps are half the layout's size and at most 150 KB
// each, so that a report of many pages stays a file a person can mail;
// compare's are full size.
const (
	crawlPictureScale    = 0.5
	crawlPictureMaxBytes = 150 << 10
)

// pictureFlags are crawl's --screenshots and --screenshot-width.
type pictureFlags struct {
	which *string
	width *int
}

func (p *pictureFlags) register(fs *pflag.FlagSet) {
	p.which = fs.String("screenshots", "none", "take `WHICH` pages' two pictures (as rendered, and as served with scripts off), stored in --db, written to --warc, shown by report: none, findings (pages with an audit finding) or all")
	p.width = fs.Int("screenshot-width", rendered.DefaultPictureWidth, "lay pages out `N` CSS pixels wide for their pictures")
}

// apply checks the flags and sets what the fetchers need: a picture of each
// render, and each plain side's HTML kept for its no-script picture.
func (p *pictureFlags) apply(o *fetchOptions, scale float64, maxBytes int) (crawl.Screenshots, error) {
	which, err := crawl.ParseScreenshots(*p.which)
	if err != nil {
		return "", usagef("%v", err)
	}
	if *p.width < 200 || *p.width > 4000 {
		return "", usagef("--screenshot-width must be between 200 and 4000")
	}
	if which == crawl.ScreenshotsNone {
		return which, nil
	}
	if o.mode != union.ModeUnion {
		return "", usagef("--screenshots needs both sides (--mode union): the picture as served is of the plain side's HTML, shown by the browser")
	}
	o.pictures = &rendered.Pictures{Width: *p.width, Scale: scale, MaxBytes: maxBytes}
	return which, nil
}

// wrap takes the pictures the flags ask for around pages, storing them in st.
func wrapPictures(which crawl.Screenshots, pages crawl.Pages, u *union.Union, st *store.Store) crawl.Pages {
	if which == crawl.ScreenshotsNone {
		return pages
	}
	ns, _ := u.Rendered.(crawl.NoScripter)
	return &crawl.PicturePages{Pages: pages, Which: which, NoScript: ns, Save: pictureStore{st}}
}

// pictureStore saves a page's pictures in the crawl's database.
type pictureStore struct{ st *store.Store }

func (s pictureStore) SavePagePictures(ctx context.Context, pageURL string, ren, noScript *fetch.Picture) error {
	var pics []store.Picture
	for _, p := range []struct {
		side string
		pic  *fetch.Picture
	}{{string(fetch.Rendered), ren}, {string(fetch.Plain), noScript}} {
		if p.pic != nil {
			pics = append(pics, store.Picture{Side: p.side, Type: p.pic.Type, Width: p.pic.Width, Height: p.pic.Height,
				Cut: p.pic.Cut, MS: p.pic.Elapsed.Round(time.Millisecond).Milliseconds(), Data: p.pic.Data})
		}
	}
	return s.st.SavePictures(ctx, pageURL, pics)
}
