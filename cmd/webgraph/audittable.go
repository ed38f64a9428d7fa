package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/webgraph/webgraph/audit"
)

// cellWidth caps a value in compare's field table, in runes.
const cellWidth = 48

// writeAuditTable writes compare's field table: each field, both sides'
// values and the finding, if any; then each finding's words. w must already
// clean site text for the terminal.
func writeAuditTable(w io.Writer, a *audit.Audit) {
	if a == nil {
		return
	}
	fmt.Fprintf(w, "\nWhat JavaScript changed (%s):\n", plural(len(a.Findings), "finding"))
	if a.Plain == nil || a.Rendered == nil {
		fmt.Fprintln(w, "  only one side gave a page, so there is nothing to set it against")
	}
	found := map[string][]string{}
	for _, f := range a.Findings {
		field := fieldOf(f.Finding)
		found[field] = append(found[field], string(f.Finding))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  field\tplain\trendered\tfinding")
	row := func(field string, pv, rv func(f *audit.Fields) any) {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", field, cell(a.Plain, pv), cell(a.Rendered, rv), strings.Join(found[field], ", "))
	}
	same := func(get func(f *audit.Fields) any) (func(*audit.Fields) any, func(*audit.Fields) any) {
		return get, get
	}
	for _, r := range []struct {
		name string
		get  func(f *audit.Fields) any
	}{
		{"title", func(f *audit.Fields) any { return f.Title }},
		{"description", func(f *audit.Fields) any { return f.Description }},
		{"h1", func(f *audit.Fields) any { return f.H1 }},
		{"canonical", func(f *audit.Fields) any { return f.Canonical }},
		{"robots", func(f *audit.Fields) any { return strings.Join(f.Robots, ", ") }},
		{"hreflang", func(f *audit.Fields) any { return hreflangCell(f.Hreflang) }},
		{"structured_data", func(f *audit.Fields) any { return strings.Join(f.StructuredData, ", ") }},
		{"links", func(f *audit.Fields) any { return f.Links }},
		{"words", func(f *audit.Fields) any { return f.Words }},
	} {
		pv, rv := same(r.get)
		row(r.name, pv, rv)
	}
	none := func(*audit.Fields) any { return "" }
	if a.Rendered != nil && a.Rendered.Script != nil {
		row("console_errors", none, func(f *audit.Fields) any { return len(f.ConsoleErrors) })
		row("failed_requests", none, func(f *audit.Fields) any { return len(f.FailedRequests) })
		row("blocked_resources", none, func(f *audit.Fields) any { return len(f.BlockedResources) })
		row("navigations", none, func(f *audit.Fields) any { return len(f.Navigations) })
	}
	tw.Flush()
	for _, f := range a.Findings {
		fmt.Fprintf(w, "  %s: %s\n", f.Finding, f.Words)
		for _, side := range []struct {
			name string
			v    any
		}{{"plain", f.Plain}, {"rendered", f.Rendered}} {
			if side.v == nil {
				continue
			}
			b, _ := json.Marshal(side.v)
			fmt.Fprintf(w, "      %-9s %s\n", side.name+":", clip(string(b), 300))
		}
	}
}

// fieldOf is the table row a finding belongs to.
func fieldOf(n audit.Name) string {
	switch n {
	case audit.TitleOnlyRendered, audit.TitleChanged:
		return "title"
	case audit.DescriptionOnlyRendered, audit.DescriptionChanged:
		return "description"
	case audit.H1OnlyRendered, audit.H1Changed:
		return "h1"
	case audit.CanonicalOnlyRendered, audit.CanonicalMismatch:
		return "canonical"
	case audit.NoindexOnlyPlain, audit.NoindexOnlyRendered, audit.NofollowOnlyPlain, audit.NofollowOnlyRendered:
		return "robots"
	case audit.HreflangChanged:
		return "hreflang"
	case audit.StructuredDataChanged:
		return "structured_data"
	case audit.LinksOnlyRendered:
		return "links"
	case audit.ContentOnlyRendered:
		return "words"
	case audit.JSErrors:
		return "console_errors"
	case audit.FailedRequests:
		return "failed_requests"
	case audit.BlockedResources:
		return "blocked_resources"
	case audit.JSRedirect:
		return "navigations"
	}
	return string(n)
}

func cell(f *audit.Fields, get func(*audit.Fields) any) string {
	if f == nil {
		return "(no page)"
	}
	s := strings.ReplaceAll(fmt.Sprint(get(f)), "\t", " ")
	if s == "" {
		return "-"
	}
	return clip(s, cellWidth)
}

func hreflangCell(m map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, " ")
}
