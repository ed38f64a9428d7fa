package main

import (
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
	"gopkg.in/yaml.v3"

	"github.com/webgraph/webgraph/internal/testkit/contentset"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// The hostile page's text: each line a paragraph of the page, each one
// starting with or holding what Markdown or YAML would read as markup.
var hostileLines = []string{
	"```js alert(1) ``` is how a fence starts, and on this page it is only text about the harbour.",
	"--- title: pwned --- would end front matter, and on this page it is only text about the tide.",
	"Click [here](javascript:alert(1)) or ](http://evil.example/) now: neither is a link on this page.",
	"<!-- not a comment --> and <script>alert(1)</script> stay text, as the crews expect them to.",
	"# not a heading, > not a quote, - not a list, 1. not a list either, says the harbour master.",
}

const hostileTitle = "Fences ``` and --- and <!-- a comment --> in a title"

// hostileContentSite serves a page whose text is hostile Markdown (/), two pages
// whose paths collide once case is folded (/About, /about), a page named
// like a Windows device (/CON), and pages the crawl refuses (/missing: 404,
// /wall: 403).
func hostileContentSite(t *testing.T) *httptest.Server {
	t.Helper()
	page := func(title, body string) string {
		return `<!doctype html><html lang="en"><head><title>` + escapeHTML(title) + `</title></head><body>
<header><a href="/">Hostile harbour</a></header><main><article><h1>` + escapeHTML(title) + `</h1>` + body + `</article></main>
<footer><p>The hostile harbour's footer, on every page.</p></footer></body></html>`
	}
	var b strings.Builder
	for _, l := range hostileLines {
		b.WriteString("<p>" + escapeHTML(l) + "</p>\n")
	}
	b.WriteString(`<p>Links to <a href="/About">About</a>, <a href="/about">about</a>, <a href="/CON">CON</a>, <a href="/missing">a missing page</a> and <a href="/wall">a wall</a>.</p>`)
	own := func(name string) string {
		return "<p>The page " + name + " has words of its own about the harbour, the boats that moor there in winter and the volunteers who paint its railings.</p>"
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, page(hostileTitle, b.String())) })
	for _, p := range []string{"/About", "/about", "/CON"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, page("Page "+p, own(p))) })
	}
	mux.HandleFunc("/wall", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "Forbidden", http.StatusForbidden) })
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

func escapeHTML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// serveContentSite serves a site of the labelled set on 127.0.0.1.
func serveContentSite(t *testing.T, name string) (*httptest.Server, *contentset.Site) {
	t.Helper()
	set, err := contentset.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range set {
		if s.Name == name {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewUnstartedServer(s.Handler())
			ts.Listener.Close()
			ts.Listener = ln
			ts.Start()
			t.Cleanup(ts.Close)
			return ts, s
		}
	}
	t.Fatalf("no site %s in the labelled set", name)
	return nil, nil
}

// readContent parses `webgraph content` JSON Lines.
func readContent(t *testing.T, out string) []contentLine {
	t.Helper()
	var lines []contentLine
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var l contentLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("a line of content is not JSON: %v\n%s", err, sc.Text())
		}
		lines = append(lines, l)
	}
	return lines
}

// keptPages returns the URLs of the pages a crawl's events say it kept
// (not duplicates), and those it refused.
func keptPages(t *testing.T, events string) (kept, refused, empty map[string]bool) {
	t.Helper()
	data, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	kept, refused, empty = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ev struct {
			Event, URL  string
			OK          bool
			DuplicateOf string `json:"duplicate_of"`
			Warnings    []string
		}
		if err := json.Unmarshal([]byte(line), &ev); err != nil || ev.Event != "page" {
			continue
		}
		switch {
		case ev.OK && ev.DuplicateOf == "":
			kept[ev.URL] = true
		case !ev.OK:
			refused[ev.URL] = true
		}
		for _, w := range ev.Warnings {
			if ev.OK && strings.HasPrefix(w, "content: no main content found") {
				empty[ev.URL] = true
			}
		}
	}
	return kept, refused, empty
}

// markdownTree parses md as CommonMark with GitHub's tables.
func markdownTree(md string) (ast.Node, []byte) {
	src := []byte(md)
	return goldmark.New(goldmark.WithExtensions(extension.Table)).Parser().Parse(text.NewReader(src)), src
}

