// Command sites serves one of webgraph's fixture sites on loopback, for
// `make demo` and for trying webgraph by hand, or a generated site of many
// pages, for the benchmarks. It prints the site's URL on
// its first line of stdout and serves until stopped.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/webgraph/webgraph/internal/testkit/sites"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "loopback address to listen on")
	site := flag.String("site", "union", "fixture site under testdata/sites (a folder name: union, gen-docusaurus, …)")
	generated := flag.Int("generated", 0, "serve instead a generated site of `N` linked pages (benchmarks)")
	js := flag.Bool("js", false, "with -generated: the pages' text is written by script")
	links := flag.Int("links", 0, "with -generated: `K` links a page instead of two (a k-ary tree, then a navigation list)")
	flag.Parse()

	handler := sites.Generated(*generated, *js)
	if *links > 0 {
		handler = sites.Dense(*generated, *links)
	}
	if *generated <= 0 {
		if _, err := os.Stat(sites.Dir(*site)); err != nil {
			fmt.Fprintln(os.Stderr, "sites:", err)
			os.Exit(1)
		}
		if _, _, err := sites.ReadServing(sites.Dir(*site)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		handler = sites.New(sites.Dir(*site))
	}
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		fmt.Fprintf(os.Stderr, "sites: %s is not a loopback address\n", *addr)
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sites:", err)
		os.Exit(1)
	}
	fmt.Printf("http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		fmt.Fprintln(os.Stderr, "sites:", err)
		os.Exit(1)
	}
}
