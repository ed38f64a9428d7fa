package ci

import (
	"encoding/xml"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/crawldiff"
)

// JUnit is a JUnit XML report, as CI systems read it.
type JUnit struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []JUnitSuite `xml:"testsuite"`
}

// JUnitSuite is one suite of a report: a crawl's URLs, or a comparison's
// changes.
type JUnitSuite struct {
	Name      string      `xml:"name,attr"`
	Tests     int         `xml:"tests,attr"`
	Failures  int         `xml:"failures,attr"`
	Skipped   int         `xml:"skipped,attr"`
	Time      string      `xml:"time,attr"`
	Timestamp string      `xml:"timestamp,attr"`
	Cases     []JUnitCase `xml:"testcase"`
}

// JUnitCase is one URL or one change.
type JUnitCase struct {
	ClassName string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *JUnitFailure `xml:"failure,omitempty"`
	Skipped   *JUnitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

// JUnitFailure is a case that failed the gate.
type JUnitFailure struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// JUnitSkipped is a case not run: a URL robots.txt disallows.
type JUnitSkipped struct {
	Message string `xml:"message,attr"`
}

// JUnit is the crawl as a report of one suite, one test case per URL: a
// failure for a URL that failed the gate, skipped for a URL robots.txt
// disallows (unless gated), passed otherwise (a refusal not gated is said
// in system-out). A crawl that kept no page adds a failed case of its own.
// seeds name the suite; started is its timestamp.
func (g *Gates) JUnit(seeds []string, started time.Time, done *crawl.DoneEvent) JUnit {
	suite := JUnitSuite{Name: "webgraph crawl of " + strings.Join(seeds, " "), Timestamp: started.UTC().Format(time.RFC3339)}
	for _, o := range g.cases {
		class := "webgraph"
		if u, err := url.Parse(o.URL); err == nil {
			class = u.Host
		}
		c := JUnitCase{ClassName: class, Name: o.URL, Time: fmt.Sprintf("%.3f", float64(o.MS)/1000)}
		switch {
		case o.Gated:
			c.Failure = &JUnitFailure{Type: o.Cause, Message: o.Words, Text: o.cited()}
			suite.Failures++
		case o.Skipped:
			c.Skipped = &JUnitSkipped{Message: o.Words}
			suite.Skipped++
		case !o.OK:
			c.SystemOut = fmt.Sprintf("refused (%s, not gated): %s; %s", o.Cause, o.Words, o.Citation.Describe())
		}
		suite.Cases = append(suite.Cases, c)
	}
	if done.Failure != "" {
		// The crawl as a whole failed: no page was kept.
		suite.Cases = append(suite.Cases, JUnitCase{ClassName: "webgraph", Name: "the crawl kept a page",
			Failure: &JUnitFailure{Type: "nothing_kept", Message: done.Failure}})
		suite.Failures++
	}
	suite.Tests = len(suite.Cases)
	suite.Time = fmt.Sprintf("%.3f", float64(done.ElapsedMS)/1000)
	return JUnit{Name: "webgraph", Tests: suite.Tests, Failures: suite.Failures, Skipped: suite.Skipped, Time: suite.Time, Suites: []JUnitSuite{suite}}
}

// DiffSuite is a comparison of two crawls as a suite: one case per change,
// a failure for each that fails the gate applied to res; now is its
// timestamp.
func DiffSuite(name string, res *crawldiff.Result, now time.Time) JUnitSuite {
	suite := JUnitSuite{Name: name, Time: "0", Timestamp: now.UTC().Format(time.RFC3339)}
	for _, c := range res.Changes {
		jc := JUnitCase{ClassName: "webgraph.diff." + string(c.Change), Name: c.Line(), Time: "0"}
		if c.Gated {
			jc.Failure = &JUnitFailure{Type: string(c.Change) + ":" + string(c.What) + ":" + c.Name, Message: c.Words, Text: c.Line()}
			suite.Failures++
		}
		suite.Cases = append(suite.Cases, jc)
	}
	suite.Tests = len(suite.Cases)
	return suite
}

// DiffJUnit is a report of the one suite DiffSuite gives.
func DiffJUnit(name string, res *crawldiff.Result, now time.Time) JUnit {
	suite := DiffSuite(name, res, now)
	return JUnit{Name: "webgraph", Tests: suite.Tests, Failures: suite.Failures, Time: "0", Suites: []JUnitSuite{suite}}
}

// WriteJUnit writes doc to the file at path, an XML declaration first.
func WriteJUnit(path string, doc JUnit) error {
	b, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append([]byte(xml.Header), append(b, '\n')...), 0o644)
}

// Prepend puts suite first in the report, counting its tests and
// failures in the report's totals: a crawl's report with its comparison
// against a baseline leads with what is new.
func (j *JUnit) Prepend(suite JUnitSuite) {
	j.Suites = append([]JUnitSuite{suite}, j.Suites...)
	j.Tests += suite.Tests
	j.Failures += suite.Failures
}
