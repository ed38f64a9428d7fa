package plain

import (
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// read extracts doc as the plain side does.
func read(t *testing.T, doc string) (page, fetch.Head) {
	t.Helper()
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse("http://example.test/dir/page.html")
	f := collect(root)
	return extract(f, textBlocks(root, f), u), readHead(f, docBase(f, u), http.Header{})
}

func linkURLs(p page) []string {
	var out []string
	for _, l := range p.links {
		out = append(out, l.URL+" "+l.Anchor)
	}
	return out
}

func TestTemplates(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, doc string
		title, h1 string
		blocks    []string
		links     []string // URL, a space, anchor text
		anchors   []string
		types     []string // JSON-LD types
	}{
		{
			name: "an inert template is not read",
			doc: `<title>Page</title><p>Visible words</p><template id="tpl"><title>Inert title</title><h1>Inert heading</h1>` +
				`<p>Inert words</p><a href="/inert" id="inert-id">inert link</a><script type="application/ld+json">{"@type":"Inert"}</script></template>` +
				`<a href="/shown">shown</a>`,
			title: "Page", blocks: []string{"Visible words", "shown"},
			links: []string{"http://example.test/shown shown"}, anchors: []string{"tpl"},
		},
		{
			name: "a declarative open root is content, its ids are not targets",
			doc: `<title>Page</title><div id="host"><template shadowrootmode="open"><title>Shadow title</title><base href="/elsewhere/">` +
				`<h1>Shadow heading</h1><p id="in-shadow">Shadow words <a href="rel">shadow link</a></p>` +
				`<script type="application/ld+json">{"@type":"Product"}</script></template></div><p id="light">After</p>`,
			title: "Page", h1: "Shadow heading", blocks: []string{"Shadow heading", "Shadow words shadow link", "After"},
			links: []string{"http://example.test/dir/rel shadow link"}, anchors: []string{"host", "light"}, types: []string{"Product"},
		},
		{
			name: "a closed root too, and slots take light children once",
			doc: `<x-card id="card"><template shadowrootmode="CLOSED"><h2><slot name="title">Title fallback</slot></h2>` +
				`<p>Card body</p><div><slot name="none">Fallback words</slot></div><div><slot></slot></div></template>` +
				`<span slot="title" id="slotted">Slotted <a href="/slotted">slotted link</a></span>` +
				`<b slot="nowhere">Unassigned words <a href="/unassigned">unassigned</a></b>Default text</x-card>`,
			blocks:  []string{"Slotted slotted link", "Card body", "Fallback words", "Default text"},
			links:   []string{"http://example.test/slotted slotted link"},
			anchors: []string{"card", "slotted"},
		},
		{
			name: "nested roots",
			doc: `<outer-el><template shadowrootmode="open"><p>Outer shadow</p><inner-el><template shadowrootmode="open">` +
				`<p>Inner shadow <a href="/inner">inner</a></p><slot></slot></template><p>Inner light</p></inner-el>` +
				`<section><slot></slot></section></template><p>Outer light</p></outer-el>`,
			blocks: []string{"Outer shadow", "Inner shadow inner", "Inner light", "Outer light"},
			links:  []string{"http://example.test/inner inner"},
		},
		{
			name: "a template that cannot attach is inert",
			doc: `<a href="/a"><template shadowrootmode="open">not on a link</template>link</a>` +
				`<div><template shadowrootmode="open"><p>First root</p></template><template shadowrootmode="open"><p>Second root</p></template></div>` +
				`<span><template shadowrootmode="sideways"><p>No mode</p></template></span>`,
			blocks: []string{"link", "First root"},
			links:  []string{"http://example.test/a link"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, h := read(t, tt.doc)
			if p.title != tt.title || h.H1 != tt.h1 {
				t.Errorf("title %q, h1 %q; want %q, %q", p.title, h.H1, tt.title, tt.h1)
			}
			if !reflect.DeepEqual(p.blocks, tt.blocks) {
				t.Errorf("blocks = %q; want %q", p.blocks, tt.blocks)
			}
			if got := linkURLs(p); !reflect.DeepEqual(got, tt.links) {
				t.Errorf("links = %q; want %q", got, tt.links)
			}
			if !reflect.DeepEqual(p.anchors, tt.anchors) {
				t.Errorf("anchors = %q; want %q", p.anchors, tt.anchors)
			}
			if !slices.Equal(h.StructuredData, tt.types) {
				t.Errorf("JSON-LD types = %q; want %q", h.StructuredData, tt.types)
			}
		})
	}
}

