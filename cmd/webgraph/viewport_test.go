package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// TestViewportFlag: --viewport takes WIDTHxHEIGHT within bounds on every
// command that renders, and anything else is a usage error before anything
// is fetched.
func TestViewportFlag(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"crawl", "page", "compare"} {
		for _, v := range []string{"", "1280", "1280x", "x800", "wide", "1280x800x2", "12.5x800", "-1280x800", "100x800", "1280x100", "1280x5000", "99999999999999999999x800"} {
			args := []string{cmd, "--viewport", v, "http://127.0.0.1:1/"}
			if cmd == "crawl" {
				args = append(args, "--db", filepath.Join(t.TempDir(), "v.db"))
			}
			_, errOut, code := webgraph(t, args...)
			if code != exitUsage || !strings.Contains(errOut, "--viewport") {
				t.Errorf("webgraph %q: exit %d, stderr %q; want exit %d naming --viewport", args, code, errOut, exitUsage)
			}
		}
	}
}

// TestViewportRendersAndReports: a documentation page whose sidebar shows
// from 997 CSS pixels up is read with its sidebar at the default viewport
// and without it at --viewport 400x800; a crawl's run event reports the
// viewport in its limits, and a plain crawl, which renders nothing, none.
func TestViewportRendersAndReports(t *testing.T) {
	needBrowser(t)
	t.Parallel()
	ts, _ := sites.Serve(t, "render")
	const sidebar = "Guides in this section"
	for _, tt := range []struct {
		args    []string
		sidebar bool
	}{
		{nil, true},
		{[]string{"--viewport", "400x800"}, false},
		{[]string{"--viewport", "1366X768"}, true},
	} {
		out, errOut, code := webgraph(t, append([]string{"page", ts.URL + "/sidebar.html", "--mode", "rendered"}, tt.args...)...)
		if code != exitOK {
			t.Fatalf("page %q: exit %d\n%s", tt.args, code, errOut)
		}
		ev := decodePage(t, out)
		if ev.Text == nil {
			t.Fatalf("page %q: no text in the page event", tt.args)
		}
		if got := strings.Contains(*ev.Text, sidebar); got != tt.sidebar {
			t.Errorf("page %q: sidebar read %v; want %v", tt.args, got, tt.sidebar)
		}
	}
	for _, tt := range []struct {
		args []string
		want any // limits.viewport
	}{
		{[]string{"--viewport", "400x800"}, "400x800"},
		{nil, "1280x800"},
		{[]string{"--mode", "plain"}, nil},
	} {
		args := append([]string{"crawl", ts.URL + "/sidebar.html", "--db", filepath.Join(t.TempDir(), "c.db"), "--depth", "0", "--host-interval", "0", "--delay", "0"}, tt.args...)
		out, errOut, code := webgraph(t, args...)
		if code != exitOK {
			t.Fatalf("crawl %q: exit %d\n%s", tt.args, code, errOut)
		}
		evs := events(t, out)
		if len(evs) == 0 || evs[0]["event"] != "run" {
			t.Fatalf("crawl %q: the first event is not the run event", tt.args)
		}
		limits, _ := evs[0]["limits"].(map[string]any)
		if got := limits["viewport"]; got != tt.want {
			t.Errorf("crawl %q: the run event's limits.viewport = %v; want %v", tt.args, got, tt.want)
		}
	}
}
