# Warpgroup MMA mistakes (frontend/builtins/nvidia/WarpgroupMma.cpp), each
# reported at the kernel's source: a target without wgmma (only sm_90a has
# it), operands and accumulators wgmma cannot take (the verifier's own
# plan, at the call; an `a` in registers must be in the accumulator's
# DotOperandLayout with k_width 32 / element bits, and
# dot-operand-layout.py has the DotOperandLayouts wgmma has no registers
# for), the arguments gluonc does not have yet, a use_acc
# that is not a boolean, and a wait's num_outstanding or deps out of range.
# A warpgroup MMA reads its operands through the async proxy: threads'
# stores to them need fence_async_shared() first (an error where certain,
# a warning where only some path stores, as for TMA stores; see
# fence-async-shared.py).
# RUN: rm -rf %t
#
# Targets without wgmma: sm_90 (no "a"), Blackwell, Ampere.
# RUN: %expect-exit 1 %gluonc %s -k mma -s "*fp32" --arch sm_90 -o %t 2>&1 | FileCheck %s --check-prefix=SM90 --strict-whitespace
# RUN: %expect-exit 1 %gluonc %s -k mma -s "*fp32" --arch sm_100a -o %t 2>&1 | FileCheck %s --check-prefix=SM100
# RUN: %expect-exit 1 %gluonc %s -k mma -s "*fp32" --arch sm_80 -o %t 2>&1 | FileCheck %s --check-prefix=SM80
# RUN: %expect-exit 1 %gluonc %s -k wait_only -s "*fp32" --arch sm_90 -o %t 2>&1 | FileCheck %s --check-prefix=WAIT90
#
# Operands and accumulators.
# RUN: %expect-exit 1 %gluonc %s -k instr_k -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INSTRK
# RUN: %expect-exit 1 %gluonc %s -k instr_n -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=INSTRN
# RUN: %expect-exit 1 %gluonc %s -k acc_blocked -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ACCLAYOUT
# RUN: %expect-exit 1 %gluonc %s -k acc_f16 -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ACCF16
# RUN: %expect-exit 1 %gluonc %s -k b_tensor -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BTENSOR
# RUN: %expect-exit 1 %gluonc %s -k a_tensor -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=ATENSOR
# RUN: %expect-exit 1 %gluonc %s -k a_k_width -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=AKWIDTH
# RUN: %expect-exit 1 %gluonc %s -k a_k_width_fp8 -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=AKWIDTHFP8
# RUN: %expect-exit 1 %gluonc %s -k a_other_parent -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=APARENT
# RUN: %expect-exit 1 %gluonc %s -k a_int -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=AINT
# RUN: %expect-exit 1 %gluonc %s -k dtypes -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=DTYPES
# RUN: %expect-exit 1 %gluonc %s -k shapes -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=SHAPES
# RUN: %expect-exit 1 %gluonc %s -k b_swizzled -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=BSWIZZLED
# RUN: %expect-exit 1 %gluonc %s -k tf32_n_major -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=TF32
#
# Arguments.
# RUN: %expect-exit 1 %gluonc %s -k imprecise -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=IMPRECISE
# RUN: %expect-exit 1 %gluonc %s -k precision -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PRECISION
# RUN: %expect-exit 1 %gluonc %s -k precision_int -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=PRECISIONINT
# RUN: %expect-exit 1 %gluonc %s -k use_acc_int -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=USEACCINT
# RUN: %expect-exit 1 %gluonc %s -k use_acc_tensor -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=USEACCTENSOR
# RUN: %expect-exit 1 %gluonc %s -k outstanding -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=OUTSTANDING
# RUN: %expect-exit 1 %gluonc %s -k outstanding_negative -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=NEGATIVE
# RUN: %expect-exit 1 %gluonc %s -k outstanding_runtime -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=RUNTIME
# RUN: %expect-exit 1 %gluonc %s -k deps_scalar -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=DEPSINT
# RUN: %expect-exit 1 %gluonc %s -k deps_runtime_scalar -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=DEPSSCALAR
# RUN: %expect-exit 1 %gluonc %s -k deps_not_sequence -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=DEPSTENSOR
# RUN: test ! -e %t
#
# fence_async_shared() before a warpgroup MMA reads what threads stored.
# RUN: %expect-exit 1 %gluonc %s -k unfenced -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=UNFENCED
# RUN: %expect-exit 1 %gluonc %s -k unfenced_alloc -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=UNFENCEDALLOC
# RUN: %expect-exit 1 %gluonc %s -k unfenced_permuted -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=UNFENCEDPERMUTED
# RUN: test ! -e %t
# RUN: %gluonc %s -k loop_carried -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: %gluonc %s -k one_branch -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=BRANCH
# RUN: %gluonc %s -k fenced -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k fenced_in_loop -s "*fp32, i32" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k other_buffer -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k mma -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
# RUN: %gluonc %s -k a_registers -s "*fp32" -o %t 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared, warpgroup_mma, warpgroup_mma_init, warpgroup_mma_wait)

