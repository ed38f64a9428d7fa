package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"sync"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/warc"
)

// archivingPages writes every page the crawl fetches to a WARC archive
// before the crawl sees it, and (--wacz) packages the archive when the
// crawl ends. It is safe for concurrent use.
type archivingPages struct {
	pages crawl.Pages
	w     *warc.Writer
	stop  func() // called once when the archive fails; may be nil
	// warc is the WARC written; wacz the package to make of it, or "".
	// A WARC written only for the package (staged) goes once packaged.
	warc, wacz string
	staged     bool

	mu  sync.Mutex
	err error // the first write error
}

// openArchive opens the crawl's archive: the WARC at warcPath, or, for the
// package at waczPath alone, a WARC beside it (stagedWARC) that lives until
// the package is made. A resumed crawl appends: to warcPath, to a staged
// WARC an interrupted packaging left, or to a copy of the earlier package's
// WARC. Pages go through pages first.
func openArchive(warcPath, waczPath string, cfg *crawl.Config, creds http.Header, pages crawl.Pages, opened *closers) (*archivingPages, error) {
	a := &archivingPages{pages: pages, warc: warcPath, wacz: waczPath}
	if warcPath == "" {
		a.warc, a.staged = stagedWARC(waczPath), true
		if cfg.Resumed {
			if _, err := os.Stat(a.warc); errors.Is(err, os.ErrNotExist) {
				if err := warc.UnpackWARC(waczPath, a.warc); err != nil && !errors.Is(err, os.ErrNotExist) {
					return nil, fmt.Errorf("crawl: --wacz: %w", err)
				}
			}
		}
	}
	w, err := warc.Create(a.warc, cfg.Resumed, "webgraph/"+version)
	if err != nil {
		return nil, err
	}
	opened.add(func() { w.Close() })
	for name := range creds {
		w.Redact(name) // the operator's credentials stay out of the archive
	}
	// The pages' text for a WACZ's search, unless --keep none: the
	// archive holds the pages themselves in any case.
	w.KeepText(cfg.KeepText || cfg.KeepContent)
	a.w = w
	return a, nil
}

// stagedWARC is where a crawl with --wacz and no --warc writes its WARC.
func stagedWARC(wacz string) string { return wacz + ".warc.gz" }

// finish closes the archive and, with --wacz, packages it, saying so on
// stderr; a staged WARC is removed once packaged. Once ctx has ended (a
// second Ctrl-C), the package is not made: stderr says how to make it. A
// nil receiver does nothing.
func (a *archivingPages) finish(ctx context.Context, stderr io.Writer) error {
	if a == nil {
		return nil
	}
	if err := a.w.Close(); err != nil {
		return err
	}
	if a.wacz == "" {
		return nil
	}
	if ctx.Err() != nil {
		fmt.Fprintf(stderr, "webgraph: aborted before packaging %s: the archive is %s (--resume adds to it); webgraph warc %s --wacz %s packages it\n", a.wacz, a.warc, a.warc, a.wacz)
		return nil
	}
	if err := packWACZ(a.warc, a.wacz, stderr); err != nil {
		return err
	}
	if a.staged {
		return os.Remove(a.warc)
	}
	return nil
}

// Fetch fetches u and archives the page, refused or not.
func (a *archivingPages) Fetch(ctx context.Context, u *url.URL) (*union.Page, error) {
	p, err := a.pages.Fetch(ctx, u)
	if p == nil {
		return p, err
	}
	if werr := a.w.WritePage(p); werr != nil {
		a.mu.Lock()
		first := a.err == nil
		if first {
			a.err = werr
		}
		a.mu.Unlock()
		if first && a.stop != nil {
			a.stop()
		}
	}
	return p, err
}

// Err is the first error writing the archive; nil for a nil receiver.
func (a *archivingPages) Err() error {
	if a == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

// warcFlags are the flags of `webgraph warc`.
type warcFlags struct {
	fs   *pflag.FlagSet
	wacz *string
}

func newWARCFlags(stdout io.Writer) *warcFlags {
	fs := newFlagSet("warc", "webgraph warc FILE [--wacz OUT]",
		"Read a WARC archive (crawl --warc FILE, or any WARC 1.0/1.1 file, gzipped or\nnot) or a WACZ package (crawl --wacz FILE; checked first: hashes, index, pages)\nand print one JSON object per record: type, id, target_uri, date,\ncontent_type, length, payload_digest, concurrent_to, refers_to, truncated.\nDigests are checked; a damaged record is an error. With --wacz, package the\nWARC FILE as a WACZ file instead, for ReplayWeb.page.\n", stdout)
	return &warcFlags{fs: fs, wacz: fs.String("wacz", "", "package the WARC FILE as the WACZ 1.1.1 file `OUT` (index, page list, datapackage) instead of printing its records")}
}

func runWARC(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newWARCFlags(stdout)
	if err := parseCommandFlags(f.fs, args); err != nil {
		return err
	}
	if f.fs.NArg() != 1 {
		return usagef("warc takes one FILE, got %d arguments", f.fs.NArg())
	}
	file := f.fs.Arg(0)
	if *f.wacz != "" {
		if samePath(file, *f.wacz) {
			return usagef("--wacz %s is the WARC it would package; name another file", *f.wacz)
		}
		if err := checkOutputs("", output{"--wacz", *f.wacz}); err != nil {
			return err
		}
		return packWACZ(file, *f.wacz, stderr)
	}
	return warc.Read(file, func(r warc.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return writeJSON(stdout, r)
	})
}

// packWACZ packages the WARC at file as the WACZ file out, saying so on
// stderr.
func packWACZ(file, out string, stderr io.Writer) error {
	sum, err := warc.WriteWACZ(file, out, warc.WACZOptions{Software: "webgraph/" + version})
	if err != nil {
		return err
	}
	from := "its page records"
	if !sum.PageRecords {
		from = "its HTML responses: the WARC has no page records"
	}
	fmt.Fprintf(stderr, "webgraph: wrote %s: %d pages (from %s), %d records in its index\n", out, sum.Pages, from, sum.Records)
	return nil
}

// writeJSON writes v as one line of JSON, <, > and & as they are.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// archiveResources is what the rendered side keeps of what the browser
// received for a page, for --warc and --wacz: each response up to
// --max-body, and at most rendered.DefaultArchivePages times that a page;
// nil without an archive.
func archiveResources(archive bool, maxBody int64) *rendered.Archive {
	if !archive {
		return nil
	}
	return rendered.NewArchive(maxBody, 0)
}
