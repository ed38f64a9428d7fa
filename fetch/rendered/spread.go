package rendered

import (
	"context"
	"errors"
	"net/url"
	"sync"

	"github.com/webgraph/webgraph/fetch"
)

// spread renders over several running browsers: each holds a share of the
// tabs, and each page goes to the browser with the most free tabs, so the
// load stays even and a slow browser takes fewer pages.
type spread struct {
	slots  chan struct{} // every tab of every browser
	shards []*Fetcher

	mu     sync.Mutex
	inUse  []int // renders in flight per shard
	shares []int // tabs per shard
}

// newSpread connects to each of urls with its share of cfg.Tabs (at least
// one each). It closes what it opened when one connection fails.
func newSpread(cfg Config, urls []string) (*spread, error) {
	s := &spread{inUse: make([]int, len(urls))}
	total := 0
	for i, u := range urls {
		c := cfg
		c.BrowserURL, c.BrowserURLs = u, nil
		c.Tabs = cfg.Tabs / len(urls)
		if i < cfg.Tabs%len(urls) {
			c.Tabs++
		}
		c.Tabs = max(c.Tabs, 1)
		f, err := New(c)
		if err != nil {
			s.close()
			return nil, err
		}
		s.shards = append(s.shards, f)
		s.shares = append(s.shares, c.Tabs)
		total += c.Tabs
	}
	s.slots = make(chan struct{}, total)
	return s, nil
}

// fetch renders u in the browser with the most free tabs.
func (s *spread) fetch(ctx context.Context, u *url.URL, closing <-chan struct{}) (*fetch.Side, error) {
	select {
	case s.slots <- struct{}{}:
	case <-closing:
		side := &fetch.Side{Name: fetch.Rendered, URL: u.String(), FinalURL: u.String(), Err: ErrClosed}
		return side, side.Err
	case <-ctx.Done():
		side := &fetch.Side{Name: fetch.Rendered, URL: u.String(), FinalURL: u.String(), Err: ctx.Err()}
		return side, side.Err
	}
	defer func() { <-s.slots }()
	s.mu.Lock()
	best := 0
	for i := range s.shards {
		if s.shares[i]-s.inUse[i] > s.shares[best]-s.inUse[best] {
			best = i
		}
	}
	s.inUse[best]++
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inUse[best]--
		s.mu.Unlock()
	}()
	return s.shards[best].Fetch(ctx, u)
}

func (s *spread) restarts() int {
	n := 0
	for _, f := range s.shards {
		n += f.Restarts()
	}
	return n
}

func (s *spread) close() error {
	var errs []error
	for _, f := range s.shards {
		errs = append(errs, f.Close())
	}
	return errors.Join(errs...)
}
