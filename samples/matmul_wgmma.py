"""C = A @ B on Hopper's tensor cores: TMA loads into a ring, async wgmma.

A is [M, K] and B is [K, N] (both row-major), C is [M, N]; each program
computes one BLOCK_M x BLOCK_N tile of C. The K loop runs over a ring of
NUM_BUFFERS shared-memory buffers of A and B tiles, each with its mbarrier:
TMA loads run NUM_BUFFERS - 1 tiles ahead, and each iteration starts one
asynchronous warpgroup MMA, then waits until only that one is in flight,
which frees the buffer the previous MMA read for the next load. The
accumulator stays in registers (fp32, NVMMADistributedLayout version 3);
the epilogue converts it to C's dtype, stores it to shared memory and
writes it with one TMA store. Tiles are visited in groups of GROUP_M rows
of tiles, so that programs running together share A and B tiles in L2.
Out-of-bounds rows and columns read zeros and are not written: any M, N
and K with 16-byte-aligned rows work.

    gluonc samples/matmul_wgmma.py -k matmul_kernel -w 8 \\
        -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, \\
            tensordesc<fp16[128, 256]>, 3, 8" -o out/

runs on a grid of cdiv(M, 128) * cdiv(N, 256) programs. Triton runs the
same kernel with host TensorDescriptors of those blocks.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared, mbarrier, tma, warpgroup_mma, warpgroup_mma_wait)


@gluon.constexpr_function
def mma_warps(BLOCK_M, num_warps):
    # Warpgroups (4 warps) stack along M while M has 16 rows per warp for
    # them; the rest split N.
    warps = [4, 1]
    while warps[0] * warps[1] != num_warps:
        if BLOCK_M > 16 * warps[0]:
            warps[0] *= 2
        else:
            warps[1] *= 2
    return warps


@gluon.constexpr_function
def mma_instr_n(BLOCK_M, BLOCK_N, num_warps):
    # The widest instruction N (at most 256, a multiple of 8) that divides
    # each warp's share of BLOCK_N.
    warps = mma_warps(BLOCK_M, num_warps)
    n = min(256, BLOCK_N // warps[1])
    while BLOCK_N % (n * warps[1]) != 0:
        n -= 8
    return n


@gluon.jit
def tile_origin(pid, M, N, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                GROUP_M: gl.constexpr):
    # Grouped order: GROUP_M rows of tiles, column by column.
    num_m = gl.cdiv(M, BLOCK_M)
    num_n = gl.cdiv(N, BLOCK_N)
    in_group = GROUP_M * num_n
    first_m = pid // in_group * GROUP_M
    group_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (pid % in_group) % group_m
    pid_n = (pid % in_group) // group_m
    return pid_m * BLOCK_M, pid_n * BLOCK_N


@gluon.jit
def issue_loads(a_desc, b_desc, a_bufs, b_bufs, bars, k_tile, off_m, off_n,
                pred, NUM_BUFFERS: gl.constexpr):
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    slot = k_tile % NUM_BUFFERS
    bar = bars.index(slot)
    mbarrier.expect(bar, a_desc.block_type.nbytes + b_desc.block_type.nbytes,
                    pred=pred)
    tma.async_copy_global_to_shared(a_desc, [off_m, k_tile * BLOCK_K], bar,
                                    a_bufs.index(slot), pred=pred)
    tma.async_copy_global_to_shared(b_desc, [k_tile * BLOCK_K, off_n], bar,
                                    b_bufs.index(slot), pred=pred)


@gluon.jit
def matmul_kernel(a_desc, b_desc, c_desc, NUM_BUFFERS: gl.constexpr,
                  GROUP_M: gl.constexpr, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    dtype: gl.constexpr = a_desc.dtype
    M = c_desc.shape[0]
    N = c_desc.shape[1]
    K = a_desc.shape[1]
    off_m, off_n = tile_origin(gl.program_id(0), M, N, BLOCK_M, BLOCK_N,
                               GROUP_M)

    a_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_M, BLOCK_K],
                                       a_desc.layout)
    b_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_K, BLOCK_N],
                                       b_desc.layout)
    bars = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                     mbarrier.MBarrierLayout())
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.init(bars.index(i), count=1)

    mma_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=mma_warps(BLOCK_M, num_warps),
        instr_shape=[16, mma_instr_n(BLOCK_M, BLOCK_N, num_warps),
                     256 // dtype.primitive_bitwidth])
    acc = gl.zeros((BLOCK_M, BLOCK_N), gl.float32, mma_layout)

    num_k = gl.cdiv(K, BLOCK_K)
    for i in gl.static_range(NUM_BUFFERS - 1):
        issue_loads(a_desc, b_desc, a_bufs, b_bufs, bars, i, off_m, off_n,
                    i < num_k, NUM_BUFFERS)
    for k in range(num_k):
        slot = k % NUM_BUFFERS
        mbarrier.wait(bars.index(slot), (k // NUM_BUFFERS) & 1)
        acc = warpgroup_mma(a_bufs.index(slot), b_bufs.index(slot), acc,
                            is_async=True)
        # MMA k - 1 has read its buffers: they take tile k + NUM_BUFFERS - 1.
        acc = warpgroup_mma_wait(num_outstanding=1, deps=(acc, ))
        next_k = k + NUM_BUFFERS - 1
        issue_loads(a_desc, b_desc, a_bufs, b_bufs, bars, next_k, off_m,
                    off_n, next_k < num_k, NUM_BUFFERS)
    acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.invalidate(bars.index(i))

    c_smem = gl.allocate_shared_memory(c_desc.dtype, [BLOCK_M, BLOCK_N],
                                       c_desc.layout)
    c_smem.store(acc.to(c_desc.dtype))
    fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(pendings=0)
