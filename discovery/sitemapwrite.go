package discovery

import (
	"bufio"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Limits of the sitemaps protocol (sitemaps.org) for one written file.
const (
	// MaxSitemapFileURLs is how many URLs one sitemap file may list, and
	// how many sitemaps one index may name.
	MaxSitemapFileURLs = 50000
	// MaxSitemapFileBytes is how large one sitemap file may be,
	// uncompressed: 50 MB as the protocol counts them (52,428,800 bytes).
	MaxSitemapFileBytes = 50 << 20
	// MaxSitemapLoc is the longest <loc> the protocol allows, in
	// characters.
	MaxSitemapLoc = 2048
)

// SitemapNamespace is the namespace of <urlset> and <sitemapindex>.
const SitemapNamespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

// Skipped reasons: why a URL given to a SitemapWriter was left out.
const (
	SkipNotUnderBase = "not_under_base" // another host, scheme or path than where the files are served
	SkipFragment     = "fragment"       // a #fragment (hash route): not a URL a search engine fetches
	SkipTooLong      = "too_long"       // longer than MaxSitemapLoc once escaped
	SkipNotHTTP      = "not_http"       // not an absolute http(s) URL
)

// SitemapWriter writes the URLs it is given as sitemap files in a
// directory, as the sitemaps protocol (sitemaps.org) requires: sitemap.xml
// alone while they fit one file; past MaxURLs URLs or MaxBytes bytes,
// sitemap-1.xml, sitemap-2.xml, … and sitemap.xml as their index. Each URL
// is percent-encoded where RFC 3986 requires it and entity-escaped, and
// must lie under Base (the URL the files will be served at). Files are
// written under temporary names and renamed when Close succeeds; files of
// those names from an earlier run are replaced, others left alone.
//
// Add the URLs with Add, in any order, then call Close. A SitemapWriter is
// not safe for concurrent use.
type SitemapWriter struct {
	// Dir is the directory the files go to; it must exist.
	Dir string
	// Base is where the files will be served: a directory's URL (a path
	// ending in "/"; what follows the last "/" is ignored). The index
	// names each file in it, and only URLs below it (same scheme and host,
	// path below the directory) may be listed.
	Base *url.URL
	// MaxURLs caps the URLs of one file; zero means MaxSitemapFileURLs.
	MaxURLs int
	// MaxBytes caps one file's size; zero means MaxSitemapFileBytes.
	MaxBytes int64

	files   []sitemapFile // written and closed, under temporary names
	cur     *sitemapFile
	skipped map[string]int
	urls    int
	err     error
}

// sitemapFile is one file of URLs being written.
type sitemapFile struct {
	tmp     string
	f       *os.File
	w       *bufio.Writer
	urls    int
	bytes   int64
	lastmod time.Time // the latest <lastmod> in it
}

// ErrNoSitemapURLs is Close's error when no URL was listed: the protocol's
// <urlset> holds at least one, so no file is written.
var ErrNoSitemapURLs = errors.New("discovery: no URL to list in a sitemap")

// SitemapResult says what a SitemapWriter wrote.
type SitemapResult struct {
	// Files are the files written, the index (sitemap.xml) first when
	// there is one; paths in Dir.
	Files []string
	// Index is set when sitemap.xml is an index of the others.
	Index bool
	// URLs counts the URLs listed.
	URLs int
	// Skipped counts the URLs left out, by reason (the Skip* constants).
	Skipped map[string]int
}

const (
	urlsetOpen   = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="` + SitemapNamespace + `">` + "\n"
	urlsetClose  = "</urlset>\n"
	indexOpen    = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<sitemapindex xmlns="` + SitemapNamespace + `">` + "\n"
	indexClose   = "</sitemapindex>\n"
	lastmodStamp = "2006-01-02T15:04:05Z07:00" // W3C datetime, to the second
)

// Add lists u, with lastmod when it is not zero, or counts it as skipped
// (see the Skip* reasons). The error is the file system's, and stays: every
// later call returns it.
func (w *SitemapWriter) Add(u string, lastmod time.Time) error {
	if w.err != nil {
		return w.err
	}
	loc, reason := w.loc(u)
	if reason != "" {
		if w.skipped == nil {
			w.skipped = map[string]int{}
		}
		w.skipped[reason]++
		return nil
	}
	entry := "<url><loc>" + loc + "</loc>"
	if !lastmod.IsZero() {
		entry += "<lastmod>" + lastmod.UTC().Format(lastmodStamp) + "</lastmod>"
	}
	entry += "</url>\n"
	maxURLs, maxBytes := w.limits()
	if w.cur != nil && (w.cur.urls >= maxURLs || w.cur.bytes+int64(len(entry))+int64(len(urlsetClose)) > maxBytes) {
		w.err = w.finish()
	}
	if w.err == nil && w.cur == nil {
		w.err = w.start()
	}
	if w.err != nil {
		return w.err
	}
	if _, err := w.cur.w.WriteString(entry); err != nil {
		w.err = fmt.Errorf("discovery: writing sitemap: %w", err)
		return w.err
	}
	w.cur.urls++
	w.cur.bytes += int64(len(entry))
	if lastmod.After(w.cur.lastmod) {
		w.cur.lastmod = lastmod
	}
	w.urls++
	return nil
}

func (w *SitemapWriter) limits() (int, int64) {
	maxURLs, maxBytes := w.MaxURLs, w.MaxBytes
	if maxURLs <= 0 {
		maxURLs = MaxSitemapFileURLs
	}
	if maxBytes <= 0 {
		maxBytes = MaxSitemapFileBytes
	}
	return maxURLs, maxBytes
}

// loc returns u as a sitemap's <loc> holds it, or why it cannot be listed.
func (w *SitemapWriter) loc(raw string) (loc, reason string) {
	escaped := escapeURI(raw)
	u, err := url.Parse(escaped)
	switch {
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Opaque != "":
		return "", SkipNotHTTP
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return "", SkipFragment
	case !underBase(w.Base, u):
		return "", SkipNotUnderBase
	}
	loc = escapeSitemapLoc(escaped)
	if len(loc) > MaxSitemapLoc {
		return "", SkipTooLong
	}
	return loc, ""
}

// underBase reports whether u may be listed by a sitemap served in base's
// directory: the same scheme and host, and a path below that directory
// (sitemaps.org, "Sitemap file location").
func underBase(base, u *url.URL) bool {
	if !strings.EqualFold(u.Scheme, base.Scheme) || !strings.EqualFold(u.Host, base.Host) {
		return false
	}
	p := u.EscapedPath()
	if p == "" {
		p = "/"
	}
	return strings.HasPrefix(p, baseDir(base).EscapedPath())
}

// baseDir is the directory of base: its path up to the last slash.
func baseDir(base *url.URL) *url.URL {
	d := *base
	d.RawQuery, d.Fragment, d.RawFragment = "", "", ""
	p := d.EscapedPath()
	p = p[:strings.LastIndex(p, "/")+1]
	if p == "" {
		p = "/"
	}
	d.Path, d.RawPath = "", ""
	if parsed, err := url.Parse(p); err == nil {
		d.Path, d.RawPath = parsed.Path, parsed.RawPath
	}
	return &d
}

// escapeURI percent-encodes the bytes a URI may not hold as they are (RFC
// 3986: non-ASCII bytes, controls, space and the characters it excludes),
// leaving every other byte, and every %XX already there, alone.
func escapeURI(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"<>\^`+"`{|}", c) >= 0 {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// escapeSitemapLoc entity-escapes the five characters sitemaps.org names:
// & ' " > <.
func escapeSitemapLoc(s string) string {
	return strings.NewReplacer("&", "&amp;", "'", "&apos;", `"`, "&quot;", ">", "&gt;", "<", "&lt;").Replace(s)
}

// start opens the next file of URLs under a temporary name.
func (w *SitemapWriter) start() error {
	f, err := os.CreateTemp(w.Dir, ".sitemap-*.xml.tmp")
	if err == nil {
		err = f.Chmod(0o644) // served by a web server, as any page
	}
	if err != nil {
		if f != nil {
			f.Close()
			os.Remove(f.Name())
		}
		return fmt.Errorf("discovery: writing sitemap: %w", err)
	}
	w.cur = &sitemapFile{tmp: f.Name(), f: f, w: bufio.NewWriterSize(f, 64<<10)}
	if _, err := w.cur.w.WriteString(urlsetOpen); err != nil {
		return fmt.Errorf("discovery: writing sitemap: %w", err)
	}
	w.cur.bytes = int64(len(urlsetOpen))
	return nil
}

// finish closes the current file of URLs.
func (w *SitemapWriter) finish() error {
	c := w.cur
	w.cur = nil
	w.files = append(w.files, *c)
	_, err := c.w.WriteString(urlsetClose)
	if err == nil {
		err = c.w.Flush()
	}
	if err == nil {
		err = c.f.Sync()
	}
	if cerr := c.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("discovery: writing sitemap: %w", err)
	}
	return nil
}

