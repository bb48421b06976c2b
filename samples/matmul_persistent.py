"""C = A @ B on Hopper, persistent: one program per SM walks many tiles.

The same tiles, ring and asynchronous wgmma as samples/matmul_wgmma.py, with
three changes that matter once the grid no longer fits the tiles:

  * program p computes tiles p, p + P, p + 2P, ... (P programs, one per
    SM), in the grouped order (GROUP_M rows of tiles, column by column), so
    that the programs working at one time share A and B tiles in L2;
  * the TMA loads run NUM_BUFFERS - 1 K steps ahead across tile
    boundaries: the next tile's first loads are in flight while this
    tile's last MMAs and its epilogue run;
  * the epilogue stores C's tile through shared memory with a TMA store
    that is not waited for: it overlaps the next tile's K loop, and only
    the next epilogue waits (tma.store_wait) before reusing the buffer.

The first MMA of each tile starts from zero (use_acc=False), so the
accumulator is never cleared. Out-of-bounds rows and columns read zeros and
are not written.

    gluonc samples/matmul_persistent.py -k matmul_kernel -w 8 \\
        -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, \\
            tensordesc<fp16[128, 256]>, 3, 8" -o out/

runs on a grid of min(#SMs, cdiv(M, 128) * cdiv(N, 256)) programs.
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
def tile_origin(tile, M, N, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                GROUP_M: gl.constexpr):
    # Grouped order: GROUP_M rows of tiles, column by column.
    num_m = gl.cdiv(M, BLOCK_M)
    num_n = gl.cdiv(N, BLOCK_N)
    in_group = GROUP_M * num_n
    first_m = tile // in_group * GROUP_M
    group_m = min(num_m - first_m, GROUP_M)
    pid_m = first_m + (tile % in_group) % group_m
    pid_n = (tile % in_group) // group_m
    return pid_m * BLOCK_M, pid_n * BLOCK_N


@gluon.jit
def issue_loads(a_desc, b_desc, a_bufs, b_bufs, bars, load, tile, k_tile,
                M, N, pred, NUM_BUFFERS: gl.constexpr, GROUP_M: gl.constexpr):
    # Load number `load` of this program (its slot in the ring): K step
    # k_tile of `tile`.
    BLOCK_M: gl.constexpr = a_desc.block_type.shape[0]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    BLOCK_N: gl.constexpr = b_desc.block_type.shape[1]
    off_m, off_n = tile_origin(tile, M, N, BLOCK_M, BLOCK_N, GROUP_M)
    slot = load % NUM_BUFFERS
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
    num_tiles = gl.cdiv(M, BLOCK_M) * gl.cdiv(N, BLOCK_N)
    num_k = gl.cdiv(K, BLOCK_K)
    pid = gl.program_id(0)
    num_programs = gl.num_programs(0)

    a_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_M, BLOCK_K],
                                       a_desc.layout)
    b_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_K, BLOCK_N],
                                       b_desc.layout)
    c_smem = gl.allocate_shared_memory(c_desc.dtype, [BLOCK_M, BLOCK_N],
                                       c_desc.layout)
    bars = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                     mbarrier.MBarrierLayout())
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.init(bars.index(i), count=1)

    mma_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=mma_warps(BLOCK_M, num_warps),
        instr_shape=[16, mma_instr_n(BLOCK_M, BLOCK_N, num_warps),
                     256 // dtype.primitive_bitwidth])
    acc = gl.zeros((BLOCK_M, BLOCK_N), gl.float32, mma_layout)

    # Load i of this program is K step i % num_k of its (i // num_k)-th tile.
    for i in gl.static_range(NUM_BUFFERS - 1):
        tile = pid + i // num_k * num_programs
        issue_loads(a_desc, b_desc, a_bufs, b_bufs, bars, i, tile, i % num_k,
                    M, N, tile < num_tiles, NUM_BUFFERS, GROUP_M)
    step = 0
    for tile in range(pid, num_tiles, num_programs):
        for k in range(num_k):
            slot = step % NUM_BUFFERS
            mbarrier.wait(bars.index(slot), (step // NUM_BUFFERS) & 1)
            acc = warpgroup_mma(a_bufs.index(slot), b_bufs.index(slot), acc,
                                use_acc=k > 0, is_async=True)
            # MMA step - 1 has read its buffers: they take the load
            # NUM_BUFFERS - 1 steps ahead, perhaps of a later tile.
            acc = warpgroup_mma_wait(num_outstanding=1, deps=(acc, ))
            ahead = k + NUM_BUFFERS - 1
            next_tile = tile + ahead // num_k * num_programs
            issue_loads(a_desc, b_desc, a_bufs, b_bufs, bars,
                        step + NUM_BUFFERS - 1, next_tile, ahead % num_k, M, N,
                        next_tile < num_tiles, NUM_BUFFERS, GROUP_M)
            step += 1
        acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
        # The previous tile's store has read c_smem before it is rewritten;
        # this one runs on while the next tile's loads and MMAs do.
        off_m, off_n = tile_origin(tile, M, N, BLOCK_M, BLOCK_N, GROUP_M)
        tma.store_wait(pendings=0)
        c_smem.store(acc.to(c_desc.dtype))
        fence_async_shared()
        tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(pendings=0)
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.invalidate(bars.index(i))
