// Package report turns a crawl's database into one self-contained HTML file
// for people: the run summary, outcomes and refusal causes as charts, the
// refusals with their citations, the sitemap inventory, plain against
// rendered words per page, and the link graph as a picture. The file needs
// no network and runs no script: its charts are inline SVG.
package report

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/store"
)

// MaxGraphNodes caps the pages drawn in the link graph; the rest are counted.
const MaxGraphNodes = 300

// Write reads the crawl in s and writes the report to w; ctx ends the
// reading (Ctrl-C).
func Write(ctx context.Context, w io.Writer, s *store.Store, generated time.Time) error {
	d, err := collect(ctx, s)
	if err != nil {
		return err
	}
	d.Generated = humanTime(generated)
	return page().Execute(w, d)
}

type data struct {
	Generated string
	Runs      []runInfo
	Seeds     []string
	Mode      string
	Done      *crawl.DoneEvent
	Outcomes  []bar
	Causes    []bar
	Refusals  []refusal
	Findings  []findingGroup
	Scatter   scatter
	Graph     graph
	Inventory []bar
	// Duplicates counts the kept pages that were another page's
	// canonical duplicate: fetched and recorded, counted once.
	Duplicates int
	// NoWords says why there is no words plot, when there is none.
	NoWords string
	Shape   shape
	// Pictures are the pages with a finding that have their two pictures.
	Pictures []picturedPage
	// Content is what the crawl kept of its pages' main content; nil when
	// it kept none.
	Content *contentNote
}

type runInfo struct {
	Started  string
	Resumed  bool
	Stopped  string
	Elapsed  string
	Warnings []string
}

type bar struct {
	Label string
	Count int
	Width float64 // of 100%
	Color string
}

// findingGroup is one audit finding and the pages that have it.
type findingGroup struct {
	Name, Words string
	Count       int
	Pages       []findingPage
}

// findingPage is one page's finding, with both sides' values in words.
type findingPage struct {
	URL             string
	Plain, Rendered shown
	// Detail is what the crawl learned beyond the two sides (the refused
	// canonical URL of canonical_broken), in words; empty otherwise.
	Detail string
}

type refusal struct {
	URL, Cause, Words, Citation string
}

