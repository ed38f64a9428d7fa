package union

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/plain"
	"github.com/webgraph/webgraph/internal/testkit/sites"
	"github.com/webgraph/webgraph/refuse"
)

// plainOnly is a Union in --mode plain: no browser.
func plainOnly(t *testing.T) *Union {
	t.Helper()
	p := plain.New(plain.Config{Timeout: 5 * time.Second, MaxBody: 2 << 20})
	t.Cleanup(p.Close)
	return &Union{Mode: ModePlain, Plain: p}
}

// worldArticles are testdata/sites/world's articles in scripts written
// without spaces between words, each about 400 characters with an
// analytics script in its head.
var worldArticles = []string{"/zh.html", "/ja.html", "/th.html"}

// TestWorldArticlesWalledPlain: with the plain side walled, a Chinese,
// Japanese or Thai article stands on the rendered side's words, counted as
// a reader counts them (a whitespace count gave each under 20: too thin).
func TestWorldArticlesWalledPlain(t *testing.T) {
	ts, _ := sites.Serve(t, "world")
	u := newUnion(t, ModeUnion)
	for _, path := range worldArticles {
		t.Run(strings.Trim(path, "/"), func(t *testing.T) {
			t.Parallel()
			p, r := get(t, u, ts.URL, "/plain-walled"+path)
			if r != nil {
				t.Fatalf("refused as %s: %q; want kept on the rendered side", r.Cause, r.Words)
			}
			if !slices.Equal(p.Used, []fetch.Name{fetch.Rendered}) {
				t.Errorf("Used = %v; want [rendered]", p.Used)
			}
			if len(p.Dropped) != 1 || p.Dropped[0].Side != fetch.Plain {
				t.Errorf("Dropped = %+v; want the plain side", p.Dropped)
			}
			if p.Words < 100 {
				t.Errorf("kept with %d words; want the article's hundred and more", p.Words)
			}
		})
	}
}

// TestWorldArticlesPlainMode: in --mode plain, an article whose page also
// carries an analytics script is kept on its own words, not taken for a
// JavaScript shell.
func TestWorldArticlesPlainMode(t *testing.T) {
	ts, _ := sites.Serve(t, "world")
	u := plainOnly(t)
	for _, path := range worldArticles {
		t.Run(strings.Trim(path, "/"), func(t *testing.T) {
			t.Parallel()
			p, r := get(t, u, ts.URL, path)
			if r != nil {
				t.Fatalf("refused as %s: %q; want kept", r.Cause, r.Words)
			}
			if s := p.Sides[fetch.Plain]; s == nil || !s.ScriptDriven {
				t.Fatalf("the plain side is not script-driven; the fixture must carry its analytics script")
			}
			if p.Words < 100 {
				t.Errorf("kept with %d words; want the article's hundred and more", p.Words)
			}
		})
	}
}

// TestWorldNoticeStaysThin: an 8-character Chinese notice is 8 words,
// refused as a JavaScript shell in --mode plain and as too thin when only
// the rendered side stands.
func TestWorldNoticeStaysThin(t *testing.T) {
	ts, _ := sites.Serve(t, "world")
	t.Run("plain mode", func(t *testing.T) {
		_, r := get(t, plainOnly(t), ts.URL, "/notice.html")
		if r == nil || r.Cause != refuse.JSShell || !strings.Contains(r.Words, "has 8 words") {
			t.Errorf("refusal %v; want %s saying 8 words", r, refuse.JSShell)
		}
	})
	t.Run("plain walled", func(t *testing.T) {
		_, r := get(t, newUnion(t, ModeUnion), ts.URL, "/plain-walled/notice.html")
		if r == nil || r.Cause != refuse.TooThin || !strings.Contains(r.Words, "rendered side has 8 words") {
			t.Errorf("refusal %v; want %s saying the rendered side has 8 words", r, refuse.TooThin)
		}
	})
}

// TestWorldSidesCountAlike: both sides read the same article and count it
// with the one counter, so their word counts are equal.
func TestWorldSidesCountAlike(t *testing.T) {
	ts, _ := sites.Serve(t, "world")
	u := newUnion(t, ModeUnion)
	for _, path := range worldArticles {
		p, r := get(t, u, ts.URL, path)
		if r != nil {
			t.Fatalf("%s refused as %s: %q", path, r.Cause, r.Words)
		}
		pl, rd := p.Sides[fetch.Plain], p.Sides[fetch.Rendered]
		if pl.Words != rd.Words || p.Words != rd.Words {
			t.Errorf("%s: words plain %d, rendered %d, union %d; want one count (blocks plain %q, rendered %q)", path, pl.Words, rd.Words, p.Words, pl.Blocks, rd.Blocks)
		}
	}
}

