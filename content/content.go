// Package content extracts a kept page's main content as Markdown: its
// headings, paragraphs, lists, tables, block quotes and code, with links and
// images made absolute, and without the navigation, headers, footers,
// sidebars, banners, share bars, related lists and comment widgets around it.
//
// It works on either side of a page: the served HTML, or the rendered DOM with
// its shadow roots written as declarative templates (the rendered side's
// serialised DOM), which Parse flattens as a browser shows them. A site's
// Template, learned from its pages' blocks, tells the blocks every page
// repeats, and those are left out before the main content is chosen.
//
// The pipeline (docs/design.md, "Content"): Parse bounds and parses the
// document; Extract prunes the site's template blocks, lets go-readability
// choose the main content, and writes it as Markdown (markdown.go), escaping
// every character of the page's text that Markdown would read as markup.
//
// Around go-readability's choice sit rules of our own, in families that
// docs/performance.md ("Content extraction") measures one by one: the
// title from the heading the <title> names; a thread's posts found by
// their repeated structure (thread.go), and dated posts that are not the
// content left out; what go-readability drops by a class or a footer
// kept (keep.go: headings, code, a quote's source, tab panels); the
// furniture inside and around the content left out (clean.go: bylines,
// dates, tags, share bars, sign-up boxes, note marks, heading anchors and
// edit links, a leading fact box, a trailing appendix of links); and the
// standfirst under the title put back (standfirst.go). They read structure and the markup words of
// the web ("byline", "share"), never one site's names.
package content

import (
	"errors"
	"net/url"
	"strings"

	"github.com/webgraph/webgraph/fetch"
	"golang.org/x/net/html"
)

// DefaultMaxBytes bounds the HTML read and the Markdown written when
// Options.MaxBytes is zero; it is the plain side's default --max-body.
const DefaultMaxBytes = 10 << 20

// Side says which view of a page the content came from.
type Side string

// The sides: the HTML as the server sent it, or the DOM the browser rendered.
const (
	Plain    Side = "plain"
	Rendered Side = "rendered"
)

// Options bound and steer one extraction. The zero value is usable.
type Options struct {
	// MaxBytes caps the HTML read (a longer document is cut, and the
	// Page says so) and the Markdown written. Zero means DefaultMaxBytes.
	MaxBytes int
	// Template is the site's learned template, or nil. Blocks it holds
	// are left out of the content.
	Template *Template

	// skip leaves out rules of our own, so that a test can measure what
	// each family adds.
	skip rules
}

// rules is a set of our rule families (the package's doc says what each
// does; docs/performance.md measures each).
type rules uint

const (
	ruleShadow rules = 1 << iota // shadow roots flattened
	ruleTitle                    // the title from the heading the <title> names
	ruleThread                   // a thread's posts, by their repeated structure
	ruleKeep                     // what go-readability drops by a heading's class
	ruleTrim                     // furniture inside and around the content
	ruleDek                      // the standfirst under the title

	allRules = ruleShadow | ruleTitle | ruleThread | ruleKeep | ruleTrim | ruleDek
)

func (o Options) on(r rules) bool { return o.skip&r == 0 }

func (o Options) maxBytes() int {
	if o.MaxBytes <= 0 {
		return DefaultMaxBytes
	}
	return o.MaxBytes
}

// Page is one page's main content.
type Page struct {
	// Title is the page's title: its <title> without the site's name
	// when that is clear, else its first heading.
	Title string
	// Lang is the page's language as a BCP 47 tag: the one it declares
	// (<html lang>, then Content-Language in a meta element), else the
	// one detected from its text (LangDetected), else empty.
	Lang         string
	LangDetected bool
	// Markdown is the main content, CommonMark with GitHub's tables.
	Markdown string
	// Words counts the content's words (fetch.CountWords over its text).
	Words int
	// Truncated reports that the HTML or the Markdown was cut at MaxBytes.
	Truncated bool
}

// ErrNoContent reports a document in which no main content was found.
var ErrNoContent = errors.New("content: no main content found")

// Extract is Parse then (*Document).Extract: the main content of html, a
// document served or rendered at pageURL.
func Extract(html string, pageURL *url.URL, opts Options) (*Page, error) {
	d, err := Parse(html, pageURL, opts)
	if err != nil {
		return nil, err
	}
	return d.Extract(opts)
}

// Extract returns d's main content. d is not changed, so one Document can
// be given to a Template and extracted in either order, or extracted again
// once its site's template is known. It returns ErrNoContent when the
// document has no text to keep.
func (d *Document) Extract(opts Options) (*Page, error) {
	work := cloneTree(d.root)
	if opts.Template != nil {
		opts.Template.prune(work)
	}
	title := d.title(opts.on(ruleTitle))
	var bodies, posts []*html.Node
	if opts.on(ruleThread) {
		bodies, posts = findPosts(work)
	}
	if opts.on(ruleKeep) {
		hideHeadingClasses(work)
		hideCodeWrapperClasses(work)
		keepQuoteSources(work)
	}
	if opts.on(ruleTrim) {
		// go-readability drops forms, and would leave the words of a
		// sign-up box around them.
		dropSignupBoxes(work)
	}
	node := mainContent(work, d.base, title)
	thread := len(bodies) > 0 && (node == nil || isThread(work, bodies, node))
	if thread {
		node = threadContent(bodies)
	} else if len(bodies) > 0 {
		// Posts that are not the content are comments (or reviews):
		// out, if go-readability took them with the article.
		dropPosts(node, posts)
	}
	if node == nil {
		return nil, ErrNoContent
	}
	if opts.on(ruleKeep) && !thread {
		before, after := tabPanels(work, node)
		for _, p := range before {
			node.InsertBefore(p, node.FirstChild)
		}
		for _, p := range after {
			node.AppendChild(p)
		}
	}
	if opts.on(ruleTrim) {
		cleanHeadings(node)
		dropReferenceMarks(node)
		dropSignupBoxes(node)
		dropMarkedFurniture(node)
		if !thread {
			dropLeadingFactBox(node)
			trimAppendix(node)
			trimEdges(node)
			trimAppendix(node)
		}
	}
	if opts.on(ruleDek) && !thread {
		if dek := standfirst(work, title, node); dek != nil {
			node.InsertBefore(dek, node.FirstChild)
		}
	}
	prepareLinks(node, d.base)
	md, cut, wroteTitle, err := toMarkdown(node, title, opts.maxBytes())
	if err != nil {
		return nil, err
	}
	blocks := textBlocks(node)
	if strings.TrimSpace(md) == "" || fetch.CountWords(blocks) == 0 {
		return nil, ErrNoContent
	}
	p := &Page{Title: title, Markdown: md, Truncated: d.truncated || cut}
	if wroteTitle {
		p.Words = fetch.CountWords(append([]string{title}, blocks...))
	} else {
		p.Words = fetch.CountWords(blocks)
	}
	p.Lang, p.LangDetected = d.lang, false
	if p.Lang == "" {
		p.Lang = detectLang(blocks)
		p.LangDetected = p.Lang != ""
	}
	return p, nil
}
