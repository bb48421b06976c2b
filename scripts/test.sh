#!/usr/bin/env bash
# Sets everything up, checks the formatting of the changed lines (on main:
# the last commit's), builds, and runs all tests (unit, lit, robustness,
# GPU; the GPU tests skip without an NVIDIA GPU), then the fuzz targets for
# a minute each.
#   scripts/test.sh                 in build-sanitize/: every target built with
#                                   AddressSanitizer and UndefinedBehavior-
#                                   Sanitizer, any report fails its test
#   scripts/test.sh --no-sanitize   in build/, the plain Release build
# CI runs the first: one build of the compiler fits its time limit, and the
# sanitized one checks what the plain one does and more (the same sources
# at -O1, with every memory access and undefined operation checked;
# CMakeLists.txt says why -O1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"
# Before the build, which it does not need: a misformatted change fails in
# seconds (scripts/format-check.sh says what "changed" means).
bash "$root/scripts/format-check.sh"
if [ "${1:-}" = --no-sanitize ]; then
  build=$root/build
  bash "$root/scripts/build.sh" "$build"
else
  build=$root/build-sanitize
  # LLVM's allocators poison a new slab from the inline code compiled into
  # our instrumented objects, while the uninstrumented libMLIR hands out
  # pieces of it without unpoisoning: a use-after-poison report inside
  # MLIR's own code (IR/reduce-convert.mlir parsing a location,
  # 2026-12-03). Manual poisoning is therefore off; every access our code
  # makes is still checked.
  export ASAN_OPTIONS="allow_user_poisoning=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  bash "$root/scripts/build.sh" "$build" -DGLUONC_SANITIZE=address,undefined
fi
# Side by side, one test per core: lit and the robustness suite spread
# their own cases over the cores too, and the short programs fill the gaps.
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
# The self-contained gluonc (LLVM, MLIR and LLD linked in), linked from the
# objects above: it must need no LLVM library and write the same files as
# the build's gluonc.
bash "$root/scripts/static-check.sh" "$build"
# The conformance corpus of upstream Gluon kernels, when this machine has
# it beside the checkout (it is not part of the repository): one row per
# kernel; a crash fails (tests/conformance/run.py).
python3 "$root/tests/conformance/run.py" "$root/../shared/conformance" \
  --gluonc "$build/tools/gluonc/gluonc" --out "$build/conformance"
# Its Hopper kernels as scripts/gpu-stage.sh stages them for the GPU
# comparison with Triton (tests/conformance/gpu_check.py), checked against
# the launch table that comparison uses.
if [ -f "$root/../shared/conformance/cases.py" ]; then
  python3 "$root/tests/conformance/gpu_check.py" compile \
    "$root/../shared/conformance" --gluonc "$build/tools/gluonc/gluonc" \
    --out "$build/conformance-gpu"
fi
# The libFuzzer targets, a minute each, in their own Clang build
# (build-fuzz), with seeds from the tree and the kernel JSON of $build: a
# crash fails CI and leaves its reproducer there.
bash "$root/scripts/fuzz.sh" 60 "$root/build-fuzz" "$build"
