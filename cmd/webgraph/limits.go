package main

import "time"

// The limit rules, one function each, shared by every command that takes
// the flag. A value a rule refuses is a usage error (exit 2): webgraph
// never turns a zero or a negative number silently into a default.

// checkCount accepts n >= 1, or n == -1 when unlimited is true (the flag's
// documented "no limit").
func checkCount(flag string, n int, unlimited bool) error {
	switch {
	case n >= 1:
		return nil
	case n == -1 && unlimited:
		return nil
	case unlimited:
		return usagef("--%s must be at least 1, or -1 for no limit (got %d)", flag, n)
	}
	return usagef("--%s must be at least 1 (got %d)", flag, n)
}

// checkDepth accepts 0 (the seeds only), a positive number of hops, or -1
// (no limit).
func checkDepth(n int) error {
	if n < -1 {
		return usagef("--depth must be 0 (seeds only), a number of link hops, or -1 for no limit (got %d)", n)
	}
	return nil
}

// checkWait accepts a duration of zero (documented per flag: no wait, no
// budget) or more.
func checkWait(flag string, d time.Duration) error {
	if d < 0 {
		return usagef("--%s must not be negative (got %s)", flag, d)
	}
	return nil
}

// validateLimits applies the rules above to the crawl's flags.
func (f *crawlFlags) validateLimits() error {
	for _, err := range []error{
		checkDepth(*f.depth),
		checkCount("max-pages", *f.maxPages, true),
		checkCount("concurrency", *f.concurrency, false),
		checkCount("sitemap-limit", *f.sitemapLimit, false),
		checkWait("time-budget", *f.budget),
		checkWait("host-interval", *f.hostInterval),
		checkWait("delay", *f.delay),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}
