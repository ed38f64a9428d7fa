package content

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The Markdown writer. It writes CommonMark with GitHub's tables, and
// escapes every character of the page's text that could be read as markup
// where it stands, so that a renderer shows the page's text and nothing
// else: no heading, list, quote, fence, link, HTML or entity the page's text
// did not have as an element. Emphasis is not written (its delimiters'
// rules could show them as text); headings, paragraphs, lists, block
// quotes, code blocks (with their language), tables, links and images are.

// mdWriter writes blocks, each a list of lines, separated by blank lines,
// and stops once max bytes are written.
type mdWriter struct {
	b   strings.Builder
	max int
	cut bool
}

func (w *mdWriter) block(lines []string) {
	if w.cut || len(lines) == 0 {
		return
	}
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	if w.b.Len() > 0 {
		n++
	}
	if w.b.Len()+n > w.max {
		w.cut = true
		// The block is written as far as it fits, cut after a word
		// and before a link or code span it would leave open.
		room := w.max - w.b.Len() - 2
		var kept []string
		for _, l := range lines {
			if room <= 0 {
				break
			}
			if len(l)+1 > room {
				if l = cutLine(l, room-1); l != "" {
					kept = append(kept, l)
				}
				break
			}
			kept = append(kept, l)
			room -= len(l) + 1
		}
		if len(kept) > 0 && !strings.HasPrefix(lines[0], "```") && !strings.HasPrefix(lines[0], "|") {
			lines = kept
			n = 0
			for _, l := range lines {
				n += len(l) + 1
			}
		} else {
			return
		}
	}
	if w.b.Len() > 0 {
		w.b.WriteByte('\n')
	}
	if w.cut {
		lines[len(lines)-1] = strings.TrimSuffix(lines[len(lines)-1], `\`)
	}
	for _, l := range lines {
		w.b.WriteString(l)
		w.b.WriteByte('\n')
	}
}

// toMarkdown writes n as Markdown, with title as its first heading unless n
// has a heading of that text, within max bytes (whole blocks only). It
// reports whether it cut, and whether it wrote the title.
func toMarkdown(n *html.Node, title string, max int) (md string, cut, wroteTitle bool, err error) {
	w := &mdWriter{max: max}
	if title != "" && !hasHeading(n, title) {
		w.block([]string{"# " + escapeLine(title, true)})
		wroteTitle = true
	}
	for _, b := range blocks(n, 0) {
		w.block(b)
		if w.cut {
			break
		}
	}
	return w.b.String(), w.cut, wroteTitle, nil
}

// hasHeading reports whether n has a heading whose text is title.
func hasHeading(n *html.Node, title string) bool {
	found := false
	walk(n, func(c *html.Node) bool {
		if found {
			return false
		}
		if c.Type == html.ElementNode && isHeading(c) {
			found = headingText(c) == title
			return false
		}
		return true
	})
	return found
}

// maxNest bounds the block containers (lists, quotes) written inside one
// another; deeper ones are written as their content.
const maxNest = 16

// blocks renders n's children as Markdown blocks.
func blocks(n *html.Node, nest int) [][]string {
	var out [][]string
	var inline []*html.Node
	flush := func() {
		if len(inline) > 0 {
			if lines := paragraph(inline); len(lines) > 0 {
				out = append(out, lines)
			}
			inline = nil
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if invisible(c) {
			continue
		}
		if c.Type != html.ElementNode || !isBlock(c) || c.DataAtom == atom.Br {
			inline = append(inline, c)
			continue
		}
		flush()
		out = append(out, block(c, nest)...)
	}
	flush()
	return out
}

// block renders one block-level element.
func block(c *html.Node, nest int) [][]string {
	switch c.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		t := inlineText(c, false)
		if strings.TrimSpace(t) == "" {
			return nil
		}
		level := int(c.Data[1] - '0')
		return [][]string{{strings.Repeat("#", level) + " " + strings.ReplaceAll(collapseSpaces(t), "#", `\#`)}}
	case atom.P:
		if lines := paragraph(children(c)); len(lines) > 0 {
			return [][]string{lines}
		}
		return nil
	case atom.Pre:
		return [][]string{codeBlock(c)}
	case atom.Ul, atom.Ol:
		if nest >= maxNest {
			return blocks(c, nest)
		}
		return [][]string{list(c, nest)}
	case atom.Blockquote:
		if nest >= maxNest {
			return blocks(c, nest)
		}
		inner := join(blocks(c, nest+1))
		if len(inner) == 0 {
			return nil
		}
		for i, l := range inner {
			if l == "" {
				inner[i] = ">"
			} else {
				inner[i] = "> " + l
			}
		}
		return [][]string{inner}
	case atom.Table:
		if t := table(c); len(t) > 0 {
			return [][]string{t}
		}
		return nil
	case atom.Hr:
		return [][]string{{"* * *"}}
	}
	return blocks(c, nest)
}

func children(n *html.Node) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		out = append(out, c)
	}
	return out
}