// checkInert fails t when the hostile page's Markdown, md, holds markup the
// page's HTML did not have: anything but one heading, paragraphs, and
// links to the page's own site; and when the page's hostile text is not
// in what a renderer shows.
func checkInert(t *testing.T, where, md, site string) {
	t.Helper()
	doc, _ := markdownTree(md)
	headings := 0
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Document, *ast.Paragraph, *ast.TextBlock:
		case *ast.Heading:
			headings++
		case *ast.Text, *ast.String:
		case *ast.Link:
			if !strings.HasPrefix(string(n.Destination), site+"/") {
				t.Errorf("%s: a link to %q, which the page does not link to", where, n.Destination)
			}
		default:
			t.Errorf("%s: the Markdown holds a %s the page did not have: %q", where, n.Kind(), md)
		}
		return ast.WalkContinue, nil
	})
	if headings != 1 {
		t.Errorf("%s: %d headings; want the page's one", where, headings)
	}
	shown := markdownText(md)
	for _, l := range hostileLines {
		if !strings.Contains(shown, l) {
			t.Errorf("%s: the text shown lacks the page's line %q:\n%s", where, l, shown)
		}
	}
}

// TestContentCrawl crawls three sites in a real union: a Docusaurus site
// served static, a Next.js site one of whose pages scripts fill in, and a
// help center whose articles a script writes; and a hostile page. `webgraph
// content` then has each kept page once, with the side its content came
// from, without its site's template, and no refused page; its Markdown
// files are written safely; the hostile text stays text in every output.
func TestContentCrawl(t *testing.T) {
	needBrowser(t)
	docs, _ := sites.Serve(t, "gen-docusaurus")
	next, _ := sites.Serve(t, "gen-nextjs")
	app, appSite := serveContentSite(t, "app-fetch-en")
	hostile := hostileContentSite(t)
	dir := t.TempDir()
	db, events := filepath.Join(dir, "c.db"), filepath.Join(dir, "events.jsonl")
	args := []string{"crawl", "--db", db, "--out", events, "--host-interval", "0", "--delay", "0", "--concurrency", "3",
		"--contact", "ops@example.org", docs.URL + "/", next.URL + "/", hostile.URL + "/"}
	labels := map[string]string{}
	for i := range appSite.Pages {
		u := appSite.Pages[i].On(app.URL)
		args = append(args, u)
		labels[u] = appSite.Pages[i].Want
	}
	if _, errOut, code := webgraph(t, args...); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	kept, refused, empty := keptPages(t, events)
	for _, u := range []string{hostile.URL + "/missing", hostile.URL + "/wall"} {
		if !refused[u] {
			t.Fatalf("the crawl did not refuse %s; refused %v", u, refused)
		}
	}

	out, errOut, code := webgraph(t, "content", "--db", db)
	if code != exitOK {
		t.Fatalf("content: exit %d\n%s", code, errOut)
	}
	lines := readContent(t, out)
	seen := map[string]int{}
	for _, l := range lines {
		seen[l.URL]++
		if refused[l.URL] || !kept[l.URL] {
			t.Errorf("content has %s, which the crawl did not keep", l.URL)
		}
		if l.Words == 0 || l.Markdown == "" || l.Title == "" || l.Lang == "" || l.Citation.Via == "" {
			t.Errorf("%s: an empty field: %+v", l.URL, l)
		}
		wantSide := "plain"
		switch {
		case strings.HasPrefix(l.URL, app.URL), l.URL == next.URL+"/about":
			wantSide = "rendered"
		}
		if l.Side != wantSide {
			t.Errorf("%s: side %q; want %s", l.URL, l.Side, wantSide)
		}
		var template []string
		switch {
		case strings.HasPrefix(l.URL, docs.URL):
			template = []string{"Skip to main content", "Written for webgraph's tests"}
		case strings.HasPrefix(l.URL, app.URL):
			template = []string{"Tidepool Labs", "Help center powered by", "Was this article helpful"}
		case strings.HasPrefix(l.URL, hostile.URL):
			template = []string{"Hostile harbour", "footer, on every page"}
		}
		for _, s := range template {
			if strings.Contains(l.Markdown, s) {
				t.Errorf("%s: the content holds its site's template %q:\n%s", l.URL, s, l.Markdown)
			}
		}
		if want, ok := labels[l.URL]; ok {
			if f1 := contentset.Compare(want, markdownText(l.Markdown)).F1(); f1 < 0.8 {
				t.Errorf("%s: F1 %.2f against its label; want at least 0.8:\n%s", l.URL, f1, l.Markdown)
			}
		}
	}
	// A kept page is in the content once, unless its event said it has
	// no main content (a tag index of Docusaurus's: links and counts).
	for u := range kept {
		if want := map[bool]int{false: 1, true: 0}[empty[u]]; seen[u] != want {
			t.Errorf("%s, kept (said to have no main content: %v), is in the content %d times; want %d", u, empty[u], seen[u], want)
		}
	}
	if len(empty) > 2 {
		t.Errorf("%d kept pages without main content; want at most 2 (the Docusaurus tag index has none): %v", len(empty), empty)
	}
	for _, u := range []string{docs.URL + "/docs/first-aid/", next.URL + "/about", next.URL + "/team", hostile.URL + "/"} {
		if seen[u] != 1 {
			t.Errorf("%s is not in the content", u)
		}
	}
	for _, l := range lines {
		if l.URL == hostile.URL+"/" {
			checkInert(t, "jsonl", l.Markdown, hostile.URL)
		}
	}

	// The same as Markdown files.
	md := filepath.Join(dir, "md")
	_, errOut, code = webgraph(t, "content", "--db", db, "--format", "markdown", "-o", md)
	if code != exitOK {
		t.Fatalf("content --format markdown: exit %d\n%s", code, errOut)
	}
	if n := strings.Count(errOut, "~renamed/"); n != 1 || !strings.Contains(errOut, hostile.URL+"/about") && !strings.Contains(errOut, hostile.URL+"/About") {
		t.Errorf("stderr says %d renames; want /About or /about said once:\n%s", n, errOut)
	}
	files := map[string]string{} // url → file
	err := filepath.WalkDir(md, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 || !strings.HasSuffix(path, ".md") {
			t.Errorf("%s is not a Markdown file", path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if filepath.Base(path) == "index.md" && filepath.Dir(path) == md {
			return nil
		}
		front, body, ok := splitFrontMatter(string(data))
		if !ok {
			t.Errorf("%s: no front matter", path)
			return nil
		}
		var fm struct {
			URL, Title, Side, Lang string
			FinalURL               string `yaml:"final_url"`
			Words                  int
		}
		if err := yaml.Unmarshal([]byte(front), &fm); err != nil {
			t.Errorf("%s: front matter: %v", path, err)
			return nil
		}
		files[fm.URL] = path
		if fm.URL == hostile.URL+"/" {
			if fm.Title != hostileTitle {
				t.Errorf("%s: title %q; want %q", path, fm.Title, hostileTitle)
			}
			checkInert(t, "file", body, hostile.URL)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(lines) {
		t.Errorf("%d files; want one for each of %d pages", len(files), len(lines))
	}
	for _, l := range lines {
		if files[l.URL] == "" {
			t.Errorf("%s has no file", l.URL)
		}
	}
	if f := files[hostile.URL+"/CON"]; f == "" || strings.EqualFold(strings.TrimSuffix(filepath.Base(f), ".md"), "CON") {
		t.Errorf("/CON written as %q; want a name Windows accepts", f)
	}
}

// splitFrontMatter cuts a file into its front matter and its body.
func splitFrontMatter(s string) (front, body string, ok bool) {
	rest, ok := strings.CutPrefix(s, "---\n")
	if !ok {
		return "", "", false
	}
	front, body, ok = strings.Cut(rest, "\n---\n")
	return front, body, ok
}

// markdownText is what a renderer shows of md: its HTML's text, a block
// a line.
func markdownText(md string) string {
	var b bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.Table)).Convert([]byte(md), &b); err != nil {
		return ""
	}
	doc, err := html.Parse(&b)
	if err != nil {
		return ""
	}
	var out strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			out.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode {
			switch n.Data {
			case "p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "pre", "tr", "blockquote":
				out.WriteByte('\n')
			case "td", "th":
				out.WriteByte(' ')
			}
		}
	}
	walk(doc)
	return out.String()
}

// TestPageContent: page --content prints a kept page's main content as
// Markdown (from the side its text came from), and nothing on stdout for a
// refused page, with page's exit codes.
func TestPageContent(t *testing.T) {
	needBrowser(t)
	ts, _ := sites.Serve(t, "union")
	hostile := hostileContentSite(t)
	for _, tc := range []struct {
		url, holds, side string
		code             int
	}{
		{ts.URL + "/app.html", "Rendered only: this paragraph exists because a script wrote it", "rendered", exitOK},
		{ts.URL + "/article.html", "| Danube | 2850 km |", "plain", exitOK},
		{ts.URL + "/missing.html", "", "", exitRefused},
		{hostile.URL + "/wall", "", "", exitRefused},
	} {
		out, errOut, code := webgraph(t, "page", "--content", "--contact", "ops@example.org", tc.url)
		if code != tc.code {
			t.Errorf("%s: exit %d; want %d\n%s", tc.url, code, tc.code, errOut)
			continue
		}
		if tc.holds == "" {
			if out != "" || !strings.Contains(errOut, "refused") {
				t.Errorf("%s: refused, yet stdout %q (stderr %q)", tc.url, out, errOut)
			}
			continue
		}
		if !strings.Contains(out, tc.holds) || strings.HasPrefix(out, "{") || !strings.Contains(errOut, "from the "+tc.side) {
			t.Errorf("%s: stdout lacks %q or stderr does not name the %s side:\n%s\nstderr: %s", tc.url, tc.holds, tc.side, out, errOut)
		}
	}
	out, _, code := webgraph(t, "page", "--content", "--mode", "plain", hostile.URL+"/")
	if code != exitOK {
		t.Fatalf("hostile page: exit %d", code)
	}
	checkInert(t, "page --content", out, hostile.URL)
}

// TestContentKeep: a crawl keeps the pages' content by default and under
// --keep content; under --keep text or none it keeps none, and `content`
// says so and fails.
func TestContentKeep(t *testing.T) {
	ts := httptest.NewServer(sites.Templated(6))
	t.Cleanup(ts.Close)
	for _, keep := range []string{"", "content", "text", "none"} {
		db := filepath.Join(t.TempDir(), "k.db")
		args := []string{"crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--contact", "ops@example.org"}
		if keep != "" {
			args = append(args, "--keep", keep)
		}
		out, errOut, code := webgraph(t, append(args, ts.URL+"/")...)
		if code != exitOK {
			t.Fatalf("--keep %q: crawl exit %d\n%s", keep, code, errOut)
		}
		retains := strings.Contains(out, `"main content as Markdown"`)
		cout, cerr, code := webgraph(t, "content", "--db", db)
		lines := readContent(t, cout)
		switch keep {
		case "", "content":
			if code != exitOK || len(lines) != 6 || !retains {
				t.Errorf("--keep %q: content exit %d, %d pages, run event retains content %v; want 0, 6, true\n%s", keep, code, len(lines), retains, cerr)
			}
			for _, l := range lines {
				if strings.Contains(l.Markdown, sites.TemplatedFooter) || strings.Contains(l.Markdown, "Was this entry helpful") {
					t.Errorf("--keep %q: %s holds the template:\n%s", keep, l.URL, l.Markdown)
				}
			}
		default:
			if code != exitFailure || len(lines) != 0 || retains || !strings.Contains(cerr, "kept no page's main content") {
				t.Errorf("--keep %s: content exit %d, %d pages, retains %v, stderr %q; want 1, none, false, said", keep, code, len(lines), retains, cerr)
			}
		}
	}
}

// TestContentAfterResume: a crawl killed again and again and resumed keeps
// every page's content once, the template learned again on each resume and
// left out of every page.
func TestContentAfterResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and crawls for several seconds")
	}
	bin := filepath.Join(t.TempDir(), "webgraph")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	const n = 120
	site := &accessLog{h: sites.Templated(n), n: map[string]int{}}
	ts := httptest.NewServer(site)
	defer ts.Close()
	db := filepath.Join(t.TempDir(), "resume.db")
	events := filepath.Join(t.TempDir(), "events.jsonl")
	kills, finished := 0, false
	for run := 0; run < 20 && !finished; run++ {
		args := []string{"crawl", "--resume", "--db", db, "--out", events}
		if run == 0 {
			args = []string{"crawl", "--db", db, "--out", events, "--mode", "plain", "--host-interval", "5ms", "--delay", "0",
				"--concurrency", "2", "--depth", "-1", "--max-pages", "-1", "--contact", "ops@example.org", ts.URL + "/"}
		}
		cmd := exec.Command(bin, args...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		if run < 4 {
			// Killed once some pages of this run are recorded: the
			// count of pages the site served grows by a few.
			before := site.pages()
			waitUntil(t, func() bool { return site.pages() >= before+8 }, exited)
			cmd.Process.Signal(syscall.SIGKILL) // this test's own child, by its PID
			<-exited
			kills++
			continue
		}
		if err := <-exited; err != nil {
			t.Fatalf("run %d failed: %v\n%s", run, err, stderr.String())
		}
		finished = true
	}
	if !finished || kills == 0 {
		t.Fatalf("finished=%v after %d kills", finished, kills)
	}
	out, errOut, code := webgraph(t, "content", "--db", db)
	if code != exitOK {
		t.Fatalf("content: exit %d\n%s", code, errOut)
	}
	lines := readContent(t, out)
	seen := map[string]bool{}
	for _, l := range lines {
		if seen[l.URL] {
			t.Errorf("%s twice", l.URL)
		}
		seen[l.URL] = true
		i := 0
		if p, ok := strings.CutPrefix(l.URL, ts.URL+"/p/"); ok {
			i, _ = strconv.Atoi(p)
		}
		if !strings.Contains(l.Markdown, sites.TemplatedOwn(i)) {
			t.Errorf("%s: lacks its own text:\n%s", l.URL, l.Markdown)
		}
		if strings.Contains(l.Markdown, sites.TemplatedFooter) || strings.Contains(l.Markdown, "Was this entry helpful") || strings.Contains(l.Markdown, sites.TemplatedNav) {
			t.Errorf("%s: holds the template:\n%s", l.URL, l.Markdown)
		}
	}
	if len(seen) != n {
		t.Errorf("content of %d pages after %d kills; want all %d", len(seen), kills, n)
	}
	// As extracted: only the first pages of the crawl, before the
	// template was learned, hold the line every page repeats inside its
	// article; a resumed run learned the template again from the database.
	raw, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var early int
	if err := raw.QueryRow(`SELECT COUNT(*) FROM content WHERE instr(blocks, 'Was this entry helpful') > 0`).Scan(&early); err != nil {
		t.Fatal(err)
	}
	if early > 3 {
		t.Errorf("%d pages were extracted with the template's line; want at most the crawl's first 3 (each resumed run knows the template)", early)
	}
}

