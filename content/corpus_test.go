package content

import (
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io/fs"
	"net"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/browsertest"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

var browser = &browsertest.Shared{Config: rendered.Config{Timeout: 20 * time.Second, KeepDOM: true}}

func TestMain(m *testing.M) { os.Exit(browsertest.Main(m, browser)) }

// corpusDir holds the labelled pages: <site>/site.json, <page>.html (as
// served) and <page>.txt (the article text, written by hand). Sites may
// sit one folder deeper (testdata/content/_dev/<site>).
const corpusDir = "../testdata/content"

type siteMeta struct {
	Name     string `json:"name"`
	Template string `json:"template"`
	Lang     string `json:"lang"`
	BaseURL  string `json:"base_url"`
	Pages    []struct {
		File     string `json:"file"`
		URL      string `json:"url"`
		Rendered bool   `json:"rendered"`
	} `json:"pages"`
}

type corpusPage struct {
	site, dir, file string
	url             *url.URL
	rendered        bool
	lang            string
	template        string
	want            string // the labelled text
	html            string // the side the union keeps: served HTML, or the rendered DOM
	// half is "dev" or "check": pages are split by site, so rules are
	// made looking at one half and checked on the other.
	half string
}

func loadSites(t testing.TB) map[string]*siteMeta {
	t.Helper()
	found := map[string]*siteMeta{}
	err := filepath.WalkDir(corpusDir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || e.Name() != "site.json" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var m siteMeta
		if err := json.Unmarshal(b, &m); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		found[filepath.Dir(p)] = &m
		return nil
	})
	if err != nil {
		t.Fatalf("corpus: %v", err)
	}
	return found
}

// corpus loads every labelled page, rendering in Chromium (the site served
// on loopback) those whose content their scripts write.
func corpus(t *testing.T) []*corpusPage {
	t.Helper()
	var pages []*corpusPage
	metas := loadSites(t)
	dirs := make([]string, 0, len(metas))
	for d := range metas {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		m := metas[dir]
		rel, _ := filepath.Rel(corpusDir, dir)
		h := fnv.New32a()
		h.Write([]byte(rel))
		half := "dev"
		if h.Sum32()%2 == 1 {
			half = "check"
		}
		var srv *httptest.Server
		for _, p := range m.Pages {
			want, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(p.File, filepath.Ext(p.File))+".txt"))
			if err != nil {
				t.Fatalf("corpus: %s: %v", rel, err)
			}
			src, err := os.ReadFile(filepath.Join(dir, p.File))
			if err != nil {
				t.Fatalf("corpus: %s: %v", rel, err)
			}
			u, err := url.Parse(p.URL)
			if err != nil || u.Host == "" {
				t.Fatalf("corpus: %s/%s: bad url %q", rel, p.File, p.URL)
			}
			cp := &corpusPage{site: rel, dir: dir, file: p.File, url: u, rendered: p.Rendered, lang: m.Lang,
				template: m.Template, want: string(want), html: string(src), half: half}
			if p.Rendered {
				if srv == nil {
					srv = serveDir(t, dir)
				}
				cp.html = render(t, srv.URL+"/"+p.File)
			}
			pages = append(pages, cp)
		}
	}
	if len(pages) == 0 {
		t.Fatal("corpus: no labelled pages under " + corpusDir)
	}
	return pages
}

// serveDir serves a corpus site's folder on 127.0.0.1.
func serveDir(t *testing.T, dir string) *httptest.Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(sites.New(dir))
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// render returns the DOM Chromium rendered at u, shadow roots included.
func render(t *testing.T, u string) string {
	t.Helper()
	f := browser.Get(t)
	pu, _ := url.Parse(u)
	s, err := f.Fetch(context.Background(), pu)
	if err != nil {
		t.Fatalf("render %s: %v", u, err)
	}
	if s.DOM == "" {
		t.Fatalf("render %s: no DOM kept", u)
	}
	return s.DOM
}

var corpusOnce struct {
	sync.Once
	pages []*corpusPage
}

// stage names what an extraction ran, for the measure of each part.
type stage int

