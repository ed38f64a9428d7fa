// Command countsite serves a generated site on loopback, as webgraph's
// sites command does (sites.Dense with -links, else sites.Generated), and
// counts the requests it answers, so that a benchmark can tell how many
// pages each crawler fetched and whether any was fetched twice. It prints
// the site's URL on its first line and the URL of its counter on the
// second: GET there answers the counts as JSON since the last reset
// (?reset=1 resets them after answering). The counter listens apart, so
// no crawler can find it.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

// counts is what the counter answers.
type counts struct {
	Requests int `json:"requests"` // every request, robots.txt and 404s included
	Pages    int `json:"pages"`    // requests answered with one of the site's pages (/ and /p/N, 200)
	Distinct int `json:"distinct"` // distinct pages among them
	Most     int `json:"most"`     // the most times one page was fetched
}

type counter struct {
	mu       sync.Mutex
	requests int
	pages    map[string]int
}

func (c *counter) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &status{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(sw, r)
		c.mu.Lock()
		c.requests++
		if sw.code == http.StatusOK && (r.URL.Path == "/" || strings.HasPrefix(r.URL.Path, "/p/")) {
			c.pages[r.URL.Path]++
		}
		c.mu.Unlock()
	})
}

// status keeps the status code a handler answered with.
type status struct {
	http.ResponseWriter
	code int
}

func (s *status) WriteHeader(code int) {
	s.code = code
	s.ResponseWriter.WriteHeader(code)
}

func (c *counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	n := counts{Requests: c.requests, Distinct: len(c.pages)}
	for _, v := range c.pages {
		n.Pages += v
		n.Most = max(n.Most, v)
	}
	if r.URL.Query().Get("reset") == "1" {
		c.requests, c.pages = 0, map[string]int{}
	}
	c.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(n)
}

func main() {
	n := flag.Int("generated", 2000, "pages of the generated site")
	links := flag.Int("links", 0, "links a page (sites.Dense); 0: two, and -js decides (sites.Generated)")
	js := flag.Bool("js", false, "without -links: the pages' text is written by script")
	flag.Parse()
	handler := sites.Generated(*n, *js)
	if *links > 0 {
		handler = sites.Dense(*n, *links)
	}
	c := &counter{pages: map[string]int{}}
	site, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ctl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("http://%s\nhttp://%s/counts\n", site.Addr(), ctl.Addr())
	go (&http.Server{Handler: c, ReadHeaderTimeout: 10 * time.Second}).Serve(ctl)
	srv := &http.Server{Handler: c.wrap(handler), ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(site)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}