ACC = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 16])
SMEM = gl.NVMMASharedLayout(128, 16)
ROWS = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])

# QUIET-NOT: {{error|warning}}


@gluon.jit
def store(out_ptr, acc):
    rows = gl.arange(0, 64, layout=gl.SliceLayout(1, ROWS))
    cols = gl.arange(0, 64, layout=gl.SliceLayout(0, ROWS))
    gl.store(out_ptr + rows[:, None] * 64 + cols[None, :], gl.convert_layout(acc, ROWS))


# Right on sm_90a (QUIET above).
@gluon.jit
def mma(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, warpgroup_mma_init(gl.zeros([64, 64], gl.float32, ACC)), is_async=True)
    # SM90: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma needs wgmma, which only sm_90a has (not sm_90: wgmma is an architecture-specific feature of Hopper)
    # SM90-NEXT: {{^}}    acc = warpgroup_mma(a, b, warpgroup_mma_init(gl.zeros([64, 64], gl.float32, ACC)), is_async=True){{$}}
    # SM90-NEXT: {{^}}          ^{{$}}
    # SM100: wgmma.py:[[@LINE-4]]:11: error: warpgroup_mma needs wgmma, which only sm_90a has (not sm_100a: wgmma is an architecture-specific feature of Hopper)
    # SM80: wgmma.py:[[@LINE-5]]:11: error: warpgroup_mma needs wgmma, which only sm_90a has (not sm_80: wgmma is an architecture-specific feature of Hopper)
    acc = warpgroup_mma_wait(0, deps=[acc, a, b])[0]
    store(out_ptr, acc)


@gluon.jit
def wait_only(out_ptr):
    warpgroup_mma_wait(0)
    # WAIT90: wgmma.py:[[@LINE-1]]:5: error: warpgroup_mma_wait needs wgmma, which only sm_90a has (not sm_90: wgmma is an architecture-specific feature of Hopper)


@gluon.jit
def instr_k(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 32])
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, layout))
    # INSTRK: wgmma.py:[[@LINE-1]]:11: error: wgmma's k (instr_shape[2]) is 256 / 16 = 16 for 16-bit operands, got 32


@gluon.jit
def instr_n(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 128, 16])
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, layout))
    # INSTRN: wgmma.py:[[@LINE-1]]:11: error: the accumulator [64, 64] is not a whole number of the layout's 64 x 128 tiles (16 rows per warp along M, instr_shape[1] columns per warp along N)


@gluon.jit
def acc_blocked(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ROWS))
    # ACCLAYOUT: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's accumulator must be a 2-D tensor in an NVMMADistributedLayout of version [3, 0], got tensor<64x64xf32, #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>


@gluon.jit
def acc_f16(out_ptr):
    a = gl.allocate_shared_memory(gl.bfloat16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.bfloat16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float16, ACC))
    # ACCF16: wgmma.py:[[@LINE-1]]:11: error: wgmma accumulates bf16 operands in fp32 only, got an fp16 accumulator


