package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/content"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/store"
)

// contentFlags are the flags of `webgraph content`.
type contentFlags struct {
	fs              *pflag.FlagSet
	db, format, out *string
}

func newContentFlags(stdout io.Writer) *contentFlags {
	fs := newFlagSet("content", "webgraph content --db PATH [--format jsonl|markdown] [-o FILE|DIR]",
		"Write out each kept page's main content, as a crawl with --keep content (the\ndefault) kept it: the page's Markdown, without the blocks its site repeats on\nits pages. Refused pages are never written.\n\n--format jsonl (the default): one JSON object a page: url, final_url, title,\nlang, side (plain: the HTML as served; rendered: the DOM after scripts), words,\nmarkdown and the citation, on stdout or in -o FILE.\n--format markdown -o DIR: one .md file a page, its path made from its URL,\nwith YAML front matter holding the same fields, and DIR/index.md listing them.\n", stdout)
	return &contentFlags{fs: fs,
		db:     fs.String("db", "webgraph.db", "the crawl's database at `PATH`"),
		format: fs.String("format", "jsonl", "output `FORMAT`: jsonl or markdown"),
		out:    fs.StringP("out", "o", "", "write to `FILE` (jsonl) or into the folder `DIR` (markdown; required)"),
	}
}

// contentLine is one page as `content --format jsonl` writes it.
type contentLine struct {
	URL          string              `json:"url"`
	FinalURL     string              `json:"final_url"`
	Title        string              `json:"title"`
	Lang         string              `json:"lang"`
	LangDetected bool                `json:"lang_detected,omitempty"`
	Side         string              `json:"side"`
	Words        int                 `json:"words"`
	Truncated    bool                `json:"truncated,omitempty"`
	Citation     discovery.Discovery `json:"citation"`
	Markdown     string              `json:"markdown"`
}

// errNoContent says that a crawl holds no page's content.
var errNoContent = errors.New("content: the crawl kept no page's main content: it kept no page, it was crawled with --keep text or --keep none, or by a webgraph that kept none")

func runContent(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newContentFlags(stdout)
	if err := parseCommandFlags(f.fs, args); err != nil {
		return err
	}
	if f.fs.NArg() != 0 {
		return usagef("content takes no arguments; name the database with --db")
	}
	switch *f.format {
	case "jsonl":
		if err := checkOutputs(*f.db, output{"--out", *f.out}); err != nil {
			return err
		}
	case "markdown":
		if *f.out == "" || *f.out == "-" {
			return usagef("--format markdown writes a folder of files: name it with -o DIR")
		}
		for _, file := range store.Files(*f.db) {
			if samePath(*f.out, file.Path) {
				return usagef("--out %s is the crawl's database%s (--db %s); name a folder", *f.out, companion(file.Role), *f.db)
			}
		}
	default:
		return usagef("--format must be jsonl or markdown")
	}
	st, err := store.Open(ctx, *f.db, store.Read)
	if err != nil {
		return err
	}
	defer st.Close()
	pages, err := keptContent(ctx, st)
	if err != nil {
		return err
	}
	if *f.format == "markdown" {
		return writeContentDir(st, pages, *f.out, stderr)
	}
	return writeOutput("--out", *f.out, stdout, func(out io.Writer) error {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		return st.Explain(pages(func(e content.Entry, pc store.PageContent) error {
			return enc.Encode(contentLine{URL: e.URL, FinalURL: e.FinalURL, Title: e.Title, Lang: e.Lang, LangDetected: pc.LangDetected,
				Side: string(e.Side), Words: e.Words, Truncated: pc.Truncated, Citation: e.Citation, Markdown: e.Markdown})
		}))
	})
}

// keptContent learns each site's template from what the crawl kept of
// every page (store.ContentRuns), then returns the pass that gives each
// page's content without the blocks written only from the template's text
// (content.Template.PruneBlocks; docs/design.md, "Content"), to run; or
// errNoContent when the crawl kept none.
func keptContent(ctx context.Context, st *store.Store) (func(fn func(content.Entry, store.PageContent) error) error, error) {
	sites := map[string]*content.Template{}
	if err := st.ContentRuns(ctx, func(site string, runs []uint64) {
		if sites[site] == nil {
			sites[site] = &content.Template{}
		}
		sites[site].AddHashes(runs)
	}); err != nil {
		return nil, st.Explain(err)
	}
	if len(sites) == 0 {
		return nil, errNoContent
	}
	return func(fn func(content.Entry, store.PageContent) error) error {
		return st.Contents(ctx, func(pc store.PageContent) error {
			blocks := pc.Blocks
			if t := sites[pc.Site]; t != nil {
				blocks = t.PruneBlocks(blocks, pc.BlockRuns)
			}
			md := ""
			if len(blocks) > 0 {
				md = strings.Join(blocks, "\n\n") + "\n"
			}
			return fn(content.Entry{URL: pc.URL, FinalURL: pc.FinalURL, Title: pc.Title, Lang: pc.Lang, Side: content.Side(pc.Side),
				Words: crawl.BlockWords(blocks), Citation: pc.Citation, Markdown: md}, pc)
		})
	}, nil
}

// writeContentDir writes every page's file into dir (content.WriteDir)
// and says once, on stderr, each page written under another path than its
// URL gives, and why.
func writeContentDir(st *store.Store, pages func(fn func(content.Entry, store.PageContent) error) error, dir string, stderr io.Writer) error {
	var entries []content.Entry
	if err := pages(func(e content.Entry, _ store.PageContent) error {
		entries = append(entries, e)
		return nil
	}); err != nil {
		return st.Explain(err)
	}
	renames, err := content.WriteDir(dir, entries)
	for _, r := range renames {
		fmt.Fprintf(stderr, "webgraph: content: %s written as %s: %s\n", r.URL, r.Path, r.Reason)
	}
	if err != nil {
		return fmt.Errorf("content: writing %s: %w", dir, err)
	}
	fmt.Fprintf(stderr, "webgraph: content: %d pages written under %s (index: %s)\n", len(entries), dir, content.IndexFile)
	return nil
}
