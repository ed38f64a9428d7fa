package content

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Entry is one kept page as `content --format markdown` writes it.
type Entry struct {
	URL      string // the URL asked for
	FinalURL string // where it landed
	Title    string
	Lang     string
	Side     Side
	Words    int
	Citation discovery.Discovery // how the URL entered the crawl
	Markdown string
}

// cleaned is e with the site's text made safe to show (control characters
// other than tab and newline, and bidirectional overrides, written as
// visible escapes: safetext.Clean), whatever cleaned it before: a file
// written here is opened in terminals and editors.
func (e Entry) cleaned() Entry {
	e.URL, e.FinalURL, e.Title, e.Lang = safetext.Clean(e.URL), safetext.Clean(e.FinalURL), safetext.Clean(e.Title), safetext.Clean(e.Lang)
	e.Markdown = safetext.Clean(e.Markdown)
	e.Citation.FoundOn, e.Citation.Anchor = safetext.Clean(e.Citation.FoundOn), safetext.Clean(e.Citation.Anchor)
	return e
}

// IndexFile is the name of the file listing the pages, at the top of the
// output folder.
const IndexFile = "index.md"

// renamedDir holds the pages whose own path could not be used; no path
// derived from a URL starts with "~".
const renamedDir = "~renamed"

// Limits of a derived path, under every file system's: a segment of at most
// maxSegment bytes (ext4 and APFS allow 255, NTFS 255 UTF-16 units), at
// most maxSegments folders deep, at most maxPath bytes in all (Windows'
// MAX_PATH is 260 characters with the folder it is written under).
const (
	maxSegment  = 80
	maxSegments = 12
	maxPath     = 200
)

// Rename is a page written somewhere other than the path its URL gives,
// and why.
type Rename struct {
	URL    string
	Path   string // where it is written, slash-separated under the folder
	Reason string
}

// PlanPaths returns, for each URL, the slash-separated path of its Markdown
// file under the output folder: host/path/segments.md ("index.md" for a
// path ending in "/"; a query adds a short hash of itself to the name).
// Every path is safe on Linux, macOS and Windows: no "." or ".." segment,
// no absolute path, no reserved name (CON, NUL, COM1, …, with or without an
// extension), no character those systems refuse, no trailing dot or space,
// bounded lengths, NFC. Two URLs whose paths are equal when case is folded
// (as on macOS and Windows), or whose file is the other's folder, do not
// share a place: the URLs are taken in byte order, the first keeps the
// path, and a later one is written under "~renamed/" by a hash of its URL,
// as is a URL that gives no usable path. The result does not depend on the
// order of urls. Each URL so moved is one Rename.
func PlanPaths(urls []string) (paths []string, renames []Rename) {
	order := make([]int, len(urls))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return urls[order[a]] < urls[order[b]] })
	fold := cases.Fold()
	key := func(p string) string { return fold.String(p) }
	files := map[string]bool{key(IndexFile): true}
	dirs := map[string]bool{key(renamedDir): true}
	free := func(p string) bool {
		if files[key(p)] || dirs[key(p)] {
			return false
		}
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			if files[key(d)] {
				return false
			}
		}
		return true
	}
	take := func(p string) {
		files[key(p)] = true
		for d := path.Dir(p); d != "."; d = path.Dir(d) {
			dirs[key(d)] = true
		}
	}
	paths = make([]string, len(urls))
	seen := map[string]bool{}
	for _, i := range order {
		u := urls[i]
		p, reason := urlPath(u)
		if reason == "" && seen[u] {
			reason = "the same URL is listed twice"
		}
		seen[u] = true
		if reason == "" && !free(p) {
			reason = "its path collides with another page's (" + p + ")"
		}
		if reason != "" {
			sum := sha256.Sum256([]byte(u))
			h := hex.EncodeToString(sum[:])
			p = renamedDir + "/" + h[:16] + ".md"
			for n := 2; !free(p); n++ {
				p = renamedDir + "/" + h[:16] + "-" + strconv.Itoa(n) + ".md"
			}
			renames = append(renames, Rename{URL: u, Path: p, Reason: reason})
		}
		take(p)
		paths[i] = p
	}
	sort.SliceStable(renames, func(a, b int) bool { return renames[a].URL < renames[b].URL })
	return paths, renames
}

