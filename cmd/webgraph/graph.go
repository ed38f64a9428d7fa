package main

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

	"github.com/spf13/pflag"

	"github.com/webgraph/webgraph/store"
)

// graphFlags are the flags of `webgraph graph`.
type graphFlags struct {
	fs              *pflag.FlagSet
	db, format, out *string
	nodes           *bool
}

func newGraphFlags(stdout io.Writer) *graphFlags {
	fs := newFlagSet("graph", "webgraph graph --db PATH [--format dot|graphml|csv|jsonl] [-o FILE]",
		"Export the link graph of a crawl: nodes (URL, kind, outcome, cause, words per\nside) and edges (from, to, anchor, side).\n", stdout)
	return &graphFlags{fs: fs,
		db:     fs.String("db", "webgraph.db", "the crawl's database at `PATH`"),
		format: fs.String("format", "jsonl", "output `FORMAT`: dot, graphml, csv or jsonl"),
		nodes:  fs.Bool("nodes", false, "with --format csv: print the nodes instead of the edges"),
		out:    fs.StringP("out", "o", "", "write to `FILE` instead of stdout"),
	}
}

func runGraph(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	f := newGraphFlags(stdout)
	db, format, nodes := f.db, f.format, f.nodes
	st, err := openForReading(f.fs, args, db, "--out", f.out)
	if err != nil {
		return err
	}
	defer st.Close()
	var ex exporter
	switch *format {
	case "jsonl":
		ex = &jsonlExporter{}
	case "dot":
		ex = &dotExporter{}
	case "graphml":
		ex = &graphmlExporter{}
	case "csv":
		ex = &csvExporter{nodes: *nodes}
	default:
		return usagef("--format must be dot, graphml, csv or jsonl")
	}
	return writeOutput("--out", *f.out, stdout, func(out io.Writer) error {
		w := bufio.NewWriter(out)
		if err := ex.begin(w); err != nil {
			return err
		}
		if err := st.Graph(func(n store.Node) error { return ex.node(w, n) }, func(e store.Edge) error { return ex.edge(w, e) }); err != nil {
			return err
		}
		if err := ex.end(w); err != nil {
			return err
		}
		return w.Flush()
	})
}

// writeOutput runs write on stdout when path is "" or "-", else writes the
// file at path whole or not at all (writeFile); flag names it in errors.
func writeOutput(flag, path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "" || path == "-" {
		return write(stdout)
	}
	return writeFile(output{flag, path}, write)
}

// openForReading parses the flags of a command that reads a crawl
// database (graph, report, pages), checks its output files (see
// checkOutputs) and opens the database named by db.
func openForReading(fs *pflag.FlagSet, args []string, db *string, outFlag string, out *string) (*store.Store, error) {
	if err := parseCommandFlags(fs, args); err != nil {
		return nil, err
	}
	if fs.NArg() != 0 {
		return nil, usagef("%s takes no arguments; name the database with --db", fs.Name())
	}
	if err := checkOutputs(*db, output{outFlag, *out}); err != nil {
		return nil, err
	}
	return store.Open(*db, store.Read)
}

type exporter interface {
	begin(w io.Writer) error
	node(w io.Writer, n store.Node) error
	edge(w io.Writer, e store.Edge) error
	end(w io.Writer) error
}

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

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

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

// dotEscape makes s safe inside a DOT double-quoted string.
func dotEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(s)
}
func (dotExporter) end(w io.Writer) error {
	_, err := io.WriteString(w, "}\n")
	return err
}

// graphmlExporter writes GraphML (http://graphml.graphdrawing.org/).
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

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

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
	num := func(p *int) string {
		if p == nil {
			return ""
		}
		return strconv.Itoa(*p)
	}
	return c.write(n.URL, n.Kind, n.Outcome, n.Cause, num(n.Words), num(n.PlainWords), num(n.RenderedWords))
}
func (c *csvExporter) edge(w io.Writer, e store.Edge) error {
	if c.nodes {
		return nil
	}
	return c.write(e.From, e.To, e.Anchor, e.Side)
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
func (c *csvExporter) end(io.Writer) error {
	c.cw.Flush()
	return c.cw.Error()
}