func collect(ctx context.Context, s *store.Store) (*data, error) {
	d := &data{}
	runs, err := s.Runs(ctx)
	if err != nil {
		return nil, err
	}
	if len(runs) == 0 {
		return nil, fmt.Errorf("report: the database holds no crawl run")
	}
	for _, r := range runs {
		var run crawl.RunEvent
		if err := json.Unmarshal(r.RunEvent, &run); err != nil {
			return nil, fmt.Errorf("report: a run event: %w", err)
		}
		d.Seeds, d.Mode = cleanAll(run.Seeds), string(run.Mode)
		ri := runInfo{Started: r.StartedAt, Resumed: r.Resumed, Stopped: "did not finish (killed?)", Warnings: cleanAll(run.Warnings)}
		if r.DoneEvent != nil {
			var done crawl.DoneEvent
			if err := json.Unmarshal(r.DoneEvent, &done); err != nil {
				return nil, fmt.Errorf("report: a done event: %w", err)
			}
			ri.Stopped, ri.Elapsed = string(done.Stopped), humanDuration(time.Duration(done.ElapsedMS)*time.Millisecond)
			if done.Event != "worker_done" { // one worker's share of a shared crawl: the last one out's done sums it up
				d.Done = &done
			}
		}
		if t, err := time.Parse(time.RFC3339Nano, r.StartedAt); err == nil {
			ri.Started = humanTime(t)
		}
		d.Runs = append(d.Runs, ri)
	}

	outcomes := map[string]int{}
	causes := map[string]int{}
	var points []point
	graphIDs := map[string]int{}
	var nodes []gnode
	groups := map[audit.Name][]findingPage{}
	var found []foundPage // pages with a finding, for their pictures
	sh := newShapeTally()
	err = s.Pages(ctx, func(p store.PageRow) error {
		var ev crawl.PageEvent
		json.Unmarshal(p.Event, &ev)
		label := pageLabel(ev.Title, p.URL)
		sh.add(p, &ev)
		switch {
		case p.OK && ev.DuplicateOf != "":
			outcomes["duplicate"]++
			d.Duplicates++
		case p.OK:
			outcomes["kept"]++
			if ev.Audit != nil {
				var names []string
				for _, f := range ev.Audit.Findings {
					groups[f.Finding] = append(groups[f.Finding], findingPage{URL: safetext.Clean(p.URL),
						Plain: showFinding(f.Finding, f.Plain, false), Rendered: showFinding(f.Finding, f.Rendered, true),
						Detail: safetext.Clean(f.Detail)})
					names = append(names, string(f.Finding))
				}
				if len(names) > 0 {
					found = append(found, foundPage{url: p.URL, label: label, findings: names})
				}
			}
		default:
			outcomes["refused"]++
			causes[p.Cause]++
			cit := discovery.Discovery{Via: discovery.Via(p.Via), FoundOn: p.FoundOn, Anchor: p.Anchor}
			d.Refusals = append(d.Refusals, refusal{URL: safetext.Clean(p.URL), Cause: safetext.Clean(p.Cause), Words: safetext.Clean(ev.Error), Citation: safetext.Clean(cit.Describe())})
		}
		if p.PlainWords != nil && p.RenderedWords != nil {
			points = append(points, point{URL: safetext.Clean(p.URL), Label: safetext.Clean(label), Plain: *p.PlainWords, Rendered: *p.RenderedWords})
		}
		if len(nodes) < MaxGraphNodes {
			graphIDs[p.URL] = len(nodes)
			nodes = append(nodes, gnode{URL: safetext.Clean(p.URL), Label: safetext.Clean(label), OK: p.OK, Cause: p.Cause})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if d.Done != nil && d.Done.Disallowed > 0 {
		outcomes["disallowed"] = d.Done.Disallowed
	}
	for _, n := range audit.Names() {
		if ps := groups[n]; len(ps) > 0 {
			d.Findings = append(d.Findings, findingGroup{Name: string(n), Words: audit.Words(n), Count: len(ps), Pages: ps})
		}
	}
	slices.SortStableFunc(d.Findings, func(a, b findingGroup) int { return cmp.Compare(b.Count, a.Count) })
	d.Outcomes = bars(outcomes, map[string]string{"kept": "#2e7d32", "duplicate": "#9ccc65", "refused": "#c62828", "disallowed": "#ef6c00"})
	d.Shape = sh.layout()
	if d.Pictures, err = pictures(ctx, s, found); err != nil {
		return nil, err
	}
	d.Causes = bars(causes, nil)
	if d.Done != nil {
		inv := d.Done.Sitemaps
		d.Inventory = bars(map[string]int{"advertised": inv.Advertised, "live": inv.Live, "dead": inv.Dead, "refused": inv.Refused, "unchecked": inv.Unchecked},
			map[string]string{"advertised": "#1565c0", "live": "#2e7d32", "dead": "#c62828", "refused": "#ef6c00", "unchecked": "#9e9e9e"})
	}
	d.Scatter = layoutScatter(points)
	if len(points) == 0 {
		switch d.Mode {
		case "plain":
			d.NoWords = "This crawl ran in plain mode: there is no rendered side to set the plain words against."
		case "rendered":
			d.NoWords = "This crawl ran in rendered mode: there is no plain side to set the rendered words against."
		default:
			d.NoWords = "No page has words from both sides to set against each other."
		}
	}

	var edges [][2]int
	err = s.Graph(ctx, func(store.Node) error { return nil }, func(e store.Edge) error {
		a, okA := graphIDs[e.From]
		b, okB := graphIDs[e.To]
		if okA && okB && a != b {
			edges = append(edges, [2]int{a, b})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	d.Graph = layoutGraph(nodes, edges, len(graphIDs) < outcomes["kept"]+outcomes["duplicate"]+outcomes["refused"])
	if d.Content, err = contentOf(ctx, s); err != nil {
		return nil, err
	}
	return d, nil
}

// cleanAll returns ss through safetext.Clean: html/template escapes markup,
// but control characters and bidi overrides would still reach the reader.
func cleanAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = safetext.Clean(s)
	}
	return out
}

var palette = []string{"#c62828", "#ef6c00", "#6a1b9a", "#1565c0", "#00838f", "#558b2f", "#4e342e", "#ad1457", "#283593", "#37474f"}

// bars turns counts into bars, largest first, each as wide as its share of
// the largest.
func bars(counts map[string]int, colors map[string]string) []bar {
	var out []bar
	most := 0
	for l, n := range counts {
		out = append(out, bar{Label: l, Count: n})
		most = max(most, n)
	}
	slices.SortFunc(out, func(a, b bar) int { return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Label, b.Label)) })
	for i := range out {
		if most > 0 && out[i].Count > 0 { // a zero draws no bar
			out[i].Width = math.Max(100*float64(out[i].Count)/float64(most), 0.5)
		}
		out[i].Color = colors[out[i].Label]
		if out[i].Color == "" {
			out[i].Color = palette[i%len(palette)]
		}
	}
	return out
}

// The scatter plot: plain words across, rendered words up, on a log scale.
type scatter struct {
	Points []point
	// JSPages are the pages that need JavaScript, most rendered words
	// first, named beside the plot.
	JSPages  []point
	Max      int
	Ticks    []tick
	NeedJS   int
	Size     float64
	Diagonal string
}

type point struct {
	URL             string
	Label           string // the page's title, else its path
	Plain, Rendered int
	X, Y            float64
	NeedsJS         bool
}

type tick struct {
	Label string
	At    float64
}

const plot = 360.0 // the plot's side, in SVG units, inside a 40-unit margin

func layoutScatter(ps []point) scatter {
	sc := scatter{Size: plot}
	for _, p := range ps {
		sc.Max = max(sc.Max, p.Plain, p.Rendered)
	}
	scale := func(v int) float64 {
		if sc.Max == 0 {
			return 0
		}
		return plot * math.Log1p(float64(v)) / math.Log1p(float64(sc.Max))
	}
	for _, p := range ps {
		p.X, p.Y = 40+scale(p.Plain), plot-scale(p.Rendered)+10
		// A page needs JavaScript when the render has many more words.
		p.NeedsJS = p.Rendered >= 20 && p.Rendered > 2*p.Plain+10
		if p.NeedsJS {
			sc.NeedJS++
			sc.JSPages = append(sc.JSPages, p)
		}
		sc.Points = append(sc.Points, p)
	}
	slices.SortStableFunc(sc.JSPages, func(a, b point) int { return cmp.Compare(b.Rendered, a.Rendered) })
	for v := 1; v <= max(sc.Max, 1); v *= 10 {
		sc.Ticks = append(sc.Ticks, tick{Label: fmt.Sprint(v), At: scale(v)})
	}
	sc.Diagonal = fmt.Sprintf("M40 %.1f L%.1f 10", plot+10, 40+plot)
	return sc
}

// The link graph, laid out by a force-directed method with a fixed start,
// so the same crawl always draws the same picture.
type graph struct {
	Nodes     []gnode
	Edges     []gedge
	Truncated bool
	Size      float64
}

type gnode struct {
	URL   string
	Label string // the page's title, else its path
	OK    bool
	Cause string
	X, Y  float64
	Color string
	// Inlinks counts the drawn pages linking here; the most linked show
	// their label on the picture, every node on hover.
	Inlinks   int
	ShowLabel bool
	LX        float64 // where the label starts (or ends, near the right edge)
	LAnchor   string  // the label's text-anchor: start or end
}

// Labelled are the nodes whose labels show on the picture.
func (g graph) Labelled() []gnode {
	var out []gnode
	for _, n := range g.Nodes {
		if n.ShowLabel {
			out = append(out, n)
		}
	}
	return out
}

// GraphLabels is how many of the most-linked pages are labelled on the
// link graph itself; every page's label shows on hover.
const GraphLabels = 8

type gedge struct{ X1, Y1, X2, Y2 float64 }

func layoutGraph(nodes []gnode, edges [][2]int, truncated bool) graph {
	const size = 640.0
	n := len(nodes)
	g := graph{Truncated: truncated, Size: size}
	if n == 0 {
		return g
	}
	for i := range nodes {
		a := 2 * math.Pi * float64(i) / float64(n)
		nodes[i].X, nodes[i].Y = math.Cos(a)*size/3, math.Sin(a)*size/3
	}
	k := math.Sqrt(size * size / float64(n))
	temp := size / 10
	dx, dy := make([]float64, n), make([]float64, n)
	for range 200 {
		clear(dx)
		clear(dy)
		for i := range n {
			for j := i + 1; j < n; j++ {
				x, y := nodes[i].X-nodes[j].X, nodes[i].Y-nodes[j].Y
				d := math.Max(math.Hypot(x, y), 0.01)
				f := k * k / d
				dx[i] += x / d * f
				dy[i] += y / d * f
				dx[j] -= x / d * f
				dy[j] -= y / d * f
			}
		}
		for _, e := range edges {
			a, b := e[0], e[1]
			x, y := nodes[a].X-nodes[b].X, nodes[a].Y-nodes[b].Y
			d := math.Max(math.Hypot(x, y), 0.01)
			f := d * d / k
			dx[a] -= x / d * f
			dy[a] -= y / d * f
			dx[b] += x / d * f
			dy[b] += y / d * f
		}
		// A weak pull toward the centre, like a light edge to it, keeps
		// pages without links among the drawn ones from drifting off.
		for i := range nodes {
			x, y := nodes[i].X, nodes[i].Y
			d := math.Max(math.Hypot(x, y), 0.01)
			f := 0.1 * d * d / k
			dx[i] -= x / d * f
			dy[i] -= y / d * f
		}
		for i := range nodes {
			d := math.Max(math.Hypot(dx[i], dy[i]), 0.01)
			step := math.Min(d, temp)
			nodes[i].X += dx[i] / d * step
			nodes[i].Y += dy[i] / d * step
		}
		temp *= 0.97
	}
	// Fit the drawing into the picture.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, nd := range nodes {
		minX, minY, maxX, maxY = math.Min(minX, nd.X), math.Min(minY, nd.Y), math.Max(maxX, nd.X), math.Max(maxY, nd.Y)
	}
	span := math.Max(math.Max(maxX-minX, maxY-minY), 1)
	for i := range nodes {
		nodes[i].X = 20 + (nodes[i].X-minX)/span*(size-40)
		nodes[i].Y = 20 + (nodes[i].Y-minY)/span*(size-40)
		nodes[i].Color = "#2e7d32"
		if !nodes[i].OK {
			nodes[i].Color = "#c62828"
		}
	}
	for _, e := range edges {
		a, b := nodes[e[0]], nodes[e[1]]
		g.Edges = append(g.Edges, gedge{a.X, a.Y, b.X, b.Y})
	}
	labelMostLinked(nodes, edges)
	for i := range nodes {
		nodes[i].LX, nodes[i].LAnchor = nodes[i].X+9, "start"
		if nodes[i].X > size*0.6 { // keep a long label inside the picture
			nodes[i].LX, nodes[i].LAnchor = nodes[i].X-9, "end"
		}
	}
	g.Nodes = nodes
	return g
}

// labelMostLinked marks the GraphLabels nodes most linked to (by distinct
// drawn pages) to show their labels.
func labelMostLinked(nodes []gnode, edges [][2]int) {
	seen := map[[2]int]bool{}
	for _, e := range edges {
		if !seen[e] {
			seen[e] = true
			nodes[e[1]].Inlinks++
		}
	}
	order := make([]int, len(nodes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(nodes[b].Inlinks, nodes[a].Inlinks) })
	for _, i := range order[:min(GraphLabels, len(order))] {
		if nodes[i].Inlinks > 0 {
			nodes[i].ShowLabel = true
		}
	}
}

// pageLabel names a page for a person: its title, else its path.
func pageLabel(title, raw string) string {
	if title = strings.TrimSpace(title); title != "" {
		return cutRunes(title, 48)
	}
	u, err := url.Parse(raw)
	if err != nil || u.Path == "" {
		return cutRunes(raw, 48)
	}
	p := u.Path
	if u.RawQuery != "" {
		p += "?" + u.RawQuery
	}
	return cutRunes(p, 48)
}

func cutRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// humanTime is a moment for a person: "3 Dec 2026, 07:21 UTC".
func humanTime(t time.Time) string { return t.UTC().Format("2 Jan 2006, 15:04 UTC") }

// humanDuration is a span for a person: "350 ms", "4.1 s", "2 min 5 s",
// "1 h 3 min".
func humanDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Hour:
		d = d.Round(time.Second)
		return fmt.Sprintf("%d min %d s", int(d.Minutes()), int(d.Seconds())%60)
	}
	d = d.Round(time.Minute)
	return fmt.Sprintf("%d h %d min", int(d.Hours()), int(d.Minutes())%60)
}