@gluon.jit
def b_tensor(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.zeros([64, 64], gl.float16, ROWS)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # BTENSOR: wgmma.py:[[@LINE-1]]:28: error: warpgroup_mma's `b` must be a shared memory descriptor, got tensor tensor<64x64xfp16>


@gluon.jit
def a_tensor(out_ptr):
    a = gl.zeros([64, 64], gl.float16, ROWS)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # `a` in registers must be in the accumulator's dot operand layout: a
    # blocked tensor is refused.
    # ATENSOR: wgmma.py:[[@LINE-3]]:11: error: warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<64x64xf16, #gluon.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>
    # ATENSOR-NEXT: {{^}}    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC)){{$}}
    # ATENSOR-NEXT: {{^}}          ^{{$}}


# A DotOperandLayout that exists, but with the k_width of 8-bit operands:
# fp16 takes 2 (one 32-bit register of two elements).
@gluon.jit
def a_k_width(out_ptr):
    a_smem = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    a = a_smem.load(gl.DotOperandLayout(operand_index=0, parent=ACC, k_width=4))
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # AKWIDTH: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<64x64xf16, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 4}>>


# And fp8 takes 4, not fp16's 2.
@gluon.jit
def a_k_width_fp8(out_ptr):
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 32])
    a_smem = gl.allocate_shared_memory(gl.float8e4nv, [64, 128], gl.NVMMASharedLayout(128, 8))
    bt = gl.allocate_shared_memory(gl.float8e4nv, [64, 128], gl.NVMMASharedLayout(128, 8))
    a = a_smem.load(gl.DotOperandLayout(0, layout, 2))
    acc = warpgroup_mma(a, bt.permute((1, 0)), gl.zeros([64, 64], gl.float32, layout))
    # AKWIDTHFP8: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=4), got tensor<64x128xf8E4M3FN, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>, kWidth = 2}>>


# The parent is the accumulator's own layout, not another wgmma layout.
@gluon.jit
def a_other_parent(out_ptr):
    other: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 32, 16])
    a_smem = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    a = a_smem.load(gl.DotOperandLayout(0, other, 2))
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # APARENT: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's `a` in registers must be in DotOperandLayout(operand_index=0, parent=<the accumulator's layout>, k_width=2), got tensor<64x64xf16, #gluon.dot_op<{opIdx = 0, parent = #gluon.nvidia_mma<{version = [3, 0], warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>, kWidth = 2}>>


# Right (QUIET above): `a` in registers, loaded from a buffer the threads
# stored. The MMA reads only B through the async proxy, so A's buffer needs
# no fence_async_shared().
@gluon.jit
def a_registers(out_ptr):
    a_smem = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    a_smem.store(gl.full([64, 64], 1.0, gl.float16, ROWS))
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    a = a_smem.load(gl.DotOperandLayout(operand_index=0, parent=ACC, k_width=2))
    acc = warpgroup_mma(a, b, warpgroup_mma_init(gl.zeros([64, 64], gl.float32, ACC)), is_async=True)
    acc = warpgroup_mma_wait(0, deps=[acc, b])[0]
    store(out_ptr, acc)


@gluon.jit
def a_int(out_ptr):
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(3, b, gl.zeros([64, 64], gl.float32, ACC))
    # AINT: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's `a` must be a tensor or a shared memory descriptor, got i32


@gluon.jit
def dtypes(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.bfloat16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # DTYPES: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's operands have different element types: f16 and bf16


@gluon.jit
def shapes(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 128], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # SHAPES: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's shapes do not match: a !gluon.memdesc<64x128xf16, {{.*}}>, b !gluon.memdesc<64x64xf16, {{.*}}>, accumulator tensor<64x64xf32, {{.*}}>


@gluon.jit
def b_swizzled(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], gl.SwizzledSharedLayout(8, 1, 8, [1, 0]))
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # BSWIZZLED: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's `b` must be in an NVMMASharedLayout, got !gluon.memdesc<64x64xf16, #gluon.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>>


