#!/usr/bin/env bash
# The TMA copy's configurations, measured against Triton and the device copy
# in one run: block shape, ring depth, stores in flight and grid.
#
#   bench/tma_copy_sweep.sh stage GLUONC STAGE_DIR      (where gluonc runs)
#   bench/tma_copy_sweep.sh run STAGE_DIR LOG_DIR       (on the GPU machine)
#
# `stage` compiles samples/tma_copy.py once per configuration into
# STAGE_DIR/tma_copy_sweep/<block>_<buffers>_<stores>; `run` runs
# bench/tma_copy_bench.py on each with every grid choice and prints one
# line per run (the full tables are in LOG_DIR/tma_copy_sweep.log).
# TMA_COPY_CONFIGS ("rows cols buffers stores;...") and TMA_COPY_GRIDS
# ("sms balanced 264", bench/tma_copy_bench.py's --grid values) replace
# the lists below.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# block rows x cols (fp16), buffers, stores in flight
configs=(
  "128 64 5 2" "128 64 5 3" "128 64 6 2" "128 64 6 3" "128 64 6 4"
  "128 64 7 3" "128 64 7 4" "128 64 10 5"
  "64 64 12 6" "64 64 10 5" "128 32 12 6"
)
grids=(sms balanced)
if [ -n "${TMA_COPY_CONFIGS:-}" ]; then
  IFS=';' read -r -a configs <<<"$TMA_COPY_CONFIGS"
fi
if [ -n "${TMA_COPY_GRIDS:-}" ]; then
  read -r -a grids <<<"$TMA_COPY_GRIDS"
fi

case ${1:-} in
stage)
  gluonc=$2
  out=$3/tma_copy_sweep
  for config in "${configs[@]}"; do
    read -r rows cols buffers stores <<<"$config"
    "$gluonc" samples/tma_copy.py -k tma_copy_kernel -w 1 \
      -s "tensordesc<fp16[$rows, $cols]>, tensordesc<fp16[$rows, $cols]>, $buffers, $stores" \
      -o "$out/${rows}x${cols}_${buffers}_${stores}"
  done
  ;;
run)
  stage=$2
  logs=$3
  mkdir -p "$logs"
  : > "$logs/tma_copy_sweep.log"
  for dir in "$stage"/tma_copy_sweep/*/; do
    for grid in "${grids[@]}"; do
      name=$(basename "$dir")
      echo "== $name grid=$grid" >>"$logs/tma_copy_sweep.log"
      python3 bench/tma_copy_bench.py \
        --gluonc-json "$dir/tma_copy_kernel.sm_90a.json" \
        --libgluonrt "$stage/bin/libgluonrt.so" --source samples/tma_copy.py \
        --grid "$grid" >>"$logs/tma_copy_sweep.log" 2>&1 || echo "$name: failed"
      awk -v n="$name" -v g="$grid" '
        /grid [0-9]+;/ { match($0, /grid [0-9]+/); grid = substr($0, RSTART + 5, RLENGTH - 5) }
        /^gluonc / { printf "%-16s %-9s grid %4s  gluonc %s us  %s of copy  %s of Triton\n", n, g, grid, $2, $5, $6 }
      ' <(sed -n "/^== $name grid=$grid\$/,\$p" "$logs/tma_copy_sweep.log")
    done
  done
  ;;
*)
  echo "usage: $0 stage GLUONC STAGE_DIR | run STAGE_DIR LOG_DIR" >&2
  exit 2
  ;;
esac
