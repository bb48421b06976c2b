#!/usr/bin/env bash
# Stages what the GPU checks need into one folder that can be copied to a
# machine with an NVIDIA GPU: libgluonrt, gluon-run, the GPU test program and
# the sample kernels compiled by this build. Run after a build; then, on the
# GPU machine, `bash scripts/gpu-run.sh <folder> <log dir>`.
#
#   scripts/gpu-stage.sh [BUILD_DIR] [STAGE_DIR]    (defaults: build .device)
set -euo pipefail
build=${1:-build}
stage=${2:-.device}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

ninja -C "$build" gluonrt gluon-run gluonc-gpu-samples-test \
  gpu_vector_add gpu_vector_add_div16 gpu_memcpy_2d >/dev/null

rm -rf "$stage"
mkdir -p "$stage/bin"
cp "$build/runtime/libgluonrt.so"* "$build/runtime/gluon-run" \
   "$build/tests/gpu/gluonc-gpu-samples-test" "$stage/bin/"
cp -r "$build/tests/gpu/kernels" "$stage/kernels"
echo "staged in $stage:"
find "$stage" -type f | sort
