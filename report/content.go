package report

import (
	"context"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/store"
)

// maxContentPages caps the pages the report names whose main content was
// read from the rendered DOM.
const maxContentPages = 50

// contentNote is what the report says of the kept pages' main content
// (--keep content): how many were read from each side, and the pages whose
// content scripts wrote or changed.
type contentNote struct {
	Plain, Rendered int
	Pages           []contentPage // read from the rendered DOM, at most maxContentPages
	More            int           // left out of Pages
}

type contentPage struct{ URL, Label string }

// contentOf reads the note; nil when the crawl kept no content.
func contentOf(ctx context.Context, s *store.Store) (*contentNote, error) {
	n := &contentNote{}
	err := s.ContentSides(ctx, func(c store.ContentSide) error {
		if c.Side != "rendered" {
			n.Plain++
			return nil
		}
		n.Rendered++
		if len(n.Pages) < maxContentPages {
			n.Pages = append(n.Pages, contentPage{URL: safetext.Clean(c.URL), Label: safetext.Clean(pageLabel(c.Title, c.URL))})
		} else {
			n.More++
		}
		return nil
	})
	if err != nil || n.Plain+n.Rendered == 0 {
		return nil, err
	}
	return n, nil
}
