package rendered_test

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/webgraph/webgraph/fetch"
	"github.com/webgraph/webgraph/fetch/rendered"
	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// links lists a side's links as "path anchor".
func linkList(s *fetch.Side, origin string) []string {
	var out []string
	for _, l := range s.Links {
		out = append(out, strings.TrimPrefix(l.URL, origin)+" "+l.Anchor)
	}
	return out
}

// TestShadowDOM renders pages whose text and links live in shadow roots:
// attached by script (open, nested, closed), declared in the HTML (open and
// closed), with slots that take light children or show their fallback, and
// an inert template. The rendered side reads them as the page is laid out.
func TestShadowDOM(t *testing.T) {
	ts, _ := sites.Serve(t, "shadow")
	f := browser.Get(t)
	tests := []struct {
		path        string
		blocks      []string
		links       []string
		h1, desc    string
		types       []string
		robots      []string
		canonical   string
		hreflang    map[string]string
		anchors     []string // must be targets
		notAnchors  []string // must not be
		notInBlocks []string
	}{
		{
			path: "/component.html",
			blocks: []string{
				"Light paragraph before the components.",
				"Shadow heading",
				"Slotted lede from the light DOM slotted link",
				"Open shadow words open shadow link",
				"Nested shadow words Inner slotted anchor",
				"Fallback words shown",
				"Closed shadow words closed link",
				"Light paragraph after the components.",
			},
			links: []string{
				"/slotted.html slotted link", "/open.html open shadow link",
				"/nested.html Inner slotted anchor", "/closed.html closed link",
			},
			h1: "Shadow heading", desc: "A page described from its shadow root",
			types: []string{"WebPage"}, robots: []string{"noarchive"},
			canonical: "/component.html", hreflang: map[string]string{"de": "/de/component.html"},
			anchors:     []string{"light-target", "slotted-lede"},
			notAnchors:  []string{"open-target", "closed-target"},
			notInBlocks: []string{"Unassigned", "never shown"},
		},
		{
			path: "/declarative.html",
			blocks: []string{
				"Declarative heading",
				"Declarative open words declarative link",
				"Declarative slotted words",
				"Declarative fallback words",
				"Declarative closed words closed declarative link",
				"Light words at the end.",
			},
			links:       []string{"/dsd-open.html declarative link", "/dsd-closed.html closed declarative link"},
			h1:          "Declarative heading",
			desc:        "Described in a declarative root",
			types:       []string{"Product"},
			anchors:     []string{"dsd-host", "slotted-target", "inert-tpl", "light-target"},
			notAnchors:  []string{"dsd-target", "inert-target"},
			notInBlocks: []string{"Inert", "never shown"},
		},
	}
	for _, tt := range tests {
		t.Run(strings.TrimPrefix(tt.path, "/"), func(t *testing.T) {
			t.Parallel()
			s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+tt.path))
			if err != nil {
				t.Fatalf("Fetch: %v", err)
			}
			if !reflect.DeepEqual(s.Blocks, tt.blocks) {
				t.Errorf("blocks:\n got  %q\n want %q", s.Blocks, tt.blocks)
			}
			if want := fetch.CountWords(tt.blocks); s.Words != want {
				t.Errorf("words = %d; want %d", s.Words, want)
			}
			if got := linkList(s, ts.URL); !reflect.DeepEqual(got, tt.links) {
				t.Errorf("links:\n got  %q\n want %q", got, tt.links)
			}
			h := s.Head
			if h.H1 != tt.h1 || h.Description != tt.desc || !slices.Equal(h.StructuredData, tt.types) || !slices.Equal(h.Robots, tt.robots) {
				t.Errorf("head: h1 %q, description %q, types %q, robots %q; want %q, %q, %q, %q",
					h.H1, h.Description, h.StructuredData, h.Robots, tt.h1, tt.desc, tt.types, tt.robots)
			}
			if want := ""; tt.canonical != "" {
				want = ts.URL + tt.canonical
				if s.Canonical != want {
					t.Errorf("canonical = %q; want %q", s.Canonical, want)
				}
			}
			for lang, p := range tt.hreflang {
				if h.Hreflang[lang] != ts.URL+p {
					t.Errorf("hreflang %s = %q; want %q", lang, h.Hreflang[lang], ts.URL+p)
				}
			}
			for _, a := range tt.anchors {
				if !slices.Contains(s.Anchors, a) {
					t.Errorf("anchors %q lack %q", s.Anchors, a)
				}
			}
			for _, a := range tt.notAnchors {
				if slices.Contains(s.Anchors, a) {
					t.Errorf("anchors %q hold %q, an id a #fragment cannot reach", s.Anchors, a)
				}
			}
			all := strings.Join(s.Blocks, "\n")
			for _, w := range tt.notInBlocks {
				if strings.Contains(all, w) {
					t.Errorf("text holds %q, which is not laid out", w)
				}
			}
		})
	}
}

// TestShadowDOMArchived keeps the rendered DOM (as --warc does): the shadow
// roots, open and closed, are written into it as declarative templates, and
// the slotted light children stay where they are, once.
func TestShadowDOMArchived(t *testing.T) {
	ts, _ := sites.Serve(t, "shadow")
	f := own(t, rendered.Config{Timeout: 15 * time.Second, KeepDOM: true})
	defer f.Close()
	s, err := f.Fetch(context.Background(), mustURL(t, ts.URL+"/component.html"))
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	for w, n := range map[string]int{
		`<template shadowrootmode="open">`:   2, // wg-page and wg-inner
		`<template shadowrootmode="closed">`: 1, // wg-secret
		"Open shadow words":                  1,
		"Nested shadow words":                1,
		"Closed shadow words":                1,
		"Slotted lede from the light DOM":    1,
	} {
		if got := strings.Count(s.DOM, w); got != n {
			t.Errorf("the kept DOM holds %q %d times; want %d", w, got, n)
		}
	}
	if !strings.HasPrefix(s.DOM, "<html>") || !strings.HasSuffix(s.DOM, "</html>") {
		t.Errorf("the kept DOM is not one html element: %.60q … %.30q", s.DOM, s.DOM[max(0, len(s.DOM)-30):])
	}
}
