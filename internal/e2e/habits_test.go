package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// movedSite serves "/" linking to /old/i and /new/i for i < n, in an order
// that puts each pair's two links far apart or together; /old/i answers 301
// to /new/i. Every page has words enough to be kept.
func movedSite(t *testing.T, n int) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var i int
		switch {
		case r.URL.Path == "/":
			var links strings.Builder
			for i := range n {
				if i%2 == 0 {
					fmt.Fprintf(&links, `<li><a href="/old/%d">old %d</a> <a href="/new/%d">new %d</a></li>`, i, i, i, i)
				} else {
					fmt.Fprintf(&links, `<li><a href="/new/%d">new %d</a> <a href="/old/%d">old %d</a></li>`, i, i, i, i)
				}
			}
			fmt.Fprintf(w, `<!doctype html><title>Home</title><p>The home page of a site whose pages all moved, with enough words of its own to be kept.</p><ul>%s</ul>`, links.String())
		case sscan(r.URL.Path, "/old/%d", &i):
			http.Redirect(w, r, fmt.Sprintf("/new/%d", i), http.StatusMovedPermanently)
		case sscan(r.URL.Path, "/new/%d", &i):
			fmt.Fprintf(w, `<!doctype html><title>New %d</title><p>Page %d at its new address, with enough words of its own to be kept as a readable page by every worker.</p>`, i, i)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ts.Close)
	return ts
}

func sscan(s, format string, i *int) bool {
	n, err := fmt.Sscanf(s, format, i)
	return err == nil && n == 1
}

// Three workers of one PostgreSQL crawl keep one page for /old/i and
// /new/i, /old/i redirecting to /new/i, whichever worker meets which first:
// the other is its duplicate, counted once in the crawl's done.
func TestWorkersKeepARedirectedPageOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dsn := pg.DB(t)
	bin := build(t)
	const n = 40
	site := movedSite(t, n)
	db, ws, out := threeWorkers(t, bin, dsn, []string{"--mode", "plain", "--host-interval", "0", "--delay", "0", "--concurrency", "2",
		"--max-pages", "-1", "--keep", "text", site.URL + "/"}, "--mode", "plain", "--host-interval", "0", "--delay", "0", "--concurrency", "2")
	var ends []ending
	for i, w := range ws {
		w.wait(t, 2*time.Minute)
		ends = append(ends, readEnding(t, out(i)))
	}
	defer logRuns(t, db)
	done := oneDone(t, ends)
	rows, err := db.Query(`SELECT u.url, p.final_url, p.ok, strpos(p.event, '"duplicate_of":') > 0, strpos(p.event, '"text":') > 0 FROM pages p JOIN urls u ON u.id = p.url_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	keptFor := map[string][]string{}
	dups := 0
	for rows.Next() {
		var u, final string
		var ok int
		var dup, text bool
		if err := rows.Scan(&u, &final, &ok, &dup, &text); err != nil {
			t.Fatal(err)
		}
		switch {
		case ok == 1 && !dup:
			keptFor[final] = append(keptFor[final], u)
		case ok == 1:
			dups++
			if text {
				t.Errorf("%s, a duplicate, kept its text", u)
			}
		default:
			t.Errorf("%s refused", u)
		}
	}
	for i := range n {
		final := fmt.Sprintf("%s/new/%d", site.URL, i)
		if got := keptFor[final]; len(got) != 1 {
			t.Errorf("kept for %s: %v; want one page", final, got)
		}
	}
	if dups != n || done.Duplicates != n || done.OK != n+1 {
		t.Errorf("%d duplicates recorded; done: %d kept, %d duplicates; want %d kept (the home page too) and %d duplicates", dups, done.OK, done.Duplicates, n+1, n)
	}
}

// canonicalSite serves "/" linking to /p/i for i < n; /p/i names as its
// canonical URL /gone/i (404) for even i, /target/i (a page) for odd i. No
// page links to either.
func canonicalSite(t *testing.T, n int) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		words := `<p>A page with words enough of its own to be kept by every worker, whatever its canonical link says.</p>`
		var i int
		switch {
		case r.URL.Path == "/":
			var links strings.Builder
			for i := range n {
				fmt.Fprintf(&links, `<a href="/p/%d">page %d</a> `, i, i)
			}
			fmt.Fprintf(w, `<!doctype html><title>Home</title>%s%s`, words, links.String())
		case sscan(r.URL.Path, "/p/%d", &i):
			canon := fmt.Sprintf("/target/%d", i)
			if i%2 == 0 {
				canon = fmt.Sprintf("/gone/%d", i)
			}
			fmt.Fprintf(w, `<!doctype html><title>Page %d</title><link rel="canonical" href="%s">%s`, i, canon, words)
		case sscan(r.URL.Path, "/target/%d", &i):
			fmt.Fprintf(w, `<!doctype html><title>Target %d</title>%s`, i, words)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(ts.Close)
	return ts
}

// Three workers of one PostgreSQL crawl: each canonical URL is fetched, and
// the pages whose canonical URL is missing hold the finding
// canonical_broken in their records, whichever worker fetched which; the
// last worker out says each once and its done counts them all.
func TestWorkersFindBrokenCanonicals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dsn := pg.DB(t)
	bin := build(t)
	const n = 40
	site := canonicalSite(t, n)
	flags := []string{"--mode", "plain", "--host-interval", "0", "--delay", "0", "--concurrency", "2"}
	db, ws, out := threeWorkers(t, bin, dsn, append(append([]string{}, flags...), "--max-pages", "-1", site.URL+"/"), flags...)
	var ends []ending
	said := map[string]int{}
	for i, w := range ws {
		w.wait(t, 2*time.Minute)
		e := readEnding(t, out(i))
		ends = append(ends, e)
		for _, ev := range e.events {
			if ev["event"] == "finding" && ev["finding"] == "canonical_broken" {
				said[ev["url"].(string)]++
			}
		}
	}
	defer logRuns(t, db)
	done := oneDone(t, ends)
	rows, err := db.Query(`SELECT u.url, strpos(p.event, '"finding":"canonical_broken"') > 0 FROM pages p JOIN urls u ON u.id = p.url_id WHERE u.url LIKE '%/p/%'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	recorded := 0
	for rows.Next() {
		var u string
		var has bool
		if err := rows.Scan(&u, &has); err != nil {
			t.Fatal(err)
		}
		var i int
		sscan(strings.TrimPrefix(u, site.URL), "/p/%d", &i)
		if has != (i%2 == 0) {
			t.Errorf("the record of %s holds canonical_broken: %v; want %v", u, has, i%2 == 0)
		}
		if has {
			recorded++
			if said[u] != 1 {
				t.Errorf("%s: its finding said %d times; want once", u, said[u])
			}
		}
	}
	if recorded != n/2 || done.Findings["canonical_broken"] != n/2 || len(said) != n/2 {
		t.Errorf("%d records hold the finding, %d said, done counts %d; want %d", recorded, len(said), done.Findings["canonical_broken"], n/2)
	}
}
