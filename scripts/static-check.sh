#!/usr/bin/env bash
# Builds the self-contained gluonc (-DGLUONC_STATIC_LLVM=ON) in STATIC_DIR
# and checks it: it needs no LLVM, MLIR or LLD library at run time, and it
# writes byte for byte the files the gluonc of REFERENCE_DIR writes for a
# sample on each backend (the cubin, the hsaco, the JSON and the PTX).
#
#   scripts/static-check.sh STATIC_DIR REFERENCE_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
static=${1:?usage: scripts/static-check.sh STATIC_DIR REFERENCE_DIR}
reference=${2:?usage: scripts/static-check.sh STATIC_DIR REFERENCE_DIR}
if [ ! -f "$static/build.ninja" ]; then
  cmake -S "$root" -B "$static" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DGLUONC_STATIC_LLVM=ON -DGLUONC_BUILD_TESTS=OFF >/dev/null
fi
ninja -C "$static" --quiet gluonc
gluonc=$static/tools/gluonc/gluonc
if ldd "$gluonc" | grep -E "libLLVM|libMLIR|liblld|libstdc\+\+"; then
  echo "static-check: $gluonc links the libraries above at run time" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
signature="*fp32:16, *fp32:16, *fp32:16, i32, 1024"
for binary in "$gluonc" "$reference/tools/gluonc/gluonc"; do
  out=$work/$(basename "$(dirname "$(dirname "$(dirname "$binary")")")")
  "$binary" "$root/samples/vector_add.py" -k add_kernel -s "$signature" \
    --emit ptx,cubin,json -o "$out/nvidia"
  "$binary" "$root/samples/vector_add.py" -k add_kernel -s "$signature" \
    -D WARP_SIZE=64 --arch gfx942 --emit amdgcn,hsaco,json -o "$out/amd"
done
diff -r "$work/$(basename "$static")" "$work/$(basename "$reference")"
echo "static-check: $gluonc ($(du -h "$gluonc" | cut -f1)) needs $(ldd "$gluonc" | wc -l) shared libraries, none of LLVM's, and writes the same files"
