# Ampere's async copies and mma_v2 as PTX (backends/nvidia/AsyncCopyOpToLLVM.cpp,
# MmaV2OpToLLVM.cpp), for sm_80 (PTX 7.0) and sm_90a: a copy is one
# cp.async per vector of a thread's elements, 16 bytes (.cg) where the
# layout, the pointers' divisibility and the shared layout allow, with
# src-size 0 where the mask is off; commit_group and wait_group are
# cp.async.commit_group and cp.async.wait_group N; an mbarrier may track
# the copies instead (cp.async.mbarrier.arrive). mma_v2 is one
# mma.sync.aligned.m16n8kK.row.col per 16 x 8 tile of a warp and K step:
# m16n8k16 for f16 (into f32 or f16) and bf16, m16n8k8 for tf32, m16n8k32
# for s8. 16-bit operands come from shared memory with ldmatrix (.trans for
# B's row-major buffer). The GEMM sample compiles for both, and every PTX
# file assembles.
# RUN: rm -rf %t
#
# RUN: %gluonc %s -k copy -s "*fp16:16, *fp16:16, i32, i32:8" --arch sm_80 --emit ptx -o %t/copy
# RUN: FileCheck %s --check-prefix=COPY --input-file %t/copy/copy.sm_80.ptx
# RUN: %gluonc %s -k copy_ca -s "*fp16:16, *fp16:16" --arch sm_80 --emit ptx -o %t/copy_ca
# RUN: FileCheck %s --check-prefix=CA --input-file %t/copy_ca/copy_ca.sm_80.ptx
# 8-byte copies: the pointers' divisibility allows 2 fp32 together.
# RUN: %gluonc %s -k copy_fp32 -s "*fp32:8, *fp32:16, i32:2" --arch sm_80 --emit ptx -o %t/copy_fp32
# RUN: FileCheck %s --check-prefix=FP32 --input-file %t/copy_fp32/copy_fp32.sm_80.ptx
# Copies that an mbarrier tracks, with and without the count increment
# (gluonc's mbarriers are Hopper's: sm_90a): the GPU test's kernel.
# RUN: %gluonc %gpu-tests/copies_kernels.py -k mbarrier_copy_kernel -s "*fp32:16, *fp32:16, i32, 32, 32, 1" --emit ptx -o %t/arrive
# RUN: FileCheck %s --check-prefix=ARRIVE --input-file %t/arrive/mbarrier_copy_kernel.sm_90a.ptx
# RUN: %gluonc %gpu-tests/copies_kernels.py -k mbarrier_copy_kernel -s "*fp32:16, *fp32:16, i32, 32, 32, 0" --emit ptx -o %t/noinc
# RUN: FileCheck %s --check-prefix=NOINC --input-file %t/noinc/mbarrier_copy_kernel.sm_90a.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/arrive/mbarrier_copy_kernel.sm_90a.ptx -o %t/arrive.cubin && %ptxas -arch=sm_90a %t/noinc/mbarrier_copy_kernel.sm_90a.ptx -o %t/noinc.cubin %}
#
# RUN: %gluonc %s -k mma -s "*fp16:16, *fp32:16" --arch sm_80 --emit ptx -o %t/f16
# RUN: FileCheck %s --check-prefix=F16 --input-file %t/f16/mma.sm_80.ptx
# RUN: %gluonc %s -k mma -s "*bf16:16, *fp32:16" --arch sm_80 --emit ptx -o %t/bf16
# RUN: FileCheck %s --check-prefix=BF16 --input-file %t/bf16/mma.sm_80.ptx
# RUN: %gluonc %s -k mma -s "*fp16:16, *fp16:16" --arch sm_80 --emit ptx -o %t/f16acc
# RUN: FileCheck %s --check-prefix=F16ACC --input-file %t/f16acc/mma.sm_80.ptx
# RUN: %gluonc %s -k mma -s "*fp32:16, *fp32:16" --arch sm_80 --emit ptx -o %t/tf32
# RUN: FileCheck %s --check-prefix=TF32 --input-file %t/tf32/mma.sm_80.ptx
# RUN: %gluonc %s -k mma -s "*i8:16, *i32:16" --arch sm_80 --emit ptx -o %t/i8
# RUN: FileCheck %s --check-prefix=I8 --input-file %t/i8/mma.sm_80.ptx
#
# An operand load for sm_75, whose PTX (6.3) has no ldmatrix: plain loads.
# RUN: %gluonc %s -k operand_load -s "*fp16:16" --arch sm_75 --emit ptx -o %t/sm75
# RUN: FileCheck %s --check-prefix=SM75 --implicit-check-not=ldmatrix --input-file %t/sm75/operand_load.sm_75.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t/sm75/operand_load.sm_75.ptx -o %t/sm75.cubin %}
#
# The sample, for an A100 and an H100.
# RUN: %gluonc %samples/matmul_mma_v2.py -k matmul_kernel -s "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, i32:8, i32" --arch sm_80 --emit ptx -o %t/sample
# RUN: %gluonc %samples/matmul_mma_v2.py -k matmul_kernel -s "*bf16:16, *bf16:16, *bf16:16, i32, i32:8, i32:8, i32:8, i32:8, i32" --arch sm_90a --emit ptx -o %t/sample
# RUN: FileCheck %s --check-prefix=SAMPLE --input-file %t/sample/matmul_kernel.sm_80.ptx
# RUN: FileCheck %s --check-prefix=SAMPLE --input-file %t/sample/matmul_kernel.sm_90a.ptx
# RUN: %if ptxas %{ for f in copy/copy copy_ca/copy_ca copy_fp32/copy_fp32 f16/mma bf16/mma f16acc/mma tf32/mma i8/mma sample/matmul_kernel; do %ptxas -arch=sm_80 %t/$f.sm_80.ptx -o %t/$f.cubin || exit 1; done %}
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/sample/matmul_kernel.sm_90a.ptx -o %t/sample.90a.cubin %}
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.ampere import async_copy, mma_v2

