package fetch

import (
	"context"
	"sync"
)

type (
	sentKey     struct{}
	receivedKey struct{}
)

// WithSent returns a context that carries fn, to be called once, when the
// first side puts the main request on the wire. The crawl uses it to start a
// host's politeness interval from the real send, not from when a worker
// was released.
func WithSent(ctx context.Context, fn func()) context.Context { return withOnce(ctx, sentKey{}, fn) }

// Sent calls the func of WithSent, if ctx carries one. Fetchers call it as
// their main request is sent; calls after the first do nothing.
func Sent(ctx context.Context) { callOnce(ctx, sentKey{}) }

// WithReceived returns a context that carries fn, to be called once, when
// a fetcher has its answer off the network (the body read, or the fetch
// failed): what is left is work on this machine. The crawl uses it to let
// the next request out while this page is parsed and recorded.
func WithReceived(ctx context.Context, fn func()) context.Context {
	return withOnce(ctx, receivedKey{}, fn)
}

// Received calls the func of WithReceived, if ctx carries one; calls after
// the first do nothing.
func Received(ctx context.Context) { callOnce(ctx, receivedKey{}) }

// withOnce returns ctx carrying fn under key, to be called at most once.
func withOnce(ctx context.Context, key any, fn func()) context.Context {
	var once sync.Once
	return context.WithValue(ctx, key, func() { once.Do(fn) })
}

// callOnce calls the func ctx carries under key, if any.
func callOnce(ctx context.Context, key any) {
	if fn, ok := ctx.Value(key).(func()); ok {
		fn()
	}
}
