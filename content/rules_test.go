package content

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The rules of our own (docs/performance.md, "Content extraction", lists
// them), each on a page built to need it. Each test also extracts with
// its rule left out and checks that the page then comes out wrong: the
// rule is what the test sees.

var ruleURL, _ = url.Parse("https://forum.test/t/why-does-my-sourdough-collapse/88")

// prose returns the i-th of some distinct sentences of ordinary prose.
func prose(i int) string {
	subjects := []string{"The starter", "The dough", "A cold kitchen", "The oven", "Rye flour", "A longer proof", "The baker", "Fresh yeast", "The crust", "A wet loaf", "The recipe", "A scale"}
	verbs := []string{"rises more slowly than", "keeps better than", "asks for more water than", "browns faster than", "tastes sourer than", "needs more patience than"}
	objects := []string{"most people expect in winter", "the book on the shelf says", "a loaf from the shop round the corner", "anything made with white flour", "the neighbours believe", "it did last spring"}
	return fmt.Sprintf("%s %s %s, and note %d in the baking diary says so in plain words.",
		subjects[i%len(subjects)], verbs[(i/2)%len(verbs)], objects[(i/3)%len(objects)], i)
}

// paras returns n paragraphs of prose from the i-th sentence on, each of
// three sentences.
func paras(i, n int) string {
	var b strings.Builder
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "<p>%s %s %s</p>\n", prose(i+3*k), prose(i+3*k+1), prose(i+3*k+2))
	}
	return b.String()
}

// extractMD extracts src with opts and returns its Markdown.
func extractMD(t *testing.T, src string, opts Options) string {
	t.Helper()
	p, err := Extract(src, ruleURL, opts)
	if err != nil {
		t.Fatal(err)
	}
	return p.Markdown
}

// without is Options leaving out the rule families r.
func without(r rules) Options { return Options{skip: r} }

func checkHas(t *testing.T, md string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(md, w) {
			t.Errorf("the Markdown lacks %q:\n%s", w, md)
		}
	}
}

func checkLacks(t *testing.T, md string, unwanted ...string) {
	t.Helper()
	for _, u := range unwanted {
		if strings.Contains(md, u) {
			t.Errorf("the Markdown holds %q:\n%s", u, md)
		}
	}
}

// lacksOne reports whether md lacks at least one of want.
func lacksOne(md string, want ...string) bool {
	for _, w := range want {
		if !strings.Contains(md, w) {
			return true
		}
	}
	return false
}

// holdsOne reports whether md holds at least one of unwanted.
func holdsOne(md string, unwanted ...string) bool {
	for _, u := range unwanted {
		if strings.Contains(md, u) {
			return true
		}
	}
	return false
}

func forumPost(i int, who, subject, body string) string {
	return fmt.Sprintf(`<div id="p%d" class="post has-profile bg%d"><div class="inner">
<dl class="postprofile"><dt><a href="/member/%s" class="username">%s</a></dt><dd class="rank">Regular</dd>
<dd><strong>Posts:</strong> <a href="/search?author=%s">%d</a></dd><dd><strong>Joined:</strong> 1%d Mar 2019, 10:2%d</dd></dl>
<div class="postbody"><h3><a href="#p%d">%s</a></h3><p class="author"><a href="#p%d">Post</a> by <a href="/member/%s">%s</a> » %d Jan 2024, 10:1%d</p>
<div class="content">%s</div>
<div class="signature">Baking bread since 2009, and still learning every week.</div></div></div></div><hr class="divider">
`, i, 1+i%2, who, who, who, 100+7*i, i, i, i, subject, i, who, who, 3+i, i, body)
}

const forumHead = `<!doctype html><html lang="en"><head><title>Why does my sourdough collapse? - Crumb: a baking forum</title></head><body>
<header><h1>Crumb</h1><nav><a href="/">Board index</a> <a href="/search">Search</a> <a href="/faq">FAQ</a></nav></header>
<h2 class="topic-title"><a href="/t/88">Why does my sourdough collapse?</a></h2>
`

