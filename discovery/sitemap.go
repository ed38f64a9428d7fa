package discovery

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/webgraph/webgraph/fetch"
)

// Sitemap limits.
const (
	// MaxSitemapDocuments is how many sitemap documents one origin may cost.
	MaxSitemapDocuments = 20
	// DefaultSitemapLimit is how many URLs are taken from an origin's sitemaps.
	DefaultSitemapLimit = 50000
	// MaxSitemapBytes caps one sitemap document after decompression (the
	// sitemaps protocol allows 50 MB).
	MaxSitemapBytes = 50 << 20
)

// SitemapSource says why a sitemap document was tried.
type SitemapSource string

const (
	SourceRobots       SitemapSource = "robots"       // advertised by robots.txt
	SourceConventional SitemapSource = "conventional" // /sitemap.xml or /sitemap_index.xml
	SourceIndex        SitemapSource = "index"        // listed by a sitemap index
)

// SitemapAttempt is one sitemap document tried. OK means it was fetched and
// carried at least one <loc>: a 200 serving an HTML page is not a sitemap.
type SitemapAttempt struct {
	URL    string        `json:"url"`
	Status int           `json:"status,omitempty"`
	OK     bool          `json:"ok"`
	URLs   int           `json:"urls"`
	Index  bool          `json:"index"`
	Source SitemapSource `json:"source"`
	// NotFetched, when set, says why the gate kept the document from
	// being asked for: a fetch.Denied cause (out_of_scope, disallowed, …).
	NotFetched fetch.DenialCause `json:"not_fetched,omitempty"`
	Error      string            `json:"error,omitempty"`
}

// SitemapURL is one URL a sitemap advertised.
type SitemapURL struct {
	URL     string
	Sitemap string // the document that listed it
}

// Getter fetches one sitemap document through the gate (policy.Gate.Do with
// policy.Sitemap): approved origins only, robots.txt asked, a throttle slot
// each. A refusal is an error wrapping *fetch.Denied. The body must be closed
// by the caller.
type Getter func(ctx context.Context, u string) (*http.Response, error)

// SitemapOptions bound the work Sitemaps does. Zero fields take defaults.
type SitemapOptions struct {
	// Limit is how many URLs are taken; 0 means DefaultSitemapLimit.
	Limit int
	// MaxBytes caps one document after decompression; 0 means MaxSitemapBytes.
	MaxBytes int64
}

// Sitemaps tries an origin's sitemaps in the order of docs/design.md ("Discovery"): every URL that
// robots.txt advertised, then /sitemap.xml and /sitemap_index.xml, then the
// children of any index; at most MaxSitemapDocuments documents. root is the
// origin's root URL, used to resolve relative sitemap URLs and to reconcile
// http:// to https://. It never fails: every problem is an attempt's Error,
// and what a broken or oversized document listed before the problem is kept.
func Sitemaps(ctx context.Context, get Getter, root *url.URL, advertised []string, opt SitemapOptions) ([]SitemapAttempt, []SitemapURL) {
	limit := opt.Limit
	if limit <= 0 {
		limit = DefaultSitemapLimit
	}
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = MaxSitemapBytes
	}
	type job struct {
		u      string
		source SitemapSource
	}
	var queue []job
	tried := map[string]bool{}
	push := func(raw string, src SitemapSource) {
		u, err := root.Parse(strings.TrimSpace(raw))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return
		}
		u.Fragment = ""
		s := Reconcile(root, u).String()
		if !tried[s] {
			tried[s] = true
			queue = append(queue, job{s, src})
		}
	}
	for _, a := range advertised {
		push(a, SourceRobots)
	}
	push("/sitemap.xml", SourceConventional)
	push("/sitemap_index.xml", SourceConventional)

	var attempts []SitemapAttempt
	var urls []SitemapURL
	seen := map[string]bool{}
	for len(queue) > 0 && len(attempts) < MaxSitemapDocuments && len(urls) < limit {
		if ctx.Err() != nil {
			break
		}
		j := queue[0]
		queue = queue[1:]
		a := SitemapAttempt{URL: j.u, Source: j.source}
		doc, err := fetchSitemap(ctx, get, j.u, &a, opt.MaxBytes)
		if err != nil {
			a.Error = err.Error()
			if d := (*fetch.Denied)(nil); errors.As(err, &d) {
				a.NotFetched = d.Cause
				a.Error = "not fetched: " + d.Error()
			}
		}
		if doc == nil {
			attempts = append(attempts, a)
			continue
		}
		a.Index = doc.Index
		for _, loc := range doc.Locs {
			if a.Index {
				push(loc, SourceIndex)
				a.URLs++
				continue
			}
			u, err := root.Parse(strings.TrimSpace(loc))
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
				continue
			}
			s := Reconcile(root, u).String()
			a.URLs++
			if !seen[s] && len(urls) < limit {
				seen[s] = true
				urls = append(urls, SitemapURL{URL: s, Sitemap: j.u})
			}
		}
		a.OK = len(doc.Locs) > 0
		if len(doc.Locs) == 0 && a.Error == "" {
			a.Error = "no <loc> in the document: not a sitemap"
		}
		attempts = append(attempts, a)
	}
	return attempts, urls
}

