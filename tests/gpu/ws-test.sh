#!/usr/bin/env bash
# The warp-specialized elementwise sample (samples/ws_elementwise.py: a
# loader warp, the default warps computing, a storer warp, joined by
# mbarriers) on the GPU, through gluon-run: out = x * 0.5 + 1.0 over
# lengths that leave the last block partial, with 1, 37 and 132 persistent
# programs and rings of 1 and 2 buffers; the output must equal the CPU's
# bitwise (x * 0.5 is exact, so one rounding either way). Inputs are random
# floats; outputs start as 0xFF poison.
#
#   ws-test.sh GLUON_RUN KERNEL_DIR WORK_DIR
#
# WS_TEST_SIZES overrides the lengths. Exits 77 (skipped) when there is no
# CUDA device.
set -uo pipefail
run=$1
kernels=$2
work=$3
mkdir -p "$work"

# inputs N: N random floats in [-8, 8) and the expected output.
inputs() {
  python3 - "$work" "$1" <<'PY'
import random, struct, sys
work, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(n)
xs = [struct.unpack("f", struct.pack("f", rng.uniform(-8, 8)))[0]
      for _ in range(n)]
with open(f"{work}/x.{n}", "wb") as out:
    out.write(struct.pack(f"{n}f", *xs))
with open(f"{work}/y.{n}", "wb") as out:
    out.write(struct.pack(f"{n}f", *[x * 0.5 + 1.0 for x in xs]))
PY
}

json=$kernels/ws_elementwise_2/ws_elementwise_kernel.sm_90a.json
probe=$("$run" "$json" --grid 1 --arg x_ptr=zeros:f32:16 \
        --arg out_ptr=empty:f32:16 --arg n=16 --arg scale=1 --arg shift=0 2>&1)
if echo "$probe" | grep -q "no CUDA device"; then
  echo "skipped: $probe"
  exit 77
fi

passed=0
failed=0
for n in ${WS_TEST_SIZES:-1 1000 4097 1048579}; do
  inputs "$n"
  for buffers in 1 2; do
    json=$kernels/ws_elementwise_$buffers/ws_elementwise_kernel.sm_90a.json
    for grid in 1 37 132; do
      what="ws_elementwise n=$n, $buffers buffers, $grid programs"
      if output=$("$run" "$json" --grid "$grid" \
            --arg "x_ptr=file:$work/x.$n" --arg "out_ptr=empty:f32:$n" \
            --arg "n=$n" --arg scale=0.5 --arg shift=1.0 \
            --check "out_ptr=$work/y.$n" 2>&1) &&
         echo "$output" | grep -q ": OK$"; then
        echo "PASS $what"
        passed=$((passed + 1))
      else
        echo "FAIL $what"
        echo "$output" | sed 's/^/    /'
        failed=$((failed + 1))
      fi
    done
  done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
