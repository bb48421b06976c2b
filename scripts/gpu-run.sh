#!/usr/bin/env bash
# Runs the GPU checks (each also under compute-sanitizer memcheck and
# racecheck) and the benchmarks on a machine with an NVIDIA GPU, from a
# folder staged by scripts/gpu-stage.sh. Logs go to LOG_DIR.
#
#   scripts/gpu-run.sh [STAGE_DIR] [LOG_DIR] [--tests-only | --bench-only |
#                                             --conformance-only]
#                                   (defaults: .device .; --tests-only skips
#                                    the benchmarks, --bench-only the tests,
#                                    so that each fits one call of a time-
#                                    limited remote machine;
#                                    --conformance-only runs only the
#                                    upstream corpus's kernels against
#                                    Triton, when the stage has them)
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

# Each GPU test program runs plainly, then under compute-sanitizer's
# memcheck (out-of-bounds and misaligned device accesses, API errors),
# racecheck (shared-memory hazards between threads of a block) and
# synccheck (barriers used where not every thread reaches them). A tool's
# log is $logs/<test>.<tool>.log; $logs/sanitizer.txt has one line per run
# with the tool's summary, and any error or hazard fails the script.
sanitizer=$(command -v compute-sanitizer ||
            ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null || true)
: > "$logs/sanitizer.txt"
# SANITIZER_TOOLS (default "memcheck racecheck synccheck") picks the tools
# for one test.
run_gpu_test() {
  local name=$1
  shift
  "$@" 2>&1 | tee "$logs/$name.log" || status=1
  if [ -z "$sanitizer" ]; then
    echo "$name: compute-sanitizer not found, not checked" \
      | tee -a "$logs/sanitizer.txt"
    status=1
    return
  fi
  local tool rc summary attempt
  for tool in ${SANITIZER_TOOLS:-memcheck racecheck synccheck}; do
    # compute-sanitizer 2025.3.1 sometimes dies of SIGSEGV (exit 139, no
    # summary) when the program it runs is a shell script: the tool's
    # process or its injection into the shell, not gluon-run (the scripts
    # report a gluon-run crash as a FAIL and go on). On one H100 machine on
    # 2026-12-05, 5 of 6 runs of `compute-sanitizer --tool memcheck
    # tests/gpu/tma-copy-test.sh ...`, one within a second of starting,
    # and the fatbin and ws scripts too, while the C++ test programs, which
    # launch more kernels under the same tools there, never did; on
    # another machine 0 of 5 such runs and 0 of 30 short ones crashed. A
    # crash of the tool is retried (twice at most) and recorded as such; a
    # program's own crash under the tool prints the tool's summary.
    for attempt in 1 2 3; do
      GLUONC_GPU_SANITIZER=$tool timeout 900 "$sanitizer" --tool "$tool" \
        --error-exitcode 86 "$@" > "$logs/$name.$tool.log" 2>&1
      rc=$?
      summary=$(grep -E "(ERROR|RACECHECK) SUMMARY" "$logs/$name.$tool.log" \
                | tail -n 1 | sed 's/^=* *//')
      if [ "$rc" -ne 139 ] || [ -n "$summary" ] || [ "$attempt" -eq 3 ]; then
        break
      fi
      echo "$name $tool: compute-sanitizer crashed (exit 139, no summary); run again" \
        | tee -a "$logs/sanitizer.txt"
    done
    echo "$name $tool: exit $rc; ${summary:-no summary}" \
      | tee -a "$logs/sanitizer.txt"
    [ "$rc" -eq 0 ] || status=1
  done
}

if [ "${3:-}" = --conformance-only ]; then
  if [ ! -f "$stage/conformance/plan.json" ]; then
    echo "conformance: not staged (scripts/gpu-stage.sh stages it when ../shared/conformance exists)"
    exit 1
  fi
  echo "== the conformance corpus's Hopper kernels, gluonc's builds against Triton's"
  PYTHONUNBUFFERED=1 python3 tests/conformance/gpu_check.py run \
    "$stage/conformance" --gluon-run "$stage/bin/gluon-run" 2>&1 \
    | tee "$logs/conformance.log"
  exit "${PIPESTATUS[0]}"
