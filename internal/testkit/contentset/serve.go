package contentset

import (
	"mime"
	"net/http"
	"path"
	"strings"
)

// companions are the kinds of file a page may load from its own folder.
var companions = map[string]bool{".js": true, ".json": true, ".css": true}

// Handler serves the site as its pages' URLs say: each page at its URL's
// path, and the scripts, JSON and styles of the site's folder at any path
// ending in their name, so a page's relative reference ("app.js",
// "guide.json") finds its file wherever the page lives. Labels and site.json
// are never served: an extractor under test must not read its answers.
func (s *Site) Handler() http.Handler {
	pages := make(map[string]*Page, len(s.Pages))
	for i := range s.Pages {
		pages[s.Pages[i].Path()] = &s.Pages[i]
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if p, ok := pages[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(p.HTML)
			return
		}
		name := path.Base(r.URL.Path)
		ext := path.Ext(name)
		if !companions[ext] || name == "site.json" || strings.HasPrefix(name, ".") {
			http.NotFound(w, r)
			return
		}
		b, err := s.File(name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", mime.TypeByExtension(ext))
		w.Write(b)
	})
}
