package main

import (
	"context"
	"encoding/json"
	"io"
	"net/url"
	"sync"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/warc"
)

// archivingPages writes every page the crawl fetches to a WARC archive
// before the crawl sees it. It is safe for concurrent use.
type archivingPages struct {
	pages crawl.Pages
	w     *warc.Writer
	stop  func() // called once when the archive fails; may be nil

	mu  sync.Mutex
	err error // the first write error
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

func newWARCFlags(stdout io.Writer) *pflag.FlagSet {
	return newFlagSet("warc", "webgraph warc FILE",
		"Read a WARC archive (crawl --warc FILE, or any WARC 1.0/1.1 file, gzipped or\nnot) and print one JSON object per record: type, id, target_uri, date,\ncontent_type, length, payload_digest, concurrent_to, refers_to, truncated.\nDigests are checked; a damaged record is an error.\n", stdout)
}

func runWARC(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newWARCFlags(stdout)
	if err := parseCommandFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("warc takes one FILE, got %d arguments", fs.NArg())
	}
	return warc.Read(fs.Arg(0), func(r warc.Record) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return writeJSON(stdout, r)
	})
}

// writeJSON writes v as one line of JSON, <, > and & as they are.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
