#!/usr/bin/env bash
# Fat binaries on the GPU, through their index and gluon-run: the 2-D copy
# (samples/memcpy_2d.py) built for sm_80 and sm_90a runs sm_90a's cubin on
# an H200, and built for sm_80 alone runs the fat binary's sm_80 PTX, which
# the driver compiles for the device. The output must equal the input
# bitwise; gluon-run prints the arch it ran.
#
#   fatbin-test.sh GLUON_RUN KERNEL_DIR WORK_DIR
#
# Exits 77 (skipped) when there is no CUDA device.
set -uo pipefail
run=$1
kernels=$2
work=$3
mkdir -p "$work"

rows=1000
cols=1008
input=$work/input.f32
python3 -c "
import random, sys
open(sys.argv[1], 'wb').write(random.Random(7).randbytes($rows * $cols * 4))
" "$input"

passed=0
failed=0
# check WHAT INDEX ARCH: runs the copy from INDEX; ARCH must be the one run.
check() {
  local what=$1 index=$2 arch=$3 output
  output=$("$run" "$index" --grid "$(( (rows + 31) / 32 )),$(( (cols + 127) / 128 ))" \
           --arg "in_ptr=file:$input" --arg "out_ptr=empty:f32:$((rows * cols))" \
           --arg M=$rows --arg N=$cols --arg stride_in=$cols \
           --arg stride_out=$cols --check "out_ptr=$input" 2>&1)
  if echo "$output" | grep -q "no device available"; then
    echo "skipped: $output"
    exit 77
  fi
  if echo "$output" | grep -q "^memcpy_2d_kernel \[$arch\] on" &&
     echo "$output" | grep -q ": OK$"; then
    echo "PASS $what"
    passed=$((passed + 1))
  else
    echo "FAIL $what (expected $arch)"
    echo "$output" | sed 's/^/    /'
    failed=$((failed + 1))
  fi
}

check "sm_80 + sm_90a fat binary: the device's cubin" \
  "$kernels/fatbin_memcpy_2d/memcpy_2d_kernel.index.json" sm_90a
check "sm_80 fat binary: its PTX compiled by the driver" \
  "$kernels/fatbin_ptx_memcpy_2d/memcpy_2d_kernel.index.json" sm_80

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
