package crawl

import (
	"context"
	"net/url"
	"testing"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/refuse"
)

// pagesFunc is a Pages made of a function.
type pagesFunc func(u *url.URL) *union.Page

func (f pagesFunc) Fetch(_ context.Context, u *url.URL) (*union.Page, error) { return f(u), nil }

type noScriptFunc func(*fetch.Side) *fetch.Picture

func (f noScriptFunc) NoScriptOf(_ context.Context, s *fetch.Side) (*fetch.Picture, error) {
	return f(s), nil
}

type savedPictures map[string][2]*fetch.Picture

func (s savedPictures) SavePagePictures(_ context.Context, u string, r, n *fetch.Picture) error {
	s[u] = [2]*fetch.Picture{r, n}
	return nil
}

// TestPicturePages: under findings, a page whose title JavaScript changes
// gets its pair, saved under the URL asked for; a page JavaScript leaves
// alone keeps no picture and asks for no no-script one; under all it does;
// a refused page never does.
func TestPicturePages(t *testing.T) {
	t.Parallel()
	page := func(u *url.URL) *union.Page {
		side := func(n fetch.Name, title string) *fetch.Side {
			return &fetch.Side{Name: n, URL: u.String(), FinalURL: u.String(), Status: 200, ContentType: "text/html", Title: title, Words: 40}
		}
		plain, ren := side(fetch.Plain, "Same"), side(fetch.Rendered, "Same")
		if u.Path == "/changed" {
			ren.Title = "Changed by script"
		}
		ren.Picture = &fetch.Picture{Type: "image/jpeg", Data: []byte("rendered " + u.Path)}
		p := &union.Page{URL: u.String(), FinalURL: u.String(), Sides: map[fetch.Name]*fetch.Side{fetch.Plain: plain, fetch.Rendered: ren}}
		if u.Path == "/refused" {
			p.Refusal = &refuse.Refusal{URL: u.String(), Cause: refuse.Missing, Words: "HTTP 404"}
		}
		return p
	}
	for _, tt := range []struct {
		which Screenshots
		want  map[string]bool // path -> pictures saved
	}{
		{ScreenshotsFindings, map[string]bool{"/changed": true, "/same": false, "/refused": false}},
		{ScreenshotsAll, map[string]bool{"/changed": true, "/same": true, "/refused": false}},
		{ScreenshotsNone, map[string]bool{"/changed": false, "/same": false, "/refused": false}},
	} {
		saved := savedPictures{}
		asked := 0
		pp := &PicturePages{Pages: pagesFunc(page), Which: tt.which, Save: saved,
			NoScript: noScriptFunc(func(s *fetch.Side) *fetch.Picture {
				asked++
				return &fetch.Picture{Type: "image/jpeg", Data: []byte("served " + s.URL)}
			})}
		for path, want := range tt.want {
			u, _ := url.Parse("http://site" + path)
			p, _ := pp.Fetch(context.Background(), u)
			got, ok := saved[u.String()]
			if ok != want || (want && (got[0] == nil || got[1] == nil)) {
				t.Errorf("%s %s: saved %v (%v); want %v, both pictures", tt.which, path, ok, got, want)
			}
			if !want && tt.which != ScreenshotsNone && p.Sides[fetch.Rendered].Picture != nil {
				t.Errorf("%s %s: the rendered picture was kept for a page that does not qualify", tt.which, path)
			}
			if want && p.Sides[fetch.Plain].Picture == nil {
				t.Errorf("%s %s: the no-script picture is not the plain side's", tt.which, path)
			}
		}
		n := 0
		for _, w := range tt.want {
			if w {
				n++
			}
		}
		if asked != n {
			t.Errorf("%s: %d no-script pictures taken; want %d, one per qualifying page", tt.which, asked, n)
		}
	}
	if _, err := ParseScreenshots("some"); err == nil {
		t.Error(`ParseScreenshots("some") = nil error`)
	}
}
