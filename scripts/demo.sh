#!/usr/bin/env bash
# make demo: serve the bundled fixture site on loopback, crawl it in union
# mode (plain fetch and headless Chromium together), show what happened,
# then stop the server (by the PID this script started).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
bin/sites -site union >"$work/url" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done
site=$(head -n1 "$work/url")
[ -n "$site" ] || { echo "demo: the fixture server did not start" >&2; exit 1; }
export WEBGRAPH_CONTACT=${WEBGRAPH_CONTACT:-https://github.com/webgraph/webgraph}

echo "== the fixture site is at $site"
echo
echo "== webgraph crawl --db crawl.db --host-interval 200ms --delay 0 --out events.jsonl $site"
bin/webgraph crawl --db "$work/crawl.db" --host-interval 200ms --delay 0 --out "$work/events.jsonl" "$site"
echo
echo "== events written, by type:"
sed -n 's/^{"event":"\([a-z]*\)".*/\1/p' "$work/events.jsonl" | sort | uniq -c
echo
echo "== one page event (the JavaScript-only app: the plain side saw no words):"
grep -m1 '"url":"'"${site}"'app.html"' "$work/events.jsonl" | cut -c1-700
echo "…"
echo
echo "== the done event:"
tail -n1 "$work/events.jsonl" | cut -c1-900
echo "…"
echo
echo "== webgraph graph --db crawl.db --format csv   (the link graph; first edges)"
bin/webgraph graph --db "$work/crawl.db" --format csv | head -n 8
echo "…"
echo
echo "== webgraph report --db crawl.db -o bin/demo-report.html   (open it in a browser)"
bin/webgraph report --db "$work/crawl.db" -o bin/demo-report.html
echo
echo "== webgraph compare ${site}app.html   (what JavaScript adds)"
bin/webgraph compare "${site}app.html"