// TestThreadPosts: a forum topic's content is every post's text, without
// the posters' cards, the per-post subjects and bylines, the signatures
// and a quote's "X wrote:".
func TestThreadPosts(t *testing.T) {
	quote := `<blockquote><div><cite><a href="/member/mara">mara</a> wrote: <a href="#p1">↑</a> 3 Jan 2024</cite>` + prose(40) + `</div></blockquote>` + prose(41) + "<br>" + prose(42)
	src := forumHead +
		forumPost(1, "mara", "Why does my sourdough collapse?", prose(1)+"<br><br>"+prose(2)+"<br>"+prose(3)) +
		forumPost(2, "olek", "Re: Why does my sourdough collapse?", prose(10)+"<br><br>"+prose(11)) +
		forumPost(3, "june", "Re: Why does my sourdough collapse?", quote) +
		forumPost(4, "mara", "Re: Why does my sourdough collapse?", prose(20)+" "+prose(21)) +
		`<div class="online"><h3>Who is online</h3><p>Users browsing this forum: no registered users and 3 guests</p></div>
<footer><a href="/privacy">Privacy</a> <a href="/terms">Terms</a></footer></body></html>`
	bodies := []string{prose(1), prose(3), prose(10), prose(11), prose(40), prose(41), prose(42), prose(20), prose(21)}
	furniture := []string{"Posts:", "Joined:", "Baking bread since 2009", "Re: Why", "wrote:", "by mara", "Who is online"}

	md := extractMD(t, src, Options{})
	checkHas(t, md, bodies...)
	checkLacks(t, md, furniture...)
	if !strings.HasPrefix(md, "# Why does my sourdough collapse?\n") {
		t.Errorf("the title is not the topic's:\n%s", md)
	}

	off := extractMD(t, src, without(ruleThread))
	if !lacksOne(off, bodies...) && !holdsOne(off, furniture...) {
		t.Errorf("without the thread rule the posts come out right anyway: the test sees nothing:\n%s", off)
	}
}

// TestCommentsAreNotAThread: an article's comments are alike dated posts
// too, three times longer than the article; they are not a thread, and
// they stay out, even when go-readability takes them with the article.
func TestCommentsAreNotAThread(t *testing.T) {
	var comments strings.Builder
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&comments, `<li class="response"><article class="response-body"><footer class="response-meta"><b class="fn">reader%d</b> <time datetime="2024-02-0%dT10:00">2 February 2024 at 10:0%d</time></footer>
<div class="response-text"><p>%s %s %s</p><p>%s %s</p></div><div class="reply"><a href="#respond">Reply</a></div></article></li>`,
			i, i+1, i, prose(100+5*i), prose(101+5*i), prose(102+5*i), prose(103+5*i), prose(104+5*i))
	}
	// The comments beside the article, and inside its element (where
	// go-readability takes them with it).
	for _, src := range []string{
		`<!doctype html><html lang="en"><head><title>My starter keeps dying | A baking blog</title></head><body>
<header><a href="/">A baking blog</a><nav><a href="/about">About</a></nav></header><main>
<article class="post"><h1 class="entry-title">My starter keeps dying</h1><div class="entry-content">` + paras(1, 3) + `</div></article>
<section id="comments" class="comments-area"><h2 class="comments-title">6 thoughts on “My starter keeps dying”</h2><ol class="responses">` + comments.String() + `</ol></section>
</main><footer><p>© A baking blog</p></footer></body></html>`,
		`<!doctype html><html lang="en"><head><title>My starter keeps dying | A baking blog</title></head><body>
<header><a href="/">A baking blog</a><nav><a href="/about">About</a></nav></header><main>
<div class="post"><h1 class="entry-title">My starter keeps dying</h1>` + paras(1, 3) + `
<h2 class="comments-title">6 thoughts on “My starter keeps dying”</h2><ol class="responses">` + comments.String() + `</ol></div>
</main><footer><p>© A baking blog</p></footer></body></html>`,
	} {
		md := extractMD(t, src, Options{})
		checkHas(t, md, prose(1), prose(9))
		checkLacks(t, md, prose(100), prose(125), "reader0")
		if bodies := threadBodies(mustParse(t, src).root); len(bodies) < 2 {
			t.Errorf("the comments were not found as a group of posts (%d bodies): the test does not test the guard", len(bodies))
		}
	}
}

