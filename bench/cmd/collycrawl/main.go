// Command collycrawl is the plain-crawl peer of `make bench-peers`: a colly
// crawler with N parallel workers that follows every same-host link from a
// seed and reads each page's text, as webgraph's plain side does.
//
// colly's own record of visited URLs (on: AllowURLRevisit is false) asks
// whether a URL was visited and marks it visited in two steps, each under
// its own lock: with Async, two pages that link to the same URL, parsed at
// once, can both find it unvisited and both fetch it. At 100 links a page
// (most of them the same navigation list) that fetched the site's pages up
// to 25 times over. So the crawler claims each absolute URL once itself,
// in one step, before it asks colly to visit it (-dedupe=false shows
// colly alone).
package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/gocolly/colly/v2"
)

func main() {
	workers := flag.Int("workers", 8, "parallel requests")
	dedupe := flag.Bool("dedupe", true, "claim each URL once before colly visits it")
	flag.Parse()
	seed, err := url.Parse(flag.Arg(0))
	if err != nil || seed.Host == "" {
		fmt.Fprintln(os.Stderr, "usage: collycrawl [-workers N] URL")
		os.Exit(2)
	}
	c := colly.NewCollector(colly.AllowedDomains(seed.Hostname()), colly.Async(true))
	c.Limit(&colly.LimitRule{DomainGlob: "*", Parallelism: *workers})
	var pages, words atomic.Int64
	var claimed sync.Map
	c.OnHTML("html", func(e *colly.HTMLElement) {
		pages.Add(1)
		words.Add(int64(len(strings.Fields(e.DOM.Find("body").Text()))))
		e.ForEach("a[href]", func(_ int, a *colly.HTMLElement) {
			u := a.Request.AbsoluteURL(a.Attr("href"))
			if u == "" {
				return
			}
			if _, dup := claimed.LoadOrStore(u, true); dup && *dedupe {
				return
			}
			a.Request.Visit(u)
		})
	})
	claimed.Store(seed.String(), true)
	c.Visit(seed.String())
	c.Wait()
	fmt.Printf("%d pages, %d words\n", pages.Load(), words.Load())
}
