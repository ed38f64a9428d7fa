package main

import (
	"context"
	"io"
	"net/url"
	"os"
	"path/filepath"
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

// preflightOutput checks, before anything is fetched, that path can be an
// output file: its directory exists, it is not a directory, and it is not
// the crawl's database.
//
// It stands in for the shared output-path check the hostile-input work
// adds to this package; when that lands, this becomes a call to it.
func preflightOutput(flag, path, db string) error {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("%s %s: the directory %s does not exist", flag, path, dir)
	}
	st, err := os.Stat(path)
	if err == nil && st.IsDir() {
		return usagef("%s %s: is a directory", flag, path)
	}
	same := filepath.Clean(path) == filepath.Clean(db)
	if dbSt, derr := os.Stat(db); err == nil && derr == nil && os.SameFile(st, dbSt) {
		same = true
	}
	if same {
		return usagef("%s %s: is the crawl's database (--db)", flag, path)
	}
	return nil
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
