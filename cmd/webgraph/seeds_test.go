package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestSeedsFile crawls seeds read from a file and from stdin: comments and
// blank lines are skipped, every seed gets a page event with via seed, and
// a resumed crawl keeps the file's seeds without the file.
func TestSeedsFile(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	list := "# seeds for CI\n\n" + ts.URL + "/article.html\n   \n  " + ts.URL + "/links.html  \n#" + ts.URL + "/app.html\n"
	dir := t.TempDir()
	file := filepath.Join(dir, "seeds.txt")
	if err := os.WriteFile(file, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, arg string
		stdin     string
	}{
		{"file", file, ""},
		{"stdin", "-", list},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "crawl.db")
			var out, errb bytes.Buffer
			err := runIO(context.Background(), []string{"crawl", "--db", db, "--mode", "plain", "--depth", "0", "--host-interval", "0", "--delay", "0",
				"--seeds-file", tt.arg}, strings.NewReader(tt.stdin), &out, &errb)
			if code := exitCode(err, &errb); code != exitOK {
				t.Fatalf("exit %d\n%s", code, errb.String())
			}
			var seeds []string
			for _, ev := range events(t, out.String()) {
				if ev["event"] == "page" && ev["citation"].(map[string]any)["via"] == "seed" {
					seeds = append(seeds, strings.TrimPrefix(ev["url"].(string), ts.URL))
				}
			}
			if strings.Join(seeds, " ") != "/article.html /links.html" && strings.Join(seeds, " ") != "/links.html /article.html" {
				t.Errorf("seed pages = %q; want /article.html and /links.html", seeds)
			}
			// Resumed: the seeds are the crawl's, the file is not needed.
			_, errOut, code := webgraph(t, "crawl", "--db", db, "--resume", "--mode", "plain")
			if code != exitOK {
				t.Errorf("resume: exit %d\n%s", code, errOut)
			}
		})
	}
}

func TestSeedsFileUsage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("# ok\nhttp://127.0.0.1:1/\n\nftp://example.org/file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, []byte("# nothing\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"crawl", "--seeds-file", bad}, "line 4: \"ftp://example.org/file\" is not a seed webgraph can crawl: webgraph crawls http:// and https:// URLs, not ftp://"},
		{[]string{"crawl", "--seeds-file", empty}, "holds no URL"},
		{[]string{"crawl", "--seeds-file", filepath.Join(dir, "absent.txt")}, "--seeds-file"},
		{[]string{"crawl", "--seeds-file", "-"}, "stdin holds no URL"},
	} {
		_, errOut, code := webgraph(t, tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, %q; want a usage error with %q", tt.args, code, errOut, tt.want)
		}
	}
}