// TestSectionsAreNotAThread: a document's sections (a heading and prose
// each) are alike siblings, not posts.
func TestSectionsAreNotAThread(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, `<section id="s%d"><h2>Question %d</h2><p>%s %s</p></section>`, i, i, prose(10*i), prose(10*i+1))
	}
	src := `<!doctype html><html lang="en"><head><title>FAQ — kiln docs</title></head><body><nav><a href="/">Home</a></nav><main><h1>FAQ</h1><p>Short intro.</p>` +
		b.String() + `</main></body></html>`
	md := extractMD(t, src, Options{})
	checkHas(t, md, "## Question 0", "## Question 4", prose(41))
}

func mustParse(t *testing.T, src string) *Document {
	t.Helper()
	d, err := Parse(src, ruleURL, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestTitleFromHeading: the title is the heading the <title> names, not a
// site's name in an <h1> that the <title> also holds, and a heading's
// permalink is not part of it.
func TestTitleFromHeading(t *testing.T) {
	d := mustParse(t, forumHead+`<p>`+prose(1)+`</p></body></html>`)
	if got := d.title(true); got != "Why does my sourdough collapse?" {
		t.Errorf("title = %q", got)
	}
	if got := d.title(false); got == "Why does my sourdough collapse?" {
		t.Errorf("without the rule the title is right anyway (%q): the test sees nothing", got)
	}
	d = mustParse(t, `<html><head><title>Configuration — kiln 0.9 documentation</title></head><body><h1>Configuration<a class="headerlink" href="#c">¶</a></h1></body></html>`)
	if got := d.title(true); got != "Configuration" {
		t.Errorf("title = %q", got)
	}
	d = mustParse(t, `<html><head><title>Kettle with five temperatures, 1.7 l online kaufen | Werkhaus</title></head><body><h1>Kettle with five temperatures, 1.7 l</h1></body></html>`)
	if got := d.title(true); got != "Kettle with five temperatures, 1.7 l" {
		t.Errorf("title = %q", got)
	}
}

const newsHead = `<!doctype html><html lang="en"><head><title>Ferry timetable changes for the summer | The Harbour Post</title></head><body>
<header><a href="/">The Harbour Post</a><nav><a href="/local">Local</a> <a href="/sport">Sport</a></nav></header>
<main><article class="story">
<h1 class="headline">Ferry timetable changes for the summer</h1>
`

// TestFurnitureAtEdges: the date and the tags at the top and bottom of an
// article's body go; a paragraph of the body that names a year stays.
func TestFurnitureAtEdges(t *testing.T) {
	src := newsHead + `<div class="story-body"><p class="story-date"><time datetime="2024-03-03T10:15">3 March 2024, 10:15</time></p>
<p>` + prose(1) + ` ` + prose(2) + `</p><p>In 1998 the old pier closed for good.</p><p>` + prose(3) + `</p>
<p class="story-tags">Tags: <a href="/t/ferry">ferry</a>, <a href="/t/harbour">harbour</a></p></div>
</article></main><footer>© The Harbour Post</footer></body></html>`
	furniture := []string{"10:15", "ferry](", "Tags"}
	md := extractMD(t, src, Options{})
	checkHas(t, md, prose(1), "In 1998 the old pier closed for good.", prose(3))
	checkLacks(t, md, furniture...)
	if off := extractMD(t, src, without(ruleTrim)); !holdsOne(off, furniture...) {
		t.Errorf("without the rule the furniture is gone anyway: the test sees nothing:\n%s", off)
	}
}

// TestAppendix: a wiki's trailing "see also", references and navigation
// box go with their headings; a list of links the text introduces stays.
func TestAppendix(t *testing.T) {
	src := `<!doctype html><html lang="en"><head><title>Windmill - Open Encyclopedia</title></head><body><nav><a href="/">Main page</a></nav>
<main><h1>Windmill</h1><div class="mw-parser-output">` + paras(1, 2) + `<h2>History<span class="mw-editsection">[<a href="/w/index.php?title=Windmill&amp;action=edit&amp;section=1">edit</a>]</span></h2>` +
		`<p>` + prose(20) + `<sup class="reference"><a href="#cite-note-1">[1]</a></sup> ` + prose(21) + `</p>` + paras(30, 2) +
		`<h2>See also</h2><ul><li><a href="/wiki/Watermill">Watermill</a></li><li><a href="/wiki/Wind_pump">Wind pump</a></li></ul>
<h2>References</h2><ol class="references"><li id="cite-note-1"><a href="#cite-ref-1">↑</a> Marsh, P. (2001). Sails and stones. Leeds: North Press.</li><li id="cite-note-2"><a href="#cite-ref-2">↑</a> Hale, R. (1987). The miller's year. York: Dale Books.</li></ol>
<div role="navigation" class="navbox"><table><tr><th>Mills</th><td><a href="/a">Post mill</a> <a href="/b">Tower mill</a></td></tr></table></div>
</div></main><footer>Text is available under a free licence.</footer></body></html>`
	appendix := []string{"See also", "Watermill", "References", "Sails and stones", "Tower mill", "[1]", "edit"}
	md := extractMD(t, src, Options{})
	checkHas(t, md, "## History\n", prose(21), prose(35))
	checkLacks(t, md, appendix...)
	if off := extractMD(t, src, without(ruleTrim)); !holdsOne(off, appendix...) {
		t.Errorf("without the rule the appendix is gone anyway: the test sees nothing:\n%s", off)
	}

	// A list of links the text introduces, with no heading of its own,
	// is the text's.
	kept := mustParse(t, `<div>`+paras(1, 2)+`<p>Start with one of these:</p><ul><li><a href="/g/1">Building a post mill</a></li><li><a href="/g/2">Dressing millstones</a></li></ul></div>`)
	if trimAppendix(findFirst(kept.root, atom.Body)) {
		t.Errorf("a list of links after a paragraph was taken as an appendix")
	}
}

// TestStandfirst: the standfirst under the title, outside the story's
// body, comes back after the title; the byline after it does not.
func TestStandfirst(t *testing.T) {
	dek := "Longer days, two extra sailings and a later last boat home: what changes for passengers from June."
	src := `<!doctype html><html lang="en"><head><title>Ferry timetable changes for the summer | The Harbour Post</title></head><body>
<header><a href="/">The Harbour Post</a><nav><a href="/local">Local</a> <a href="/sport">Sport</a></nav></header>
<main><article class="story"><header class="story-header"><h1 class="headline">Ferry timetable changes for the summer</h1>
<div class="story-subtitle">` + dek + `</div>
<div class="story-meta">By <a href="/staff/ana">Ana Ruiz</a>, <time datetime="2024-03-03">3 March 2024</time></div></header>
<div class="story-body">` + paras(1, 3) + `</div></article></main></body></html>`
	// The standfirst before the byline, and after it.
	meta := `<div class="story-meta">By <a href="/staff/ana">Ana Ruiz</a>, <time datetime="2024-03-03">3 March 2024</time></div>`
	sub := `<div class="story-subtitle">` + dek + `</div>`
	for _, src := range []string{src, strings.Replace(strings.Replace(src, meta, "", 1), sub, meta+sub, 1)} {
		md := extractMD(t, src, Options{})
		checkHas(t, md, "# Ferry timetable changes for the summer\n\n"+dek+"\n\n"+prose(1))
		checkLacks(t, md, "Ana Ruiz")
		if off := extractMD(t, src, without(ruleDek)); strings.Contains(off, dek) {
			t.Errorf("without the rule the standfirst is there anyway: the test sees nothing:\n%s", off)
		}
	}
}

// TestSignupBox: a newsletter box inside the article goes, its pitch with
// its form.
func TestSignupBox(t *testing.T) {
	src := newsHead + `<div class="story-body">` + paras(1, 2) +
		`<div class="nl-inline"><p class="nl-title">Get the Harbour Post every Friday</p><p>The week's best stories, an idea for the weekend and a recipe, straight to your inbox. Free, and you can leave any time.</p><form><input type="email" placeholder="Your email"><button>Sign me up</button></form></div>` +
		paras(7, 2) + `</div></article></main></body></html>`
	md := extractMD(t, src, Options{})
	checkHas(t, md, prose(1), prose(12))
	checkLacks(t, md, "every Friday", "straight to your inbox")
	if off := extractMD(t, src, without(ruleTrim)); !holdsOne(off, "every Friday", "straight to your inbox") {
		t.Errorf("without the rule the box is gone anyway: the test sees nothing:\n%s", off)
	}
}

// TestCodeWrappers: a highlighter's code lines (each an element ended by
// <br>) keep their breaks, and the classes of a code block's wrappers
// that hold nothing else are hidden from go-readability (a class reading
// "codeBlockContent" drew its choice to the code alone, away from the
// page's headings and tables: docusaurus-en/configuration in the set).
func TestCodeWrappers(t *testing.T) {
	var lines strings.Builder
	for i := 0; i < 4; i++ {
		fmt.Fprintf(&lines, `<span class="token-line"><span class="token plain">key_%d</span><span class="token punctuation">:</span><span class="token plain"> %d</span><br></span>`, i, i)
	}
	src := `<!doctype html><html lang="en"><head><title>Configuration | kiln</title></head><body><main><article><h1>Configuration</h1>` + paras(1, 2) +
		`<div class="language-yaml codeBlockContainer_x"><div class="codeBlockContent_y"><pre class="prism-code language-yaml"><code>` + lines.String() + `</code></pre><button class="copy">Copy</button></div></div>` +
		`<div class="note">` + prose(9) + `<div><pre>other</pre></div></div></article></main></body></html>`
	checkHas(t, extractMD(t, src, Options{}), "```yaml\nkey_0: 0\nkey_1: 1\nkey_2: 2\nkey_3: 3\n```")

	d := mustParse(t, src)
	hideCodeWrapperClasses(d.root)
	var classes []string
	walk(d.root, func(n *html.Node) bool {
		if c := attr(n, "class"); c != "" {
			classes = append(classes, c)
		}
		return true
	})
	got := strings.Join(classes, ",")
	if strings.Contains(got, "codeBlock") || !strings.Contains(got, "prism-code") || !strings.Contains(got, "note") {
		t.Errorf("classes left: %s; want the wrappers' gone, the code's and the note's (which holds prose) kept", got)
	}
}

// TestTabPanels: a product's specifications in the tab beside its
// description come with it; its reviews, in the third tab, do not.
func TestTabPanels(t *testing.T) {
	var reviews strings.Builder
	for i := 0; i < 3; i++ {
		fmt.Fprintf(&reviews, `<div class="review"><div class="review-info"><span class="stars">5 of 5</span> <small>1%d.02.2024</small></div><p class="review-title h5">Great kettle %d</p><p class="review-text">%s</p><div class="review-points"><small>Customer %d · verified purchase</small></div></div>`, i, i, prose(80+i), i)
	}
	src := `<!doctype html><html lang="en"><head><title>Kettle with five temperatures | Werkhaus</title></head><body><nav><a href="/">Werkhaus</a> <a href="/kitchen">Kitchen</a></nav>
<main><h1>Kettle with five temperatures</h1><div class="buy-box"><span class="price">59.99 €</span><button>Add to cart</button></div>
<div class="tabs"><ul role="tablist"><li><a href="#d">Description</a></li><li><a href="#s">Specifications</a></li><li><a href="#r">Reviews (3)</a></li></ul>
<div class="tab-content"><div class="tab-pane active" id="d" role="tabpanel"><div class="h3">Description</div>` + paras(1, 3) + `</div>
<div class="tab-pane" id="s" role="tabpanel"><div class="h3">Specifications</div><table><tr><th>Capacity</th><td>1.7 litres</td></tr><tr><th>Power</th><td>2,200 watts</td></tr><tr><th>Cable</th><td>75 cm</td></tr></table></div>
<div class="tab-pane" id="r" role="tabpanel"><div class="reviews">` + reviews.String() + `</div></div></div></div>
</main><footer>© Werkhaus</footer></body></html>`
	md := extractMD(t, src, Options{})
	checkHas(t, md, "### Description", prose(1), "### Specifications", "| Power | 2,200 watts |")
	checkLacks(t, md, prose(80), "Great kettle")
	// The reviews go by the tab rule and by the posts rule: both off.
	if off := extractMD(t, src, without(ruleKeep|ruleThread)); strings.Contains(off, "2,200 watts") && !strings.Contains(off, prose(80)) {
		t.Errorf("without the rule the specifications are there and the reviews not anyway: the test sees nothing:\n%s", off)
	}
}

// TestTemplateKeepsHeadingsAndRows: a heading every page repeats stays
// when the page's own text follows it, whole; a specification's name
// every page repeats stays in its row; the navigation every page repeats
// goes.
func TestTemplateKeepsHeadingsAndRows(t *testing.T) {
	page := func(i int) string {
		return fmt.Sprintf(`<!doctype html><html lang="en"><head><title>Product %d | Werkhaus</title></head><body>
<nav><a href="/">Werkhaus</a> <a href="/kitchen">Kitchen and home</a> <a href="/garden">Garden and balcony</a> <a href="/tools">Tools and workshop</a></nav>
<main><h1>Product %d</h1><h2><span class="headline">Ingredients</span><span class="edit">[<a href="/p/%d?action=edit">edit</a>]</span></h2>%s
<table><tr><th>Weight</th><td>%d grams</td></tr><tr><th>Colour</th><td>shade %d</td></tr></table>%s</main>
<footer><p>Werkhaus GmbH, Hafenstraße 1, every parcel sent within two working days.</p></footer></body></html>`, i, i, i, paras(10*i, 2), 100+i, i, paras(10*i+6, 1))
	}
	tmpl := &Template{}
	var docs []*Document
	for i := 0; i < 4; i++ {
		d := mustParse(t, page(i))
		tmpl.Add(d)
		docs = append(docs, d)
	}
	p, err := docs[1].Extract(Options{Template: tmpl})
	if err != nil {
		t.Fatal(err)
	}
	checkHas(t, p.Markdown, "## Ingredients", "| Weight | 101 grams |", "| Colour | shade 1 |", prose(10))
	checkLacks(t, p.Markdown, "Garden and balcony", "every parcel")
}

// TestQuotesAndHeadingsByClass: a quote's source in its <footer> stays (it
// is not the page's footer); an element classed "h3" is a heading.
func TestQuotesAndHeadingsByClass(t *testing.T) {
	src := newsHead + `<div class="story-body">` + paras(1, 2) +
		`<blockquote class="story-quote"><p>The hardest part was never the boats, it was the timetable.</p><footer class="quote-source">Lina Qasem, harbour master</footer></blockquote>
<div class="h3 section-title">What changes in June</div>` + paras(7, 2) + `</div></article></main></body></html>`
	md := extractMD(t, src, Options{})
	checkHas(t, md, "> Lina Qasem, harbour master", "### What changes in June")
	if off := extractMD(t, src, without(ruleKeep)); strings.Contains(off, "Lina Qasem") && strings.Contains(off, "### What changes") {
		t.Errorf("without the rule the source and the heading are there anyway: the test sees nothing:\n%s", off)
	}
}
