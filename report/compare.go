package report

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/internal/safetext"
)

// WriteCompare writes compare --html's page for p: each side's picture and
// summary, the fields the audit compares, the blocks and links only one
// side has, and the warnings; made is when it was fetched. One
// self-contained HTML document, with every string of the site escaped.
func WriteCompare(w io.Writer, p *union.Page, c union.Comparison, a *audit.Audit, made time.Time) error {
	return writeCompareHTML(w, newCompareView(p, c, a, made))
}

// compareView is what compare --html shows. Every string in it is the
// site's, cleaned; html/template escapes it.
type compareView struct {
	URL, Verdict, Made string
	Sides              []compareSideView
	Fields             []fieldRow
	Findings           []findingRow
	OnlyRendered       []string
	OnlyPlain          []string
	Both               []string
	LinksRendered      []linkRow
	LinksPlain         []linkRow
	Warnings           []string
}

type compareSideView struct {
	Name, Summary string
	Picture       *shownPic
	Caption       string
}

type shownPic struct {
	Src           template.URL // data: URI of the image
	Width, Height int
	Cut           bool
}

type fieldRow struct {
	Field, Plain, Rendered string
	Differs                bool
	Findings               string
}

type findingRow struct{ Name, Words string }

type linkRow struct{ URL, Anchor string }

// newCompareView gathers the page's comparison for writeCompareHTML.
func newCompareView(p *union.Page, c union.Comparison, a *audit.Audit, made time.Time) compareView {
	v := compareView{URL: safetext.Clean(p.URL), Made: made.UTC().Format("2 Jan 2006, 15:04 UTC"),
		OnlyRendered: cleanList(c.OnlyRendered), OnlyPlain: cleanList(c.OnlyPlain), Both: cleanList(c.Both),
		Warnings: cleanList(p.Warnings)}
	if p.Refusal != nil {
		v.Verdict = fmt.Sprintf("refused (%s): %s", p.Refusal.Cause, safetext.Clean(p.Refusal.Words))
	} else {
		v.Verdict = fmt.Sprintf("kept, %s from %s", plural(p.Words, "word", "words"), SidesInWords(p.Used))
	}
	for _, n := range []fetch.Name{fetch.Rendered, fetch.Plain} {
		s := p.Sides[n]
		sv := compareSideView{Name: map[fetch.Name]string{fetch.Rendered: "As rendered", fetch.Plain: "As served, scripts off"}[n]}
		if s == nil {
			sv.Summary = "did not run"
			v.Sides = append(v.Sides, sv)
			continue
		}
		sv.Summary = fmt.Sprintf("%s side: HTTP %d, %s, %d ms", n, s.Status, plural(s.Words, "word", "words"), s.Elapsed.Milliseconds())
		if s.Err != nil {
			sv.Summary += ", error: " + safetext.Clean(s.Err.Error())
		}
		if pic := s.Picture; pic != nil && pic.Type == "image/jpeg" && len(pic.Data) > 0 {
			sv.Picture = &shownPic{Src: template.URL("data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(pic.Data)),
				Width: pic.Width, Height: pic.Height, Cut: pic.Cut}
			sv.Caption = fmt.Sprintf("%d×%d, %d KB, taken in %d ms", pic.Width, pic.Height, (len(pic.Data)+1023)/1024, pic.Elapsed.Milliseconds())
			if pic.Cut {
				sv.Caption += "; the page's top only"
			}
		}
		v.Sides = append(v.Sides, sv)
	}
	if a != nil {
		found := map[string][]string{}
		for _, f := range a.Findings {
			found[f.Finding.Field()] = append(found[f.Finding.Field()], string(f.Finding))
			v.Findings = append(v.Findings, findingRow{Name: string(f.Finding), Words: f.Words})
		}
		for _, r := range audit.HeadFields() {
			pv, rv := fieldValue(a.Plain, r.Value), fieldValue(a.Rendered, r.Value)
			v.Fields = append(v.Fields, fieldRow{Field: r.Name, Plain: pv, Rendered: rv, Differs: pv != rv,
				Findings: strings.Join(found[r.Name], ", ")})
		}
	}
	for _, l := range p.Links {
		row := linkRow{URL: safetext.Clean(l.URL), Anchor: safetext.Clean(l.Anchor)}
		switch l.Found {
		case fetch.Rendered.Found():
			v.LinksRendered = append(v.LinksRendered, row)
		case fetch.Plain.Found():
			v.LinksPlain = append(v.LinksPlain, row)
		}
	}
	return v
}

func fieldValue(f *audit.Fields, get func(*audit.Fields) string) string {
	if f == nil {
		return "(no page)"
	}
	return safetext.Clean(get(f))
}

func cleanList(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = safetext.Clean(s)
	}
	return out
}

// writeCompareHTML writes the comparison as one self-contained HTML page:
// its pictures are data: URIs, its style inline, and its Content Security
// Policy lets it load nothing else.
func writeCompareHTML(w io.Writer, v compareView) error {
	return compareTemplate().Execute(w, v)
}

var compareTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("compare").Parse(compareHTML))
})

const compareHTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>webgraph compare: {{.URL}}</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5em auto; max-width: 1280px; padding: 0 1em; color: #212121; }
h1 { font-size: 1.4em; margin-bottom: .2em; overflow-wrap: anywhere; }
h2 { font-size: 1.15em; margin-top: 1.8em; border-bottom: 1px solid #ddd; padding-bottom: .2em; }
.meta { color: #616161; }
.pics { display: flex; gap: 1em; align-items: flex-start; }
.pics figure { flex: 1; margin: 0; min-width: 0; }
.pics figcaption { color: #616161; font-size: .9em; }
.pics h3 { margin: .2em 0; font-size: 1em; }
.shot summary { list-style: none; cursor: zoom-in; }
.shot summary::-webkit-details-marker { display: none; }
.shot img { display: block; width: 100%; height: auto; max-height: 36em; object-fit: cover; object-position: left top; border: 1px solid #bdbdbd; background: #fff; }
.shot[open] summary { cursor: zoom-out; }
.shot[open] img { position: fixed; top: 2vh; left: 2vw; width: 96vw; height: 96vh; max-height: none; object-fit: contain; background: rgba(33, 33, 33, .88); border: 0; z-index: 10; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3em .5em; border-bottom: 1px solid #eee; vertical-align: top; overflow-wrap: anywhere; }
tr.differs td { background: #fff8e1; }
tr.differs td.mark::before { content: "≠ "; color: #e65100; font-weight: bold; }
ul.blocks { list-style: none; padding: 0; }
ul.blocks li { padding: .25em .6em; margin: .2em 0; border-left: 4px solid; overflow-wrap: anywhere; }
ul.blocks li.rendered { background: #e8f5e9; border-color: #2e7d32; }
ul.blocks li.plain { background: #ffebee; border-color: #c62828; }
ul.blocks li.both { background: #f5f5f5; border-color: #bdbdbd; color: #424242; }
.links { overflow-wrap: anywhere; }
.warn { color: #8d6e00; }
</style>
</head>
<body>
<h1>{{.URL}}</h1>
<p class="meta">{{.Verdict}}. Compared by webgraph, {{.Made}}.</p>
{{range .Warnings}}<p class="warn">warning: {{.}}</p>{{end}}

<div class="pics">
{{range .Sides}}<figure><h3>{{.Name}}</h3>{{if .Picture}}<details class="shot"><summary><img src="{{.Picture.Src}}" width="{{.Picture.Width}}" height="{{.Picture.Height}}" alt="{{.Name}}"></summary></details>
<figcaption>{{.Summary}}. Picture {{.Caption}}; click to enlarge.</figcaption>{{else}}<figcaption>{{.Summary}}. No picture.</figcaption>{{end}}</figure>
{{end}}</div>

<h2>Head fields</h2>
{{if .Fields}}<table>
<tr><th>Field</th><th>Plain (as served)</th><th>Rendered</th><th>Finding</th></tr>
{{range .Fields}}<tr{{if .Differs}} class="differs"{{end}}><td class="mark">{{.Field}}</td><td>{{.Plain}}</td><td>{{.Rendered}}</td><td>{{.Findings}}</td></tr>
{{end}}</table>
{{range .Findings}}<p><b>{{.Name}}</b>: {{.Words}}</p>{{end}}{{else}}<p>The page was refused, so its fields are not compared.</p>{{end}}

<h2>Text, block by block</h2>
<p class="meta">Green: only in the rendered page. Red: only in the HTML as served. Grey: in both.</p>
<ul class="blocks">
{{range .OnlyRendered}}<li class="rendered">{{.}}</li>
{{end}}{{range .OnlyPlain}}<li class="plain">{{.}}</li>
{{end}}{{range .Both}}<li class="both">{{.}}</li>
{{end}}</ul>

<h2>Links only one side found</h2>
<div class="links">
<p><b>Only rendering found</b> ({{len .LinksRendered}}){{if not .LinksRendered}}: none{{end}}</p>
{{if .LinksRendered}}<ul>{{range .LinksRendered}}<li>{{.URL}}{{if .Anchor}} — “{{.Anchor}}”{{end}}</li>{{end}}</ul>{{end}}
<p><b>Only the HTML as served has</b> ({{len .LinksPlain}}){{if not .LinksPlain}}: none{{end}}</p>
{{if .LinksPlain}}<ul>{{range .LinksPlain}}<li>{{.URL}}{{if .Anchor}} — “{{.Anchor}}”{{end}}</li>{{end}}</ul>{{end}}
</div>
</body>
</html>
`

// SidesInWords names sides as a sentence does: "plain", "rendered and
// plain", "no side".
func SidesInWords(sides []fetch.Name) string {
	names := make([]string, len(sides))
	for i, n := range sides {
		names[i] = string(n)
	}
	switch len(names) {
	case 0:
		return "no side"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
