#!/usr/bin/env bash
# Configures (once) and builds gluonc, libgluonrt and the tests with ninja.
#   scripts/build.sh [BUILD_DIR [CMAKE_OPTION...]]      (default: build)
# CMAKE_OPTIONs apply when BUILD_DIR is configured, e.g.
#   scripts/build.sh build-sanitize -DGLUONC_SANITIZE=address,undefined
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift $(( $# > 0 ? 1 : 0 ))
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" \
    >/dev/null
fi
ninja -C "$build" --quiet