const (
	stageWhole    stage = iota // the page's whole visible text (the baseline)
	stageBase                  // go-readability and html-to-markdown alone
	stageTemplate              // and the site's template left out
	stageFull                  // and our own rules (what Extract does)
)

func (s stage) String() string {
	return [...]string{"whole page text", "base (readability + html-to-markdown)", "base + template", "base + template + our rules"}[s]
}

type tally struct {
	p, r float64
	n    int
}

func (t *tally) add(p, r float64) { t.p += p; t.r += r; t.n++ }
func (t tally) F1() (p, r, f float64) {
	if t.n == 0 {
		return 0, 0, 0
	}
	p, r = t.p/float64(t.n), t.r/float64(t.n)
	return p, r, f1(p, r)
}

// extractAt extracts one page at a stage, its site's template learned from
// all its pages (the second pass a crawl can make).
func extractAt(t *testing.T, cp *corpusPage, st stage, tmpl *Template) string {
	d, err := Parse(cp.html, cp.url, Options{})
	if err != nil {
		t.Errorf("%s/%s: %v", cp.site, cp.file, err)
		return ""
	}
	if st == stageWhole {
		return strings.Join(textBlocks(d.root), "\n")
	}
	opts := Options{noRules: st < stageFull}
	if st >= stageTemplate {
		opts.Template = tmpl
	}
	p, err := d.Extract(opts)
	if err != nil {
		return ""
	}
	txt, err := markdownText(p.Markdown)
	if err != nil {
		t.Errorf("%s/%s: render: %v", cp.site, cp.file, err)
	}
	return txt
}

// The floor under the corpus's F1 with everything on, a little under the
// figure measured (docs/performance.md, "Content extraction").
const f1Floor = 0.90

// TestCorpusF1 measures the extractor on the labelled pages, stage by
// stage, and fails when the whole falls under f1Floor. With -v it prints
// the table of docs/performance.md; WEBGRAPH_CONTENT_PAGES=1 adds a line
// per page.
func TestCorpusF1(t *testing.T) {
	pages := corpus(t)
	templates := map[string]*Template{}
	for _, cp := range pages {
		if templates[cp.site] == nil {
			templates[cp.site] = &Template{}
		}
		d, err := Parse(cp.html, cp.url, Options{})
		if err != nil {
			t.Fatalf("%s/%s: %v", cp.site, cp.file, err)
		}
		templates[cp.site].Add(d)
	}
	perPage := os.Getenv("WEBGRAPH_CONTENT_PAGES") != ""
	results := map[stage]map[string]*tally{}
	for st := stageWhole; st <= stageFull; st++ {
		results[st] = map[string]*tally{}
		for _, cp := range pages {
			got := extractAt(t, cp, st, templates[cp.site])
			p, r := score(got, cp.want)
			for _, k := range []string{"all", cp.half, "template:" + cp.template, "lang:" + cp.lang, sideOf(cp)} {
				if results[st][k] == nil {
					results[st][k] = &tally{}
				}
				results[st][k].add(p, r)
			}
			if perPage && st == stageFull {
				t.Logf("%-40s %-8s P=%.3f R=%.3f", cp.site+"/"+cp.file, cp.half, p, r)
			}
		}
	}
	keys := []string{}
	for k := range results[stageFull] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for st := stageWhole; st <= stageFull; st++ {
		p, r, f := results[st]["all"].F1()
		t.Logf("%-40s P=%.3f R=%.3f F1=%.3f (%d pages)", st, p, r, f, results[st]["all"].n)
	}
	for _, k := range keys {
		_, _, fb := results[stageBase][k].F1()
		_, _, ff := results[stageFull][k].F1()
		t.Logf("  %-28s %3d pages  base F1=%.3f  full F1=%.3f", k, results[stageFull][k].n, fb, ff)
	}
	if _, _, f := results[stageFull]["all"].F1(); f < f1Floor {
		t.Errorf("corpus F1 = %.3f; want at least %.3f", f, f1Floor)
	}
}

func sideOf(cp *corpusPage) string {
	if cp.rendered {
		return "side:rendered"
	}
	return "side:plain"
}
