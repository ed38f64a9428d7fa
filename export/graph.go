// Package export writes a crawl's record in forms other tools read: the
// link graph as DOT, GraphML, CSV or JSON Lines (`webgraph graph`), and the
// pages table, one row per fetched page, as CSV or JSON Lines (`webgraph
// pages`).
//
// It streams what it writes from the store through small interfaces
// (GraphSource, PageSource; *store.Store satisfies both), holding no list
// of nodes, edges or pages in memory. Every string a site wrote is escaped
// for the format it lands in: DOT's quoted strings, XML text and
// attributes, CSV cells a spreadsheet would run as formulas, JSON.
package export

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/webgraph/webgraph/store"
)

// Format is an output format.
type Format string

// The formats.
const (
	DOT     Format = "dot"
	GraphML Format = "graphml" // http://graphml.graphdrawing.org/
	CSV     Format = "csv"
	JSONL   Format = "jsonl"
)

// GraphFormats are the formats WriteGraph writes; PagesFormats those the
// pages table is written in.
var (
	GraphFormats = []Format{DOT, GraphML, CSV, JSONL}
	PagesFormats = []Format{CSV, JSONL}
)

// GraphSource streams a crawl's link graph: every node, then every edge,
// edges ordered by source, then target. *store.Store satisfies it.
type GraphSource interface {
	Graph(ctx context.Context, node func(store.Node) error, edge func(store.Edge) error) error
}

// WriteGraph writes the graph src streams to w in format f. In CSV, which
// holds one table, the edges are written, or the nodes when nodes is set;
// the other formats ignore nodes. ctx bounds the reading.
func WriteGraph(ctx context.Context, w io.Writer, src GraphSource, f Format, nodes bool) error {
	var ex exporter
	switch f {
	case JSONL:
		ex = jsonlExporter{}
	case DOT:
		ex = dotExporter{}
	case GraphML:
		ex = graphmlExporter{}
	case CSV:
		ex = &csvExporter{nodes: nodes}
	default:
		return fmt.Errorf("export: no graph format %q", f)
	}
	bw := bufio.NewWriter(w)
	if err := ex.begin(bw); err != nil {
		return err
	}
	if err := src.Graph(ctx, func(n store.Node) error { return ex.node(bw, n) }, func(e store.Edge) error { return ex.edge(bw, e) }); err != nil {
		return err
	}
	if err := ex.end(bw); err != nil {
		return err
	}
	return bw.Flush()
}

// exporter is one format of the graph: a head, each node, each edge, a tail.
type exporter interface {
	begin(w io.Writer) error
	node(w io.Writer, n store.Node) error
	edge(w io.Writer, e store.Edge) error
	end(w io.Writer) error
}

// jsonlExporter writes one object a line, "type" first: node or edge.
type jsonlExporter struct{}

func (jsonlExporter) begin(io.Writer) error { return nil }
func (jsonlExporter) end(io.Writer) error   { return nil }
func (jsonlExporter) node(w io.Writer, n store.Node) error {
	return writeJSON(w, struct {
		Type string `json:"type"`
		store.Node
	}{"node", n})
}
func (jsonlExporter) edge(w io.Writer, e store.Edge) error {
	return writeJSON(w, struct {
		Type string `json:"type"`
		store.Edge
	}{"edge", e})
}

// writeJSON writes v as one line of JSON, <, > and & as they are.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// dotExporter writes Graphviz's DOT: a node colored by its outcome, an edge
// labelled with its anchor.
type dotExporter struct{}

func (dotExporter) begin(w io.Writer) error {
	_, err := io.WriteString(w, "digraph webgraph {\n  node [shape=box, fontsize=10];\n")
	return err
}
func (dotExporter) node(w io.Writer, n store.Node) error {
	color := map[string]string{"done": "darkgreen", "refused": "red3", "disallowed": "orange3", "not_fetched": "gray50"}[n.Outcome]
	if color == "" {
		color = "black"
	}
	label := dotEscape(n.URL)
	if n.Cause != "" {
		label += `\n` + dotEscape(n.Cause) // a line break in the drawn label
	}
	_, err := fmt.Fprintf(w, "  \"%s\" [label=\"%s\", color=%s, kind=\"%s\", outcome=\"%s\"];\n", dotEscape(n.URL), label, color, dotEscape(n.Kind), dotEscape(n.Outcome))
	return err
}
func (dotExporter) edge(w io.Writer, e store.Edge) error {
	_, err := fmt.Fprintf(w, "  \"%s\" -> \"%s\" [label=\"%s\", side=\"%s\"];\n", dotEscape(e.From), dotEscape(e.To), dotEscape(e.Anchor), dotEscape(e.Side))
	return err
}
func (dotExporter) end(w io.Writer) error {
	_, err := io.WriteString(w, "}\n")
	return err
}