// urlPath derives a file's path from raw, or says why it cannot.
func urlPath(raw string) (string, string) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", "it is not an http(s) URL with a host"
	}
	host := strings.ToLower(u.Hostname())
	if port := u.Port(); port != "" {
		host += "_" + port
	}
	segs := []string{safeSegment(host)}
	p := u.EscapedPath()
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	last := parts[len(parts)-1]
	parts = parts[:len(parts)-1]
	for _, s := range parts {
		if s == "" {
			continue // "//" in a path names no folder
		}
		if dec, err := url.PathUnescape(s); err == nil {
			s = dec
		}
		segs = append(segs, safeSegment(s))
	}
	if dec, err := url.PathUnescape(last); err == nil {
		last = dec
	}
	name := "index"
	if last != "" {
		name = strings.TrimSuffix(last, ".md")
	}
	if u.RawQuery != "" {
		sum := sha256.Sum256([]byte(u.RawQuery))
		name += "~" + hex.EncodeToString(sum[:4])
	}
	segs = append(segs, safeSegment(name+".md"))
	if len(segs) > maxSegments+1 {
		return "", "its path is too deep"
	}
	out := strings.Join(segs, "/")
	if len(out) > maxPath {
		return "", "its path is too long"
	}
	return out, ""
}

// safeSegment makes s one folder or file name every file system accepts.
func safeSegment(s string) string {
	s = norm.NFC.String(s)
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7f || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) || r == utf8.RuneError:
			b.WriteByte('_')
		case strings.ContainsRune(`<>:"/\|?*`, r):
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	s = b.String()
	// Windows drops trailing dots and spaces; "." and ".." are not names.
	if strings.TrimRight(s, ". ") != s {
		s = strings.TrimRight(s, ". ") + "_"
	}
	if s == "" {
		s = "_"
	}
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "~") || strings.HasPrefix(s, " ") {
		s = "_" + s
	}
	stem, _, _ := strings.Cut(s, ".")
	if reservedName(strings.TrimRight(stem, " ")) {
		s = "_" + s
	}
	if len(s) > maxSegment {
		sum := sha256.Sum256([]byte(s))
		ext := ""
		if strings.HasSuffix(s, ".md") {
			ext = ".md"
		}
		s = strings.TrimRight(cutUTF8(s, maxSegment-len(ext)-9), ". ") + "~" + hex.EncodeToString(sum[:4]) + ext
	}
	return s
}

// reservedName reports the device names Windows reserves in every folder.
func reservedName(stem string) bool {
	switch strings.ToUpper(stem) {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$", "CLOCK$":
		return true
	}
	up := strings.ToUpper(stem)
	if len(up) >= 4 && (strings.HasPrefix(up, "COM") || strings.HasPrefix(up, "LPT")) {
		d := up[3:]
		return d == "1" || d == "2" || d == "3" || d == "4" || d == "5" || d == "6" || d == "7" || d == "8" || d == "9" ||
			d == "0" || d == "¹" || d == "²" || d == "³"
	}
	return false
}

