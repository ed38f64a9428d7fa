package crawldiff

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
	"github.com/webgraph/webgraph/store"
)

var _ Source = (*store.Store)(nil)

// fakeCrawl is a crawl held in memory: page events by URL, links as
// from → to → anchor, link verdicts and sitemap URLs.
type fakeCrawl struct {
	pages    map[string]map[string]any
	links    map[string]map[string]string // to → from → anchor
	verdicts []*linkcheck.Event
	sitemap  []string
}

func (f *fakeCrawl) Pages(_ context.Context, fn func(store.PageRow) error) error {
	var urls []string
	for u := range f.pages {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	for _, u := range urls {
		ev := f.pages[u]
		ev["url"] = u
		b, err := json.Marshal(ev)
		if err != nil {
			return err
		}
		if err := fn(store.PageRow{URL: u, Event: b}); err != nil {
			return err
		}
	}
	return nil
}

func (f *fakeCrawl) Disallowed(context.Context, func(string, discovery.Discovery) error) error {
	return nil
}
func (f *fakeCrawl) LinkVerdicts(_ context.Context) ([]*linkcheck.Event, error) {
	return f.verdicts, nil
}
func (f *fakeCrawl) SitemapURLs(_ context.Context, fn func(string) error) error {
	for _, u := range f.sitemap {
		if err := fn(u); err != nil {
			return err
		}
	}
	return nil
}

func (f *fakeCrawl) LinksTo(_ context.Context, target string, limit int) ([]store.Inlink, int, error) {
	var out []store.Inlink
	for from, anchor := range f.links[target] {
		out = append(out, store.Inlink{From: from, Anchor: anchor})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	total := len(out)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, total, nil
}

func kept(title string, words int, extra ...any) map[string]any {
	ev := map[string]any{"ok": true, "title": title, "words": words}
	for i := 0; i+1 < len(extra); i += 2 {
		ev[extra[i].(string)] = extra[i+1]
	}
	return ev
}

func refused(cause, words string) map[string]any {
	return map[string]any{"ok": false, "cause": cause, "error": words}
}

func findings(names ...string) map[string]any {
	var fs []map[string]any
	for _, n := range names {
		fs = append(fs, map[string]any{"finding": n, "words": n + " words"})
	}
	return map[string]any{"findings": fs}
}

func keys(cs []Change) []string {
	var out []string
	for _, c := range cs {
		k := string(c.Change) + " " + string(c.What) + " " + c.Name + " " + c.URL
		if c.Gated {
			k += " GATED"
		}
		out = append(out, k)
	}
	return out
}

// twoCrawls is an old and a new crawl that differ in every way the
// comparison reports, and share a standing problem (/wall).
func twoCrawls() (*fakeCrawl, *fakeCrawl) {
	old := &fakeCrawl{
		pages: map[string]map[string]any{
			"/":       kept("Home", 100),
			"/a":      kept("A", 100, "audit", findings("js_errors", "title_changed")),
			"/b":      kept("B", 100, "robots_meta", map[string]any{"noindex": false, "nofollow": false}),
			"/gone":   kept("Gone", 100),
			"/wall":   refused("wall", "HTTP 403"),
			"/thin":   refused("too_thin", "thin"),
			"/words":  kept("Words", 100),
			"/nudged": kept("Nudged", 100),
		},
		links: map[string]map[string]string{"/wall": {"/": "Wall"}},
		verdicts: []*linkcheck.Event{
			{URL: "https://ext/dead", Verdict: linkcheck.Broken, Reason: "HTTP 404", Citations: []linkcheck.Citation{{FoundOn: "/", Anchor: "Dead"}}},
			{URL: "https://ext/unasked", Verdict: linkcheck.Broken, Reason: "HTTP 404"},
		},
		sitemap: []string{"/", "/gone"},
	}
	cur := &fakeCrawl{
		pages: map[string]map[string]any{
			"/":       kept("Home", 100),
			"/a":      kept("A, renamed", 100, "audit", findings("js_errors", "h1_changed")),
			"/b":      kept("B", 100, "robots_meta", map[string]any{"noindex": true, "nofollow": false}, "canonical", "/b"),
			"/new":    kept("New", 100),
			"/wall":   refused("wall", "HTTP 403"),
			"/thin":   kept("Thin no more", 100),
			"/words":  kept("Words", 70),
			"/nudged": kept("Nudged", 85),
			"/404":    refused("missing", "HTTP 404"),
			"/seed":   refused("missing", "HTTP 404"), // missing but linked from nowhere
		},
		links: map[string]map[string]string{
			"/wall":            {"/": "Wall"},
			"/404":             {"/a": "Four", "/b": "Oh four"},
			"https://ext/dead": {"/": "Dead"},
		},
		verdicts: []*linkcheck.Event{
			{URL: "https://ext/dead", Verdict: linkcheck.OK, Reason: "HTTP 200"},
			{URL: "https://ext/new", Verdict: linkcheck.Unverifiable, Reason: "HTTP 503", Citations: []linkcheck.Citation{{FoundOn: "/new", Anchor: "Ext"}}},
		},
		sitemap: []string{"/", "/new"},
	}
	return old, cur
}

func TestCompare(t *testing.T) {
	old, cur := twoCrawls()
	r, err := Compare(context.Background(), old, cur, Config{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"new finding h1_changed /a",
		"new link broken /404",
		"new link unverifiable https://ext/new",
		"new refusal missing /404",
		"new refusal missing /seed",
		"lost page  /gone",
		"lost sitemap  /gone",
		"changed canonical  /b",
		"changed robots  /b",
		"changed title  /a",
		"changed words  /words",
		"added page  /new",
		"added sitemap  /new",
		"resolved finding title_changed /a",
		"resolved link broken https://ext/dead",
		"resolved refusal too_thin /thin",
	}
	if got := keys(r.Changes); !slices.Equal(got, want) {
		t.Errorf("changes =\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
	for _, c := range r.Changes {
		if c.What == Link && c.URL == "/404" {
			if len(c.Citations) != 2 || c.Citations[0] != (linkcheck.Citation{FoundOn: "/a", Anchor: "Four"}) {
				t.Errorf("/404's citations = %+v; want /a and /b", c.Citations)
			}
		}
		if c.What == Words && (c.Old != 100 || c.New != 70) {
			t.Errorf("words change = %v → %v; want 100 → 70", c.Old, c.New)
		}
	}
	if s := r.Summary(); s.New != 5 || s.Lost != 2 || s.Changed != 4 || s.Added != 2 || s.Resolved != 3 || s.Gated != 0 {
		t.Errorf("summary = %+v", s)
	}

	r, err = Compare(context.Background(), old, cur, Config{WordsChange: 10})
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, c := range r.Changes {
		if c.What == Words {
			words = append(words, c.URL)
		}
	}
	if !slices.Equal(words, []string{"/nudged", "/words"}) {
		t.Errorf("at 10%%, word changes = %v; want /nudged and /words", words)
	}
}

func TestGate(t *testing.T) {
	old, cur := twoCrawls()
	r, err := Compare(context.Background(), old, cur, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		failOn []string
		gated  []string
	}{
		{nil, nil},
		{[]string{"new:missing"}, []string{"new refusal missing /404 GATED", "new refusal missing /seed GATED"}},
		{[]string{"new:broken,new:unverifiable"}, []string{"new link broken /404 GATED", "new link unverifiable https://ext/new GATED"}},
		{[]string{"new:h1_changed", "lost"}, []string{"new finding h1_changed /a GATED", "lost page  /gone GATED"}},
		{[]string{"new:wall"}, nil},
		// A plain cause means any: the standing wall is listed and gated.
		{[]string{"wall"}, []string{"standing refusal wall /wall GATED"}},
		{[]string{"unverifiable"}, []string{"new link unverifiable https://ext/new GATED", "standing link unverifiable /wall GATED"}},
	} {
		g, err := ParseFailOn(tc.failOn)
		if err != nil {
			t.Fatalf("ParseFailOn(%q): %v", tc.failOn, err)
		}
		r.Apply(g)
		if got := keys(r.Gated()); !slices.Equal(got, tc.gated) {
			t.Errorf("--fail-on %q gated %q; want %q", tc.failOn, got, tc.gated)
		}
		if n := r.Summary().Gated; n != len(tc.gated) {
			t.Errorf("--fail-on %q: summary gated %d; want %d", tc.failOn, n, len(tc.gated))
		}
	}
	for _, bad := range []string{"new:nonsense", "nonsense", "new:"} {
		var fe *FailOnError
		if _, err := ParseFailOn([]string{bad}); !errors.As(err, &fe) {
			t.Errorf("ParseFailOn(%q) = %v; want a *FailOnError", bad, err)
		}
	}
	g, plain, err := SplitFailOn([]string{"missing,new:missing", "lost"})
	if err != nil || !slices.Equal(plain, []string{"missing"}) || !slices.Equal(g.Terms(), []string{"lost", "new:missing"}) {
		t.Errorf("SplitFailOn = %v, %q, %v; want lost, new:missing and plain missing", g.Terms(), plain, err)
	}
}

func TestGitHubCommand(t *testing.T) {
	for _, tc := range []struct{ title, msg, want string }{
		{"webgraph: new link broken", "http://x/a: HTTP 404", "::error title=webgraph%3A new link broken::http://x/a: HTTP 404\n"},
		{"a,b", "100% sure", "::error title=a%2Cb::100%25 sure\n"},
		{"t", "line\r\n::error::injected", "::error title=t::line%0D%0A::error::injected\n"},
		{"t", "%0A::warning::x", "::error title=t::%250A::warning::x\n"},
		{"t\n::x", "esc \x1b[31m", "::error title=t%0A%3A%3Ax::esc \\x1b[31m\n"},
	} {
		if got := GitHubCommand("error", tc.title, tc.msg); got != tc.want {
			t.Errorf("GitHubCommand(%q, %q) = %q; want %q", tc.title, tc.msg, got, tc.want)
		}
	}
}

// FuzzGitHubCommand: whatever a site says, a workflow command is one line
// that starts as written, whose title holds no ':' or ',' and whose text
// comes back whole when GitHub unescapes it.
func FuzzGitHubCommand(f *testing.F) {
	f.Add("webgraph: new link broken", "http://x/ linked as “Next”")
	f.Add("a,b:c", "%0A::error::x\r\n::warning::y")
	f.Add("", "\x1b]8;;http://evil\x07")
	f.Fuzz(func(t *testing.T, title, msg string) {
		got := GitHubCommand("warning", title, msg)
		if !strings.HasPrefix(got, "::warning title=") || !strings.HasSuffix(got, "\n") || strings.ContainsAny(got[:len(got)-1], "\r\n") {
			t.Fatalf("not one command line: %q", got)
		}
		rest := strings.TrimSuffix(strings.TrimPrefix(got, "::warning title="), "\n")
		prop, data, ok := strings.Cut(rest, "::")
		if !ok || strings.ContainsAny(prop, ":,") {
			t.Fatalf("the title is not escaped: %q", got)
		}
		unescape := strings.NewReplacer("%25", "%", "%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",")
		// Clean writes a CR as \x0d; the escapes keep it.
		if u := strings.ReplaceAll(unescape.Replace(data), "\r", `\x0d`); u != safetext.Clean(msg) {
			t.Fatalf("the message does not come back: %q from %q", u, msg)
		}
	})
}
