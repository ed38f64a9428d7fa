#!/usr/bin/env bash
# Runs every fuzz target of the module for FUZZTIME each (default 30s): the
# targets are found by their names (func FuzzX in a _test.go file), so a new
# one is fuzzed without a line here.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
FUZZTIME=${FUZZTIME:-30s}
grep -rl --include='*_test.go' --exclude-dir=bench '^func Fuzz' . | sort | while read -r file; do
  dir=$(dirname "$file")
  for name in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$file"); do
    echo "fuzz: $name in $dir for $FUZZTIME"
    "$GO" test -run '^$' -fuzz "^${name}\$" -fuzztime "$FUZZTIME" "./${dir#./}/"
  done
done
