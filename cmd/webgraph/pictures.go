package main

import (
	"context"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/store"
)

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