fi

if [ "${3:-}" != --bench-only ]; then
  echo "== GPU sample tests"
  run_gpu_test gpu-tests "$stage/bin/gluonc-gpu-samples-test" \
    --vector-add "$kernels/vector_add/add_kernel.sm_90a.json" \
    --vector-add-div16 "$kernels/vector_add_div16/add_kernel.sm_90a.json" \
    --memcpy-2d "$kernels/memcpy_2d/memcpy_2d_kernel.sm_90a.json"

  echo "== GPU kernel tests (reductions, math, layout conversions)"
  run_gpu_test gpu-kernels "$stage/bin/gluonc-gpu-kernels-test" "$kernels"

  echo "== GPU scan tests (cumulative sums and maxima, associative_scan, permute/join/split/reshape)"
  run_gpu_test gpu-scan "$stage/bin/gluonc-gpu-scan-test" "$kernels"

  echo "== GPU shared memory tests (transpose through shared memory, descriptor views)"
  run_gpu_test gpu-shared-memory "$stage/bin/gluonc-gpu-shared-memory-test" \
    "$kernels"

  echo "== GPU atomics, device assertion and float8 conversion tests"
  run_gpu_test gpu-ops "$stage/bin/gluonc-gpu-ops-test" "$kernels"

  echo "== GPU inline assembly tests"
  run_gpu_test gpu-asm "$stage/bin/gluonc-gpu-asm-test" "$kernels"

  echo "== GPU TMA tensor descriptor tests (libgluonrt on hand-written PTX)"
  run_gpu_test gpu-tensordesc "$stage/bin/gluonc-gpu-tensordesc-test" "$kernels"

  echo "== GPU GEMM tests (samples/matmul_wgmma.py: TMA, mbarriers, wgmma)"
  run_gpu_test gpu-gemm "$stage/bin/gluonc-gpu-gemm-test" "$kernels"
  echo "== GPU Ampere tests (cp.async copies; samples/matmul_mma_v2.py: cp.async ring, mma_v2)"
  run_gpu_test gpu-ampere "$stage/bin/gluonc-gpu-ampere-test" "$kernels"
  echo "== GPU TMA copy tests (samples/tma_copy.py through gluon-run)"
  run_gpu_test gpu-tma-copy tests/gpu/tma-copy-test.sh "$stage/bin/gluon-run" \
    "$kernels" "$logs/tma_copy_work"
  rm -rf "$logs/tma_copy_work"
  echo "== GPU math tests (gl.extra.libdevice; warpgroup_mma accumulating in fp16)"
  run_gpu_test gpu-math tests/gpu/math-test.sh "$stage/bin/gluon-run" \
    "$kernels" "$logs/math_work"
  rm -rf "$logs/math_work"
  echo "== GPU copy tests (cp.async tracked by an mbarrier; TMA into a slice)"
  run_gpu_test gpu-copies tests/gpu/copies-test.sh "$stage/bin/gluon-run" \
    "$kernels" "$logs/copies_work"
  rm -rf "$logs/copies_work"
  echo "== GPU fat binary tests (an index of sm_80 and sm_90a cubins; sm_80's PTX compiled by the driver)"
  run_gpu_test gpu-fatbin tests/gpu/fatbin-test.sh "$stage/bin/gluon-run" \
    "$kernels" "$logs/fatbin_work"
  rm -rf "$logs/fatbin_work"
  echo "== A CMake project's program (samples/cmake-consumer: find_package(gluonc), a fatbin with a launcher)"
  run_gpu_test gpu-consumer "$stage/bin/gluonc-consumer-vector-add"
  echo "== GPU warp specialization tests (samples/ws_elementwise.py through gluon-run)"
  # Not under racecheck: it reports the mbarrier hand-off between tasks (a
  # task's barrier, then one thread arrives for the task; the other task
  # waits) as hazards between every other thread's accesses and the other
  # task's, and reports the same for Triton 3.6's build of the same sample
  # (bench/RESULTS.md, 2026-12-03). The warp-specialized GEMM (gpu-gemm) is
  # checked by all three tools.
  echo "gpu-ws racecheck: not run (reports the mbarrier hand-off of tasks, Triton's build too)" \
    | tee -a "$logs/sanitizer.txt"
  SANITIZER_TOOLS="memcheck synccheck" \
    run_gpu_test gpu-ws tests/gpu/ws-test.sh "$stage/bin/gluon-run" \
    "$kernels" "$logs/ws_work"
  rm -rf "$logs/ws_work"
  echo "== racecheck's negative control (the transpose without its barrier must race)"
  tests/gpu/racecheck-test.sh "$stage/bin/gluon-run" "$kernels" \
    "${sanitizer:-none}" "$logs/racecheck_control" 2>&1 \
    | tee "$logs/racecheck-control.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi

if [ "${3:-}" = --tests-only ]; then
  exit $status
fi

echo "== vector add benchmark"
PYTHONUNBUFFERED=1 python3 bench/vector_add_bench.py \
  --gluonc-json "$kernels/vector_add_div16/add_kernel.sm_90a.json" \
  --libgluonrt "$stage/bin/libgluonrt.so" --source samples/vector_add.py \
  --json "$logs/bench.json" 2>&1 | tee "$logs/bench.log" || status=1

echo "== TMA copy benchmark"
PYTHONUNBUFFERED=1 python3 bench/tma_copy_bench.py \
  --gluonc-json "$stage/bench/tma_copy/tma_copy_kernel.sm_90a.json" \
  --libgluonrt "$stage/bin/libgluonrt.so" --source samples/tma_copy.py \
  --dtype int64 --shape 8192x2048 \
  --grid balanced --json "$logs/tma_copy.json" 2>&1 | tee "$logs/tma_copy.log" || status=1

echo "== wgmma GEMM benchmark"
PYTHONUNBUFFERED=1 python3 bench/matmul_wgmma_bench.py \
  --kernels "$stage/bench" --libgluonrt "$stage/bin/libgluonrt.so" \
  --samples samples --json "$logs/gemm.json" --dump-dir "$stage/triton" \
  2>&1 | tee "$logs/gemm.log" \
  || status=1
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
# registers and shared memory of each, the SASS of the row kernels, of
# the FMA matmul and of the persistent and warp-specialized GEMMs.
if command -v cuobjdump >/dev/null; then
  for cubin in "$stage"/bench/*/*.cubin "$stage"/bench-untuned/*/*.cubin \
               "$stage"/triton/*.cubin; do
    echo "== $cubin"
    cuobjdump --dump-resource-usage "$cubin" | grep -E "REG|Function"
  done > "$logs/resources.txt" 2>&1
  for cubin in "$kernels/vector_add_div16/add_kernel.sm_90a.cubin" \
               "$stage"/bench/*_16384/*.cubin "$stage"/triton/*_16384.cubin \
               "$stage"/bench/matmul_fma/*.cubin \
               "$stage"/triton/triton_matmul_fma.cubin \
               "$stage"/bench/matmul_persistent_fp16/*.cubin \
               "$stage"/triton/triton_persistent_fp16.cubin \
               "$stage"/bench/matmul_ws_fp16/*.cubin \
               "$stage"/triton/triton_warp_specialized_fp16.cubin; do
    echo "== $cubin"
    cuobjdump --dump-sass "$cubin"
  done > "$logs/kernels.sass" 2>&1
  # The warp-specialized GEMM's register plan against what ptxas did.
  python3 bench/sass_registers.py "$stage"/bench/matmul_ws_*/*.json \
    "$stage"/triton/triton_warp_specialized_*.cubin \
    > "$logs/ws_registers.txt" 2>&1 || status=1
fi
exit $status
