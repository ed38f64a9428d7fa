package sitemaptest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

// Each document breaks one rule of the schema, and Validate says which; the
// good ones pass.
func TestValidate(t *testing.T) {
	t.Parallel()
	urlset := func(body string) string { return head + `<urlset xmlns="` + Namespace + `">` + body + `</urlset>` }
	many := strings.Repeat("<url><loc>http://h.example/a</loc></url>", MaxURLs+1)
	for _, tc := range []struct {
		name, doc, want string // want: "" for a valid document, else a word of the error
	}{
		{"urlset", urlset(`<url><loc>http://h.example/a?x=1&amp;y=2</loc><lastmod>2024-05-06T07:08:09Z</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>`), ""},
		{"index", head + `<sitemapindex xmlns="` + Namespace + `"><sitemap><loc>http://h.example/s-1.xml</loc><lastmod>2024-05-06</lastmod></sitemap></sitemapindex>`, ""},
		{"no namespace", head + `<urlset><url><loc>http://h.example/a</loc></url></urlset>`, "namespace"},
		{"other root", head + `<html xmlns="` + Namespace + `"></html>`, "root element"},
		{"empty", urlset(""), "no entry"},
		{"no loc", urlset(`<url><lastmod>2024-05-06</lastmod></url>`), "begin with its one <loc>"},
		{"two locs", urlset(`<url><loc>http://h.example/a</loc><loc>http://h.example/b</loc></url>`), "out of order"},
		{"lastmod", urlset(`<url><loc>http://h.example/a</loc><lastmod>Mon, 06 May 2024 07:08:09 GMT</lastmod></url>`), "W3C datetime"},
		{"relative", urlset(`<url><loc>/just/a/path/here</loc></url>`), "absolute"},
		{"unescaped", urlset(`<url><loc>http://h.example/ü ö</loc></url>`), "percent-encode"},
		{"too long", urlset(`<url><loc>http://h.example/` + strings.Repeat("a", MaxLoc) + `</loc></url>`), "characters"},
		{"priority", urlset(`<url><loc>http://h.example/a</loc><priority>2</priority></url>`), "priority"},
		{"too many", urlset(many), "entries"},
		{"broken", urlset(`<url><loc>http://h.example/a&b</loc></url>`), "well-formed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "sitemap.xml")
			os.WriteFile(path, []byte(tc.doc), 0o644)
			_, err := Validate(path)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Validate: %v; want it valid", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Validate = %v; want an error saying %q", err, tc.want)
			}
		})
	}
}