// join puts blocks one after another, a blank line between each two.
func join(bs [][]string) []string {
	var out []string
	for i, b := range bs {
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, b...)
	}
	return out
}

// list renders a ul or ol: each item's blocks, the first line after its
// marker, the others indented to the item's content.
func list(n *html.Node, nest int) []string {
	var out []string
	num := 1
	if n.DataAtom == atom.Ol {
		if s, err := strconv.Atoi(strings.TrimSpace(attr(n, "start"))); err == nil && s >= 0 && s < 1e9 {
			num = s
		}
	}
	loose := false
	var items [][]string
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if invisible(c) {
			continue
		}
		var bs [][]string
		if c.Type == html.ElementNode && c.DataAtom == atom.Li {
			bs = blocks(c, nest+1)
		} else if c.Type == html.ElementNode && (c.DataAtom == atom.Ul || c.DataAtom == atom.Ol) {
			bs = [][]string{list(c, nest+1)}
		} else if c.Type == html.TextNode && strings.TrimSpace(c.Data) == "" {
			continue
		} else {
			bs = blocks(&html.Node{Type: html.ElementNode, FirstChild: c, LastChild: c}, nest+1)
		}
		if len(bs) > 1 {
			loose = true
		}
		items = append(items, join(bs))
	}
	for _, item := range items {
		if len(item) == 0 {
			continue
		}
		marker := "- "
		if n.DataAtom == atom.Ol {
			marker = strconv.Itoa(num) + ". "
			num++
		}
		if loose && len(out) > 0 {
			out = append(out, "")
		}
		pad := strings.Repeat(" ", len(marker))
		for i, l := range item {
			switch {
			case i == 0:
				out = append(out, marker+l)
			case l == "":
				out = append(out, "")
			default:
				out = append(out, pad+l)
			}
		}
	}
	return out
}

