"""Copy a 2-D tensor through shared memory with TMA: out[:, :] = in[:, :].

A persistent kernel: program p copies blocks p, p + P, p + 2P, ... (P
programs) through a ring of NUM_BUFFERS shared-memory buffers, each with its
mbarrier. A TMA load fills a buffer and counts its bytes down on the
buffer's barrier; once the barrier's phase completes, a TMA store writes the
buffer out, and the buffer takes the load of a later block as soon as
tma.store_wait says that store has read it. STORES_IN_FLIGHT stores and
NUM_BUFFERS - STORES_IN_FLIGHT loads stay in flight: both directions need
bytes in flight to reach the memory's bandwidth. Out-of-bounds rows and
columns of edge blocks read zeros and are not written, so any shape works.
The descriptors carry the block shape, the dtype and the NVMMA layout:

    gluonc samples/tma_copy.py -k tma_copy_kernel -w 1 \\
        -s "tensordesc<fp16[128, 64]>, tensordesc<fp16[128, 64]>, 6, 3" -o out/

and the grid is one program per SM (or fewer, for small tensors). Triton
runs the same kernel with host TensorDescriptors of that block.

A copy moves bits, so any tensor whose rows are whole 8-byte units can be
copied as 8-byte elements (TMA itself asks for 16-byte aligned rows and
base addresses, whatever the element). Unswizzled boxes of 8 x 256 such elements read
and write rows of 2 KiB where a swizzled fp16 box stops at 128 bytes, and
that is the fastest configuration measured (97.3% of the device copy on an
H200 against 95.1% for the fp16 one, bench/RESULTS.md):

    L="NVMMASharedLayout(swizzle_byte_width=0, element_bitwidth=64, rank=2)"
    gluonc samples/tma_copy.py -k tma_copy_kernel -w 1 \\
        -s "tensordesc<u64[8, 256], $L>, tensordesc<u64[8, 256], $L>, 5, 2" -o out/
"""

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma


@gluon.jit
def block_origin(tile, num_n, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr):
    return [tile // num_n * BLOCK_M, tile % num_n * BLOCK_N]


@gluon.jit
def tma_copy_kernel(in_desc, out_desc, NUM_BUFFERS: gl.constexpr,
                    STORES_IN_FLIGHT: gl.constexpr):
    BLOCK_M: gl.constexpr = in_desc.block_type.shape[0]
    BLOCK_N: gl.constexpr = in_desc.block_type.shape[1]
    num_n = gl.cdiv(in_desc.shape[1], BLOCK_N)
    num_tiles = gl.cdiv(in_desc.shape[0], BLOCK_M) * num_n
    pid = gl.program_id(0)
    num_programs = gl.num_programs(0)
    my_tiles = gl.cdiv(num_tiles - pid, num_programs)

    bufs = gl.allocate_shared_memory(in_desc.dtype,
                                     [NUM_BUFFERS, BLOCK_M, BLOCK_N],
                                     in_desc.layout)
    bars = gl.allocate_shared_memory(gl.int64, [NUM_BUFFERS, 1],
                                     mbarrier.MBarrierLayout())
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.init(bars.index(i), count=1)

    # The loads that run ahead of the first store.
    LOADS_AHEAD: gl.constexpr = NUM_BUFFERS - STORES_IN_FLIGHT
    for i in gl.static_range(LOADS_AHEAD):
        pred = i < my_tiles
        mbarrier.expect(bars.index(i), in_desc.block_type.nbytes, pred=pred)
        tma.async_copy_global_to_shared(
            in_desc, block_origin(pid + i * num_programs, num_n, BLOCK_M, BLOCK_N),
            bars.index(i), bufs.index(i), pred=pred)

    for k in range(my_tiles):
        slot = k % NUM_BUFFERS
        mbarrier.wait(bars.index(slot), (k // NUM_BUFFERS) & 1)
        tma.async_copy_shared_to_global(
            out_desc, block_origin(pid + k * num_programs, num_n, BLOCK_M, BLOCK_N),
            bufs.index(slot))
        # Once at most STORES_IN_FLIGHT - 1 stores are reading, block
        # k - STORES_IN_FLIGHT + 1's buffer takes block k + LOADS_AHEAD.
        tma.store_wait(pendings=STORES_IN_FLIGHT - 1)
        next_k = k + LOADS_AHEAD
        next_slot = next_k % NUM_BUFFERS
        pred = next_k < my_tiles
        mbarrier.expect(bars.index(next_slot), in_desc.block_type.nbytes,
                        pred=pred)
        tma.async_copy_global_to_shared(
            in_desc, block_origin(pid + next_k * num_programs, num_n, BLOCK_M, BLOCK_N),
            bars.index(next_slot), bufs.index(next_slot), pred=pred)

    tma.store_wait(pendings=0)
    for i in gl.static_range(NUM_BUFFERS):
        mbarrier.invalidate(bars.index(i))
