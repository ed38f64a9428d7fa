// Package discovery finds the URLs of a site and says how each was found:
// citations (Discovery), URL kinds judged from the URL alone, and, in later
// steps, sitemaps and link extraction.
package discovery

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Via says how a URL entered the crawl.
type Via string

const (
	ViaSeed      Via = "seed"
	ViaSitemap   Via = "sitemap"
	ViaLink      Via = "link"
	ViaRedirect  Via = "redirect"
	ViaCanonical Via = "canonical"
)

// Discovery is the citation of a URL: how it entered the crawl, kept for
// whoever accepted it first.
type Discovery struct {
	Via     Via    `json:"via"`
	FoundOn string `json:"found_on,omitempty"` // the page (or sitemap) that named it
	Anchor  string `json:"anchor,omitempty"`   // the words a reader would click, at most 160 characters
	Depth   int    `json:"depth"`
}

// Describe says how the URL was found, for a person: "a seed URL",
// "listed in SITEMAP", "the canonical URL of PAGE", or "linked from PAGE
// as "ANCHOR"".
func (d Discovery) Describe() string {
	switch d.Via {
	case ViaSeed:
		return "a seed URL"
	case ViaSitemap:
		return "listed in " + d.FoundOn
	case ViaCanonical:
		return "the canonical URL of " + d.FoundOn
	}
	s := "linked from " + d.FoundOn
	if d.Anchor != "" {
		s += fmt.Sprintf(" as %q", d.Anchor)
	}
	return s
}

// Kind is what a URL points at, judged from the URL alone.
type Kind string

const (
	KindPage     Kind = "page"
	KindDocument Kind = "document"
	KindImage    Kind = "image"
	KindMedia    Kind = "media"
	KindAsset    Kind = "asset"
	KindFeed     Kind = "feed"
	KindExternal Kind = "external"
)

// allKinds is the closed set of kinds, in reporting order.
var allKinds = []Kind{KindPage, KindDocument, KindImage, KindMedia, KindAsset, KindFeed, KindExternal}

// AllKinds returns the closed set of kinds, in reporting order. The slice is
// a new copy each call.
func AllKinds() []Kind { return slices.Clone(allKinds) }

// IsFile reports whether URLs of kind k are files that never reach the
// queue: documents, images and media.
func (k Kind) IsFile() bool { return k == KindDocument || k == KindImage || k == KindMedia }

var extKinds = map[string]Kind{}

func init() {
	for kind, exts := range map[Kind]string{
		KindDocument: "pdf doc docx xls xlsx ppt pptx odt ods odp rtf csv tsv epub zip gz tgz tar bz2 xz 7z rar dmg exe msi apk deb rpm iso",
		KindImage:    "png jpg jpeg gif webp svg bmp ico tif tiff avif heic",
		KindMedia:    "mp3 mp4 m4a m4v webm ogg ogv oga opus wav flac aac mov avi mkv wmv",
		KindAsset:    "css js mjs json map woff woff2 ttf otf eot wasm",
		KindFeed:     "rss atom",
	} {
		for _, e := range strings.Fields(exts) {
			extKinds[e] = kind
		}
	}
}

// Classify returns the kind of u. A URL whose host is not in sameSite is
// external; otherwise its path's extension (and a few feed conventions)
// decide.
func Classify(u *url.URL, sameSite func(host string) bool) Kind {
	if sameSite != nil && !sameSite(u.Host) {
		return KindExternal
	}
	p := strings.ToLower(u.Path)
	base := path.Base(p)
	switch {
	case base == "feed" || base == "rss" || base == "atom" ||
		base == "feed.xml" || base == "rss.xml" || base == "atom.xml" || base == "index.xml" ||
		feedQuery(u.RawQuery):
		return KindFeed
	}
	if i := strings.LastIndexByte(base, '.'); i >= 0 {
		if k, ok := extKinds[base[i+1:]]; ok {
			return k
		}
	}
	return KindPage
}

// feedQuery reports whether a query's feed parameter asks for RSS or Atom
// (WordPress's "?feed=rss2"). A query that holds neither "feed" nor an
// escape cannot name the parameter, and is not parsed.
func feedQuery(raw string) bool {
	if !strings.Contains(raw, "feed") && !strings.Contains(raw, "%") {
		return false
	}
	q, _ := url.ParseQuery(raw)
	f := strings.ToLower(q.Get("feed"))
	return strings.HasPrefix(f, "rss") || strings.HasPrefix(f, "atom")
}

// Kinds tallies URLs by kind. Its JSON form always has all seven keys, zeros
// included. The zero value is ready to use; it is not safe for concurrent use.
type Kinds map[Kind]int

// MarshalJSON writes every kind, in AllKinds order. (A kind is a lower-case
// word of ours, written as it is: every page event carries this tally.)
func (k Kinds) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 16*len(allKinds))
	b = append(b, '{')
	for i, kind := range allKinds {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, kind...)
		b = append(b, '"', ':')
		b = strconv.AppendInt(b, int64(k[kind]), 10)
	}
	return append(b, '}'), nil
}
