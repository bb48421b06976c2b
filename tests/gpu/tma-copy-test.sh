#!/usr/bin/env bash
# The TMA copy sample (samples/tma_copy.py) on the GPU, through gluon-run:
# each compiled variant copies tensors of odd shapes (edge blocks partly out
# of bounds: TMA reads zeros there and writes nothing), a row-padded input
# (strides), and 1, 37 and 132 persistent programs (uneven block counts per
# program); the output must equal the input bitwise. Inputs are random
# bytes; outputs start as 0xFF poison.
#
#   tma-copy-test.sh GLUON_RUN KERNEL_DIR WORK_DIR
#
# Exits 77 (skipped) when there is no CUDA device.
set -uo pipefail
run=$1
kernels=$2
work=$3
mkdir -p "$work"

# NAME DTYPE BYTES-PER-ELEMENT
variants="tma_copy_fp16 f16 2
tma_copy_bf16 bf16 2
tma_copy_fp32 f32 4
tma_copy_i8 i8 1
tma_copy_u64 u64 8"

# random_file PATH BYTES [ROWS COLS STRIDE ELEMENT_BYTES COMPACT_PATH]: random
# bytes; with the rest, also the rows x cols elements of a row-padded
# buffer, compacted.
random_file() {
  python3 - "$@" <<'PY'
import random, sys
path, size = sys.argv[1], int(sys.argv[2])
rng = random.Random(size)
data = rng.randbytes(size)
open(path, "wb").write(data)
if len(sys.argv) > 3:
    rows, cols, stride, elem = map(int, sys.argv[3:7])
    with open(sys.argv[7], "wb") as out:
        for r in range(rows):
            out.write(data[r * stride * elem:(r * stride + cols) * elem])
PY
}

probe=$("$run" "$kernels/tma_copy_fp16/tma_copy_kernel.sm_90a.json" \
        --grid 1 --arg in_desc=zeros:f16:8x8 --arg out_desc=empty:f16:8x8 2>&1)
if echo "$probe" | grep -q "no CUDA device"; then
  echo "skipped: $probe"
  exit 77
fi

passed=0
failed=0
check() {
  local what=$1
  shift
  if output=$("$run" "$@" 2>&1) && echo "$output" | grep -q ": OK$"; then
    echo "PASS $what"
    passed=$((passed + 1))
  else
    echo "FAIL $what"
    echo "$output" | sed 's/^/    /'
    failed=$((failed + 1))
  fi
}

while read -r name dtype bytes; do
  json=$kernels/$name/tma_copy_kernel.sm_90a.json
  # Rows of every shape are whole 16-byte units, as TMA requires of strides.
  for shape in 1000x1008 777x528 8x16 4096x4096; do
    rows=${shape%x*}
    cols=${shape#*x}
    input=$work/$name.$shape.in
    random_file "$input" $((rows * cols * bytes))
    for grid in 1 37 132; do
      check "$name $shape, $grid programs" "$json" --grid "$grid" \
        --arg "in_desc=file:$dtype:$shape:$input" \
        --arg "out_desc=empty:$dtype:$shape" --check "out_desc=$input"
    done
  done
  # A row-padded input: 1000 x 1008 elements in rows of 1040.
  padded=$work/$name.padded.in
  compact=$work/$name.padded.expected
  random_file "$padded" $(((999 * 1040 + 1008) * bytes)) 1000 1008 1040 \
    "$bytes" "$compact"
  check "$name 1000x1008 in rows of 1040" "$json" --grid 37 \
    --arg "in_desc=file:$dtype:1000x1008:strides=1040x1:$padded" \
    --arg "out_desc=empty:$dtype:1000x1008" --check "out_desc=$compact"
done <<< "$variants"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
