#!/usr/bin/env bash
# make demo: serve the bundled fixture site on loopback, show webgraph on its
# JavaScript-only page, then stop the server (by the PID this script started).
set -euo pipefail
cd "$(dirname "$0")/.."

out=$(mktemp)
bin/sites -site union >"$out" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 50); do [ -s "$out" ] && break; sleep 0.1; done
site=$(head -n1 "$out")
[ -n "$site" ] || { echo "demo: the fixture server did not start" >&2; exit 1; }
export WEBGRAPH_CONTACT=${WEBGRAPH_CONTACT:-https://github.com/webgraph/webgraph}

echo "== fixture site at $site"
echo
echo "== webgraph compare ${site}app.html   (what JavaScript adds)"
bin/webgraph compare "${site}app.html"
echo
echo "== webgraph page ${site}app.html   (the page event, union mode)"
bin/webgraph page "${site}app.html"
echo
echo "== webgraph page --mode plain ${site}app.html   (no browser: a JavaScript shell, exit 3)"
set +e
bin/webgraph page --mode plain --keep none "${site}app.html"
code=$?
set -e
echo "(exit $code)"
echo
echo "== webgraph page ${site}private   (a login redirect, exit 3)"
set +e
bin/webgraph page "${site}private" >/dev/null
echo "(exit $?)"
set -e