// dotEscape makes s safe inside a DOT double-quoted string: backslashes
// and quotes escaped, line breaks made spaces.
func dotEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(s)
}

// graphmlExporter writes GraphML, every node's and edge's fields as keyed
// data.
type graphmlExporter struct{}

const graphmlHead = `<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key id="kind" for="node" attr.name="kind" attr.type="string"/>
  <key id="outcome" for="node" attr.name="outcome" attr.type="string"/>
  <key id="cause" for="node" attr.name="cause" attr.type="string"/>
  <key id="words" for="node" attr.name="words" attr.type="int"/>
  <key id="plain_words" for="node" attr.name="plain_words" attr.type="int"/>
  <key id="rendered_words" for="node" attr.name="rendered_words" attr.type="int"/>
  <key id="anchor" for="edge" attr.name="anchor" attr.type="string"/>
  <key id="side" for="edge" attr.name="side" attr.type="string"/>
  <graph id="webgraph" edgedefault="directed">
`

func (graphmlExporter) begin(w io.Writer) error {
	_, err := io.WriteString(w, graphmlHead)
	return err
}
func (graphmlExporter) node(w io.Writer, n store.Node) error {
	fmt.Fprintf(w, "    <node id=\"%s\">", xmlEscape(n.URL))
	data(w, "kind", n.Kind)
	data(w, "outcome", n.Outcome)
	if n.Cause != "" {
		data(w, "cause", n.Cause)
	}
	for _, kv := range []struct {
		k string
		v *int
	}{{"words", n.Words}, {"plain_words", n.PlainWords}, {"rendered_words", n.RenderedWords}} {
		if kv.v != nil {
			data(w, kv.k, strconv.Itoa(*kv.v))
		}
	}
	_, err := io.WriteString(w, "</node>\n")
	return err
}
func (graphmlExporter) edge(w io.Writer, e store.Edge) error {
	fmt.Fprintf(w, "    <edge source=\"%s\" target=\"%s\">", xmlEscape(e.From), xmlEscape(e.To))
	data(w, "anchor", e.Anchor)
	data(w, "side", e.Side)
	_, err := io.WriteString(w, "</edge>\n")
	return err
}
func (graphmlExporter) end(w io.Writer) error {
	_, err := io.WriteString(w, "  </graph>\n</graphml>\n")
	return err
}

func data(w io.Writer, key, value string) {
	fmt.Fprintf(w, "<data key=\"%s\">%s</data>", key, xmlEscape(value))
}

// xmlEscape makes s XML text, safe in an attribute's quotes too.
func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// csvExporter writes one table: the edges, or the nodes.
type csvExporter struct {
	nodes bool
	cw    *csv.Writer
}

func (c *csvExporter) begin(w io.Writer) error {
	c.cw = csv.NewWriter(w)
	if c.nodes {
		return c.cw.Write([]string{"url", "kind", "outcome", "cause", "words", "plain_words", "rendered_words"})
	}
	return c.cw.Write([]string{"from", "to", "anchor", "side"})
}
func (c *csvExporter) node(w io.Writer, n store.Node) error {
	if !c.nodes {
		return nil
	}
	return c.write(n.URL, n.Kind, n.Outcome, n.Cause, num(n.Words), num(n.PlainWords), num(n.RenderedWords))
}
func (c *csvExporter) edge(w io.Writer, e store.Edge) error {
	if c.nodes {
		return nil
	}
	return c.write(e.From, e.To, e.Anchor, e.Side)
}
func (c *csvExporter) end(io.Writer) error {
	c.cw.Flush()
	return c.cw.Error()
}

// write writes one record, every cell through csvCell.
func (c *csvExporter) write(cells ...string) error {
	for i, s := range cells {
		cells[i] = csvCell(s)
	}
	return c.cw.Write(cells)
}

// csvCell neutralises a cell a spreadsheet would run as a formula: one
// that starts with =, +, -, @, a tab or a carriage return gets a leading
// apostrophe (OWASP, "CSV Injection"). An anchor "=HYPERLINK(…)" stays
// text a person can read.
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// num is a count as a cell: empty when there is none.
func num(p *int) string {
	if p == nil {
		return ""
	}
	return strconv.Itoa(*p)
}
