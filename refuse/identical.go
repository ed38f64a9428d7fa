package refuse

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// IdenticalThreshold is how many distinct URLs must return byte-identical
// text before the text is taken for an interstitial.
const IdenticalThreshold = 3

// MaxIdenticalGroups bounds the detector's memory: past it, groups of one
// URL (far from the threshold) are forgotten to make room.
const MaxIdenticalGroups = 100_000

// Identical detects interstitials: IdenticalThreshold or more distinct URLs
// returning byte-identical text. It keeps a hash per text, not the text. It
// is safe for concurrent use; the zero value is ready to use.
type Identical struct {
	mu     sync.Mutex
	byHash map[[32]byte]*identicalGroup
}

type identicalGroup struct {
	urls   []string // the first IdenticalThreshold distinct URLs
	warned bool
}

// Warning is the identical-content warning, said once per group of URLs.
type Warning struct {
	URLs  []string
	Words string
}

// Observe records that url returned text. When this makes the threshold for
// the first time, it returns the warning; otherwise nil. Empty text is
// ignored (an empty page is not an interstitial, it is thin).
func (d *Identical) Observe(url, text string) *Warning {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	h := sha256.Sum256([]byte(text))
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.byHash == nil {
		d.byHash = make(map[[32]byte]*identicalGroup)
	}
	g := d.byHash[h]
	if g == nil {
		if len(d.byHash) >= MaxIdenticalGroups {
			d.evictOne()
		}
		g = &identicalGroup{}
		d.byHash[h] = g
	}
	if g.warned || slices.Contains(g.urls, url) {
		return nil
	}
	g.urls = append(g.urls, url)
	if len(g.urls) < IdenticalThreshold {
		return nil
	}
	g.warned = true
	urls := slices.Clone(g.urls)
	return &Warning{
		URLs: urls,
		Words: fmt.Sprintf("%d distinct URLs returned byte-identical text: probably an interstitial the crawl could not open (%s)",
			len(urls), strings.Join(urls, ", ")),
	}
}

// evictOne forgets one group that has a single URL. Called with d.mu held.
func (d *Identical) evictOne() {
	for h, g := range d.byHash {
		if len(g.urls) == 1 {
			delete(d.byHash, h)
			return
		}
	}
}