// Close finishes the files and gives them their names: sitemap.xml when
// one file holds every URL, else
// sitemap-1.xml … and sitemap.xml as their index, the index renamed last.
// On an error, the run's temporary files are removed.
func (w *SitemapWriter) Close() (SitemapResult, error) {
	res := SitemapResult{URLs: w.urls, Skipped: w.skipped}
	if res.Skipped == nil {
		res.Skipped = map[string]int{}
	}
	if w.err == nil && w.urls == 0 {
		w.err = ErrNoSitemapURLs
	}
	if w.err == nil && w.cur != nil {
		w.err = w.finish()
	}
	if w.err == nil && len(w.files) > MaxSitemapFileURLs {
		w.err = fmt.Errorf("discovery: %d sitemap files: more than one index may name (%d)", len(w.files), MaxSitemapFileURLs)
	}
	if w.err == nil {
		res.Files, res.Index, w.err = w.publish()
	}
	if w.err != nil {
		if w.cur != nil {
			w.cur.f.Close()
			w.files = append(w.files, *w.cur)
			w.cur = nil
		}
		for _, f := range w.files {
			os.Remove(f.tmp)
		}
		return res, w.err
	}
	return res, nil
}

// Abort removes the files begun and publishes nothing: the writer is done.
func (w *SitemapWriter) Abort() {
	if w.cur != nil {
		w.cur.f.Close()
		w.files = append(w.files, *w.cur)
		w.cur = nil
	}
	for _, f := range w.files {
		os.Remove(f.tmp) // our own temporary files
	}
	w.files = nil
	if w.err == nil {
		w.err = errors.New("discovery: the sitemap writer was aborted")
	}
}

