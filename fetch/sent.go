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
