#!/usr/bin/env bash
# Sets everything up, builds, and runs all tests (unit, lit, GPU; the GPU
# tests skip without an NVIDIA GPU).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh" "$root/build"
ctest --test-dir "$root/build" --output-on-failure
