package main

import (
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/store"
)

// share is the crawl's state in st as this worker sees it: its frontier,
// journal and, for a crawl shared in PostgreSQL, the origins' shared
// preparation.
type share struct {
	front   crawl.Frontier
	journal crawl.Journal
	origins crawl.Origins // nil: each origin is prepared by this process
	close   func() error  // ends the worker's share
}

// openFrontier returns the crawl's frontier in st: the SQLite one, or, for a
// PostgreSQL database, this worker's share of the crawl, with leases of
// length lease (0: store.DefaultLease), its run's journal (the last worker
// out writes the crawl's done) and the origins prepared once per crawl.
func openFrontier(st *store.Store, th *policy.Throttle, depth int, lease time.Duration) (share, error) {
	if !store.IsPostgres(st.Path()) {
		f, err := st.Frontier(th, depth)
		return share{front: f, journal: st.Journal(), close: func() error { return nil }}, err
	}
	th.Share(st.Starts())
	f, err := st.SharedFrontier(th, depth, store.SharedConfig{Lease: lease})
	if err != nil {
		return share{}, err
	}
	return share{front: f, journal: f.Journal(), origins: f.Origins(), close: f.Close}, nil
}
