package crawl

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/webgraph/webgraph/audit"
	"github.com/webgraph/webgraph/discovery"
	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/union"
	"github.com/webgraph/webgraph/refuse"
)

// pageEventFields is PageEvent without its MarshalJSON: what
// encoding/json writes for the event's fields, the reference appendJSON is
// held to.
type pageEventFields PageEvent

func referenceJSON(t testing.TB, e *PageEvent) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode((*pageEventFields)(e)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sameAsEncoding(t testing.TB, name string, e *PageEvent) {
	t.Helper()
	got, err := e.encode()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if want := referenceJSON(t, e); !bytes.Equal(got, want) {
		t.Fatalf("%s:\n got %s\nwant %s", name, got, want)
	}
}

// hostile is text a site controls, with everything a JSON string must
// escape or replace.
const hostile = "a\"b\\c\x00\x01\x1f\x7f\b\f\n\r\t<script>&amp;</script>\u2028\u2029 é 漢 \xff\xfe \xed\xa0\x80 end"

func TestPageEventJSONMatchesEncoding(t *testing.T) {
	text := hostile
	rich := PageEvent{
		Event: "page", URL: "http://a.test/" + hostile, FinalURL: "http://a.test/x", OK: true, Status: 200,
		Cause: "walled", Error: hostile,
		Citation: discovery.Discovery{Via: discovery.ViaLink, FoundOn: "http://a.test/", Anchor: hostile, Depth: 3},
		Sides: map[fetch.Name]SideReport{
			fetch.Rendered: {Status: 200, FinalURL: "http://a.test/x", ContentType: "text/html", Words: 42, MS: 830,
				Redirects: []fetch.Redirect{{From: "http://a.test/", To: "http://a.test/x", Status: 0}},
				Wait:      "network_idle", Requests: map[string]int{"b.test": 2, "a.test": 5, hostile: 1}, Blocked: 3,
				BlockedResources: []fetch.BlockedResource{{URL: "http://c.test/p", Reason: "robots", Detail: hostile}, {URL: "u", Reason: "popup"}},
				Download:         true, Truncated: true, Error: hostile},
			fetch.Plain: {Status: 301, Words: 0, MS: 1, Redirects: []fetch.Redirect{{From: "a", To: "b", Status: 301}, {From: "b", To: hostile, Status: 302}}},
		},
		Used:    []fetch.Name{fetch.Plain, fetch.Rendered},
		Dropped: []union.Dropped{{Side: fetch.Plain, Reason: hostile}},
		Title:   hostile, Canonical: "http://a.test/c", Words: 7, Text: &text,
		Links:      LinkCounts{Plain: 1, Rendered: 2, Both: 3},
		RobotsMeta: &RobotsMeta{Noindex: true, Nofollow: false},
		Audit: &audit.Audit{
			Plain: &audit.Fields{Title: hostile, Description: "d", H1: "h", Canonical: "c", Robots: []string{"noindex", hostile},
				Hreflang: map[string]string{"fr": "http://a.test/fr", "de": hostile}, StructuredData: []string{"Article"}, Links: 4, Words: 9},
			Rendered: &audit.Fields{Title: "t", Hreflang: map[string]string{}, Robots: []string{}, StructuredData: []string{}, Script: &audit.Script{
				ConsoleErrors:    []fetch.ConsoleError{{Message: hostile, Source: "app.js:3"}},
				FailedRequests:   []fetch.FailedRequest{{URL: "http://a.test/api", Status: 500}},
				BlockedResources: []fetch.BlockedResource{{URL: "http://c.test/p", Reason: "robots"}},
				Navigations:      []fetch.Redirect{{From: "a", To: "b"}},
			}},
			Findings: []audit.Finding{{Finding: "title", Plain: hostile, Rendered: []string{"x", "<y>"}, Words: hostile}},
		},
		DroppedLongURLs: 2, DuplicateOf: "http://a.test/", Warnings: []string{hostile, "two"},
		DiscoveredKinds: discovery.Kinds{discovery.KindPage: 3, discovery.KindImage: 1},
	}
	agreed := rich
	agreed.Audit = &audit.Audit{Plain: &audit.Fields{Title: "t"}, Findings: []audit.Finding{}}
	nilParts := PageEvent{Event: "page", Sides: map[fetch.Name]SideReport{"plain": {}}, Audit: &audit.Audit{}}
	refused := RefusedPageEvent("http://a.test/"+hostile, discovery.Discovery{Via: discovery.ViaSeed}, refuse.Disallowed, hostile, []string{hostile})
	for name, e := range map[string]*PageEvent{"rich": &rich, "agreed": &agreed, "nil parts": &nilParts, "refused": &refused, "zero": {}} {
		sameAsEncoding(t, name, e)
	}
}

// A page event built from a crawled page, as record builds it.
func TestPageEventJSONOfAPage(t *testing.T) {
	side := &fetch.Side{Name: fetch.Plain, Status: 200, FinalURL: "http://a.test/p", ContentType: "text/html",
		Title: hostile, Words: 30, Blocks: []string{hostile}, Links: []fetch.Link{{URL: "http://a.test/q", Anchor: hostile}}}
	p := &union.Page{URL: "http://a.test/p", FinalURL: "http://a.test/p", Status: 200, Title: hostile, Blocks: side.Blocks, Words: 30,
		Links: []union.Link{{Link: side.Links[0], Found: "plain"}}, Sides: map[fetch.Name]*fetch.Side{fetch.Plain: side},
		Used: []fetch.Name{fetch.Plain}, Warnings: []string{hostile}}
	e := NewPageEvent(p, discovery.Discovery{Via: discovery.ViaLink, FoundOn: "http://a.test/", Anchor: hostile, Depth: 1}, discovery.Kinds{}, true)
	sameAsEncoding(t, "page", &e)
	if e.Audit == nil {
		t.Fatal("a kept page has no audit: the test does not cover it")
	}
}

// FuzzPageEventJSON holds appendJSON to encoding/json for any text a site
// can put in an event.
func FuzzPageEventJSON(f *testing.F) {
	f.Add("http://a.test/", hostile, "title", 3, true)
	f.Add("", "", "", 0, false)
	f.Add("\xff", "\u2028", "\x00\"\\", -1, true)
	f.Fuzz(func(t *testing.T, u, s, title string, n int, flag bool) {
		text := s + title
		e := PageEvent{
			Event: "page", URL: u, FinalURL: s, OK: flag, Status: n, Cause: title, Error: s,
			Citation: discovery.Discovery{Via: discovery.Via(title), FoundOn: u, Anchor: s, Depth: n},
			Sides: map[fetch.Name]SideReport{fetch.Name(s): {FinalURL: u, ContentType: title, Words: n, Wait: s,
				Requests: map[string]int{u: n, s: 1}, Redirects: []fetch.Redirect{{From: u, To: s, Status: n}},
				BlockedResources: []fetch.BlockedResource{{URL: u, Reason: fetch.DenialCause(s), Detail: title}}, Download: flag, Error: title}},
			Used: []fetch.Name{fetch.Name(u)}, Dropped: []union.Dropped{{Side: fetch.Name(title), Reason: s}},
			Title: title, Canonical: u, Words: n, Links: LinkCounts{Plain: n},
			RobotsMeta: &RobotsMeta{Noindex: flag},
			Audit: &audit.Audit{Plain: &audit.Fields{Title: title, Description: s, H1: u, Robots: []string{s},
				Hreflang: map[string]string{s: u, title: s}, StructuredData: []string{title}, Words: n}, Findings: []audit.Finding{}},
			DuplicateOf: u, Warnings: []string{s, title}, DiscoveredKinds: discovery.Kinds{},
		}
		if flag {
			e.Text = &text
		}
		got, err := e.encode()
		if err != nil {
			t.Fatal(err)
		}
		if want := referenceJSON(t, &e); !bytes.Equal(got, want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
		if !utf8.Valid(got) || !json.Valid(got) {
			t.Fatalf("not valid JSON in UTF-8: %q", got)
		}
	})
}

// fill sets every field v holds, recursively, to a value that is not the
// zero value: a string with text that must be escaped, a number, true, one
// element in each list and map. A kind it does not know fails the test, so
// that a new field of that kind is not left out unseen.
func fill(t *testing.T, v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x\"<\u2028" + v.Type().Name())
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		if depth > 0 {
			p := reflect.New(v.Type().Elem())
			fill(t, p.Elem(), depth-1)
			v.Set(p)
		}
	case reflect.Slice:
		if depth > 0 {
			s := reflect.MakeSlice(v.Type(), 1, 1)
			fill(t, s.Index(0), depth-1)
			v.Set(s)
		}
	case reflect.Map:
		if depth > 0 {
			m := reflect.MakeMap(v.Type())
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(t, k, depth-1)
			fill(t, e, depth-1)
			m.SetMapIndex(k, e)
			v.Set(m)
		}
	case reflect.Interface:
		v.Set(reflect.ValueOf("any <value>"))
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(t, v.Field(i), depth)
			}
		}
	default:
		t.Fatalf("fill does not know %s (%s): teach it", v.Type(), v.Kind())
	}
}

// Every field of the event and of what it holds, set, is written as
// encoding/json writes it: a field added to PageEvent (or to a report it
// carries) that appendJSON does not know fails here.
func TestPageEventJSONHasEveryField(t *testing.T) {
	var e PageEvent
	fill(t, reflect.ValueOf(&e).Elem(), 4)
	if e.Audit == nil || e.Audit.Rendered == nil || e.Audit.Rendered.Script == nil || len(e.Sides) != 1 || e.Text == nil {
		t.Fatalf("fill left parts of the event unset: %+v", e)
	}
	sameAsEncoding(t, "every field set", &e)
	e.Audit.Plain = nil // a page only the render could read
	sameAsEncoding(t, "the rendered side's audit alone", &e)
}
