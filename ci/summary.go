package ci

import (
	"fmt"
	"strings"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/internal/safetext"
	"github.com/webgraph/webgraph/linkcheck"
)

// Summary is the crawl's Markdown summary (--summary), for a CI job's step
// summary: the seeds, the page totals, the link totals, then each target
// that is broken or unverifiable with where it was linked. Every string a
// site wrote goes through safetext.Markdown.
func Summary(seeds []string, done *crawl.DoneEvent, links []*linkcheck.Event) string {
	md := safetext.Markdown
	var b strings.Builder
	fmt.Fprintf(&b, "## webgraph: %s\n\n", md(strings.Join(seeds, " ")))
	fmt.Fprintf(&b, "Pages: %d kept, %d refused (stopped: %s).\n\n", done.OK, done.Refused, md(string(done.Stopped)))
	if done.Failure != "" {
		fmt.Fprintf(&b, "**Failed:** %s.\n\n", md(done.Failure))
	}
	if done.HashRoutesSkipped > 0 {
		fmt.Fprintf(&b, "Hash routes: %d linked (#/… or #!/…), not crawled; `--hash-routes` crawls them as pages.\n\n", done.HashRoutesSkipped)
	}
	if done.Links != nil {
		l := done.Links
		fmt.Fprintf(&b, "| links | count |\n|---|---|\n| ok | %d |\n| broken | %d |\n| unverifiable | %d |\n| unchecked | %d |\n\n", l.OK, l.Broken, l.Unverifiable, l.Unchecked)
	}
	for _, verdict := range []linkcheck.Verdict{linkcheck.Broken, linkcheck.Unverifiable} {
		var rows []*linkcheck.Event
		for _, ev := range links {
			if ev.Verdict == verdict {
				rows = append(rows, ev)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(&b, "### %s (%d)\n\n| target | reason | linked from |\n|---|---|---|\n", verdict, len(rows))
		for _, ev := range rows {
			var from []string
			for _, c := range ev.Citations {
				from = append(from, md(c.FoundOn)+" as “"+md(c.Anchor)+"”")
			}
			if ev.MoreCitations > 0 {
				from = append(from, fmt.Sprintf("and %d more", ev.MoreCitations))
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", md(ev.URL), md(ev.Reason), strings.Join(from, "<br>"))
		}
		b.WriteString("\n")
	}
	return b.String()
}
