package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"
)

// Field is one row of the audit as a table shows it: the name its findings
// are filed under (Name.Field) and its value on one side as one line of text.
type Field struct {
	Name  string
	Value func(*Fields) string
}

// HeadFields are the fields both sides read, in the order a table lists
// them.
func HeadFields() []Field {
	return []Field{
		{"title", func(f *Fields) string { return f.Title }},
		{"description", func(f *Fields) string { return f.Description }},
		{"h1", func(f *Fields) string { return f.H1 }},
		{"canonical", func(f *Fields) string { return f.Canonical }},
		{"robots", func(f *Fields) string { return strings.Join(f.Robots, ", ") }},
		{"hreflang", func(f *Fields) string { return hreflangText(f.Hreflang) }},
		{"structured_data", func(f *Fields) string { return strings.Join(f.StructuredData, ", ") }},
		{"links", func(f *Fields) string { return fmt.Sprint(f.Links) }},
		{"words", func(f *Fields) string { return fmt.Sprint(f.Words) }},
	}
}

// ScriptFields are what only a render tells, as counts. On a side without a
// Script (the plain side) each value is "".
func ScriptFields() []Field {
	count := func(n func(*Script) int) func(*Fields) string {
		return func(f *Fields) string {
			if f.Script == nil {
				return ""
			}
			return fmt.Sprint(n(f.Script))
		}
	}
	return []Field{
		{"console_errors", count(func(s *Script) int { return len(s.ConsoleErrors) })},
		{"failed_requests", count(func(s *Script) int { return len(s.FailedRequests) })},
		{"blocked_resources", count(func(s *Script) int { return len(s.BlockedResources) })},
		{"navigations", count(func(s *Script) int { return len(s.Navigations) })},
	}
}

// hreflangText is the alternates as "lang=URL" pairs, sorted by language.
func hreflangText(m map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, k+"="+m[k])
	}
	return strings.Join(parts, " ")
}

// Describe says f in one line, as a gate lists it: what it means, then both
// sides' values as JSON, each cut at 300 characters.
func (f Finding) Describe() string {
	if f.Detail != "" {
		return fmt.Sprintf("%s: %s (plain %s, rendered %s)", f.Words, clip(f.Detail, valueWidth), jsonClip(f.Plain), jsonClip(f.Rendered))
	}
	return fmt.Sprintf("%s (plain %s, rendered %s)", f.Words, jsonClip(f.Plain), jsonClip(f.Rendered))
}

// cellWidth caps a value in the table, in runes; valueWidth caps a
// finding's value below it.
const (
	cellWidth  = 48
	valueWidth = 300
)

func jsonClip(v any) string {
	b, _ := json.Marshal(v)
	return clip(string(b), valueWidth)
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// WriteTable writes a as text for a terminal: each field, both sides'
// values and the findings filed under it; then each finding's words and
// values. Nothing is written for a nil audit. The values are the site's
// text: w must make them safe to print (internal/safetext).
func (a *Audit) WriteTable(w io.Writer) {
	if a == nil {
		return
	}
	word := "findings"
	if len(a.Findings) == 1 {
		word = "finding"
	}
	fmt.Fprintf(w, "\nWhat JavaScript changed (%d %s):\n", len(a.Findings), word)
	if a.Plain == nil || a.Rendered == nil {
		fmt.Fprintln(w, "  only one side gave a page, so there is nothing to set it against")
	}
	found := map[string][]string{}
	for _, f := range a.Findings {
		field := f.Finding.Field()
		found[field] = append(found[field], string(f.Finding))
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  field\tplain\trendered\tfinding")
	fields := HeadFields()
	if a.Rendered != nil && a.Rendered.Script != nil {
		fields = append(fields, ScriptFields()...)
	}
	for _, fl := range fields {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", fl.Name, cell(a.Plain, fl.Value), cell(a.Rendered, fl.Value), strings.Join(found[fl.Name], ", "))
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
			fmt.Fprintf(w, "      %-9s %s\n", side.name+":", jsonClip(side.v))
		}
	}
}

// cell is one side's value in the table: "(no page)" for a side that gave
// none, "-" for an empty value, tabs made spaces, cut at cellWidth.
func cell(f *Fields, value func(*Fields) string) string {
	if f == nil {
		return "(no page)"
	}
	s := strings.ReplaceAll(value(f), "\t", " ")
	if s == "" {
		return "-"
	}
	return clip(s, cellWidth)
}
