package content

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
	"gopkg.in/yaml.v3"
)

// hostileURLs are URLs whose paths try to leave the folder, name devices,
// use characters a file system refuses, or collide once case is folded.
var hostileURLs = []string{
	"http://site.test/",
	"http://site.test/index",
	"http://site.test/../../etc/passwd",
	"http://site.test/%2e%2e/%2e%2e/escape",
	"http://site.test/a%2Fb%5Cc",
	`http://site.test/..\..\windows`,
	"http://site.test/CON",
	"http://site.test/nul.txt",
	"http://site.test/com1/page",
	"http://site.test/Lpt9.html",
	"http://site.test/About",
	"http://site.test/about",
	"http://site.test/ABOUT",
	"http://site.test/a",
	"http://site.test/a.md/b",
	"http://site.test/caf%C3%A9",
	"http://site.test/cafe%CC%81",
	"http://site.test/q?x=1",
	"http://site.test/q?x=2",
	"http://site.test/ctl%01%1f%7f:*%3F%22<>|",
	"http://site.test/dots.../trail%20",
	"http://site.test/" + strings.Repeat("long", 80),
	"http://site.test/" + strings.Repeat("d/", 40) + "deep",
	"http://site.test/~renamed/x",
	"http://site.test:8080/port",
	"http://index.md/",
	"javascript:alert(1)",
	"file:///etc/passwd",
	"http:///nohost",
	"not a url at all",
	"http://site.test/dup",
	"http://site.test/dup",
}