# fp32 operands are tf32, which wgmma reads K-major only: B [K, N] in
# memory as it is here is N-major.
@gluon.jit
def tf32_n_major(out_ptr):
    layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 8])
    a = gl.allocate_shared_memory(gl.float32, [64, 32], gl.NVMMASharedLayout(128, 32))
    b = gl.allocate_shared_memory(gl.float32, [32, 64], gl.NVMMASharedLayout(128, 32))
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, layout), precision="tf32")
    # TF32: wgmma.py:[[@LINE-1]]:11: error: warpgroup_mma's `b` (!gluon.memdesc<32x64xf32, {{.*}}>): wgmma cannot read this shared layout: no matrix descriptor (swizzle of 128, 64 or 32 bytes, K- or MN-major, or 16-byte core matrices) reads its 8x64 tiles where the layout places them (wgmma transposes only 16-bit operands: 8- and 32-bit ones must be contiguous along K)


@gluon.jit
def imprecise(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC), max_num_imprecise_acc=4)
    # IMPRECISE: wgmma.py:[[@LINE-1]]:68: error: not supported yet: warpgroup_mma's max_num_imprecise_acc


@gluon.jit
def precision(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC), precision="ieee")
    # PRECISION: wgmma.py:[[@LINE-1]]:68: error: wgmma multiplies fp32 operands as tf32: precision must be None or "tf32", got 'ieee'


@gluon.jit
def precision_int(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC), precision=3)
    # PRECISIONINT: wgmma.py:[[@LINE-1]]:68: error: precision must be a str, got int


@gluon.jit
def use_acc_int(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC), use_acc=1)
    # USEACCINT: wgmma.py:[[@LINE-1]]:68: error: use_acc must be a boolean, got 1


@gluon.jit
def use_acc_tensor(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC), use_acc=gl.zeros([64, 64], gl.float32, ACC) > 0)
    # USEACCTENSOR: wgmma.py:[[@LINE-1]]:68: error: use_acc must be a boolean, got tensor<64x64xi1>


@gluon.jit
def outstanding(out_ptr):
    warpgroup_mma_wait(num_outstanding=8)
    # OUTSTANDING: wgmma.py:[[@LINE-1]]:24: error: num_outstanding must be between 0 and 7 (wgmma.wait_group), got 8


@gluon.jit
def outstanding_negative(out_ptr):
    warpgroup_mma_wait(-1)
    # NEGATIVE: wgmma.py:[[@LINE-1]]:24: error: num_outstanding must be between 0 and 7 (wgmma.wait_group), got -1


@gluon.jit
def outstanding_runtime(out_ptr, n):
    warpgroup_mma_wait(n)
    # RUNTIME: wgmma.py:[[@LINE-1]]:24: error: num_outstanding must be a compile-time integer, got a run-time scalar


@gluon.jit
def deps_scalar(out_ptr):
    acc = gl.zeros([64, 64], gl.float32, ACC)
    acc, x = warpgroup_mma_wait(0, deps=(acc, 1))
    # DEPSINT: wgmma.py:[[@LINE-1]]:36: error: warpgroup_mma_wait's deps are tensors and shared memory descriptors, got int 1


@gluon.jit
def deps_runtime_scalar(out_ptr, n):
    acc = gl.zeros([64, 64], gl.float32, ACC)
    acc, x = warpgroup_mma_wait(0, deps=[acc, n])
    # DEPSSCALAR: wgmma.py:[[@LINE-1]]:36: error: warpgroup_mma_wait's deps are tensors and shared memory descriptors, got scalar scalar<i32>


@gluon.jit
def deps_not_sequence(out_ptr):
    acc = gl.zeros([64, 64], gl.float32, ACC)
    acc = warpgroup_mma_wait(0, deps=acc)
    # DEPSTENSOR: wgmma.py:[[@LINE-1]]:33: error: deps must be a tuple or list of tensors and shared memory descriptors, got tensor<64x64xfp32>


