"""A matrix multiply on AMD's matrix cores: c = a @ b with MFMA instructions.

fp16 or bf16 inputs, fp32 accumulation, for CDNA3 (gfx942, VERSION=3) and
CDNA4 (gfx950, VERSION=4). Each program computes one BLOCK_M x BLOCK_N tile
of c with 4 waves, each owning a 32 x 32 tile of the accumulator
(AMDMFMALayout with warps_per_cta [2, 2]). Per step of BLOCK_K it loads a
[BLOCK_M, BLOCK_K] tile of a and a [BLOCK_K, BLOCK_N] tile of b with
coalesced 16-byte loads, stages them in LDS, and loads them back in the
MFMA operand layouts (K_WIDTH consecutive K elements per lane);
gl.amd.cdna3.mfma then issues one v_mfma_f32_32x32x8 per 8 of K. K_WIDTH=8
with VERSION=3 keeps those instructions, two per 16 of K, each on half of
a lane's 8 elements (16-byte LDS reads); on gfx950, VERSION=4 with
K_WIDTH=8 selects CDNA4's v_mfma_f32_32x32x16 (16 of K per instruction). TRANSPOSED=True computes each tile as (B^T A^T)^T, which
gives each lane 4 consecutive columns of c: 16-byte stores.

    gluonc samples/matmul_mfma.py -k matmul_mfma_kernel --arch gfx942 \\
        -s "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32:16, i32:16, i32:16, i32:16" -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl

# 64-lane waves: [64, 32] tiles of a and [32, 64] tiles of b, 8 elements
# (16 bytes) per lane and load.
A_LOAD = gl.BlockedLayout([1, 8], [16, 4], [4, 1], [1, 0])
B_LOAD = gl.BlockedLayout([1, 8], [8, 8], [4, 1], [1, 0])
SMEM = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])


@gluon.jit
def matmul_mfma_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                       stride_am, stride_bk, stride_cm,
                       BLOCK_M: gl.constexpr = 64, BLOCK_N: gl.constexpr = 64,
                       BLOCK_K: gl.constexpr = 32, VERSION: gl.constexpr = 3,
                       a_layout: gl.constexpr = A_LOAD,
                       b_layout: gl.constexpr = B_LOAD,
                       K_WIDTH: gl.constexpr = 4,
                       TRANSPOSED: gl.constexpr = False):
    acc_layout: gl.constexpr = gl.amd.AMDMFMALayout(
        VERSION, [32, 32, 2 * K_WIDTH if VERSION == 4 else 8], TRANSPOSED, [2, 2])
    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
    rows = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, a_layout))
    ka = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(0, a_layout))
    kb = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(1, b_layout))
    cols = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, b_layout))

    a_smem = gl.allocate_shared_memory(a_ptr.dtype.element_ty, [BLOCK_M, BLOCK_K], SMEM)
    b_smem = gl.allocate_shared_memory(b_ptr.dtype.element_ty, [BLOCK_K, BLOCK_N], SMEM)
    a_operand: gl.constexpr = gl.DotOperandLayout(0, acc_layout, K_WIDTH)
    b_operand: gl.constexpr = gl.DotOperandLayout(1, acc_layout, K_WIDTH)
    acc = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, acc_layout)
    for k0 in range(0, K, BLOCK_K):
        a_mask = (rows[:, None] < M) & (k0 + ka[None, :] < K)
        a = gl.load(a_ptr + rows[:, None] * stride_am + (k0 + ka)[None, :],
                    mask=a_mask, other=0.0)
        b_mask = (k0 + kb[:, None] < K) & (cols[None, :] < N)
        b = gl.load(b_ptr + (k0 + kb)[:, None] * stride_bk + cols[None, :],
                    mask=b_mask, other=0.0)
        a_smem.store(a)
        b_smem.store(b)
        if VERSION == 3:
            acc = gl.amd.cdna3.mfma(a_smem.load(a_operand), b_smem.load(b_operand), acc)
        else:
            acc = gl.amd.cdna4.mfma(a_smem.load(a_operand), b_smem.load(b_operand), acc)

    rows_c = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, acc_layout))
    cols_c = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, acc_layout))
    c_mask = (rows_c[:, None] < M) & (cols_c[None, :] < N)
    gl.store(c_ptr + rows_c[:, None] * stride_cm + cols_c[None, :],
             acc.to(c_ptr.dtype.element_ty), mask=c_mask)
