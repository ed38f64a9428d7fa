package main

import (
	"context"
	"time"

	"github.com/webgraph/webgraph/policy"
)

// grantsKey is the context key of a func(host string, at time.Time) that
// tests give run: the throttle of the command's gate tells it of each slot
// it grants (policy.Throttle.OnGrant), and a test proves a host's spacing
// from that log rather than from a server's clock, which a loaded machine
// skews. Nothing on the command line reaches it.
type grantsKey struct{}

// newThrottle returns the throttle of the command's gate: interval between
// requests to one host, and the grants told to the context's grantsKey
// function when a test gave one.
func newThrottle(ctx context.Context, interval time.Duration) *policy.Throttle {
	th := policy.NewThrottle(interval, nil)
	if fn, ok := ctx.Value(grantsKey{}).(func(string, time.Time)); ok {
		th.OnGrant(fn)
	}
	return th
}
