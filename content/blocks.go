package content

import (
	"strings"
	"unicode"
)

// What a crawl keeps of a page's content, and the pass that needs no HTML
// (docs/design.md, "Content"). A crawl extracts each page once, with its
// site's Template as learned so far, and keeps the Markdown as its blocks
// (Blocks), the hashes of all the page's blocks of text (BlockHashes:
// the template is learned again from them, on resume too) and, for each
// Markdown block, the hashes of the blocks of text it was written from
// (BlockRuns). The pages extracted before much was learned still hold
// blocks the site repeats on its pages (a navigation bar read as content on
// the first page, a footer inside the article's element); when the content
// is written out, the template learned from every page's hashes tells them,
// and PruneBlocks leaves them out.

// BlockHashes returns the distinct hashes of d's blocks of text, as Add
// counts them, in the order the blocks first appear. A Template given
// these by AddHashes counts the page as Add would.
func (d *Document) BlockHashes() []uint64 {
	seen := map[uint64]bool{}
	var out []uint64
	for _, r := range runs(d.root) {
		if !seen[r.hash] {
			seen[r.hash] = true
			out = append(out, r.hash)
		}
	}
	return out
}

// AddHashes counts one page of the site given by the hashes of its blocks
// (BlockHashes, or BlockHash of each of its Markdown blocks), each distinct
// hash once. Add a page once: a page added twice counts twice.
func (t *Template) AddHashes(hashes []uint64) {
	seen := make(map[uint64]bool, len(hashes))
	for _, h := range hashes {
		seen[h] = true
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.counts == nil {
		t.counts = make(map[uint64]uint32)
	}
	t.pages++
	max := t.MaxBlocks
	if max <= 0 {
		max = DefaultMaxBlocks
	}
	for h := range seen {
		if c, ok := t.counts[h]; ok {
			t.counts[h] = c + 1
			continue
		}
		if len(t.counts) >= max {
			for k, c := range t.counts {
				if c <= 1 {
					delete(t.counts, k)
				}
			}
		}
		if len(t.counts) < max*9/10 {
			t.counts[h] = 1
		}
	}
}

// Blocks splits md, Markdown as Extract writes it, into its top-level
// blocks: the runs of lines between blank lines, where a blank line inside
// a fenced code block, or followed by an indented line (the next paragraph
// of a list item), does not end a block. strings.Join(Blocks(md), "\n\n")
// is md without its final newline.
func Blocks(md string) []string {
	lines := strings.Split(strings.TrimSuffix(md, "\n"), "\n")
	var out []string
	start := 0
	fence := "" // the fence of the top-level code block open, if any
	for i, l := range lines {
		switch {
		case fence != "":
			if strings.TrimRight(l, " ") == fence {
				fence = ""
			}
			continue
		case strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~"):
			c := l[0]
			n := len(l) - len(strings.TrimLeft(l, string(c)))
			if !strings.Contains(l[n:], string(c)) || c == '~' {
				fence = l[:n]
			}
			continue
		}
		if l != "" || i == start {
			continue
		}
		if i+1 < len(lines) && (strings.HasPrefix(lines[i+1], " ") || lines[i+1] == "") {
			continue // a list item's next paragraph, or a blank run
		}
		if b := strings.Join(lines[start:i], "\n"); b != "" {
			out = append(out, b)
		}
		start = i + 1
	}
	if start < len(lines) {
		if b := strings.Join(lines[start:], "\n"); b != "" {
			out = append(out, b)
		}
	}
	return out
}

// BlockRuns returns, for each of blocks (the Markdown blocks Extract wrote
// of d, in order), the hashes of d's blocks of text it was written from:
// those whose text, spaces aside, makes up the block's text (BlockText), in
// document order. A block whose text they do not make up whole (a title
// taken from <title>, an image's alt text written as text) gets nil, and is
// never taken for template. The work is bounded: a block is looked for in
// a window of the document's blocks of text around where the last one was
// found.
func (d *Document) BlockRuns(blocks []string) [][]uint64 {
	rs := runs(d.root)
	texts := make([]string, len(rs))
	exact := map[string]int{}
	for i, r := range rs {
		var b strings.Builder
		for _, n := range r.nodes {
			b.WriteString(n.Data)
		}
		texts[i] = squash(b.String())
		if _, ok := exact[texts[i]]; !ok && texts[i] != "" {
			exact[texts[i]] = i
		}
	}
	const behind, ahead = 200, 4000
	out := make([][]uint64, len(blocks))
	cursor := 0
	for bi, block := range blocks {
		t := squash(BlockText(block))
		if t == "" {
			continue
		}
		if i, ok := exact[t]; ok {
			out[bi], cursor = []uint64{rs[i].hash}, i+1
			continue
		}
		rest, last := t, -1
		var got []uint64
		for j := max(0, cursor-behind); j < len(rs) && j < cursor+ahead && hasLetters(rest); j++ {
			s := texts[j]
			if s == "" || len(s) > len(rest) {
				continue
			}
			if k := strings.Index(rest, s); k >= 0 {
				got = append(got, rs[j].hash)
				rest = rest[:k] + "\x00" + rest[k+len(s):]
				last = j
			}
		}
		if last >= 0 {
			cursor = last + 1
		}
		if !hasLetters(rest) {
			out[bi] = got
		}
	}
	return out
}

// squash is s without its white space: text as two renderings of it share
// it, whatever the line breaks and spaces between its parts.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// PruneBlocks returns blocks, a page's Markdown blocks, less those written
// only from blocks of text the template holds (runs[i], from BlockRuns),
// as prune leaves out an element: a heading stays when the block after it
// is the page's own, and a page whose every block is template is returned
// whole. A block without runs is the page's own. The slice returned is new.
func (t *Template) PruneBlocks(blocks []string, runs [][]uint64) []string {
	t.mu.Lock()
	templ := make([]bool, len(blocks))
	all := true
	for i := range blocks {
		if i < len(runs) && len(runs[i]) > 0 {
			templ[i] = true
			for _, r := range runs[i] {
				if !t.isTemplateLocked(t.counts[r]) {
					templ[i] = false
					break
				}
			}
		}
		all = all && templ[i]
	}
	t.mu.Unlock()
	if all {
		return append([]string(nil), blocks...)
	}
	var out []string
	for i, b := range blocks {
		if templ[i] && !(isMarkdownHeading(b) && i+1 < len(blocks) && !templ[i+1]) {
			continue
		}
		out = append(out, b)
	}
	return out
}

// isMarkdownHeading reports whether block is an ATX heading.
func isMarkdownHeading(block string) bool {
	n := len(block) - len(strings.TrimLeft(block, "#"))
	return n >= 1 && n <= 6 && len(block) > n && block[n] == ' ' && !strings.Contains(block, "\n")
}

// BlockText returns the text a reader sees of block, a Markdown block as
// Extract writes it: the markers of headings, quotes, list items and
// tables, the fences of code and a link's or image's URL left out (an
// image shows none), escapes undone, each line of the block a
// line. Counting its words (fetch.CountWords) counts the block's.
func BlockText(block string) string {
	var out []string
	fence, fencePad := "", 0
	for _, l := range strings.Split(block, "\n") {
		if fence != "" {
			if strings.TrimSpace(l) == fence {
				fence = ""
				continue
			}
			out = append(out, strings.TrimPrefix(l, strings.Repeat(" ", fencePad)))
			continue
		}
		rest, pad := lineMarkers(l)
		if strings.HasPrefix(rest, "```") || strings.HasPrefix(rest, "~~~") {
			n := len(rest) - len(strings.TrimLeft(rest, rest[:1]))
			fence, fencePad = rest[:n], pad
			continue
		}
		if isTableRule(rest) || rest == "* * *" {
			continue
		}
		if t := markdownInline(rest); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n")
}

// lineMarkers strips the block markers that start l (indentation, "> ",
// list markers, a heading's #s) and returns the rest, with the width of
// what was stripped before it (a fenced block's lines are indented as
// much).
func lineMarkers(l string) (string, int) {
	start := len(l)
	for {
		t := strings.TrimLeft(l, " ")
		switch {
		case strings.HasPrefix(t, "> "):
			t = t[2:]
		case t == ">":
			t = ""
		case strings.HasPrefix(t, "- "):
			t = t[2:]
		default:
			d := len(t) - len(strings.TrimLeft(t, "0123456789"))
			if d > 0 && d < 10 && len(t) > d+1 && t[d] == '.' && t[d+1] == ' ' {
				t = t[d+2:]
				break
			}
			if h := len(t) - len(strings.TrimLeft(t, "#")); h >= 1 && h <= 6 && len(t) > h && t[h] == ' ' {
				return t[h+1:], start - len(t)
			}
			return t, start - len(t)
		}
		l = t
	}
}

// isTableRule reports a table's delimiter row: "| --- | --- |".
func isTableRule(l string) bool {
	return strings.HasPrefix(l, "|") && strings.Trim(l, "|- :") == ""
}

// markdownInline undoes inline Markdown as the writer writes it: a link or an
// image is its text, a code span its content, an escape its character; a
// table row's cells are joined by spaces, and a hard break's backslash
// dropped.
func markdownInline(l string) string {
	table := strings.HasPrefix(l, "| ") && strings.HasSuffix(l, " |")
	if table {
		l = l[2 : len(l)-2]
	}
	var b strings.Builder
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case c == '\\' && i+1 < len(l):
			i++
			b.WriteByte(l[i])
		case c == '\\':
			// a hard break at the end of the line
		case c == '`':
			n := 1
			for i+n < len(l) && l[i+n] == '`' {
				n++
			}
			end := closingTicks(l, i+n, n)
			if end < 0 {
				b.WriteString(l[i : i+n])
				i += n - 1
				continue
			}
			code := l[i+n : end]
			if len(code) > 2 && code[0] == ' ' && code[len(code)-1] == ' ' {
				code = code[1 : len(code)-1]
			}
			if table {
				code = strings.ReplaceAll(code, `\|`, "|")
			}
			b.WriteString(code)
			i = end + n - 1
		case c == '!' && i+1 < len(l) && l[i+1] == '[':
			if end := imageEnd(l, i+2); end > 0 {
				i = end // an image shows no text
			}
		case c == '[':
		case c == ']' && i+1 < len(l) && l[i+1] == '(':
			if j := strings.IndexByte(l[i+2:], ')'); j >= 0 {
				i += 2 + j
			}
		case c == '|' && table:
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

// imageEnd returns the index of the ")" that ends the image whose alt
// text starts at from (its brackets are escaped), or -1.
func imageEnd(l string, from int) int {
	for i := from; i < len(l); i++ {
		switch {
		case l[i] == '\\':
			i++
		case l[i] == ']' && i+1 < len(l) && l[i+1] == '(':
			if j := strings.IndexByte(l[i+2:], ')'); j >= 0 {
				return i + 2 + j
			}
			return -1
		}
	}
	return -1
}

// closingTicks returns where the run of exactly n backticks that closes a
// code span opened before from begins, or -1.
func closingTicks(l string, from, n int) int {
	for i := from; i < len(l); {
		if l[i] != '`' {
			i++
			continue
		}
		j := i
		for j < len(l) && l[j] == '`' {
			j++
		}
		if j-i == n {
			return i
		}
		i = j
	}
	return -1
}
