// Command collycrawl is the plain-crawl peer of `make bench-peers`: a colly
// crawler with N parallel workers that follows every same-host link from a
// seed and reads each page's text, as webgraph's plain side does.
package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync/atomic"

	"github.com/gocolly/colly/v2"
)

func main() {
	workers := flag.Int("workers", 8, "parallel requests")
	flag.Parse()
	seed, err := url.Parse(flag.Arg(0))
	if err != nil || seed.Host == "" {
		fmt.Fprintln(os.Stderr, "usage: collycrawl [-workers N] URL")
		os.Exit(2)
	}
	c := colly.NewCollector(colly.AllowedDomains(seed.Hostname()), colly.Async(true))
	c.Limit(&colly.LimitRule{DomainGlob: "*", Parallelism: *workers})
	var pages, words atomic.Int64
	c.OnHTML("html", func(e *colly.HTMLElement) {
		pages.Add(1)
		words.Add(int64(len(strings.Fields(e.DOM.Find("body").Text()))))
		e.ForEach("a[href]", func(_ int, a *colly.HTMLElement) {
			a.Request.Visit(a.Attr("href"))
		})
	})
	c.Visit(seed.String())
	c.Wait()
	fmt.Printf("%d pages, %d words\n", pages.Load(), words.Load())
}
