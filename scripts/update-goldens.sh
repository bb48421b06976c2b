#!/usr/bin/env bash
# Regenerates the golden files of tests/lit/samples/*.test from the first
# `RUN: %gluonc ...` line of each test, with the gluonc of BUILD_DIR. Review
# the result with `git diff tests/lit/golden` before committing it.
#
#   scripts/update-goldens.sh [BUILD_DIR]          (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
gluonc=$root/$build/src/Driver/gluonc
[ -x "$gluonc" ] || { echo "no gluonc at $gluonc: build first" >&2; exit 2; }

for test in "$root"/tests/lit/samples/*.test; do
  grep -q 'diff -ru %golden/' "$test" || continue
  name=$(grep -o 'diff -ru %golden/[A-Za-z0-9_]*' "$test" | head -1 | sed 's|.*%golden/||')
  line=$(grep -m1 '^RUN: rm -rf %t && %gluonc ' "$test" | sed 's/^RUN: rm -rf %t && //')
  out=$root/tests/lit/golden/$name
  rm -rf "$out"
  command=${line//%gluonc/\"$gluonc\"}
  command=${command//%samples/\"$root/samples\"}
  command=${command//%t/\"$out\"}
  (cd "$root" && eval "$command")
  echo "updated tests/lit/golden/$name"
done
