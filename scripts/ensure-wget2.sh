#!/usr/bin/env bash
# Makes sure wget2, the plain crawl's CPU peer in make bench-peers, is on
# this machine: uses one that is found, else installs Debian's wget2 package
# (as root, through apt-get).
set -euo pipefail

command -v wget2 >/dev/null 2>&1 && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-wget2: no wget2 found, and no apt-get to install it. Install GNU Wget2." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "ensure-wget2: need root (or sudo) to install wget2" >&2; exit 1; }
  sudo="sudo"
fi
echo "ensure-wget2: installing Debian's wget2 package..." >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wget2 >/dev/null
command -v wget2 >/dev/null 2>&1 || { echo "ensure-wget2: wget2 did not install" >&2; exit 1; }
echo "ensure-wget2: $(wget2 --version 2>/dev/null | head -1)" >&2
