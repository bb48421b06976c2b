"""A pipelined matrix multiply on AMD's matrix cores: c = a @ b.

fp16 or bf16 inputs, fp32 accumulation, for CDNA3 (gfx942, VERSION=3) and
CDNA4 (gfx950, VERSION=4). Each program computes one 128 x 128 tile of c
with 8 waves (AMDMFMALayout with warps_per_cta [4, 2]). The K loop keeps a
3-slot ring of a and b tiles in LDS, filled by CDNA's copies from global
memory straight to LDS (gl.amd.cdnaN.async_copy.buffer_load_to_shared:
VEC elements, 4 bytes a lane on gfx942 or 16 on gfx950) two steps ahead,
and the MFMA operands of the current tile in registers (K_WIDTH 8: 16-byte
LDS reads of a; on gfx942 two 32x32x8 MFMAs per K step):

    stage "load"     (priority 1): copy tile k + 2 into slot (k + 2) % 3
    stage "compute"  (priority 0): intra-wave region "prefetch": read tile
                                   k + 1's operands from slot (k + 1) % 3
                                   while the MFMAs run on tile k's; then
                                   wait for this wave's copies of tile k + 2

With PIPELINE=True the two stages are gl.amd.warp_pipeline_stage blocks:
waves 0-3 run one stage ahead of waves 4-7, so one group's MFMAs overlap
the other's copies, and the borders are the only barriers in the loop.
Three slots keep the groups apart: while the leading group copies tile
k + 2, the lagging group reads tile k + 1. Inside "compute", the TLX
intra-wave stage (INTERLEAVE=True) asks the scheduler to spread the LDS
reads of tile k + 1 evenly between the MFMAs of tile k, which do not
depend on them. PIPELINE=False is the same loop without stages (the
barrier pass places plain barriers); INTERLEAVE=False keeps the
inter-wave stages without the intra-wave region.

    gluonc samples/matmul_mfma_pipelined.py -k matmul_mfma_pipelined_kernel \\
        --arch gfx942 -w 8 -v \\
        -s "*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16" -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
import triton.language.extra.tlx as tlx

SMEM = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])


@gluon.jit
def copy_tile(a_slot, b_slot, a_ptr, b_ptr, a_offsets, b_offsets, a_mask, b_mask,
              VERSION: gl.constexpr):
    if VERSION == 3:
        gl.amd.cdna3.async_copy.buffer_load_to_shared(a_slot, a_ptr, a_offsets, mask=a_mask)
        gl.amd.cdna3.async_copy.buffer_load_to_shared(b_slot, b_ptr, b_offsets, mask=b_mask)
        gl.amd.cdna3.async_copy.commit_group()
    else:
        gl.amd.cdna4.async_copy.buffer_load_to_shared(a_slot, a_ptr, a_offsets, mask=a_mask)
        gl.amd.cdna4.async_copy.buffer_load_to_shared(b_slot, b_ptr, b_offsets, mask=b_mask)
        gl.amd.cdna4.async_copy.commit_group()


@gluon.jit
def wait_copies(VERSION: gl.constexpr):
    if VERSION == 3:
        gl.amd.cdna3.async_copy.wait_group(0)
    else:
        gl.amd.cdna4.async_copy.wait_group(0)


@gluon.jit
def mfma(a, b, acc, VERSION: gl.constexpr):
    if VERSION == 3:
        return gl.amd.cdna3.mfma(a, b, acc)
    else:
        return gl.amd.cdna4.mfma(a, b, acc)


@gluon.jit
def matmul_mfma_pipelined_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                                 stride_am, stride_bk, stride_cm,
                                 BLOCK_M: gl.constexpr = 128,
                                 BLOCK_N: gl.constexpr = 128,
                                 BLOCK_K: gl.constexpr = 32,
                                 VERSION: gl.constexpr = 3,
                                 VEC: gl.constexpr = 2,
                                 K_WIDTH: gl.constexpr = 8,
                                 PIPELINE: gl.constexpr = True,
                                 INTERLEAVE: gl.constexpr = True):
    # The copies' layouts: VEC consecutive elements a lane, the lanes of a
    # wave along consecutive elements of a row (the LDS words they write
    # must follow each other).
    a_copy: gl.constexpr = gl.BlockedLayout([1, VEC], [64 // (BLOCK_K // VEC), BLOCK_K // VEC],
                                            [gl.num_warps(), 1], [1, 0])
    b_copy: gl.constexpr = gl.BlockedLayout([1, VEC], [64 // (BLOCK_N // VEC), BLOCK_N // VEC],
                                            [gl.num_warps(), 1], [1, 0])
    acc_layout: gl.constexpr = gl.amd.AMDMFMALayout(
        VERSION, [32, 32, 2 * K_WIDTH if VERSION == 4 else 8], False, [4, 2])
    a_operand: gl.constexpr = gl.DotOperandLayout(0, acc_layout, K_WIDTH)
    b_operand: gl.constexpr = gl.DotOperandLayout(1, acc_layout, K_WIDTH)

    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
    rows = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, a_copy))
    ka = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(0, a_copy))
    kb = gl.arange(0, BLOCK_K, layout=gl.SliceLayout(1, b_copy))
    cols = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, b_copy))
    a_offsets = rows[:, None] * stride_am + ka[None, :]
    b_offsets = kb[:, None] * stride_bk + cols[None, :]

    a_ring = gl.allocate_shared_memory(a_ptr.dtype.element_ty, [3, BLOCK_M, BLOCK_K], SMEM)
    b_ring = gl.allocate_shared_memory(b_ptr.dtype.element_ty, [3, BLOCK_K, BLOCK_N], SMEM)
    num_k = gl.cdiv(K, BLOCK_K)

    # Tiles 0 and 1 in slots 0 and 1; tile 0's operands in registers.
    for t in gl.static_range(2):
        copy_tile(a_ring.index(t), b_ring.index(t), a_ptr, b_ptr,
                  a_offsets + t * BLOCK_K, b_offsets + t * BLOCK_K * stride_bk,
                  (rows[:, None] < M) & (t * BLOCK_K + ka[None, :] < K),
                  (t * BLOCK_K + kb[:, None] < K) & (cols[None, :] < N), VERSION)
    wait_copies(VERSION)
    a = a_ring.index(0).load(a_operand)
    b = b_ring.index(0).load(b_operand)
    acc = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, acc_layout)
    for k in range(num_k):
        k2 = (k + 2) * BLOCK_K
        a_mask = (rows[:, None] < M) & (k2 + ka[None, :] < K)
        b_mask = (k2 + kb[:, None] < K) & (cols[None, :] < N)
        if PIPELINE:
            with gl.amd.warp_pipeline_stage("load", priority=1):
                copy_tile(a_ring.index((k + 2) % 3), b_ring.index((k + 2) % 3), a_ptr, b_ptr,
                          a_offsets + k2, b_offsets + k2 * stride_bk, a_mask, b_mask, VERSION)
            with gl.amd.warp_pipeline_stage("compute", priority=0):
                if INTERLEAVE:
                    with tlx.warp_pipeline_stage("prefetch", scope="intra_wave"):
                        a_next = a_ring.index((k + 1) % 3).load(a_operand)
                        b_next = b_ring.index((k + 1) % 3).load(b_operand)
                        acc = mfma(a, b, acc, VERSION)
                else:
                    a_next = a_ring.index((k + 1) % 3).load(a_operand)
                    b_next = b_ring.index((k + 1) % 3).load(b_operand)
                    acc = mfma(a, b, acc, VERSION)
                wait_copies(VERSION)
        else:
            copy_tile(a_ring.index((k + 2) % 3), b_ring.index((k + 2) % 3), a_ptr, b_ptr,
                      a_offsets + k2, b_offsets + k2 * stride_bk, a_mask, b_mask, VERSION)
            a_next = a_ring.index((k + 1) % 3).load(a_operand)
            b_next = b_ring.index((k + 1) % 3).load(b_operand)
            acc = mfma(a, b, acc, VERSION)
            wait_copies(VERSION)
        a = a_next
        b = b_next

    rows_c = pid_m * BLOCK_M + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, acc_layout))
    cols_c = pid_n * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, acc_layout))
    c_mask = (rows_c[:, None] < M) & (cols_c[None, :] < N)
    gl.store(c_ptr + rows_c[:, None] * stride_cm + cols_c[None, :],
             acc.to(c_ptr.dtype.element_ty), mask=c_mask)
