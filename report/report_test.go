package report

import (
	"strings"
	"testing"
	"time"
)

func TestForPeople(t *testing.T) {
	t.Parallel()
	if got := humanTime(time.Date(2026, 12, 3, 7, 21, 30, 186894795, time.UTC)); got != "3 Dec 2026, 07:21 UTC" {
		t.Errorf("humanTime = %q", got)
	}
	for d, want := range map[time.Duration]string{
		350 * time.Millisecond: "350 ms", 4100 * time.Millisecond: "4.1 s",
		125 * time.Second: "2 min 5 s", 63 * time.Minute: "1 h 3 min",
	} {
		if got := humanDuration(d); got != want {
			t.Errorf("humanDuration(%v) = %q; want %q", d, got, want)
		}
	}
	for _, b := range bars(map[string]int{"none": 0, "some": 3}, nil) {
		if (b.Count == 0) != (b.Width == 0) {
			t.Errorf("bar %s: count %d, width %v; a zero draws no bar, a count always does", b.Label, b.Count, b.Width)
		}
	}
	if got := string(wrapURL(`http://h/a/retired.html?x=<b>&y#f`)); got != `http:/<wbr>/<wbr>h/<wbr>a/<wbr>retired.html<wbr>?x=<wbr>&lt;b&gt;&amp;<wbr>y<wbr>#f` {
		t.Errorf("wrapURL = %s", got)
	}
	if got := pageLabel("", "http://h/docs/a.html?q=1"); got != "/docs/a.html?q=1" {
		t.Errorf("pageLabel without a title = %q", got)
	}
}

// A finding only the crawl can tell (canonical_broken) shows what the crawl
// learned, in words, beside the page: which canonical URL it refused and
// why; a site's text in it stays inert.
func TestFindingDetailShown(t *testing.T) {
	t.Parallel()
	d := &data{Findings: []findingGroup{{Name: "canonical_broken", Words: "the canonical URL names a page the crawl refused", Count: 1,
		Pages: []findingPage{{URL: "http://h/p", Detail: "http://h/gone: refused, missing: <b>HTTP 404</b>"}}}}}
	var b strings.Builder
	if err := page().Execute(&b, d); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "http://h/gone: refused, missing: &lt;b&gt;HTTP 404&lt;/b&gt;") {
		t.Errorf("the report does not show the finding's detail, escaped:\n%s", b.String())
	}
}
