// Command chromeloop is the rendered peer of `make bench-peers`: the least
// a program can do to render a list of pages with chromedp — a few reused
// tabs, Navigate, then read document.body.innerText — with the same browser
// flags webgraph uses.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/chromedp/chromedp"
)

func main() {
	tabs := flag.Int("tabs", 2, "tabs rendering at once")
	chrome := flag.String("chrome", "chromium", "the browser to start")
	flag.Parse()
	var urls []string
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		if u := strings.TrimSpace(sc.Text()); u != "" {
			urls = append(urls, u)
		}
	}
	dir, err := os.MkdirTemp("", "chromeloop-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(*chrome), chromedp.UserDataDir(dir),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("no-first-run", true), chromedp.NoSandbox,
		chromedp.Env("TMPDIR="+dir)) // its temporary files go with its profile, removed at exit
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	if err := chromedp.Do(browser); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	next := make(chan string)
	var pages, failed atomic.Int64
	var wg sync.WaitGroup
	for range *tabs {
		wg.Go(func() {
			tab, cancel := chromedp.NewContext(browser)
			defer cancel()
			for u := range next {
				if err := chromedp.Do(tab, chromedp.Navigate(u)); err != nil {
					failed.Add(1)
					continue
				}
				text, err := chromedp.Run(tab, chromedp.Evaluate[string](`document.body.innerText`))
				if err != nil || text == "" {
					failed.Add(1)
					continue
				}
				pages.Add(1)
			}
		})
	}
	for _, u := range urls {
		next <- u
	}
	close(next)
	wg.Wait()
	fmt.Printf("%d pages, %d failed\n", pages.Load(), failed.Load())
}
