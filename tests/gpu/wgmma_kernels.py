"""wgmma with A in registers, for tests/gpu/GemmGpuTest.cpp.

matmul_kernel has samples/matmul_wgmma.py's parameters and computes the
same C = A @ B, but loads each A tile from shared memory into the
accumulator's DotOperandLayout (operand 0, k_width 32 / bits) and hands
warpgroup_mma the registers; B stays in shared memory. Each MMA is waited
for before its A registers and buffers are reused.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared, mbarrier, tma, warpgroup_mma, warpgroup_mma_wait)


@gluon.jit
def matmul_kernel(a_desc, b_desc, c_desc, NUM_BUFFERS: gl.constexpr,
                  GROUP_M: gl.constexpr, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    dtype: gl.constexpr = a_desc.dtype
    num_n = gl.cdiv(c_desc.shape[1], BLOCK_N)
    pid = gl.program_id(0)
    off_m = pid // num_n * BLOCK_M
    off_n = pid % num_n * BLOCK_N

    a_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_M, BLOCK_K],
                                       a_desc.layout)
    b_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_K, BLOCK_N],
                                       b_desc.layout)
    bars = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                     mbarrier.MBarrierLayout())
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.init(bars.index(i), count=1)

    WARPS_M: gl.constexpr = 4 if BLOCK_M < 16 * num_warps else num_warps
    mma_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[WARPS_M, num_warps // WARPS_M],
        instr_shape=[16, BLOCK_N // (num_warps // WARPS_M),
                     256 // dtype.primitive_bitwidth])
    a_layout: gl.constexpr = gl.DotOperandLayout(
        operand_index=0, parent=mma_layout,
        k_width=32 // dtype.primitive_bitwidth)
    acc = gl.zeros((BLOCK_M, BLOCK_N), gl.float32, mma_layout)

    num_k = gl.cdiv(a_desc.shape[1], BLOCK_K)
    nbytes: gl.constexpr = a_desc.block_type.nbytes + b_desc.block_type.nbytes
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.expect(bars.index(i), nbytes, pred=i < num_k)
        tma.async_copy_global_to_shared(a_desc, [off_m, i * BLOCK_K],
                                        bars.index(i), a_bufs.index(i),
                                        pred=i < num_k)
        tma.async_copy_global_to_shared(b_desc, [i * BLOCK_K, off_n],
                                        bars.index(i), b_bufs.index(i),
                                        pred=i < num_k)
    for k in range(num_k):
        slot = k % NUM_BUFFERS
        mbarrier.wait(bars.index(slot), (k // NUM_BUFFERS) & 1)
        a = a_bufs.index(slot).load(a_layout)
        acc = warpgroup_mma(a, b_bufs.index(slot), acc, is_async=True)
        acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
        next_k = k + NUM_BUFFERS
        mbarrier.expect(bars.index(slot), nbytes, pred=next_k < num_k)
        tma.async_copy_global_to_shared(a_desc, [off_m, next_k * BLOCK_K],
                                        bars.index(slot), a_bufs.index(slot),
                                        pred=next_k < num_k)
        tma.async_copy_global_to_shared(b_desc, [next_k * BLOCK_K, off_n],
                                        bars.index(slot), b_bufs.index(slot),
                                        pred=next_k < num_k)
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.invalidate(bars.index(i))

    c_smem = gl.allocate_shared_memory(c_desc.dtype, [BLOCK_M, BLOCK_N],
                                       c_desc.layout)
    c_smem.store(acc.to(c_desc.dtype))
    fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(pendings=0)