// TestWorldShiftJISLinkOnce: a Shift_JIS page's link whose query is
// Japanese is one link, found by both sides: the plain side writes the
// query in Shift_JIS as the browser does, not in UTF-8.
func TestWorldShiftJISLinkOnce(t *testing.T) {
	ts, _ := sites.Serve(t, "world")
	p, r := get(t, newUnion(t, ModeUnion), ts.URL, "/sjis.html")
	if r != nil {
		t.Fatalf("refused as %s: %q", r.Cause, r.Words)
	}
	found := map[string]fetch.LinkSide{}
	search := 0
	for _, l := range p.Links {
		found[l.URL] = l.Found
		if strings.Contains(l.URL, "/search.html") {
			search++
		}
	}
	for _, u := range []string{ts.URL + "/search.html?q=%93%8C%8B%9E", ts.URL + "/search.html?q=caf%26%23233%3B&page=2", ts.URL + "/search.html?q=O%27Brien"} {
		if found[u] != "both" {
			t.Errorf("link %s found by %q; want both (links: %v)", u, found[u], found)
		}
	}
	if search != 3 {
		t.Errorf("%d links to search.html; want 3, each once (links: %v)", search, found)
	}
}

// TestWorldShiftJISPlainAsks: in --mode plain the link is followed with the
// query's Shift_JIS bytes, the request a browser makes.
func TestWorldShiftJISPlainAsks(t *testing.T) {
	ts, h := sites.Serve(t, "world")
	u := plainOnly(t)
	p, r := get(t, u, ts.URL, "/sjis.html")
	if r != nil {
		t.Fatalf("refused as %s: %q", r.Cause, r.Words)
	}
	var target string
	for _, l := range p.Links {
		if strings.HasSuffix(l.URL, "/search.html?q=%93%8C%8B%9E") {
			target = l.URL
		}
	}
	if target == "" {
		t.Fatalf("no link to search.html in %+v", p.Links)
	}
	if _, r := get(t, u, target, ""); r != nil {
		t.Fatalf("%s refused as %s: %q", target, r.Cause, r.Words)
	}
	var queries []string
	for _, hit := range h.Hits() {
		if hit.Path == "/search.html" {
			queries = append(queries, hit.Query)
		}
	}
	if !slices.Equal(queries, []string{"q=%93%8C%8B%9E"}) {
		t.Errorf("the server was asked for /search.html with queries %q; want [q=%%93%%8C%%8B%%9E], Shift_JIS", queries)
	}
}

// TestWorldEncodedPagesOnce: a page whose bytes need the browser's decoding
// rules (compressed, GB18030 under gbk, a byte order mark, Shift_JIS) is
// read alike by both sides, so the union holds its text once; a damaged
// body drops the plain side with the reason.
func TestWorldEncodedPagesOnce(t *testing.T) {
	ts, _ := sites.Serve(t, "world")
	u := newUnion(t, ModeUnion)
	for _, path := range []string{"/br.html", "/zstd.html", "/gbk.html", "/bom-utf8.html", "/bom-utf16.html", "/sjis.html"} {
		t.Run(strings.Trim(path, "/"), func(t *testing.T) {
			t.Parallel()
			p, r := get(t, u, ts.URL, path)
			if r != nil {
				t.Fatalf("refused as %s: %q", r.Cause, r.Words)
			}
			rd := p.Sides[fetch.Rendered]
			if !slices.Equal(p.Used, []fetch.Name{fetch.Rendered, fetch.Plain}) || !slices.Equal(p.Blocks, rd.Blocks) {
				t.Errorf("used %v, blocks %q; want both sides used and the rendered blocks alone (the plain side adds nothing: it read the same text)", p.Used, p.Blocks)
			}
		})
	}
	t.Run("corrupt-br", func(t *testing.T) {
		t.Parallel()
		p, r := get(t, u, ts.URL, "/corrupt-br.html")
		if r == nil || r.Cause != refuse.FetchError {
			t.Fatalf("refusal %v; want %s (the browser cannot decode it either)", r, refuse.FetchError)
		}
		var plainWhy string
		for _, d := range p.Dropped {
			if d.Side == fetch.Plain {
				plainWhy = d.Reason
			}
		}
		if !strings.Contains(plainWhy, `sent compressed as "br", does not decode`) {
			t.Errorf("the plain side dropped for %q; want its body said not to decode", plainWhy)
		}
	})
}
