"""A persistent Hopper GEMM written with @aggregate classes.

The structure of Triton's persistent-matmul tutorial (07-persistence.py):
a tile scheduler, an MMA wrapper and the operand ring are aggregates, so
that the kernel reads as the algorithm. Each class bundles values of
different kinds:

  * GroupedTileScheduler: run-time scalars (the program's first tile, the
    tile counts) and a gl.constexpr field (GROUP_M); program p computes
    tiles p, p + P, p + 2P, ... in grouped order (GROUP_M rows of tiles,
    column by column);
  * OperandRing: the tensor descriptors, the shared-memory buffers of A and
    B and their mbarriers; `load` issues the TMA loads of one K step into a
    slot, `wait` waits for a slot's loads;
  * AsyncMMA: the wgmma accumulator and whether the next MMA adds to it (a
    run-time bool): `issue` starts an asynchronous MMA and returns the new
    state, `wait` waits for MMAs in flight, `take_result` returns the
    accumulator and a state whose next MMA starts from zero. The state is
    carried through the K loop and the tile loop.

The loads run NUM_BUFFERS - 2 K steps ahead of the MMAs; at most one MMA
is in flight, so the slot a load refills was read by an MMA already waited
for. The epilogue stores C's tile through shared memory with a TMA store.
Out-of-bounds rows and columns read zeros and are not written.

    gluonc tests/gpu/aggregate_kernels.py -k matmul_kernel -w 8 \\
        -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 256]>, \\
            tensordesc<fp16[128, 256]>, 3, 8" -o out/

runs on a grid of min(#SMs, cdiv(M, 128) * cdiv(N, 256)) programs.
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared, mbarrier, tma, warpgroup_mma, warpgroup_mma_wait)
from triton.language.core import _aggregate as aggregate


@gluon.constexpr_function
def mma_layout_for(BLOCK_M, BLOCK_N, dtype, num_warps):
    # Warpgroups stack along M while each keeps 64 rows or more; the rest
    # split N, each with the widest instruction that divides its share.
    warps_m = 4
    while warps_m < num_warps and BLOCK_M >= 16 * warps_m * 2:
        warps_m *= 2
    warps_n = num_warps // warps_m
    n = min(256, BLOCK_N // warps_n)
    while BLOCK_N % (n * warps_n) != 0:
        n -= 8
    return gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[warps_m, warps_n],
        instr_shape=[16, n, 256 // dtype.primitive_bitwidth])


@aggregate
class GroupedTileScheduler:
    first_tile: gl.tensor
    tiles_m: gl.tensor
    tiles_per_group: gl.tensor
    num_tiles: gl.tensor
    GROUP_M: gl.constexpr

    @gluon.constexpr_function
    def __init__(self, first_tile, tiles_m, tiles_per_group, num_tiles,
                 GROUP_M):
        self.first_tile = first_tile
        self.tiles_m = tiles_m
        self.tiles_per_group = tiles_per_group
        self.num_tiles = num_tiles
        self.GROUP_M = gl.constexpr(GROUP_M)

    @gluon.jit
    def initialize(M, N, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                   GROUP_M: gl.constexpr):
        tiles_m = gl.cdiv(M, BLOCK_M)
        tiles_n = gl.cdiv(N, BLOCK_N)
        return GroupedTileScheduler(gl.program_id(axis=0), tiles_m,
                                    GROUP_M * tiles_n, tiles_m * tiles_n,
                                    GROUP_M)

    @gluon.jit
    def get_num_tiles(self):
        programs = gl.num_programs(axis=0)
        return gl.cdiv(self.num_tiles - self.first_tile, programs)

    @gluon.jit
    def get_tile(self, idx):
        tile = self.first_tile + idx * gl.num_programs(axis=0)
        group = tile // self.tiles_per_group
        first_m = group * self.GROUP_M
        group_m = min(self.tiles_m - first_m, self.GROUP_M)
        in_group = tile % self.tiles_per_group
        return first_m + in_group % group_m, in_group // group_m


@aggregate
class OperandRing:
    a_desc: tma.tensor_descriptor
    b_desc: tma.tensor_descriptor
    a_bufs: gl.shared_memory_descriptor
    b_bufs: gl.shared_memory_descriptor
    bars: gl.shared_memory_descriptor
    NUM_BUFFERS: gl.constexpr

    @gluon.constexpr_function
    def __init__(self, a_desc, b_desc, a_bufs, b_bufs, bars, NUM_BUFFERS):
        self.a_desc = a_desc
        self.b_desc = b_desc
        self.a_bufs = a_bufs
        self.b_bufs = b_bufs
        self.bars = bars
        self.NUM_BUFFERS = gl.constexpr(NUM_BUFFERS)

    @gluon.jit
    def allocate(a_desc, b_desc, NUM_BUFFERS: gl.constexpr):
        dtype: gl.constexpr = a_desc.dtype
        a_bufs = gl.allocate_shared_memory(
            dtype, [NUM_BUFFERS] + a_desc.block_type.shape, a_desc.layout)
        b_bufs = gl.allocate_shared_memory(
            dtype, [NUM_BUFFERS] + b_desc.block_type.shape, b_desc.layout)
        bars = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                         mbarrier.MBarrierLayout())
        for i in gl.static_range(NUM_BUFFERS):
            mbarrier.init(bars.index(i), count=1)
        return OperandRing(a_desc, b_desc, a_bufs, b_bufs, bars, NUM_BUFFERS)

    @gluon.jit
    def load(self, producer, off_m, off_n, k):
        # Load number `producer`: the A and B tiles of K offset k.
        slot = producer % self.NUM_BUFFERS
        bar = self.bars.index(slot)
        mbarrier.expect(bar, self.a_desc.block_type.nbytes +
                        self.b_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(self.a_desc, [off_m, k], bar,
                                        self.a_bufs.index(slot))
        tma.async_copy_global_to_shared(self.b_desc, [k, off_n], bar,
                                        self.b_bufs.index(slot))
        return producer + 1

    @gluon.jit
    def wait(self, consumer):
        slot = consumer % self.NUM_BUFFERS
        mbarrier.wait(self.bars.index(slot),
                      (consumer // self.NUM_BUFFERS) & 1)
        return self.a_bufs.index(slot), self.b_bufs.index(slot)

    @gluon.jit
    def invalidate(self):
        for i in gl.static_range(self.NUM_BUFFERS):
            mbarrier.invalidate(self.bars.index(i))


@aggregate
class AsyncMMA:
    acc: gl.tensor
    use_acc: gl.tensor

    @gluon.constexpr_function
    def __init__(self, acc, use_acc):
        self.acc = acc
        self.use_acc = use_acc

    @gluon.jit
    def initialize(BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                   dtype: gl.constexpr, num_warps: gl.constexpr):
        layout: gl.constexpr = mma_layout_for(BLOCK_M, BLOCK_N, dtype,
                                              num_warps)
        acc = gl.zeros((BLOCK_M, BLOCK_N), gl.float32, layout)
        return AsyncMMA(acc, gl.to_tensor(False))

    @gluon.jit
    def issue(self, a, b):
        acc = warpgroup_mma(a, b, self.acc, use_acc=self.use_acc,
                            is_async=True)
        return AsyncMMA(acc, gl.to_tensor(True))

    @gluon.jit
    def wait(self, num_outstanding: gl.constexpr):
        acc = warpgroup_mma_wait(num_outstanding, (self.acc, ))
        return AsyncMMA(acc, self.use_acc)

    @gluon.jit
    def take_result(self):
        return self.acc, AsyncMMA(self.acc, gl.to_tensor(False))


@gluon.jit
def consume(ring, mma, consumer):
    a, b = ring.wait(consumer)
    # The MMA before has read its slot: the next load may refill it.
    mma = mma.wait(0)
    mma = mma.issue(a, b)
    return consumer + 1, mma


@gluon.jit
def matmul_kernel(a_desc, b_desc, c_desc, NUM_BUFFERS: gl.constexpr,
                  GROUP_M: gl.constexpr, num_warps: gl.constexpr):
    BLOCK_M: gl.constexpr = c_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = c_desc.block_type.shape[1]
    BLOCK_K: gl.constexpr = a_desc.block_type.shape[1]
    AHEAD: gl.constexpr = NUM_BUFFERS - 2
    gl.static_assert(AHEAD >= 1, "the ring needs at least 3 buffers")
    K = a_desc.shape[1]

    ring = OperandRing.allocate(a_desc, b_desc, NUM_BUFFERS)
    c_smem = gl.allocate_shared_memory(c_desc.dtype, c_desc.block_type.shape,
                                       c_desc.layout)
    mma = AsyncMMA.initialize(BLOCK_M, BLOCK_N, a_desc.dtype, num_warps)
    scheduler = GroupedTileScheduler.initialize(c_desc.shape[0],
                                                c_desc.shape[1], BLOCK_M,
                                                BLOCK_N, GROUP_M)
    producer = 0
    consumer = 0
    for idx in range(scheduler.get_num_tiles()):
        pid_m, pid_n = scheduler.get_tile(idx)
        off_m = pid_m * BLOCK_M
        off_n = pid_n * BLOCK_N
        # Loads past K read zeros, which the MMAs add as nothing.
        for k in gl.static_range(0, BLOCK_K * AHEAD, BLOCK_K):
            producer = ring.load(producer, off_m, off_n, k)
        for k in range(BLOCK_K * AHEAD, K, BLOCK_K):
            producer = ring.load(producer, off_m, off_n, k)
            consumer, mma = consume(ring, mma, consumer)
        for _ in gl.static_range(AHEAD):
            consumer, mma = consume(ring, mma, consumer)
        mma = mma.wait(0)
        acc, mma = mma.take_result()
        # The previous tile's store has read c_smem before it is rewritten.
        tma.store_wait(pendings=0)
        c_smem.store(acc.to(c_desc.dtype))
        fence_async_shared()
        tma.async_copy_shared_to_global(c_desc, [off_m, off_n], c_smem)
    tma.store_wait(pendings=0)
    ring.invalidate()
