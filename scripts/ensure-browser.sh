#!/usr/bin/env bash
# Makes sure a Chrome or Chromium is on this machine: uses one that is found,
# else installs Debian's chromium package (as root, through apt-get).
set -euo pipefail

for b in chromium chromium-browser google-chrome google-chrome-stable headless-shell; do
  if command -v "$b" >/dev/null 2>&1; then
    exit 0
  fi
done
[ -x /headless-shell/headless-shell ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-browser: no Chrome or Chromium found, and no apt-get to install one." >&2
  echo "Install Chromium, or pass --chrome PATH to webgraph." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "ensure-browser: need root (or sudo) to install chromium" >&2; exit 1; }
  sudo="sudo"
fi
echo "ensure-browser: installing Debian's chromium package..." >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "ensure-browser: chromium did not install" >&2; exit 1; }
echo "ensure-browser: $(chromium --version 2>/dev/null || echo chromium installed)" >&2
