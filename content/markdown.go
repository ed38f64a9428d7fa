package content

import (
	"strings"

	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// newConverter returns html-to-markdown with CommonMark, GitHub's tables
// and the escapes CommonMark needs that it leaves out (entities).
func newConverter() *converter.Converter {
	return converter.NewConverter(converter.WithPlugins(
		base.NewBasePlugin(),
		commonmark.NewCommonmarkPlugin(
			commonmark.WithLinkEmptyHrefBehavior(commonmark.LinkBehaviorSkip),
			commonmark.WithLinkEmptyContentBehavior(commonmark.LinkBehaviorSkip),
		),
		table.NewTablePlugin(table.WithSpanCellBehavior(table.SpanBehaviorMirror)),
		entityPlugin{},
	))
}

// entityPlugin escapes an ampersand of the page's text that starts what
// CommonMark reads as an entity ("&amp;" written in a page's text must
// not turn into "&").
type entityPlugin struct{}

func (entityPlugin) Name() string { return "webgraph-entities" }

func (entityPlugin) Init(conv *converter.Converter) error {
	conv.Register.EscapedChar('&')
	conv.Register.UnEscaper(func(chars []byte, i int) int {
		if chars[i] != '&' || !entityAt(chars[i+1:]) {
			return -1
		}
		return 1
	}, converter.PriorityStandard)
	return nil
}

// entityAt reports whether b starts with what follows "&" in an entity
// reference: a name or a number, then ";".
func entityAt(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '#' {
		i++
		if i < len(b) && (b[i] == 'x' || b[i] == 'X') {
			i++
		}
	}
	start := i
	for i < len(b) && i-start < 40 && (b[i] >= '0' && b[i] <= '9' || b[i] >= 'a' && b[i] <= 'z' || b[i] >= 'A' && b[i] <= 'Z') {
		i++
	}
	return i > start && i < len(b) && b[i] == ';'
}

// toMarkdown writes n as Markdown, with title as its first heading unless n
// starts with a heading of that text, cut at a block boundary to at most
// max bytes. It reports whether it cut, and whether it wrote the title.
func toMarkdown(n *html.Node, title string, max int) (md string, cut, wroteTitle bool, err error) {
	out, err := newConverter().ConvertNode(n)
	if err != nil {
		return "", false, false, err
	}
	md = strings.TrimSpace(string(out))
	if title != "" && !hasHeading(n, title) {
		h1 := &html.Node{Type: html.ElementNode, Data: "h1", DataAtom: atom.H1}
		h1.AppendChild(&html.Node{Type: html.TextNode, Data: title})
		t, err := newConverter().ConvertNode(h1)
		if err == nil && len(t) > 0 {
			md = strings.TrimSpace(string(t)) + "\n\n" + md
			wroteTitle = true
		}
	}
	if len(md) > max {
		md, cut = cutMarkdown(md, max), true
	}
	return md + "\n", cut, wroteTitle, nil
}

// hasHeading reports whether n has a heading whose text is title.
func hasHeading(n *html.Node, title string) bool {
	found := false
	walk(n, func(c *html.Node) bool {
		if found {
			return false
		}
		if c.Type == html.ElementNode && isHeading(c) {
			found = collapse(nodeText(c)) == title
			return false
		}
		return true
	})
	return found
}

// cutMarkdown cuts md to at most max bytes, at the last blank line (a block
// boundary) before it when there is one, else at the last line break, else
// at a rune boundary.
func cutMarkdown(md string, max int) string {
	s := cutUTF8(md, max)
	if i := strings.LastIndex(s, "\n\n"); i > 0 {
		return strings.TrimRight(s[:i], "\n")
	}
	if i := strings.LastIndexByte(s, '\n'); i > 0 {
		return s[:i]
	}
	return s
}
