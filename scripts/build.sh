#!/usr/bin/env bash
# Configures (once) and builds gluonc, libgluonrt and the tests with ninja.
#   scripts/build.sh [BUILD_DIR]                    (default: build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
ninja -C "$build" --quiet
