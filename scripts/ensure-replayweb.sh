#!/usr/bin/env bash
# Makes sure ReplayWeb.page, the web archive player the WACZ tests open
# packages in, is installed outside the repository (its licence is not
# webgraph's to ship): npm ci of scripts/replayweb/package-lock.json, which
# pins the version and the tarball's sha512, into
#   ${WEBGRAPH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/webgraph}/replaywebpage-VERSION
# The tests look for it there (internal/testkit/replaytest). The lockfile names
# the package alone: its ui.js and sw.js are bundles, and need none of the
# dependencies its package.json lists. Installs Debian's npm when no npm is
# found (as root, through apt-get). Nothing runs from the package at install
# (--ignore-scripts).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
lock="$here/replayweb/package-lock.json"
version="$(sed -n 's/^ *"replaywebpage": "\([0-9.]*\)".*/\1/p' "$here/replayweb/package.json" | head -1)"
[ -n "$version" ] || { echo "ensure-replayweb: no replaywebpage version in $here/replayweb/package.json" >&2; exit 1; }
dir="${WEBGRAPH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/webgraph}/replaywebpage-$version"

installed() {
  [ -f "$dir/node_modules/replaywebpage/ui.js" ] && [ -f "$dir/node_modules/replaywebpage/sw.js" ] &&
    cmp -s "$lock" "$dir/package-lock.json" &&
    grep -q "\"version\": \"$version\"" "$dir/node_modules/replaywebpage/package.json"
}
installed && exit 0

if ! command -v npm >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-replayweb: no npm found, and no apt-get to install it. Install Node.js and npm." >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "ensure-replayweb: need root (or sudo) to install npm" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "ensure-replayweb: installing Debian's npm package..." >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq npm >/dev/null
fi

echo "ensure-replayweb: installing replaywebpage $version into $dir" >&2
mkdir -p "$dir"
cp "$here/replayweb/package.json" "$lock" "$dir/"
(cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
installed || { echo "ensure-replayweb: replaywebpage $version did not install in $dir" >&2; exit 1; }
