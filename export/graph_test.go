package export

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/store"
)

var (
	_ GraphSource = (*store.Store)(nil)
	_ PageSource  = (*store.Store)(nil)
)

// fakeGraph streams its nodes and edges as the store does.
type fakeGraph struct {
	nodes []store.Node
	edges []store.Edge
	err   error // given after the nodes, instead of the edges
}

func (g *fakeGraph) Graph(_ context.Context, node func(store.Node) error, edge func(store.Edge) error) error {
	for _, n := range g.nodes {
		if err := node(n); err != nil {
			return err
		}
	}
	if g.err != nil {
		return g.err
	}
	for _, e := range g.edges {
		if err := edge(e); err != nil {
			return err
		}
	}
	return nil
}

func intp(n int) *int { return &n }

// The strings a site controls: URLs, anchors. Each of these is written
// into every format.
const (
	quoted   = `say "hi" \back\slash`
	newlines = "one\ntwo\rthree"
	markup   = `<script>alert("x")</script> & co`
	formula  = "=cmd|' /C calc'!A0"
)

func hostileGraph() *fakeGraph {
	return &fakeGraph{
		nodes: []store.Node{
			{URL: "http://site/", Kind: "page", Outcome: "done", Words: intp(120), PlainWords: intp(100), RenderedWords: intp(120)},
			{URL: "http://site/?q=" + markup, Kind: "page", Outcome: "refused", Cause: "missing"},
			{URL: "http://site/" + quoted, Kind: "document", Outcome: "not_fetched"},
			{URL: "http://site/x", Kind: "page", Outcome: "queued"},
		},
		edges: []store.Edge{
			{From: "http://site/", To: "http://site/?q=" + markup, Anchor: quoted, Side: "plain"},
			{From: "http://site/", To: "http://site/" + quoted, Anchor: newlines, Side: "both"},
			{From: "http://site/", To: "http://site/x", Anchor: markup, Side: "rendered"},
			{From: "http://site/x", To: "http://site/", Anchor: formula, Side: "plain"},
			{From: "http://site/x", To: "http://site/", Anchor: "+1", Side: "plain"},
			{From: "http://site/x", To: "http://site/", Anchor: "@SUM(A1)", Side: "plain"},
			{From: "http://site/x", To: "http://site/", Anchor: "-2", Side: "plain"},
			{From: "http://site/x", To: "http://site/", Anchor: "\tTAB", Side: "plain"},
		},
	}
}

func write(t *testing.T, f Format, nodes bool) string {
	t.Helper()
	var b strings.Builder
	if err := WriteGraph(context.Background(), &b, hostileGraph(), f, nodes); err != nil {
		t.Fatalf("%s: %v", f, err)
	}
	return b.String()
}

