package sites

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeSite writes files (slash path → content) into a new folder and
// returns it.
func writeSite(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// answer is what a request got: status, where a redirect pointed, the
// content type and the body.
type answer struct {
	status   int
	location string
	ctype    string
	body     string
}

// ask sends method path to ts without following redirects.
func ask(t *testing.T, ts *httptest.Server, method, path string) answer {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := ts.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return answer{resp.StatusCode, resp.Header.Get("Location"), resp.Header.Get("Content-Type"), string(b)}
}

// serveDir serves the site in dir with a Handler, as Serve serves a
// fixture of testdata/sites.
func serveDir(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(New(dir))
	t.Cleanup(ts.Close)
	return ts
}

// A site's files with the answers each serving setting gives: a table
// per setting, one row per path.
func TestServing(t *testing.T) {
	files := map[string]string{
		"index.html":            "<title>Home</title>home page",
		"about.html":            "<title>About</title>about page",
		"about.html.headers":    "X-Robots-Tag: noindex",
		"404.html":              "<title>Missing</title>the site's own missing page",
		"app.js":                "console.log('app')",
		"about/data.txt":        "about's data, as a Next.js export writes it",
		"docs/a/index.html":     "<title>A</title>doc a",
		"docs/empty/notes.html": "notes without an index",
	}
	type row struct {
		method, path string
		status       int
		location     string // for redirects
		body         string // a part of the body; "" for none
		ctype        string // a prefix of the content type; "" for any
	}
	tests := []struct {
		name    string
		serving string // the site's _serve.json
		rows    []row
	}{
		{"fallback", `{"fallback": "index.html"}`, []row{
			{"GET", "/", 200, "", "home page", "text/html"},
			{"GET", "/deep/client/route", 200, "", "home page", "text/html"},
			{"GET", "/about", 200, "", "home page", "text/html"}, // no clean URLs: about.html is not /about
			{"GET", "/about.html", 200, "", "about page", "text/html"},
			{"GET", "/app.js", 200, "", "console.log", "text/javascript"},
			{"GET", "/missing.js", 200, "", "home page", "text/html"},
			{"GET", "/docs/empty/", 200, "", "home page", ""}, // a folder without index.html is no page
			{"GET", "/_serve.json", 200, "", "home page", ""}, // the settings are never served
			{"HEAD", "/deep/client/route", 200, "", "", "text/html"},
		}},
		{"notFound", `{"notFound": "404.html"}`, []row{
			{"GET", "/", 200, "", "home page", "text/html"},
			{"GET", "/nope", 404, "", "the site's own missing page", "text/html"},
			{"GET", "/docs/nope/", 404, "", "the site's own missing page", "text/html"},
			{"GET", "/docs/a/", 200, "", "doc a", "text/html"},
			{"GET", "/docs/a", 301, "a/", "", ""},
			{"GET", "/docs/a/index.html", 301, "./", "", ""},
			{"GET", "/docs/empty/", 404, "", "the site's own missing page", ""},
			{"GET", "/docs/empty/notes.html", 200, "", "notes without an index", ""},
			{"GET", "/about", 404, "", "the site's own missing page", ""},
			{"GET", "/_serve.json", 404, "", "the site's own missing page", ""},
			{"HEAD", "/nope", 404, "", "", "text/html"},
		}},
		{"cleanURLs", `{"cleanURLs": true, "notFound": "404.html"}`, []row{
			{"GET", "/", 200, "", "home page", "text/html"},
			{"GET", "/about", 200, "", "about page", "text/html"},
			{"GET", "/about.html", 200, "", "about page", "text/html"},
			{"GET", "/about/", 404, "", "the site's own missing page", ""},
			{"GET", "/about/data.txt", 200, "", "about's data", ""},
			{"GET", "/team", 404, "", "the site's own missing page", ""},
			{"GET", "/docs/a/", 200, "", "doc a", ""},
		}},
		{"cleanURLs alone", `{"cleanURLs": true}`, []row{
			{"GET", "/about", 200, "", "about page", "text/html"},
			{"GET", "/team", 404, "", "404 page not found", "text/plain"},
			{"GET", "/docs/empty/", 404, "", "404 page not found", ""},
		}},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			site := map[string]string{"_serve.json": test.serving}
			for k, v := range files {
				site[k] = v
			}
			ts := serveDir(t, writeSite(t, site))
			for _, r := range test.rows {
				got := ask(t, ts, r.method, r.path)
				if got.status != r.status {
					t.Errorf("%s %s: status = %d; want %d", r.method, r.path, got.status, r.status)
				}
				if got.location != r.location {
					t.Errorf("%s %s: Location = %q; want %q", r.method, r.path, got.location, r.location)
				}
				if !strings.Contains(got.body, r.body) {
					t.Errorf("%s %s: body = %q; want it to hold %q", r.method, r.path, got.body, r.body)
				}
				if r.method == http.MethodHead && got.body != "" {
					t.Errorf("HEAD %s: body = %q; want none", r.path, got.body)
				}
				if !strings.HasPrefix(got.ctype, r.ctype) {
					t.Errorf("%s %s: Content-Type = %q; want %q…", r.method, r.path, got.ctype, r.ctype)
				}
			}
		})
	}
}