// publish renames the finished files, writing the index when there are
// several.
func (w *SitemapWriter) publish() ([]string, bool, error) {
	main := filepath.Join(w.Dir, "sitemap.xml")
	if len(w.files) == 1 {
		if err := os.Rename(w.files[0].tmp, main); err != nil {
			return nil, false, fmt.Errorf("discovery: writing sitemap: %w", err)
		}
		return []string{main}, false, nil
	}
	var index strings.Builder
	index.WriteString(indexOpen)
	names := make([]string, len(w.files))
	for i, f := range w.files {
		names[i] = fmt.Sprintf("sitemap-%d.xml", i+1)
		loc := baseDir(w.Base).ResolveReference(&url.URL{Path: names[i]})
		index.WriteString("<sitemap><loc>" + escapeSitemapLoc(escapeURI(loc.String())) + "</loc>")
		if !f.lastmod.IsZero() {
			index.WriteString("<lastmod>" + f.lastmod.UTC().Format(lastmodStamp) + "</lastmod>")
		}
		index.WriteString("</sitemap>\n")
	}
	index.WriteString(indexClose)
	if int64(index.Len()) > MaxSitemapFileBytes {
		return nil, false, errors.New("discovery: the sitemap index would be larger than the protocol allows")
	}
	tmp, err := os.CreateTemp(w.Dir, ".sitemap-index-*.xml.tmp")
	if err != nil {
		return nil, false, fmt.Errorf("discovery: writing sitemap index: %w", err)
	}
	w.files = append(w.files, sitemapFile{tmp: tmp.Name()}) // removed on an error below
	err = tmp.Chmod(0o644)
	if err == nil {
		_, err = tmp.WriteString(index.String())
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, false, fmt.Errorf("discovery: writing sitemap index: %w", err)
	}
	files := []string{main}
	for i, f := range w.files[:len(names)] {
		path := filepath.Join(w.Dir, names[i])
		if err := os.Rename(f.tmp, path); err != nil {
			return nil, false, fmt.Errorf("discovery: writing sitemap: %w", err)
		}
		files = append(files, path)
	}
	if err := os.Rename(tmp.Name(), main); err != nil {
		return nil, false, fmt.Errorf("discovery: writing sitemap index: %w", err)
	}
	return files, true, nil
}
