#!/usr/bin/env bash
# Sets everything up, builds gluonc, compiles samples/vector_add.py for the
# H200 (sm_90a) and shows what came out.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup.sh
bash scripts/build.sh build

gluonc=build/tools/gluonc/gluonc
run() {
  local shown="\$" arg
  for arg in "$@"; do
    if [[ $arg =~ ^[A-Za-z0-9_./:=,-]+$ ]]; then shown+=" $arg"; else shown+=" '$arg'"; fi
  done
  echo "$shown"
  "$@"
}

run "$gluonc" samples/vector_add.py -k add_kernel \
  -s "*fp32:16, *fp32:16, *fp32:16, i32, 1024" --arch sm_90a -w 4 -o out/ -v
echo
echo "== out/add_kernel.sm_90a.json: how to launch the cubin"
cat out/add_kernel.sm_90a.json

# With n divisible by 16 (i32:16, as Triton's JIT assumes when it can), one
# mask bit covers four elements and each thread moves 16 bytes at a time.
echo
run "$gluonc" samples/vector_add.py -k add_kernel \
  -s "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024" --arch sm_90a -w 4 \
  -o out/div16 --emit ptx -v
echo "== global memory accesses in out/div16/add_kernel.sm_90a.ptx"
grep -E "ld.global|st.global" out/div16/add_kernel.sm_90a.ptx | sed 's/^[[:space:]]*/  /'
