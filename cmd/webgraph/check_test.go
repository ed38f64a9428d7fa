package main

import (
	"context"
	"encoding/xml"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/webgraph/webgraph/ci"
)

// hostLog records what one loopback "external" site was asked, in order,
// and which requests it had in flight at once.
type hostLog struct {
	mu       sync.Mutex
	lines    []string // "METHOD /path"
	headers  []http.Header
	inFlight map[*served]bool
	overlaps []string // "METHOD /path while METHOD /path"
}

// served is one request whose handler runs.
type served struct {
	line string
	// stalls: the handler holds the request until its client gives up,
	// or until the next request comes (next is closed), and then answers
	// it. The server learns that the client has closed the connection a
	// moment after it did, and the client may have sent its next request
	// by then: a request still held when the next comes is no overlap in
	// itself. But an answer then reaches only a client still waiting, one
	// that sent the next request beside it, and turns the stalled check's
	// "timed out" into "ok": the witness of that overlap, with no clock.
	stalls bool
	next   chan struct{} // closed when the next request comes (stalls only)
}

type servedKey struct{}

// stallPath is the path whose handler holds a request until the client
// gives up (or the next request comes: see served).
const stallPath = "/stall"

// stall holds r until its client gives up, or answers it once the next
// request to the host comes.
func stall(w http.ResponseWriter, r *http.Request) {
	me, _ := r.Context().Value(servedKey{}).(*served)
	if me == nil || !me.stalls {
		panic("stall serves only requests arrive marked as stalling")
	}
	select {
	case <-r.Context().Done():
	case <-me.next:
		fmt.Fprint(w, "<p>answered when the next request came</p>")
	}
}

// arrive notes that r came in while others were in flight: an overlap,
// unless the one in flight is a stalled request, which is answered instead
// (see served).
func (l *hostLog) arrive(r *http.Request) *served {
	me := &served{line: r.Method + " " + r.URL.Path, stalls: r.URL.Path == stallPath}
	if me.stalls {
		me.next = make(chan struct{})
	}
	l.mu.Lock()
	l.lines = append(l.lines, me.line)
	l.headers = append(l.headers, r.Header.Clone())
	if l.inFlight == nil {
		l.inFlight = map[*served]bool{}
	}
	for o := range l.inFlight {
		if o.stalls {
			select {
			case <-o.next:
			default:
				close(o.next)
			}
		} else {
			l.overlaps = append(l.overlaps, me.line+" while "+o.line)
		}
	}
	l.inFlight[me] = true
	l.mu.Unlock()
	return me
}

func (l *hostLog) leave(me *served) {
	l.mu.Lock()
	delete(l.inFlight, me)
	l.mu.Unlock()
}

func (l *hostLog) snapshot() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string{}, l.lines...)
}

// serveExternal starts h on ip (127.0.0.2, 127.0.0.3: another host than
// the crawled site's 127.0.0.1), logging every request.
func serveExternal(t *testing.T, ip string, h http.Handler) (*httptest.Server, *hostLog) {
	t.Helper()
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	log := &hostLog{}
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		me := log.arrive(r)
		defer log.leave(me)
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), servedKey{}, me)))
	}))
	ts.Listener.Close()
	ts.Listener = ln
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, log
}

const filler = "<p>This paragraph gives the page enough words of its own to stand as a page on either side of the union, plain or rendered, without a doubt.</p>"

