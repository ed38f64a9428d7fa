package main

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/export"
)

// hostileTitleSite serves three pages whose titles a spreadsheet would run
// as formulas, all linking to each other, on loopback.
func hostileTitleSite(t *testing.T) *httptest.Server {
	t.Helper()
	titles := map[string]string{
		"/":  "Home",
		"/a": `=HYPERLINK("http://evil.example/","click")`,
		"/b": "@SUM(1+1)",
	}
	body := strings.Repeat("Plain words for the page so that it is long enough to keep. ", 4)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		title, ok := titles[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>%s</title><link rel="canonical" href="%s"></head><body><p>%s</p><a href="/">home</a> <a href="/a">a</a> <a href="/b">b</a> <a href="/b">b again</a></body></html>`,
			strings.NewReplacer("<", "&lt;", "&", "&amp;").Replace(title), r.URL.Path, body)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestPagesTable(t *testing.T) {
	t.Parallel()
	ts := hostileTitleSite(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "crawl.db")
	if _, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", "-o", filepath.Join(dir, "e.jsonl"), ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	file := filepath.Join(dir, "pages.csv")
	if _, errOut, code := webgraph(t, "pages", "--db", db, "-o", file); code != exitOK {
		t.Fatalf("pages: exit %d\n%s", code, errOut)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	records, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) == 0 || !slices.Equal(records[0], export.PageColumns) {
		t.Fatalf("header = %v; want %v", records, export.PageColumns)
	}
	rows := map[string]map[string]string{}
	for _, rec := range records[1:] {
		row := map[string]string{}
		for i, c := range export.PageColumns {
			row[c] = rec[i]
		}
		rows[strings.TrimPrefix(row["url"], ts.URL)] = row
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows; want 3 (/, /a, /b):\n%v", len(rows), records)
	}
	tests := []struct{ path, title, depth, inlinks string }{
		{"/", "Home", "0", "3"},
		{"/a", `'=HYPERLINK("http://evil.example/","click")`, "1", "3"},
		{"/b", "'@SUM(1+1)", "1", "3"}, // linked twice from each page: counted once per page
	}
	for _, tt := range tests {
		row := rows[tt.path]
		if row["title"] != tt.title || row["depth"] != tt.depth || row["inlinks"] != tt.inlinks || row["status"] != "200" {
			t.Errorf("%s: title %q depth %s inlinks %s status %s; want %q, %s, %s, 200", tt.path, row["title"], row["depth"], row["inlinks"], row["status"], tt.title, tt.depth, tt.inlinks)
		}
		if n, err := strconv.Atoi(row["words_plain"]); err != nil || n < 20 || row["words_rendered"] != "" {
			t.Errorf("%s: words plain %q rendered %q; want plain counted, rendered empty (plain mode)", tt.path, row["words_plain"], row["words_rendered"])
		}
		if _, err := strconv.Atoi(row["response_ms"]); err != nil || row["cause"] != "" || row["canonical"] != ts.URL+tt.path {
			t.Errorf("%s: response_ms %q cause %q canonical %q", tt.path, row["response_ms"], row["cause"], row["canonical"])
		}
	}
	out, _, code := webgraph(t, "pages", "--db", db, "--format", "jsonl")
	if code != exitOK || strings.Count(out, "\n") != 3 || !strings.Contains(out, `"inlinks":3`) {
		t.Errorf("--format jsonl: exit %d\n%s", code, out)
	}
}
