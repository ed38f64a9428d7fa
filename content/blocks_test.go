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

// TestPruneBlocks: a block written only from blocks of text that three
// pages of four repeat is template and left out when the content is
// written; a block with text of its own, or whose runs are unknown, stays;
// a heading before text of the page's own stays; a page that is nothing
// but template stays whole.
func TestPruneBlocks(t *testing.T) {
	var tmpl Template
	for _, page := range [][]uint64{{1, 2, 3, 10}, {1, 2, 3, 11}, {1, 2, 3, 12}, {13}} {
		tmpl.AddHashes(page)
	}
	blocks := []string{"# Nav", "[Home](/) [Docs](/docs)", "The page's own words.", "## Next steps", "Read on.", "© Footer", "Unknown runs"}
	runs := [][]uint64{{1}, {1, 2}, {10}, {3}, {2, 10}, {3}, nil}
	got := tmpl.PruneBlocks(blocks, runs)
	want := []string{"The page's own words.", "## Next steps", "Read on.", "Unknown runs"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("PruneBlocks = %q; want %q", got, want)
	}
	if got := tmpl.PruneBlocks(blocks[:2], runs[:2]); len(got) != 2 {
		t.Errorf("a page of template alone: PruneBlocks = %q; want it whole", got)
	}
}

// TestSecondPass measures the pass that needs no HTML on the labelled
// pages as served: each page extracted with an empty template (as the
// first pages of a crawl are), then its blocks pruned with the template of
// all its site's pages (learned from their hashes alone). It must gain on
// extraction without a template, and come near extraction with the whole
// template known.
func TestSecondPass(t *testing.T) {
	sets, err := contentset.Load()
	if err != nil {
		t.Fatal(err)
	}
	var none, second, whole []contentset.Score
	for _, s := range sets {
		var tmpl Template
		type parsed struct {
			p *contentset.Page
			d *Document
		}
		var docs []parsed
		for i := range s.Pages {
			p := &s.Pages[i]
			if p.Rendered {
				continue
			}
			u, err := url.Parse(p.URL)
			if err != nil {
				t.Fatal(err)
			}
			d, err := Parse(string(p.HTML), u, Options{})
			if err != nil {
				t.Fatal(err)
			}
			tmpl.AddHashes(d.BlockHashes())
			docs = append(docs, parsed{p, d})
		}
		for _, pd := range docs {
			text := func(md string) string {
				txt, err := markdownText(md)
				if err != nil {
					t.Fatal(err)
				}
				return txt
			}
			first, err := pd.d.Extract(Options{})
			if err != nil {
				none, second = append(none, contentset.Compare(pd.p.Want, "")), append(second, contentset.Compare(pd.p.Want, ""))
			} else {
				blocks := Blocks(first.Markdown)
				pruned := tmpl.PruneBlocks(blocks, pd.d.BlockRuns(blocks))
				none = append(none, contentset.Compare(pd.p.Want, text(first.Markdown)))
				second = append(second, contentset.Compare(pd.p.Want, text(strings.Join(pruned, "\n\n")+"\n")))
			}
			all, err := pd.d.Extract(Options{Template: &tmpl})
			if err != nil {
				whole = append(whole, contentset.Compare(pd.p.Want, ""))
				continue
			}
			whole = append(whole, contentset.Compare(pd.p.Want, text(all.Markdown)))
		}
	}
	n, sp, w := contentset.Summarize(none), contentset.Summarize(second), contentset.Summarize(whole)
	t.Logf("%d pages as served: no template F1=%.3f (P=%.3f); second pass F1=%.3f (P=%.3f); whole template at extraction F1=%.3f (P=%.3f)",
		n.Pages, n.F1, n.Precision, sp.F1, sp.Precision, w.F1, w.Precision)
	if sp.Precision <= n.Precision || sp.F1 <= n.F1 {
		t.Errorf("the second pass does not gain: F1 %.3f, P %.3f without; F1 %.3f, P %.3f with", n.F1, n.Precision, sp.F1, sp.Precision)
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

// FuzzBlocks: the Markdown of any document splits into blocks that join
// back into it; each block's text holds no Markdown escape the writer
// added for a character it shows (the block's words are the words
// rendered); the hashes of its blocks of text are one list a block, within
// bounds, and never panic.
func FuzzBlocks(f *testing.F) {
	f.Add(article("<p>plain</p><pre>a\n\nb</pre><ol><li><p>x</p><p>y</p></li></ol>"))   // code and a loose list
	f.Add(article("<blockquote><p>q</p><pre>```\n\n~~~</pre></blockquote>"))            // a fence in a quote
	f.Add(article("<table><tr><td>`a|b`</td><td><a href=/x>[l]</a></td></tr></table>")) // a table of escapes
	f.Add(article("<p>```js</p><p>---</p><p>&lt;!-- x --&gt; ](y)</p>"))                // hostile text
	f.Fuzz(func(t *testing.T, src string) {
		d, err := Parse(src, pageURL, Options{MaxBytes: 1 << 14})
		if err != nil {
			return
		}
		p, err := d.Extract(Options{MaxBytes: 1 << 14})
		if err != nil {
			return
		}
		blocks := Blocks(p.Markdown)
		if got := strings.Join(blocks, "\n\n") + "\n"; len(blocks) > 0 && got != p.Markdown {
			t.Fatalf("the blocks joined differ from the Markdown:\n%q\nwant\n%q", got, p.Markdown)
		}
		runs := d.BlockRuns(blocks)
		if len(runs) != len(blocks) {
			t.Fatalf("%d lists of hashes for %d blocks", len(runs), len(blocks))
		}
		for _, b := range blocks {
			rendered, err := markdownText(b)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := fetch.CountWords(strings.Split(BlockText(b), "\n")), fetch.CountWords(strings.Split(rendered, "\n")); got != want {
				t.Errorf("BlockText counts %d words; the rendered block has %d\nblock: %q\ntext:  %q\nrendered: %q", got, want, b, BlockText(b), rendered)
			}
		}
	})
}