// Reconcile gives u the root's https scheme when u is an http:// URL of the
// root's own host: a sitemap advertising http:// for a site served only over
// https means the https page.
func Reconcile(root, u *url.URL) *url.URL {
	if root.Scheme == "https" && u.Scheme == "http" && strings.EqualFold(u.Hostname(), root.Hostname()) {
		c := *u
		c.Scheme = "https"
		if c.Port() == "80" {
			c.Host = c.Hostname()
		}
		return &c
	}
	return u
}

// SitemapDoc is a parsed sitemap document: a URL set, or an index of sitemaps.
type SitemapDoc struct {
	Index bool
	Locs  []string
}

var errNotXML = errors.New("not an XML sitemap")

func fetchSitemap(ctx context.Context, get Getter, u string, a *SitemapAttempt, maxBytes int64) (*SitemapDoc, error) {
	resp, err := get(ctx, u)
	if err != nil {
		return nil, err
	}
	defer fetch.Close(resp)
	a.Status = resp.StatusCode
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	br := bufio.NewReader(io.LimitReader(resp.Body, maxBytes+1))
	var r io.Reader = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
		defer zr.Close()
		r = zr
	}
	return ParseSitemap(r, maxBytes)
}

// ParseSitemap reads a <urlset> or <sitemapindex> document and returns its
// <loc> values. More than maxBytes is an error (a decompression bomb or an
// oversized file); what was read before the limit is kept.
func ParseSitemap(r io.Reader, maxBytes int64) (*SitemapDoc, error) {
	cr := &countingReader{r: io.LimitReader(r, maxBytes+1)}
	dec := xml.NewDecoder(cr)
	dec.Strict = false
	doc := &SitemapDoc{}
	root := ""
	var inLoc bool
	var loc bytes.Buffer
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if cr.n > maxBytes {
				return doc, fmt.Errorf("sitemap larger than %d bytes after decompression: kept the %d URLs before the limit", maxBytes, len(doc.Locs))
			}
			if root == "" {
				return nil, errNotXML
			}
			return doc, fmt.Errorf("broken XML after %d URLs: %v", len(doc.Locs), err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if root == "" {
				root = name
				if name != "urlset" && name != "sitemapindex" {
					return nil, fmt.Errorf("%w: root element <%s>", errNotXML, t.Name.Local)
				}
				doc.Index = name == "sitemapindex"
			}
			if name == "loc" {
				inLoc = true
				loc.Reset()
			}
		case xml.CharData:
			if inLoc {
				loc.Write(t)
			}
		case xml.EndElement:
			if strings.EqualFold(t.Name.Local, "loc") && inLoc {
				inLoc = false
				if s := strings.TrimSpace(loc.String()); s != "" {
					doc.Locs = append(doc.Locs, s)
				}
			}
		}
	}
	if root == "" {
		return nil, errNotXML
	}
	return doc, nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
