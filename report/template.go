package report

const pageHTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>webgraph report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1000px; padding: 0 1em; color: #212121; }
h1 { font-size: 1.6em; margin-bottom: .2em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: .2em; }
.meta { color: #616161; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3em .5em; border-bottom: 1px solid #eee; vertical-align: top; }
td.url, .needjs .url { overflow-wrap: anywhere; word-break: normal; min-width: 16em; }
.plotrow { display: flex; flex-wrap: wrap; gap: 1.5em; align-items: flex-start; }
.needjs { flex: 1; min-width: 18em; }
.needjs ul { padding-left: 1.2em; margin: .3em 0; }
.needjs .url { display: block; color: #616161; font-size: .9em; }
svg text.glabel { font-size: 11px; fill: #212121; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
.bars div.row { display: flex; align-items: center; margin: .25em 0; }
.bars .label { width: 9em; }
.bars .track { flex: 1; background: #f5f5f5; height: 1.2em; }
.bars .fill { height: 100%; }
.bars .count { width: 4em; text-align: right; font-variant-numeric: tabular-nums; }
.cards { display: flex; flex-wrap: wrap; gap: 1em; }
.card { border: 1px solid #e0e0e0; border-radius: 6px; padding: .6em 1em; min-width: 8em; }
.card b { display: block; font-size: 1.6em; }
svg text { font: 11px system-ui, sans-serif; fill: #424242; }
.warn { color: #8d6e00; }
td.val { overflow-wrap: anywhere; min-width: 10em; }
ul.vals { margin: 0 0 .4em; padding-left: 1.1em; }
p.vtext { margin: 0 0 .3em; }
.muted { color: #757575; font-style: italic; }
table.pairs { width: auto; margin: 0 0 .4em; }
table.pairs th, table.pairs td { padding: .1em .6em .1em 0; border-bottom: 1px solid #f0f0f0; }
span.u { overflow-wrap: anywhere; }
.shape { display: flex; flex-wrap: wrap; gap: 2em; }
.shape > div { flex: 1; min-width: 18em; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.pair { display: flex; flex-wrap: wrap; gap: 1em; margin: .4em 0 1.6em; }
.pair figure { margin: 0; flex: 1; min-width: 12em; max-width: 24em; }
.pair figcaption { font-size: .9em; color: #616161; }
.shot summary { list-style: none; cursor: zoom-in; }
.shot summary::-webkit-details-marker { display: none; }
.shot img { display: block; width: 100%; height: 14em; object-fit: cover; object-position: left top; border: 1px solid #bdbdbd; background: #fff; }
.shot[open] summary { cursor: zoom-out; }
.shot[open] img { position: fixed; top: 2vh; left: 2vw; width: 96vw; height: 96vh; object-fit: contain; background: rgba(33, 33, 33, .88); border: 0; z-index: 10; }
</style>
</head>
<body>
<h1>webgraph report</h1>
<p class="meta">Crawl of {{range $i, $s := .Seeds}}{{if $i}}, {{end}}{{$s}}{{end}} in {{.Mode}} mode. Report made {{.Generated}}.</p>

<h2 id="run">Run</h2>
{{with .Done}}
<div class="cards">
  <div class="card"><b>{{.Pages}}</b>pages fetched</div>
  <div class="card"><b>{{.OK}}</b>kept</div>
  {{if .Duplicates}}<div class="card"><b>{{.Duplicates}}</b>canonical {{if eq .Duplicates 1}}duplicate{{else}}duplicates{{end}}, counted once</div>{{end}}
  <div class="card"><b>{{.Refused}}</b>refused</div>
  <div class="card"><b>{{.Disallowed}}</b>disallowed by robots.txt</div>
  <div class="card"><b>{{.SkippedTotal}}</b>file URLs not fetched</div>
  <div class="card"><b>{{.Pending}}</b>left in the queue</div>
</div>
{{end}}
<table>
<tr><th>Run started</th><th>Resumed</th><th>Stopped</th><th>Took</th></tr>
{{range .Runs}}<tr><td>{{.Started}}</td><td>{{if .Resumed}}yes{{else}}no{{end}}</td><td>{{.Stopped}}</td><td>{{.Elapsed}}</td></tr>
{{range .Warnings}}<tr><td colspan="4" class="warn">warning: {{.}}</td></tr>{{end}}{{end}}
</table>

<h2 id="outcomes">Outcomes</h2>
<div class="bars">
{{range .Outcomes}}<div class="row"><span class="label">{{.Label}}</span><span class="track">{{if .Count}}<div class="fill" style="width: {{f .Width}}%; background: {{.Color}}"></div>{{end}}</span><span class="count">{{.Count}}</span></div>
{{end}}</div>
{{if .Duplicates}}<p>Kept pages are counted once per canonical URL: {{.Duplicates}} more {{if eq .Duplicates 1}}page was{{else}}pages were{{end}} fetched whose canonical URL another kept page holds (the duplicate bar).</p>{{end}}

<h2 id="shape">Crawl shape</h2>
{{with .Shape}}<div class="shape">
<div><h3>Pages by status</h3><div class="bars">
{{range .ByStatus}}<div class="row"><span class="label">{{.Label}}</span><span class="track"><div class="fill" style="width: {{f .Width}}%; background: {{.Color}}"></div></span><span class="count">{{.Count}}</span></div>
{{end}}</div></div>
<div><h3>Pages by depth</h3><div class="bars">
{{range .ByDepth}}<div class="row"><span class="label">{{.Label}}</span><span class="track"><div class="fill" style="width: {{f .Width}}%; background: {{.Color}}"></div></span><span class="count">{{.Count}}</span></div>
{{end}}</div><p class="meta">Link hops from a seed (sitemap URLs enter at 1).</p></div>
</div>
<h3>Slowest pages</h3>
{{if .Slowest}}<table>
<tr><th>Page</th><th>Status</th><th>Plain</th><th>Rendered</th></tr>
{{range .Slowest}}<tr><td class="url">{{.Label}}<br><span class="meta">{{wrapURL .URL}}</span></td><td>{{if .Status}}{{.Status}}{{else}}-{{end}}{{if .Refused}} (refused){{end}}</td><td class="num">{{.Plain}}</td><td class="num">{{.Rend}}</td></tr>
{{end}}</table>{{else}}<p>No page was fetched.</p>{{end}}{{end}}

<h2 id="causes">Refusal causes</h2>
{{if .Causes}}<div class="bars">
{{range .Causes}}<div class="row"><span class="label">{{.Label}}</span><span class="track">{{if .Count}}<div class="fill" style="width: {{f .Width}}%; background: {{.Color}}"></div>{{end}}</span><span class="count">{{.Count}}</span></div>
{{end}}</div>{{else}}<p>No page was refused.</p>{{end}}

<h2 id="refusals">Refusals, with how each URL was found</h2>
{{if .Refusals}}<table>
<tr><th>URL</th><th>Cause</th><th>What happened</th><th>Found</th></tr>
{{range .Refusals}}<tr><td class="url">{{wrapURL .URL}}</td><td>{{.Cause}}</td><td>{{.Words}}</td><td>{{.Citation}}</td></tr>
{{end}}</table>{{else}}<p>No page was refused.</p>{{end}}

<h2 id="javascript">What JavaScript changes</h2>
{{if .Findings}}{{range .Findings}}<h3>{{.Name}} ({{.Count}})</h3>
<p>{{.Words}}</p>
<table>
<tr><th>Page</th><th>Plain</th><th>Rendered</th></tr>
{{range .Pages}}<tr><td class="url"><a href="{{.URL}}">{{.URL}}</a>{{if .Detail}}<br><span class="meta">{{.Detail}}</span>{{end}}</td><td class="val">{{template "value" .Plain}}</td><td class="val">{{template "value" .Rendered}}</td></tr>
{{end}}</table>
{{end}}{{else}}<p>JavaScript changed nothing the audit compares on any kept page.</p>{{end}}
{{if .Pictures}}<h3 id="pictures">As rendered, and as served without JavaScript</h3>
<p>Each page with a finding, as the browser rendered it (left) and as its HTML was served, shown with scripts off: what a crawler that runs no JavaScript is given (right). Click a picture to enlarge it, and again to close it.</p>
{{range .Pictures}}<p><b>{{.Label}}</b>: {{range $i, $f := .Findings}}{{if $i}}, {{end}}{{$f}}{{end}}<br><span class="meta">{{wrapURL .URL}}</span></p>
<div class="pair">{{template "shot" (shot "rendered" .Rendered)}}{{template "shot" (shot "as served, scripts off" .Plain)}}</div>
{{end}}{{end}}

<h2 id="sitemaps">Sitemap inventory</h2>
{{if .Inventory}}<div class="bars">
{{range .Inventory}}<div class="row"><span class="label">{{.Label}}</span><span class="track">{{if .Count}}<div class="fill" style="width: {{f .Width}}%; background: {{.Color}}"></div>{{end}}</span><span class="count">{{.Count}}</span></div>
{{end}}</div>
{{with .Done}}<p>{{.Coverage.SitemapNeverLinked}} sitemap URLs are never linked from a page; {{.Coverage.LinkedNotInSitemap}} kept pages are missing from the sitemaps; robots.txt disallows {{.Coverage.SitemapDisallowed}} sitemap URLs.</p>{{end}}
{{else}}<p>The crawl did not finish, so there is no inventory.</p>{{end}}

<h2 id="words">Plain against rendered words</h2>
{{if .NoWords}}<p>{{.NoWords}}</p>{{else}}{{with .Scatter}}<p>Each dot is a page: its words without a browser across, with one up (log scales). Dots well above the line need JavaScript: {{.NeedJS}} of {{len .Points}} pages.</p>
<div class="plotrow">
<svg width="{{f (addMargin .Size)}}" height="{{f (addMargin .Size)}}" viewBox="0 0 {{f (addMargin .Size)}} {{f (addMargin .Size)}}" role="img" aria-label="plain against rendered words per page">
<rect x="40" y="10" width="{{f .Size}}" height="{{f .Size}}" fill="#fafafa" stroke="#bdbdbd"/>
<path d="{{.Diagonal}}" stroke="#bdbdbd" stroke-dasharray="4 4"/>
{{$size := .Size}}{{range .Ticks}}<text x="{{f (plus 40 .At)}}" y="{{f (plus $size 26)}}" text-anchor="middle">{{.Label}}</text><text x="34" y="{{f (minus (plus $size 14) .At)}}" text-anchor="end">{{.Label}}</text>
{{end}}<text x="{{f (plus 40 (half $size))}}" y="{{f (plus $size 42)}}" text-anchor="middle">plain words</text>
<text x="12" y="{{f (plus 10 (half $size))}}" transform="rotate(-90 12 {{f (plus 10 (half $size))}})" text-anchor="middle">rendered words</text>
{{range .Points}}<circle cx="{{f .X}}" cy="{{f .Y}}" r="5" fill="{{if .NeedsJS}}#6a1b9a{{else}}#1565c0{{end}}" fill-opacity="0.7"><title>{{.Label}} ({{.URL}}): {{.Plain}} plain, {{.Rendered}} rendered</title></circle>
{{end}}</svg>
<div class="needjs">{{if .JSPages}}<p><b>Pages that need JavaScript</b> (purple), most rendered words first:</p>
<ul>{{range .JSPages}}<li>{{.Label}}: {{.Plain}} words plain, {{.Rendered}} rendered<span class="url">{{wrapURL .URL}}</span></li>
{{end}}</ul>{{else}}<p>No page needs JavaScript for its text.</p>{{end}}</div>
</div>{{end}}{{end}}

<h2 id="content">Main content</h2>
{{with .Content}}<p>Of the kept pages' main content, {{.Plain}} {{if eq .Plain 1}}page was{{else}}pages were{{end}} read from the HTML as served and {{.Rendered}} from the DOM the browser rendered, because scripts wrote or changed their text{{if .Pages}}:{{else}}.{{end}}</p>
{{if .Pages}}<ul class="content">{{range .Pages}}<li>{{.Label}} <span class="url">{{wrapURL .URL}}</span></li>
{{end}}{{if .More}}<li>and {{.More}} more</li>{{end}}</ul>{{end}}
<p class="meta">webgraph content --db … writes each page's main content as Markdown.</p>{{else}}<p>The crawl kept no page's main content (it ran with --keep text or --keep none, or with a webgraph that kept none, or kept no page).</p>{{end}}

<h2 id="graph">Link graph</h2>
{{with .Graph}}<p>Pages fetched (green kept, red refused) and the links between them. The {{len .Labelled}} most-linked pages are named; hover over any page for its title and URL.{{if .Truncated}} Only the first 300 pages are drawn.{{end}}</p>
<svg width="{{f .Size}}" height="{{f .Size}}" viewBox="0 0 {{f .Size}} {{f .Size}}" role="img" aria-label="the link graph">
<rect width="{{f .Size}}" height="{{f .Size}}" fill="#fafafa"/>
{{range .Edges}}<line x1="{{f .X1}}" y1="{{f .Y1}}" x2="{{f .X2}}" y2="{{f .Y2}}" stroke="#90a4ae" stroke-opacity="0.6"/>
{{end}}{{range .Nodes}}<circle cx="{{f .X}}" cy="{{f .Y}}" r="6" fill="{{.Color}}"><title>{{.Label}}: {{.URL}}{{if .Cause}} ({{.Cause}}){{end}}, linked from {{.Inlinks}} drawn pages</title></circle>
{{end}}{{range .Nodes}}{{if .ShowLabel}}<text class="glabel" x="{{f .LX}}" y="{{f (plus .Y 4)}}" text-anchor="{{.LAnchor}}">{{.Label}}</text>
{{end}}{{end}}</svg>{{end}}
</body>
</html>
{{define "value"}}{{if .Text}}<p class="vtext{{if .Muted}} muted{{end}}">{{.Text}}</p>{{end}}{{with .Lone}}<p class="vtext">{{template "item" .}}</p>{{end}}{{if .List}}<ul class="vals">{{range .List}}<li>{{template "item" .}}</li>{{end}}{{if .More}}<li>and {{.More}} more</li>{{end}}</ul>{{end}}{{if .Table}}<table class="pairs">{{if index .Head 0}}<tr><th>{{index .Head 0}}</th><th>{{index .Head 1}}</th></tr>{{end}}{{range .Table}}<tr><td>{{.Key}}</td><td>{{template "item" .Value}}</td></tr>{{end}}</table>{{end}}{{range .Groups}}{{template "value" .}}{{end}}{{end}}
{{define "item"}}{{.Text}}{{if .URL}}{{if .Text}} {{end}}{{shortURL .URL}}{{end}}{{if .To}} → {{shortURL .To}}{{end}}{{.Note}}{{end}}
{{define "shot"}}<figure>{{if .Pic}}<details class="shot"><summary><img src="{{.Pic.Src}}" width="{{.Pic.Width}}" height="{{.Pic.Height}}" alt="the page {{.Side}}"></summary></details><figcaption>{{.Side}}{{if .Pic.Cut}} (the page's top){{end}}</figcaption>{{else}}<figcaption>{{.Side}}: no picture</figcaption>{{end}}</figure>{{end}}
`
