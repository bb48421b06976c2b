# gl.dot_fma(a, b, acc): acc + a @ b on the CUDA cores. The operands are in
# the DotOperandLayouts of the accumulator's BlockedLayout; operands
# narrower than the accumulator are widened first (bf16 to fp32 by extf,
# int8 to int32 by sign extension). a and b must have one dtype, as in
# Triton. Each thread
# does one fused multiply-add per accumulator register and k: here 32 x 16
# by 4 warps of [2, 2] registers, so 4 registers x 8 k = 32 fma per thread.
# RUN: rm -rf %t
# RUN: %gluonc %s -k dot_f32 -s "*fp32:16, *fp32:16, *fp32:16" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=F32 --input-file %t/dot_f32.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=F32-PTX --input-file %t/dot_f32.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/dot_f32.sm_90a.ptx -o %t/dot_f32.cubin %}
# RUN: %gluonc %s -k dot_widened -s "*fp32:16, *fp32:16, *i8:16, *i8:16, *i32:16" --emit gluon-ir,ptx -o %t
# RUN: FileCheck %s --check-prefix=WIDE --input-file %t/dot_widened.sm_90a.gluon.mlir
# RUN: FileCheck %s --check-prefix=WIDE-PTX --input-file %t/dot_widened.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/dot_widened.sm_90a.ptx -o %t/dot_widened.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

ACC = gl.BlockedLayout([2, 2], [4, 8], [4, 1], [1, 0])
A = gl.DotOperandLayout(0, ACC, 0)
B = gl.DotOperandLayout(1, ACC, 0)


@gluon.jit
def load_tile(ptr, M: gl.constexpr, N: gl.constexpr, layout: gl.constexpr):
    rows = gl.arange(0, M, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, N, layout=gl.SliceLayout(0, layout))
    return gl.load(ptr + rows[:, None] * N + cols[None, :])


@gluon.jit
def store_tile(ptr, x, M: gl.constexpr, N: gl.constexpr, layout: gl.constexpr):
    rows = gl.arange(0, M, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, N, layout=gl.SliceLayout(0, layout))
    gl.store(ptr + rows[:, None] * N + cols[None, :], x)


# F32-DAG: #[[ACC:blocked[0-9]*]] = #gluon.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
# F32-DAG: #[[A:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 0, parent = #[[ACC]], kWidth = 0}>
# F32-DAG: #[[B:dot_op[0-9]*]] = #gluon.dot_op<{opIdx = 1, parent = #[[ACC]], kWidth = 0}>
# F32-LABEL: func.func @dot_f32
# F32: %[[ZERO:.*]] = gluon.splat %{{.*}} : f32 -> tensor<32x16xf32, #[[ACC]]>
# F32: gluon.dot_fma %{{.*}}, %{{.*}}, %[[ZERO]] : tensor<32x8xf32, #[[A]]>, tensor<8x16xf32, #[[B]]> -> tensor<32x16xf32, #[[ACC]]>
# F32-PTX-LABEL: .entry dot_f32
# F32-PTX-COUNT-32: fma.rn.f32
# F32-PTX-NOT: fma.rn.f32
# F32-PTX: ret;
@gluon.jit
def dot_f32(a_ptr, b_ptr, c_ptr):
    a = load_tile(a_ptr, 32, 8, A)
    b = load_tile(b_ptr, 8, 16, B)
    c = gl.dot_fma(a, b, gl.zeros([32, 16], gl.float32, ACC))
    store_tile(c_ptr, c, 32, 16, ACC)


# WIDE-LABEL: func.func @dot_widened
# WIDE: %[[AW:.*]] = arith.extf %{{.*}} : tensor<32x8xbf16, #{{.*}}> to tensor<32x8xf32,
# WIDE: gluon.dot_fma %[[AW]], %{{.*}}, %{{.*}} : tensor<32x8xf32, {{.*}}>, tensor<8x16xf32, {{.*}}> -> tensor<32x16xf32,
# WIDE: %[[IA:.*]] = arith.extsi %{{.*}} : tensor<32x8xi8, #{{.*}}> to tensor<32x8xi32,
# WIDE: %[[IB:.*]] = arith.extsi %{{.*}} : tensor<8x16xi8, #{{.*}}> to tensor<8x16xi32,
# WIDE: gluon.dot_fma %[[IA]], %[[IB]], %{{.*}} : tensor<32x8xi32, {{.*}}>, tensor<8x16xi32, {{.*}}> -> tensor<32x16xi32,
# The integer dot is a multiply and an add per step (LLVM multiplies the
# sign-extended bytes as 16-bit values).
# WIDE-PTX-LABEL: .entry dot_widened
# WIDE-PTX-COUNT-32: fma.rn.f32
# WIDE-PTX-COUNT-32: mul.wide.s16
@gluon.jit
def dot_widened(a_ptr, b_ptr, ia_ptr, ib_ptr, ic_ptr):
    a = load_tile(a_ptr, 32, 8, A)
    b = load_tile(b_ptr, 8, 16, B)
    c = gl.dot_fma(a.to(gl.bfloat16), b.to(gl.bfloat16), gl.zeros([32, 16], gl.float32, ACC))
    store_tile(b_ptr, c, 32, 16, ACC)
    ia = load_tile(ia_ptr, 32, 8, A)
    ib = load_tile(ib_ptr, 8, 16, B)
    ic = gl.dot_fma(ia, ib, gl.zeros([32, 16], gl.int32, ACC))
    store_tile(ic_ptr, ic, 32, 16, ACC)
