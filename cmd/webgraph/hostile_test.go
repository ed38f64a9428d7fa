package main

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"github.com/webgraph/webgraph/audit"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/refuse"
)

// hostile is text a site could plant: a screen clear, a window-title
// change, a C1 CSI, a carriage return that hides what came before, and a
// right-to-left override.
const hostile = "A\x1b[2J\x1b]0;owned\x07B\u009b31mC\rD\u202eE"

// assertClean fails t when out holds a control character other than tab
// and newline, or a bidi override.
func assertClean(t *testing.T, what, out string) {
	t.Helper()
	for _, bad := range []string{"\x1b", "\x07", "\r", "\u009b", "\u202e"} {
		if strings.Contains(out, bad) {
			t.Errorf("%s holds %q:\n%q", what, bad, out)
		}
	}
}

func TestHostileTextRobots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "robots.txt")
	body := "User-agent: *\nDisallow: /" + hostile + "\nSitemap: http://x/" + hostile + "\nnonsense " + hostile + "\n"
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, _ := webgraph(t, "robots", "--format", "text", "--file", file, "http://127.0.0.1/x")
	assertClean(t, "robots --format text", out)
	assertClean(t, "robots stderr", errOut)
	if !strings.Contains(out, `\x1b[2J`) {
		t.Errorf("the escape is not shown as text:\n%s", out)
	}
}

func TestHostileTextCompare(t *testing.T) {
	t.Parallel()
	side := func(n fetch.Name) *fetch.Side {
		return &fetch.Side{Name: n, Status: 200, Blocks: []string{string(n) + " " + hostile}, Words: 2,
			Links: []fetch.Link{{URL: "http://127.0.0.1/" + string(n), Anchor: hostile}}}
	}
	p := &union.Page{URL: "http://127.0.0.1/" + hostile, Sides: map[fetch.Name]*fetch.Side{fetch.Plain: side(fetch.Plain), fetch.Rendered: side(fetch.Rendered)},
		Refusal: &refuse.Refusal{Cause: refuse.Wall, Words: hostile}}
	var buf bytes.Buffer
	writeCompareText(&buf, p, union.Compare(p), nil, nil)
	assertClean(t, "compare text", buf.String())
	if !strings.Contains(buf.String(), "rendered A") {
		t.Errorf("the blocks are missing:\n%s", buf.String())
	}
	// A kept page: its field table holds the site's title, h1 and the rest.
	p.Refusal = nil
	for _, s := range p.Sides {
		s.Title, s.Head.H1, s.Head.Robots = hostile, hostile, []string{hostile}
	}
	p.Sides[fetch.Rendered].Head.ConsoleErrors = []fetch.ConsoleError{{Message: hostile, Source: hostile}}
	buf.Reset()
	writeCompareText(&buf, p, union.Compare(p), audit.Of(p.Sides[fetch.Plain], p.Sides[fetch.Rendered]), nil)
	assertClean(t, "compare field table", buf.String())
	if !strings.Contains(buf.String(), "js_errors") {
		t.Errorf("the field table lacks the js_errors finding:\n%s", buf.String())
	}
}

func TestHostileTextProgressAndErrors(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	p := newProgress(&buf)
	p.observe(&crawl.RunEvent{Seeds: []string{"http://127.0.0.1/" + hostile}, Warnings: []string{hostile}})
	p.observe(&crawl.WarningEvent{Words: hostile})
	p.observe(&crawl.PausedEvent{Host: hostile, Status: 429})
	p.observe(&crawl.PageEvent{Cause: hostile})
	p.observe(&crawl.DoneEvent{Stopped: "exhausted"})
	assertClean(t, "progress", buf.String())

	buf.Reset()
	exitCode(errors.New("fetching "+hostile), &buf)
	exitCode(&refuse.Refusal{URL: "http://127.0.0.1/", Cause: refuse.Wall, Words: hostile}, &buf)
	assertClean(t, "error message", buf.String())
}

// TestHostileTextFailOn checks the --fail-on listing, which quotes the
// refusal's words and the anchor of the link that led to the page.
func TestHostileTextFailOn(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path == "/" {
			w.Write([]byte(`<html><title>t</title><body><p>home page words</p><a href="/gone">` + hostile + `</a></body></html>`))
			return
		}
		http.NotFound(w, r)
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	db := filepath.Join(t.TempDir(), "c.db")
	_, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--db", db, "--host-interval", "0", "--delay", "0", "--fail-on", "missing", ts.URL+"/")
	if code != exitRefused {
		t.Fatalf("exit %d; want %d\n%s", code, exitRefused, errOut)
	}
	assertClean(t, "--fail-on listing", errOut)
	if !strings.Contains(errOut, `\x1b[2J`) {
		t.Errorf("the anchor is not quoted as text:\n%s", errOut)
	}
}

// hostileSite serves a home page whose links carry anchors a spreadsheet,
// a DOT or XML reader or a browser would act on, and a missing page they
// point at.
func hostileSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(`<html><head><title>&lt;script&gt;alert("title")&lt;/script&gt;</title></head><body><p>home page with plenty of words</p>
<a href="/f1">=HYPERLINK("http://evil.example/","click")</a>
<a href="/f2">+cmd|' /C calc'!A0</a>
<a href="/f3">-2+3</a>
<a href="/f4">@SUM(A1)</a>
<a href="/gone">&lt;script&gt;alert("anchor")&lt;/script&gt; "quoted" \back\slash &#x202e;gpj.exe</a>
<a href="javascript:alert('href')">a javascript link</a>
<a href="/` + strings.Repeat("x", fetch.MaxURLBytes) + `">a very long link</a>
</body></html>`))
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// hostileCrawl crawls hostileSite into a new database and returns its
// path and the event stream.
func hostileCrawl(t *testing.T) (db, stream string) {
	t.Helper()
	ts := hostileSite(t)
	db = filepath.Join(t.TempDir(), "hostile.db")
	stream, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--db", db, "--host-interval", "0", "--delay", "0", ts.URL+"/")
	if code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	return db, stream
}

