package e2e

import (
	"bufio"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestContentPostgres: three workers share a crawl in PostgreSQL, each
// keeping the content of the pages it fetched; `webgraph content` of the
// database writes every kept page once, with the template its site repeats
// (learned from every worker's pages) left out, as JSON Lines and as files.
func TestContentPostgres(t *testing.T) {
	bin := build(t)
	const n = 60
	ts := httptest.NewServer(sites.Templated(n))
	defer ts.Close()
	dsn := pg.DB(t)
	args := []string{"--mode", "plain", "--host-interval", "5ms", "--delay", "0", "--concurrency", "2",
		"--depth", "-1", "--max-pages", "-1", "--contact", "ops@example.org"}
	_, ws, _ := threeWorkers(t, bin, dsn, append(args, ts.URL+"/"), "--concurrency", "2")
	for _, w := range ws {
		w.wait(t, 3*time.Minute)
	}

	checkContent(t, bin, dsn, ts.URL, n)

	// The report's Main content section reads the sides from PostgreSQL.
	report := filepath.Join(t.TempDir(), "report.html")
	if out, err := exec.Command(bin, "report", "--db", dsn, "-o", report).CombinedOutput(); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	if b, err := os.ReadFile(report); err != nil || !strings.Contains(string(b), fmt.Sprintf("%d pages were read from the HTML as served", n)) {
		t.Errorf("the report does not say the %d pages' content was read from the HTML as served (%v)", n, err)
	}

	dir := filepath.Join(t.TempDir(), "md")
	if out, err := exec.Command(bin, "content", "--db", dsn, "--format", "markdown", "-o", dir).CombinedOutput(); err != nil {
		t.Fatalf("content --format markdown: %v\n%s", err, out)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*", "p", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != n-1 {
		t.Errorf("%d files under p/; want %d", len(files), n-1)
	}
	if _, err := os.Stat(filepath.Join(dir, "index.md")); err != nil {
		t.Error(err)
	}
}

// checkContent runs `webgraph content` of the crawl in dsn, of the n-page
// Templated site at base, and fails t unless it writes every page once,
// each with its own text and without the template its pages repeat.
func checkContent(t *testing.T, bin, dsn, base string, n int) {
	t.Helper()
	out, err := exec.Command(bin, "content", "--db", dsn).Output()
	if err != nil {
		t.Fatalf("content: %v", err)
	}
	seen := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var l struct {
			URL, Side, Markdown string
			Words               int
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, sc.Text())
		}
		if seen[l.URL] {
			t.Errorf("%s twice", l.URL)
		}
		seen[l.URL] = true
		i := 0
		if p, ok := strings.CutPrefix(l.URL, base+"/p/"); ok {
			i, _ = strconv.Atoi(p)
		}
		if !strings.Contains(l.Markdown, sites.TemplatedOwn(i)) || l.Side != "plain" || l.Words < 20 {
			t.Errorf("%s: side %s, %d words, lacks its own text:\n%s", l.URL, l.Side, l.Words, l.Markdown)
		}
		if strings.Contains(l.Markdown, sites.TemplatedFooter) || strings.Contains(l.Markdown, "Was this entry helpful") {
			t.Errorf("%s holds the template:\n%s", l.URL, l.Markdown)
		}
	}
	if len(seen) != n {
		t.Errorf("content of %d pages; want %d", len(seen), n)
	}
}

// TestContentPostgresResumed: a crawl in PostgreSQL whose worker is killed
// again and again, each time resumed by a new one, keeps every page's
// content once; each resumed worker learns the site's template again
// from the database, so only the crawl's first pages were extracted with
// the line the template repeats inside every article.
func TestContentPostgresResumed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and crawls in several runs")
	}
	bin := build(t)
	const n = 120
	ts := httptest.NewServer(sites.Templated(n))
	defer ts.Close()
	dsn := pg.DB(t)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// What a killed worker held is taken again once its lease runs out;
	// shorter leases fail a worker whose renewal a loaded machine delays.
	const lease = 10 * time.Second
	w := start(t, bin, "crawl", "--db", dsn, "--out", filepath.Join(t.TempDir(), "0.jsonl"), "--mode", "plain", "--host-interval", "5ms",
		"--delay", "0", "--concurrency", "2", "--depth", "-1", "--max-pages", "-1", "--lease", lease.String(), "--contact", "ops@example.org", ts.URL+"/")
	kills := 0
	for run := 1; ; run++ {
		var kept int
		db.QueryRow(`SELECT COUNT(*) FROM content`).Scan(&kept)
		if kills == 3 || kept+8 >= n {
			break
		}
		// Killed once this run has recorded some pages' content.
		waitContent(t, db, w, kept+8)
		w.cmd.Process.Signal(syscall.SIGKILL) // the worker this test started, by its PID
		<-w.exited
		w.exited <- nil
		kills++
		w = start(t, bin, "crawl", "--resume", "--db", dsn, "--out", filepath.Join(t.TempDir(), fmt.Sprintf("%d.jsonl", run)), "--lease", lease.String())
	}
	w.wait(t, 3*time.Minute)
	if kills == 0 {
		t.Fatal("the crawl was never killed")
	}
	checkContent(t, bin, dsn, ts.URL, n)
	var early int
	if err := db.QueryRow(`SELECT COUNT(*) FROM content WHERE strpos(blocks, 'Was this entry helpful') > 0`).Scan(&early); err != nil {
		t.Fatal(err)
	}
	if early > 3 {
		t.Errorf("%d pages were extracted with the template's line; want at most the crawl's first 3 (each resumed worker knows the template)", early)
	}
}

// waitContent polls the crawl in db until its content table holds n rows,
// and fails t when the worker w exits first or a minute passes.
func waitContent(t *testing.T, db *sql.DB, w *worker, n int) {
	t.Helper()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Minute)
	for {
		var got int
		if db.QueryRow(`SELECT COUNT(*) FROM content`).Scan(&got) == nil && got >= n {
			return
		}
		select {
		case err := <-w.exited:
			t.Fatalf("the worker ended (%v) with %d pages' content; want it killed at %d\n%s", err, got, n, w.stderr.String())
		case <-deadline:
			t.Fatalf("%d pages' content after a minute; want %d\n%s", got, n, w.stderr.String())
		case <-tick.C:
		}
	}
}
