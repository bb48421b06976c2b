# What the compiler knows about values inside run-time loops (AxisInfo on
# block arguments): the induction variable of `for k in range(0, K, 16)`
# is a multiple of 16, so a 16-byte-aligned row plus k plus a contiguous
# arange of 4 per thread is a 16-byte access. Each row load here is one
# ld.global.v4.b32 per thread and iteration. A step of 2 only gives 8-byte
# alignment (v2), and a value carried through the loop that stays a
# multiple of 16 (offset += 16) keeps v4, while one that does not
# (offset += 3) goes back to single elements.
# RUN: rm -rf %t
# RUN: %gluonc %s -k induction -s "*fp32:16, *fp32:16, i32:16, 16" --emit ptx -o %t/a
# RUN: FileCheck %s --check-prefix=STEP16 --input-file %t/a/induction.sm_90a.ptx
# RUN: %gluonc %s -k induction -s "*fp32:16, *fp32:16, i32:16, 2" --emit ptx -o %t/b
# RUN: FileCheck %s --check-prefix=STEP2 --input-file %t/b/induction.sm_90a.ptx
# RUN: %gluonc %s -k carried -s "*fp32:16, *fp32:16, i32:16, 16" --emit ptx -o %t/c
# RUN: FileCheck %s --check-prefix=STEP16 --input-file %t/c/carried.sm_90a.ptx
# RUN: %gluonc %s -k carried -s "*fp32:16, *fp32:16, i32:16, 3" --emit ptx -o %t/d
# RUN: FileCheck %s --check-prefix=STEP3 --input-file %t/d/carried.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/a/induction.sm_90a.ptx -o %t/a.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ROWS: gl.constexpr = gl.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])


@gluon.jit
def row_tile(ptr, start, stride):
    rows = gl.arange(0, 32, layout=gl.SliceLayout(1, ROWS))
    cols = start + gl.arange(0, 16, layout=gl.SliceLayout(0, ROWS))
    return gl.load(ptr + rows[:, None] * stride + cols[None, :])


# STEP16-NOT: ld.global.b32
# STEP16: ld.global.v4.b32
# STEP16-NOT: ld.global.b32
# STEP2-NOT: ld.global.v4
# STEP2: ld.global.v2.b32
# STEP3-NOT: ld.global.v
# STEP3: ld.global.b32
@gluon.jit
def induction(x_ptr, out_ptr, K, STEP: gl.constexpr):
    acc = gl.zeros([32, 16], gl.float32, ROWS)
    for k in range(0, K, STEP):
        acc += row_tile(x_ptr, k, K)
    row_tile_store(out_ptr, acc)


@gluon.jit
def carried(x_ptr, out_ptr, K, STEP: gl.constexpr):
    acc = gl.zeros([32, 16], gl.float32, ROWS)
    offset = 0
    for i in range(0, K):
        acc += row_tile(x_ptr, offset, K)
        offset += STEP
    row_tile_store(out_ptr, acc)


@gluon.jit
def row_tile_store(ptr, value):
    rows = gl.arange(0, 32, layout=gl.SliceLayout(1, ROWS))
    cols = gl.arange(0, 16, layout=gl.SliceLayout(0, ROWS))
    gl.store(ptr + rows[:, None] * 16 + cols[None, :], value)
