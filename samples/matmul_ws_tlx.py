"""C = A @ B on Hopper, persistent and warp-specialized: the TLX spelling.

samples/matmul_ws.py written with TLX's task blocks instead of
gl.warp_specialize: inside `tlx.async_tasks()`, the default task (the
kernel's 8 warps: two consumer warpgroups running the wgmma chain and the
epilogue) and one task of one warp at 40 registers (the TMA producer).
Values defined before the blocks (descriptors, the rings and their
mbarriers) are the tasks' captures. gluonc builds the same gluon IR and
the same PTX from both files (tests/lit/codegen/warp-specialize.py checks
it); only the producer's name in the JSON's `partitions` differs.

    gluonc samples/matmul_ws_tlx.py -k matmul_kernel -w 8 \\
        -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, \\
            tensordesc<fp16[128, 256]>, 3, 8" -o out/

runs on a grid of min(#SMs, cdiv(M, 128) * cdiv(N, 256)) programs of 12
warps (8 consumers, the producer, 3 padding warps).
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared, mbarrier, tma, warpgroup_mma, warpgroup_mma_wait)
import triton.language.extra.tlx as tlx


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
def matmul_kernel(a_desc, b_desc, c_desc, NUM_BUFFERS: gl.constexpr,
                  GROUP_M: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    dtype: gl.constexpr = a_desc.dtype
    a_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_M, BLOCK_K],
                                       a_desc.layout)
    b_bufs = gl.allocate_shared_memory(dtype, [NUM_BUFFERS, BLOCK_K, BLOCK_N],
                                       b_desc.layout)
    c_smem = gl.allocate_shared_memory(c_desc.dtype, [BLOCK_M, BLOCK_N],
                                       c_desc.layout)
    ready = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                      mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                      mbarrier.MBarrierLayout())
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=1)

    with tlx.async_tasks():
        # The consumers: the wgmma chain over the ring, then the epilogue
        # (C through shared memory and a TMA store that the next epilogue
        # waits for), with the registers the producer gives up.
        with tlx.async_task("default"):
            M = c_desc.shape[0]
            N = c_desc.shape[1]
            num_tiles = gl.cdiv(M, BLOCK_M) * gl.cdiv(N, BLOCK_N)
            num_k = gl.cdiv(a_desc.shape[1], BLOCK_K)
            mma_layout: gl.constexpr = gl.NVMMADistributedLayout(
                version=[3, 0],
                warps_per_cta=mma_warps(BLOCK_M, gl.num_warps()),
                instr_shape=[16, mma_instr_n(BLOCK_M, BLOCK_N, gl.num_warps()),
                             256 // dtype.primitive_bitwidth])
            acc = gl.zeros((BLOCK_M, BLOCK_N), gl.float32, mma_layout)
            step = 0
            for tile in range(gl.program_id(0), num_tiles, gl.num_programs(0)):
                for k in range(num_k):
                    slot = step % NUM_BUFFERS
                    mbarrier.wait(ready.index(slot), (step // NUM_BUFFERS) & 1)
                    acc = warpgroup_mma(a_bufs.index(slot), b_bufs.index(slot),
                                        acc, use_acc=k > 0, is_async=True)
                    # The MMA of the step before has read its slot: the
                    # producer may refill it.
                    acc = warpgroup_mma_wait(num_outstanding=1, deps=(acc, ))
                    mbarrier.arrive(
                        empty.index((step + NUM_BUFFERS - 1) % NUM_BUFFERS),
                        count=1, pred=k > 0)
                    step += 1
                acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc, ))
                mbarrier.arrive(
                    empty.index((step + NUM_BUFFERS - 1) % NUM_BUFFERS),
                    count=1)
                # The previous tile's store has read c_smem before it is
                # rewritten; this one runs on while the next tile's MMAs do.
                off_m, off_n = tile_origin(tile, M, N, BLOCK_M, BLOCK_N,
                                           GROUP_M)
                tma.store_wait(pendings=0)
                c_smem.store(acc.to(c_desc.dtype))
                fence_async_shared()
                tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
            tma.store_wait(pendings=0)
        # The producer: one warp at 40 registers issuing the TMA loads,
        # running ahead across tile boundaries.
        with tlx.async_task(num_warps=1, num_regs=40):
            M = a_desc.shape[0]
            N = b_desc.shape[1]
            num_tiles = gl.cdiv(M, BLOCK_M) * gl.cdiv(N, BLOCK_N)
            num_k = gl.cdiv(a_desc.shape[1], BLOCK_K)
            step = 0
            for tile in range(gl.program_id(0), num_tiles, gl.num_programs(0)):
                off_m, off_n = tile_origin(tile, M, N, BLOCK_M, BLOCK_N,
                                           GROUP_M)
                for k in range(num_k):
                    slot = step % NUM_BUFFERS
                    # A fresh slot's empty barrier counts as completed once.
                    mbarrier.wait(empty.index(slot),
                                  ((step // NUM_BUFFERS) & 1) ^ 1)
                    bar = ready.index(slot)
                    mbarrier.expect(bar, a_desc.block_type.nbytes +
                                    b_desc.block_type.nbytes)
                    tma.async_copy_global_to_shared(
                        a_desc, [off_m, k * BLOCK_K], bar, a_bufs.index(slot))
                    tma.async_copy_global_to_shared(
                        b_desc, [k * BLOCK_K, off_n], bar, b_bufs.index(slot))
                    step += 1

    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.invalidate(ready.index(i))
        mbarrier.invalidate(empty.index(i))
