#!/usr/bin/env bash
# Links the self-contained gluonc (the gluonc-static target: the build's own
# objects with LLVM, MLIR and LLD's static archives) in BUILD_DIR and checks
# it: it needs no LLVM, MLIR or LLD library at run time, and it writes byte
# for byte the files the build's gluonc writes for a sample on each backend
# (the cubin, the hsaco, the JSON and the PTX).
#
#   scripts/static-check.sh BUILD_DIR
#
# In a sanitized build the sanitizers' runtimes, and with them libstdc++,
# stay shared libraries (CMakeLists.txt says why); a plain build's
# gluonc-static needs glibc, zlib and zstd alone.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: scripts/static-check.sh BUILD_DIR}
ninja -C "$build" --quiet gluonc gluonc-static
static=$build/tools/gluonc/gluonc-static
shared=$build/tools/gluonc/gluonc
forbidden="libLLVM|libMLIR|liblld"
if ! grep -q "^GLUONC_SANITIZE:STRING=.\+" "$build/CMakeCache.txt"; then
  forbidden="$forbidden|libstdc\+\+"
fi
if ldd "$static" | grep -E "$forbidden"; then
  echo "static-check: $static links the libraries above at run time" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
signature="*fp32:16, *fp32:16, *fp32:16, i32, 1024"
for binary in "$static" "$shared"; do
  out=$work/$(basename "$binary")
  "$binary" "$root/samples/vector_add.py" -k add_kernel -s "$signature" \
    --emit ptx,cubin,json -o "$out/nvidia"
  "$binary" "$root/samples/vector_add.py" -k add_kernel -s "$signature" \
    -D WARP_SIZE=64 --arch gfx942 --emit amdgcn,hsaco,json -o "$out/amd"
done
diff -r "$work/gluonc-static" "$work/gluonc"
# Plugins: one that links nothing loads into gluonc-static and runs (what it
# calls, gluonc-static exports); one linked against libMLIR is refused.
plugins=$build/tests/support
if [ -f "$plugins/libgluonc-test-plugin.so" ]; then
  ninja -C "$build" --quiet gluonc-test-plugin gluonc-test-plugin-linked
  "$static" "$root/samples/transpose_shared.py" -k transpose_shared_kernel \
    -s "*fp32:16, *fp32:16, i32, i32, i32:16, i32:16" --emit gluon-ir \
    --load-pass-plugin "$plugins/libgluonc-test-plugin.so" \
    --insert-passes=after:verify=test-count-shared-accesses \
    --print-ir-after=verify -o "$work/plugin" 2> "$work/plugin.txt"
  grep -q "test.shared_accesses = 2" "$work/plugin.txt" || {
      echo "static-check: $static did not run the test plugin's pass" >&2
      exit 1
    }
  if "$static" "$root/samples/vector_add.py" -k add_kernel -s "$signature" \
       --load-pass-plugin "$plugins/libgluonc-test-plugin-linked.so" \
       -o "$work/refused" 2> "$work/refused.txt"; then
    echo "static-check: $static loaded a plugin linked against libMLIR" >&2
    exit 1
  fi
  grep -q "it needs libMLIR.so, but this gluonc has LLVM and MLIR linked in" \
    "$work/refused.txt"
fi
echo "static-check: $static ($(du -h "$static" | cut -f1)) needs $(ldd "$static" | wc -l) shared libraries, none of LLVM's, writes the same files and loads plugins"