// waitUntil waits for cond, polling, and fails t when the process exits
// first or a minute passes.
func waitUntil(t *testing.T, cond func() bool, exited <-chan error) {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case err := <-exited:
			t.Fatalf("the crawl ended before it was killed: %v", err)
		case <-deadline:
			t.Fatal("the crawl made no progress in a minute")
		case <-tick.C:
		}
	}
}

// TestCompareContent: compare says where a page's main content is read
// from, and when it exists only after rendering: a page its script writes
// whole, a page a script adds a section to, and a static page.
func TestCompareContent(t *testing.T) {
	needBrowser(t)
	union, _ := sites.Serve(t, "union")
	next, _ := sites.Serve(t, "gen-nextjs")
	for _, tc := range []struct {
		url, side, line string
		only            bool
	}{
		{union.URL + "/app.html", "rendered", "the main content exists only after rendering", true},
		{next.URL + "/about", "rendered", "read from the rendered DOM (scripts added to the page)", false},
		{union.URL + "/article.html", "plain", "in the HTML as served", false},
	} {
		out, errOut, code := webgraph(t, "compare", "--json", "--contact", "ops@example.org", tc.url)
		if code != exitOK {
			t.Fatalf("%s: exit %d\n%s", tc.url, code, errOut)
		}
		var c struct {
			Content *compareContent `json:"content"`
		}
		if err := json.Unmarshal([]byte(out), &c); err != nil || c.Content == nil {
			t.Fatalf("%s: no content in %s (%v)", tc.url, out, err)
		}
		mc := c.Content
		if string(mc.Side) != tc.side || mc.OnlyAfterRendering != tc.only || mc.Words < 20 || tc.side == "plain" && mc.WordsNotServed != 0 ||
			tc.side == "rendered" && mc.WordsNotServed == 0 {
			t.Errorf("%s: content %+v; want side %s, only after rendering %v", tc.url, mc, tc.side, tc.only)
		}
		out, _, _ = webgraph(t, "compare", "--contact", "ops@example.org", tc.url)
		if !strings.Contains(out, "  content:  ") || !strings.Contains(out, tc.line) {
			t.Errorf("%s: the text lacks its content line %q:\n%s", tc.url, tc.line, out)
		}
	}
}

// TestContentOfOlderCrawl: a crawl an earlier release wrote (schema
// version 2, store/testdata/v2.db), which kept no content, is migrated as
// `content` opens it, and `content` says it holds none, and fails.
func TestContentOfOlderCrawl(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "store", "testdata", "v2.db"))
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "v2.db")
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := webgraph(t, "content", "--db", db)
	if code != exitFailure || out != "" || !strings.Contains(errOut, "kept no page's main content") {
		t.Errorf("content of a version 2 crawl: exit %d, stdout %q, stderr %q; want 1, nothing, said", code, out, errOut)
	}
}