@gluon.jit
def unfenced(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    a.store(gl.full([64, 64], 1.0, gl.float16, ROWS))
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # UNFENCED: wgmma.py:[[@LINE-1]]:11: error: a warpgroup_mma reads shared memory that threads stored without fence_async_shared() after the store: the async proxy may not see the values
    # UNFENCED-NEXT: {{^}}    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC)){{$}}
    # UNFENCED-NEXT: {{^}}          ^{{$}}
    # UNFENCED-NEXT: wgmma.py:[[@LINE-5]]:5: note: the store; call fence_async_shared() after it, before the warpgroup_mma
    store(out_ptr, acc)


# An allocation with a value is a store of the threads too (here B's).
@gluon.jit
def unfenced_alloc(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM, gl.full([64, 64], 1.0, gl.float16, ROWS))
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # UNFENCEDALLOC: wgmma.py:[[@LINE-1]]:11: error: a warpgroup_mma reads shared memory that threads stored without fence_async_shared() after the store
    # UNFENCEDALLOC: wgmma.py:[[@LINE-3]]:9: note: the store


# A view of the stored buffer is the same buffer.
@gluon.jit
def unfenced_permuted(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    bt = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    bt.store(gl.full([64, 64], 1.0, gl.float16, ROWS))
    acc = warpgroup_mma(a, bt.permute((1, 0)), gl.zeros([64, 64], gl.float32, ACC))
    # UNFENCEDPERMUTED: wgmma.py:[[@LINE-1]]:11: error: a warpgroup_mma reads shared memory that threads stored without fence_async_shared() after the store
    # UNFENCEDPERMUTED: wgmma.py:[[@LINE-3]]:5: note: the store


@gluon.jit
def loop_carried(out_ptr, n):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = gl.zeros([64, 64], gl.float32, ACC)
    for i in range(n):
        acc = warpgroup_mma(a, b, acc)
        # LOOP: wgmma.py:[[@LINE-1]]:15: warning: a warpgroup_mma may read shared memory that threads stored without fence_async_shared() after the store (on some path: a loop's earlier iteration or one branch)
        # LOOP: wgmma.py:[[@LINE+1]]:9: note: the store
        b.store(gl.full([64, 64], 1.0, gl.float16, ROWS))
    store(out_ptr, acc)


@gluon.jit
def one_branch(out_ptr, n):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    if n > 0:
        a.store(gl.full([64, 64], 1.0, gl.float16, ROWS))
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    # BRANCH: wgmma.py:[[@LINE-1]]:11: warning: a warpgroup_mma may read shared memory that threads stored without fence_async_shared() after the store (on some path: a loop's earlier iteration or one branch)
    # BRANCH: wgmma.py:[[@LINE-3]]:9: note: the store
    store(out_ptr, acc)


@gluon.jit
def fenced(out_ptr):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM, gl.full([64, 64], 1.0, gl.float16, ROWS))
    a.store(gl.full([64, 64], 1.0, gl.float16, ROWS))
    fence_async_shared()
    acc = warpgroup_mma(a, b, gl.zeros([64, 64], gl.float32, ACC))
    store(out_ptr, acc)


@gluon.jit
def fenced_in_loop(out_ptr, n):
    a = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    acc = gl.zeros([64, 64], gl.float32, ACC)
    for i in range(n):
        b.store(gl.full([64, 64], 1.0, gl.float16, ROWS))
        fence_async_shared()
        acc = warpgroup_mma(a, b, acc)
    store(out_ptr, acc)


# Two buffers of a ring at constant indices are told apart.
@gluon.jit
def other_buffer(out_ptr):
    ring = gl.allocate_shared_memory(gl.float16, [2, 64, 64], SMEM)
    b = gl.allocate_shared_memory(gl.float16, [64, 64], SMEM)
    ring.index(1).store(gl.full([64, 64], 1.0, gl.float16, ROWS))
    acc = warpgroup_mma(ring.index(0), b, gl.zeros([64, 64], gl.float32, ACC))
    store(out_ptr, acc)