func checkPaths(t *testing.T, urls, paths []string, renames []Rename) {
	t.Helper()
	if len(paths) != len(urls) {
		t.Fatalf("%d paths for %d URLs", len(paths), len(urls))
	}
	fold := cases.Fold()
	files := map[string]string{}
	for i, p := range paths {
		if p == "" || strings.HasPrefix(p, "/") || filepath.IsAbs(p) || path.Clean(p) != p || strings.Contains(p, `\`) {
			t.Errorf("%q → %q: not a clean relative path", urls[i], p)
		}
		if !strings.HasSuffix(p, ".md") {
			t.Errorf("%q → %q: not a .md file", urls[i], p)
		}
		for _, seg := range strings.Split(p, "/") {
			stem, _, _ := strings.Cut(seg, ".")
			switch {
			case seg == "." || seg == "..":
				t.Errorf("%q → %q: segment %q", urls[i], p, seg)
			case strings.ContainsAny(seg, "<>:\"\\|?*") || strings.IndexFunc(seg, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
				t.Errorf("%q → %q: segment %q holds a character Windows refuses", urls[i], p, seg)
			case strings.HasSuffix(seg, ".") || strings.HasSuffix(seg, " "):
				t.Errorf("%q → %q: segment %q ends in a dot or space", urls[i], p, seg)
			case reservedName(stem):
				t.Errorf("%q → %q: segment %q is a reserved device name", urls[i], p, seg)
			case len(seg) > maxSegment || !utf8.ValidString(seg) || !norm.NFC.IsNormalString(seg):
				t.Errorf("%q → %q: segment %q is too long, not UTF-8 or not NFC", urls[i], p, seg)
			}
		}
		if len(p) > maxPath {
			t.Errorf("%q → %q: %d bytes", urls[i], p, len(p))
		}
		k := fold.String(p)
		if other, ok := files[k]; ok {
			t.Errorf("%q and %q share the path %q (case folded)", urls[i], other, p)
		}
		files[k] = urls[i]
	}
	for k, u := range files {
		for d := path.Dir(k); d != "."; d = path.Dir(d) {
			if other, ok := files[d]; ok {
				t.Errorf("%q is written at %q, the folder of %q", other, d, u)
			}
		}
		if k == fold.String(IndexFile) {
			t.Errorf("%q is written over the index", u)
		}
	}
	moved := map[string]bool{}
	for _, r := range renames {
		if moved[r.URL+"\x00"+r.Path] {
			t.Errorf("rename of %q said twice", r.URL)
		}
		moved[r.URL+"\x00"+r.Path] = true
		if !strings.HasPrefix(r.Path, renamedDir+"/") || r.Reason == "" {
			t.Errorf("rename %+v: not under %s, or no reason", r, renamedDir)
		}
	}
}

func TestPlanPathsHostile(t *testing.T) {
	paths, renames := PlanPaths(hostileURLs)
	checkPaths(t, hostileURLs, paths, renames)
	got := map[string]string{}
	for i, u := range hostileURLs {
		got[u] = paths[i]
	}
	for u, want := range map[string]string{
		"http://site.test/":                        "site.test/index.md",
		"http://site.test/CON":                     "site.test/_CON.md",
		"http://site.test/nul.txt":                 "site.test/_nul.txt.md",
		"http://site.test/com1/page":               "site.test/_com1/page.md",
		"http://site.test/ABOUT":                   "site.test/ABOUT.md",
		"http://site.test/a":                       "site.test/a.md",
		"http://site.test/../../etc/passwd":        "site.test/_/_/etc/passwd.md",
		"http://site.test/%2e%2e/%2e%2e/escape":    "site.test/_/_/escape.md",
		"http://site.test/a%2Fb%5Cc":               "site.test/a_b_c.md",
		"http://site.test/caf%C3%A9":               "site.test/café.md",
		"http://site.test:8080/port":               "site.test_8080/port.md",
		"http://site.test/dots.../trail%20":        "site.test/dots_/trail .md",
		"http://site.test/~renamed/x":              "site.test/_~renamed/x.md",
		"http://site.test/ctl%01%1f%7f:*%3F%22<>|": "site.test/ctl__________.md",
	} {
		if got[u] != want {
			t.Errorf("PlanPaths(%q) = %q; want %q", u, got[u], want)
		}
	}
	// The later of each colliding pair, in byte order, is the one moved.
	wantMoved := []string{"http://site.test/about", "http://site.test/About", "http://site.test/a.md/b",
		"http://site.test/cafe%CC%81", "http://site.test/index", "http://index.md/", "javascript:alert(1)",
		"file:///etc/passwd", "http:///nohost", "not a url at all", "http://site.test/dup",
		"http://site.test/" + strings.Repeat("d/", 40) + "deep"}
	renamed := map[string]int{}
	for _, r := range renames {
		renamed[r.URL]++
	}
	for _, u := range wantMoved {
		if renamed[u] != 1 {
			t.Errorf("%q renamed %d times; want once", u, renamed[u])
		}
	}
	if renamed["http://site.test/ABOUT"] != 0 || renamed["http://site.test/a"] != 0 || renamed["http://site.test/"] != 0 {
		t.Errorf("the first of a colliding pair was moved: %v", renames)
	}
	if len(renames) != len(wantMoved) {
		t.Errorf("%d renames; want %d: %+v", len(renames), len(wantMoved), renames)
	}
}

// TestPlanPathsOrder: the paths do not depend on the order of the URLs.
func TestPlanPathsOrder(t *testing.T) {
	list := hostileURLs[:len(hostileURLs)-1] // the same URL twice keeps its first place
	paths, _ := PlanPaths(list)
	want := map[string]string{}
	for i, u := range list {
		want[u] = paths[i]
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		urls := append([]string(nil), list...)
		r.Shuffle(len(urls), func(i, j int) { urls[i], urls[j] = urls[j], urls[i] })
		got, _ := PlanPaths(urls)
		for i, u := range urls {
			if got[i] != want[u] {
				t.Fatalf("shuffled: %q → %q; in order %q", u, got[i], want[u])
			}
		}
	}
}

func FuzzPlanPaths(f *testing.F) {
	f.Add("http://site.test/a", "http://site.test/A")             // case collision
	f.Add("http://site.test/x", "http://site.test/x.md/y")        // a file is another's folder
	f.Add("http://site.test/%2e%2e/x", "http://site.test/CON.md") // escape, device
	f.Add("http://h/caf%C3%A9", "http://h/cafe%CC%81")            // NFC
	f.Fuzz(func(t *testing.T, a, b string) {
		urls := []string{a, b, "http://site.test/"}
		paths, renames := PlanPaths(urls)
		checkPaths(t, urls, paths, renames)
	})
}

// hostileTitle tries to close the front matter and add a key.
const hostileTitle = "Title\"\n---\nside: evil\n\\\" \u2028x\u0085y\u0000z: #&*! {a: b} [c] 'q' %TAG"

func TestFileBytesFrontMatter(t *testing.T) {
	e := Entry{URL: "http://site.test/a?x=\"1\"", FinalURL: "http://site.test/a\n---", Title: hostileTitle, Lang: "en\n",
		Side: Rendered, Words: 42, Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: "http://site.test/", Anchor: "---\n# anchor", Depth: 2},
		Markdown: "# Heading\n\nText.\n"}
	b := FileBytes(e)
	if !bytes.HasPrefix(b, []byte("---\n")) {
		t.Fatalf("no front matter: %q", b)
	}
	end := bytes.Index(b[4:], []byte("\n---\n"))
	if end < 0 {
		t.Fatalf("front matter not closed: %q", b)
	}
	fm, body := b[4:4+end+1], b[4+end+5:]
	if n := bytes.Count(b, []byte("\n---\n")); n != 1 {
		t.Errorf("the file holds %d fences after the first; want 1 (a site's text made one): %q", n, b)
	}
	var got struct {
		URL      string `yaml:"url"`
		FinalURL string `yaml:"final_url"`
		Title    string `yaml:"title"`
		Lang     string `yaml:"lang"`
		Side     string `yaml:"side"`
		Words    int    `yaml:"words"`
		Citation struct {
			Via     string `yaml:"via"`
			FoundOn string `yaml:"found_on"`
			Anchor  string `yaml:"anchor"`
			Depth   int    `yaml:"depth"`
		} `yaml:"citation"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(fm))
	dec.KnownFields(true)
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("front matter does not parse as YAML: %v\n%s", err, fm)
	}
	if got.Title != safetext.Clean(hostileTitle) || got.URL != e.URL || got.FinalURL != e.FinalURL ||
		got.Lang != e.Lang || got.Side != "rendered" || got.Words != 42 || got.Citation.Anchor != e.Citation.Anchor ||
		got.Citation.Via != string(discovery.ViaLink) || got.Citation.Depth != 2 || got.Citation.FoundOn != e.Citation.FoundOn {
		t.Errorf("front matter read back = %+v; want the entry's fields", got)
	}
	if string(body) != "\n"+e.Markdown {
		t.Errorf("body = %q; want %q", body, "\n"+e.Markdown)
	}
}

