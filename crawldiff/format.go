package crawldiff

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
)

// oneLine makes a site's string safe for a terminal and keeps it on one
// line: control characters (tab and newline too) are written as escapes.
func oneLine(s string) string { return safetext.Line(s) }

// label is a change's kind, what and name: "new refusal missing".
func (c Change) label() string {
	l := string(c.Change) + " " + string(c.What)
	if c.Name != "" {
		l += " " + c.Name
	}
	return l
}

// value writes a changed field's value for a person.
func value(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", oneLine(s))
	}
	return fmt.Sprint(v)
}

// cited lists a change's citations for a person.
func cited(cs []linkcheck.Citation, more int, clean func(string) string) string {
	var parts []string
	for _, c := range cs {
		p := clean(c.FoundOn)
		if c.Anchor != "" {
			p += " as “" + clean(c.Anchor) + "”"
		}
		parts = append(parts, p)
	}
	s := strings.Join(parts, ", ")
	if more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// Line says the change in one line for a person, site strings made safe.
func (c Change) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", c.label(), oneLine(c.URL))
	if c.Words != "" {
		fmt.Fprintf(&b, ": %s", oneLine(c.Words))
	}
	if c.Change == Changed {
		fmt.Fprintf(&b, " (%s → %s)", value(c.Old), value(c.New))
	}
	if len(c.Citations) > 0 {
		fmt.Fprintf(&b, "; linked from %s", cited(c.Citations, c.MoreCitations, oneLine))
	}
	if c.Gated {
		b.WriteString(" [fails --fail-on]")
	}
	return b.String()
}

// WriteText writes the result for people: one line a change, in the
// result's order, then a line of totals.
func WriteText(w io.Writer, r *Result) error {
	for _, c := range r.Changes {
		if _, err := fmt.Fprintln(w, c.Line()); err != nil {
			return err
		}
	}
	s := r.Summary()
	_, err := fmt.Fprintf(w, "%d new, %d lost, %d changed, %d added, %d resolved; %d fail the gate\n", s.New, s.Lost, s.Changed, s.Added, s.Resolved, s.Gated)
	return err
}

// WriteJSON writes the result as JSON Lines: one change event a line, then
// the summary event.
func WriteJSON(w io.Writer, r *Result) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, c := range r.Changes {
		if err := enc.Encode(c); err != nil {
			return err
		}
	}
	return enc.Encode(r.Summary())
}

// mdText makes a site's string inert in Markdown and HTML: one line, with
// the characters that start markup (table pipes, code, links, emphasis,
// headings, HTML) escaped.
func mdText(s string) string { return safetext.Markdown(s) }

// Markdown returns the result as Markdown, for a pull request's comment or
// a job's step summary: totals, then a table for each kind of change, what
// got worse first. title heads it; it is the caller's text, not escaped.
func Markdown(title string, r *Result) string {
	var b strings.Builder
	s := r.Summary()
	fmt.Fprintf(&b, "## %s\n\n", title)
	fmt.Fprintf(&b, "| new | lost | changed | added | resolved | failing the gate |\n|---|---|---|---|---|---|\n| %d | %d | %d | %d | %d | %d |\n\n",
		s.New, s.Lost, s.Changed, s.Added, s.Resolved, s.Gated)
	heads := []struct {
		k    Kind
		head string
	}{{New, "New"}, {Lost, "Lost"}, {Standing, "Standing (failing the gate)"}, {Changed, "Changed"}, {Added, "Added"}, {Resolved, "Resolved"}}
	for _, h := range heads {
		var rows []Change
		for _, c := range r.Changes {
			if c.Change == h.k {
				rows = append(rows, c)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "### %s (%d)\n\n| | what | URL | details | linked from |\n|---|---|---|---|---|\n", h.head, len(rows))
		for _, c := range rows {
			mark := ""
			if c.Gated {
				mark = "❌"
			}
			what := string(c.What)
			if c.Name != "" {
				what += " " + c.Name
			}
			details := mdText(c.Words)
			if c.Change == Changed {
				details += " (" + mdText(value(c.Old)) + " → " + mdText(value(c.New)) + ")"
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", mark, mdText(what), mdText(c.URL), details, cited(c.Citations, c.MoreCitations, mdText))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// ghData escapes s for the data of a GitHub workflow command, as the runner
// reads it: a percent sign, a carriage return and a line feed are written
// %25, %0D and %0A, so the text can neither end the command's line nor be
// read as an escape. Other control characters are then made visible (see
// safetext.Clean), for the log that shows the line.
func ghData(s string) string {
	return safetext.Clean(strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s))
}

// ghProperty escapes s for a property of a workflow command (title=…):
// ghData's escapes, and ':' and ',' as %3A and %2C, which would otherwise
// end the property.
func ghProperty(s string) string {
	return strings.NewReplacer(":", "%3A", ",", "%2C").Replace(ghData(s))
}

// WriteGitHub writes GitHub Actions workflow commands for the result: an
// ::error for each change that fails the gate, a ::warning for each other
// new refusal or link. Site strings are escaped as the runner requires, so
// none can end a command or start another.
func WriteGitHub(w io.Writer, r *Result) error {
	for _, c := range r.Changes {
		level := "error"
		switch {
		case c.Gated:
		case c.Change == New && (c.What == Refusal || c.What == Link):
			level = "warning"
		default:
			continue
		}
		title := "webgraph: " + c.label()
		msg := c.URL
		if c.Words != "" {
			msg += ": " + c.Words
		}
		if len(c.Citations) > 0 {
			msg += "; linked from " + cited(c.Citations, c.MoreCitations, func(s string) string { return s })
		}
		if _, err := io.WriteString(w, GitHubCommand(level, title, msg)); err != nil {
			return err
		}
	}
	return nil
}

// GitHubCommand returns the workflow command ::level title=title::message
// as one line, newline included, with title and message escaped (see
// ghProperty and ghData). level is the caller's: error, warning or notice.
func GitHubCommand(level, title, message string) string {
	return "::" + level + " title=" + ghProperty(title) + "::" + ghData(message) + "\n"
}
