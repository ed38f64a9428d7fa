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
	// specific says the probe's text is long enough to tell the missing
	// page apart on its own (see SpecificWords): the title need not match.
	specific bool
}

// SpecificWords is how many words the probe's answer needs for its text
// alone to fingerprint the missing page. Sites title one missing page in
// several ways (Docusaurus gives its 404 page the site's bare title under
// /docs/ and "Page Not Found" elsewhere), so a text this long is matched
// whatever the title says. A shorter one ("Loading…", an empty app shell)
// is what many real pages of an app also show before their script runs:
// it matches only under the same title.
const SpecificWords = 20

// NewSoft404 fingerprints the probe's answer: its title, its text blocks
// (less any block that quotes the path asked for) and its word count.
func NewSoft404(probeURL, title string, blocks []string, words int) *Soft404 {
	return &Soft404{title: title, text: fingerprint(probeURL, blocks), specific: words >= SpecificWords}
}

// Matches reports whether a page (its URL, title and blocks) is the host's
// soft-404 page: the same visible text as the probe's answer (less the
// blocks that quote the path asked for), and, when that text is too short
// to be specific, the same title. A real page that shares the missing
// page's template (header, navigation, footer) has text of its own, and
// does not match.
func (f *Soft404) Matches(pageURL, title string, blocks []string) bool {
	return (f.specific || title == f.title) && fingerprint(pageURL, blocks) == f.text
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
