// Package sites serves webgraph's fixture sites (testdata/sites) on loopback,
// for tests, benchmarks and `make demo`. Each site is a directory of static
// files; Handler adds the behaviours that files cannot express (walls,
// redirects, one-sided walls, stalls, endless and huge bodies) under fixed
// paths, and counts every request so tests can assert what a server saw.
// A site whose root holds a _serve.json is served as a static host is
// configured to serve it (an SPA fallback, a 404 page, clean URLs, its
// deployed origin): see Serving.
package sites

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Dir returns the absolute path of testdata/sites/<name> in this module.
func Dir(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata", "sites", name)
}

// Hit is one request the fixture server received.
type Hit struct {
	Path     string
	Query    string // the raw query, as sent (without "?")
	Time     time.Time
	Browser  bool // the request carried browser fetch-metadata (Sec-Fetch-Mode)
	Agent    string
	Resource string // Sec-Fetch-Dest, when present
	Proto    string // the protocol the request came in on: "HTTP/1.1", "HTTP/2.0"
	Method   string
}

// Handler serves one fixture site. It is safe for concurrent use.
type Handler struct {
	dir   string
	files http.Handler
	mu    sync.Mutex
	hits  []Hit
	// MaxStall bounds how long /stall and /endless hold a connection, so a
	// fixture never outlives its test.
	MaxStall time.Duration

	serving    Serving // from the site's ServingFile
	hasServing bool    // the site has a ServingFile
	servingErr error   // the site's ServingFile is wrong: every file answers 500 with it

	held    int        // /stall and /endless responses being held
	heldEnd *sync.Cond // broadcast as one ends (on mu)
	ranOut  int        // of those ended, held until MaxStall ran out
}

// New returns a Handler for the site directory dir, served as its
// ServingFile says (see Serving) when it has one.
func New(dir string) *Handler {
	h := &Handler{dir: dir, files: http.FileServer(http.Dir(dir)), MaxStall: 30 * time.Second}
	h.serving, h.hasServing, h.servingErr = ReadServing(dir)
	h.heldEnd = sync.NewCond(&h.mu)
	return h
}

// Hits returns a copy of the requests seen so far.
func (h *Handler) Hits() []Hit {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]Hit(nil), h.hits...)
}

// RanOut waits until no /stall or /endless response is held, then returns
// how many were held until MaxStall ran out rather than ending when their
// client gave up. A client whose timeouts and limits work leaves 0, and
// the count says so by the order of two events, not by a stopwatch.
func (h *Handler) RanOut() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	for h.held > 0 {
		h.heldEnd.Wait()
	}
	return h.ranOut
}

// hold notes that a held response began; the returned func notes how it
// ended.
func (h *Handler) hold() (end func(ranOut bool)) {
	h.mu.Lock()
	h.held++
	h.mu.Unlock()
	return func(ranOut bool) {
		h.mu.Lock()
		h.held--
		if ranOut {
			h.ranOut++
		}
		h.heldEnd.Broadcast()
		h.mu.Unlock()
	}
}

// Count returns how many requests asked for path.
func (h *Handler) Count(path string) int {
	n := 0
	for _, hit := range h.Hits() {
		if hit.Path == path {
			n++
		}
	}
	return n
}

