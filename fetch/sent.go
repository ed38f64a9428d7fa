package fetch

import (
	"context"
	"sync"
)

type sentKey struct{}

// WithSent returns a context that carries fn, to be called once, when the
// first side puts the main request on the wire. The crawl uses it to start a
// host's politeness interval from the real send, not from when a worker
// was released.
func WithSent(ctx context.Context, fn func()) context.Context {
	var once sync.Once
	return context.WithValue(ctx, sentKey{}, func() { once.Do(fn) })
}

// Sent calls the func of WithSent, if ctx carries one. Fetchers call it as
// their main request is sent; calls after the first do nothing.
func Sent(ctx context.Context) {
	if fn, ok := ctx.Value(sentKey{}).(func()); ok {
		fn()
	}
}

type receivedKey struct{}

// WithReceived returns a context that carries fn, to be called once, when
// a fetcher has its answer off the network (the body read, or the fetch
// failed): what is left is work on this machine. The crawl uses it to let
// the next request out while this page is parsed and recorded.
func WithReceived(ctx context.Context, fn func()) context.Context {
	var once sync.Once
	return context.WithValue(ctx, receivedKey{}, func() { once.Do(fn) })
}

// Received calls the func of WithReceived, if ctx carries one; calls after
// the first do nothing.
func Received(ctx context.Context) {
	if fn, ok := ctx.Value(receivedKey{}).(func()); ok {
		fn()
	}
}
