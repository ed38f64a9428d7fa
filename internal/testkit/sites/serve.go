package sites

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// ServingFile is the name of the file, at a site's root, that says how the
// site's host answers paths no plain file answers. It is never served.
const ServingFile = "_serve.json"

// Serving is how a site's host answers what its files alone do not, as
// real static hosts are configured to. It is read from the site's
// ServingFile; a site without one is served as plain files.
type Serving struct {
	// Fallback is a file, as a path from the site's root, served with
	// status 200 for every path no file answers: the rewrite of /* to
	// /index.html that single-page apps are deployed with.
	Fallback string `json:"fallback,omitempty"`
	// NotFound is a file served with status 404 for every path no file
	// answers, as GitHub Pages and Netlify serve a site's 404.html.
	NotFound string `json:"notFound,omitempty"`
	// CleanURLs serves /about from about.html when no file or folder
	// answers /about, as static hosts serve a Next.js or SvelteKit export.
	// /about.html is served too, without a redirect.
	CleanURLs bool `json:"cleanURLs,omitempty"`
	// Origin is the URL the generator was told the site lives at (for
	// canonical links, sitemaps, feeds), such as "http://harbour.test".
	// Text bodies are served with the serving origin in its place, so the
	// site reads as deployed where it is served.
	Origin string `json:"origin,omitempty"`
}

// ReadServing reads the Serving of the site in dir. A site without a
// ServingFile has the zero Serving and ok false. A file that does not
// parse, names an unknown setting, or names a file the site does not have
// is an error.
func ReadServing(dir string) (s Serving, ok bool, err error) {
	b, err := os.ReadFile(filepath.Join(dir, ServingFile))
	if errors.Is(err, fs.ErrNotExist) {
		return Serving{}, false, nil
	}
	if err != nil {
		return Serving{}, false, fmt.Errorf("sites: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Serving{}, false, fmt.Errorf("sites: %s: %w", filepath.Join(dir, ServingFile), err)
	}
	if s.Fallback != "" && s.NotFound != "" {
		return Serving{}, false, fmt.Errorf("sites: %s: fallback and notFound both answer unknown paths; give one", filepath.Join(dir, ServingFile))
	}
	for _, f := range []string{s.Fallback, s.NotFound} {
		if f == "" {
			continue
		}
		if fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(path.Clean("/"+f)))); err != nil || !fi.Mode().IsRegular() {
			return Serving{}, false, fmt.Errorf("sites: %s: %q is not a file of the site", filepath.Join(dir, ServingFile), f)
		}
	}
	if s.Origin != "" {
		u, err := url.Parse(s.Origin)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
			return Serving{}, false, fmt.Errorf("sites: %s: origin %q is not scheme://host[:port]", filepath.Join(dir, ServingFile), s.Origin)
		}
		s.Origin = strings.TrimSuffix(s.Origin, "/")
	}
	return s, true, nil
}

// resolution is what a site's files make of a request path.
type resolution int

const (
	unknown     resolution = iota // no file answers the path
	file                          // a file answers it, named alongside
	passThrough                   // the file server's own redirect answers it
)

// resolve finds the file that answers urlPath under s, as a slash path from
// the site's root. Folders answer only through their index.html (no
// listings), and the ServingFile answers nothing.
func (h *Handler) resolve(urlPath string) (string, resolution) {
	name := path.Clean("/" + urlPath)
	if name == "/"+ServingFile {
		return "", unknown
	}
	full := filepath.Join(h.dir, filepath.FromSlash(name))
	fi, err := os.Stat(full)
	if err == nil && fi.Mode().IsRegular() {
		if strings.HasSuffix(urlPath, "/index.html") {
			return "", passThrough // redirected to the folder
		}
		return name, file
	}
	if err == nil && fi.IsDir() {
		index := path.Join(name, "index.html")
		if fi, err := os.Stat(filepath.Join(h.dir, filepath.FromSlash(index))); err == nil && fi.Mode().IsRegular() {
			if !strings.HasSuffix(urlPath, "/") {
				return "", passThrough // redirected to the folder's slash
			}
			return index, file
		}
	}
	// A Next.js export has about.html beside a folder about/ of data
	// files: /about is the page.
	if h.serving.CleanURLs && name != "/" && !strings.HasSuffix(urlPath, "/") {
		if fi, err := os.Stat(full + ".html"); err == nil && fi.Mode().IsRegular() {
			return name + ".html", file
		}
	}
	return "", unknown
}

// serveSite answers r from a site that has a ServingFile, and reports
// false, having written nothing, for a site without one.
func (h *Handler) serveSite(w http.ResponseWriter, r *http.Request) bool {
	if h.servingErr != nil {
		http.Error(w, h.servingErr.Error(), http.StatusInternalServerError)
		return true
	}
	if !h.hasServing {
		return false
	}
	name, res := h.resolve(r.URL.Path)
	switch {
	case res == passThrough:
		h.files.ServeHTTP(w, r)
	case res == file:
		h.serveFile(w, r, name, http.StatusOK)
	case h.serving.Fallback != "":
		h.serveFile(w, r, path.Clean("/"+h.serving.Fallback), http.StatusOK)
	case h.serving.NotFound != "":
		h.serveFile(w, r, path.Clean("/"+h.serving.NotFound), http.StatusNotFound)
	default:
		http.NotFound(w, r)
	}
	return true
}

// serveFile writes the site's file name (a slash path from its root) with
// status, its companion headers, and the serving origin in place of
// Serving.Origin in text bodies.
func (h *Handler) serveFile(w http.ResponseWriter, r *http.Request, name string, status int) {
	full := filepath.Join(h.dir, filepath.FromSlash(name))
	body, err := os.ReadFile(full)
	if err != nil {
		http.Error(w, "sites: "+err.Error(), http.StatusInternalServerError)
		return
	}
	fi, err := os.Stat(full)
	if err != nil {
		http.Error(w, "sites: "+err.Error(), http.StatusInternalServerError)
		return
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = http.DetectContentType(body)
	}
	if h.serving.Origin != "" && isText(ctype) {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		body = replaceOrigin(body, h.serving.Origin, scheme+"://"+r.Host)
	}
	h.extraHeaders(w, name)
	w.Header().Set("Content-Type", ctype)
	if status == http.StatusOK {
		http.ServeContent(w, r, name, fi.ModTime(), bytes.NewReader(body))
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body) // net/http drops it for HEAD

}

// isText reports whether a body of content type ctype is text a site's
// origin may be written in: HTML, XML feeds and sitemaps, scripts, JSON.
func isText(ctype string) bool {
	t, _, _ := mime.ParseMediaType(ctype)
	return strings.HasPrefix(t, "text/") || strings.HasSuffix(t, "+xml") || strings.HasSuffix(t, "/json") ||
		t == "application/xml" || t == "application/javascript" || t == "application/manifest+json"
}

// replaceOrigin replaces origin in body with to wherever it ends where a
// host ends: "http://harbour.test/x" and "http://harbour.test" are
// replaced, "http://harbour.testing" and "http://harbour.test:8080" are
// other origins and left alone.
func replaceOrigin(body []byte, origin, to string) []byte {
	var out []byte
	rest := body
	for {
		i := bytes.Index(rest, []byte(origin))
		if i < 0 {
			break
		}
		end := i + len(origin)
		if end < len(rest) && isHostByte(rest[end]) {
			out = append(out, rest[:end]...)
			rest = rest[end:]
			continue
		}
		out = append(out, rest[:i]...)
		out = append(out, to...)
		rest = rest[end:]
	}
	if out == nil {
		return body
	}
	return append(out, rest...)
}

func isHostByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == ':'
}