// FileBytes is e as a Markdown file: YAML front matter, then e.Markdown.
func FileBytes(e Entry) []byte {
	e = e.cleaned()
	var b strings.Builder
	b.WriteString("---\n")
	field := func(k, v string) {
		b.WriteString(k)
		b.WriteString(": ")
		b.WriteString(yamlString(v))
		b.WriteByte('\n')
	}
	field("url", e.URL)
	field("final_url", e.FinalURL)
	field("title", e.Title)
	field("lang", e.Lang)
	field("side", string(e.Side))
	b.WriteString("words: " + strconv.Itoa(e.Words) + "\n")
	b.WriteString("citation:\n")
	b.WriteString("  via: " + yamlString(string(e.Citation.Via)) + "\n")
	if e.Citation.FoundOn != "" {
		b.WriteString("  found_on: " + yamlString(e.Citation.FoundOn) + "\n")
	}
	if e.Citation.Anchor != "" {
		b.WriteString("  anchor: " + yamlString(e.Citation.Anchor) + "\n")
	}
	b.WriteString("  depth: " + strconv.Itoa(e.Citation.Depth) + "\n")
	b.WriteString("---\n\n")
	b.WriteString(e.Markdown)
	if !strings.HasSuffix(e.Markdown, "\n") {
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// yamlString writes s as a YAML double-quoted scalar on one line: every
// character that could end it, break its line or not print is escaped, so
// no text of a site can close the front matter or add a key.
func yamlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == utf8.RuneError:
			b.WriteString(`\uFFFD`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == 0x2028 || r == 0x2029 || r == 0xfeff ||
			unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs) || !unicode.IsPrint(r) && r != ' ':
			if r <= 0xffff {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				fmt.Fprintf(&b, `\U%08X`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// IndexBytes is the index file: a Markdown list of the pages, each its
// title linked to its file (paths as PlanPaths gave them) and its URL.
func IndexBytes(entries []Entry, paths []string) []byte {
	ul := &html.Node{Type: html.ElementNode, Data: "ul", DataAtom: atom.Ul}
	for i, e := range entries {
		e = e.cleaned()
		li := &html.Node{Type: html.ElementNode, Data: "li", DataAtom: atom.Li}
		a := &html.Node{Type: html.ElementNode, Data: "a", DataAtom: atom.A,
			Attr: []html.Attribute{{Key: "href", Val: (&url.URL{Path: paths[i]}).EscapedPath()}}}
		title := collapse(e.Title)
		if title == "" {
			title = e.URL
		}
		a.AppendChild(&html.Node{Type: html.TextNode, Data: title})
		li.AppendChild(a)
		li.AppendChild(&html.Node{Type: html.TextNode, Data: " — " + e.URL})
		ul.AppendChild(li)
	}
	h1 := &html.Node{Type: html.ElementNode, Data: "h1", DataAtom: atom.H1}
	h1.AppendChild(&html.Node{Type: html.TextNode, Data: "Pages"})
	root := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	root.AppendChild(h1)
	root.AppendChild(ul)
	md, _, _, _ := toMarkdown(root, "", int(^uint(0)>>1))
	return []byte(md)
}

// WriteDir writes entries under dir, one file each at the paths PlanPaths
// gives, and the index file. Every write goes through an os.Root on dir, so
// no path (and no link already in dir) leads outside it; a file already
// there is replaced. It returns the renames PlanPaths made.
func WriteDir(dir string, entries []Entry) ([]Rename, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	defer root.Close()
	urls := make([]string, len(entries))
	for i, e := range entries {
		urls[i] = e.URL
	}
	paths, renames := PlanPaths(urls)
	// One page that cannot be written (its path taken by a directory, a
	// FIFO or a link out of dir) is said, and the others are written all
	// the same; the index lists the pages written.
	var problems []error
	var wrote []Entry
	var wrotePaths []string
	for i, e := range entries {
		if err := writeInside(root, paths[i], FileBytes(e)); err != nil {
			problems = append(problems, fmt.Errorf("content: %s: %w", e.URL, err))
			continue
		}
		wrote, wrotePaths = append(wrote, e), append(wrotePaths, paths[i])
	}
	if err := writeInside(root, IndexFile, IndexBytes(wrote, wrotePaths)); err != nil {
		problems = append(problems, fmt.Errorf("content: %w", err))
	}
	return renames, errors.Join(problems...)
}

// writeInside writes data to name under root, making its directories. A
// name that is already something other than a regular file (a directory,
// a FIFO, which would block the write, a device, a link) is left as it is
// and refused.
func writeInside(root *os.Root, name string, data []byte) error {
	if d := path.Dir(name); d != "." {
		if err := root.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	if fi, err := root.Lstat(name); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file (%s): left as it is", name, fi.Mode().Type())
	}
	return root.WriteFile(name, data, 0o644)
}
