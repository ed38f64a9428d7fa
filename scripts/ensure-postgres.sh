#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs (initdb, pg_ctl) are on this
# machine for the tests, which start a server of their own on loopback: uses
# the ones found, else installs Debian's postgresql package (as root, through
# apt-get). No server is started or enabled here.
set -euo pipefail

found() {
  command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && return 0
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
}
found && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-postgres: no initdb/pg_ctl found, and no apt-get to install PostgreSQL." >&2
  echo "Install PostgreSQL's server package; the tests start their own server." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "ensure-postgres: need root (or sudo) to install postgresql" >&2; exit 1; }
  sudo="sudo"
fi
echo "ensure-postgres: installing Debian's postgresql package..." >&2
$sudo apt-get update -qq
# policy-rc.d keeps the package from starting a system-wide server.
DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 $sudo apt-get install -y -qq postgresql >/dev/null
found || { echo "ensure-postgres: postgresql did not install" >&2; exit 1; }
echo "ensure-postgres: $(ls -d /usr/lib/postgresql/*/bin | tail -1)" >&2