func TestDotEscape(t *testing.T) {
	for in, want := range map[string]string{
		`say "hi"`:   `say \"hi\"`,
		`a\b`:        `a\\b`,
		"one\ntwo\r": "one two ",
		`\"`:         `\\\"`,
		markup:       `<script>alert(\"x\")</script> & co`,
	} {
		if got := dotEscape(in); got != want {
			t.Errorf("dotEscape(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestDOT(t *testing.T) {
	out := write(t, DOT, false)
	if !strings.HasPrefix(out, "digraph webgraph {\n  node [shape=box, fontsize=10];\n") || !strings.HasSuffix(out, "\n}\n") {
		t.Fatalf("DOT has no head or tail:\n%s", out)
	}
	for _, want := range []string{
		`  "http://site/" [label="http://site/", color=darkgreen, kind="page", outcome="done"];`,
		`  "http://site/?q=<script>alert(\"x\")</script> & co" [label="http://site/?q=<script>alert(\"x\")</script> & co\nmissing", color=red3, kind="page", outcome="refused"];`,
		`  "http://site/say \"hi\" \\back\\slash" [label="http://site/say \"hi\" \\back\\slash", color=gray50, kind="document", outcome="not_fetched"];`,
		`  "http://site/x" [label="http://site/x", color=black, kind="page", outcome="queued"];`,
		`  "http://site/" -> "http://site/?q=<script>alert(\"x\")</script> & co" [label="say \"hi\" \\back\\slash", side="plain"];`,
		`  "http://site/" -> "http://site/say \"hi\" \\back\\slash" [label="one two three", side="both"];`,
	} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("DOT lacks the line\n%s\nin\n%s", want, out)
		}
	}
	// Each node and edge is one line, and no quoted string ends early: the
	// quotes not escaped on a line are the delimiters, an even number.
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2+4+8+1 {
		t.Errorf("%d lines; want 15 (head, 4 nodes, 8 edges, tail)", len(lines))
	}
	for _, l := range lines {
		if n := strings.Count(strings.ReplaceAll(strings.ReplaceAll(l, `\\`, ""), `\"`, ""), `"`); n%2 != 0 {
			t.Errorf("odd number of delimiting quotes in %s", l)
		}
	}
}

type graphML struct {
	Keys []struct {
		ID  string `xml:"id,attr"`
		For string `xml:"for,attr"`
	} `xml:"key"`
	Graph struct {
		Directed string `xml:"edgedefault,attr"`
		Nodes    []struct {
			ID   string  `xml:"id,attr"`
			Data []datum `xml:"data"`
		} `xml:"node"`
		Edges []struct {
			Source string  `xml:"source,attr"`
			Target string  `xml:"target,attr"`
			Data   []datum `xml:"data"`
		} `xml:"edge"`
	} `xml:"graph"`
}

type datum struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

func (g graphML) data(ds []datum) map[string]string {
	m := map[string]string{}
	for _, d := range ds {
		m[d.Key] = d.Value
	}
	return m
}

// TestGraphML reads the file back with an XML parser: every site string
// comes back as it was written, markup included, and every datum's key is
// declared for its element.
func TestGraphML(t *testing.T) {
	out := write(t, GraphML, false)
	if strings.Contains(out, "<script>") {
		t.Errorf("a site's markup is in the GraphML as markup")
	}
	var g graphML
	if err := xml.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("GraphML does not parse: %v\n%s", err, out)
	}
	keys := map[string]string{}
	for _, k := range g.Keys {
		keys[k.ID] = k.For
	}
	if g.Graph.Directed != "directed" || len(g.Graph.Nodes) != 4 || len(g.Graph.Edges) != 8 {
		t.Fatalf("graph: %s, %d nodes, %d edges", g.Graph.Directed, len(g.Graph.Nodes), len(g.Graph.Edges))
	}
	want := hostileGraph()
	for i, n := range g.Graph.Nodes {
		d := g.data(n.Data)
		if n.ID != want.nodes[i].URL || d["kind"] != want.nodes[i].Kind || d["outcome"] != want.nodes[i].Outcome || d["cause"] != want.nodes[i].Cause {
			t.Errorf("node %d read back as %q %v; want %+v", i, n.ID, d, want.nodes[i])
		}
		for _, x := range n.Data {
			if keys[x.Key] != "node" {
				t.Errorf("node datum %q is not a declared node key", x.Key)
			}
		}
	}
	if d := g.data(g.Graph.Nodes[0].Data); d["words"] != "120" || d["plain_words"] != "100" || d["rendered_words"] != "120" {
		t.Errorf("the counted node's words: %v", d)
	}
	if _, has := g.data(g.Graph.Nodes[3].Data)["words"]; has {
		t.Errorf("a node without a count has a words datum")
	}
	for i, e := range g.Graph.Edges {
		d := g.data(e.Data)
		w := want.edges[i]
		if e.Source != w.From || e.Target != w.To || d["anchor"] != w.Anchor || d["side"] != w.Side {
			t.Errorf("edge %d read back as %q → %q %q; want %+v", i, e.Source, e.Target, d, w)
		}
		for _, x := range e.Data {
			if keys[x.Key] != "edge" {
				t.Errorf("edge datum %q is not a declared edge key", x.Key)
			}
		}
	}
}

