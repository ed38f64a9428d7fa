# webgraph: `make demo` builds and crawls a bundled fixture site; `make test`
# runs gofmt, vet, staticcheck and the race-enabled tests against a real Chromium and a real
# PostgreSQL (each test binary starts its own server on loopback). Both install
# Chromium and PostgreSQL (Debian's packages) when they are not found; make test
# also installs ReplayWeb.page (npm) for the WACZ tests.

GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
BIN     := bin
# The CPU profile the build optimises with (make pgo rewrites it). It is not
# named default.pgo, which go would apply to every test binary of the
# package too: the tests would compile everything twice.
PGO     := cmd/webgraph/webgraph.pgo

.PHONY: all build browser postgres replayweb test ci demo bench bench-peers pgo fuzz lint clean

all: build

# webgraph is built static (CGO_ENABLED=0), as the Dockerfile builds it: no
# libc to match on the machine it runs on, and 1.3 MB less resident memory.
build:
	CGO_ENABLED=0 $(GO) build -pgo=$(PGO) -ldflags "$(LDFLAGS)" -o $(BIN)/webgraph ./cmd/webgraph
	$(GO) build -o $(BIN)/sites ./internal/cmd/sites

browser:
	@scripts/ensure-browser.sh

postgres:
	@scripts/ensure-postgres.sh

# ReplayWeb.page, the player the WACZ tests open packages in: installed by npm
# (version and hash pinned in scripts/replayweb/package-lock.json) into a
# cache outside the repository.
replayweb:
	@scripts/ensure-replayweb.sh

# make test is what CI runs (.ci/run): the checks of lint, then the
# race-enabled tests against a real Chromium, a real PostgreSQL and
# ReplayWeb.page.
test: browser postgres replayweb lint
	WEBGRAPH_REQUIRE_BROWSER=1 $(GO) test -race -count=1 -timeout 20m ./...

ci: test

demo: build browser
	@scripts/demo.sh

bench: browser postgres
	WEBGRAPH_REQUIRE_BROWSER=1 $(GO) test -run '^$$' -bench . -benchmem -timeout 30m ./...

# The peers (a colly crawler, wget2, a bare chromedp loop, the tuned chromedp
# loop) live in bench/, a module of its own; each benchmark runs webgraph and
# its peer side by side and prints their ratio and peak memory (or CPU).
bench-peers: browser
	@scripts/ensure-wget2.sh
	cd bench && $(GO) test -run '^$$' -bench . -benchtime 2x -timeout 60m .

# Profile-guided optimisation: make build compiles webgraph with $(PGO), a
# CPU profile of a plain and a union crawl; this regenerates it (scripts/pgo.sh).
pgo: browser
	GO=$(GO) scripts/pgo.sh

# Every fuzz target in the module (scripts/fuzz.sh finds them by name), each
# for FUZZTIME.
FUZZTIME ?= 30s
fuzz:
	GO=$(GO) FUZZTIME=$(FUZZTIME) scripts/fuzz.sh

# gofmt, go vet and staticcheck over the module (the peers in bench/ are a
# module of their own).
lint:
	@unformatted=$$("$$($(GO) env GOROOT)/bin/gofmt" -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
		if [ -n "$$unformatted" ]; then echo "not gofmt-formatted: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

clean:
	rm -rf $(BIN)
