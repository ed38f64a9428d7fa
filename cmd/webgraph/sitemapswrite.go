package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/store"
)

// sitemapsWritten is what `sitemaps --write` prints on stdout.
type sitemapsWritten struct {
	Event string   `json:"event"` // "sitemaps_written"
	DB    string   `json:"db"`
	Base  string   `json:"base"`
	Files []string `json:"files"`
	Index bool     `json:"index"`
	URLs  int      `json:"urls"`
	// LeftOut counts the kept pages not listed, by reason: noindex, and
	// the writer's (discovery.Skip*).
	LeftOut map[string]int `json:"left_out"`
}

// leftNoindex is the left_out reason of a kept page whose robots
// directives say noindex.
const leftNoindex = "noindex"

// runSitemapsWrite is `sitemaps --db PATH --write DIR`: the crawl's kept
// pages, at their canonical URLs, as sitemap files in DIR.
func runSitemapsWrite(ctx context.Context, f *sitemapsFlags, stdout, stderr io.Writer) error {
	switch {
	case *f.write == "":
		return usagef("--db and --base go with --write DIR, which writes the crawl's sitemap")
	case *f.db == "":
		return usagef("--write writes the sitemap of a crawl: name its database with --db")
	case f.fs.NArg() > 0:
		return usagef("--write writes the sitemap of the crawl in --db and takes no URL; to read a site's sitemaps, run sitemaps URL without --write")
	case *f.verify || *f.list:
		return usagef("--verify and --list read a site's sitemaps; --write writes a crawl's: give one or the other")
	}
	var base *url.URL
	if *f.base != "" {
		u, err := url.Parse(*f.base)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return usagef("--base %q is not an absolute http:// or https:// URL", *f.base)
		}
		if !strings.HasSuffix(u.Path, "/") {
			u.Path += "/" // the directory the files are served from
			u.RawPath = ""
		}
		u.RawQuery, u.Fragment = "", ""
		base = u
	}
	dir := *f.write
	if fi, err := os.Stat(dir); err == nil && !fi.IsDir() {
		return usagef("--write %s is a file; name a directory", dir)
	}
	st, err := store.Open(ctx, *f.db, store.Read)
	if err != nil {
		return fmt.Errorf("sitemaps: %w", err)
	}
	defer st.Close()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("sitemaps: --write: %w", err)
	}
	// One pass over the kept pages. Without --base, the base is the root
	// of the first page's origin, and a crawl that kept pages on several
	// origins is refused once they are counted, its files removed.
	defaulted := base == nil
	origins := map[string]int{}
	w := &discovery.SitemapWriter{Dir: dir, Base: base}
	noindex := 0
	err = st.KeptPages(ctx, func(p store.KeptPage) error {
		if p.Noindex {
			noindex++
			return nil
		}
		if defaulted {
			if u, err := url.Parse(p.URL); err == nil {
				origin := policy.Origin(u)
				origins[origin]++
				if w.Base == nil {
					w.Base, _ = url.Parse(origin + "/")
				}
			}
			if w.Base == nil {
				return nil // not a URL: no origin to list it under
			}
		}
		modified := p.LastModified
		if modified.After(time.Now()) {
			modified = time.Time{} // a date to come is no date a page changed
		}
		return w.Add(p.URL, modified)
	})
	if err != nil {
		w.Abort()
		return fmt.Errorf("sitemaps: %w", err)
	}
	if defaulted && len(origins) != 1 {
		w.Abort()
		return severalOrigins(st, origins)
	}
	base = w.Base
	res, err := w.Close()
	if noindex > 0 {
		res.Skipped[leftNoindex] = noindex
	}
	if errors.Is(err, discovery.ErrNoSitemapURLs) {
		return fmt.Errorf("sitemaps: the crawl in %s kept no page a sitemap at %s may list (%s); nothing written", st.Path(), safetext.Clean(base.String()), leftOutWords(res.Skipped))
	}
	if err != nil {
		return fmt.Errorf("sitemaps: %w", err)
	}
	out := sitemapsWritten{Event: "sitemaps_written", DB: st.Path(), Base: base.String(), Files: res.Files, Index: res.Index, URLs: res.URLs, LeftOut: res.Skipped}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return err
	}
	shape := res.Files[0]
	if res.Index {
		shape = fmt.Sprintf("%s, an index of %d files", res.Files[0], len(res.Files)-1)
	}
	fmt.Fprintf(stderr, "webgraph: wrote %s: %s for %s", shape, plural(res.URLs, "URL"), base)
	if len(res.Skipped) > 0 {
		fmt.Fprintf(stderr, "; left out %s", leftOutWords(res.Skipped))
	}
	fmt.Fprintln(stderr)
	return nil
}

// leftOutWords says in words how many kept pages were left out and why.
func leftOutWords(skipped map[string]int) string {
	words := map[string]string{
		leftNoindex:                "marked noindex",
		discovery.SkipNotUnderBase: "not below the base URL",
		discovery.SkipFragment:     "hash routes (#…)",
		discovery.SkipTooLong:      "longer than 2,048 characters",
		discovery.SkipNotHTTP:      "not http(s) URLs",
	}
	var parts []string
	for _, reason := range []string{leftNoindex, discovery.SkipNotUnderBase, discovery.SkipFragment, discovery.SkipTooLong, discovery.SkipNotHTTP} {
		if n := skipped[reason]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, words[reason]))
		}
	}
	if len(parts) == 0 {
		return "none kept"
	}
	return strings.Join(parts, ", ")
}

// severalOrigins is the error of a crawl without --base whose kept pages
// (noindex ones aside) are on no origin, or on several: a usage error naming
// them when several.
func severalOrigins(st *store.Store, origins map[string]int) error {
	if len(origins) == 0 {
		return fmt.Errorf("sitemaps: the crawl in %s kept no page a sitemap may list; nothing written", st.Path())
	}
	names := make([]string, 0, len(origins))
	for o := range origins {
		names = append(names, o)
	}
	slices.Sort(names)
	for i, o := range names {
		names[i] = fmt.Sprintf("%s (%d)", safetext.Clean(o), origins[o])
	}
	return usagef("the crawl kept pages on %d origins, %s: a sitemap lists one site's; name where it will be served with --base URL", len(origins), strings.Join(names, ", "))
}
