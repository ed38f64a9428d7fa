package content

import (
	"net/url"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/internal/testkit/contentset"
)

// servedPages extracts every page of the labelled set as served (no
// browser: a rendered page's shell gives little, which is a case too).
func servedPages(t *testing.T) map[string]string {
	t.Helper()
	sets, err := contentset.Load()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, s := range sets {
		for i := range s.Pages {
			p := &s.Pages[i]
			u, err := url.Parse(p.URL)
			if err != nil {
				t.Fatal(err)
			}
			pg, err := Extract(string(p.HTML), u, Options{})
			if err != nil {
				continue
			}
			out[p.Name()] = pg.Markdown
		}
	}
	if len(out) < 40 {
		t.Fatalf("extracted %d pages of the labelled set; want most of them", len(out))
	}
	return out
}

// TestBlocksRejoin: the blocks of every page's Markdown, joined by a blank
// line, are the Markdown again, and each renders as the same text alone as
// in its page: a block is never cut inside a code block or a list item.
func TestBlocksRejoin(t *testing.T) {
	pages := servedPages(t)
	pages["hostile"] = mustExtract(t, article(
		"<p>```</p><pre>line one\n\n- not a list\n\n```\nstill code</pre><p>after the code</p>",
		"<ol><li><p>first paragraph of the item</p><p>second paragraph of the item</p></li><li><pre>code\n\nin an item</pre></li></ol>",
		"<blockquote><p>one</p><p>two</p><pre>q\n\ncode</pre></blockquote>"))
	for name, md := range pages {
		blocks := Blocks(md)
		if got := strings.Join(blocks, "\n\n") + "\n"; got != md {
			t.Errorf("%s: the blocks joined differ from the Markdown:\n%q\nwant\n%q", name, got, md)
			continue
		}
		whole, err := markdownText(md)
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, b := range blocks {
			txt, err := markdownText(b)
			if err != nil {
				t.Fatal(err)
			}
			parts = append(parts, txt)
		}
		if got := strings.Join(parts, "\n"); collapse(got) != collapse(whole) {
			t.Errorf("%s: the blocks read alone say\n%q\nthe page says\n%q", name, got, whole)
		}
	}
	if n := len(Blocks(pages["hostile"])); n < 6 {
		t.Errorf("the hostile page has %d blocks; want each paragraph, list and quote apart", n)
	}
}

func mustExtract(t *testing.T, page string) string {
	t.Helper()
	p, err := Extract(page, pageURL, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Markdown
}

// TestBlockText: the words of each block's text are the words a Markdown
// renderer shows of it (fetch.CountWords of both), on every page of the
// labelled set and on hostile text.
func TestBlockText(t *testing.T) {
	pages := servedPages(t)
	var paras []string
	for _, h := range hostile {
		paras = append(paras, "<p>"+h+"</p>")
	}
	paras = append(paras, "<p>A <a href=\"/x?a=(1)\">link [with] brackets</a> and <img src=\"/i.png\" alt=\"an image\"> and <code>a | b ``c``</code>.</p>",
		`<table><tr><th>Name</th><th>Value | pipe</th></tr><tr><td><code>x|y</code></td><td><a href="/t">cell link</a></td></tr></table>`,
		`<ul><li>one<ul><li>nested <em>two</em></li></ul></li><li><pre>code in a list</pre></li></ul>`)
	pages["hostile"] = mustExtract(t, article(paras...))
	for name, md := range pages {
		for _, b := range Blocks(md) {
			rendered, err := markdownText(b)
			if err != nil {
				t.Fatal(err)
			}
			want := fetch.CountWords(strings.Split(rendered, "\n"))
			got := fetch.CountWords(strings.Split(BlockText(b), "\n"))
			if got != want {
				t.Errorf("%s: BlockText counts %d words; the rendered block has %d\nblock: %q\ntext:  %q\nrendered: %q", name, got, want, b, BlockText(b), rendered)
			}
		}
	}
}

// TestPruneBlocks: a block that three pages of four repeat is template
// and left out when the content is written; a heading before text of the
// page's own stays; a page that is nothing but template stays whole.
func TestPruneBlocks(t *testing.T) {
	footer := "© Harbour Handbook. Built with care."
	edit := "[Edit this page](https://site.test/edit)"
	next := "## Next steps"
	pages := [][]string{
		{"# Tides", "The tide board is read twice a day.", next, "Read the knots page.", edit, footer},
		{"# Knots", "A bowline makes a fixed loop.", next, "Read the tides page.", edit, footer},
		{"# Weather", "Forecasts are posted at seven.", next, edit, footer},
		{"# Alone", "A page without the footer."},
	}
	var tmpl Template
	for _, p := range pages {
		hs := make([]uint64, len(p))
		for i, b := range p {
			hs[i] = BlockHash(b)
		}
		tmpl.AddHashes(hs)
	}
	cases := []struct {
		in, want []string
	}{
		{pages[0], []string{"# Tides", "The tide board is read twice a day.", next, "Read the knots page."}},
		{pages[2], []string{"# Weather", "Forecasts are posted at seven."}},
		{pages[3], pages[3]},
		{[]string{edit, footer}, []string{edit, footer}},
	}
	for _, c := range cases {
		got := tmpl.PruneBlocks(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("PruneBlocks(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestBlockHashesLearnAsAdd: a Template given the block hashes of pages
// (as a resumed crawl reads them back) prunes as one given the pages.
func TestBlockHashesLearnAsAdd(t *testing.T) {
	page := func(body string) *Document {
		d, err := Parse(`<html><body><nav><a href="/">Home</a> <a href="/docs">Docs</a></nav><main><h1>`+body+`</h1><p>`+
			strings.Repeat(body+" words of its own. ", 20)+`</p><p>Was this page helpful? Tell the crew at the harbour office.</p></main><footer><p>Footer of every page</p></footer></body></html>`, pageURL, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	var byAdd, byHash Template
	for _, b := range []string{"Alpha", "Beta", "Gamma", "Delta"} {
		d := page(b)
		byAdd.Add(d)
		byHash.AddHashes(d.BlockHashes())
	}
	if byAdd.Blocks() == 0 || byAdd.Blocks() != byHash.Blocks() {
		t.Fatalf("template blocks: %d by Add, %d by AddHashes; want the same, some", byAdd.Blocks(), byHash.Blocks())
	}
	d := page("Epsilon")
	a, err := d.Extract(Options{Template: &byAdd})
	if err != nil {
		t.Fatal(err)
	}
	h, err := d.Extract(Options{Template: &byHash})
	if err != nil {
		t.Fatal(err)
	}
	if a.Markdown != h.Markdown || strings.Contains(h.Markdown, "Was this page helpful") || !strings.Contains(h.Markdown, "Epsilon words") {
		t.Errorf("extracted with the hashes:\n%s\nwith the pages:\n%s", h.Markdown, a.Markdown)
	}
}