// TestCSV reads both tables back with a CSV reader: one record per edge (or
// node), the cells as written, those a spreadsheet would run neutralised.
func TestCSV(t *testing.T) {
	recs, err := csv.NewReader(strings.NewReader(write(t, CSV, false))).ReadAll()
	if err != nil {
		t.Fatalf("CSV does not parse: %v", err)
	}
	if len(recs) != 9 || strings.Join(recs[0], ",") != "from,to,anchor,side" {
		t.Fatalf("%d records, header %v; want 9 and from,to,anchor,side", len(recs), recs[0])
	}
	anchors := []string{quoted, newlines, markup, "'" + formula, "'+1", "'@SUM(A1)", "'-2", "'\tTAB"}
	for i, want := range anchors {
		if got := recs[i+1][2]; got != want {
			t.Errorf("edge %d anchor = %q; want %q", i, got, want)
		}
	}

	recs, err = csv.NewReader(strings.NewReader(write(t, CSV, true))).ReadAll()
	if err != nil {
		t.Fatalf("nodes CSV does not parse: %v", err)
	}
	want := [][]string{
		{"url", "kind", "outcome", "cause", "words", "plain_words", "rendered_words"},
		{"http://site/", "page", "done", "", "120", "100", "120"},
		{"http://site/?q=" + markup, "page", "refused", "missing", "", "", ""},
		{"http://site/" + quoted, "document", "not_fetched", "", "", "", ""},
		{"http://site/x", "page", "queued", "", "", "", ""},
	}
	if len(recs) != len(want) {
		t.Fatalf("nodes: %d records; want %d", len(recs), len(want))
	}
	for i := range want {
		if strings.Join(recs[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("node record %d = %q; want %q", i, recs[i], want[i])
		}
	}
}

func TestCSVCell(t *testing.T) {
	for in, want := range map[string]string{
		"":           "",
		"plain":      "plain",
		"=1+1":       "'=1+1",
		"+1":         "'+1",
		"-1":         "'-1",
		"@SUM(A1)":   "'@SUM(A1)",
		"\tx":        "'\tx",
		"\rx":        "'\rx",
		"a=b":        "a=b",
		"'=already'": "'=already'",
	} {
		if got := csvCell(in); got != want {
			t.Errorf("csvCell(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestJSONL: one object a line, "type" first, every string as written
// (<, > and & included, not HTML-escaped), counts absent when unknown.
func TestJSONL(t *testing.T) {
	out := write(t, JSONL, false)
	sc := bufio.NewScanner(strings.NewReader(out))
	var nodes, edges int
	want := hostileGraph()
	for sc.Scan() {
		line := sc.Text()
		var v struct {
			Type string `json:"type"`
			store.Node
			store.Edge
		}
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("not JSON: %v: %s", err, line)
		}
		switch {
		case strings.HasPrefix(line, `{"type":"node",`):
			if v.URL != want.nodes[nodes].URL || v.Cause != want.nodes[nodes].Cause {
				t.Errorf("node %d = %s", nodes, line)
			}
			nodes++
		case strings.HasPrefix(line, `{"type":"edge",`):
			if v.Anchor != want.edges[edges].Anchor || v.To != want.edges[edges].To {
				t.Errorf("edge %d = %s", edges, line)
			}
			edges++
		default:
			t.Errorf("line without its type first: %s", line)
		}
	}
	if nodes != 4 || edges != 8 {
		t.Errorf("%d nodes, %d edges; want 4, 8", nodes, edges)
	}
	for _, want := range []string{`"url":"http://site/?q=<script>alert(\"x\")</script> & co"`, `"anchor":"one\ntwo\rthree"`, `{"type":"node","url":"http://site/x","kind":"page","outcome":"queued"}`} {
		if !strings.Contains(out, want) {
			t.Errorf("JSONL lacks %s:\n%s", want, out)
		}
	}
}

func TestWriteGraphErrors(t *testing.T) {
	var b strings.Builder
	if err := WriteGraph(context.Background(), &b, hostileGraph(), "xml", false); err == nil || b.Len() != 0 {
		t.Errorf("format xml: %v, wrote %q", err, b.String())
	}
	broken := errors.New("the database went away")
	g := hostileGraph()
	g.err = broken
	for _, f := range GraphFormats {
		if err := WriteGraph(context.Background(), &b, g, f, false); !errors.Is(err, broken) {
			t.Errorf("%s: %v; want the source's error", f, err)
		}
	}
}
