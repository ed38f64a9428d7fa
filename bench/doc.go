// Package bench measures webgraph against its peers, side by side on one
// machine: a colly crawler and wget2 for plain crawls, a bare chromedp loop
// and the tuned chromedp loop (cmd/tunedloop: the fastest honest loop doing
// a render's work) for rendered ones. The sites are served by cmd/countsite,
// which counts what each side fetched. It is a Go module of its own so that
// the peers' dependencies never enter webgraph's go.mod. Run it with
// `make bench-peers`.
package bench
