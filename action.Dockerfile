# The GitHub Action's image (action.yml): the Dockerfile beside it, less its
# USER and WORKDIR lines. GitHub runs a Docker action's container as root
# with the job's workspace as its working directory, and only root can
# write the workspace and the runner's $GITHUB_OUTPUT there; the image
# people run keeps its unprivileged user. cmd/webgraph/action_test.go fails
# when the two files differ otherwise: change the Dockerfile, then this.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -pgo=cmd/webgraph/webgraph.pgo -ldflags "-s -w -X main.version=$(git describe --tags --always 2>/dev/null || echo container)" -o /out/webgraph ./cmd/webgraph

FROM chromedp/headless-shell:latest
RUN useradd --create-home --uid 10001 webgraph && mkdir /work && chown webgraph /work
COPY --from=build /out/webgraph /usr/local/bin/webgraph
# Chrome's sandbox needs privileges the container lacks; /dev/shm is small
# in containers, and webgraph's browser flags already keep Chrome's shared
# memory out of it (disable-dev-shm-usage).
ENV WEBGRAPH_CHROME_NO_SANDBOX=1 PATH=/headless-shell:$PATH
ENTRYPOINT ["webgraph"]
CMD ["help"]
