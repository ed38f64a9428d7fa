package plain

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

func fetchPath(t *testing.T, f *Fetcher, base, path string) *fetch.Side {
	t.Helper()
	u, err := url.Parse(base + path)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := f.Fetch(context.Background(), u)
	if s == nil {
		t.Fatalf("Fetch(%s) returned a nil Side", path)
	}
	return s
}

func TestArticle(t *testing.T) {
	t.Parallel()
	ts, h := sites.Serve(t, "union")
	f := New(Config{UserAgent: "Mozilla/5.0 (compatible; webgraph/test)"})
	defer f.Close()
	s := fetchPath(t, f, ts.URL, "/article.html")
	if s.Err != nil || s.Status != 200 || s.Download {
		t.Fatalf("article: err=%v status=%d download=%v", s.Err, s.Status, s.Download)
	}
	if s.Title != "A static article" {
		t.Errorf("Title = %q; want %q", s.Title, "A static article")
	}
	text := s.Text()
	for _, want := range []string{"How rivers shape valleys", "Spring floods move the most sediment.", "Danube 2850 km", "Continue with the links page or go home."} {
		if !slices.Contains(s.Blocks, want) {
			t.Errorf("Blocks lack %q; got %q", want, s.Blocks)
		}
	}
	for _, never := range []string{"script text", "template text", "structured data", ".hidden"} {
		if strings.Contains(text, never) {
			t.Errorf("text contains %q, which is not visible", never)
		}
	}
	if s.Words < 40 {
		t.Errorf("Words = %d; want at least 40", s.Words)
	}
	if s.Canonical != ts.URL+"/article.html" {
		t.Errorf("Canonical = %q; want %q", s.Canonical, ts.URL+"/article.html")
	}
	if !s.ScriptDriven {
		t.Error("ScriptDriven = false; the article carries an inline script (JSON-LD alone would not count)")
	}
	if got := h.Hits(); len(got) != 1 || got[0].Agent != "Mozilla/5.0 (compatible; webgraph/test)" {
		t.Errorf("server saw %+v; want one request with the configured User-Agent", got)
	}
}

func TestLinks(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	f := New(Config{})
	defer f.Close()
	s := fetchPath(t, f, ts.URL, "/links.html")
	byURL := map[string]fetch.Link{}
	var urls []string
	for _, l := range s.Links {
		urls = append(urls, l.URL)
		if _, dup := byURL[l.URL]; !dup {
			byURL[l.URL] = l
		}
	}
	tests := []struct{ url, anchor string }{
		{ts.URL + "/article.html", "An anchor with a fragment"},
		{ts.URL + "/app.html", "Open the planner"},
		{ts.URL + "/docs/base.html", "Area link"},
		{ts.URL + "/article.html?b=2&a=1", "Query order kept"},
	}
	for _, tt := range tests {
		l, ok := byURL[tt.url]
		if !ok {
			t.Errorf("no link to %s; links: %q", tt.url, urls)
			continue
		}
		if l.Anchor != tt.anchor {
			t.Errorf("anchor of %s = %q; want %q", tt.url, l.Anchor, tt.anchor)
		}
	}
	if l := byURL[ts.URL+"/secret.html"]; !l.Nofollow {
		t.Errorf("secret.html link = %+v; want Nofollow", l)
	}
	var imgAnchor bool
	for _, l := range s.Links {
		imgAnchor = imgAnchor || l.Anchor == "River picture"
		if strings.HasPrefix(l.URL, "mailto:") || strings.HasPrefix(l.URL, "javascript:") || strings.Contains(l.URL, "#") {
			t.Errorf("link %q should have been dropped or cleaned", l.URL)
		}
	}
	if !imgAnchor {
		t.Error("no link took its anchor from an image's alt text")
	}
	if s.Canonical != "http://canonical.invalid/links" {
		t.Errorf("Canonical = %q", s.Canonical)
	}

	b := fetchPath(t, f, ts.URL, "/docs/base.html")
	var got []string
	for _, l := range b.Links {
		got = append(got, l.URL)
	}
	want := []string{ts.URL + "/docs/ref/intro.html", ts.URL + "/docs/guide.html"}
	if !slices.Equal(got, want) {
		t.Errorf("links under <base href=/docs/ref/> = %q; want %q", got, want)
	}
}

