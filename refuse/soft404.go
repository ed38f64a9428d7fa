package refuse

import (
	"net/url"
	"strings"
)

// Soft404 is what a host serves for a path that cannot exist, learned from
// one probe: a page that matches it is missing, whatever its status. It is
// immutable and safe for concurrent use.
type Soft404 struct {
	title string
	text  string
}

// NewSoft404 fingerprints the probe's answer: its title and its text blocks,
// less any block that quotes the path asked for.
func NewSoft404(probeURL, title string, blocks []string) *Soft404 {
	return &Soft404{title: title, text: fingerprint(probeURL, blocks)}
}

// Matches reports whether a page (its URL, title and blocks) is the host's
// soft-404 page.
func (f *Soft404) Matches(pageURL, title string, blocks []string) bool {
	return title == f.title && fingerprint(pageURL, blocks) == f.text
}

func fingerprint(pageURL string, blocks []string) string {
	path := ""
	if u, err := url.Parse(pageURL); err == nil {
		path = u.Path
	}
	var b strings.Builder
	for _, blk := range blocks {
		if path != "" && strings.Contains(blk, path) {
			continue // the page may quote the path asked for
		}
		b.WriteString(blk)
		b.WriteByte('\n')
	}
	return b.String()
}
