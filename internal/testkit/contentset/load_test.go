package contentset

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

const goodSite = `{"name": "tiny", "template": "blog", "lang": "en", "base_url": "http://site.test/",
 "pages": [{"file": "a.html", "url": "http://site.test/blog/a", "rendered": false},
           {"file": "b.html", "url": "http://site.test/blog/b", "rendered": true}]}`

func tinySet() fstest.MapFS {
	return fstest.MapFS{
		"tiny/site.json":  {Data: []byte(goodSite)},
		"tiny/a.html":     {Data: []byte(`<html lang="en"><title>A</title><p>Alpha text here today.</p></html>`)},
		"tiny/a.txt":      {Data: []byte("Alpha text here today.\n")},
		"tiny/b.html":     {Data: []byte(`<html lang="en"><title>B</title><div id="app"></div><script src="app.js"></script></html>`)},
		"tiny/b.txt":      {Data: []byte("Beta text from script.\n")},
		"tiny/b.json":     {Data: []byte(`{"body": "Beta text from script."}`)},
		"tiny/app.js":     {Data: []byte(`fetch("b.json")`)},
		"_dev/site.json":  {Data: []byte(`not json: a scratch folder is never read`)},
		"notes/readme.md": {Data: []byte("a folder without site.json is not a site")},
	}
}

func TestLoadFS(t *testing.T) {
	sites, err := LoadFS(tinySet())
	if err != nil {
		t.Fatal(err)
	}
	if len(sites) != 1 || len(sites[0].Pages) != 2 {
		t.Fatalf("LoadFS: %d sites, want the one site of two pages", len(sites))
	}
	a, b := &sites[0].Pages[0], &sites[0].Pages[1]
	if a.Name() != "tiny/a.html" || a.Site != sites[0] || a.Want != "Alpha text here today.\n" || !strings.Contains(string(a.HTML), "Alpha") {
		t.Errorf("page a: %s, label %q", a.Name(), a.Want)
	}
	if !b.Rendered || b.Path() != "/blog/b" || b.On("http://127.0.0.1:8080/") != "http://127.0.0.1:8080/blog/b" {
		t.Errorf("page b: rendered %v, path %s, on a server %s", b.Rendered, b.Path(), b.On("http://127.0.0.1:8080/"))
	}
}

func TestLoadFSRefuses(t *testing.T) {
	tests := []struct {
		name string
		edit func(fstest.MapFS)
		want string
	}{
		{"bad json", func(m fstest.MapFS) { m["tiny/site.json"] = &fstest.MapFile{Data: []byte(`{"name": "tiny",`)} }, "site.json"},
		{"unknown field", func(m fstest.MapFS) {
			m["tiny/site.json"] = &fstest.MapFile{Data: []byte(strings.Replace(goodSite, `"lang"`, `"language"`, 1))}
		}, "unknown field"},
		{"another base", func(m fstest.MapFS) {
			m["tiny/site.json"] = &fstest.MapFile{Data: []byte(strings.Replace(goodSite, `"base_url": "http://site.test/"`, `"base_url": "http://example.com/"`, 1))}
		}, "base_url"},
		{"url elsewhere", func(m fstest.MapFS) {
			m["tiny/site.json"] = &fstest.MapFile{Data: []byte(strings.Replace(goodSite, "http://site.test/blog/b", "http://other.test/b", 1))}
		}, "not a path under"},
		{"name not folder", func(m fstest.MapFS) {
			m["tiny/site.json"] = &fstest.MapFile{Data: []byte(strings.Replace(goodSite, `"tiny"`, `"small"`, 1))}
		}, "folder's name"},
		{"missing page", func(m fstest.MapFS) { delete(m, "tiny/b.html") }, "b.html"},
		{"missing label", func(m fstest.MapFS) { delete(m, "tiny/a.txt") }, "a.txt"},
		{"empty label", func(m fstest.MapFS) { m["tiny/a.txt"] = &fstest.MapFile{Data: []byte(" \n — \n")} }, "no words"},
		{"file outside", func(m fstest.MapFS) {
			m["tiny/site.json"] = &fstest.MapFile{Data: []byte(strings.Replace(goodSite, `"a.html"`, `"../a.html"`, 1))}
		}, "not an .html file"},
	}
	for _, tc := range tests {
		m := tinySet()
		tc.edit(m)
		_, err := LoadFS(m)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: LoadFS error %v, want one naming %q", tc.name, err, tc.want)
		}
	}
}

func TestHandler(t *testing.T) {
	sites, err := LoadFS(tinySet())
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(sites[0].Handler())
	defer ts.Close()
	tests := []struct {
		path, status, ctype, body string
	}{
		{"/blog/a", "200 OK", "text/html; charset=utf-8", "Alpha"},
		{"/blog/b.json", "200 OK", "application/json", "Beta"},
		{"/blog/app.js", "200 OK", "text/javascript; charset=utf-8", "fetch"},
		{"/blog/a.txt", "404 Not Found", "", ""},     // a label
		{"/blog/site.json", "404 Not Found", "", ""}, // its answers' index
		{"/blog/a.html", "404 Not Found", "", ""},    // pages live at their URLs only
		{"/blog/c", "404 Not Found", "", ""},
	}
	for _, tc := range tests {
		resp, err := http.Get(ts.URL + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.Status != tc.status || (tc.ctype != "" && resp.Header.Get("Content-Type") != tc.ctype) || !strings.Contains(string(body), tc.body) {
			t.Errorf("GET %s: %s %q %.40q, want %s %q holding %q", tc.path, resp.Status, resp.Header.Get("Content-Type"), body, tc.status, tc.ctype, tc.body)
		}
	}
}