func TestShellAndDownloads(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	f := New(Config{})
	defer f.Close()

	app := fetchPath(t, f, ts.URL, "/app.html")
	if !app.ScriptDriven || app.Words >= fetch.MinWords {
		t.Errorf("app.html: ScriptDriven=%v Words=%d; want a script-driven page under %d words", app.ScriptDriven, app.Words, fetch.MinWords)
	}
	if strings.Contains(app.Text(), "enable JavaScript") {
		t.Errorf("noscript text leaked into the text: %q", app.Text())
	}

	tests := []struct{ path, ctype string }{
		{"/report.pdf", "application/pdf"},
		{"/download/report", "application/pdf"},
		{"/attachment", "text/html"},
	}
	for _, tt := range tests {
		s := fetchPath(t, f, ts.URL, tt.path)
		if !s.Download || s.ContentType != tt.ctype || len(s.Blocks) != 0 {
			t.Errorf("%s: Download=%v ContentType=%q blocks=%d; want a download of %s with no text", tt.path, s.Download, s.ContentType, len(s.Blocks), tt.ctype)
		}
	}
	nf := fetchPath(t, f, ts.URL, "/missing.html")
	if nf.Status != 404 || nf.Download {
		t.Errorf("missing.html: status=%d download=%v; want 404, not a download", nf.Status, nf.Download)
	}
}

func TestRedirects(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	f := New(Config{})
	defer f.Close()

	s := fetchPath(t, f, ts.URL, "/private")
	if s.FinalURL != ts.URL+"/login.html?next=/private" || len(s.Redirects) != 1 || s.Redirects[0].Status != 302 {
		t.Errorf("/private: final=%q redirects=%+v; want one 302 to the login page", s.FinalURL, s.Redirects)
	}

	loop := fetchPath(t, f, ts.URL, "/loop/a")
	if !errors.Is(loop.Err, ErrRedirectLoop) {
		t.Fatalf("/loop/a: Err = %v; want ErrRedirectLoop", loop.Err)
	}
	if !strings.Contains(loop.Err.Error(), "/loop/b") || len(loop.Redirects) != 2 {
		t.Errorf("/loop/a: err %q, %d hops; want the chain named and 2 hops", loop.Err, len(loop.Redirects))
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	ts, h := sites.Serve(t, "union")
	h.MaxStall = 5 * time.Second
	f := New(Config{Timeout: 2 * time.Second, MaxBody: 1 << 20})
	defer f.Close()

	t.Run("legacy charset", func(t *testing.T) {
		s := fetchPath(t, f, ts.URL, "/legacy-charset")
		want := "Café crème, naïve façade, \u201csmart quotes\u201d and € signs in an old page."
		if s.Err != nil || !slices.Contains(s.Blocks, want) || s.Title != "Café" {
			t.Errorf("legacy charset: err=%v title=%q blocks=%q; want %q", s.Err, s.Title, s.Blocks, want)
		}
	})
	t.Run("endless body", func(t *testing.T) {
		s := fetchPath(t, f, ts.URL, "/endless")
		if s.Err != nil || !s.Truncated || len(s.Warnings) == 0 {
			t.Errorf("endless: err=%v truncated=%v warnings=%q; want a truncated page with a warning", s.Err, s.Truncated, s.Warnings)
		}
		if n := h.RanOut(); n != 0 {
			t.Errorf("endless: the server wrote for its full 5s; the fetcher should have hung up at its 1 MB limit")
		}
	})
	t.Run("huge page", func(t *testing.T) {
		s := fetchPath(t, f, ts.URL, "/huge")
		if s.Err != nil || !s.Truncated || s.Words == 0 {
			t.Errorf("huge: err=%v truncated=%v words=%d; want a truncated page with text", s.Err, s.Truncated, s.Words)
		}
	})
	t.Run("stall after headers", func(t *testing.T) {
		s := fetchPath(t, f, ts.URL, "/stall")
		if s.Err == nil || !strings.Contains(s.Err.Error(), "timed out after 2s") {
			t.Errorf("stall: err = %v; want a timeout naming the limit", s.Err)
		}
		if s.Status != 200 {
			t.Errorf("stall: status = %d; want the 200 that arrived before the stall", s.Status)
		}
		if n := h.RanOut(); n != 0 {
			t.Errorf("stall: the server held the response for its full 5s; the 2s timeout should have hung up first")
		}
	})
}
