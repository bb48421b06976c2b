#!/usr/bin/env bash
# Stages what the GPU checks need into one folder that can be copied to a
# machine with an NVIDIA GPU: libgluonrt, gluon-run, the GPU test programs,
# the sample kernels compiled by this build and the benchmarks' kernels. Run after a build; then, on the
# GPU machine, `bash scripts/gpu-run.sh <folder> <log dir>`.
#
#   scripts/gpu-stage.sh [BUILD_DIR] [STAGE_DIR]    (defaults: build .device)
set -euo pipefail
build=${1:-build}
stage=${2:-.device}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

ninja -C "$build" >/dev/null

rm -rf "$stage"
mkdir -p "$stage/bin"
cp "$build/runtime/libgluonrt.so"* "$build/tools/gluon-run/gluon-run" \
   "$build/tests/gpu/gluonc-gpu-samples-test" \
   "$build/tests/gpu/gluonc-gpu-kernels-test" \
   "$build/tests/gpu/gluonc-gpu-scan-test" \
   "$build/tests/gpu/gluonc-gpu-shared-memory-test" \
   "$build/tests/gpu/gluonc-gpu-ops-test" \
   "$build/tests/gpu/gluonc-gpu-asm-test" \
   "$build/tests/gpu/gluonc-gpu-tensordesc-test" \
   "$build/tests/gpu/gluonc-gpu-gemm-test" \
   "$build/tests/gpu/gluonc-gpu-ampere-test" "$stage/bin/"
cp -r "$build/tests/gpu/kernels" "$stage/kernels"

# The row benchmarks' kernels: one build per row length, with the warps
# bench/rows_bench.py gives Triton for the same length.
# Each also without the occupancy register budget (bench-untuned/), which
# the benchmarks time beside it.
gluonc="$build/tools/gluonc/gluonc"
for variant in bench bench-untuned; do
  flags=()
  [ "$variant" = bench-untuned ] && flags=(--no-occupancy-tuning)
  for cols in 1024 4096 16384; do
    warps=$(( cols <= 1024 ? 4 : cols <= 4096 ? 8 : 16 ))
    layout="layout=gl.BlockedLayout([4], [32], [$warps], [0])"
    "$gluonc" samples/softmax.py -k softmax_kernel -w "$warps" -D "$layout" \
      -s "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, $cols" "${flags[@]}" \
      -o "$stage/$variant/softmax_$cols"
    "$gluonc" samples/layernorm.py -k layernorm_kernel -w "$warps" -D "$layout" \
      -s "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, $cols" \
      "${flags[@]}" -o "$stage/$variant/layernorm_$cols"
  done
  "$gluonc" samples/matmul_fma.py -k matmul_fma_kernel "${flags[@]}" \
    -s "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16" \
    -o "$stage/$variant/matmul_fma"
done
# The TMA copy benchmark's kernel: the sample's suggested configuration
# (8-byte elements, unswizzled 8 x 256 boxes: rows of 2 KiB).
unswizzled64="NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=64, rank=2)"
"$gluonc" samples/tma_copy.py -k tma_copy_kernel -w 1 \
  -s "tensordesc<u64[8, 256], $unswizzled64>, tensordesc<u64[8, 256], $unswizzled64>, 5, 2" \
  -o "$stage/bench/tma_copy"
# The GEMM benchmark's kernels: 128 x 256 tiles with K steps of 64, two
# warpgroups, a 3-deep ring (what fits in shared memory beside C's tile);
# matmul_ws adds its producer warp (and padding) to the two warpgroups.
for kind in matmul_wgmma matmul_persistent matmul_ws; do
  for dtype in fp16 bf16; do
    "$gluonc" samples/$kind.py -k matmul_kernel -w 8 \
      -s "tensordesc<$dtype[128, 64]>, tensordesc<$dtype[64, 256]>, tensordesc<$dtype[128, 256]>, 3, 8" \
      -o "$stage/bench/${kind}_$dtype"
  done
done
# samples/cmake-consumer, built against this build installed in a
# scratch prefix: a C++ program that launches vector_add through the
# launcher gluonc_add_kernels(... FATBIN LAUNCHER) writes. It finds
# libgluonrt beside itself ($ORIGIN).
prefix=$(mktemp -d)
cmake --install "$build" --prefix "$prefix" >/dev/null
cmake -S samples/cmake-consumer -B "$prefix/consumer" -G Ninja \
  -DCMAKE_PREFIX_PATH="$prefix" '-DCMAKE_BUILD_RPATH=$ORIGIN' >/dev/null
ninja -C "$prefix/consumer" >/dev/null
cp "$prefix/consumer/vector_add" "$stage/bin/gluonc-consumer-vector-add"
rm -rf "$prefix"
# The upstream conformance corpus's Hopper kernels, when the corpus is
# beside this checkout (gpu-run.sh --conformance-only runs them).
if [ -f ../shared/conformance/cases.py ]; then
  python3 tests/conformance/gpu_check.py compile ../shared/conformance \
    --gluonc "$gluonc" --out "$stage/conformance"
fi
echo "staged in $stage:"
find "$stage" -type f | sort
