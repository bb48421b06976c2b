# gl.DistributedLinearLayout: a layout given by its bases, accepted wherever
# a distributed layout goes (arange, full, load results, slices of it,
# convert_layout). Spelling a BlockedLayout's own bases gives the same
# linear layout, so converting between the two spellings is free: no
# shuffles, no shared memory, and assert_trivial=True holds.
# RUN: rm -rf %t
# RUN: %gluonc %s -k spellings -s "*fp32, *fp32" --emit gluon-ir -o %t 2>&1 | FileCheck %s --check-prefix=PRINT
# RUN: FileCheck %s --input-file %t/spellings.sm_90a.gluon.mlir
# RUN: %gluonc %s -k spellings -s "*fp32:16, *fp32:16" --emit ptx -o %t
# RUN: FileCheck %s --check-prefix=PTX --input-file %t/spellings.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/spellings.sm_90a.ptx -o %t/spellings.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

BLOCKED = gl.BlockedLayout([2, 4], [16, 2], [2, 2], [1, 0])
# BLOCKED over 64x16, bit by bit: registers step along the columns and then
# one row, lanes take four columns and then rows, warps halve both.
LINEAR = gl.DistributedLinearLayout(
    reg_bases=[[0, 1], [0, 2], [1, 0]],
    lane_bases=[[0, 4], [2, 0], [4, 0], [8, 0], [16, 0]],
    warp_bases=[[0, 8], [32, 0]], block_bases=[], shape=[64, 16])
# Positional arguments; a thread's second register is 128 elements on.
STRIDED = gl.DistributedLinearLayout([[128]], [[1], [2], [4], [8], [16]],
                                     [[32], [64]], [], [256])


# CHECK-DAG: #[[BLOCKED:blocked[0-9]*]] = #gluon.blocked<{sizePerThread = [2, 4], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]}>
# CHECK-DAG: #[[LINEAR:linear[0-9]*]] = #gluon.linear<{register = {{\[\[}}0, 1], [0, 2], [1, 0]], lane = {{\[\[}}0, 4], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}0, 8], [32, 0]], block = [], shape = [64, 16]}>
# CHECK-DAG: #[[STRIDED:linear[0-9]*]] = #gluon.linear<{register = {{\[\[}}128]], lane = {{\[\[}}1], [2], [4], [8], [16]], warp = {{\[\[}}32], [64]], block = [], shape = [256]}>
# CHECK-DAG: #[[ROWS:slice[0-9]*]] = #gluon.slice<{dim = 1, parent = #[[LINEAR]]}>
# CHECK-DAG: #[[COLS:slice[0-9]*]] = #gluon.slice<{dim = 0, parent = #[[LINEAR]]}>
# CHECK-LABEL: func.func @spellings
@gluon.jit
def spellings(src, dst):
    # CHECK: gluon.arange 0 to 64 : tensor<64xi32, #[[ROWS]]>
    rows = gl.arange(0, 64, layout=gl.SliceLayout(1, LINEAR))
    # CHECK: gluon.arange 0 to 16 : tensor<16xi32, #[[COLS]]>
    cols = gl.arange(0, 16, layout=gl.SliceLayout(0, LINEAR))
    offs = rows[:, None] * 16 + cols[None, :]
    # CHECK: %[[X:.*]] = gluon.load %{{.*}} : (tensor<64x16x!gluon.ptr<f32>, #[[LINEAR]]>) -> tensor<64x16xf32, #[[LINEAR]]>
    x = gl.load(src + offs)
    gl.static_print(x.type.layout)
    # PRINT: note: static_print: DistributedLinearLayout(reg_bases={{\[\[}}0, 1], [0, 2], [1, 0]], lane_bases={{\[\[}}0, 4], [2, 0], [4, 0], [8, 0], [16, 0]], warp_bases={{\[\[}}0, 8], [32, 0]], block_bases=[], shape=[64, 16])
    # Two spellings of one layout: to_linear_layout of the blocked one is
    # the very same value.
    gl.static_assert(gl.to_linear_layout(BLOCKED, [64, 16]) == LINEAR)
    # CHECK: %[[Y:.*]] = gluon.convert_layout %[[X]] : tensor<64x16xf32, #[[LINEAR]]> -> tensor<64x16xf32, #[[BLOCKED]]>
    y = gl.convert_layout(x, BLOCKED, assert_trivial=True)
    # CHECK: gluon.splat %{{.*}} : f32 -> tensor<64x16xf32, #[[LINEAR]]>
    one = gl.full([64, 16], 1.0, gl.float32, LINEAR)
    # CHECK: gluon.convert_layout %[[Y]] : tensor<64x16xf32, #[[BLOCKED]]> -> tensor<64x16xf32, #[[LINEAR]]>
    gl.store(dst + offs, gl.convert_layout(y, LINEAR) + one)
    # CHECK: gluon.arange 0 to 256 : tensor<256xi32, #[[STRIDED]]>
    i = gl.arange(0, 256, layout=STRIDED)
    # CHECK: gluon.load %{{.*}} : (tensor<256x!gluon.ptr<f32>, #[[STRIDED]]>) -> tensor<256xf32, #[[STRIDED]]>
    gl.store(dst + 1024 + i, gl.load(src + 1024 + i))

# The conversions cost nothing: each thread loads and stores its own
# 4-element rows; the strided layout's two registers are 128 floats apart.
# PTX-NOT: bar.sync
# PTX-NOT: shfl
# PTX: ld.global.v4.b32
# PTX: ld.global.v4.b32 {{.*}}+64]
# PTX: st.global.v4.b32
# PTX: st.global.v4.b32 {{.*}}+64]
# PTX: ld.global.b32 {{.*}}+4096]
# PTX: ld.global.b32 {{.*}}+4608]
# PTX-NOT: bar.sync
# PTX-NOT: shfl