// TestCheckLinks crawls a site whose pages link to two other loopback
// hosts and to fragments of its own pages, and checks every verdict, the
// external hosts' logs, the gate's list, JUnit and a rerun from the
// database.
func TestCheckLinks(t *testing.T) {
	needBrowser(t)
	t.Parallel()

	a, logA := serveExternal(t, "127.0.0.2", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		case "/ok":
			fmt.Fprint(w, "<p>fine</p>")
		case "/gone404":
			http.NotFound(w, r)
		case "/gone410":
			http.Error(w, "gone", http.StatusGone)
		case "/blocked":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, "<html><body><h1>Access denied</h1><p>Verify you are human.</p></body></html>")
		case "/busy":
			w.Header().Set("Retry-After", "3600")
			http.Error(w, "slow down", http.StatusTooManyRequests)
		case stallPath:
			stall(w, r)
		case "/nohead":
			if r.Method == http.MethodHead {
				http.Error(w, "no HEAD here", http.StatusMethodNotAllowed)
				return
			}
			fmt.Fprint(w, "<p>served to GET</p>")
		case "/r1":
			http.Redirect(w, r, "/r2", http.StatusMovedPermanently)
		case "/r2":
			http.Redirect(w, r, "/ok", http.StatusFound)
		case "/to-private":
			http.Redirect(w, r, "/private/y", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	b, logB := serveExternal(t, "127.0.0.3", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/fine":
			fmt.Fprint(w, "<p>fine</p>")
		default:
			http.NotFound(w, r)
		}
	}))
	// A port on 127.0.0.3 where nothing listens.
	ln, err := net.Listen("tcp", "127.0.0.3:0")
	if err != nil {
		t.Fatal(err)
	}
	closedPort := ln.Addr().String()
	ln.Close()

	externals := map[string]string{ // link text → target
		"ok":         a.URL + "/ok",
		"gone404":    a.URL + "/gone404",
		"gone410":    a.URL + "/gone410",
		"blocked":    a.URL + "/blocked",
		"busy":       a.URL + "/busy",
		"stall":      a.URL + "/stall",
		"nohead":     a.URL + "/nohead",
		"chain":      a.URL + "/r1",
		"private":    a.URL + "/private/x",
		"to-private": a.URL + "/to-private",
		"fine":       b.URL + "/fine",
		"missing-b":  b.URL + "/nothing",
		"nowhere":    "http://nowhere.invalid/page",
		"refused":    "http://" + closedPort + "/",
	}
	site := http.NewServeMux()
	site.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "User-agent: *\nAllow: /\n") })
	site.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		var links strings.Builder
		for text, href := range externals {
			fmt.Fprintf(&links, "<li><a href=%q>%s</a></li>\n", href, text)
		}
		fmt.Fprintf(w, `<html><head><title>Home</title></head><body><h1>Home</h1>%s<ul>%s
<li><a href="/doc#plain-id">plain id</a></li>
<li><a href="/doc#named">named anchor</a></li>
<li><a href="/doc#late">added by script</a></li>
<li><a href="/doc#nowhere-on-page">missing fragment</a></li>
<li><a href="/doc#/app/route">script route</a></li>
</ul></body></html>`, filler, links.String())
	})
	site.HandleFunc("/doc", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<html><head><title>Doc</title></head><body><h2 id="plain-id">Plain</h2><a name="named"></a>%s
<a href="%s">also ok</a>
<script>const h = document.createElement("h2"); h.id = "late"; h.textContent = "Late"; document.body.appendChild(h);</script>
</body></html>`, filler, a.URL+"/ok")
	})
	var originMu sync.Mutex
	var originHeaders []http.Header
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		originMu.Lock()
		originHeaders = append(originHeaders, r.Header.Clone())
		originMu.Unlock()
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(origin.Close)

	dir := t.TempDir()
	db, junit, summary := filepath.Join(dir, "crawl.db"), filepath.Join(dir, "junit.xml"), filepath.Join(dir, "summary.md")
	args := []string{"crawl", "--db", db, "--check", "external,fragments", "--timeout", "3s", "--host-interval", "20ms", "--delay", "0",
		"--fail-on", "broken", "--junit", junit, "--summary", summary, "--keep", "none", "--header", "X-Staging-Token: s3cret", "--cookie", "session=abc123", origin.URL + "/"}
	out, errOut, code := webgraph(t, args...)
	if code != exitRefused {
		t.Fatalf("exit %d; want %d (broken links gated)\n%s", code, exitRefused, errOut)
	}
	links := map[string]map[string]any{}
	var done map[string]any
	for _, ev := range events(t, out) {
		switch ev["event"] {
		case "link":
			links[ev["url"].(string)] = ev
		case "done":
			done = ev
		}
	}
	tests := []struct {
		target, verdict, reason, side string
	}{
		{a.URL + "/ok", "ok", "HTTP 200", ""},
		{a.URL + "/gone404", "broken", "HTTP 404", ""},
		{a.URL + "/gone410", "broken", "HTTP 410", ""},
		{a.URL + "/blocked", "unverifiable", "block page", ""},
		{a.URL + "/busy", "unverifiable", "HTTP 429", ""},
		{a.URL + "/stall", "unverifiable", "timed out", ""},
		{a.URL + "/nohead", "ok", "HTTP 200", ""},
		{a.URL + "/r1", "ok", "HTTP 200", ""},
		{a.URL + "/private/x", "unverifiable", "disallow", ""},
		{a.URL + "/to-private", "unverifiable", "redirect", ""},
		{b.URL + "/fine", "ok", "HTTP 200", ""},
		{b.URL + "/nothing", "broken", "HTTP 404", ""},
		{"http://nowhere.invalid/page", "broken", "unknown host", ""},
		{"http://" + closedPort + "/", "broken", "connection refused", ""},
		{origin.URL + "/doc#plain-id", "ok", "", "both"},
		{origin.URL + "/doc#named", "ok", "", "both"},
		{origin.URL + "/doc#late", "ok", "rendered", "rendered"},
		{origin.URL + "/doc#nowhere-on-page", "broken", "missing fragment", ""},
	}
	for _, tt := range tests {
		ev, ok := links[tt.target]
		if !ok {
			t.Errorf("no link event for %s", tt.target)
			continue
		}
		if ev["verdict"] != tt.verdict || !strings.Contains(fmt.Sprint(ev["reason"]), tt.reason) {
			t.Errorf("%s: verdict %v (%v); want %s (%q)", tt.target, ev["verdict"], ev["reason"], tt.verdict, tt.reason)
		}
		if tt.side != "" && ev["side"] != tt.side {
			t.Errorf("%s: side = %v; want %s", tt.target, ev["side"], tt.side)
		}
		if cits, _ := ev["citations"].([]any); len(cits) == 0 {
			t.Errorf("%s: no citation", tt.target)
		}
	}
	if len(links) != len(tests) {
		t.Errorf("%d link events; want %d (a script route is not an anchor):\n%v", len(links), len(tests), links)
	}
	// /ok is linked from two pages: one event, two citations.
	if cits, _ := links[a.URL+"/ok"]["citations"].([]any); len(cits) != 2 {
		t.Errorf("citations of /ok = %v; want both pages", cits)
	}
	if ev := links[a.URL+"/r1"]; ev["final_url"] != a.URL+"/ok" {
		t.Errorf("redirect chain ended at %v; want /ok", ev["final_url"])
	}
	if done == nil {
		t.Fatal("no done event")
	}
	if tot := fmt.Sprint(done["links"]); tot != "map[broken:6 ok:7 unchecked:0 unverifiable:5]" {
		t.Errorf("done links = %s", tot)
	}

	// The external hosts: robots.txt asked first, one request at a time,
	// every target asked once (GET only after a HEAD refused), nothing
	// asked that robots.txt disallows.
	first := logA.snapshot()
	for name, l := range map[string]*hostLog{"127.0.0.2": logA, "127.0.0.3": logB} {
		lines := l.snapshot()
		if len(lines) == 0 || lines[0] != "GET /robots.txt" {
			t.Errorf("%s: first request %v; want GET /robots.txt", name, lines)
		}
		l.mu.Lock()
		if len(l.overlaps) > 0 {
			t.Errorf("%s: requests in flight at once (the throttle holds one): %q", name, l.overlaps)
		}
		l.mu.Unlock()
		count := map[string]int{}
		for _, line := range lines {
			count[line]++
			if strings.Contains(line, "/private") {
				t.Errorf("%s: asked %s, which robots.txt disallows", name, line)
			}
		}
		count["HEAD /ok"]-- // once as a target, once at the end of the /r1 chain
		for line, n := range count {
			if n > 1 {
				t.Errorf("%s: %q asked %d times", name, line, n)
			}
		}
	}
	want := map[string]bool{"HEAD /nohead": true, "GET /nohead": true, "HEAD /blocked": true, "GET /blocked": true, "HEAD /gone404": true}
	got := map[string]bool{}
	for _, line := range first {
		got[line] = true
	}
	for line := range want {
		if !got[line] {
			t.Errorf("127.0.0.2 was not asked %q: %v", line, first)
		}
	}
	if got["GET /gone404"] || got["GET /busy"] {
		t.Errorf("GET after a HEAD that already answered: %v", first)
	}

	// Credentials reach the origin and never the external hosts.
	credited := 0
	originMu.Lock()
	for _, h := range originHeaders {
		if h.Get("X-Staging-Token") == "s3cret" && strings.Contains(h.Get("Cookie"), "session=abc123") {
			credited++
		}
	}
	originMu.Unlock()
	if credited == 0 {
		t.Error("the origin never got --header and --cookie")
	}
	for name, l := range map[string]*hostLog{"127.0.0.2": logA, "127.0.0.3": logB} {
		l.mu.Lock()
		for i, h := range l.headers {
			if h.Get("X-Staging-Token") != "" || strings.Contains(h.Get("Cookie"), "abc123") {
				t.Errorf("%s: %s carried the operator's credentials", name, l.lines[i])
			}
		}
		l.mu.Unlock()
	}

	// The gate's list names each broken target, where it was linked and
	// through what words.
	for _, w := range []string{"broken:", a.URL + "/gone404", `linked from ` + origin.URL + `/ as "gone404"`, origin.URL + "/doc#nowhere-on-page", `as "missing fragment"`} {
		if !strings.Contains(errOut, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errOut)
		}
	}
	raw, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var suites ci.JUnit
	if err := xml.Unmarshal(raw, &suites); err != nil {
		t.Fatal(err)
	}
	failed := map[string]string{}
	for _, c := range suites.Suites[0].Cases {
		if c.Failure != nil {
			failed[c.Name] = c.Failure.Type
		}
	}
	if failed[a.URL+"/gone404"] != "broken" || failed[origin.URL+"/doc#nowhere-on-page"] != "broken" || len(failed) != 6 {
		t.Errorf("JUnit failures = %v; want the 6 broken targets", failed)
	}

	md, err := os.ReadFile(summary)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"| broken | 6 |", "### broken (6)", "### unverifiable (5)", "“gone404”", "missing fragment"} {
		if !strings.Contains(string(md), w) {
			t.Errorf("summary lacks %q:\n%s", w, md)
		}
	}

	// A rerun within the recheck window asks the external hosts nothing
	// and says every verdict again, remembered.
	out, errOut, code = webgraph(t, "crawl", "--resume", "--db", db)
	if raw, err := os.ReadFile(db); err != nil || strings.Contains(string(raw), "s3cret") {
		t.Errorf("the database keeps the --header secret (%v)", err)
	}
	if code != exitRefused {
		t.Fatalf("rerun: exit %d\n%s", code, errOut)
	}
	if n := len(logA.snapshot()); n != len(first) {
		t.Errorf("rerun asked 127.0.0.2 again: %v", logA.snapshot()[len(first):])
	}
	remembered := 0
	for _, ev := range events(t, out) {
		if ev["event"] == "link" && ev["remembered"] == true {
			remembered++
		}
	}
	if remembered != len(tests) {
		t.Errorf("rerun: %d remembered link events; want %d", remembered, len(tests))
	}
	// Past the window, the external targets are asked again.
	_, errOut, code = webgraph(t, "crawl", "--resume", "--db", db, "--recheck-after", "-1ns")
	if code != exitRefused {
		t.Fatalf("recheck: exit %d\n%s", code, errOut)
	}
	if n := len(logA.snapshot()); n <= len(first) {
		t.Errorf("--recheck-after -1ns asked 127.0.0.2 nothing new")
	}
}