ROWS = gl.BlockedLayout([1, 8], [8, 4], [4, 1], [1, 0])
SMEM = gl.SwizzledSharedLayout(8, 2, 4, [1, 0])
MMA = gl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[2, 2], instr_shape=[16, 8])


@gluon.jit
def offsets(ROWS_: gl.constexpr, COLS: gl.constexpr, stride, layout: gl.constexpr):
    rows = gl.arange(0, ROWS_, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, COLS, layout=gl.SliceLayout(0, layout))
    return rows, cols, rows[:, None] * stride + cols[None, :]


# 32 x 32 fp16, 8 contiguous per thread: one 16-byte cp.async.cg each,
# its src-size 16 or 0 by the mask; the ring's wait, a barrier, the read.
@gluon.jit
def copy(src, dst, m, stride):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    rows, cols, offs = offsets(32, 32, stride, ROWS)
    async_copy.async_copy_global_to_shared(smem, src + offs, mask=rows[:, None] < m)
    async_copy.commit_group()
    async_copy.wait_group(0)
    gl.store(dst + offs, smem.load(ROWS))
# COPY: .target sm_80
# COPY: selp.b32 [[SIZE:%r[0-9]+]], 16, 0, %p{{[0-9]+}};
# COPY: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, [[SIZE]];
# COPY-NOT: cp.async.cg
# COPY: cp.async.commit_group;
# COPY-NEXT: // end inline asm
# COPY-NEXT: // begin inline asm
# COPY-NEXT: cp.async.wait_group 0;
# COPY-NOT: ld.shared
# COPY: bar.sync 0;
# COPY-NEXT: ld.shared.v4.b32