const articleText = `<p>This page is readable without a browser: it has well over twenty words of its own, written into the HTML by the server, so a plain fetch can stand in for a render that was refused.</p>`

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	browser := r.Header.Get("Sec-Fetch-Mode") != ""
	h.mu.Lock()
	h.hits = append(h.hits, Hit{Path: r.URL.Path, Query: r.URL.RawQuery, Time: time.Now(), Browser: browser, Agent: r.UserAgent(), Resource: r.Header.Get("Sec-Fetch-Dest"), Proto: r.Proto, Method: r.Method})
	h.mu.Unlock()

	p := r.URL.Path
	switch {
	case p == "/private":
		http.Redirect(w, r, "/login.html?next=/private", http.StatusFound)
	case strings.HasPrefix(p, "/wall/"):
		code, err := strconv.Atoi(strings.TrimPrefix(p, "/wall/"))
		if err != nil || code < 400 || code > 599 {
			http.NotFound(w, r)
			return
		}
		if code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		page(w, code, http.StatusText(code), "<p>"+http.StatusText(code)+"</p>")
	case p == "/gone":
		page(w, http.StatusGone, "Gone", "<p>This page was removed.</p>")
	case p == "/download/report":
		w.Header().Set("Content-Type", "application/pdf")
		http.ServeFile(w, r, filepath.Join(Dir("union"), "report.pdf"))
	case p == "/attachment":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="export.html"`)
		fmt.Fprint(w, "<!doctype html><title>Export</title><p>id,name\n1,river</p>")
	case p == "/browser-walled":
		// A wall on the rendered side only: the server refuses requests
		// that carry browser fetch-metadata headers.
		if browser {
			page(w, http.StatusForbidden, "Forbidden", "<p>Forbidden</p>")
			return
		}
		page(w, http.StatusOK, "Readable without a browser", "<h1>Plain survives</h1>"+articleText)
	case p == "/browser-walled-thin":
		if browser {
			page(w, http.StatusForbidden, "Forbidden", "<p>Forbidden</p>")
			return
		}
		page(w, http.StatusOK, "Thin", "<p>Only a few words here.</p>")
	case p == "/plain-walled":
		// A wall on the plain side only: requests without browser headers
		// are refused.
		if !browser {
			page(w, http.StatusForbidden, "Forbidden", "<p>Forbidden</p>")
			return
		}
		page(w, http.StatusOK, "Browsers only", "<h1>Rendered survives</h1>"+articleText)
	case strings.HasPrefix(p, "/plain-walled/"):
		// Any file of the site behind a wall on the plain side only.
		if !browser {
			page(w, http.StatusForbidden, "Forbidden", "<p>Forbidden</p>")
			return
		}
		http.StripPrefix("/plain-walled", http.HandlerFunc(h.serveStatic)).ServeHTTP(w, r)
	case p == "/legacy-charset":
		// "Café crème, naïve façade" and more in windows-1252.
		w.Header().Set("Content-Type", "text/html; charset=windows-1252")
		io.WriteString(w, "<!doctype html><title>Caf\xe9</title><p>Caf\xe9 cr\xe8me, na\xefve fa\xe7ade, \x93smart quotes\x94 and \x80 signs in an old page.</p>")
	case p == "/endless":
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<!doctype html><title>Endless</title>")
		chunk := []byte(strings.Repeat("<p>more words keep coming forever</p>\n", 1000))
		end := h.hold()
		deadline := time.Now().Add(h.MaxStall)
		for time.Now().Before(deadline) {
			if _, err := w.Write(chunk); err != nil {
				end(false)
				return
			}
		}
		end(true)
	case p == "/stall":
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<!doctype html><title>Stall</title><p>The server sent this and then")
		w.(http.Flusher).Flush()
		end := h.hold()
		select {
		case <-r.Context().Done():
			end(false)
		case <-time.After(h.MaxStall):
			end(true)
		}
	case p == "/stream/events":
		// An EventSource that says one thing after ?after= milliseconds
		// (none when absent) and then stays open, saying nothing, until
		// its client goes or MaxStall runs out.
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-store")
		w.(http.Flusher).Flush()
		end := h.hold()
		if ms, err := strconv.Atoi(r.URL.Query().Get("after")); err == nil {
			select {
			case <-r.Context().Done():
				end(false)
				return
			case <-time.After(time.Duration(ms) * time.Millisecond):
			}
			io.WriteString(w, "data: "+StreamMessage+"\n\n")
			w.(http.Flusher).Flush()
		}
		h.stall(r, end)
	case p == "/stream/poll":
		// A long poll: ?after= milliseconds, then an answer; without it,
		// no answer until the client goes or MaxStall runs out (then 204).
		// With ?open its headers go at once: a poll whose response has
		// started, and then says nothing.
		end := h.hold()
		if _, open := r.URL.Query()["open"]; open {
			w.Header().Set("Content-Type", "application/json")
			w.(http.Flusher).Flush()
			h.stall(r, end)
			return
		}
		if ms, err := strconv.Atoi(r.URL.Query().Get("after")); err == nil {
			select {
			case <-r.Context().Done():
				end(false)
			case <-time.After(time.Duration(ms) * time.Millisecond):
				end(false)
				w.Header().Set("Content-Type", "text/plain; charset=utf-8")
				io.WriteString(w, PollAnswer)
			}
			return
		}
		h.stall(r, end)
		w.WriteHeader(http.StatusNoContent)
	case p == "/loop/a":
		http.Redirect(w, r, "/loop/b", http.StatusFound)
	case p == "/loop/b":
		http.Redirect(w, r, "/loop/a", http.StatusFound)
	case p == "/huge":
		// About 50 MB of HTML, streamed.
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, "<!doctype html><title>Huge</title><body>")
		line := []byte("<p>" + strings.Repeat("lorem ipsum dolor sit amet ", 36) + "</p>\n")
		for n := 0; n < 50<<20; n += len(line) {
			if _, err := w.Write(line); err != nil {
				return
			}
		}
	case p == "/slow":
		ms, _ := strconv.Atoi(r.URL.Query().Get("ms"))
		select {
		case <-r.Context().Done():
			return
		case <-time.After(time.Duration(ms) * time.Millisecond):
		}
		page(w, http.StatusOK, "Slow", articleText)
	default:
		// A file asked for with ?delay=MS is answered MS milliseconds
		// late, headers and all: a slow API.
		if ms, err := strconv.Atoi(r.URL.Query().Get("delay")); err == nil {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(time.Duration(min(ms, 10000)) * time.Millisecond):
			}
		}
		if h.serveSite(w, r) {
			return
		}
		h.serveStatic(w, r)
	}
}

// serveStatic serves the site's file at r's path, with its companion headers.
func (h *Handler) serveStatic(w http.ResponseWriter, r *http.Request) {
	h.extraHeaders(w, r.URL.Path)
	h.files.ServeHTTP(w, r)
}

// The words the /stream/ paths send, for tests to look for.
const (
	StreamMessage = "Arrived over the event stream after three hundred milliseconds."
	PollAnswer    = "Arrived by long poll after three hundred milliseconds."
)

// stall holds r until its client goes or MaxStall runs out, and tells end
// which.
func (h *Handler) stall(r *http.Request, end func(ranOut bool)) {
	select {
	case <-r.Context().Done():
		end(false)
	case <-time.After(h.MaxStall):
		end(true)
	}
}

func page(w http.ResponseWriter, code int, title, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	fmt.Fprintf(w, "<!doctype html><html><head><title>%s</title></head><body>%s</body></html>", title, body)
}

// extraHeaders adds the response headers that a file's companion
// "<file>.headers" lists, one "Name: value" a line (e.g. X-Robots-Tag).
func (h *Handler) extraHeaders(w http.ResponseWriter, urlPath string) {
	b, err := os.ReadFile(filepath.Join(h.dir, filepath.FromSlash(path.Clean("/"+urlPath))) + ".headers")
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(b), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok {
			w.Header().Add(strings.TrimSpace(name), strings.TrimSpace(value))
		}
	}
}
