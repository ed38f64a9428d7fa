package export

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/store"
)

// fakePages is a crawl's pages over a graph.
type fakePages struct {
	*fakeGraph
	rows []store.PageRow
}

func (p *fakePages) Pages(_ context.Context, fn func(store.PageRow) error) error {
	for _, r := range p.rows {
		if err := fn(r); err != nil {
			return err
		}
	}
	return nil
}

func pageRow(t *testing.T, url string, status int, cause string, ev *crawl.PageEvent, plain, rendered *int) store.PageRow {
	t.Helper()
	ev.Event, ev.URL = "page", url
	b, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return store.PageRow{URL: url, Status: status, Cause: cause, Event: b, PlainWords: plain, RenderedWords: rendered}
}

// samplePages: a home page; a page whose title and canonical are formulas
// and markup, linked twice from home and once from itself; a page only the
// browser fetched; a refused page. The edges come ordered by source, then
// target, as the store gives them.
func samplePages(t *testing.T) *fakePages {
	sides := func(plain, rendered int64) map[fetch.Name]crawl.SideReport {
		m := map[fetch.Name]crawl.SideReport{}
		if plain >= 0 {
			m[fetch.Plain] = crawl.SideReport{MS: plain}
		}
		if rendered >= 0 {
			m[fetch.Rendered] = crawl.SideReport{MS: rendered}
		}
		return m
	}
	return &fakePages{
		fakeGraph: &fakeGraph{edges: []store.Edge{
			{From: "http://site/", To: "http://site/evil", Anchor: "a", Side: "plain"},
			{From: "http://site/", To: "http://site/evil", Anchor: "again", Side: "plain"},
			{From: "http://site/", To: "http://site/js"},
			{From: "http://site/evil", To: "http://site/"},
			{From: "http://site/evil", To: "http://site/evil"},
			{From: "http://site/js", To: "http://site/"},
			{From: "http://site/js", To: "http://site/evil"},
		}},
		rows: []store.PageRow{
			pageRow(t, "http://site/", 200, "", &crawl.PageEvent{OK: true, Title: "Home", Sides: sides(12, 340)}, intp(100), intp(120)),
			pageRow(t, "http://site/evil", 200, "", &crawl.PageEvent{OK: true, Title: `=HYPERLINK("http://evil.example/","click")`,
				Canonical: "@SUM(1+1)", Citation: discovery.Discovery{Via: discovery.ViaLink, Depth: 1}, Sides: sides(7, -1)}, intp(50), nil),
			pageRow(t, "http://site/js", 200, "", &crawl.PageEvent{OK: true, Title: "<b>bold</b> & \"quoted\"\nline",
				Citation: discovery.Discovery{Depth: 2}, Sides: sides(-1, 900)}, nil, intp(80)),
			pageRow(t, "http://site/gone", 404, "missing", &crawl.PageEvent{Sides: map[fetch.Name]crawl.SideReport{}}, nil, nil),
		},
	}
}

func TestPagesCSV(t *testing.T) {
	table, err := NewPagesTable(context.Background(), samplePages(t))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := table.Write(context.Background(), &b, CSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(b.String())).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v\n%s", err, b.String())
	}
	want := [][]string{
		PageColumns,
		{"http://site/", "200", "Home", "0", "100", "120", "2", "12", "", ""},
		{"http://site/evil", "200", `'=HYPERLINK("http://evil.example/","click")`, "1", "50", "", "3", "7", "", "'@SUM(1+1)"},
		{"http://site/js", "200", "<b>bold</b> & \"quoted\"\nline", "2", "", "80", "1", "900", "", ""},
		{"http://site/gone", "404", "", "0", "", "", "0", "", "missing", ""},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records; want %d:\n%s", len(recs), len(want), b.String())
	}
	for i := range want {
		if strings.Join(recs[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("record %d = %q\nwant       %q", i, recs[i], want[i])
		}
	}
}

func TestPagesJSONL(t *testing.T) {
	table, err := NewPagesTable(context.Background(), samplePages(t))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := table.Write(context.Background(), &b, JSONL); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines; want 4:\n%s", len(lines), b.String())
	}
	if want := `{"url":"http://site/evil","status":200,"title":"=HYPERLINK(\"http://evil.example/\",\"click\")","depth":1,"words_plain":50,"words_rendered":null,"inlinks":3,"response_ms":7,"cause":"","canonical":"@SUM(1+1)"}`; lines[1] != want {
		t.Errorf("line 2 = %s\nwant     %s", lines[1], want)
	}
	if !strings.Contains(lines[2], `"title":"<b>bold</b> & \"quoted\"\nline"`) {
		t.Errorf("JSON Lines changed the title's markup: %s", lines[2])
	}
	if !strings.Contains(lines[3], `"response_ms":null,"cause":"missing"`) {
		t.Errorf("a page without a side: %s", lines[3])
	}
}

func TestPagesErrors(t *testing.T) {
	broken := errors.New("the database went away")
	p := samplePages(t)
	p.err = broken
	if _, err := NewPagesTable(context.Background(), p); !errors.Is(err, broken) {
		t.Errorf("NewPagesTable of a failing graph: %v", err)
	}
	p = samplePages(t)
	p.rows = append(p.rows, store.PageRow{URL: "http://site/bad", Event: []byte("{")})
	table, err := NewPagesTable(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := table.Write(context.Background(), &b, CSV); err == nil || !strings.HasPrefix(err.Error(), "pages: the stored event of http://site/bad: ") {
		t.Errorf("a broken stored event: %v", err)
	}
	if err := table.Write(context.Background(), &b, DOT); err == nil {
		t.Error("the pages table written as DOT")
	}
}
