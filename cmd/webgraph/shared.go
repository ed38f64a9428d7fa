package main

import (
	"time"

	"github.com/webgraph/webgraph/crawl"
	"github.com/webgraph/webgraph/policy"
	"github.com/webgraph/webgraph/store"
)

// openFrontier returns the crawl's frontier in st: the SQLite one, or, for a
// PostgreSQL database, this worker's share of the crawl, with leases of
// length lease (0: store.DefaultLease). close ends the worker's share.
func openFrontier(st *store.Store, th *policy.Throttle, depth int, lease time.Duration) (front crawl.Frontier, close func() error, err error) {
	if !store.IsPostgres(st.Path()) {
		f, err := st.Frontier(th, depth)
		return f, func() error { return nil }, err
	}
	th.Share(st.Starts())
	f, err := st.SharedFrontier(th, depth, store.SharedConfig{Lease: lease})
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}
