# Shared memory in the IR: allocations (with and without an initial value),
# loads and stores in any distributed layout, and the descriptor's views,
# each with the layout that keeps every element where its source has it.
# RUN: rm -rf %t
# RUN: %gluonc %s -k views -s "*fp32:16, i32" --emit gluon-ir -o %t
# RUN: FileCheck %s --input-file %t/views.sm_90a.gluon.mlir
# RUN: %gluonc %s -k layouts -s "*fp16:16" --emit gluon-ir -o %t 2>&1 | FileCheck %s --check-prefix=PRINT
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ROWS = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
COLS = gl.BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])


@gluon.jit
def tile(ptr, R: gl.constexpr, C: gl.constexpr, layout: gl.constexpr):
    rows = gl.arange(0, R, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, C, layout=gl.SliceLayout(0, layout))
    return ptr + rows[:, None] * C + cols[None, :]


# CHECK-DAG: #[[SWIZZLED:shared[0-9]*]] = #gluon.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
# CHECK-DAG: #[[TRANSPOSED:shared[0-9]*]] = #gluon.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>
# CHECK-DAG: #[[NVMMA:shared[0-9]*]] = #gluon.nvmma_shared<{swizzlingByteWidth = 128, elementBitWidth = 32, rank = 2, transposed = false}>
# CHECK-LABEL: func.func @views
@gluon.jit
def views(ptr, i):
    x = gl.load(tile(ptr, 32, 64, ROWS))
    # CHECK: %[[A:.*]] = gluon.local_alloc -> !gluon.memdesc<2x32x64xf32, #[[SWIZZLED]]>
    smem = gl.allocate_shared_memory(gl.float32, [2, 32, 64], gl.SwizzledSharedLayout(4, 1, 8, [1, 0]))
    # CHECK: %[[C1:.*]] = arith.constant 1 : i32
    # CHECK: %[[B1:.*]] = gluon.memdesc_index %[[A]][%[[C1]]] : !gluon.memdesc<2x32x64xf32, #[[SWIZZLED]]> -> !gluon.memdesc<32x64xf32, #[[SWIZZLED]]>
    # CHECK: gluon.local_store %{{.*}}, %[[B1]] : tensor<32x64xf32, #{{.*}}> -> !gluon.memdesc<32x64xf32, #[[SWIZZLED]]>
    smem.index(1).store(x)
    # A run-time index.
    # CHECK: %[[BI:.*]] = gluon.memdesc_index %[[A]][%arg1]
    b = smem.index(i)
    # CHECK: %[[HALF:.*]] = gluon.memdesc_subslice %[[BI]] [0, 32] : !gluon.memdesc<32x64xf32, #[[SWIZZLED]]> -> !gluon.memdesc<32x32xf32, #[[SWIZZLED]], 32x64>
    half = b.slice(32, 32, dim=1)
    # CHECK: %[[T:.*]] = gluon.memdesc_permute %[[HALF]] {order = array<i32: 1, 0>} : !gluon.memdesc<32x32xf32, #[[SWIZZLED]], 32x64> -> !gluon.memdesc<32x32xf32, #[[TRANSPOSED]], 64x32>
    # CHECK: gluon.local_load %[[T]] : !gluon.memdesc<32x32xf32, #[[TRANSPOSED]], 64x32> -> tensor<32x32xf32, #{{.*}}>
    y = half.permute([1, 0]).load(COLS)
    # CHECK: %[[R:.*]] = gluon.memdesc_reshape %[[A]] : !gluon.memdesc<2x32x64xf32, #[[SWIZZLED]]> -> !gluon.memdesc<64x64xf32, #[[SWIZZLED]]>
    # CHECK: gluon.local_load %[[R]] : !gluon.memdesc<64x64xf32, #[[SWIZZLED]]> -> tensor<64x64xf32, #{{.*}}>
    z = smem.reshape([64, 64]).load(ROWS)
    # CHECK: gluon.local_alloc %{{.*}} : tensor<32x64xf32, #{{.*}}> -> !gluon.memdesc<32x64xf32, #[[NVMMA]]>
    w = gl.allocate_shared_memory(gl.float32, [32, 64], gl.NVMMASharedLayout(128, 32), x)
    gl.store(tile(ptr, 32, 32, COLS), y)
    gl.store(tile(ptr, 64, 64, ROWS), z)
    gl.store(tile(ptr, 32, 64, COLS), w.load(COLS))


@gluon.jit
def layouts(ptr):
    # Spellings of one layout compare equal.
    gl.static_assert(gl.NVMMASharedLayout(128, 16) ==
                     gl.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2,
                                          transposed=False, fp4_padded=False, ctas_per_cga=[1, 1]))
    gl.static_assert(gl.NVMMASharedLayout.get_default_for([64, 64], gl.float16) ==
                     gl.NVMMASharedLayout(128, 16))
    gl.static_assert(gl.NVMMASharedLayout.get_default_for([64, 16], gl.float16) ==
                     gl.NVMMASharedLayout(32, 16))
    gl.static_assert(gl.NVMMASharedLayout.get_default_for([4, 64], gl.float16) ==
                     gl.NVMMASharedLayout(0, 16))
    gl.static_assert(gl.SwizzledSharedLayout(1, 1, 1, [1, 0]) ==
                     gl.SwizzledSharedLayout(vec=1, per_phase=1, max_phase=1, order=[1, 0], cga_layout=[]))
    gl.static_assert(gl.PaddedSharedLayout.with_identity_for([[32, 4]], [16, 32], [1, 0]) ==
                     gl.PaddedSharedLayout([[32, 4]], [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0],
                                                       [2, 0], [4, 0], [8, 0]], [], [16, 32]))
    gl.static_assert(gl.SwizzledSharedLayout(1, 1, 1, [1, 0]) != gl.SwizzledSharedLayout(1, 1, 1, [0, 1]))
    # PRINT: note: static_print: SharedLinearLayout(offset_bases={{\[\[}}0, 1], [0, 2], [1, 1], [2, 2]], block_bases=[], alignment=16)
    gl.static_print(gl.to_linear_layout(gl.SwizzledSharedLayout(1, 1, 4, [1, 0]), [4, 4]))
    # PRINT: note: static_print: DistributedLinearLayout(reg_bases={{\[\[}}0, 1], [0, 2]], lane_bases={{\[\[}}0, 4], [0, 0], [0, 0], [1, 0], [2, 0]], warp_bases={{\[\[}}4, 0], [0, 0]], block_bases=[], shape=[8, 8])
    gl.static_print(gl.to_linear_layout(ROWS, [8, 8]))
    smem = gl.allocate_shared_memory(gl.float16, [64, 64], gl.NVMMASharedLayout(128, 16))
    # PRINT: note: static_print: shared_memory_descriptor<fp16, [64, 64], NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2, transposed=False, fp4_padded=False), [64, 64]> (64, 64) fp16
    gl.static_print(smem.type, smem.shape, smem.dtype)
    rows: gl.constexpr = gl.distributed_type(gl.float16, [64, 64], gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0]))
    columns: gl.constexpr = gl.distributed_type(gl.float16, [64, 64], gl.BlockedLayout([8, 1], [8, 4], [1, 4], [0, 1]))
    # Lanes along rows of 128 bytes fill the banks; lanes down columns 0-3
    # read rows 0, 8, ..., 56, which the swizzle maps alike (r % 8 == 0): 8
    # words in each bank.
    # PRINT: note: static_print: 0 7
    gl.static_print(gl.bank_conflicts(rows, smem.type), gl.bank_conflicts(columns, smem.type))
