#!/usr/bin/env bash
# Sets everything up, builds, and runs all tests (unit, lit, GPU; the GPU
# tests skip without an NVIDIA GPU), then the fuzz targets for a minute each.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh" "$root/build"
ctest --test-dir "$root/build" --output-on-failure
# The libFuzzer targets, a minute each, in their own Clang build
# (build-fuzz): a crash fails CI and leaves its reproducer there.
bash "$root/scripts/fuzz.sh" 60 "$root/build-fuzz" "$root/build"