func TestLongLinkURLsCounted(t *testing.T) {
	t.Parallel()
	_, stream := hostileCrawl(t)
	var home, done map[string]any
	for _, ev := range events(t, stream) {
		switch {
		case ev["event"] == "page" && strings.HasSuffix(ev["url"].(string), "/"):
			home = ev
		case ev["event"] == "done":
			done = ev
		}
	}
	if home == nil || done == nil {
		t.Fatalf("no home page or done event in\n%s", stream)
	}
	if home["dropped_long_urls"] != 1.0 || done["dropped_long_urls"] != 1.0 {
		t.Errorf("dropped_long_urls: page %v, done %v; want 1 and 1", home["dropped_long_urls"], done["dropped_long_urls"])
	}
	if strings.Contains(stream, strings.Repeat("x", 1000)) {
		t.Error("the long URL reached the event stream")
	}
}

func TestHostileTextGraph(t *testing.T) {
	t.Parallel()
	db, _ := hostileCrawl(t)

	out, errOut, code := webgraph(t, "graph", "--db", db, "--format", "csv")
	if code != exitOK {
		t.Fatalf("graph csv: exit %d: %s", code, errOut)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v", err)
	}
	anchors := 0
	for _, rec := range recs {
		for _, cell := range rec {
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("cell %q would run as a formula", cell)
			}
			if strings.HasPrefix(cell, "'") {
				anchors++
			}
		}
	}
	if anchors != 4 {
		t.Errorf("%d neutralised cells; want 4\n%s", anchors, out)
	}

	out, errOut, code = webgraph(t, "graph", "--db", db, "--format", "graphml")
	if code != exitOK {
		t.Fatalf("graph graphml: exit %d: %s", code, errOut)
	}
	var g graphML
	if err := xml.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("GraphML does not parse: %v", err)
	}
	found := false
	for _, e := range g.Graph.Edges {
		if strings.HasSuffix(e.Target, "/gone") {
			found = true
			if a := datum(e.Data, "anchor"); !strings.HasPrefix(a, `<script>alert("anchor")</script>`) {
				t.Errorf("GraphML anchor = %q; want the text as written", a)
			}
		}
	}
	if !found || strings.Contains(out, "<script>") {
		t.Errorf("GraphML: edge to /gone found=%v; raw <script> in the file: %v", found, strings.Contains(out, "<script>"))
	}

	out, _, _ = webgraph(t, "graph", "--db", db, "--format", "dot")
	if !strings.Contains(out, `\"quoted\" \\back\\slash`) {
		t.Errorf("DOT: the anchor with quotes and backslashes is not escaped:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "/gone\" [label") && strings.Contains(line, "->") && !strings.Contains(line, `\"quoted\" \\back\\slash`) {
			t.Errorf("DOT edge not escaped: %s", line)
		}
	}
}

// TestRobotsNotText: a local file that is not text is refused with the
// reason, not evaluated as "allowed" after pages of warnings; a site whose
// robots.txt is not text gets nothing fetched.
func TestRobotsNotText(t *testing.T) {
	t.Parallel()
	out, errOut, code := webgraph(t, "robots", "--file", "/bin/ls", "http://127.0.0.1/x")
	if code != exitFailure || out != "" || !strings.Contains(errOut, "/bin/ls is not a robots.txt file: it is an ELF executable") {
		t.Errorf("robots --file /bin/ls: exit %d, stdout %.80q, stderr %q; want exit 1 saying it is not text", code, out, errOut)
	}
	if len(errOut) > 500 {
		t.Errorf("stderr has %d bytes", len(errOut))
	}

	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"))
	}))
	t.Cleanup(ts.Close)
	out, errOut, code = webgraph(t, "robots", ts.URL+"/page")
	if code != exitDisallowed || !strings.Contains(out, `"state":"unreachable"`) || !strings.Contains(out, "not text (it is a PNG image)") {
		t.Errorf("robots of a site serving a PNG: exit %d\n%s\n%s", code, out, errOut)
	}
}

// TestHostileTextReport: what sites wrote reaches the HTML report as text:
// no markup, no script, and no link a reader could click into javascript:.
func TestHostileTextReport(t *testing.T) {
	t.Parallel()
	db, _ := hostileCrawl(t)
	out, errOut, code := webgraph(t, "report", "--db", db, "-o", "-")
	if code != exitOK {
		t.Fatalf("report: exit %d\n%s", code, errOut)
	}
	if !strings.Contains(out, `&lt;script&gt;alert(`) {
		t.Errorf("the hostile anchor is not in the report as escaped text")
	}
	lower := strings.ToLower(out)
	for _, bad := range []string{"<script", `"javascript:`, "'javascript:", "onerror=", "onload="} {
		if strings.Contains(lower, bad) {
			i := strings.Index(lower, bad)
			t.Errorf("report holds %q: …%s…", bad, out[max(0, i-80):min(len(out), i+80)])
		}
	}
	if strings.Contains(out, "\u202e") {
		t.Error("report holds a right-to-left override")
	}
	for _, m := range regexp.MustCompile(`(?i)(href|src|xlink:href)\s*=\s*"([^"]*)"`).FindAllStringSubmatch(out, -1) {
		if !strings.HasPrefix(m[2], "http://") && !strings.HasPrefix(m[2], "https://") && !strings.HasPrefix(m[2], "#") {
			t.Errorf("%s=%q is neither http(s) nor a fragment", m[1], m[2])
		}
	}
}