# .ca asked for: kept for 16-byte copies.
@gluon.jit
def copy_ca(src, dst):
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM)
    _, _, offs = offsets(32, 32, 32, ROWS)
    async_copy.async_load(smem, src + offs, cache_modifier=".ca")
    async_copy.commit_group()
    async_copy.wait_group(0)
    gl.store(dst + offs, smem.load(ROWS))
# CA: cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
# CA-NOT: cp.async.cg


@gluon.jit
def copy_fp32(src, dst, stride):
    layout: gl.constexpr = gl.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    smem = gl.allocate_shared_memory(gl.float32, [32, 16], gl.SwizzledSharedLayout(4, 1, 4, [1, 0]))
    _, _, offs = offsets(32, 16, stride, layout)
    async_copy.async_copy_global_to_shared(smem, src + offs)
    async_copy.commit_group()
    async_copy.wait_group(0)
    _, _, out = offsets(32, 16, 16, layout)
    gl.store(dst + out, smem.load(layout))
# FP32-COUNT-2: cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 8, %r{{[0-9]+}};
# FP32-NOT: cp.async.ca.shared.global


# Copies an mbarrier tracks (tests/gpu/copies_kernels.py's
# mbarrier_copy_kernel, as Triton's async_copy_mbarrier test): every
# thread's cp.async.mbarrier.arrive, with no commit or wait_group; the
# mbarrier's phase ends once the copies have written shared memory, so the
# wait makes them visible and no CTA barrier comes before the read. Each
# thread's arrival first raises the phase's pending count: a barrier puts
# every raise before thread 0's own arrival, which could otherwise end the
# phase early. With increment_count=False the 128 threads' arrivals count
# towards the phase, and no barrier is needed.
# ARRIVE: cp.async.cg.shared.global
# ARRIVE-NOT: cp.async.commit_group
# ARRIVE: mbarrier.init.shared::cta.b64 [%[[BAR:r[0-9]+]]], 1;
# ARRIVE: cp.async.mbarrier.arrive.shared::cta.b64 [%[[BAR]]];
# ARRIVE: bar.sync 0;
# ARRIVE: mbarrier.arrive.shared::cta.b64 _, [%[[BAR]]];
# ARRIVE: mbarrier.try_wait.parity.shared::cta.b64 complete, [%[[BAR]]]
# ARRIVE-NOT: bar.sync
# ARRIVE: ld.shared.v4.b32
# NOINC: mbarrier.init.shared::cta.b64 [%[[BAR:r[0-9]+]]], 129;
# NOINC: cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%[[BAR]]];
# NOINC-NOT: bar.sync
# NOINC: mbarrier.arrive.shared::cta.b64 _, [%[[BAR]]];


# One mma_v2 on 32 x 16 x (8 k_width) operands loaded from shared memory:
# 2 x 2 warps of one 16 x 8 tile each, 2 K steps.
@gluon.jit
def mma(a_ptr, c_ptr):
    dtype: gl.constexpr = a_ptr.dtype.element_ty
    K: gl.constexpr = 2 * 256 // dtype.primitive_bitwidth
    k_width: gl.constexpr = 32 // dtype.primitive_bitwidth
    plain: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])
    load: gl.constexpr = gl.BlockedLayout([1, 1], [8, 4], [4, 1], [1, 0])
    _, _, a_offs = offsets(32, K, K, load)
    _, _, b_offs = offsets(K, 16, 16, load)
    a_smem = gl.allocate_shared_memory(dtype, [32, K], plain, gl.load(a_ptr + a_offs))
    b_smem = gl.allocate_shared_memory(dtype, [K, 16], plain, gl.load(a_ptr + b_offs))
    a = a_smem.load(gl.DotOperandLayout(operand_index=0, parent=MMA, k_width=k_width))
    b = b_smem.load(gl.DotOperandLayout(operand_index=1, parent=MMA, k_width=k_width))
    acc_dtype: gl.constexpr = c_ptr.dtype.element_ty
    acc = mma_v2(a, b, gl.zeros([32, 16], acc_dtype, MMA))
    _, _, c_offs = offsets(32, 16, 16, MMA)
    gl.store(c_ptr + c_offs, acc)
