// Package bench measures webgraph against its peers, side by side on one
// machine: a colly crawler for plain crawls and a bare chromedp loop for
// rendered ones. It is a Go module of its own so that the peers'
// dependencies never enter webgraph's go.mod. Run it with `make bench-peers`.
package bench