func TestWriteDir(t *testing.T) {
	dir := t.TempDir()
	// A link in the folder must not lead a write outside it.
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(dir, "site.test")); err != nil {
		t.Fatal(err)
	}
	entries := []Entry{
		{URL: "http://site.test/a", Title: "A [x](y)", Side: Plain, Markdown: "A\n"},
		{URL: "http://other.test/b/", Title: "B", Side: Plain, Markdown: "B\n"},
		{URL: "http://other.test/B/", Title: "B again", Side: Plain, Markdown: "B2\n"},
	}
	_, err := WriteDir(dir, entries)
	if err == nil {
		t.Errorf("WriteDir followed a link out of its folder")
	}
	if names, _ := os.ReadDir(outside); len(names) != 0 {
		t.Fatalf("WriteDir wrote outside its folder: %v", names)
	}
	os.Remove(filepath.Join(dir, "site.test"))
	renames, err := WriteDir(dir, entries)
	if err != nil {
		t.Fatal(err)
	}
	if len(renames) != 1 || renames[0].URL != "http://other.test/b/" {
		t.Errorf("renames = %+v; want the one of http://other.test/b/ (after .../B/ in byte order)", renames)
	}
	b, err := os.ReadFile(filepath.Join(dir, "other.test", "B", "index.md"))
	if err != nil || !bytes.Contains(b, []byte("\nB2\n")) {
		t.Errorf("other.test/B/index.md = %q, %v", b, err)
	}
	idx, err := os.ReadFile(filepath.Join(dir, IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	txt, err := markdownText(string(idx))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"A [x](y) — http://site.test/a", "B again — http://other.test/B/"} {
		if !strings.Contains(txt, want) {
			t.Errorf("index reads %q; want it to hold %q", txt, want)
		}
	}
	if !strings.Contains(string(idx), "(site.test/a.md)") {
		t.Errorf("index does not link site.test/a.md:\n%s", idx)
	}
}

// A page whose path is taken by something that is not a regular file (a
// FIFO, which would block the write for ever) is refused and said, and
// every other page is written, the index listing those written.
func TestWriteDirGoesOnPastABadPath(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "site.test"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "site.test", "a.md"), 0o600); err != nil {
		t.Fatal(err)
	}
	entries := []Entry{
		{URL: "http://site.test/a", Title: "A", Side: Plain, Markdown: "A\n"},
		{URL: "http://site.test/b", Title: "B", Side: Plain, Markdown: "B\n"},
	}
	_, err := WriteDir(dir, entries)
	if err == nil || !strings.Contains(err.Error(), "http://site.test/a") || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("WriteDir = %v; want the FIFO's page refused in words", err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "site.test", "b.md")); err != nil || !bytes.Contains(b, []byte("\nB\n")) {
		t.Errorf("site.test/b.md = %q, %v; want the other page written", b, err)
	}
	idx, err := os.ReadFile(filepath.Join(dir, IndexFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(idx), "(site.test/b.md)") || strings.Contains(string(idx), "(site.test/a.md)") {
		t.Errorf("the index lists what was not written, or not what was:\n%s", idx)
	}
}

// A file and the index show no terminal escape or bidirectional override
// of the site's text, whoever gave the entry.
func TestFilesCleanSiteText(t *testing.T) {
	e := Entry{URL: "http://h.test/a", Title: "Red \x1b[31mtitle\u202e", Side: Plain, Markdown: "Text \x1b]0;pwned\x07 here\u202e\n"}
	for name, b := range map[string][]byte{"file": FileBytes(e), "index": IndexBytes([]Entry{e}, []string{"h.test/a.md"})} {
		if bytes.ContainsAny(b, "\x1b\x07\u202e") {
			t.Errorf("the %s holds a raw escape or override: %q", name, b)
		}
	}
	if !bytes.Contains(FileBytes(e), []byte(`\x1b`)) {
		t.Errorf("the escape is dropped rather than shown: %q", FileBytes(e))
	}
}
