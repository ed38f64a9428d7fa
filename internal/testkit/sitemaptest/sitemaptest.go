// Package sitemaptest checks a written sitemap file against the rules of
// the sitemaps.org schema (sitemap.xsd and siteindex.xsd, version 0.9) and
// protocol, in Go: tests hold webgraph's sitemap writer to them without an
// XML Schema validator. It is a test harness; nothing in the binary uses it.
package sitemaptest

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"unicode/utf8"
)

// Namespace is the sitemaps.org namespace both root elements must be in.
const Namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

// The protocol's limits for one file.
const (
	MaxURLs  = 50000    // <url> in a <urlset>, <sitemap> in a <sitemapindex>
	MaxBytes = 52428800 // 50 MB, uncompressed
	MinLoc   = 12       // tLoc's minLength
	MaxLoc   = 2048     // tLoc's maxLength
)

// File is a sitemap file as Validate read it.
type File struct {
	// Index is set for a <sitemapindex>, whose Locs are sitemaps' URLs.
	Index bool
	// Locs are the <loc> values in document order, entities decoded.
	Locs []string
	// Lastmods are the <lastmod> values by <loc>; absent when not given.
	Lastmods map[string]string
}

// w3cDatetime is the lastmod's type: a union of xsd:date and xsd:dateTime
// in the W3C Datetime profile (YYYY-MM-DD, or a time to the minute, second
// or a fraction, with a zone designator).
var w3cDatetime = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$`)

var changefreqs = map[string]bool{"always": true, "hourly": true, "daily": true, "weekly": true, "monthly": true, "yearly": true, "never": true}

// Validate reads the sitemap file at path and checks it: at most MaxBytes
// bytes, UTF-8, well-formed XML; a root <urlset> or <sitemapindex> in
// Namespace; in a urlset, 1 to MaxURLs <url> elements, each with exactly
// one <loc> first and at most one each of <lastmod>, <changefreq> and
// <priority> in that order, nothing else of the namespace; in an index, 1
// to MaxURLs <sitemap> elements, each a <loc> and at most one <lastmod>;
// every loc an absolute http(s) URL of MinLoc to MaxLoc characters holding
// no character a URI may not (so percent-encoded), every lastmod a W3C
// datetime, every priority between 0.0 and 1.0. Each broken rule is one
// line of the error.
func Validate(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var problems []string
	fail := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	if len(data) > MaxBytes {
		fail("%d bytes: more than the protocol's %d", len(data), MaxBytes)
	}
	if !utf8.Valid(data) {
		fail("not UTF-8")
	}
	f, err := check(data, fail)
	if err != nil {
		fail("%v", err)
	}
	if len(problems) > 0 {
		return f, fmt.Errorf("%s: %d problems:\n%s", path, len(problems), bytes.Join(toBytes(problems), []byte("\n")))
	}
	return f, nil
}

func toBytes(ss []string) [][]byte {
	out := make([][]byte, len(ss))
	for i, s := range ss {
		out[i] = []byte(s)
	}
	return out
}

// check walks the document strictly, element by element.
func check(data []byte, fail func(string, ...any)) (*File, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	f := &File{Lastmods: map[string]string{}}
	var stack []string // local names of the open elements
	var text bytes.Buffer
	var entry []string // the children of the current url or sitemap, in order
	var loc, lastmod string
	entries := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return f, fmt.Errorf("not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Space != Namespace {
				if len(stack) == 0 {
					return f, fmt.Errorf("root <%s> is in namespace %q; want %q", t.Name.Local, t.Name.Space, Namespace)
				}
				fail("<%s> in namespace %q inside <%s>", t.Name.Local, t.Name.Space, stack[len(stack)-1])
			}
			switch len(stack) {
			case 0:
				switch t.Name.Local {
				case "urlset":
				case "sitemapindex":
					f.Index = true
				default:
					return f, fmt.Errorf("root element <%s>; want <urlset> or <sitemapindex>", t.Name.Local)
				}
			case 1:
				want := map[bool]string{false: "url", true: "sitemap"}[f.Index]
				if t.Name.Local != want {
					fail("<%s> in <%s>; only <%s> may be there", t.Name.Local, stack[0], want)
				}
				entries++
				entry, loc, lastmod = entry[:0], "", ""
			case 2:
				entry = append(entry, t.Name.Local)
			default:
				fail("<%s> nested in <%s>: the schema's elements hold text", t.Name.Local, stack[len(stack)-1])
			}
			stack = append(stack, t.Name.Local)
			text.Reset()
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			value := text.String()
			switch len(stack) {
			case 2:
				switch t.Name.Local {
				case "loc":
					loc = value
					checkLoc(value, fail)
				case "lastmod":
					lastmod = value
					if !w3cDatetime.MatchString(value) {
						fail("lastmod %q is not a W3C datetime", value)
					}
				case "changefreq":
					if !changefreqs[value] {
						fail("changefreq %q is not one of the protocol's", value)
					}
				case "priority":
					if p, err := strconv.ParseFloat(value, 64); err != nil || p < 0 || p > 1 {
						fail("priority %q is not between 0.0 and 1.0", value)
					}
				}
			case 1:
				checkEntry(entry, f.Index, fail)
				f.Locs = append(f.Locs, loc)
				if lastmod != "" {
					f.Lastmods[loc] = lastmod
				}
			}
			text.Reset()
		}
	}
	if entries == 0 {
		fail("no entry: the schema wants at least one")
	}
	if entries > MaxURLs {
		fail("%d entries: more than the protocol's %d", entries, MaxURLs)
	}
	return f, nil
}

// checkEntry checks the children of one <url> or <sitemap>, in order.
func checkEntry(children []string, index bool, fail func(string, ...any)) {
	order := []string{"loc", "lastmod", "changefreq", "priority"}
	if index {
		order = order[:2]
	}
	if len(children) == 0 || children[0] != "loc" {
		fail("an entry's children %v do not begin with its one <loc>", children)
		return
	}
	at := 0
	for _, c := range children[1:] {
		i := at + 1
		for i < len(order) && order[i] != c {
			i++
		}
		if i == len(order) {
			fail("an entry's children %v: <%s> is out of order, repeated or not the schema's", children, c)
			return
		}
		at = i
	}
}

// checkLoc checks one loc: an absolute http(s) URL of the allowed length,
// escaped as a URI must be.
func checkLoc(loc string, fail func(string, ...any)) {
	if n := utf8.RuneCountInString(loc); n < MinLoc || n > MaxLoc {
		fail("loc of %d characters (%.40q…): the schema allows %d to %d", n, loc, MinLoc, MaxLoc)
	}
	for i := 0; i < len(loc); i++ {
		if c := loc[i]; c <= ' ' || c >= 0x7f || bytes.IndexByte([]byte(`"<>\^`+"`{|}"), c) >= 0 {
			fail("loc %.80q holds %q, which a URI must percent-encode", loc, c)
			break
		}
	}
	u, err := url.Parse(loc)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		fail("loc %.80q is not an absolute http(s) URL", loc)
	}
}