// paragraph renders inline nodes as the lines of one paragraph (a <br> is
// a hard line break).
func paragraph(nodes []*html.Node) []string {
	var b strings.Builder
	for _, c := range nodes {
		inline(&b, c, false)
	}
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		l = collapseSpaces(l)
		if l == "" {
			continue
		}
		lines = append(lines, escapeStart(l))
	}
	for i := 0; i < len(lines)-1; i++ {
		lines[i] += `\`
	}
	return lines
}

// inlineText is n's inline rendering on one line.
func inlineText(n *html.Node, inTable bool) string {
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		inline(&b, c, inTable)
	}
	return strings.ReplaceAll(b.String(), "\n", " ")
}

// inline writes n as inline Markdown: text escaped, links, images and code
// spans, "\n" for a line break; block elements inside inline content are
// written as their text with a space around.
func inline(b *strings.Builder, n *html.Node, inTable bool) {
	if invisible(n) {
		return
	}
	switch n.Type {
	case html.TextNode:
		// A line end in the page's text is white space, as a browser
		// shows it; only a <br> is a line break.
		b.WriteString(escapeText(lineEnds.Replace(n.Data)))
		return
	case html.ElementNode:
	default:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			inline(b, c, inTable)
		}
		return
	}
	switch n.DataAtom {
	case atom.Br:
		b.WriteByte('\n')
		return
	case atom.A:
		text := collapseSpaces(strings.ReplaceAll(inlineText(n, inTable), "\n", " "))
		href := attr(n, "href")
		if href == "" || text == "" {
			b.WriteString(text)
			return
		}
		b.WriteString("[" + text + "](" + escapeURL(href) + ")")
		return
	case atom.Img:
		if src := attr(n, "src"); src != "" {
			b.WriteString("![" + escapeText(collapse(attr(n, "alt"))) + "](" + escapeURL(src) + ")")
		}
		return
	case atom.Code, atom.Kbd, atom.Samp, atom.Tt:
		b.WriteString(codeSpan(nodeText(n), inTable))
		return
	}
	if isBlock(n) {
		b.WriteByte(' ')
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		inline(b, c, inTable)
	}
	if isBlock(n) {
		b.WriteByte(' ')
	}
}

// lineEnds turns the line ends of a text node into spaces.
var lineEnds = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

// collapseSpaces folds runs of HTML white space (space, tab, CR, LF, FF)
// into one space and trims them; other spaces (no-break) are text.
func collapseSpaces(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f'
	}), " ")
}

// escapeText backslash-escapes the characters that are markup wherever
// they stand: \ ` * _ [ ] < | ~, and & when an entity follows it.
func escapeText(s string) string { return escapeWith(s, "") }

// escapeWith is escapeText that also escapes the characters of extra.
func escapeWith(s, extra string) string {
	if !strings.ContainsAny(s, "\\`*_[]<|~&"+extra) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case strings.ContainsRune("\\`*_[]<|~", r) || strings.ContainsRune(extra, r):
			b.WriteByte('\\')
		case r == '&':
			if entityAt([]byte(s[i+1:])) {
				b.WriteByte('\\')
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

// escapeStart escapes what is markup at the start of a line: a heading's
// #, a quote's >, a list's - + or number, a setext underline's =.
func escapeStart(l string) string {
	if l == "" {
		return l
	}
	switch l[0] {
	case '#', '>', '-', '+', '=':
		return `\` + l
	}
	i := 0
	for i < len(l) && i < 10 && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i > 0 && i < len(l) && (l[i] == '.' || l[i] == ')') {
		return l[:i] + `\` + l[i:]
	}
	return l
}

// escapeLine is escapeText then escapeStart for one line; in a heading,
// every # is escaped (a closing sequence would be taken away).
func escapeLine(s string, heading bool) string {
	if heading {
		return escapeStart(escapeWith(collapseSpaces(s), "#"))
	}
	return escapeStart(escapeText(collapseSpaces(s)))
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

// escapeURL writes an absolute URL as a link destination: the characters
// that would end it or be read as markup are percent-encoded.
func escapeURL(u string) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c <= ' ' || c == 0x7f || strings.IndexByte("()<>\\`|*_[]", c) >= 0 {
			b.WriteString("%" + strings.ToUpper(strconv.FormatInt(int64(c)|0x100, 16)[1:]))
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// codeSpan writes s as a code span: a backtick run longer than any in s,
// a space inside it when s starts or ends with a backtick or a space. In a
// table cell a pipe is escaped, as GitHub's tables read it before the span.
func codeSpan(s string, inTable bool) string {
	s = collapseSpaces(s)
	if s == "" {
		return ""
	}
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if s[0] == '`' || s[len(s)-1] == '`' || s[0] == ' ' && s[len(s)-1] == ' ' {
		s = " " + s + " "
	}
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	return fence + s + fence
}

// codeBlock writes a pre as a fenced code block, its language from a
// "language-X" or "lang-X" class of it or its code child.
func codeBlock(pre *html.Node) []string {
	text := codeText(pre)
	text = strings.TrimPrefix(text, "\n")
	text = strings.TrimRight(text, " \t\r\n")
	lang := codeLang(pre)
	if lang == "" {
		if c := findFirst(pre, atom.Code); c != nil {
			lang = codeLang(c)
		}
	}
	longest, run := 0, 0
	for i := 0; i < len(text); i++ {
		if text[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	lines := []string{fence + lang}
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		lines = append(lines, strings.ReplaceAll(l, "\r", ""))
	}
	return append(lines, fence)
}

// codeText is a code block's text: its text nodes, a line break for each
// <br>, and each line an element of its own (a highlighter's line <div>)
// ended by a line break.
func codeText(pre *html.Node) string {
	var b strings.Builder
	var rec func(n *html.Node)
	rec = func(n *html.Node) {
		if n != pre && invisible(n) && n.DataAtom != atom.Button {
			return
		}
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
			return
		case n.Type == html.ElementNode && n.DataAtom == atom.Br:
			b.WriteByte('\n')
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
		if n != pre && n.Type == html.ElementNode && isBlock(n) && b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
			b.WriteByte('\n')
		}
	}
	rec(pre)
	return b.String()
}

// codeLang is the language a class names, kept to the characters a fence's
// info string may hold.
func codeLang(n *html.Node) string {
	for _, c := range strings.Fields(attr(n, "class")) {
		for _, p := range []string{"language-", "lang-"} {
			if l, ok := strings.CutPrefix(c, p); ok && l != "" && len(l) <= 32 {
				if strings.IndexFunc(l, func(r rune) bool {
					return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("+-#._", r))
				}) < 0 {
					return l
				}
			}
		}
	}
	return ""
}

// table writes a table as a GitHub table: its first row the header, every
// row as wide as the widest, each cell on one line. A table in a table
// cell is written as its text.
func table(t *html.Node) []string {
	var rows [][]string
	var walkRows func(n *html.Node)
	walkRows = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch c.DataAtom {
			case atom.Tr:
				var row []string
				for d := c.FirstChild; d != nil; d = d.NextSibling {
					if d.Type == html.ElementNode && (d.DataAtom == atom.Td || d.DataAtom == atom.Th) {
						row = append(row, collapseSpaces(inlineText(d, true)))
					}
				}
				if len(row) > 0 {
					rows = append(rows, row)
				}
			case atom.Thead, atom.Tbody, atom.Tfoot:
				walkRows(c)
			}
		}
	}
	walkRows(t)
	if len(rows) == 0 {
		return nil
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	if width > 64 {
		// Not a table a reader reads as one: its cells as paragraphs.
		var out []string
		for _, r := range rows {
			out = append(out, escapeStart(strings.Join(r, " ")))
		}
		return out
	}
	line := func(r []string) string {
		cells := make([]string, width)
		copy(cells, r)
		return "| " + strings.Join(cells, " | ") + " |"
	}
	out := []string{line(rows[0]), "|" + strings.Repeat(" --- |", width)}
	for _, r := range rows[1:] {
		out = append(out, line(r))
	}
	return out
}

// cutLine cuts a line of inline Markdown to at most n bytes, after a word,
// and before an unclosed link, image or code span and a cut escape.
func cutLine(l string, n int) string {
	if n <= 0 {
		return ""
	}
	l = cutUTF8(l, n)
	if i := strings.LastIndexByte(l, ' '); i > 0 {
		l = l[:i]
	}
	open, ticks, lastTick := -1, 0, -1
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case '\\':
			i++
		case '[':
			if open < 0 {
				open = i
			}
			if i > 0 && l[i-1] == '!' && open == i {
				open = i - 1
			}
		case ')':
			open = -1
		case '`':
			if ticks%2 == 0 {
				lastTick = i
			}
			for i+1 < len(l) && l[i+1] == '`' {
				i++
			}
			ticks++
		}
	}
	if ticks%2 == 1 && lastTick >= 0 {
		l = l[:lastTick]
	}
	if open >= 0 && open < len(l) {
		l = l[:open]
	}
	l = strings.TrimRight(l, " ")
	// An odd run of backslashes at the end would escape what follows.
	k := 0
	for k < len(l) && l[len(l)-1-k] == '\\' {
		k++
	}
	if k%2 == 1 {
		l = l[:len(l)-1]
	}
	return l
}