// FuzzFlat holds the flat view to what a layout gives on any document: no
// node is read twice (a slotted child appears once, where its slot is), and
// nothing under an inert template is read.
func FuzzFlat(f *testing.F) {
	for _, c := range extractionCases {
		f.Add(c)
	}
	f.Add(`<x-a><template shadowrootmode=open><slot></slot><slot></slot><slot name=n>f</slot></template>t<b slot=n>b</b></x-a>`)
	f.Add(`<div><template shadowrootmode=closed><y-b><template shadowrootmode=open><slot></slot></template><slot></slot></y-b></template><p>l</p></div><template><p id=x>i</p></template>`)
	f.Fuzz(func(t *testing.T, doc string) {
		if strings.Count(doc, "<") > 2000 {
			return
		}
		root, err := html.Parse(strings.NewReader(doc))
		if err != nil {
			return
		}
		v := flatten(root)
		seen := map[*html.Node]bool{}
		var walk func(n *html.Node)
		walk = func(n *html.Node) {
			if seen[n] {
				t.Fatalf("node %q read twice", n.Data)
			}
			seen[n] = true
			for p := n.Parent; p != nil; p = p.Parent {
				if isTemplate(p) && (v == nil || !v.isRoot[p]) {
					t.Fatalf("node %q under an inert template was read", n.Data)
				}
			}
			v.children(n, walk)
		}
		walk(root)
	})
}

// TestDeclarativeShadowSite fetches the fixture page with declarative
// shadow roots (open and closed, slots, fallback) and an inert template:
// the plain side reads what the rendered side reads of it (see
// fetch/rendered's TestShadowDOM, which holds the same lists).
func TestDeclarativeShadowSite(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "shadow")
	f := New(Config{})
	defer f.Close()
	s := fetchPath(t, f, ts.URL, "/declarative.html")
	if s.Err != nil {
		t.Fatal(s.Err)
	}
	blocks := []string{
		"Declarative heading",
		"Declarative open words declarative link",
		"Declarative slotted words",
		"Declarative fallback words",
		"Declarative closed words closed declarative link",
		"Light words at the end.",
	}
	if !reflect.DeepEqual(s.Blocks, blocks) || s.Words != fetch.CountWords(blocks) {
		t.Errorf("blocks %q (%d words); want %q", s.Blocks, s.Words, blocks)
	}
	var links []string
	for _, l := range s.Links {
		links = append(links, strings.TrimPrefix(l.URL, ts.URL)+" "+l.Anchor)
	}
	if want := []string{"/dsd-open.html declarative link", "/dsd-closed.html closed declarative link"}; !reflect.DeepEqual(links, want) {
		t.Errorf("links %q; want %q", links, want)
	}
	h := s.Head
	if h.H1 != "Declarative heading" || h.Description != "Described in a declarative root" || !slices.Equal(h.StructuredData, []string{"Product"}) {
		t.Errorf("head: h1 %q, description %q, types %q", h.H1, h.Description, h.StructuredData)
	}
	if want := []string{"dsd-host", "slotted-target", "inert-tpl", "light-target"}; !reflect.DeepEqual(s.Anchors, want) {
		t.Errorf("anchors %q; want %q (no id inside a shadow root or an inert template)", s.Anchors, want)
	}
}
