# webgraph in a Chrome container: the binary is built in a Go image, and the
# final image is chromedp/headless-shell (a headless Chromium) running
# webgraph as an unprivileged user.
#
#   docker build -t webgraph .
#   docker run --rm webgraph crawl --db /work/crawl.db https://docs.example.org/
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -pgo=cmd/webgraph/webgraph.pgo -ldflags "-s -w -X main.version=$(git describe --tags --always 2>/dev/null || echo container)" -o /out/webgraph ./cmd/webgraph

FROM chromedp/headless-shell:latest
RUN useradd --create-home --uid 10001 webgraph && mkdir /work && chown webgraph /work
COPY --from=build /out/webgraph /usr/local/bin/webgraph
# Chrome's sandbox needs privileges an unprivileged container user lacks;
# /dev/shm is small in containers, and webgraph's browser flags already keep
# Chrome's shared memory out of it (disable-dev-shm-usage).
ENV WEBGRAPH_CHROME_NO_SANDBOX=1 PATH=/headless-shell:$PATH
USER webgraph
WORKDIR /work
ENTRYPOINT ["webgraph"]
CMD ["help"]
