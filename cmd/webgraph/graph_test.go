package main

import (
	"encoding/csv"
	"encoding/xml"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

type graphML struct {
	Keys []struct {
		ID  string `xml:"id,attr"`
		For string `xml:"for,attr"`
	} `xml:"key"`
	Graph struct {
		Directed string `xml:"edgedefault,attr"`
		Nodes    []struct {
			ID   string     `xml:"id,attr"`
			Data []gmlDatum `xml:"data"`
		} `xml:"node"`
		Edges []struct {
			Source string     `xml:"source,attr"`
			Target string     `xml:"target,attr"`
			Data   []gmlDatum `xml:"data"`
		} `xml:"edge"`
	} `xml:"graph"`
}

type gmlDatum struct {
	Key   string `xml:"key,attr"`
	Value string `xml:",chardata"`
}

func datum(ds []gmlDatum, key string) string {
	for _, d := range ds {
		if d.Key == key {
			return d.Value
		}
	}
	return ""
}

func TestGraphExport(t *testing.T) {
	t.Parallel()
	ts, _ := sites.Serve(t, "union")
	db := filepath.Join(t.TempDir(), "crawl.db")
	if _, errOut, code := webgraph(t, "crawl", "--db", db, "--mode", "plain", "--host-interval", "0", "--delay", "0", ts.URL+"/"); code != exitOK {
		t.Fatalf("crawl: exit %d\n%s", code, errOut)
	}

	out, errOut, code := webgraph(t, "graph", "--db", db, "--format", "graphml")
	if code != exitOK {
		t.Fatalf("graph: exit %d: %s", code, errOut)
	}
	var g graphML
	if err := xml.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("GraphML does not parse: %v", err)
	}
	keys := map[string]string{}
	for _, k := range g.Keys {
		keys[k.ID] = k.For
	}
	nodes := map[string]map[string]string{}
	for _, n := range g.Graph.Nodes {
		if _, dup := nodes[n.ID]; dup {
			t.Errorf("node %s declared twice", n.ID)
		}
		attrs := map[string]string{}
		for _, d := range n.Data {
			if keys[d.Key] != "node" {
				t.Errorf("node data key %q is not a declared node key", d.Key)
			}
			attrs[d.Key] = d.Value
		}
		nodes[n.ID] = attrs
	}
	for _, e := range g.Graph.Edges {
		if nodes[e.Source] == nil || nodes[e.Target] == nil {
			t.Errorf("edge %s → %s names an undeclared node", e.Source, e.Target)
		}
		for _, d := range e.Data {
			if keys[d.Key] != "edge" {
				t.Errorf("edge data key %q is not a declared edge key", d.Key)
			}
		}
	}
	checks := []struct{ url, key, want string }{
		{ts.URL + "/report.pdf", "kind", "document"},
		{ts.URL + "/report.pdf", "outcome", "not_fetched"},
		{ts.URL + "/missing.html", "cause", "missing"},
		{ts.URL + "/members/list.html", "outcome", "disallowed"},
		{ts.URL + "/article.html", "outcome", "done"},
		{ts.URL + "/app.html", "plain_words", "0"},
	}
	for _, c := range checks {
		if got := nodes[c.url][c.key]; got != c.want {
			t.Errorf("node %s %s = %q; want %q", c.url, c.key, got, c.want)
		}
	}
	var found bool
	for _, e := range g.Graph.Edges {
		if e.Source == ts.URL+"/" && e.Target == ts.URL+"/article.html" {
			found = datum(e.Data, "anchor") == "Read the static article" && datum(e.Data, "side") == "plain"
		}
	}
	if !found || g.Graph.Directed != "directed" {
		t.Errorf("edge / → /article.html with its anchor missing (directed=%q)", g.Graph.Directed)
	}

	// The other formats carry the same graph.
	jsonl, _, _ := webgraph(t, "graph", "--db", db, "--format", "jsonl")
	if n := strings.Count(jsonl, `{"type":"node"`); n != len(nodes) {
		t.Errorf("jsonl has %d nodes; GraphML %d", n, len(nodes))
	}
	if n := strings.Count(jsonl, `{"type":"edge"`); n != len(g.Graph.Edges) {
		t.Errorf("jsonl has %d edges; GraphML %d", n, len(g.Graph.Edges))
	}
	csvOut, _, _ := webgraph(t, "graph", "--db", db, "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil || len(rows) != len(g.Graph.Edges)+1 || strings.Join(rows[0], ",") != "from,to,anchor,side" {
		t.Errorf("csv: %d rows (err %v); want a header and %d edges", len(rows), err, len(g.Graph.Edges))
	}
	dot, _, _ := webgraph(t, "graph", "--db", db, "--format", "dot")
	if !strings.HasPrefix(dot, "digraph webgraph {") || strings.Count(dot, " -> ") != len(g.Graph.Edges) {
		t.Errorf("dot: %d edges; want %d", strings.Count(dot, " -> "), len(g.Graph.Edges))
	}
	if _, errOut, code := webgraph(t, "graph", "--db", filepath.Join(t.TempDir(), "none.db")); code != exitFailure || !strings.Contains(errOut, "no crawl") {
		t.Errorf("graph of a missing database: exit %d, %q", code, errOut)
	}
}
