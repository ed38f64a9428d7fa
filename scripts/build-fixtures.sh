#!/usr/bin/env bash
# Rebuilds the generated fixture sites (testdata/sites/gen-NAME) from their
# sources (testdata/generators/NAME) with the generators' own npm packages,
# at the versions each package-lock.json pins. Needs Node 20 and the npm
# registry; the tests never run this, they read the committed output.
#
#   scripts/build-fixtures.sh                 every site
#   scripts/build-fixtures.sh astro nextjs    the sites named
#   scripts/build-fixtures.sh --licences …    only rewrite the sites'
#                                             THIRD-PARTY-LICENSES.txt
#
# Each site: npm ci, npm run build, then the built folder replaces
# testdata/sites/gen-NAME, without source maps, with the source's
# _serve.json (how the fixture server answers it, see
# internal/testkit/sites/serve.go) copied to its root, and the licences of
# the packages whose code the build emitted in THIRD-PARTY-LICENSES.txt.
set -euo pipefail
cd "$(dirname "$0")/.."

all=(docusaurus vitepress nextjs astro sveltekit react-router vite-spa)
only_licences=
if [ "${1:-}" = --licences ]; then only_licences=1; shift; fi
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

# The packages whose code each generator emits into the site it builds.
bundled() {
	case "$1" in
	docusaurus) echo @docusaurus/core @docusaurus/theme-classic @docusaurus/theme-common \
		@docusaurus/plugin-content-docs @docusaurus/plugin-content-blog react-loadable react react-dom \
		scheduler react-router react-router-dom history react-helmet-async prism-react-renderer clsx \
		core-js nprogress @mdx-js/react ;;
	vitepress) echo vitepress vue @vue/runtime-dom @vue/runtime-core @vue/reactivity @vue/shared \
		@vueuse/core @vueuse/shared ;;
	nextjs) echo next react react-dom scheduler @swc/helpers ;;
	astro) echo astro preact @preact/signals @preact/signals-core ;;
	sveltekit) echo @sveltejs/kit svelte devalue esm-env ;;
	react-router) echo react-router react react-dom scheduler cookie set-cookie-parser ;;
	vite-spa) echo vite ;;
	esac
}

# licences NAME writes the licence of each package bundled() names, from
# the source folder's node_modules, and any *-LICENSE.txt of the source
# folder (a font's, say), to stdout.
licences() {
	local src=testdata/generators/$1 pkg dir file
	echo "Third-party code in this site, emitted by its generator (see testdata/generators/README.md)."
	for pkg in $(bundled "$1"); do
		dir=$src/node_modules/$pkg
		file=$(find "$dir" -maxdepth 1 -type f -iname 'licen[cs]e*' | sort | head -n1)
		if [ -z "$file" ]; then
			echo "build-fixtures: $pkg has no licence file" >&2
			return 1
		fi
		printf '\n==== %s %s (%s)\n\n' "$pkg" \
			"$(node -p "require('./$dir/package.json').version")" \
			"$(node -p "require('./$dir/package.json').license")"
		# Vite's file goes on with the licences of the build tool's own
		# dependencies, none of which is in a site.
		sed '/^# Licenses of bundled dependencies/,$d' "$file"
	done
	for file in "$src"/*-LICENSE.txt; do
		[ -e "$file" ] || continue
		printf '\n==== %s\n\n' "$(basename "$file" -LICENSE.txt)"
		cat "$file"
	done
}

export NEXT_TELEMETRY_DISABLED=1 ASTRO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 CI=1

for name in "$@"; do
	src=testdata/generators/$name
	out=$(outdir "$name")
	dest=testdata/sites/gen-$name
	if [ -n "$only_licences" ]; then
		[ -d "$src/node_modules" ] || (cd "$src" && npm ci --no-audit --no-fund)
		licences "$name" >"$dest/THIRD-PARTY-LICENSES.txt"
		continue
	fi
	echo "== $name: npm ci and build in $src" >&2
	(cd "$src" && rm -rf "$out" && npm ci --no-audit --no-fund && npm run build)
	rm -rf "$dest"
	cp -R "$src/$out" "$dest"
	find "$dest" -name '*.map' -type f -delete
	cp "$src/_serve.json" "$dest/_serve.json"
	licences "$name" >"$dest/THIRD-PARTY-LICENSES.txt"
	echo "== $name: $(du -sh "$dest" | cut -f1) in $dest" >&2
done