# The accumulator starts at zero, then each K step takes the previous
# one's results. A's four registers per K step come from one ldmatrix.x4
# (its row-major buffer: rows and K, rows + 8, K + 8, both), B's two per
# step from an ldmatrix.x4.trans (K runs down its buffer's columns), whose
# four matrices are both K steps.
# F16: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[A0:%r[0-9]+]], [[A1:%r[0-9]+]], [[A2:%r[0-9]+]], [[A3:%r[0-9]+]]}, [[[BASE:%r[0-9]+]]];
# F16-NEXT: ldmatrix.sync.aligned.m8n8.x4.shared.b16 {[[A4:%r[0-9]+]], [[A5:%r[0-9]+]], [[A6:%r[0-9]+]], [[A7:%r[0-9]+]]}, [[[BASE]]+32];
# F16: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {[[B0:%r[0-9]+]], [[B1:%r[0-9]+]], [[B2:%r[0-9]+]], [[B3:%r[0-9]+]]}, [%r{{[0-9]+}}+2048];
# F16-NOT: ld.shared
# F16: mov.b32 [[ZERO:%r[0-9]+]], 0f00000000;
# F16-NEXT: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# F16-NEXT: {[[D0:%r[0-9]+]], [[D1:%r[0-9]+]], [[D2:%r[0-9]+]], [[D3:%r[0-9]+]]},
# F16-NEXT: {[[A0]], [[A1]], [[A2]], [[A3]]},
# F16-NEXT: {[[B0]], [[B1]]},
# F16-NEXT: {[[ZERO]], [[ZERO]], [[ZERO]], [[ZERO]]};
# F16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# F16-NEXT: {{[{]%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+[}]}},
# F16-NEXT: {[[A4]], [[A5]], [[A6]], [[A7]]},
# F16-NEXT: {[[B2]], [[B3]]},
# F16-NEXT: {[[D0]], [[D1]], [[D2]], [[D3]]};
# F16-NOT: mma.sync
# BF16-COUNT-2: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
# BF16-NOT: mma.sync
# F16 accumulators: two registers of f16 pairs.
# F16ACC: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
# F16ACC-NEXT: {{[{]%r[0-9]+, %r[0-9]+[}]}},
# F16ACC-NEXT: {{[{]%r[0-9]+, %r[0-9]+, %r[0-9]+, %r[0-9]+[}]}},
# F16ACC-NEXT: {{[{]%r[0-9]+, %r[0-9]+[}]}},
# F16ACC-NEXT: {{[{]%r[0-9]+, %r[0-9]+[}]}};
# F16ACC: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
# F16ACC-NOT: mma.sync
# TF32-COUNT-2: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# TF32-NOT: mma.sync
# I8-COUNT-2: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
# I8-NOT: mma.sync

@gluon.jit
def operand_load(ptr):
    _, _, offs = offsets(32, 32, 32, ROWS)
    smem = gl.allocate_shared_memory(gl.float16, [32, 32], SMEM, gl.load(ptr + offs))
    a = smem.load(gl.DotOperandLayout(operand_index=0, parent=MMA, k_width=2))
    gl.store(ptr + offs, gl.convert_layout(a, ROWS))
# SM75: .version 6.3
# SM75: ld.shared.b32


# SAMPLE: cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
# SAMPLE: cp.async.commit_group;
# SAMPLE: cp.async.wait_group 1;
# SAMPLE: bar.sync 0;
# SAMPLE: cp.async.cg.shared.global
# SAMPLE: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# SAMPLE: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# SAMPLE: mma.sync.aligned.m16n8k16.row.col.f32.{{b?f16}}.{{b?f16}}.f32
# SAMPLE: cp.async.wait_group 0;
