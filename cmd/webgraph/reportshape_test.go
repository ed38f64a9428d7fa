package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestReportPlainCrawl reports a plain crawl of the fixture site: the kept
// card and the outcomes bar agree and the canonical duplicate is said apart;
// the words plot gives way to a sentence, there being no rendered side; the
// crawl's shape is there; a finding's list is a list.
func TestReportPlainCrawl(t *testing.T) {
	ts, _ := sites.Serve(t, "union")
	dir := t.TempDir()
	db := filepath.Join(dir, "crawl.db")
	if _, errOut, code := webgraph(t, "crawl", "--mode", "plain", "--db", db, "--out", filepath.Join(dir, "e.jsonl"), "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}
	file := filepath.Join(dir, "report.html")
	if _, errOut, code := webgraph(t, "report", "--db", db, "-o", file); code != exitOK {
		t.Fatalf("report: exit %d\n%s", code, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	card := regexp.MustCompile(`<b>(\d+)</b>kept</div>`).FindStringSubmatch(html)
	kept := regexp.MustCompile(`<span class="label">kept</span>.*?<span class="count">(\d+)</span>`).FindStringSubmatch(html)
	dup := regexp.MustCompile(`<span class="label">duplicate</span>.*?<span class="count">(\d+)</span>`).FindStringSubmatch(html)
	dupCard := regexp.MustCompile(`<b>(\d+)</b>canonical duplicate`).FindStringSubmatch(html)
	if card == nil || kept == nil || card[1] != kept[1] {
		t.Errorf("kept card %v, kept bar %v; want both, equal", card, kept)
	}
	if dup == nil || dupCard == nil || dup[1] != dupCard[1] || dup[1] == "0" {
		t.Errorf("duplicate bar %v, card %v; want the fixture's canonical duplicate said in both", dup, dupCard)
	}
	for _, want := range []string{
		"there is no rendered side to set the plain words against",
		`id="shape"`, "Pages by status", "Pages by depth", "Slowest pages", `<span class="label">404</span>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if strings.Contains(html, `aria-label="plain against rendered words per page"`) {
		t.Error("a plain crawl's report draws the plain against rendered words plot")
	}
}
