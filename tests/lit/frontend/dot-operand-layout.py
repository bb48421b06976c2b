# gl.DotOperandLayout with a BlockedLayout parent (the FMA dot's operands):
# each thread holds the whole K extent of the accumulator rows (operand 0)
# or columns (operand 1) it owns; the lanes and warps that split K in the
# parent hold copies. It is accepted by loads (through slices of it) and by
# convert_layout in both directions, and the PTX assembles.
# RUN: rm -rf %t
# RUN: %gluonc %s -k dot_operands -s "*fp32, *fp32, *fp32" --emit gluon-ir -o %t 2>&1 | FileCheck %s --check-prefix=PRINT
# RUN: FileCheck %s --input-file %t/dot_operands.sm_90a.gluon.mlir
# RUN: %gluonc %s -k dot_operands -s "*fp32:16, *fp32:16, *fp32:16" --emit ptx -o %t
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/dot_operands.sm_90a.ptx -o %t/dot_operands.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ACC = gl.BlockedLayout([1, 1], [8, 4], [4, 1], [1, 0])
A = gl.DotOperandLayout(0, ACC, 0)
B = gl.DotOperandLayout(operand_index=1, parent=ACC, k_width=0)


# CHECK-DAG: #[[ACC:blocked[0-9]*]] = #gluon.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
# CHECK-DAG: #[[A:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[ACC]], kWidth = 0}>
# CHECK-DAG: #[[B:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 1, parent = #[[ACC]], kWidth = 0}>
# CHECK-DAG: #[[BROWS:slice[0-9]*]] = #gluon.slice<{dim = 1, parent = #[[B]]}>
# CHECK-LABEL: func.func @dot_operands
@gluon.jit
def dot_operands(a_ptr, b_ptr, out):
    rows = gl.arange(0, 32, layout=gl.SliceLayout(1, ACC))
    ks = gl.arange(0, 8, layout=gl.SliceLayout(0, ACC))
    a = gl.load(a_ptr + rows[:, None] * 8 + ks[None, :])
    # CHECK: %[[AOP:.*]] = gluon.convert_layout %{{.*}} : tensor<32x8xf32, #[[ACC]]> -> tensor<32x8xf32, #[[A]]>
    a_op = gl.convert_layout(a, A)
    gl.static_print(A)
    # PRINT: note: static_print: DotOperandLayout(operand_index=0, parent=BlockedLayout(size_per_thread=[1, 1], threads_per_warp=[8, 4], warps_per_cta=[4, 1], order=[1, 0]), k_width=0)
    # CHECK: gluon.arange 0 to 8 : tensor<8xi32, #[[BROWS]]>
    kr = gl.arange(0, 8, layout=gl.SliceLayout(1, B))
    cols = gl.arange(0, 16, layout=gl.SliceLayout(0, B))
    # CHECK: gluon.load %{{.*}} : (tensor<8x16x!gluon.ptr<f32>, #[[B]]>) -> tensor<8x16xf32, #[[B]]>
    b_op = gl.load(b_ptr + kr[:, None] * 16 + cols[None, :])
    # CHECK: gluon.convert_layout %[[AOP]] : tensor<32x8xf32, #[[A]]> -> tensor<32x8xf32, #[[ACC]]>
    gl.store(out + rows[:, None] * 8 + ks[None, :], gl.convert_layout(a_op, ACC))
    gl.store(out + 256 + kr[:, None] * 16 + cols[None, :], b_op)
