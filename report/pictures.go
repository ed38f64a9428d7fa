package report

import (
	"context"
	"encoding/base64"
	"fmt"
	"html/template"

	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/store"
)

// MaxPicturedPages caps the pages whose pictures the report shows (a crawl
// under --screenshots all may hold many more); the rest are counted.
const MaxPicturedPages = 500

// foundPage is a kept page with a finding, as collect meets it.
type foundPage struct {
	url, label string
	findings   []string
}

// picturedPage is a page with a finding and its two pictures.
type picturedPage struct {
	URL, Label string
	Findings   []string
	Rendered   *shownPicture
	Plain      *shownPicture
}

// shownPicture is one stored picture as the report embeds it.
type shownPicture struct {
	Src           template.URL // a data: URI of the image itself
	Width, Height int
	Cut           bool
}

// embeddable are the image types a report embeds: what the crawl stores.
var embeddable = map[string]bool{"image/jpeg": true, "image/png": true}

// pictures reads the stored pictures of the pages with a finding, at most
// MaxPicturedPages of them, in the crawl's order.
func pictures(ctx context.Context, s *store.Store, found []foundPage) ([]picturedPage, error) {
	var out []picturedPage
	for _, f := range found {
		if len(out) == MaxPicturedPages {
			break
		}
		pics, err := s.PicturesOf(ctx, f.url)
		if err != nil {
			return nil, fmt.Errorf("report: %w", err)
		}
		pp := picturedPage{URL: safetext.Clean(f.url), Label: safetext.Clean(f.label), Findings: f.findings}
		for _, p := range pics {
			if !embeddable[p.Type] || len(p.Data) == 0 {
				continue
			}
			// The type is one of ours and the data base64: nothing of the
			// site's reaches the URI but the image's bytes, encoded.
			sp := &shownPicture{Src: template.URL("data:" + p.Type + ";base64," + base64.StdEncoding.EncodeToString(p.Data)),
				Width: p.Width, Height: p.Height, Cut: p.Cut}
			switch p.Side {
			case "rendered":
				pp.Rendered = sp
			case "plain":
				pp.Plain = sp
			}
		}
		if pp.Rendered != nil || pp.Plain != nil {
			out = append(out, pp)
		}
	}
	return out, nil
}
