#!/usr/bin/env bash
# make pgo: profile-guided optimisation. make build and the Dockerfile
# compile webgraph with -pgo=cmd/webgraph/webgraph.pgo; this rewrites it from
# a CPU profile of the crawls webgraph spends its own CPU on: a plain crawl
# of 2,000 loopback pages and a union crawl of 100 script-written ones (the
# in-process benchmarks, so the profile sees the crawl's code, not a child
# process). Run it after a large change to the hot paths and commit the
# file; a stale profile only optimises less.
set -euo pipefail
cd "$(dirname "$0")/.."
go=${GO:-go}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$go" test -run '^$' -bench '^BenchmarkCrawlPlainInProcess$' -benchtime 15x \
	-o "$work/webgraph.test" -cpuprofile "$work/plain.pprof" ./cmd/webgraph/
WEBGRAPH_REQUIRE_BROWSER=1 "$go" test -run '^$' -bench '^BenchmarkCrawlUnionJS$' -benchtime 2x \
	-o "$work/crawl.test" -cpuprofile "$work/union.pprof" ./crawl/
"$go" tool pprof -proto "$work/plain.pprof" "$work/union.pprof" >"$work/default.pgo"
mv "$work/default.pgo" cmd/webgraph/webgraph.pgo
echo "pgo: wrote cmd/webgraph/webgraph.pgo ($(wc -c <cmd/webgraph/webgraph.pgo) bytes)"
