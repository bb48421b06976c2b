#!/usr/bin/env bash
# Runs the GPU checks and the vector-add benchmark on a machine with an
# NVIDIA GPU, from a folder staged by scripts/gpu-stage.sh. Logs go to LOG_DIR.
#
#   scripts/gpu-run.sh [STAGE_DIR] [LOG_DIR]        (defaults: .device .)
set -uo pipefail
stage=${1:-.device}
logs=${2:-.}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mkdir -p "$logs"
kernels=$stage/kernels
status=0

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem \
  --format=csv 2>&1 | tee "$logs/device.txt"

echo "== GPU sample tests"
"$stage/bin/gluonc-gpu-samples-test" \
  --vector-add "$kernels/vector_add/add_kernel.sm_90a.json" \
  --vector-add-div16 "$kernels/vector_add_div16/add_kernel.sm_90a.json" \
  --memcpy-2d "$kernels/memcpy_2d/memcpy_2d_kernel.sm_90a.json" \
  2>&1 | tee "$logs/gpu-tests.log" || status=1

echo "== GPU kernel tests (reductions, math, layout conversions)"
"$stage/bin/gluonc-gpu-kernels-test" "$kernels" 2>&1 | tee "$logs/gpu-kernels.log" || status=1

echo "== GPU scan tests (cumulative sums and maxima, associative_scan, permute/join/split/reshape)"
"$stage/bin/gluonc-gpu-scan-test" "$kernels" 2>&1 | tee "$logs/gpu-scan.log" || status=1

echo "== GPU shared memory tests (transpose through shared memory, descriptor views)"
"$stage/bin/gluonc-gpu-shared-memory-test" "$kernels" 2>&1 \
  | tee "$logs/gpu-shared-memory.log" || status=1

echo "== GPU atomics, device assertion and float8 conversion tests"
"$stage/bin/gluonc-gpu-ops-test" "$kernels" 2>&1 \
  | tee "$logs/gpu-ops.log" || status=1

echo "== GPU inline assembly tests"
"$stage/bin/gluonc-gpu-asm-test" "$kernels" 2>&1 \
  | tee "$logs/gpu-asm.log" || status=1

echo "== vector add benchmark"
PYTHONUNBUFFERED=1 python3 bench/vector_add_bench.py \
  --gluonc-json "$kernels/vector_add_div16/add_kernel.sm_90a.json" \
  --libgluonrt "$stage/bin/libgluonrt.so" --source samples/vector_add.py \
  --json "$logs/bench.json" 2>&1 | tee "$logs/bench.log" || status=1

echo "== softmax and layer norm benchmark"
PYTHONUNBUFFERED=1 python3 bench/rows_bench.py --kernels "$stage/bench" \
  --untuned-kernels "$stage/bench-untuned" \
  --libgluonrt "$stage/bin/libgluonrt.so" --samples samples \
  --json "$logs/rows.json" --dump-dir "$stage/triton" 2>&1 \
  | tee "$logs/rows.log" || status=1

echo "== FMA matmul benchmark"
PYTHONUNBUFFERED=1 python3 bench/matmul_fma_bench.py \
  --gluonc "$stage/bench/matmul_fma/matmul_fma_kernel.sm_90a.json" \
  --untuned "$stage/bench-untuned/matmul_fma/matmul_fma_kernel.sm_90a.json" \
  --libgluonrt "$stage/bin/libgluonrt.so" --source samples/matmul_fma.py \
  --json "$logs/matmul.json" --dump-dir "$stage/triton" 2>&1 | tee "$logs/matmul.log" || status=1

# What the benchmarked kernels became, gluonc's and Triton's side by side:
# registers and shared memory of each, the SASS of the row kernels and of
# the FMA matmul.
if command -v cuobjdump >/dev/null; then
  for cubin in "$stage"/bench/*/*.cubin "$stage"/bench-untuned/*/*.cubin \
               "$stage"/triton/*.cubin; do
    echo "== $cubin"
    cuobjdump --dump-resource-usage "$cubin" | grep -E "REG|Function"
  done > "$logs/resources.txt" 2>&1
  for cubin in "$kernels/vector_add_div16/add_kernel.sm_90a.cubin" \
               "$stage"/bench/*_16384/*.cubin "$stage"/triton/*_16384.cubin \
               "$stage"/bench/matmul_fma/*.cubin \
               "$stage"/triton/triton_matmul_fma.cubin; do
    echo "== $cubin"
    cuobjdump --dump-sass "$cubin"
  done > "$logs/kernels.sass" 2>&1
fi
exit $status