// A file served for a clean URL carries its companion headers, as the
// same file asked for by its own name does.
func TestServingHeadersOfCleanURL(t *testing.T) {
	ts := serveDir(t, writeSite(t, map[string]string{
		"_serve.json":        `{"cleanURLs": true}`,
		"about.html":         "about page",
		"about.html.headers": "X-Robots-Tag: noindex",
	}))
	for _, p := range []string{"/about", "/about.html"} {
		resp, err := ts.Client().Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("X-Robots-Tag"); got != "noindex" {
			t.Errorf("GET %s: X-Robots-Tag = %q; want noindex", p, got)
		}
	}
}

// Origin: text bodies name the origin the site is served from in place of
// the one it was built for; other bodies are left as they are.
func TestServingOrigin(t *testing.T) {
	ts := serveDir(t, writeSite(t, map[string]string{
		"_serve.json":     `{"origin": "http://harbour.test", "notFound": "404.html"}`,
		"index.html":      `<link rel="canonical" href="http://harbour.test/">`,
		"404.html":        `<a href="http://harbour.test/">home</a>`,
		"sitemap.xml":     `<urlset><url><loc>http://harbour.test/docs/</loc></url></urlset>`,
		"assets/app.js":   `const site = {url: "http://harbour.test"};`,
		"assets/blob.bin": "\x00\x01http://harbour.test\x00",
		"others.html":     `http://harbour.testing/ and http://harbour.test:8080/ are other hosts; http://harbour.test is this one`,
	}))
	tests := []struct {
		path, want string
	}{
		{"/", `<link rel="canonical" href="` + ts.URL + `/">`},
		{"/nope", `<a href="` + ts.URL + `/">home</a>`},
		{"/sitemap.xml", `<urlset><url><loc>` + ts.URL + `/docs/</loc></url></urlset>`},
		{"/assets/app.js", `const site = {url: "` + ts.URL + `"};`},
		{"/others.html", `http://harbour.testing/ and http://harbour.test:8080/ are other hosts; ` + ts.URL + ` is this one`},
		{"/assets/blob.bin", "\x00\x01http://harbour.test\x00"},
	}
	for _, test := range tests {
		if got := ask(t, ts, "GET", test.path).body; got != test.want {
			t.Errorf("GET %s: body = %q; want %q", test.path, got, test.want)
		}
	}
}

// A site without a _serve.json is served exactly as before: folders
// without index.html are listed and unknown paths get the plain 404.
func TestServingAbsentLeavesFilesAlone(t *testing.T) {
	ts := serveDir(t, writeSite(t, map[string]string{
		"about.html":        "about page",
		"docs/empty/n.html": "notes",
	}))
	if got := ask(t, ts, "GET", "/docs/empty/"); got.status != 200 || !strings.Contains(got.body, `href="n.html"`) {
		t.Errorf("GET /docs/empty/ = %d %q; want the listing", got.status, got.body)
	}
	if got := ask(t, ts, "GET", "/about"); got.status != 404 {
		t.Errorf("GET /about = %d; want 404", got.status)
	}
}

// A _serve.json that cannot be followed is an error that names it, and
// the site's files answer 500 with it rather than being served some other
// way.
func TestServingErrors(t *testing.T) {
	tests := []struct {
		name, serving, want string
	}{
		{"not JSON", `{fallback: index.html}`, "invalid character"},
		{"unknown setting", `{"fallback": "index.html", "spa": true}`, `unknown field "spa"`},
		{"both answers", `{"fallback": "index.html", "notFound": "404.html"}`, "give one"},
		{"missing file", `{"notFound": "404.html"}`, `"404.html" is not a file`},
		{"folder", `{"fallback": "docs"}`, `"docs" is not a file`},
		{"origin with a path", `{"origin": "http://harbour.test/docs"}`, "is not scheme://host"},
		{"origin without scheme", `{"origin": "harbour.test"}`, "is not scheme://host"},
	}
	for _, test := range tests {
		t.Run(test.name, func(t *testing.T) {
			dir := writeSite(t, map[string]string{"_serve.json": test.serving, "index.html": "home", "docs/x.html": "x"})
			_, _, err := ReadServing(dir)
			if err == nil || !strings.Contains(err.Error(), test.want) || !strings.Contains(err.Error(), "_serve.json") {
				t.Fatalf("ReadServing = %v; want an error naming _serve.json and saying %q", err, test.want)
			}
			ts := serveDir(t, dir)
			if got := ask(t, ts, "GET", "/"); got.status != 500 || !strings.Contains(got.body, test.want) {
				t.Errorf("GET / = %d %q; want 500 with the error", got.status, got.body)
			}
			if got := ask(t, ts, "GET", "/gone"); got.status != http.StatusGone {
				t.Errorf("GET /gone = %d; want the fixed paths to answer as always (410)", got.status)
			}
		})
	}
	if s, ok, err := ReadServing(t.TempDir()); err != nil || ok || s != (Serving{}) {
		t.Errorf("ReadServing(a site without the file) = %+v, %v, %v; want the zero Serving, false, nil", s, ok, err)
	}
}
