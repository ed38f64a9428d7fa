// Package contentset loads the labelled set of pages in testdata/content
// that a main-content extractor is scored on, serves its sites on loopback,
// and holds the score: word 4-gram shingles of an extraction against the
// hand-labelled article text, as article-extraction benchmarks measure it.
// testdata/content/README.md says how the pages were labelled.
package contentset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// BaseURL is the placeholder origin every page URL of the set is written
// under; tests serve a site on loopback and put their own origin in its place
// (Page.On).
const BaseURL = "http://site.test/"

// Site is one folder of the set: pages sharing one template's boilerplate.
type Site struct {
	Name     string `json:"name"`
	Template string `json:"template"` // the kind of site: news, blog, docs-docusaurus, forum, app-fetch, …
	Lang     string `json:"lang"`     // BCP 47, the language of its pages
	BaseURL  string `json:"base_url"` // always BaseURL
	Pages    []Page `json:"pages"`

	fsys fs.FS  // the set's root
	dir  string // this site's folder in fsys
}

// Page is one page of a site, with its bytes as served and its label.
type Page struct {
	File     string `json:"file"`     // the HTML file, in the site's folder
	URL      string `json:"url"`      // where the page lives, under BaseURL
	Rendered bool   `json:"rendered"` // the article is written by the page's own scripts: the served HTML lacks it

	Site *Site  `json:"-"`
	HTML []byte `json:"-"` // the page as a server sends it
	Want string `json:"-"` // the labelled article text, one block a line
}

// Name is the page's label in test output: site/file.
func (p *Page) Name() string { return p.Site.Name + "/" + p.File }

// Path is the page URL's path, the one Handler serves it at.
func (p *Page) Path() string { return "/" + strings.TrimPrefix(p.URL, BaseURL) }

// On returns the page's URL on a server at origin (as "http://127.0.0.1:port",
// with or without a trailing slash) in place of BaseURL.
func (p *Page) On(origin string) string {
	return strings.TrimSuffix(origin, "/") + p.Path()
}

// Dir returns the absolute path of testdata/content in this module.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "content")
}

// Load reads every site of the set in testdata/content.
func Load() ([]*Site, error) { return LoadFS(os.DirFS(Dir())) }

// LoadFS reads every site under fsys's root: each folder holding a
// site.json. Folders whose names begin with "_" or "." are not sites (the
// extractor's own scratch pages, the generator of these files). A site.json
// that does not parse, names a file that is missing or a label that is
// empty, is an error naming the file.
func LoadFS(fsys fs.FS) ([]*Site, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("contentset: %w", err)
	}
	var sites []*Site
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), "_") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		s, err := loadSite(fsys, e.Name())
		if errors.Is(err, fs.ErrNotExist) && s == nil {
			continue // a folder without site.json is not a site
		}
		if err != nil {
			return nil, err
		}
		sites = append(sites, s)
	}
	sort.Slice(sites, func(i, j int) bool { return sites[i].Name < sites[j].Name })
	return sites, nil
}

func loadSite(fsys fs.FS, dir string) (*Site, error) {
	name := path.Join(dir, "site.json")
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	s := &Site{fsys: fsys, dir: dir}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(s); err != nil {
		return s, fmt.Errorf("contentset: %s: %w", name, err)
	}
	switch {
	case s.Name != dir:
		return s, fmt.Errorf("contentset: %s: name %q is not the folder's name", name, s.Name)
	case s.Template == "":
		return s, fmt.Errorf("contentset: %s: no template", name)
	case s.Lang == "":
		return s, fmt.Errorf("contentset: %s: no lang", name)
	case s.BaseURL != BaseURL:
		return s, fmt.Errorf("contentset: %s: base_url %q is not %q", name, s.BaseURL, BaseURL)
	case len(s.Pages) == 0:
		return s, fmt.Errorf("contentset: %s: no pages", name)
	}
	for i := range s.Pages {
		p := &s.Pages[i]
		p.Site = s
		if p.File == "" || path.Base(p.File) != p.File || path.Ext(p.File) != ".html" {
			return s, fmt.Errorf("contentset: %s: page %d: file %q is not an .html file of the site's folder", name, i, p.File)
		}
		if !strings.HasPrefix(p.URL, BaseURL) || strings.ContainsAny(p.URL, "?# ") {
			return s, fmt.Errorf("contentset: %s: %s: url %q is not a path under %s", name, p.File, p.URL, BaseURL)
		}
		if p.HTML, err = fs.ReadFile(fsys, path.Join(dir, p.File)); err != nil {
			return s, fmt.Errorf("contentset: %s: %w", name, err)
		}
		label := path.Join(dir, strings.TrimSuffix(p.File, ".html")+".txt")
		want, err := fs.ReadFile(fsys, label)
		if err != nil {
			return s, fmt.Errorf("contentset: %s: %w", name, err)
		}
		if p.Want = string(want); len(Tokens(p.Want)) == 0 {
			return s, fmt.Errorf("contentset: %s: the label holds no words", label)
		}
	}
	return s, nil
}

// File reads one file of the site's folder (a page's script or JSON).
func (s *Site) File(name string) ([]byte, error) {
	return fs.ReadFile(s.fsys, path.Join(s.dir, name))
}
