#!/usr/bin/env bash
# Rebuilds the generated fixture sites (testdata/sites/gen-NAME) from their
# sources (testdata/generators/NAME) with the generators' own npm packages,
# at the versions each package-lock.json pins. Needs Node 20 and the npm
# registry; the tests never run this, they read the committed output.
#
#   scripts/build-fixtures.sh                 every site
#   scripts/build-fixtures.sh astro nextjs    the sites named
#
# Each site: npm ci, npm run build, then the built folder replaces
# testdata/sites/gen-NAME, without source maps, with the source's
# _serve.json (how the fixture server answers it, see
# internal/testkit/sites/serve.go) copied to its root.
set -euo pipefail
cd "$(dirname "$0")/.."

all=(docusaurus vitepress nextjs astro sveltekit react-router vite-spa)
if [ $# -eq 0 ]; then set -- "${all[@]}"; fi

# Where each generator writes its site, inside its source folder.
outdir() {
	case "$1" in
	docusaurus) echo build ;;
	vitepress) echo .vitepress/dist ;;
	nextjs) echo out ;;
	astro) echo dist ;;
	sveltekit) echo build ;;
	react-router) echo build/client ;;
	vite-spa) echo dist ;;
	*) echo "build-fixtures: no site called $1 (known: ${all[*]})" >&2; return 1 ;;
	esac
}

export NEXT_TELEMETRY_DISABLED=1 ASTRO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 CI=1

for name in "$@"; do
	src=testdata/generators/$name
	out=$(outdir "$name")
	dest=testdata/sites/gen-$name
	echo "== $name: npm ci and build in $src" >&2
	(cd "$src" && rm -rf "$out" && npm ci --no-audit --no-fund && npm run build)
	rm -rf "$dest"
	cp -R "$src/$out" "$dest"
	find "$dest" -name '*.map' -type f -delete
	cp "$src/_serve.json" "$dest/_serve.json"
	echo "== $name: $(du -sh "$dest" | cut -f1) in $dest" >&2
done
