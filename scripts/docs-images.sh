#!/usr/bin/env bash
# Remakes the README's pictures in docs/images/ with webgraph's own commands:
# `compare --html` of the union fixture's JavaScript-only page, shot by
# headless Chromium at a fixed window size; and the pictures in the report of
# a crawl of that site with --screenshots findings, shot by the test that
# opens that report (TestScreenshotsInReport). Needs bin/webgraph and
# bin/sites (make build) and a Chromium. Stops the fixture server it starts
# (by its PID).
set -euo pipefail
cd "$(dirname "$0")/.."

chrome=${CHROME:-chromium}
work=$(mktemp -d)
bin/sites -site union >"$work/url" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
site=$(head -n1 "$work/url")
[ -n "$site" ] || { echo "docs-images: the fixture server did not start" >&2; exit 1; }
export WEBGRAPH_CONTACT=${WEBGRAPH_CONTACT:-https://github.com/webgraph/webgraph}

bin/webgraph compare --html "$work/compare.html" "${site}app.html" >/dev/null

shoot() { # shoot FILE.html WIDTH HEIGHT OUT.png
	"$chrome" --headless --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$work/profile" \
		$([ "$(id -u)" = 0 ] && echo --no-sandbox) --window-size="$2,$3" --screenshot="$4" "file://$1" 2>/dev/null
}
mkdir -p docs/images
shoot "$work/compare.html" 1100 900 docs/images/compare-html.png
WEBGRAPH_DOCS_IMAGES="$PWD/docs/images" go test -count=1 -run 'TestScreenshotsInReport$' ./cmd/webgraph/
ls -l docs/images/compare-html.png docs/images/report-pictures.png