// wrapURL writes a URL as HTML that a browser may break at its
// separators: after a / & or =, before a ? or #. Never inside a word, so
// "retired.html" stays whole.
func wrapURL(u string) template.HTML {
	var b strings.Builder
	start := 0
	for i := 0; i < len(u); i++ {
		cut := -1
		switch u[i] {
		case '/', '&', '=':
			cut = i + 1
		case '?', '#':
			cut = i
		}
		if cut > start {
			b.WriteString(template.HTMLEscapeString(u[start:cut]))
			b.WriteString("<wbr>")
			start = cut
		}
	}
	b.WriteString(template.HTMLEscapeString(u[start:]))
	return template.HTML(b.String())
}

// shotArgs are the "shot" template's: one picture and the side it shows.
type shotArgs struct {
	Side string
	Pic  *shownPicture
}

// page is parsed when a report is first written, not when the program
// starts: a crawl never writes one, and parsing it was the costliest of
// the binary's start-up work (0.4 ms and the template packages' code
// brought into memory).
var page = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Funcs(template.FuncMap{
		"f":         func(v float64) string { return fmt.Sprintf("%.1f", v) },
		"plus":      func(a, b float64) float64 { return a + b },
		"minus":     func(a, b float64) float64 { return a - b },
		"half":      func(a float64) float64 { return a / 2 },
		"addMargin": func(a float64) float64 { return a + 50 },
		"wrapURL":   wrapURL,
		"shortURL":  shortURL,
		"shot":      func(side string, p *shownPicture) shotArgs { return shotArgs{Side: side, Pic: p} },
	}).Parse(pageHTML))
})
